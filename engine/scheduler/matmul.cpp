// Matmul: one matmul pattern with its prologue and epilogue in one kernel, as nvFuser's
// getMatmulCompileTimeRejectReason (csrc/scheduler/matmul_utils.cpp:1275-1407) allows it. A
// MatmulOp/LinearOp only with NVFUSER_ENABLE=fuse_matmul (without it a lone one runs as
// expr_eval, ATen, and one with other ops is split); a sum of a broadcast product always.
#include <algorithm>
#include <map>

#include "scheduler/analysis.h"
#include "scheduler/matmul_patterns.h"
#include "scheduler/schedulers.h"

namespace segscope::scheduler::matmul {
namespace {

using Role = analysis::MatmulRole;
using analysis::MatmulPattern;

bool isMatmul(const ir::Expr* e) { return e->family() == ir::OpFamily::Matmul; }

// csrc/scheduler/matmul_utils.cpp:47-105 getMmaOp: the compute capabilities with an MMA macro
// (Turing, Ampere, Ada, Hopper); any other device is refused before anything else.
bool hasMmaMacro(const DeviceProfile& device) {
  const int version = device.computeMajor * 10 + device.computeMinor;
  return version == 75 || version == 80 || version == 86 || version == 89 || version == 90;
}

// On Hopper an operand may only be reached through set, broadcast and squeeze from a segment
// input (matmul_utils.cpp:1307-1325); a permute is a set with a permuted logical domain.
std::optional<std::string> nontrivialPrologue(const SegmentView& view, const ir::Val* operand) {
  const ir::Val* tv = operand;
  while (const ir::Expr* def = view.definitionInside(tv)) {
    const ir::OpType op = def->op();
    if (op != ir::OpType::Set && op != ir::OpType::Permute && op != ir::OpType::Broadcast &&
        op != ir::OpType::BroadcastInDim && op != ir::OpType::Squeeze)
      return "operand " + operand->name() +
             " must have only trivial prologue ops (set, broadcast, squeeze) on Hopper but found " +
             analysis::describe(def);
    tv = def->operand(0);
  }
  return std::nullopt;
}

// The checks of matmul_utils.cpp:1305-1357 on one pattern: on Hopper a trivial prologue for
// both operands; for a MatmulOp/LinearOp the option, no vectors, fp16/bf16 operands. (The
// Hopper "reduction dim innermost" check for mul+sum, :1326-1336, never fires: its flag is
// never set.)
std::optional<std::string> patternRejectReason(const SegmentView& view, const MatmulPattern& p,
                                               const DeviceProfile& device, const SchedulerOptions& options) {
  if (device.computeMajor >= 9)
    for (const ir::Val* operand : {p.a, p.b})
      if (auto bad = nontrivialPrologue(view, operand)) return bad;
  if (p.mulSum) return std::nullopt;
  const ir::Expr* mm = p.op;
  if (!options.fuseMatmul)
    return analysis::describe(mm) +
           ": MatmulOp and LinearOp fusion is disabled by default (NVFUSER_ENABLE=fuse_matmul); alone it runs as "
           "expr_eval";
  const ir::TensorView* a = mm->operand(0)->asTensor();
  const ir::TensorView* b = mm->operand(1)->asTensor();
  if (a->rank() < 2 || b->rank() < 2) return analysis::describe(mm) + ": cannot fuse matrix-vector products";
  for (const ir::TensorView* operand : {a, b})
    if (operand->dtype() != ir::DataType::Half && operand->dtype() != ir::DataType::BFloat16)
      return analysis::describe(mm) + ": unsupported operand type " + operand->name() +
             ": operands must be fp16 or bf16";
  // matmul_utils.cpp:711-721: B with more dims than A brings a new, non-consecutive N dim.
  if (isMatmul(mm) && b->rank() > a->rank())
    return analysis::describe(mm) + ": implicit broadcast in MatmulOp causes new non-consecutive N dimension";
  return std::nullopt;
}

// The dims' roles through the broadcast graph (mma_utils.cpp getDimRoles): M, N, K and batch,
// named where the pattern names them (the graph does not map a matmul's operands to its output)
// and carried to the rest of the segment by the graph.
class Roles {
 public:
  Roles(const SegmentView& view, const MatmulPattern& p) : graph_(view, analysis::DimGraph::Mode::Permissive) {
    for (const auto& [v, roles] : p.roles)
      for (std::size_t d = 0; d < roles.size(); ++d)
        if (roles[d]) set(v, static_cast<int>(d), *roles[d]);
  }

  std::optional<Role> of(const ir::Val* v, int d) const {
    auto it = roles_.find(graph_.classOf(v, d));
    return it == roles_.end() ? std::nullopt : std::optional<Role>(it->second);
  }

  struct Presence {
    bool m = false, n = false, k = false, unmapped = false;
  };
  // mma_utils.cpp:1520-1539: the roles of a tensor's non-broadcast dims.
  Presence presence(const ir::Val* v) const {
    Presence has;
    const ir::TensorView* tv = v->asTensor();
    for (int d = 0; d < tv->rank(); ++d) {
      if (tv->dim(static_cast<std::size_t>(d)).isBroadcast()) continue;
      const auto r = of(v, d);
      if (!r) {
        has.unmapped = true;
        continue;
      }
      has.m = has.m || *r == Role::M;
      has.n = has.n || *r == Role::N;
      has.k = has.k || *r == Role::K;
    }
    return has;
  }

 private:
  void set(const ir::Val* v, int d, Role r) {
    if (const int c = graph_.classOf(v, d); c >= 0) roles_.emplace(c, r);
  }
  analysis::DimGraph graph_;
  std::map<int, Role> roles_;
};

bool rowMajor(const SegmentView& view, const ir::TensorView* tv) {
  const std::vector<int> order = analysis::allocationOrder(view, tv);
  for (std::size_t i = 0; i < order.size(); ++i)
    if (order[i] != static_cast<int>(i)) return false;
  return true;
}

// mma_utils.cpp:1491-1593 getTensorRoles and matmul_utils.cpp:635-677: every segment input and
// output needs a role (operand A, operand B, epilogue input, output), with one A and one B.
std::optional<std::string> tensorRolesRejectReason(const SegmentView& view, const Roles& roles,
                                                   std::vector<const ir::Val*>& operands) {
  std::vector<const ir::Val*> a, b;
  std::size_t withRoles = 0, tensors = 0;
  for (const ir::Val* in : view.inputs) {
    if (!in->isTensor()) continue;
    ++tensors;
    const Roles::Presence has = roles.presence(in);
    if (has.unmapped) continue;
    ++withRoles;
    if (has.k) (has.m ? a : b).push_back(in);
  }
  if (a.empty() || b.empty()) return std::string("no candidate in the segment's inputs for an MMA operand");
  if (a.size() > 1 || b.size() > 1)
    return std::string("there is more than one segment input that can be an MMA operand (") +
           (a.size() > 1 ? a[1]->name() : b[1]->name()) + "; enable fuse_multiple_matmuls)";
  bool output = false;
  for (const ir::Val* out : view.outputs) {
    if (!out->isTensor()) continue;
    ++tensors;
    const Roles::Presence has = roles.presence(out);
    if (has.k || has.unmapped || !(has.m && has.n)) continue;
    output = true;
    ++withRoles;
  }
  if (!output) return std::string("no candidate in the segment's outputs for the MMA output");
  if (withRoles != tensors) return std::string("detected segment inputs or outputs without assigned matmul roles");
  operands = {a.front(), b.front()};
  return std::nullopt;
}

// mma_utils.cpp:1446-1489: each operand's innermost allocated dim must have a role.
std::optional<std::string> innerDimRejectReason(const SegmentView& view, const Roles& roles,
                                                const std::vector<const ir::Val*>& operands) {
  for (const ir::Val* operand : operands) {
    const std::vector<int> order = analysis::allocationOrder(view, operand->asTensor());
    if (!order.empty() && !roles.of(operand, order.back()))
      return "inner domain of " + operand->name() + " was not mapped to a matmul dim role";
  }
  return std::nullopt;
}

}  // namespace

Verdict canScheduleCompileTime(const SegmentView& view) {
  if (analysis::findMatmulPatterns(view).empty())
    return Verdict::reject("the segment has no matmul or linear, nor a sum of a broadcast product that is one");
  return Verdict::accept();
}

Verdict canFuse(const SegmentView& view, const DeviceProfile& device, const SchedulerOptions& options) {
  if (!hasMmaMacro(device))
    return Verdict::reject("unsupported device compute capability " + std::to_string(device.computeMajor) + "." +
                           std::to_string(device.computeMinor) +
                           " (nvFuser's matmul scheduler has MMA macros for 7.5, 8.x and 9.0)");
  const std::vector<MatmulPattern> patterns = analysis::findMatmulPatterns(view);
  for (const MatmulPattern& p : patterns)
    if (auto reason = patternRejectReason(view, p, device, options)) return Verdict::reject(*reason);
  if (patterns.size() > 1) return Verdict::reject("only a single matmul pattern can currently be fused");
  const MatmulPattern& pattern = patterns.front();
  if (pattern.reducedDims != 1)  // matmul_utils.cpp:621-627
    return Verdict::reject(analysis::describe(pattern.op) + ": the MMA output must have exactly one reduction (K) dim");
  if (view.inputs.size() < 2)  // matmul_utils.cpp:629-632
    return Verdict::reject("a matmul segment needs at least two inputs");
  const Roles roles(view, pattern);
  std::vector<const ir::Val*> operands;
  if (auto reason = tensorRolesRejectReason(view, roles, operands)) return Verdict::reject(*reason);
  for (const ir::Val* out : view.outputs)
    if (out->isTensor() && !rowMajor(view, out->asTensor()))
      return Verdict::reject("detected output " + out->name() + " with non-trivial allocation domain");
  if (auto reason = innerDimRejectReason(view, roles, operands)) return Verdict::reject(*reason);
  return Verdict::accept();
}

// matmul_utils.cpp:1409-1432: Hopper loads operands with TMA, whose coordinates are 32-bit.
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device) {
  if (device.computeMajor != 9) return Verdict::accept();
  for (const ir::Val* in : view.inputs) {
    if (!in->isTensor()) continue;
    const auto sizes = rt.sizes(in);
    if (!sizes) continue;
    for (std::int64_t extent : *sizes)
      if (extent >= (std::int64_t{1} << 31))
        return Verdict::reject("cannot schedule Hopper matmul with dims larger than 2^31-1, but " + in->name() +
                               " has " + std::to_string(extent));
  }
  return Verdict::accept();
}

}  // namespace segscope::scheduler::matmul
