// Expr construction and its one-line textual form.
#include "ir/expr.h"

#include <algorithm>
#include <utility>

namespace segscope::ir {
namespace {

template <class T, class F>
std::string joinList(const std::vector<T>& items, F&& format) {
  std::string s = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) s += ", ";
    s += format(items[i]);
  }
  return s + "]";
}

std::string intList(const std::vector<std::int64_t>& v) {
  return joinList(v, [](std::int64_t x) { return std::to_string(x); });
}
std::string symList(const std::vector<SymInt>& v) {
  return joinList(v, [](const SymInt& x) { return x.toString(); });
}
std::string boolList(const std::vector<bool>& v) {
  return joinList(v, [](bool b) { return std::string(b ? "True" : "False"); });
}

std::string operandText(const Val* v) {
  if (const auto* s = v->asScalar(); s && s->isConstant()) return formatScalarValue(*s->value());
  return v->name();
}

// The attribute part of an expr's text, e.g. ", dims=[1], keepdim=True".
std::string attributeText(const Expr& e) {
  const ExprAttributes& a = e.attrs();
  const auto dtype = [&] { return std::string("dtype=") + std::string(dataTypeName(a.dtype)); };
  switch (e.family()) {
    case OpFamily::Cast: return ", " + dtype();
    case OpFamily::Reduction: return ", dims=" + intList(a.dims) + (a.keepdim ? ", keepdim=True" : "");
    case OpFamily::Var:
    case OpFamily::VarMean:
      return ", dims=" + intList(a.dims) + ", correction=" + std::to_string(a.correction) +
             (a.keepdim ? ", keepdim=True" : "");
    case OpFamily::Welford: return ", dims=" + intList(a.dims);
    case OpFamily::Broadcast: return ", is_broadcast_dim=" + boolList(a.flags);
    case OpFamily::BroadcastInDim: return ", shape=" + symList(a.shape) + ", broadcast_dims=" + intList(a.dims);
    case OpFamily::Expand: return ", shape=" + symList(a.shape);
    case OpFamily::Reshape: return ", new_shape=" + symList(a.shape);
    case OpFamily::Squeeze: return ", dims=" + intList(a.dims) + (a.option ? ", squeeze_expanded=True" : "");
    case OpFamily::Permute: return ", dims=" + intList(a.dims);
    case OpFamily::StrideOrder: return ", stride_order=" + intList(a.dims);
    case OpFamily::Slice:
      return ", start_indices=" + symList(a.starts) + ", end_indices=" + symList(a.ends) +
             ", strides=" + symList(a.steps);
    case OpFamily::Pad: return ", pad_widths=" + symList(a.padWidths);
    case OpFamily::Cat: return ", dim=" + std::to_string(a.axis);
    case OpFamily::Full: return ", shape=" + symList(a.shape) + ", " + dtype();
    case OpFamily::Iota: return ", " + dtype();
    case OpFamily::RandomFill: return ", shape=" + symList(a.shape) + ", " + dtype();
    case OpFamily::Gather:
    case OpFamily::IndexSelect:
    case OpFamily::Select:
    case OpFamily::Size:
    case OpFamily::Cumsum: return ", dim=" + std::to_string(a.axis);
    case OpFamily::Triu: return ", diagonal=" + std::to_string(a.axis);
    default: return "";
  }
}

}  // namespace

const ExprAttributes Expr::kNoAttributes{};

bool ExprAttributes::namesScalars() const {
  for (const std::vector<SymInt>* list : symbolicLists())
    for (const SymInt& s : *list)
      if (s.sym) return true;
  return false;
}

Expr::Expr(int id, OpType op, std::vector<Val*> operands, std::vector<Val*> outputs, ExprAttributes attrs)
    : id_(id), op_(op), inputs_(std::move(operands)), outputs_(std::move(outputs)) {
  // Most ops carry no attribute at all: they hold no copy of the (large) default set.
  if (!(attrs == kNoAttributes)) attrs_ = std::make_shared<const ExprAttributes>(std::move(attrs));
  addSymbolicInputs();
}

Expr::Expr(int id, OpType op, std::vector<Val*> operands, std::vector<Val*> outputs, SharedAttributes attrs)
    : id_(id), op_(op), inputs_(std::move(operands)), outputs_(std::move(outputs)), attrs_(std::move(attrs)) {
  numOperands_ = inputs_.size();
}

void Expr::addSymbolicInputs() {
  numOperands_ = inputs_.size();
  // Scalars named by symbolic attributes are inputs too, so the DAG shows the dependency.
  const auto addSym = [&](const std::vector<SymInt>& list) {
    for (const SymInt& s : list)
      if (s.sym && std::find(inputs_.begin(), inputs_.end(), s.sym) == inputs_.end()) inputs_.push_back(s.sym);
  };
  for (const std::vector<SymInt>* list : attrs().symbolicLists()) addSym(*list);
}

void Expr::setConcreteSizes(std::vector<std::int64_t> in, std::vector<std::int64_t> out) {
  auto changed = std::make_shared<ExprAttributes>(attrs());  // shared attributes are never modified
  changed->concreteIn = std::move(in);
  changed->concreteOut = std::move(out);
  attrs_ = std::move(changed);
}

void Expr::replaceInput(const Val* from, Val* to) {
  for (Val*& in : inputs_)
    if (in == from) in = to;
  bool named = false;
  for (const std::vector<SymInt>* list : attrs().symbolicLists())
    for (const SymInt& s : *list) named = named || s.sym == from;
  if (named) {
    auto changed = std::make_shared<ExprAttributes>(attrs());
    for (std::vector<SymInt>* list : changed->symbolicLists())
      for (SymInt& s : *list)
        if (s.sym == from) s.sym = to;
    attrs_ = std::move(changed);
  }
  // A replacement may now appear twice among the extra (non-operand) inputs.
  std::vector<Val*> extra;
  for (std::size_t i = numOperands_; i < inputs_.size(); ++i)
    if (std::find(extra.begin(), extra.end(), inputs_[i]) == extra.end()) extra.push_back(inputs_[i]);
  inputs_.resize(numOperands_);
  inputs_.insert(inputs_.end(), extra.begin(), extra.end());
}

std::string Expr::toString() const {
  std::string s;
  for (std::size_t i = 0; i < outputs_.size(); ++i) s += (i ? ", " : "") + outputs_[i]->name();
  s += " = ";
  s += opName();
  s += "(";
  if (family() == OpFamily::Cat) {
    s += "[";
    for (std::size_t i = 0; i < numOperands_; ++i) s += (i ? ", " : "") + operandText(inputs_[i]);
    s += "]";
  } else {
    for (std::size_t i = 0; i < numOperands_; ++i) s += (i ? ", " : "") + operandText(inputs_[i]);
  }
  std::string attrs = attributeText(*this);
  if (numOperands_ == 0 && attrs.size() >= 2) attrs = attrs.substr(2);
  return s + attrs + ")";
}

}  // namespace segscope::ir
