// Reduction and normalization kernels. Reduced dims innermost: one block per row, a
// strided loop per thread (the block size a literal, so the loop unrolls and keeps several
// loads in flight), then a warp-shuffle + shared-memory block reduction; with fewer rows
// than the GPU has SMs to fill, each row is split across gridDim.y blocks too. Reduced
// dims outer: one thread per output column looping over the reduced rows (adjacent threads
// read adjacent columns, so loads coalesce); with few columns the reduced rows are split
// across gridDim.y blocks too, each writing a partial per column, and a second kernel combines
// the partials in a fixed order (deterministic) and runs the epilogue. Pre-reduction ops run
// inside the loop; post-reduction ops on the row (epilogue) or over the row again (normalizations).
#include <algorithm>
#include <map>
#include <optional>

#include "exec/cuda/codegen/kernels.h"
#include "exec/cuda/codegen/prelude.h"
#include "exec/cuda/codegen/row_kernel.h"

namespace segscope::exec::cuda::codegen {

namespace row {

Result<RowShape> rowShapeOf(const SizeTable& sizes, const ir::Expr& e) {
  RowShape s;
  SEGSCOPE_TRY(s.sizes, sizes.sizes(e.operand(0)));
  s.reduced.assign(s.sizes.size(), false);
  for (std::int64_t d : e.attrs().dims) {
    const std::int64_t w = d < 0 ? d + static_cast<std::int64_t>(s.sizes.size()) : d;
    if (w < 0 || w >= static_cast<std::int64_t>(s.sizes.size())) return unsupported(e, "reduction dim out of range");
    s.reduced[static_cast<std::size_t>(w)] = true;
  }
  for (std::size_t d = 0; d < s.sizes.size(); ++d) (s.reduced[d] ? s.extent : s.rows) *= s.sizes[d];
  return s;
}

// Reduced dims innermost (ignoring extent-1 dims): rows map to blocks.
bool innerReduction(const RowShape& s) {
  for (std::size_t d = s.sizes.size(); d-- > 0;)
    if (s.sizes[d] != 1) return s.reduced[d];
  return true;
}

// The type a reduction accumulates in. Bools reduce as int: the warp shuffles have no bool
// overload (a bool argument picks int and the combine's template deduction fails), and max/min
// over {0, 1} are any/all.
std::string accumulatorType(ir::DataType out) { return out == ir::DataType::Bool ? "int" : computeTypeName(out); }

Result<Combine> combineFor(const ir::Expr& e, const std::string& type) {
  const bool isFloat = type == "sg_float" || type == "double";
  if (type == "int") {  // bools: any (max) starts false, all (min) starts true
    switch (e.op()) {
      case ir::OpType::Sum: return Combine{"SgAdd()", "0"};
      case ir::OpType::Prod: return Combine{"SgMul()", "1"};
      case ir::OpType::Max: return Combine{"SgMax()", "0"};
      case ir::OpType::Min: return Combine{"SgMin()", "1"};
      default: return unsupported(e, "not a reduction with a combine");
    }
  }
  switch (e.op()) {
    case ir::OpType::Sum: return Combine{"SgAdd()", "(" + type + ")0"};
    case ir::OpType::Prod: return Combine{"SgMul()", "(" + type + ")1"};
    case ir::OpType::Max:
      return Combine{"SgMax()", isFloat ? "(" + type + ")(-SG_INF)" : "(" + type + ")(-9223372036854775807LL - 1)"};
    case ir::OpType::Min:
      return Combine{"SgMin()", isFloat ? "(" + type + ")SG_INF" : "(" + type + ")9223372036854775807LL"};
    default: return unsupported(e, "not a reduction with a combine");
  }
}

// var / var_mean / welford of a block-per-row kernel in one pass: each thread runs Welford
// over its elements (mean{id}, m2_{id}, n{id}), then the block merges them (Chan's formula).
// Reads the row once instead of twice, and stays accurate where sum − n·mean² would cancel.
Status RowKernelBuilder::welfordPass(const ir::Expr& e, const std::string& type) {
  const std::string id = std::to_string(e.id());
  const std::string n = "n" + id, mean = "mean" + id, m2 = "m2_" + id;
  em_.line(type + " " + n + " = 0, " + mean + " = 0, " + m2 + " = 0;");
  if (registerIters_ > 0) return registerWelford(e, type, n, mean, m2);
  const Status pass = overRow([&](const Index& full) -> Status {
    SEGSCOPE_TRY(std::string value, em_.value(e.operand(0), full));
    const std::string x = em_.fresh("x"), delta = em_.fresh("delta");
    em_.line("const " + type + " " + x + " = (" + type + ")" + value + ", " + delta + " = " + x + " - " + mean + ";");
    em_.line(n + " += (" + type + ")1;");
    em_.line(mean + " += " + delta + " / " + n + ";");
    em_.line(m2 + " += " + delta + " * (" + x + " - " + mean + ");");
    return {};
  });
  if (!pass) return pass;
  em_.line("sg_block_welford(" + mean + ", " + m2 + ", " + n + ");");
  return {};
}

// The same statistics when the row is in registers: each thread sums its elements, takes its
// mean, then sums its squared deviations from the values the first loop kept (no memory read,
// and no division per element as in the running update), before the block merge.
Status RowKernelBuilder::registerWelford(const ir::Expr& e, const std::string& type, const std::string& n,
                                         const std::string& mean, const std::string& m2) {
  const std::string sum = "sum" + std::to_string(e.id());
  em_.line(type + " " + sum + " = 0;");
  Status pass = overRow([&](const Index& full) -> Status {
    SEGSCOPE_TRY(std::string value, em_.value(e.operand(0), full));
    em_.line(sum + " += (" + type + ")" + value + ";");
    em_.line(n + " += (" + type + ")1;");
    return {};
  });
  if (!pass) return pass;
  // Two-pass: the row's mean from a block sum over every thread's kept values, then each thread's
  // squared deviations from that mean, summed the same way. Every thread ends with the row's
  // statistics, as after sg_block_welford.
  const bool twoPass = ctx_.options.twoPassRowStats;
  if (twoPass) {
    em_.line(sum + " = sg_block_reduce(" + sum + ", SgAdd(), (" + type + ")0);");
    em_.line(n + " = (" + type + ")" + std::to_string(shape_.extent) + ";");
  }
  em_.line(mean + " = " + n + " > (" + type + ")0 ? " + sum + " / " + n + " : (" + type + ")0;");
  pass = overRow([&](const Index& full) -> Status {
    SEGSCOPE_TRY(std::string value, em_.value(e.operand(0), full));
    const std::string dev = em_.fresh("dev");
    em_.line("const " + type + " " + dev + " = (" + type + ")" + value + " - " + mean + ";");
    em_.line(m2 + " += " + dev + " * " + dev + ";");
    return {};
  });
  if (!pass) return pass;
  if (twoPass)
    em_.line(m2 + " = sg_block_reduce(" + m2 + ", SgAdd(), (" + type + ")0);");
  else
    em_.line("sg_block_welford(" + mean + ", " + m2 + ", " + n + ");");
  return {};
}

// var / var_mean / welford of a column (outer) kernel in one pass over the column: each thread
// sums its elements' deviations from its first one (shifted sums: no division per element, and
// the shift keeps sum − n·mean² from cancelling), turns them into its mean and M2, and the column
// tree merges those (Chan's formula). The two-pass version read the column twice, and batch
// norm's statistics kernel ran at 18 % of DRAM peak on an H200.
Status RowKernelBuilder::columnWelfordPass(const ir::Expr& e, const std::string& type) {
  const std::string id = std::to_string(e.id());
  const std::string n = "n" + id, mean = "mean" + id, m2 = "m2_" + id, shift = "shift" + id, s1 = "s1_" + id,
                    s2 = "s2_" + id;
  em_.line(type + " " + n + " = 0, " + shift + " = 0, " + s1 + " = 0, " + s2 + " = 0;");
  const Status pass = overRow([&](const Index& full) -> Status {
    SEGSCOPE_TRY(std::string value, em_.value(e.operand(0), full));
    const std::string x = em_.fresh("x"), d = em_.fresh("d");
    em_.line("const " + type + " " + x + " = (" + type + ")" + value + ";");
    em_.line(shift + " = " + n + " == (" + type + ")0 ? " + x + " : " + shift + ";");
    em_.line("const " + type + " " + d + " = " + x + " - " + shift + ";");
    em_.line(s1 + " += " + d + "; " + s2 + " += " + d + " * " + d + "; " + n + " += (" + type + ")1;");
    return {};
  });
  if (!pass) return pass;
  em_.line(type + " " + mean + " = " + n + " > (" + type + ")0 ? " + shift + " + " + s1 + " / " + n + " : (" + type +
           ")0;");
  em_.line(type + " " + m2 + " = " + n + " > (" + type + ")0 ? " + s2 + " - " + s1 + " * " + s1 + " / " + n + " : (" +
           type + ")0;");
  em_.line(m2 + " = " + m2 + " > (" + type + ")0 ? " + m2 + " : (" + type + ")0;");
  em_.line("sg_col_welford(" + mean + ", " + m2 + ", " + n + ");");
  return {};
}

Status RowKernelBuilder::reduce(const ir::Expr& e) {
  if (split_.phase != GridSplit::Phase::None) return reduceSplit(e);
  const std::string id = std::to_string(e.id());
  if (e.family() == ir::OpFamily::Reduction) {
    const ir::DataType out = e.output()->dtype();
    const std::string type = accumulatorType(out);
    SEGSCOPE_TRY(Combine c, combineFor(e, type));
    const std::string acc = "acc" + id;
    em_.line(type + " " + acc + " = " + c.identity + ";");
    const Status pass = overRow([&](const Index& full) -> Status {
      SEGSCOPE_TRY(std::string x, em_.value(e.operand(0), full));
      em_.line(acc + " = " + c.functor + "(" + acc + ", (" + type + ")" + x + ");");
      return {};
    });
    if (!pass) return pass;
    em_.line(acc + " = " + combineAcross(acc, c.functor, c.identity) + ";");
    em_.line("const " + computeTypeName(out) + " red" + id + " = " + roundTo(out, acc) + ";");
    done_[{&e, 0}] = "red" + id;
    return {};
  }
  if (cluster_ > 1) return unsupported(e, "a row split over a cluster takes plain reductions only");
  // var / var_mean / welford in the accumulation type of the first output, rounded per
  // output: one Welford pass per block, or (columns) the mean, then the centred squares.
  const ir::DataType out0 = e.output(0)->dtype();
  const std::string type = computeTypeName(out0) == "double" ? "double" : "sg_float";
  if (block_) {
    if (Status s = welfordPass(e, type); !s) return s;
    return finishVariance(e, type, "mean" + id, "m2_" + id);
  }
  if (Status s = columnWelfordPass(e, type); !s) return s;
  return finishVariance(e, type, "mean" + id, "m2_" + id);
}

// Binds var / var_mean / welford outputs from the row's mean and centred sum of squares.
Status RowKernelBuilder::finishVariance(const ir::Expr& e, const std::string& type, const std::string& mean,
                                        const std::string& s2) {
  const std::string id = std::to_string(e.id());
  const auto bindOut = [&](std::size_t i, const std::string& expr) {
    const ir::DataType t = e.output(i)->dtype();
    const std::string name = "red" + id + "_" + std::to_string(i);
    em_.line("const " + computeTypeName(t) + " " + name + " = " + roundTo(t, expr) + ";");
    done_[{&e, i}] = name;
  };
  if (e.family() == ir::OpFamily::Welford) {
    bindOut(0, mean);
    bindOut(1, s2);
    bindOut(2, std::to_string(shape_.extent) + "LL");
    return {};
  }
  // torch divides by max(0, N - correction): 0 gives inf (or nan when M2 is 0 too).
  const std::int64_t denom = std::max<std::int64_t>(0, shape_.extent - e.attrs().correction);
  bindOut(0, s2 + " / (" + type + ")" + std::to_string(denom) + "LL");
  if (e.family() == ir::OpFamily::VarMean) bindOut(1, mean);
  return {};
}

// The scratch tensor [splits, rows] of partial `slot` of reduction `e`, in the accumulator's type.
std::string RowKernelBuilder::scratch(const ir::Expr& e, int slot, const std::string& type) {
  const ir::DataType dtype = type == "double"      ? ir::DataType::Double
                             : type == "long long" ? ir::DataType::Int
                             : type == "bool"      ? ir::DataType::Bool
                                                   : ir::DataType::Float;
  return args_.scratch(-(e.id() * 4 + slot + 1), dtype, {split_.splits, shape_.rows},
                       "part" + std::to_string(e.id()) + "_" + std::to_string(slot));
}

// Split reductions. Partial: the chunk's combine (or, for var/welford, the chunk's mean and
// centred sum of squares) into scratch. Finish: the partials combined in split order (Chan's
// formula for mean/M2), so the result does not depend on timing.
Status RowKernelBuilder::reduceSplit(const ir::Expr& e) {
  const std::string id = std::to_string(e.id());
  const bool partial = split_.phase == GridSplit::Phase::Partial;
  const std::string splits = std::to_string(split_.splits) + "LL";
  const std::string store = block_ ? "if (threadIdx.x == 0) " : "if (active && threadIdx.y == 0) ";
  if (e.family() == ir::OpFamily::Reduction) {
    const ir::DataType out = e.output()->dtype();
    const std::string type = accumulatorType(out);
    SEGSCOPE_TRY(Combine c, combineFor(e, type));
    const std::string acc = "acc" + id, part = scratch(e, 0, type);
    em_.line(type + " " + acc + " = " + c.identity + ";");
    if (partial) {
      const Status pass = overRow([&](const Index& full) -> Status {
        SEGSCOPE_TRY(std::string x, em_.value(e.operand(0), full));
        em_.line(acc + " = " + c.functor + "(" + acc + ", (" + type + ")" + x + ");");
        return {};
      });
      if (!pass) return pass;
      em_.line(acc + " = " + combineAcross(acc, c.functor, c.identity) + ";");
      em_.line(store + "sg_st(&" + scratchAt(part, "split") + ", " + acc + ");");
      return {};
    }
    // `active` outside the loop: a constant trip count lets NVVM unroll the dependent loads.
    em_.open("if (active)");
    em_.open("for (long long s = 0; s < " + splits + "; ++s)");
    em_.line(acc + " = " + c.functor + "(" + acc + ", (" + type + ")sg_ld(" + scratchAt(part, "s") + "));");
    em_.close();
    em_.close();
    em_.line("const " + computeTypeName(out) + " red" + id + " = " + roundTo(out, acc) + ";");
    done_[{&e, 0}] = "red" + id;
    return {};
  }
  const ir::DataType out0 = e.output(0)->dtype();
  const std::string type = computeTypeName(out0) == "double" ? "double" : "sg_float";
  const std::string meanPart = scratch(e, 0, type), m2Part = scratch(e, 1, type);
  const std::string m2 = "m2_" + id, mean = "mean" + id;
  if (partial && block_) {
    if (Status s = welfordPass(e, type); !s) return s;
    em_.line(store + "{ sg_st(&" + scratchAt(meanPart, "split") + ", " + mean + "); sg_st(&" +
             scratchAt(m2Part, "split") + ", " + m2 + "); }");
    return {};
  }
  if (partial) {
    if (Status s = columnWelfordPass(e, type); !s) return s;
    em_.line(store + "{ sg_st(&" + scratchAt(meanPart, "split") + ", " + mean + "); sg_st(&" +
             scratchAt(m2Part, "split") + ", " + m2 + "); }");
    return {};
  }
  const std::string n = "n" + id, chunk = std::to_string(split_.chunk) + "LL",
                    extent = std::to_string(shape_.extent) + "LL";
  em_.line(type + " " + n + " = 0, " + mean + " = 0, " + m2 + " = 0;");
  em_.open("if (active)");
  em_.open("for (long long s = 0; s < " + splits + "; ++s)");
  em_.line("const " + type + " nb = (" + type + ")(s * " + chunk + " + " + chunk + " < " + extent + " ? " + chunk +
           " : " + extent + " - s * " + chunk + ");");
  em_.line("const " + type + " mb = (" + type + ")sg_ld(" + scratchAt(meanPart, "s") + ");");
  em_.line("const " + type + " delta = mb - " + mean + ", nab = " + n + " + nb;");
  em_.line(m2 + " += (" + type + ")sg_ld(" + scratchAt(m2Part, "s") + ") + delta * delta * " + n + " * nb / nab;");
  em_.line(mean + " += delta * nb / nab;");
  em_.line(n + " = nab;");
  em_.close();
  em_.close();
  return finishVariance(e, type, mean, m2);
}

std::int64_t nextPow2(std::int64_t v) {
  std::int64_t p = 1;
  while (p < v) p <<= 1;
  return p;
}

}  // namespace row

using namespace row;

namespace {

// Shared memory a clustered row's chunk cache may take (opt-in beyond 48 KiB; an H100/H200
// block may have 227 KiB).
constexpr std::int64_t kClusterCacheBytes = 200 * 1024;

Result<RowShape> sharedRowShape(const KernelContext& ctx, const std::vector<const ir::Expr*>& reductions) {
  if (reductions.empty()) return makeError("cuda codegen: a row kernel needs a reduction");
  SEGSCOPE_TRY(RowShape shape, rowShapeOf(ctx.sizes, *reductions.front()));
  for (const ir::Expr* e : reductions) {
    SEGSCOPE_TRY(RowShape other, rowShapeOf(ctx.sizes, *e));
    if (other.sizes != shape.sizes || other.reduced != shape.reduced)
      return unsupported(*e, "reduces another shape or other dims than " + std::string(reductions.front()->opName()) +
                                 " (not fusable into one row kernel)");
  }
  return shape;
}

Result<Kernel> buildRowKernel(const KernelContext& ctx, const RowShape& shape, bool block, std::int64_t blockThreads,
                              std::int64_t width, GridSplit split, const std::vector<const ir::Expr*>& reductions,
                              const std::vector<const ir::Val*>& outputs, const std::string& name,
                              std::int64_t rowsPerBlock = 1, const std::vector<const ir::Expr*>& columnReductions = {},
                              std::int64_t columnBlocks = 0, std::int64_t clusterCtas = 1,
                              std::int64_t clusterChunk = 0) {
  RowKernelBuilder b(ctx, shape, block, blockThreads, width, split, rowsPerBlock);
  if (!columnReductions.empty()) b.fuseColumnReductions(columnReductions, columnBlocks);
  if (clusterCtas > 1) b.clusterRows(clusterCtas, clusterChunk, kClusterCacheBytes);
  SEGSCOPE_TRY(std::string body, b.build(reductions, outputs));
  Kernel k;
  k.name = name;
  const std::int64_t threads = block ? blockThreads * rowsPerBlock : 0;
  // A register-resident row holds its elements in registers, and with the register use
  // unbounded ptxas took 94-163 per thread for 32 values (cross entropy, layer norm): too few
  // rows in flight per SM. Asking for half occupancy caps them at 64.
  // With rowWidthFromInputs a row of several reductions carries twice the lanes per step (cross
  // entropy: 72 B of spills at 64 registers), so it asks for half the occupancy (128 registers).
  const std::int64_t occupancy = ctx.options.rowWidthFromInputs && reductions.size() > 1
                                     ? ctx.options.registerRowMinOccupancyThreads / 2
                                     : ctx.options.registerRowMinOccupancyThreads;
  const std::int64_t minBlocks =
      b.registerResident() && occupancy > 0 ? std::max<std::int64_t>(1, occupancy / threads) : 0;
  finishKernel(k, b.args(), body, ctx.options, threads, minBlocks, clusterCtas);
  k.launch.sharedBytes = b.sharedBytes();
  return k;
}

// A long row (its cache would not fit one block's shared memory) over a cluster of
// CodegenOptions::rowCluster blocks, each caching its chunk: the row is read from DRAM once,
// not once per pass. Plain reductions only; nothing when the row is short or does not qualify.
std::optional<Kernel> clusterRowKernel(const KernelContext& ctx, const RowShape& shape, std::int64_t width,
                                       const std::vector<const ir::Expr*>& reductions,
                                       const std::vector<const ir::Val*>& outputs, const std::string& name) {
  const std::int64_t ctas = ctx.options.rowCluster;
  if (ctas < 2 || ctas > 8) return std::nullopt;
  int widest = 0;
  for (const ir::Val* v : ctx.inMemory)
    if (auto s = ctx.sizes.sizes(v); s && *s == shape.sizes) widest = std::max(widest, ir::byteSize(v->dtype()));
  if (widest == 0 || shape.extent * widest <= ctx.options.rowCacheBytes) return std::nullopt;
  for (const ir::Expr* e : reductions)
    if (e->family() != ir::OpFamily::Reduction) return std::nullopt;
  // Chunks start at multiples of 8 elements: every chunk's vectors stay aligned.
  const std::int64_t chunk = ((shape.extent + ctas - 1) / ctas + 7) / 8 * 8;
  const std::int64_t threads =
      std::clamp<std::int64_t>(nextPow2((chunk + width - 1) / width), 32, ctx.options.maxReductionBlock);
  auto k = buildRowKernel(ctx, shape, true, threads, width, {}, reductions, outputs, name, 1, {}, 0, ctas, chunk);
  if (!k) return std::nullopt;
  k->launch.block.x = threads;
  k->launch.grid.x = std::clamp<std::int64_t>(shape.rows, 1, ctx.options.maxGridX / ctas) * ctas;
  return std::move(k).value();
}

// Outer reductions with too few column blocks to fill the GPU split the reduced rows.
std::optional<GridSplit> gridSplitFor(const KernelContext& ctx, const RowShape& shape, std::int64_t columnBlocks) {
  const CodegenOptions& o = ctx.options;
  if (o.outerSplitTargetBlocks <= 0 || columnBlocks >= o.outerSplitTargetBlocks || o.minRowsPerSplit <= 0 ||
      shape.extent < 2 * o.minRowsPerSplit)
    return std::nullopt;
  GridSplit split;
  split.splits =
      std::min((o.outerSplitTargetBlocks + columnBlocks - 1) / columnBlocks, shape.extent / o.minRowsPerSplit);
  split.splits = std::min<std::int64_t>(split.splits, 65535);  // gridDim.y limit
  if (split.splits < 2) return std::nullopt;
  split.chunk = (shape.extent + split.splits - 1) / split.splits;
  split.splits = (shape.extent + split.chunk - 1) / split.chunk;  // no empty chunk
  return split;
}

// Inner reductions with fewer rows than blocks to fill the GPU split each row: a full
// reduction (one row) would otherwise run on one SM, 32 rows on 32 of 132.
std::optional<GridSplit> innerSplitFor(const KernelContext& ctx, const RowShape& shape) {
  const CodegenOptions& o = ctx.options;
  if (o.outerSplitTargetBlocks <= 0 || o.minInnerSplitChunk <= 0 || shape.rows >= o.outerSplitTargetBlocks / 2 ||
      shape.extent < 2 * o.minInnerSplitChunk)
    return std::nullopt;
  GridSplit split;
  split.splits =
      std::min((o.outerSplitTargetBlocks + shape.rows - 1) / shape.rows, shape.extent / o.minInnerSplitChunk);
  split.splits = std::min<std::int64_t>(split.splits, 65535);  // gridDim.y limit
  if (split.splits < 2) return std::nullopt;
  // Chunks start at multiples of 8, so a chunk's lanes stay aligned for 16-byte loads.
  split.chunk = (shape.extent + split.splits - 1) / split.splits;
  split.chunk = (split.chunk + 7) / 8 * 8;
  split.splits = (shape.extent + split.chunk - 1) / split.chunk;
  return split;
}

// A warp per row, several rows per block, when the rows are many (4 × the blocks a split aims
// for) and a warp covers a row in at most 8 vector steps; 1 otherwise (a block per row).
std::int64_t warpRowsPerBlock(const KernelContext& ctx, const RowShape& shape, std::int64_t width) {
  const std::int64_t r = ctx.options.warpRowsPerBlock;
  if (r <= 1 || r > 32 || ctx.options.outerSplitTargetBlocks <= 0) return 1;
  const std::int64_t steps = (shape.extent + 32 * width - 1) / (32 * width);
  return steps <= 8 && shape.rows >= 4 * ctx.options.outerSplitTargetBlocks ? r : 1;
}

// A block per row: enough threads for one vector step each; with rows to fill the GPU several
// times over, a quarter of that, so each thread keeps four loads in flight and fewer threads
// meet at each barrier (layer norm over [65536, 4096] ran 512 threads of one step each).
std::int64_t rowBlockThreads(const KernelContext& ctx, const RowShape& shape, std::int64_t width) {
  const std::int64_t steps = (shape.extent + width - 1) / width;
  const bool manyRows = ctx.options.outerSplitTargetBlocks > 0 && shape.rows >= 4 * ctx.options.outerSplitTargetBlocks;
  return std::clamp<std::int64_t>(nextPow2(manyRows ? (steps + 3) / 4 : steps), 32, ctx.options.maxReductionBlock);
}

// The partial and finish kernels of a split, or nothing when the kernel cannot be split (a
// normalization reads the whole row after its reductions). The finish runs one thread per row.
std::optional<std::vector<Kernel>> splitKernels(const KernelContext& ctx, const RowShape& shape, bool block,
                                                std::int64_t width, const LaunchConfig& partialLaunch,
                                                const GridSplit& split, const std::vector<const ir::Expr*>& reductions,
                                                const std::vector<const ir::Val*>& outputs, const std::string& name) {
  GridSplit partial = split, finish = split;
  partial.phase = GridSplit::Phase::Partial;
  finish.phase = GridSplit::Phase::Finish;
  auto first =
      buildRowKernel(ctx, shape, block, partialLaunch.block.x, width, partial, reductions, outputs, name + "_split");
  auto second = buildRowKernel(ctx, shape, false, 0, 1, finish, reductions, outputs, name + "_finish");
  if (!first || !second) return std::nullopt;
  first->launch = partialLaunch;
  first->launch.grid.y = split.splits;
  second->launch.block.x = 128;
  second->launch.grid.x = std::clamp<std::int64_t>((shape.rows + 127) / 128, 1, ctx.options.maxGridX);
  return std::vector<Kernel>{std::move(first).value(), std::move(second).value()};
}

// A plain outer reduction with vector column loads (CodegenOptions::columnVector): the vector
// partial kernel over chunks of rows (one chunk when the columns fill the GPU), then the
// builder's finish kernel. Nothing when the option is off or the segment does not qualify.
std::optional<std::vector<Kernel>> columnVectorKernels(const KernelContext& ctx, const RowShape& shape,
                                                       const std::vector<const ir::Expr*>& reductions,
                                                       const std::vector<const ir::Val*>& outputs,
                                                       const std::string& name) {
  const std::int64_t width = columnVectorWidth(ctx, shape, reductions);
  if (width < 2) return std::nullopt;
  const std::int64_t columnBlocks = (shape.rows + 32 * width - 1) / (32 * width);
  GridSplit split = gridSplitFor(ctx, shape, columnBlocks).value_or(GridSplit{GridSplit::Phase::None, 1, shape.extent});
  split.phase = GridSplit::Phase::Partial;
  auto partial = columnVectorPartial(ctx, shape, split, width, reductions, name + "_split");
  GridSplit finish = split;
  finish.phase = GridSplit::Phase::Finish;
  auto second = buildRowKernel(ctx, shape, false, 0, 1, finish, reductions, outputs, name + "_finish");
  if (!partial || !second) return std::nullopt;
  second->launch.block.x = 128;
  second->launch.grid.x = std::clamp<std::int64_t>((shape.rows + 127) / 128, 1, ctx.options.maxGridX);
  return std::vector<Kernel>{std::move(partial).value(), std::move(second).value()};
}

}  // namespace

Result<std::vector<Kernel>> innerOuterKernels(const KernelContext& ctx, const std::vector<const ir::Expr*>& inner,
                                              const std::vector<const ir::Val*>& outputs,
                                              const std::vector<const ir::Expr*>& outer,
                                              const std::vector<const ir::Val*>& outerOutputs,
                                              const std::string& name) {
  SEGSCOPE_TRY(RowShape shape, sharedRowShape(ctx, inner));
  SEGSCOPE_TRY(RowShape columns, sharedRowShape(ctx, outer));
  if (!innerReduction(shape) || columns.sizes != shape.sizes)
    return makeError("cuda codegen: inner-outer fusion needs inner reductions and outer ones over one input shape");
  for (std::size_t d = 0; d < shape.reduced.size(); ++d)
    if (columns.reduced[d] == shape.reduced[d])
      return makeError("cuda codegen: the outer reductions must reduce exactly the dims the row kernel keeps");
  // One partial per column and block in shared memory (static: at most 48 KiB, with room for
  // the block reduction's scratch).
  constexpr std::int64_t kPartialBytes = 32 * 1024;
  std::int64_t bytes = 0;
  for (const ir::Expr* e : outer) bytes += shape.extent * (accumulatorType(e->output()->dtype()) == "double" ? 8 : 4);
  if (bytes > kPartialBytes)
    return makeError("cuda codegen: " + std::to_string(bytes) + " bytes of column partials exceed " +
                     std::to_string(kPartialBytes));
  const std::int64_t width = rowVectorWidth(ctx, shape, outputs);
  const std::int64_t threads = rowBlockThreads(ctx, shape, width);
  // Persistent blocks: enough to fill the GPU (the split target), each writing one partial.
  const std::int64_t blocks =
      std::clamp<std::int64_t>(ctx.options.outerSplitTargetBlocks, 1, std::min<std::int64_t>(shape.rows, 65535));
  SEGSCOPE_TRY(Kernel rows,
               buildRowKernel(ctx, shape, true, threads, width, {}, inner, outputs, name, 1, outer, blocks));
  rows.launch.block.x = threads;
  rows.launch.grid.x = blocks;
  GridSplit finish{GridSplit::Phase::Finish, blocks, (shape.rows + blocks - 1) / blocks};
  SEGSCOPE_TRY(Kernel combine,
               buildRowKernel(ctx, columns, false, 0, 1, finish, outer, outerOutputs, name + "_finish"));
  combine.launch.block.x = 128;
  combine.launch.grid.x = std::clamp<std::int64_t>((columns.rows + 127) / 128, 1, ctx.options.maxGridX);
  return std::vector<Kernel>{std::move(rows), std::move(combine)};
}

Result<std::vector<Kernel>> rowKernels(const KernelContext& ctx, const std::vector<const ir::Expr*>& reductions,
                                       const std::vector<const ir::Val*>& outputs, const std::string& name) {
  SEGSCOPE_TRY(RowShape shape, sharedRowShape(ctx, reductions));
  const bool block = innerReduction(shape);
  // A thread moves `width` elements per iteration, so the block covers extent / width.
  const std::int64_t width = block ? rowVectorWidth(ctx, shape, outputs) : 1;
  const std::int64_t rowsPerBlock = block ? warpRowsPerBlock(ctx, shape, width) : 1;
  const std::int64_t blockThreads = rowsPerBlock > 1 ? 32 : block ? rowBlockThreads(ctx, shape, width) : 0;
  SEGSCOPE_TRY(Kernel k,
               buildRowKernel(ctx, shape, block, blockThreads, width, {}, reductions, outputs, name, rowsPerBlock));
  if (block) {
    if (rowsPerBlock == 1)
      if (auto clustered = clusterRowKernel(ctx, shape, width, reductions, outputs, name))
        return std::vector<Kernel>{std::move(*clustered)};
    k.launch.block.x = blockThreads;
    k.launch.block.y = rowsPerBlock;
    k.launch.grid.x = std::clamp<std::int64_t>((shape.rows + rowsPerBlock - 1) / rowsPerBlock, 1, ctx.options.maxGridX);
    if (const auto split = innerSplitFor(ctx, shape))
      if (auto kernels = splitKernels(ctx, shape, true, width, k.launch, *split, reductions, outputs, name))
        return std::move(*kernels);
    return std::vector<Kernel>{std::move(k)};
  }
  if (auto kernels = columnVectorKernels(ctx, shape, reductions, outputs, name)) return std::move(*kernels);
  // 32 adjacent columns per block (coalesced), up to 16 threads splitting each column's rows.
  k.launch.block.x = 32;
  k.launch.block.y = std::clamp<std::int64_t>(nextPow2(shape.extent), 1, 16);
  k.launch.grid.x = std::clamp<std::int64_t>((shape.rows + 31) / 32, 1, ctx.options.maxGridX);
  if (const auto split = gridSplitFor(ctx, shape, k.launch.grid.x)) {
    if (auto kernels = splitKernels(ctx, shape, false, 1, k.launch, *split, reductions, outputs, name))
      return std::move(*kernels);
    // An outer normalization reads the rows again after its reductions, so it cannot be split;
    // one kernel would run on grid.x blocks (batch norm over [65536, 512]: 16 blocks, 39× slower
    // than torch.compile on an H200). The caller splits it into reductions + a normalize pass.
    return makeError(std::string(kFewColumnBlocks) + ": " + std::to_string(k.launch.grid.x) + " column blocks for " +
                     std::to_string(shape.extent) + " reduced rows");
  }
  return std::vector<Kernel>{std::move(k)};
}

}  // namespace segscope::exec::cuda::codegen
