// Dense numbering of a segment's values (see value_index.h).
#include "scheduler/value_index.h"

namespace segscope::scheduler::analysis {

ValueIndex::ValueIndex(const SegmentView& view) {
  auto add = [&](const ir::Val* v, const ir::Expr* def) {
    if (!index_.tryEmplace(v, static_cast<int>(vals_.size())).second) return;
    vals_.push_back(v);
    definitions_.push_back(def);
    producers_.emplace_back();
    if (!def) return;
    for (const ir::Val* in : def->inputs())
      if (const int p = indexOf(in); p != kNone) producers_.back().push_back(p);
  };
  index_.reserve(view.inputs.size() + view.exprs.size() * 2);
  for (const ir::Val* in : view.inputs) add(in, nullptr);
  for (const ir::Expr* e : view.exprs)
    for (const ir::Val* out : e->outputs()) add(out, e);
  lastConsumer_.assign(vals_.size(), kNone);
  for (std::size_t v = 0; v < vals_.size(); ++v)
    for (const int p : producers_[v]) lastConsumer_[static_cast<std::size_t>(p)] = static_cast<int>(v);
}

int ValueIndex::indexOf(const ir::Val* v) const {
  const int* i = index_.find(v);
  return i ? *i : kNone;
}

}  // namespace segscope::scheduler::analysis
