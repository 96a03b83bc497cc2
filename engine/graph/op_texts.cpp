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

namespace {

// The slot of `id` in `table`, grown to hold it.
template <class Texts>
std::unique_ptr<Texts>& slot(std::vector<std::unique_ptr<Texts>>& table, int id) {
  const auto at = static_cast<std::size_t>(id);
  if (at >= table.size()) table.resize(at + 1);
  return table[at];
}

}  // namespace

const ExprTexts& OpTexts::of(const ir::Expr* e) {
  std::unique_ptr<ExprTexts>& made = slot(exprs_, e->id());
  if (made) return *made;
  made = std::make_unique<ExprTexts>();
  ExprTexts& t = *made;
  t.id = "e" + std::to_string(e->id());
  t.label = opLabel(e);
  t.detail = e->outputs().empty() ? "" : valDetail(e->output());
  t.tooltip = e->toString() + (e->loc().known() ? " (line " + std::to_string(e->loc().line) + ")" : "");
  t.cssClass = "op " + std::string(e->opName());
  return t;
}

const ValTexts& OpTexts::of(const ir::Val* v) {
  std::unique_ptr<ValTexts>& made = slot(vals_, v->id());
  if (made) return *made;
  made = std::make_unique<ValTexts>();
  ValTexts& t = *made;
  t.bytes = bytesOf(v, sizes_);
  const std::string detail = valDetail(v);
  t.tooltip = v->name() + ": " + detail + " (" + support::bytesText(t.bytes) + ")";
  t.label = v->name() + " " + detail + " · " + support::bytesText(t.bytes);
  return t;
}

}  // namespace segscope::graph
