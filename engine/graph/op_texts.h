// The texts a drawing prints for a fusion's ops and values, kept across the pictures of one
// fusion's steps: a merge step regroups ops but never renames them, and formatting 23k labels
// and tooltips was a third of building a 10k-op step's picture.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/fusion.h"

namespace segscope::scheduler {
class RuntimeInfo;
}

namespace segscope::graph {

struct ExprTexts {
  std::string id;        // "e12"
  std::string label;     // "T7 = mul"
  std::string detail;    // its output's dtype and shape
  std::string tooltip;   // the expr as printed, and its line
  std::string cssClass;  // "op mul"
};

struct ValTexts {
  std::int64_t bytes = 0;  // what the value occupies at the sizes given
  std::string tooltip;     // "T5: f32 [128, 64] (32 KiB)"
  std::string label;       // a crossing edge's label: "T5 f32 [128, 64] · 32 KiB"
};

/// Texts of one fusion's exprs and values at one set of sizes; asking about another fusion or
/// other sizes starts afresh. Not thread-safe: one per thread that draws.
class OpTexts {
 public:
  void use(const std::shared_ptr<const ir::Fusion>& fusion, const scheduler::RuntimeInfo* sizes);
  const ExprTexts& of(const ir::Expr* e);
  const ValTexts& of(const ir::Val* v);

 private:
  std::shared_ptr<const ir::Fusion> fusion_;  // held: the ids below are this fusion's
  const scheduler::RuntimeInfo* sizes_ = nullptr;
  // By id (a fusion's ids are dense); hashing them was a tenth of building a 10k-op picture.
  std::vector<std::unique_ptr<ExprTexts>> exprs_;
  std::vector<std::unique_ptr<ValTexts>> vals_;
};

/// "T7 = mul": an op's outputs and its name.
std::string opLabel(const ir::Expr* e);
/// "f32 [128, 64]": a value's dtype and, for a tensor, its shape.
std::string valDetail(const ir::Val* v);
/// The bytes `v` occupies: its element size times its extents (those `sizes` knows, else the
/// static ones; an unknown extent counts as 1).
std::int64_t bytesOf(const ir::Val* v, const scheduler::RuntimeInfo* sizes);

}  // namespace segscope::graph
