// Op tables generated from the SEGSCOPE_OP_TYPES list.
#include "ir/op_type.h"

#include <array>

namespace segscope::ir {
namespace {

struct OpInfo {
  std::string_view name;
  OpFamily family;
  ResultRule rule;
};

constexpr std::array kOps{
#define SEGSCOPE_OP_INFO(e, py, fam, rule) OpInfo{py, OpFamily::fam, ResultRule::rule},
    SEGSCOPE_OP_TYPES(SEGSCOPE_OP_INFO)
#undef SEGSCOPE_OP_INFO
};

const OpInfo& info(OpType op) { return kOps[static_cast<std::size_t>(op)]; }

}  // namespace

std::string_view opName(OpType op) { return info(op).name; }
OpFamily opFamily(OpType op) { return info(op).family; }
ResultRule resultRule(OpType op) { return info(op).rule; }

std::optional<OpType> opFromName(std::string_view name) {
  for (std::size_t i = 0; i < kOps.size(); ++i)
    if (kOps[i].name == name) return static_cast<OpType>(i);
  return std::nullopt;
}

const std::vector<OpType>& allOpTypes() {
  static const std::vector<OpType> all = [] {
    std::vector<OpType> v;
    for (std::size_t i = 0; i < kOps.size(); ++i) v.push_back(static_cast<OpType>(i));
    return v;
  }();
  return all;
}

bool isMetaOp(OpType op) {
  switch (opFamily(op)) {
    case OpFamily::Broadcast:
    case OpFamily::BroadcastInDim:
    case OpFamily::Expand:
    case OpFamily::Squeeze:
    case OpFamily::Reshape:
    case OpFamily::Permute:
    case OpFamily::Set:
    case OpFamily::StrideOrder: return true;
    default: return false;
  }
}

}  // namespace segscope::ir
