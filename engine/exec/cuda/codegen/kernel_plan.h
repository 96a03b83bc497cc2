// CUDA code generation for one segment: the kernels (CUDA C++ source, arguments, launch
// configuration) that compute it. Plain C++: builds and is tested without a GPU.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/data_type.h"
#include "ir/fusion.h"
#include "scheduler/runtime_info.h"
#include "segmenter/segmentation.h"
#include "support/result.h"

namespace segscope::exec::cuda {

/// One kernel parameter group, in signature order. A tensor expands to its data pointer
/// followed by one `long long` stride (in elements) per dim; a scalar is one value of its
/// compute type (double for floating scalars, long long for integers, bool).
struct KernelArg {
  enum class Kind : std::uint8_t {
    Input,   // a segment input tensor, read through the strides passed at launch
    Output,  // a segment output tensor, laid out in `strides` (0 along dims a row kernel
             // broadcasts a per-row value over: written once per row, read back expanded)
    Temp,    // an intermediate of an unfused plan: the runner allocates it (sizes, strides)
    Scalar,  // a runtime scalar input of the segment
  };
  Kind kind = Kind::Input;
  int valId = -1;  // the val id in the segment fusion (== the complete fusion's id); < 0: a scratch Temp
  ir::DataType dtype = ir::DataType::Null;
  std::vector<std::int64_t> sizes;  // tensors only
  /// Tensors only: the layout outputs and temps are allocated in; for inputs the layout their
  /// definition declares (dense in its stride order), which Kernel::genericName's twin assumes.
  std::vector<std::int64_t> strides;
  bool isTensor() const { return kind != Kind::Scalar; }
};

struct Dim3 {
  std::int64_t x = 1, y = 1, z = 1;
};

struct LaunchConfig {
  Dim3 grid;
  Dim3 block;
  std::int64_t sharedBytes = 0;  // dynamic shared memory
};

struct Kernel {
  std::string name;    // the extern "C" __global__ function in `source`
  std::string source;  // a complete NVRTC translation unit (prelude included)
  std::vector<KernelArg> args;
  LaunchConfig launch;
  bool unfused = false;  // one kernel of a multi-kernel plan for a segment a single kernel could not cover
  /// Set when `name` is specialized on its args' layout (CodegenOptions::hostLayout): the entry
  /// bakes every tensor's KernelArg::strides in as literals and assumes 16-byte aligned pointers.
  /// The runner launches `name` when every tensor it passes has those strides (along dims wider
  /// than 1) and is aligned, else this entry: the same body over the stride parameters.
  std::string genericName;
};

struct KernelPlan {
  std::vector<Kernel> kernels;  // in launch order; temps flow from earlier to later kernels
  /// True when the segment's intermediates stay on chip: one kernel, or a grid-split outer
  /// reduction (partials kernel + finish kernel, only per-column partials in scratch); false for
  /// unfused multi-kernel plans that write intermediates to temps.
  bool fused = true;
  /// Set when the plan has no kernels: why (host expr_eval segment, library op, random op).
  std::string noKernelReason;
  /// Set when !fused: why one kernel could not cover the segment.
  std::string unfusedReason;
};

struct CodegenOptions {
  int pointwiseBlock = 128;  // threads per block for pointwise kernels
  /// Widest access of the pointwise vector path (bytes; 16 = ld/st.global.v4.b32); < 2 disables it.
  int maxVectorBytes = 16;
  std::int64_t maxGridX = 65536;  // grid-stride loops cover the rest
  int maxReductionBlock = 512;    // threads per block for block-per-row kernels
  /// Inner reductions over many short rows (a warp covers the row in a few 16-byte steps) run
  /// a warp per row, this many rows per block: no block barrier, several rows' loads in flight
  /// per block (softmax over [65536, 1024] ran at 16 % of DRAM peak one block per row); 1 disables.
  std::int64_t warpRowsPerBlock = 4;
  /// A block-per-row kernel that passes over its row more than once keeps the row in registers
  /// when each thread holds at most this many of its elements: the later passes read the
  /// values the earlier ones loaded and computed (the cast input, softmax's exp) instead of
  /// re-reading a shared-memory copy and converting and computing them again. 0 disables it.
  std::int64_t registerRowValues = 32;
  /// ... and takes at most this many steps over it. Measured on an H200 (docs/gpu/2026-11-26-h200/
  /// variants): 4 steps of 8 (softmax, rms and layer norm) ran at 68-78 % of DRAM peak against
  /// 31-46 % with the shared-memory row cache, but cross entropy's 8 steps of 4 (a float output
  /// halves the width) went from 60 % to 48 %; such rows keep the shared-memory cache.
  std::int64_t registerRowMaxSteps = 4;
  /// Resident threads per SM a register-resident row kernel asks ptxas for (__launch_bounds__'s
  /// minimum blocks): 1024 of 2048 caps a thread at 64 registers. 0: no minimum.
  std::int64_t registerRowMinOccupancyThreads = 1024;
  /// Dynamic shared memory a block-per-row kernel may use to hold its row's inputs between
  /// passes (48 KiB: no cudaFuncSetAttribute opt-in needed). 0 disables the row cache.
  std::int64_t rowCacheBytes = 48 * 1024;
  /// Outer reductions whose column blocks are fewer than this split their reduced rows across
  /// gridDim.y blocks (2 × the SM count of an H100); 0 disables the split.
  std::int64_t outerSplitTargetBlocks = 264;
  /// The fewest reduced rows one split block reduces.
  std::int64_t minRowsPerSplit = 256;
  /// Inner reductions with fewer rows than half outerSplitTargetBlocks split each row into
  /// chunks of at least this many elements across gridDim.y blocks; 0 disables the split.
  std::int64_t minInnerSplitChunk = 8192;
  /// Row kernels write full-shape outputs that broadcast a per-row value once per row, with
  /// stride 0 along the reduced dims (false: at full size, contiguous).
  bool rowBroadcastOutputs = true;
  /// Force the multi-kernel fallback for reductions and normalizations (testing).
  bool forceUnfused = false;
  /// Hardware approximations for float tanh, exp and sigmoid/silu (tanh.approx.f32, ex2.approx
  /// through __expf, __fdividef): 0 never; 1 in kernels whose floating outputs are all half or
  /// bfloat16, where the approximation's error (about 2^-11 relative for tanh) sits below the
  /// output's own rounding (2^-8 / 2^-11); 2 in every kernel. Accurate tanhf is 17 SASS of gelu's
  /// 35 per element (shared/reference/gpu-analysis.md §5.1). Measured on an H200 (docs/gpu/
  /// 2026-11-28-h200/compare.md, 2 rounds): gelu 0.0965 -> 0.0719 ms, softmax 0.0818 -> 0.0767,
  /// swiglu 0.0592 -> 0.0578, the other large samples within 0.3 %; all 44 scripts verified with it.
  int fastMath = 1;
  /// var / var_mean / welford over a row kept in registers: exact two-pass statistics (a block
  /// sum gives the mean, then a block sum of squared deviations from it) instead of per-thread
  /// statistics merged by Chan's formula, whose two divisions per shuffle level made layer norm
  /// issue-bound. Measured on an H200 (docs/gpu/2026-11-28-h200/second-call/compare.md, 2 rounds):
  /// layer_norm_fwd 0.0983 -> 0.0796 ms (56.7 -> 70.1 % of DRAM peak), as kbench's hand-made
  /// variant predicted (0.098 -> 0.080 ms).
  bool twoPassRowStats = true;
  /// Pointwise kernels that read an input across the output's innermost dim (a permute moving
  /// it: the transpose scheduler's segments) take the output in T x T tiles and stage such inputs
  /// through shared memory, so that their loads run along their own innermost dim (16-byte
  /// vectors where the extents and alignment allow). The plain kernel read them with a stride of
  /// a whole row per lane. 0 disables; else a power of two from 8 to 128. Measured on an H200
  /// (docs/gpu/2026-11-30-h200/second-call/compare.md, 2 rounds): transpose_add (a + b.T, bf16
  /// 8192²) 0.4733 -> 0.1063 ms (17.7 -> 78.7 % of DRAM peak), tile_transpose 0.4626 -> 0.0798
  /// ms; tiles of 32 gave 0.1142 / 0.0822 ms.
  std::int64_t transposeTile = 64;
  /// Plain outer reductions (sum, prod, max, min over the outer dims) read 16 bytes of adjacent
  /// columns per thread and row, in a partial kernel over chunks of rows plus the finish kernel.
  /// The one-column kernel moves 2-4 bytes per thread and load. Measured on an H200
  /// (docs/gpu/2026-11-30-h200/second-call/compare.md, 2 rounds): column_sum (half [32768, 2048])
  /// 0.0917 -> 0.0489 ms (30.4 -> 57.0 % of DRAM peak); with 4x the row splits 0.0539 ms.
  bool columnVector = true;
  /// An unfused plan (reductions of several shapes in one segment) gives each consecutive run
  /// of reductions over one shape a single row kernel instead of one kernel per reduction: layer
  /// norm backward's 7 kernels read its inputs five times. Measured on an H200 (docs/gpu/
  /// 2026-11-30-h200/second-call/compare.md, 2 rounds): layer_norm_bwd 0.2216 -> 0.1711 ms, with
  /// column_vector 0.1543 ms (3 kernels); batch_norm_running_stats 0.1533 -> 0.1393 ms.
  bool groupUnfusedReductions = true;
  /// Every kernel gets two entries (Kernel::genericName): one specialized on the layout the
  /// runner allocates (contiguous inputs, the planned output and temp strides, 16-byte aligned
  /// pointers), with the strides as literals and the vector paths' 16-byte alignment checks
  /// decided on the host, and a generic one. The runner checks the layout at launch, as nvFuser validates
  /// vectorized tensors on the host (csrc/runtime/executor_utils.cpp,
  /// validateAlignedVectorizedTensors). shared/reference/gpu-analysis.md §5.2 counted 113 SASS
  /// per element of runtime-stride index math in transpose_heavy. Not yet measured on a GPU.
  bool hostLayout = false;
  /// With hostLayout: the specialized entry indexes in 32 bits when every tensor's span and every
  /// grid-stride loop fit (spans under 2^30 elements), as nvFuser picks the smallest index type
  /// of the arguments (csrc/runtime/executor.cpp). Pointwise, tiled transpose and index maps
  /// use it; row and column kernels keep their 64-bit loop counters. Not yet measured on a GPU.
  bool index32 = false;
  /// Pointwise vector paths follow their lanes through slices and reshapes (Emitter::laneWidth),
  /// so that a tensor read through them moves as one 16-byte access; and a single-shape vector
  /// path also stores, lane by lane, the outputs of another shape it computes one to one.
  /// Without it the vector path read only tensors of the output's innermost extent (swiglu's
  /// slices: 2-byte loads, shared/reference/gpu-analysis.md §5.1) and a second output shape of
  /// the same size turned it off (transpose_heavy: one element a thread). Not yet measured.
  bool vectorLanes = false;
  /// Block-per-row kernels walk every pass after the first from the row's end: a row too long
  /// for the row cache (reduction_epilogue's 512 KB rows) is read again from DRAM in the same
  /// order it was read, by which time its head has left L2; its tail, read last, is still there
  /// (shared/reference/gpu-analysis.md §5.3 expected 40 -> 48 % of DRAM peak). Not yet measured.
  bool reverseReread = false;
  /// An unfused plan whose inner reductions are followed by outer reductions over the same input
  /// and the complementary dims (layer norm backward: row sums, then the weight and bias
  /// gradients) runs both in one persistent block-per-row kernel that folds each row into
  /// per-block column partials in shared memory, plus a finish kernel, as nvFuser's
  /// inner-outer persistent scheduler does (csrc/scheduler/normalization_inner_outer.cpp). The
  /// separate column kernels read the inputs again (shared/reference/gpu-analysis.md §5.4).
  /// Not yet measured on a GPU.
  bool innerOuter = false;
  /// Row kernels take their vector width from the row-shaped tensors they load, not also from
  /// the ones they store: cross entropy's float output beside its bfloat16 input halved the
  /// width (8-byte loads, 8 steps over a row of 1000, too many for the register-resident row;
  /// shared/reference/gpu-analysis.md §5.3). A wider output then stores 32 bytes per thread and
  /// step. Not yet measured on a GPU.
  bool rowWidthFromInputs = false;
  /// columnVector for var / var_mean / welford over the outer dims too (batch norm's
  /// statistics): eight columns a thread in 16-byte loads, each with a shifted sum and sum of
  /// squares, where the one-column kernel moved 4 bytes per load (batch_norm_running_stats at
  /// 40 % of DRAM peak; shared/reference/gpu-analysis.md §5.4). Not yet measured on a GPU.
  bool columnVectorWelford = false;
  /// A row too long for one block's row cache (reduction_epilogue's 512 KB rows, read twice
  /// from DRAM) runs on a thread-block cluster of this many blocks (2-8; 0 off): each caches its
  /// chunk in shared memory and the reductions combine through distributed shared memory
  /// (__cluster_dims__, sm_90). shared/reference/gpu-analysis.md §5.3 expected 70-75 % of DRAM
  /// peak. Plain reductions only. Not yet measured on a GPU.
  std::int64_t rowCluster = 0;
  /// Pointwise kernels write each output in its allocation order (fd.add_output(T,
  /// stride_order=...) or nvFuser's allocation order inference; csrc/preseg_passes/
  /// allocation_order_inference.cpp) and walk their loop in that order, as nvFuser allocates
  /// them. Without it every output is row-major: a transpose whose output takes its input's
  /// order (tile_transpose) is a copy for nvFuser and torch.compile but a real transpose here,
  /// so its timing is not comparable (docs/gpu/2026-11-30-h200/README.md). Other kernels keep
  /// row-major outputs. Not yet measured on a GPU.
  bool outputAllocationOrder = false;
  /// How far reduction loops that do not keep the row in registers unroll (#pragma unroll N):
  /// the loads each thread has in flight. 4 since one load per iteration held batch norm's
  /// statistics at 18 % of DRAM peak on an H200 (RowKernelBuilder::openReductionLoop); inner_sum
  /// (65.5 %) and column_sum (57.0 %) are still short of the 75 % reduction target, so the next
  /// window A/Bs 8.
  std::int64_t reductionUnroll = 4;
  /// Block- and warp-per-row kernels ask L2 for the next row they will take while they work on
  /// this one (prefetch.global.L2 per 128-byte line): a persistent row loop's next-row prefetch
  /// without registers to hold it. kbench's hand-made register prefetch for softmax measured
  /// 0.0704 ms against 0.0700 ms without (docs/gpu/2026-11-28-h200/kbench.md), so this cheaper
  /// form is what a window A/Bs. Not yet measured on a GPU.
  bool prefetchNextRow = false;
};

/// Kernels for segment `seg`. `segmentFusion` is its exported standalone fusion
/// (segmenter::exportSegment); `sizes` is bound on the complete fusion or on the segment
/// fusion (vals are matched by pointer, then by id). Unsupported ops or dtypes come back as
/// an Error naming the op and its source location.
Result<KernelPlan> generateKernels(const segmenter::Segment& seg, const ir::Fusion& segmentFusion,
                                   const scheduler::RuntimeInfo& sizes, const CodegenOptions& options = {});

std::string_view kernelArgKindName(KernelArg::Kind kind);

}  // namespace segscope::exec::cuda
