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

namespace segscope::exec::cuda::codegen {

namespace {

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

struct Combine {
  std::string functor, identity;
};

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

/// Reductions split across blocks: the partial kernel reduces chunk `split` of each row's
/// reduced elements (outer: of each column's reduced rows) into scratch[split, row]; the
/// finish kernel, one thread per row, combines the partials.
struct GridSplit {
  enum class Phase { None, Partial, Finish };
  Phase phase = Phase::None;
  std::int64_t splits = 1, chunk = 0;
};

class RowKernelBuilder {
 public:
  RowKernelBuilder(const KernelContext& ctx, const RowShape& shape, bool block, std::int64_t blockThreads,
                   GridSplit split = {})
      : ctx_(ctx),
        shape_(shape),
        block_(block),
        blockThreads_(blockThreads),
        split_(split),
        em_(ctx.sizes, args_, ctx.inMemory) {
    em_.temps = ctx.temps;
    em_.onLoad = [this](const ir::Val* v, const Index& idx, const std::string& global) {
      return cachedLoad(v, idx, global);
    };
    em_.onReduction = [this](const ir::Expr& e, std::size_t output, const Index& idx) {
      return reductionValue(e, output, idx);
    };
  }

  Result<std::string> build(const std::vector<const ir::Expr*>& reductions, const std::vector<const ir::Val*>& outputs);
  const ArgTable& args() const { return args_; }
  std::int64_t sharedBytes() const { return sharedBytes_; }

 private:
  Result<Index> rowIndexOf(const ir::Val* v) const;
  bool broadcastsARowValue(const ir::Val* v) const;
  std::vector<std::int64_t> rowBroadcastStrides() const;
  Index fullIndex(const Index& reducedIdx) const;
  void openReductionLoop();
  // The per-thread partials of one row combined across the threads that share the row.
  std::string combineAcross(const std::string& acc, const std::string& functor, const std::string& identity) const {
    return block_ ? "sg_block_reduce(" + acc + ", " + functor + ", " + identity + ")"
                  : "sg_col_reduce(" + acc + ", " + functor + ")";
  }
  Result<std::string> accumulate(const ir::Expr& e, const std::string& type, const std::string& acc,
                                 const std::string& combine, const std::string& centre);
  Status welfordPass(const ir::Expr& e, const std::string& type);
  Status reduce(const ir::Expr& e);
  Status reduceSplit(const ir::Expr& e);
  Status finishVariance(const ir::Expr& e, const std::string& type, const std::string& mean, const std::string& s2);
  std::string scratch(const ir::Expr& e, int slot, const std::string& type);
  std::string scratchAt(const std::string& param, const std::string& split) const {
    return param + "[" + split + " * " + ArgTable::stride(param, 0) + " + row * " + ArgTable::stride(param, 1) + "]";
  }
  Result<std::string> reductionValue(const ir::Expr& e, std::size_t output, const Index& idx);

  // The row cache: inputs in the reduction input's space are copied to shared memory by the
  // first pass that reads them and read from there by later passes. Each thread reads back
  // only the elements it wrote (every pass uses the same r = threadIdx.x + k*blockDim.x), so
  // no barrier is needed.
  struct CachedRow {
    std::string name;
    std::int64_t offset = 0;
  };
  std::optional<std::string> cachedLoad(const ir::Val* v, const Index& idx, const std::string& global);
  Index beginPass();
  void endPass();
  std::string sharedDeclarations() const;

  const KernelContext& ctx_;
  RowShape shape_;
  bool block_;
  std::int64_t blockThreads_;  // block-per-row kernels: the launch's block.x
  GridSplit split_;
  bool cacheRows_ = false;
  bool inPass_ = false;
  Index passIndex_;
  std::map<const ir::Val*, CachedRow> cached_;
  std::int64_t sharedBytes_ = 0;
  ArgTable args_;
  Emitter em_;
  Index kept_;  // per dim of the reduction input: the row's index, "0" at reduced dims
  std::map<std::pair<const ir::Expr*, std::size_t>, std::string> done_;
};

// The index of a row-space tensor (a reduction output, with or without keepdim) at the
// current row; an Error when `v` is not in the row space.
Result<Index> RowKernelBuilder::rowIndexOf(const ir::Val* v) const {
  SEGSCOPE_TRY(auto s, ctx_.sizes.sizes(v));
  const std::vector<std::int64_t> keptSizes = shape_.keptSizes();
  if (s == keptSizes) {
    Index idx;
    for (std::size_t d = 0; d < shape_.sizes.size(); ++d)
      if (!shape_.reduced[d]) idx.push_back(kept_[d]);
    return idx;
  }
  if (s.size() == shape_.sizes.size()) {
    bool match = true;
    for (std::size_t d = 0; d < s.size(); ++d) match = match && s[d] == (shape_.reduced[d] ? 1 : shape_.sizes[d]);
    if (match) return kept_;
  }
  return makeError("cuda codegen: " + v->name() + " is not in the row space of the reduction", v->loc());
}

// A full-shape output that only broadcasts a per-row value (softmax's row max, layer norm's
// rstd, expanded over the row): written once per row into a buffer with stride 0 along the
// reduced dims, instead of the whole row (nvFuser's expanded outputs do the same).
bool RowKernelBuilder::broadcastsARowValue(const ir::Val* v) const {
  const ir::Expr* def = v->definition();
  if (!def || def->numOperands() < 1) return false;
  const ir::OpFamily f = def->family();
  if (f != ir::OpFamily::Broadcast && f != ir::OpFamily::BroadcastInDim && f != ir::OpFamily::Expand) return false;
  return def->operand(0)->isTensor() && rowIndexOf(def->operand(0)).ok();
}

std::vector<std::int64_t> RowKernelBuilder::rowBroadcastStrides() const {
  std::vector<std::int64_t> strides(shape_.sizes.size(), 0);
  std::int64_t next = 1;
  for (std::size_t d = shape_.sizes.size(); d-- > 0;)
    if (!shape_.reduced[d]) {
      strides[d] = next;
      next *= std::max<std::int64_t>(shape_.sizes[d], 1);
    }
  return strides;
}

Index RowKernelBuilder::fullIndex(const Index& reducedIdx) const {
  Index idx = kept_;
  std::size_t next = 0;
  for (std::size_t d = 0; d < idx.size(); ++d)
    if (shape_.reduced[d]) idx[d] = reducedIdx[next++];
  return idx;
}

void RowKernelBuilder::openReductionLoop() {
  const std::string n = std::to_string(shape_.extent) + "LL";
  const std::string stride = "SG_BLOCK(" + std::to_string(blockThreads_) + ")";
  if (block_) em_.line("#pragma unroll 4");
  if (split_.phase == GridSplit::Phase::Partial) {  // this block's chunk [sg_r0, sg_r1) of the row
    em_.open(block_ ? "for (long long r = sg_r0 + threadIdx.x; r < sg_r1; r += " + stride + ")"
                    : "for (long long r = active ? sg_r0 + threadIdx.y : sg_r1; r < sg_r1; r += blockDim.y)");
    return;
  }
  em_.open(block_ ? "for (long long r = threadIdx.x; r < " + n + "; r += " + stride + ")"
                  : "for (long long r = active ? threadIdx.y : " + n + "; r < " + n + "; r += blockDim.y)");
}

Index RowKernelBuilder::beginPass() {
  openReductionLoop();
  passIndex_ = fullIndex(em_.unravel("r", shape_.reducedSizes(), "r"));
  inPass_ = true;
  return passIndex_;
}

void RowKernelBuilder::endPass() {
  em_.close();
  inPass_ = false;
}

std::optional<std::string> RowKernelBuilder::cachedLoad(const ir::Val* v, const Index& idx, const std::string& global) {
  if (!cacheRows_ || !inPass_ || idx != passIndex_) return std::nullopt;
  auto sizes = ctx_.sizes.sizes(v);
  if (!sizes || *sizes != shape_.sizes) return std::nullopt;
  if (auto it = cached_.find(v); it != cached_.end()) return it->second.name + "[r]";
  const std::int64_t bytes = (shape_.extent * ir::byteSize(v->dtype()) + 15) / 16 * 16;
  if (sharedBytes_ + bytes > ctx_.options.rowCacheBytes) return std::nullopt;
  CachedRow row{"sg_row" + std::to_string(v->id()), sharedBytes_};
  sharedBytes_ += bytes;
  cached_[v] = row;
  em_.line(row.name + "[r] = " + global + ";");
  return row.name + "[r]";
}

std::string RowKernelBuilder::sharedDeclarations() const {
  if (cached_.empty()) return {};
  std::string s = "  extern __shared__ double sg_dyn[];  // the row cache\n";
  for (const auto& [v, row] : cached_) {
    const std::string type = storageType(v->dtype()).value_or("void");
    s += "  " + type + "* " + row.name + " = (" + type + "*)((unsigned char*)sg_dyn + " + std::to_string(row.offset) +
         ");\n";
  }
  return s;
}

// One pass over the row: acc = combine(acc, x) where x is the reduction input at (row, r),
// or (x - centre)^2 for the second pass of var.
Result<std::string> RowKernelBuilder::accumulate(const ir::Expr& e, const std::string& type, const std::string& acc,
                                                 const std::string& combine, const std::string& centre) {
  const Index full = beginPass();
  SEGSCOPE_TRY(std::string x, em_.value(e.operand(0), full));
  if (centre.empty()) {
    em_.line(acc + " = " + combine + "(" + acc + ", (" + type + ")" + x + ");");
  } else {
    em_.line("const " + type + " dev = (" + type + ")" + x + " - " + centre + ";");
    em_.line(acc + " += dev * dev;");
  }
  endPass();
  em_.line(acc + " = " + combineAcross(acc, combine, "(" + type + ")0") + ";");
  return acc;
}

// var / var_mean / welford of a block-per-row kernel in one pass: each thread runs Welford
// over its elements (mean{id}, m2_{id}, n{id}), then the block merges them (Chan's formula).
// Reads the row once instead of twice, and stays accurate where sum − n·mean² would cancel.
Status RowKernelBuilder::welfordPass(const ir::Expr& e, const std::string& type) {
  const std::string id = std::to_string(e.id());
  const std::string n = "n" + id, mean = "mean" + id, m2 = "m2_" + id;
  em_.line(type + " " + n + " = 0, " + mean + " = 0, " + m2 + " = 0;");
  const Index full = beginPass();
  SEGSCOPE_TRY(std::string x, em_.value(e.operand(0), full));
  em_.line("const " + type + " x = (" + type + ")" + x + ", delta = x - " + mean + ";");
  em_.line(n + " += (" + type + ")1;");
  em_.line(mean + " += delta / " + n + ";");
  em_.line(m2 + " += delta * (x - " + mean + ");");
  endPass();
  em_.line("sg_block_welford(" + mean + ", " + m2 + ", " + n + ");");
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
    const Index full = beginPass();
    SEGSCOPE_TRY(std::string x, em_.value(e.operand(0), full));
    em_.line(acc + " = " + c.functor + "(" + acc + ", (" + type + ")" + x + ");");
    endPass();
    em_.line(acc + " = " + combineAcross(acc, c.functor, c.identity) + ";");
    em_.line("const " + computeTypeName(out) + " red" + id + " = " + roundTo(out, acc) + ";");
    done_[{&e, 0}] = "red" + id;
    return {};
  }
  // var / var_mean / welford in the accumulation type of the first output, rounded per
  // output: one Welford pass per block, or (columns) the mean, then the centred squares.
  const ir::DataType out0 = e.output(0)->dtype();
  const std::string type = computeTypeName(out0) == "double" ? "double" : "sg_float";
  if (block_) {
    if (Status s = welfordPass(e, type); !s) return s;
    return finishVariance(e, type, "mean" + id, "m2_" + id);
  }
  const std::string n = "(" + type + ")" + std::to_string(shape_.extent) + "LL";
  const std::string sum = "sum" + id, m2 = "m2_" + id, mean = "mean" + id;
  em_.line(type + " " + sum + " = 0;");
  SEGSCOPE_TRY(std::string s1, accumulate(e, type, sum, "SgAdd()", ""));
  em_.line("const " + type + " " + mean + " = " + s1 + " / " + n + ";");
  em_.line(type + " " + m2 + " = 0;");
  SEGSCOPE_TRY(std::string s2, accumulate(e, type, m2, "SgAdd()", mean));
  return finishVariance(e, type, mean, s2);
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
      const Index full = beginPass();
      SEGSCOPE_TRY(std::string x, em_.value(e.operand(0), full));
      em_.line(acc + " = " + c.functor + "(" + acc + ", (" + type + ")" + x + ");");
      endPass();
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
  const std::string sum = "sum" + id, m2 = "m2_" + id, mean = "mean" + id;
  if (partial && block_) {
    if (Status s = welfordPass(e, type); !s) return s;
    em_.line(store + "{ sg_st(&" + scratchAt(meanPart, "split") + ", " + mean + "); sg_st(&" +
             scratchAt(m2Part, "split") + ", " + m2 + "); }");
    return {};
  }
  if (partial) {
    em_.line(type + " " + sum + " = 0;");
    SEGSCOPE_TRY(std::string s1, accumulate(e, type, sum, "SgAdd()", ""));
    em_.line("const " + type + " " + mean + " = " + s1 + " / (" + type + ")(sg_r1 - sg_r0);");
    em_.line(type + " " + m2 + " = 0;");
    SEGSCOPE_TRY(std::string s2, accumulate(e, type, m2, "SgAdd()", mean));
    em_.line(store + "{ sg_st(&" + scratchAt(meanPart, "split") + ", " + mean + "); sg_st(&" +
             scratchAt(m2Part, "split") + ", " + s2 + "); }");
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

Result<std::string> RowKernelBuilder::reductionValue(const ir::Expr& e, std::size_t output, const Index& idx) {
  auto it = done_.find({&e, output});
  if (it == done_.end()) return unsupported(e, "reduction result needed before it is computed in this kernel");
  SEGSCOPE_TRY(Index expected, rowIndexOf(e.output(output)));
  // The index maps must lead back to the current row; anything else reads another row's
  // result, which this kernel does not hold.
  SEGSCOPE_TRY(auto s, ctx_.sizes.sizes(e.output(output)));
  for (std::size_t d = 0; d < expected.size(); ++d)
    if (s[d] == 1) expected[d] = "0";
  if (expected != idx) return unsupported(e, "its result is read at another row (not fusable into one row kernel)");
  return it->second;
}

Result<std::string> RowKernelBuilder::build(const std::vector<const ir::Expr*>& reductions,
                                            const std::vector<const ir::Val*>& outputs) {
  // Classify outputs before emitting: row space (after the reductions, including full-shape
  // broadcasts of a row value) or full space.
  std::vector<const ir::Val*> rowOutputs, fullOutputs;
  for (const ir::Val* o : outputs) {
    SEGSCOPE_TRY(auto s, ctx_.sizes.sizes(o));
    kept_.assign(shape_.sizes.size(), "0");
    if (s == shape_.sizes) {
      if (broadcastsARowValue(o) && ctx_.options.rowBroadcastOutputs)
        rowOutputs.push_back(o);
      else
        fullOutputs.push_back(o);
      continue;
    }
    if (!rowIndexOf(o))
      return makeError("cuda codegen: output " + o->name() + " fits neither the row nor the reduction input", o->loc());
    rowOutputs.push_back(o);
  }
  // Caching pays only when the row is read more than once.
  int passes = fullOutputs.empty() ? 0 : 1;
  for (const ir::Expr* e : reductions) passes += e->family() == ir::OpFamily::Reduction || block_ ? 1 : 2;
  cacheRows_ = block_ && passes > 1 && ctx_.options.rowCacheBytes > 0;
  const std::string rows = std::to_string(shape_.rows) + "LL";
  if (block_) {
    em_.open("for (long long row = blockIdx.x; row < " + rows + "; row += gridDim.x)");
  } else {
    // Threads past the last column stay in the loop: they take part in every sg_col_reduce.
    em_.open("for (long long rowBase = (long long)blockIdx.x * blockDim.x; rowBase < " + rows +
             "; rowBase += (long long)gridDim.x * blockDim.x)");
    em_.line("const long long row = rowBase + threadIdx.x;");
    em_.line("const bool active = row < " + rows + ";");
  }
  const Index k = em_.unravel("row", shape_.keptSizes(), "k");
  kept_.assign(shape_.sizes.size(), "0");
  std::size_t next = 0;
  for (std::size_t d = 0; d < kept_.size(); ++d)
    if (!shape_.reduced[d]) kept_[d] = k[next++];
  if (split_.phase != GridSplit::Phase::None && !fullOutputs.empty())
    return makeError("cuda codegen: a normalization (outputs over the whole row) is not split across blocks");
  const bool partial = split_.phase == GridSplit::Phase::Partial;
  if (partial) {  // gridDim.y blocks share a column's rows; the loop also runs them all in one block
    em_.open("for (long long split = blockIdx.y; split < " + std::to_string(split_.splits) + "LL; split += gridDim.y)");
    em_.line("const long long sg_r0 = split * " + std::to_string(split_.chunk) + "LL;");
    em_.line("const long long sg_r1 = sg_r0 + " + std::to_string(split_.chunk) + "LL < " +
             std::to_string(shape_.extent) + "LL ? sg_r0 + " + std::to_string(split_.chunk) +
             "LL : " + std::to_string(shape_.extent) + "LL;");
  }
  for (const ir::Expr* e : reductions) {
    Status s = reduce(*e);
    if (!s) return s.error();
  }
  if (partial) {
    em_.close();
    em_.close();
    return sharedDeclarations() + em_.take();
  }
  if (!rowOutputs.empty()) {
    em_.open(block_ ? "if (threadIdx.x == 0)" : "if (active && threadIdx.y == 0)");
    for (const ir::Val* o : rowOutputs) {
      SEGSCOPE_TRY(auto sizes, ctx_.sizes.sizes(o));
      const bool broadcast = sizes == shape_.sizes;  // stride 0 along the reduced dims
      if (broadcast) args_.tensor(o, ctx_.kindOf(o), sizes, rowBroadcastStrides());
      SEGSCOPE_TRY(Index idx, broadcast ? Result<Index>(kept_) : rowIndexOf(o));
      SEGSCOPE_TRY(std::string v, em_.value(o, idx));
      SEGSCOPE_TRY(std::string ignored, em_.store(o, ctx_.kindOf(o), idx, v));
      (void)ignored;
    }
    em_.close();
  }
  if (!fullOutputs.empty()) {
    const Index full = beginPass();
    for (const ir::Val* o : fullOutputs) {
      SEGSCOPE_TRY(std::string v, em_.value(o, full));
      SEGSCOPE_TRY(std::string ignored, em_.store(o, ctx_.kindOf(o), full, v));
      (void)ignored;
    }
    endPass();
  }
  em_.close();
  return sharedDeclarations() + em_.take();
}

std::int64_t nextPow2(std::int64_t v) {
  std::int64_t p = 1;
  while (p < v) p <<= 1;
  return p;
}

}  // namespace

namespace {

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
                              GridSplit split, const std::vector<const ir::Expr*>& reductions,
                              const std::vector<const ir::Val*>& outputs, const std::string& name) {
  RowKernelBuilder b(ctx, shape, block, blockThreads, split);
  SEGSCOPE_TRY(std::string body, b.build(reductions, outputs));
  Kernel k;
  k.name = name;
  k.source = kernelSource(name, b.args().signature(), body, block ? blockThreads : 0);
  k.args = b.args().args();
  k.launch.sharedBytes = b.sharedBytes();
  return k;
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
  split.chunk = (shape.extent + split.splits - 1) / split.splits;
  split.splits = (shape.extent + split.chunk - 1) / split.chunk;
  return split;
}

// The partial and finish kernels of a split, or nothing when the kernel cannot be split (a
// normalization reads the whole row after its reductions). The finish runs one thread per row.
std::optional<std::vector<Kernel>> splitKernels(const KernelContext& ctx, const RowShape& shape, bool block,
                                                const LaunchConfig& partialLaunch, const GridSplit& split,
                                                const std::vector<const ir::Expr*>& reductions,
                                                const std::vector<const ir::Val*>& outputs, const std::string& name) {
  GridSplit partial = split, finish = split;
  partial.phase = GridSplit::Phase::Partial;
  finish.phase = GridSplit::Phase::Finish;
  auto first = buildRowKernel(ctx, shape, block, partialLaunch.block.x, partial, reductions, outputs, name + "_split");
  auto second = buildRowKernel(ctx, shape, false, 0, finish, reductions, outputs, name + "_finish");
  if (!first || !second) return std::nullopt;
  first->launch = partialLaunch;
  first->launch.grid.y = split.splits;
  second->launch.block.x = 128;
  second->launch.grid.x = std::clamp<std::int64_t>((shape.rows + 127) / 128, 1, ctx.options.maxGridX);
  return std::vector<Kernel>{std::move(first).value(), std::move(second).value()};
}

}  // namespace

Result<std::vector<Kernel>> rowKernels(const KernelContext& ctx, const std::vector<const ir::Expr*>& reductions,
                                       const std::vector<const ir::Val*>& outputs, const std::string& name) {
  SEGSCOPE_TRY(RowShape shape, sharedRowShape(ctx, reductions));
  const bool block = innerReduction(shape);
  const std::int64_t blockThreads =
      block ? std::clamp<std::int64_t>(nextPow2(shape.extent), 32, ctx.options.maxReductionBlock) : 0;
  SEGSCOPE_TRY(Kernel k, buildRowKernel(ctx, shape, block, blockThreads, {}, reductions, outputs, name));
  if (block) {
    k.launch.block.x = blockThreads;
    k.launch.grid.x = std::clamp<std::int64_t>(shape.rows, 1, ctx.options.maxGridX);
    if (const auto split = innerSplitFor(ctx, shape))
      if (auto kernels = splitKernels(ctx, shape, true, k.launch, *split, reductions, outputs, name))
        return std::move(*kernels);
    return std::vector<Kernel>{std::move(k)};
  }
  // 32 adjacent columns per block (coalesced), up to 16 threads splitting each column's rows.
  k.launch.block.x = 32;
  k.launch.block.y = std::clamp<std::int64_t>(nextPow2(shape.extent), 1, 16);
  k.launch.grid.x = std::clamp<std::int64_t>((shape.rows + 31) / 32, 1, ctx.options.maxGridX);
  if (const auto split = gridSplitFor(ctx, shape, k.launch.grid.x))
    if (auto kernels = splitKernels(ctx, shape, false, k.launch, *split, reductions, outputs, name))
      return std::move(*kernels);
  return std::vector<Kernel>{std::move(k)};
}

}  // namespace segscope::exec::cuda::codegen
