// AddAxioms: like nvFuser's AddAxiomsPass, every extent that is symbolic (not a constant)
// and undefined (an input's -1 dim, a fresh extent of reshape/slice/pad/cat, a scalar
// input used as a shape) of a tensor that an output depends on gets the fact "extent > 0".
// Extents computed by an expr (fd.ops.size) are derived values and are skipped, as in
// nvFuser. Expanded-broadcast dims are skipped too: nvFuser's extent() of such a dim is
// 1, the expanded size lives elsewhere. The fusion changes only when a new fact is added.
#include "passes/add_axioms.h"

#include <algorithm>
#include <unordered_set>

namespace segscope::passes {
namespace {

// Tensors that some fusion output depends on, inputs first, then in topological order.
std::vector<const ir::TensorView*> usedTensors(const ir::Fusion& fusion) {
  std::unordered_set<const ir::Val*> live;
  std::vector<const ir::Val*> work;
  for (const ir::FusionOutput& o : fusion.outputs()) work.push_back(o.val);
  while (!work.empty()) {
    const ir::Val* v = work.back();
    work.pop_back();
    if (!live.insert(v).second) continue;
    if (const ir::Expr* def = v->definition())
      for (const ir::Val* in : def->inputs()) work.push_back(in);
  }
  std::vector<const ir::TensorView*> tensors;
  std::unordered_set<const ir::Val*> seen;
  const auto add = [&](const ir::Val* v) {
    if (v->isTensor() && live.count(v) && seen.insert(v).second) tensors.push_back(v->asTensor());
  };
  for (const ir::Val* in : fusion.inputs()) add(in);
  for (const ir::Expr* e : fusion.exprs())
    for (const ir::Val* out : e->outputs()) add(out);
  return tensors;
}

}  // namespace

bool AddAxioms::runPass(ir::Fusion& fusion, PassLog& log) {
  bool modified = false;
  for (const ir::TensorView* tv : usedTensors(fusion)) {
    for (const ir::Dim& d : tv->dims()) {
      if (d.kind == ir::IterKind::ExpandedBroadcast || d.extent.isConst()) continue;
      ir::Val* extent = d.extent.sym;
      const auto* s = extent->asScalar();
      if (!s || s->isConstant() || s->definition()) continue;
      if (fusion.isAxiom(extent)) continue;
      fusion.addAxiom(extent);
      log.add("assume " + d.extent.toString() + " > 0");
      modified = true;
    }
  }
  return modified;
}

}  // namespace segscope::passes
