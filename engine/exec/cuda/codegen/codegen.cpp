// generateKernels: picks the kernel family from the segment's scheduler and ops, and falls
// back to an unfused multi-kernel plan (one kernel per reduction + a pointwise kernel,
// intermediates in temps) when one kernel cannot cover the segment.
#include <algorithm>

#include "exec/cuda/codegen/kernels.h"
#include "exec/cuda/codegen/prelude.h"

namespace segscope::exec::cuda {

using codegen::KernelContext;

namespace {

bool isReductionFamily(ir::OpFamily f) {
  return f == ir::OpFamily::Reduction || f == ir::OpFamily::Var || f == ir::OpFamily::VarMean ||
         f == ir::OpFamily::Welford;
}

// Segments no kernel is generated for, and why (the runner evaluates them elsewhere).
std::optional<std::string> noKernelReason(const segmenter::Segment& seg, const ir::Fusion& f) {
  if (seg.host || seg.scheduler == scheduler::SchedulerType::ExprEval)
    return "host (expr_eval) segment: evaluated on the host";
  for (const ir::Expr* e : f.exprs()) {
    switch (e->family()) {
      case ir::OpFamily::Matmul:
      case ir::OpFamily::Linear:
      case ir::OpFamily::SdpaFwd:
      case ir::OpFamily::SdpaBwd:
      case ir::OpFamily::EmbeddingFwd:
        return "library op " + std::string(e->opName()) + ": evaluated by cuBLAS or on the host, not generated";
      case ir::OpFamily::RandomFill:
      case ir::OpFamily::RandLike:
        return "random op " + std::string(e->opName()) +
               ": evaluated on the host (the reference draws one sequential xoshiro stream; no counter-based "
               "equivalent on the GPU yet)";
      default: break;
    }
  }
  const bool anyTensor =
      std::any_of(f.outputs().begin(), f.outputs().end(), [](const ir::FusionOutput& o) { return o.val->isTensor(); });
  if (!anyTensor) return "scalar-only segment: evaluated on the host";
  if (seg.scheduler == scheduler::SchedulerType::NoOp) return "no-op segment: no kernel needed";
  return std::nullopt;
}

// fastMath 1 keeps the approximations to segments whose floating outputs are all half, bfloat16
// or narrower: their own rounding (2^-9 relative for bfloat16, 2^-12 for half) is at least the
// approximation's (tanh.approx.f32: about 2^-11).
bool fastMathApplies(const CodegenOptions& options, const std::vector<const ir::Val*>& outputs) {
  if (options.fastMath <= 0) return false;
  if (options.fastMath >= 2) return true;
  return std::all_of(outputs.begin(), outputs.end(), [](const ir::Val* v) {
    const ir::DataType t = v->dtype();
    return !ir::isFloating(t) || ir::isReducedFloat(t);
  });
}

std::string kernelName(const segmenter::Segment& seg, const std::string& kind, std::size_t n) {
  return "sg_seg" + std::to_string(seg.id) + "_" + kind + std::to_string(n);
}

// The tiled kernel where the options ask for it and some input is read transposed, else the
// plain one.
Result<Kernel> elementwiseKernel(const KernelContext& ctx, const std::vector<const ir::Val*>& outputs,
                                 const std::string& name) {
  // Outputs written in an allocation order: the loop walks that order, so the tiles (which walk
  // the logical one) would make their stores strided.
  const bool ordered =
      std::any_of(outputs.begin(), outputs.end(), [&](const ir::Val* o) { return ctx.outputOrders.count(o) > 0; });
  SEGSCOPE_TRY(std::optional<Kernel> tiled, ordered ? Result<std::optional<Kernel>>(std::optional<Kernel>())
                                                    : codegen::tiledTransposeKernel(ctx, outputs, name));
  if (tiled) return std::move(*tiled);
  return codegen::pointwiseKernel(ctx, outputs, name);
}

// forceUnfused (testing) means one kernel per reduction, so it turns the grouping off.
bool grouping(const CodegenOptions& options) { return options.groupUnfusedReductions && !options.forceUnfused; }

bool isReductionOutput(const ir::Val* v, const std::vector<const ir::Expr*>& reductions) {
  return std::any_of(reductions.begin(), reductions.end(), [&](const ir::Expr* e) {
    return std::find(e->outputs().begin(), e->outputs().end(), v) != e->outputs().end();
  });
}

// The reductions an unfused plan gives one kernel each: one by one, or (groupUnfusedReductions)
// consecutive runs of reductions over the same input shape and dims, which one row kernel can
// hold (layer norm backward's two row sums, then its two column sums). Only consecutive runs,
// so a group never needs a result that a later group computes.
std::vector<std::vector<const ir::Expr*>> reductionGroups(const KernelContext& ctx,
                                                          const std::vector<const ir::Expr*>& reductions) {
  const auto key = [&](const ir::Expr* e) {
    auto sizes = ctx.sizes.sizes(e->operand(0));
    std::vector<std::int64_t> k = sizes ? *sizes : std::vector<std::int64_t>{};
    const auto rank = static_cast<std::int64_t>(k.size());
    k.push_back(-1);
    std::vector<std::int64_t> dims;
    for (std::int64_t d : e->attrs().dims) dims.push_back(d < 0 ? d + rank : d);
    std::sort(dims.begin(), dims.end());
    k.insert(k.end(), dims.begin(), dims.end());
    return k;
  };
  std::vector<std::vector<const ir::Expr*>> groups;
  for (const ir::Expr* e : reductions) {
    if (grouping(ctx.options) && !groups.empty() && key(groups.back().front()) == key(e))
      groups.back().push_back(e);
    else
      groups.push_back({e});
  }
  return groups;
}

std::vector<const ir::Val*> outputsOf(const std::vector<const ir::Expr*>& group) {
  std::vector<const ir::Val*> outs;
  for (const ir::Expr* e : group) outs.insert(outs.end(), e->outputs().begin(), e->outputs().end());
  return outs;
}

// One kernel per reduction (its input chain recomputed from what is in memory), then one
// pointwise kernel for the outputs still missing.
Result<KernelPlan> unfusedPlan(const segmenter::Segment& seg, KernelContext ctx,
                               const std::vector<const ir::Expr*>& reductions,
                               const std::vector<const ir::Val*>& outputs) {
  KernelPlan plan;
  plan.fused = false;
  std::set<const ir::Val*> produced;
  const std::vector<std::vector<const ir::Expr*>> groups = reductionGroups(ctx, reductions);
  for (std::size_t gi = 0; gi < groups.size(); ++gi) {
    const std::vector<const ir::Expr*>& group = groups[gi];
    std::vector<const ir::Val*> outs = outputsOf(group);
    const std::string name = kernelName(seg, "reduction", plan.kernels.size());
    // innerOuter: the next group's column sums fold into this group's row kernel when they can.
    std::vector<const ir::Expr*> outer;
    std::vector<const ir::Val*> outerOuts;
    if (ctx.options.innerOuter && grouping(ctx.options) && gi + 1 < groups.size()) {
      outer = groups[gi + 1];
      outerOuts = outputsOf(outer);
    }
    const auto build = [&](const std::vector<const ir::Val*>& rowOutputs,
                           const std::vector<const ir::Val*>& columnOutputs) {
      return outer.empty() ? codegen::rowKernels(ctx, group, rowOutputs, name)
                           : codegen::innerOuterKernels(ctx, group, rowOutputs, outer, columnOutputs, name);
    };
    auto grouped = build(outs, outerOuts);
    if (!grouped && !outer.empty()) {
      outer.clear();
      outerOuts.clear();
      grouped = build(outs, outerOuts);
    }
    if (grouped && grouping(ctx.options)) {
      // The outputs no reduction computes, written by this row kernel's last pass if it can
      // (layer norm backward's input gradient after its row sums): one pass over the inputs less.
      // One output at a time: one that needs a later group's reduction fails alone. With
      // column sums folded in, what needs them may go to their finish kernel (the gradients'
      // casts).
      for (const ir::Val* o : outputs) {
        if (produced.count(o) || isReductionOutput(o, reductions) ||
            std::find(outs.begin(), outs.end(), o) != outs.end())
          continue;
        std::vector<const ir::Val*> withIt = outs;
        withIt.push_back(o);
        if (auto more = build(withIt, outerOuts)) {
          grouped = std::move(more);
          outs = std::move(withIt);
          continue;
        }
        if (outer.empty()) continue;
        std::vector<const ir::Val*> columnsWithIt = outerOuts;
        columnsWithIt.push_back(o);
        if (auto more = build(outs, columnsWithIt)) {
          grouped = std::move(more);
          outerOuts = std::move(columnsWithIt);
        }
      }
    }
    std::vector<Kernel> ks;
    if (grouped) {
      ks = std::move(grouped).value();
    } else if (group.size() == 1) {
      return grouped.error();
    } else {  // the group does not fit one row kernel after all: one per reduction
      for (const ir::Expr* e : group) {
        std::vector<const ir::Val*> own(e->outputs().begin(), e->outputs().end());
        SEGSCOPE_TRY(std::vector<Kernel> one, codegen::rowKernels(ctx, {e}, own, name + "_" + std::to_string(e->id())));
        for (Kernel& k : one) ks.push_back(std::move(k));
        for (const ir::Val* v : own) {
          ctx.inMemory.insert(v);
          if (!ctx.segmentOutputs.count(v)) ctx.temps.insert(v);
        }
      }
    }
    if (!outer.empty()) {  // the next group's reductions are done: its outputs too, and skip it
      outs.insert(outs.end(), outerOuts.begin(), outerOuts.end());
      ++gi;
    }
    for (const ir::Val* v : outs) {
      ctx.inMemory.insert(v);
      if (!ctx.segmentOutputs.count(v)) ctx.temps.insert(v);
      produced.insert(v);
    }
    for (Kernel& k : ks) plan.kernels.push_back(std::move(k));
  }
  std::vector<const ir::Val*> rest;
  for (const ir::Val* o : outputs)
    if (!produced.count(o)) rest.push_back(o);
  if (!rest.empty()) {
    SEGSCOPE_TRY(Kernel k, elementwiseKernel(ctx, rest, kernelName(seg, "pointwise", plan.kernels.size())));
    plan.kernels.push_back(std::move(k));
  }
  for (Kernel& k : plan.kernels) k.unfused = true;
  return plan;
}

}  // namespace

std::string_view kernelArgKindName(KernelArg::Kind kind) {
  switch (kind) {
    case KernelArg::Kind::Input: return "input";
    case KernelArg::Kind::Output: return "output";
    case KernelArg::Kind::Temp: return "temp";
    case KernelArg::Kind::Scalar: return "scalar";
  }
  return "?";
}

Result<KernelPlan> generateKernels(const segmenter::Segment& seg, const ir::Fusion& segmentFusion,
                                   const scheduler::RuntimeInfo& sizes, const CodegenOptions& options) {
  // The block reductions shuffle with a full warp mask and halve the block down to one warp.
  const int block = options.maxReductionBlock;
  if (block < 32 || block > 1024 || (block & (block - 1)) != 0)
    return makeError("codegen: maxReductionBlock must be a power of two from 32 to 1024, not " + std::to_string(block));
  const std::int64_t tile = options.transposeTile;
  if (tile != 0 && (tile < 8 || tile > 128 || (tile & (tile - 1)) != 0))
    return makeError("codegen: transposeTile must be 0 or a power of two from 8 to 128, not " + std::to_string(tile));
  if (options.reductionUnroll < 1 || options.reductionUnroll > 16)
    return makeError("codegen: reductionUnroll must be 1 to 16, not " + std::to_string(options.reductionUnroll));
  // A portable cluster holds at most 8 blocks (larger ones need a non-portable opt-in).
  if (options.rowCluster != 0 && (options.rowCluster < 2 || options.rowCluster > 8))
    return makeError("codegen: rowCluster must be 0 (off) or 2 to 8 blocks, not " + std::to_string(options.rowCluster));
  if (auto reason = noKernelReason(seg, segmentFusion)) {
    KernelPlan plan;
    plan.noKernelReason = *reason;
    return plan;
  }
  const codegen::SizeTable table(sizes, seg, segmentFusion);
  KernelContext ctx{table, options, {}, {}, {}};
  for (const ir::Val* v : segmentFusion.inputs())
    if (v->isTensor()) ctx.inMemory.insert(v);
  std::vector<const ir::Val*> outputs;
  for (const ir::FusionOutput& o : segmentFusion.outputs()) {
    if (!o.val->isTensor()) continue;  // host scalars the runner records
    if (std::find(outputs.begin(), outputs.end(), o.val) == outputs.end()) outputs.push_back(o.val);
    ctx.segmentOutputs.insert(o.val);
    if (options.outputAllocationOrder && !o.strideOrder.empty() && !o.aliasOf) ctx.outputOrders[o.val] = o.strideOrder;
  }
  ctx.fastMath = fastMathApplies(options, outputs);
  std::vector<const ir::Expr*> reductions;
  for (const ir::Expr* e : segmentFusion.exprs()) {
    if (isReductionFamily(e->family())) reductions.push_back(e);
    if (e->family() == ir::OpFamily::Cumsum) return codegen::unsupported(*e, "no CUDA code generation for cumsum yet");
  }
  KernelPlan plan;
  if (reductions.empty()) {
    SEGSCOPE_TRY(Kernel k, elementwiseKernel(ctx, outputs, kernelName(seg, "pointwise", 0)));
    plan.kernels.push_back(std::move(k));
    return plan;
  }
  std::string why = "forced by CodegenOptions::forceUnfused";
  if (!options.forceUnfused) {
    auto fused = codegen::rowKernels(ctx, reductions, outputs, kernelName(seg, "row", 0));
    if (fused) {
      plan.kernels = std::move(fused).value();
      return plan;
    }
    why = fused.error().message;
  }
  auto split = unfusedPlan(seg, ctx, reductions, outputs);
  if (!split && why.rfind(codegen::kFewColumnBlocks, 0) == 0) {
    // The unfused plan was only preferred: the one-kernel normalization still runs.
    CodegenOptions unsplit = options;
    unsplit.outerSplitTargetBlocks = 0;
    KernelContext one{table, unsplit, ctx.inMemory, ctx.segmentOutputs, ctx.temps, ctx.fastMath, ctx.outputOrders};
    SEGSCOPE_TRY(plan.kernels, codegen::rowKernels(one, reductions, outputs, kernelName(seg, "row", 0)));
    return plan;
  }
  if (!split) return split.error();
  split->unfusedReason = why;
  return split;
}

}  // namespace segscope::exec::cuda
