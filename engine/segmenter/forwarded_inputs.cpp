// Finding the unary prologues of inputs that every consumer segment may recompute.
#include "segmenter/forwarded_inputs.h"

#include <algorithm>
#include <vector>

namespace segscope::segmenter {
namespace {

bool feedsHint(const ir::Val* v) {
  return std::any_of(v->uses().begin(), v->uses().end(),
                     [](const ir::Expr* u) { return u->op() == ir::OpType::SegmentSet; });
}

// One more unary step is allowed when it is the value's only reader, a plain unary or cast
// whose result is neither a fusion output nor a hint's input (nvFuser's shouldForward).
// fd.ops.size reads only an extent: in nvFuser it is the tensor's extent scalar, no expr and no
// use of the tensor (csrc/ops/arith.cpp:1550), so it does not stop forwarding.
std::vector<const ir::Expr*> dataUses(const ir::Val* v) {
  std::vector<const ir::Expr*> uses;
  for (const ir::Expr* u : v->uses())
    if (u->family() != ir::OpFamily::Size) uses.push_back(u);
  return uses;
}

const ir::Expr* nextStep(const ir::Fusion& fusion, const ir::Val* v) {
  const std::vector<const ir::Expr*> uses = dataUses(v);
  if (uses.size() != 1 || fusion.isOutput(v)) return nullptr;
  const ir::Expr* use = uses.front();
  const ir::OpFamily family = use->family();
  if (family != ir::OpFamily::Unary && family != ir::OpFamily::Cast) return nullptr;
  if (use->outputs().size() != 1 || !use->output()->isTensor()) return nullptr;
  if (fusion.isOutput(use->output()) || feedsHint(use->output())) return nullptr;
  return use;
}

ForwardedChain follow(const ir::Fusion& fusion, const ir::Val* start, const ir::Expr* factory) {
  ForwardedChain chain;
  chain.start = start;
  if (factory) chain.exprs.push_back(factory);
  const ir::Val* v = start;
  while (const ir::Expr* step = nextStep(fusion, v)) {
    chain.exprs.push_back(step);
    v = step->output();
  }
  chain.forwarded = v;
  return chain;
}

}  // namespace

std::vector<ForwardedChain> findForwardedChains(const ir::Fusion& fusion) {
  std::vector<ForwardedChain> chains;
  for (const ir::Val* in : fusion.inputs()) {
    if (!in->isTensor()) continue;
    ForwardedChain chain = follow(fusion, in, nullptr);
    if (!chain.exprs.empty()) chains.push_back(std::move(chain));
  }
  for (const ir::Expr* e : fusion.exprs()) {
    if (e->op() != ir::OpType::Full || fusion.isOutput(e->output()) || e->output()->uses().empty()) continue;
    chains.push_back(follow(fusion, e->output(), e));
  }
  return chains;
}

}  // namespace segscope::segmenter
