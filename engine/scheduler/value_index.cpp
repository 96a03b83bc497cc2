// Dense numbering of a segment's values (see value_index.h).
#include "scheduler/value_index.h"

namespace segscope::scheduler::analysis {

ValueIndex::ValueIndex(const SegmentView& view) {
  auto add = [&](const ir::Val* v, const ir::Expr* def) {
    if (!index_.emplace(v, static_cast<int>(vals_.size())).second) return;
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
}

int ValueIndex::indexOf(const ir::Val* v) const {
  const auto it = index_.find(v);
  return it == index_.end() ? kNone : it->second;
}

ValueIndex::Words ValueIndex::forward(const std::function<std::uint64_t(int)>& seed) const {
  Words w(vals_.size(), 0);
  for (std::size_t i = 0; i < vals_.size(); ++i) {
    std::uint64_t bits = seed(static_cast<int>(i));
    for (const int p : producers_[i]) bits |= w[static_cast<std::size_t>(p)];
    w[i] = bits;
  }
  return w;
}

ValueIndex::Words ValueIndex::backward(const std::function<std::uint64_t(int)>& seed) const {
  Words w(vals_.size(), 0);
  for (std::size_t i = vals_.size(); i-- > 0;) {
    w[i] |= seed(static_cast<int>(i));
    for (const int p : producers_[i]) w[static_cast<std::size_t>(p)] |= w[i];
  }
  return w;
}

}  // namespace segscope::scheduler::analysis
