// Internal to the CUDA codegen: the row kernel builder shared by codegen_reduction.cpp (the
// reductions, variances and split/launch planning) and row_kernel_builder.cpp (the row's
// loops, loads, caches and outputs).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "exec/cuda/codegen/kernels.h"

namespace segscope::exec::cuda::codegen::row {

struct RowShape {
  std::vector<std::int64_t> sizes;  // the reduction input's
  std::vector<bool> reduced;        // per dim
  std::int64_t rows = 1, extent = 1;
  std::vector<std::int64_t> keptSizes() const {
    std::vector<std::int64_t> k;
    for (std::size_t d = 0; d < sizes.size(); ++d)
      if (!reduced[d]) k.push_back(sizes[d]);
    return k;
  }
  std::vector<std::int64_t> reducedSizes() const {
    std::vector<std::int64_t> r;
    for (std::size_t d = 0; d < sizes.size(); ++d)
      if (reduced[d]) r.push_back(sizes[d]);
    return r;
  }
};

/// Reductions split across blocks: the partial kernel reduces chunk `split` of each row's
/// reduced elements (outer: of each column's reduced rows) into scratch[split, row]; the
/// finish kernel, one thread per row, combines the partials.
struct GridSplit {
  enum class Phase { None, Partial, Finish };
  Phase phase = Phase::None;
  std::int64_t splits = 1, chunk = 0;
};

/// Threads per column of a column (outer) reduction kernel: blockDim.y, each taking every
/// so-many-th reduced row of its column (a power of two up to 16, for the column tree).
inline std::int64_t columnThreads(std::int64_t extent) {
  std::int64_t p = 1;
  while (p < extent && p < 16) p <<= 1;
  return p;
}

/// Elements per thread and iteration of a block-per-row kernel's passes: 16 bytes of the
/// widest row-shaped tensor it reads or writes (at most 8), when the innermost reduced extent
/// is a multiple; 1 otherwise (and for column kernels).
std::int64_t rowVectorWidth(const KernelContext& ctx, const RowShape& shape,
                            const std::vector<const ir::Val*>& outputs);

/// How a reduction's partials combine: a functor type and its identity (CUDA source text).
struct Combine {
  std::string functor, identity;
};
/// The type a reduction accumulates in (bools as int).
std::string accumulatorType(ir::DataType out);
Result<Combine> combineFor(const ir::Expr& e, const std::string& type);

/// Columns per thread of a plain outer reduction's vector kernel (CodegenOptions::columnVector):
/// 16 bytes of its widest input (at most 8) when the reduced dims are the outer ones, every
/// reduction is a sum, product, max or min, and the innermost kept extent is a multiple; 1 = none.
std::int64_t columnVectorWidth(const KernelContext& ctx, const RowShape& shape,
                               const std::vector<const ir::Expr*>& reductions);
/// The partial kernel of that vector column reduction: each chunk of `split` reduced into the
/// scratch partials the builder's finish kernel reads (one chunk when split.splits is 1).
Result<Kernel> columnVectorPartial(const KernelContext& ctx, const RowShape& shape, const GridSplit& split,
                                   std::int64_t width, const std::vector<const ir::Expr*>& reductions,
                                   const std::string& name);

class RowKernelBuilder {
 public:
  /// `width` > 1: block-per-row passes move that many elements per thread and iteration.
  /// `rowsPerBlock` > 1 (with blockThreads 32): a warp per row, threadIdx.y picks the row.
  RowKernelBuilder(const KernelContext& ctx, const RowShape& shape, bool block, std::int64_t blockThreads,
                   std::int64_t width, GridSplit split = {}, std::int64_t rowsPerBlock = 1)
      : ctx_(ctx),
        shape_(shape),
        block_(block),
        blockThreads_(blockThreads),
        rowsPerBlock_(block ? std::max<std::int64_t>(rowsPerBlock, 1) : 1),
        split_(split),
        width_(block ? std::max<std::int64_t>(width, 1) : 1),
        em_(ctx.sizes, args_, ctx.inMemory) {
    em_.fastMath = ctx.fastMath;
    em_.temps = ctx.temps;
    em_.onLoad = [this](const ir::Val* v, const Index& idx, const std::string& global) {
      return rowLoad(v, idx, global);
    };
    em_.onReduction = [this](const ir::Expr& e, std::size_t output, const Index& idx) {
      return reductionValue(e, output, idx);
    };
  }

  Result<std::string> build(const std::vector<const ir::Expr*>& reductions, const std::vector<const ir::Val*>& outputs);
  /// Outer reductions over the row kernel's input whose reduced dims are its kept dims (layer
  /// norm backward's weight and bias gradients beside its row sums; CodegenOptions::innerOuter):
  /// the last pass also folds each row into per-column partials in shared memory, which each of
  /// the `blocks` persistent blocks writes to the scratch a split finish kernel combines
  /// (RowKernelBuilder::scratch's layout, [blocks, columns]). Block per row only, unsplit.
  void fuseColumnReductions(std::vector<const ir::Expr*> reductions, std::int64_t blocks) {
    columnReductions_ = std::move(reductions);
    columnBlocks_ = blocks;
  }
  /// A thread-block cluster of `ctas` per row (CodegenOptions::rowCluster): CTA k of the cluster
  /// takes chunk k of the row (`chunk` elements, a multiple of 8), caches it in its shared memory
  /// (up to `cacheBytes`) and meets the others' partials through distributed shared memory.
  /// Plain reductions only, unsplit block-per-row kernels.
  void clusterRows(std::int64_t ctas, std::int64_t chunk, std::int64_t cacheBytes) {
    cluster_ = ctas;
    clusterChunk_ = chunk;
    clusterCacheBytes_ = cacheBytes;
  }
  const ArgTable& args() const { return args_; }
  bool registerResident() const { return registerIters_ > 0; }
  /// The launch's dynamic shared memory: the row cache of each row the block holds.
  std::int64_t sharedBytes() const { return sharedBytes_ * rowsPerBlock_; }

 private:
  Result<Index> rowIndexOf(const ir::Val* v) const;
  bool broadcastsARowValue(const ir::Val* v) const;
  std::vector<std::int64_t> rowBroadcastStrides() const;
  Index fullIndex(const Index& reducedIdx) const;
  void openReductionLoop();
  // The per-thread partials of one row combined across the threads that share the row.
  std::string combineAcross(const std::string& acc, const std::string& functor, const std::string& identity) const {
    if (block_ && cluster_ > 1)
      return "sg_cluster_reduce(sg_block_reduce(" + acc + ", " + functor + ", " + identity + "), " + functor +
             ", SG_CLUSTER(" + std::to_string(cluster_) + "))";
    return block_ ? "sg_block_reduce(" + acc + ", " + functor + ", " + identity + ")"
                  : "sg_col_reduce(" + acc + ", " + functor + ")";
  }
  // The row cache's index of element r: the whole row, or (clustered) this CTA's chunk.
  std::string cacheIndex() const { return cluster_ > 1 ? "(r - sg_r0)" : "r"; }
  Status welfordPass(const ir::Expr& e, const std::string& type);
  Status registerWelford(const ir::Expr& e, const std::string& type, const std::string& n, const std::string& mean,
                         const std::string& m2);
  Status reduce(const ir::Expr& e);
  Status reduceSplit(const ir::Expr& e);
  Status columnWelfordPass(const ir::Expr& e, const std::string& type);
  Status finishVariance(const ir::Expr& e, const std::string& type, const std::string& mean, const std::string& s2);
  std::string scratch(const ir::Expr& e, int slot, const std::string& type);
  std::string scratchAt(const std::string& param, const std::string& split) const {
    return param + "[" + split + " * " + ArgTable::stride(param, 0) + " + row * " + ArgTable::stride(param, 1) + "]";
  }
  Result<std::string> reductionValue(const ir::Expr& e, std::size_t output, const Index& idx);

  // The row cache: inputs in the reduction input's space are copied to shared memory by the
  // first pass that reads them and read from there by later passes. Each thread reads back
  // only the elements it wrote (every pass uses the same r = (threadIdx.x + k*blockDim.x) *
  // width), so no barrier is needed.
  struct CachedRow {
    std::string name;
    std::int64_t offset = 0;
    std::int64_t hostOffset = 0;  // clustered: where the host emulation's whole-row copy starts
  };
  // Loads of row-shaped tensors at the pass's element: from the row cache, or (width > 1) one
  // 16-byte vector load per tensor and pass, shared by the lanes.
  std::optional<std::string> rowLoad(const ir::Val* v, const Index& idx, const std::string& global);
  std::optional<std::string> vectorLoad(const ir::Val* v, const std::vector<std::int64_t>& sizes, const Index& first,
                                        const std::string& global);
  std::optional<CachedRow> newCachedRow(const ir::Val* v);
  std::string vectorGuard(const std::string& param, ir::DataType dtype, const std::vector<std::int64_t>& sizes) const;
  std::string laneElement(std::size_t lane) const { return lane == 0 ? "r" : "(r + " + std::to_string(lane) + ")"; }
  /// One pass over the row: `perElement` is emitted once per lane, at that lane's index.
  Status overRow(const std::function<Status(const Index&)>& perElement);
  Status storeFullOutputs(const std::vector<const ir::Val*>& outputs);
  // fuseColumnReductions: the shared partials (declared and set to the identity before the row
  // loop), each lane's value folded in by the last pass, and the block's partials written out.
  Status openColumnPartials();
  Status foldColumnPartials();
  void writeColumnPartials();
  std::string partialSlot(const std::string& column, const std::string& run, std::int64_t lane) const;
  std::string nextRowPrefetch(int indent);
  void beginPass();
  /// `carry`: in a register-resident row, keep the pass's values for the passes after it.
  void endPass(bool carry = true);
  std::int64_t registerIterations() const;
  std::string registerSteps() const;  // the register loop's trip count (SG_STEPS: device, host)
  void carryPassValues();
  std::string sharedDeclarations() const;

  const KernelContext& ctx_;
  RowShape shape_;
  bool block_;
  std::int64_t blockThreads_;  // block-per-row kernels: the launch's block.x
  std::int64_t rowsPerBlock_;  // block-per-row kernels: the launch's block.y (warp per row when > 1)
  GridSplit split_;
  std::int64_t width_;  // elements per thread and pass iteration (> 1: vector loads)
  bool cacheRows_ = false;
  // > 0: the row stays in registers. Each pass is a fully unrolled loop of this many steps, and
  // the values a pass computes (the loaded row, exp(x - max), ...) are kept per step in
  // register arrays that later passes read instead of loading or computing them again.
  std::int64_t registerIters_ = 0;
  std::map<std::string, std::string> carried_;  // memo key -> register array element
  bool partialStep_ = false;                    // the register loop's last step is partial
  int loops_ = 0, loopsDone_ = 0;               // the kernel's loops over the row (the last carries nothing)
  std::size_t passStart_ = 0;                   // where the pass's loop begins in the text
  int passIndent_ = 0;
  bool inPass_ = false;
  std::vector<Index> lanes_;                    // the pass's element index per lane
  std::size_t lane_ = 0;                        // the lane being emitted
  std::map<std::string, std::string> vectors_;  // this pass's vector registers, by (val, lane 0's index)
  std::map<const ir::Val*, CachedRow> cached_;
  std::int64_t sharedBytes_ = 0;
  ArgTable args_;
  Emitter em_;
  Index kept_;  // per dim of the reduction input: the row's index, "0" at reduced dims
  std::map<std::pair<const ir::Expr*, std::size_t>, std::string> done_;
  std::vector<const ir::Expr*> columnReductions_;
  std::int64_t columnBlocks_ = 0;
  std::int64_t cluster_ = 1, clusterChunk_ = 0, clusterCacheBytes_ = 0;  // see clusterRows
  std::int64_t hostSharedBytes_ = 0;  // clustered: the row cache at whole rows (host emulation)
  struct ColumnPartial {
    const ir::Expr* e = nullptr;
    std::string shared, part, type;
    Combine combine;
  };
  std::vector<ColumnPartial> columnPartials_;
};

}  // namespace segscope::exec::cuda::codegen::row
