// MoveSplitCat: traces often split a tensor (torch.split / chunk, as adjacent slices), run
// the same elementwise ops on every piece, and cat the pieces back in order. The slices
// and the cat cancel; the per-piece chains merge into one chain on the whole tensor, so
// the resize ops that would force their own segments disappear. nvFuser's pass also
// sees through permutes and reshapes; this one handles chains of unary ops and casts.
#include "passes/move_split_cat.h"

#include <algorithm>

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"

namespace segscope::passes {
namespace {

using ir::OpFamily;
using ir::OpType;

struct Piece {
  ir::Expr* slice = nullptr;
  std::vector<const ir::Expr*> chain;  // from the slice towards the cat
};

// One link of a chain: the same op, and for a cast the same target dtype.
bool sameStep(const ir::Expr* a, const ir::Expr* b) {
  return a->op() == b->op() && (a->op() != OpType::Cast || a->attrs().dtype == b->attrs().dtype);
}

// Walks from a cat operand up through single-use unary ops and casts to a slice.
std::optional<Piece> pieceOf(const ir::Fusion& f, ir::Val* v) {
  Piece p;
  while (true) {
    if (!v->isTensor() || !rewrite::hasSingleUse(f, v)) return std::nullopt;
    ir::Expr* def = v->definition();
    if (!def) return std::nullopt;
    if (def->family() == OpFamily::Slice) {
      p.slice = def;
      std::reverse(p.chain.begin(), p.chain.end());
      return p;
    }
    if (def->family() != OpFamily::Unary && def->family() != OpFamily::Cast) return std::nullopt;
    p.chain.push_back(def);
    v = def->operand(0);
  }
}

struct Range {
  std::int64_t start = 0, end = 0;
};

// The [start, end) a slice takes of dim `d` with step 1, as ops::slice normalizes it;
// nullopt when the range is not constant or the step is not 1.
std::optional<Range> sliceRange(const ir::Expr* slice, std::size_t d) {
  const ir::ExprAttributes& a = slice->attrs();
  const ir::TensorView* x = slice->operand(0)->asTensor();
  const ir::SymInt& extent = x->dim(d).extent;
  if (!a.steps[d].isConst(1) || !a.starts[d].isConst() || !a.ends[d].isConst() || !extent.isConst())
    return std::nullopt;
  Range r{a.starts[d].value, a.ends[d].value};
  if (!a.option) {
    if (r.start < 0) r.start += extent.value;
    if (r.end < 0) r.end += extent.value;
    r.start = std::clamp<std::int64_t>(r.start, 0, extent.value);
    r.end = std::clamp<std::int64_t>(r.end, r.start, extent.value);
  }
  return r;
}

// True when the slice keeps all of dim `d`.
bool takesWholeDim(const ir::Expr* slice, std::size_t d) {
  const ir::ExprAttributes& a = slice->attrs();
  const ir::SymInt& extent = slice->operand(0)->asTensor()->dim(d).extent;
  if (!extent.isConst()) return a.steps[d].isConst(1) && a.starts[d].isConst(0) && a.ends[d] == extent;
  const auto r = sliceRange(slice, d);
  return r && r->start == 0 && r->end == extent.value;
}

// The pieces of `cat` when they split one tensor along the cat dim and cover it in
// order, each through the same chain; nullopt otherwise.
std::optional<std::vector<Piece>> splitPieces(const ir::Fusion& f, const ir::Expr* cat) {
  if (cat->numOperands() < 2) return std::nullopt;
  const auto axis = static_cast<std::size_t>(cat->attrs().axis);
  std::vector<Piece> pieces;
  for (std::size_t i = 0; i < cat->numOperands(); ++i) {
    auto p = pieceOf(f, cat->operand(i));
    if (!p) return std::nullopt;
    pieces.push_back(*p);
  }
  const ir::Val* x = pieces[0].slice->operand(0);
  const ir::TensorView* xt = x->asTensor();
  if (!xt || axis >= static_cast<std::size_t>(xt->rank())) return std::nullopt;
  std::int64_t next = 0;
  for (const Piece& p : pieces) {
    if (p.slice->operand(0) != x || p.chain.size() != pieces[0].chain.size()) return std::nullopt;
    for (std::size_t k = 0; k < p.chain.size(); ++k)
      if (!sameStep(p.chain[k], pieces[0].chain[k])) return std::nullopt;
    for (std::size_t d = 0; d < static_cast<std::size_t>(xt->rank()); ++d)
      if (d != axis && !takesWholeDim(p.slice, d)) return std::nullopt;
    const auto r = sliceRange(p.slice, axis);
    if (!r || r->start != next) return std::nullopt;
    next = r->end;
  }
  if (!xt->dim(axis).extent.isConst(next)) return std::nullopt;
  return pieces;
}

}  // namespace

bool MoveSplitCat::runPass(ir::Fusion& fusion, PassLog& log) {
  bool changed = false;
  std::vector<int> ids;
  for (const ir::Expr* e : fusion.exprs()) ids.push_back(e->id());
  for (int id : ids) {
    ir::Expr* cat = fusion.exprById(id);
    if (!cat || cat->family() != OpFamily::Cat || !cat->output()->isTensor()) continue;
    const auto pieces = splitPieces(fusion, cat);
    if (!pieces) continue;
    ir::Val* x = pieces->front().slice->operand(0);
    // The chain, replayed once on the whole tensor.
    ir::Val* cur = x;
    std::string chainText;
    bool built = true;
    for (const ir::Expr* step : pieces->front().chain) {
      auto next = step->op() == OpType::Cast ? ir::ops::cast(fusion, cur, step->attrs().dtype)
                                             : ir::ops::unary(fusion, step->op(), cur);
      if (!next) {
        built = false;
        break;
      }
      cur = next.value();
      chainText += (chainText.empty() ? "" : " -> ") + std::string(step->opName());
    }
    if (built && cur == x) {
      auto copy = ir::ops::set(fusion, OpType::Set, x);
      built = static_cast<bool>(copy);
      if (copy) cur = copy.value();
    }
    if (!built || !rewrite::replaceTensor(fusion, cat->output()->asTensor(), cur->asTensor())) {
      if (cur != x) (void)rewrite::removeIfDead(fusion, cur->definition());
      continue;
    }
    std::string result;
    for (ir::Val* v = cur; v != x; v = v->definition()->operand(0))
      result = v->definition()->toString() + (result.empty() ? "" : "; ") + result;
    log.add("cancelled split + cat: " + cat->toString() + " puts " + std::to_string(pieces->size()) +
            " adjacent slices of " + rewrite::describe(x) + " back together" +
            (chainText.empty() ? std::string() : " (each through " + chainText + ")") + ", so it becomes " + result);
    for (const std::string& r : rewrite::removeIfDead(fusion, cat)) log.add("removed " + r);
    changed = true;
  }
  return changed;
}

}  // namespace segscope::passes
