// Dense numbering of a segment's values (see value_index.h).
#include "scheduler/value_index.h"

#include "scheduler/view_memo.h"

namespace segscope::scheduler::analysis {

ValueIndex::ValueIndex(const SegmentView& view) {
  auto add = [&](const ir::Val* v, const ir::Expr* def) {
    if (!index_.tryEmplace(v, static_cast<int>(vals_.size())).second) return;
    vals_.push_back(v);
    definitions_.push_back(def);
    producerStart_.push_back(producerIds_.size());
    if (!def) return;
    for (const ir::Val* in : def->inputs())
      if (const int p = indexOf(in); p != kNone) producerIds_.push_back(p);
  };
  const std::size_t expected = view.inputs.size() + view.exprs.size() * 2;
  index_.reserve(expected);
  vals_.reserve(expected);
  definitions_.reserve(expected);
  producerStart_.reserve(expected + 1);
  producerIds_.reserve(expected * 2);
  for (const ir::Val* in : view.inputs) add(in, nullptr);
  for (const ir::Expr* e : view.exprs)
    for (const ir::Val* out : e->outputs()) add(out, e);
  producerStart_.push_back(producerIds_.size());
  lastConsumer_.assign(vals_.size(), kNone);
  for (std::size_t v = 0; v < vals_.size(); ++v)
    for (const int p : producers(static_cast<int>(v))) lastConsumer_[static_cast<std::size_t>(p)] = static_cast<int>(v);
}

const ValueIndex& valueIndexOf(const SegmentView& view) {
  ViewMemo& memo = view.memo();
  if (!memo.values) memo.values = std::make_shared<const ValueIndex>(view);
  return *memo.values;
}

int ValueIndex::indexOf(const ir::Val* v) const {
  const int* i = index_.find(v);
  return i ? *i : kNone;
}

}  // namespace segscope::scheduler::analysis
