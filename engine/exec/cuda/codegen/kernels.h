// Internal interface between the plan builder (codegen.cpp) and the per-family kernel
// generators (codegen_pointwise.cpp, codegen_reduction.cpp).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "exec/cuda/codegen/emitter.h"

namespace segscope::exec::cuda::codegen {

/// What a kernel may read from memory and where its results go.
struct KernelContext {
  const SizeTable& sizes;
  const CodegenOptions& options;
  std::set<const ir::Val*> inMemory;        // segment inputs and temps of earlier kernels
  std::set<const ir::Val*> segmentOutputs;  // written as Output; anything else as Temp
  std::set<const ir::Val*> temps;           // the subset of inMemory that earlier kernels wrote
  bool fastMath = false;                    // approximate transcendentals (CodegenOptions::fastMath)
  /// Segment outputs with an allocation order (FusionOutput::strideOrder) when
  /// CodegenOptions::outputAllocationOrder: pointwise kernels write them in that order.
  std::map<const ir::Val*, std::vector<std::int64_t>> outputOrders = {};
  KernelArg::Kind kindOf(const ir::Val* v) const {
    return segmentOutputs.count(v) ? KernelArg::Kind::Output : KernelArg::Kind::Temp;
  }
};

/// One thread per element, a grid-stride loop per distinct output shape.
Result<Kernel> pointwiseKernel(const KernelContext& ctx, const std::vector<const ir::Val*>& outputs,
                               const std::string& name);

/// The pointwise kernel as T x T output tiles (CodegenOptions::transposeTile) when some input is
/// read across the output's innermost dim: those inputs staged through shared memory. nullopt
/// when the option is off or nothing would be staged (one output shape only).
Result<std::optional<Kernel>> tiledTransposeKernel(const KernelContext& ctx, const std::vector<const ir::Val*>& outputs,
                                                   const std::string& name);

inline constexpr const char* kFewColumnBlocks = "an outer normalization on too few column blocks to fill the GPU";

/// One row per block (reduced dims innermost) or per thread (reduced dims outer): the
/// reductions in order, then outputs in the row space (after the reductions) and in the
/// reduction input's space (a last pass over the row: normalizations). Fails when some
/// output or read does not fit that structure; the caller then splits the segment.
/// Usually one kernel; an outer reduction whose column blocks cannot fill the GPU becomes two
/// (partials per chunk of rows into scratch Temp args with negative val ids, then a finish
/// kernel combining them in order and writing the row outputs). An outer normalization in that
/// case fails with an error starting with kFewColumnBlocks: the caller prefers the unfused plan.
Result<std::vector<Kernel>> rowKernels(const KernelContext& ctx, const std::vector<const ir::Expr*>& reductions,
                                       const std::vector<const ir::Val*>& outputs, const std::string& name);

/// Inner reductions and outer reductions over the same input whose reduced dims are the kept
/// ones (layer norm backward's row sums and its weight and bias gradients;
/// CodegenOptions::innerOuter): one persistent block-per-row kernel that computes the inner
/// reductions and `outputs` and folds every row into per-block column partials, then the split
/// finish kernel that combines the partials into `outerOutputs`. An error when the shapes do not
/// fit (the caller keeps separate kernels).
Result<std::vector<Kernel>> innerOuterKernels(const KernelContext& ctx, const std::vector<const ir::Expr*>& inner,
                                              const std::vector<const ir::Val*>& outputs,
                                              const std::vector<const ir::Expr*>& outer,
                                              const std::vector<const ir::Val*>& outerOutputs, const std::string& name);

/// Sets `k.source` (the prelude, then `body` wrapped as entry `k.name`), `k.args` and
/// `k.genericName`. With CodegenOptions::hostLayout there are two entries over one parameter
/// list: `k.name` with the planned strides as literals and the alignment checked by the runner
/// (32-bit indices under index32 when every tensor fits), and `k.genericName`.
/// `maxThreads` > 0 adds __launch_bounds__ (the block size is fixed at generation time, so
/// ptxas may budget registers for exactly that many threads); `minBlocks` > 0 also asks for
/// that many resident blocks per SM, which caps the registers a thread may use.
/// `clusterCtas` > 1 launches clusters of that many blocks (__cluster_dims__) and adds the
/// cluster helpers (sg_cluster_rank, sg_cluster_reduce) to the source.
void finishKernel(Kernel& k, const ArgTable& args, const std::string& body, const CodegenOptions& options,
                  std::int64_t maxThreads = 0, std::int64_t minBlocks = 0, std::int64_t clusterCtas = 1);

}  // namespace segscope::exec::cuda::codegen
