// Formatting an op's or a value's texts once per fusion.
#include "graph/op_texts.h"

#include "ir/data_type.h"
#include "scheduler/runtime_info.h"
#include "support/text.h"

namespace segscope::graph {

std::string opLabel(const ir::Expr* e) {
  std::string outs;
  for (const ir::Val* v : e->outputs()) outs += (outs.empty() ? "" : ", ") + v->name();
  return outs + " = " + std::string(e->opName());
}

std::string valDetail(const ir::Val* v) {
  std::string s(ir::shortName(v->dtype()));
  if (const ir::TensorView* tv = v->asTensor()) s += " " + tv->shapeString();
  return s;
}

std::int64_t bytesOf(const ir::Val* v, const scheduler::RuntimeInfo* sizes) {
  const std::int64_t elem = ir::byteSize(v->dtype());
  if (sizes && sizes->sizes(v)) return sizes->numel(v) * elem;
  const ir::TensorView* tv = v->asTensor();
  if (!tv) return elem;
  std::int64_t n = 1;
  for (const ir::Dim& d : tv->dims()) n *= d.extent.isConst() ? d.extent.value : 1;
  return n * elem;
}

void OpTexts::use(const std::shared_ptr<const ir::Fusion>& fusion, const scheduler::RuntimeInfo* sizes) {
  if (fusion == fusion_ && sizes == sizes_) return;
  fusion_ = fusion;
  sizes_ = sizes;
  exprs_.clear();
  vals_.clear();
}

const ExprTexts& OpTexts::of(const ir::Expr* e) {
  auto [it, added] = exprs_.try_emplace(e->id());
  if (!added) return it->second;
  ExprTexts& t = it->second;
  t.id = "e" + std::to_string(e->id());
  t.label = opLabel(e);
  t.detail = e->outputs().empty() ? "" : valDetail(e->output());
  t.tooltip = e->toString() + (e->loc().known() ? " (line " + std::to_string(e->loc().line) + ")" : "");
  t.cssClass = "op " + std::string(e->opName());
  return t;
}

const ValTexts& OpTexts::of(const ir::Val* v) {
  auto [it, added] = vals_.try_emplace(v->id());
  if (!added) return it->second;
  ValTexts& t = it->second;
  t.bytes = bytesOf(v, sizes_);
  const std::string detail = valDetail(v);
  t.tooltip = v->name() + ": " + detail + " (" + support::bytesText(t.bytes) + ")";
  t.label = v->name() + " " + detail + " · " + support::bytesText(t.bytes);
  return t;
}

}  // namespace segscope::graph
