// Copying upcasts per reader before grouping, and folding the copies back per segment.
#include "segmenter/privatize_ops.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "ir/ops.h"

namespace segscope::segmenter {
namespace {

bool isUpcast(const ir::Expr* e) {
  return e && e->op() == ir::OpType::Cast && e->operand(0)->isTensor() &&
         ir::byteSize(e->operand(0)->dtype()) < ir::byteSize(e->output()->dtype());
}

// Gives `reader` its own copy of the upcast behind `x`; remembers which cast it copies.
void privatize(ir::Fusion& fusion, ir::Expr* reader, ir::Val* x, std::vector<PrivatizedCast>& out) {
  ir::Expr* def = x->definition();
  auto copy = ir::ops::cast(fusion, def->operand(0), x->dtype());
  if (!copy) return;
  fusion.setName(copy.value(), x->name());
  copy.value()->setLoc(x->loc());
  copy.value()->definition()->setLoc(def->loc());
  fusion.replaceUse(reader, x, copy.value());
  const ir::Expr* original = def;
  for (const PrivatizedCast& p : out)
    if (p.copy == def) original = p.original;
  out.push_back({original, copy.value()->definition()});
}

// One sweep over a fixed order (a fresh topological sort per copy made this quadratic).
bool privatizeSweep(ir::Fusion& fusion, std::vector<PrivatizedCast>& out) {
  bool changed = false;
  for (ir::Expr* reader : fusion.exprs())
    for (ir::Val* x : std::vector<ir::Val*>(reader->inputs())) {
      if (!isUpcast(x->definition()) || x->uses().size() < 2 || x->uses().front() == reader) continue;
      // mul(x, x): the first copy already replaced both operands.
      if (std::find(reader->inputs().begin(), reader->inputs().end(), x) == reader->inputs().end()) continue;
      privatize(fusion, reader, x, out);
      changed = true;
    }
  return changed;
}

}  // namespace

std::vector<PrivatizedCast> privatizeUpcasts(ir::Fusion& fusion) {
  std::vector<PrivatizedCast> out;
  while (privatizeSweep(fusion, out)) {
  }
  return out;
}

PrivatizedIndex::PrivatizedIndex(const std::vector<PrivatizedCast>& privatized) {
  for (const PrivatizedCast& p : privatized) {
    copiesOf[p.original].push_back(&p);
    originalOf[p.original] = p.original;
    originalOf[p.copy] = p.original;
  }
}

// Each original's copies are folded on their own (different values, different readers), so
// the order the originals are visited in does not matter.
int revertPrivatizedCasts(ir::Fusion& fusion, const PrivatizedIndex& privatized,
                          std::vector<const ir::Expr*>& segmentExprs) {
  if (privatized.copiesOf.empty()) return 0;
  const std::unordered_set<const ir::Expr*> inSegment(segmentExprs.begin(), segmentExprs.end());
  std::vector<const ir::Expr*> originals;
  std::unordered_set<const ir::Expr*> seen;
  for (const ir::Expr* e : segmentExprs)
    if (auto it = privatized.originalOf.find(e); it != privatized.originalOf.end() && seen.insert(it->second).second)
      originals.push_back(it->second);
  std::vector<const ir::Expr*> dropped;
  for (const ir::Expr* original : originals) {
    // The kept cast: the original when it is here, else the first copy that is.
    const ir::Expr* kept = inSegment.count(original) ? original : nullptr;
    for (const PrivatizedCast* c : privatized.copiesOf.at(original)) {
      const PrivatizedCast& p = *c;
      if (!inSegment.count(p.copy)) continue;
      if (!kept) {
        kept = p.copy;
        continue;
      }
      ir::Val* from = p.copy->output();
      for (ir::Expr* use : std::vector<ir::Expr*>(from->uses())) fusion.replaceUse(use, from, kept->output());
      dropped.push_back(p.copy);
    }
  }
  if (dropped.empty()) return 0;
  const std::unordered_set<const ir::Expr*> droppedSet(dropped.begin(), dropped.end());
  for (const ir::Expr* e : dropped) {
    ir::Val* out = e->output();
    fusion.removeExpr(const_cast<ir::Expr*>(e));
    (void)fusion.removeVal(out);
  }
  std::erase_if(segmentExprs, [&](const ir::Expr* e) { return droppedSet.count(e) > 0; });
  return static_cast<int>(dropped.size());
}

int revertPrivatizedCasts(ir::Fusion& fusion, const std::vector<PrivatizedCast>& privatized,
                          std::vector<const ir::Expr*>& segmentExprs) {
  return revertPrivatizedCasts(fusion, PrivatizedIndex(privatized), segmentExprs);
}

}  // namespace segscope::segmenter
