// The row kernel's structure: the row loop, the passes over the reduced elements (scalar or
// 16-byte vector loads), the shared-memory row cache, and where each output is written.
#include <algorithm>

#include "exec/cuda/codegen/prelude.h"
#include "exec/cuda/codegen/row_kernel.h"

namespace segscope::exec::cuda::codegen::row {

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
  const std::string w = width_ > 1 ? " * " + std::to_string(width_) : "";
  const std::string stride = "SG_BLOCK(" + std::to_string(blockThreads_) + ")" + w;
  if (registerIters_ > 0) {
    // A compile-time trip count, fully unrolled: sg_it is a constant in every copy, so the
    // register arrays it indexes stay in registers.
    em_.line("#pragma unroll");
    em_.open("for (int sg_it = 0; sg_it < " + registerSteps() + "; ++sg_it)");
    em_.line("const long long r = (long long)threadIdx.x" + w + " + sg_it * (long long)(" + stride + ");");
    // A partial last step is a branch around the step, not a break out of the loop: the
    // steps' loads then issue back to back (predicated) before the first use waits for one.
    partialStep_ = shape_.extent % (blockThreads_ * width_) != 0;
    if (partialStep_) em_.open("if (r < " + n + ")");
    return;
  }
  // Four loads in flight per thread: a column thread's one 4-byte load per iteration kept too
  // few bytes in flight per SM (batch norm's statistics at 18 % of DRAM peak on an H200).
  em_.line("#pragma unroll " + std::to_string(ctx_.options.reductionUnroll));
  const std::string columnStride = "SG_BLOCK_Y(" + std::to_string(columnThreads(shape_.extent)) + ")";
  if (split_.phase == GridSplit::Phase::Partial) {  // this block's chunk [sg_r0, sg_r1) of the row
    em_.open(block_ ? "for (long long r = sg_r0 + threadIdx.x" + w + "; r < sg_r1; r += " + stride + ")"
                    : "for (long long r = active ? sg_r0 + threadIdx.y : sg_r1; r < sg_r1; r += " + columnStride + ")");
    return;
  }
  if (block_ && cluster_ > 1) {  // this CTA's chunk [sg_r0, sg_r1) of the row
    em_.open("for (long long r = sg_r0 + threadIdx.x" + w + "; r < sg_r1; r += " + stride + ")");
    return;
  }
  if (block_ && loopsDone_ > 0 && ctx_.options.reverseReread) {
    // A later pass over a row walks it from the end: the row's tail, read last by the pass
    // before, is the part still in L2 (a 512 KB row does not fit the row cache).
    const std::string first = "(long long)threadIdx.x" + w;
    em_.open("for (long long sg_k = " + first + " < " + n + " ? (" + n + " - 1 - " + first + ") / (" + stride +
             ") : -1; sg_k >= 0; --sg_k)");
    em_.line("const long long r = " + first + " + sg_k * (long long)(" + stride + ");");
    return;
  }
  em_.open(block_ ? "for (long long r = threadIdx.x" + w + "; r < " + n + "; r += " + stride + ")"
                  : "for (long long r = active ? threadIdx.y : " + n + "; r < " + n + "; r += " + columnStride + ")");
}

// How many steps each thread takes over the row when the row can stay in its registers: a
// block-per-row kernel (not split) that passes over the row more than once, with at most
// registerRowValues elements per thread in at most registerRowMaxSteps steps; 0 otherwise.
std::int64_t RowKernelBuilder::registerIterations() const {
  const std::int64_t limit = ctx_.options.registerRowValues;
  if (!block_ || split_.phase != GridSplit::Phase::None || limit <= 0 || cluster_ > 1) return 0;
  const std::int64_t step = blockThreads_ * width_;
  const std::int64_t iters = (shape_.extent + step - 1) / step;
  return iters * width_ <= limit && iters <= ctx_.options.registerRowMaxSteps ? iters : 0;
}

std::string RowKernelBuilder::registerSteps() const {
  return "SG_STEPS(" + std::to_string(registerIters_) + ", " + std::to_string(shape_.extent / width_) + ")";
}

// Lane j reads element r + j: the innermost reduced extent is a multiple of the width, so the
// lanes stay in one contiguous run of the row.
void RowKernelBuilder::beginPass() {
  passStart_ = em_.text().size();
  passIndent_ = em_.indent();
  openReductionLoop();
  const Index reduced = em_.unravel("r", shape_.reducedSizes(), "r");
  lanes_.clear();
  for (std::int64_t j = 0; j < width_; ++j) {
    Index lane = reduced;
    if (j > 0) lane.back() = "(" + reduced.back() + " + " + std::to_string(j) + ")";
    lanes_.push_back(fullIndex(lane));
  }
  vectors_.clear();
  inPass_ = true;
  em_.carried = carried_;
}

void RowKernelBuilder::endPass(bool carry) {
  ++loopsDone_;
  if (registerIters_ > 0 && carry && loopsDone_ < loops_) carryPassValues();
  em_.carried.clear();  // the arrays are indexed by sg_it: only a pass may read them
  if (registerIters_ > 0 && partialStep_) em_.close();
  em_.close();
  inPass_ = false;
  lane_ = 0;
}

// Every value the pass computed goes into a register array of the row's steps, declared
// before the pass. Arrays no later pass reads are dead stores the compiler drops, so carrying
// all of them costs nothing at run time and needs no look-ahead here.
void RowKernelBuilder::carryPassValues() {
  std::string declarations;
  const std::string indent(static_cast<std::size_t>(passIndent_) * 2, ' ');
  for (const Emitter::ScopeValue& sv : em_.scopeValues()) {
    // A name from outside the pass (a row's reduction result) is in scope for every pass.
    if (carried_.count(sv.key) || !sv.bound || !isIdentifier(sv.name)) continue;
    const std::string array = em_.fresh("sg_k");
    em_.line(array + "[sg_it] = " + sv.name + ";");
    declarations +=
        indent + "SG_REGS " + computeTypeName(sv.val->dtype()) + " " + array + "[" + registerSteps() + "];\n";
    carried_[sv.key] = array + "[sg_it]";
  }
  em_.insert(passStart_, declarations);
}

Status RowKernelBuilder::overRow(const std::function<Status(const Index&)>& perElement) {
  beginPass();
  for (lane_ = 0; lane_ < lanes_.size(); ++lane_)
    if (Status st = perElement(lanes_[lane_]); !st) return st;
  endPass();
  return {};
}

std::int64_t rowVectorWidth(const KernelContext& ctx, const RowShape& shape,
                            const std::vector<const ir::Val*>& outputs) {
  if (ctx.options.maxVectorBytes < 2) return 1;
  int widest = 0;
  for (const ir::Val* v : ctx.inMemory)
    if (auto s = ctx.sizes.sizes(v); s && *s == shape.sizes && storageType(v->dtype()))
      widest = std::max(widest, ir::byteSize(v->dtype()));
  // rowWidthFromInputs: the loads set the width; a wider output stores two 16-byte halves.
  if (!ctx.options.rowWidthFromInputs || widest == 0)
    for (const ir::Val* o : outputs)
      if (auto s = ctx.sizes.sizes(o); s && *s == shape.sizes) widest = std::max(widest, ir::byteSize(o->dtype()));
  if (widest == 0) return 1;
  const std::int64_t width = std::min<std::int64_t>(8, ctx.options.maxVectorBytes / widest);
  const std::vector<std::int64_t> reduced = shape.reducedSizes();
  return width >= 2 && !reduced.empty() && reduced.back() % width == 0 ? width : 1;
}

// Whether `param` can move `width_` elements as one access at this launch: aligned to the
// access, innermost stride 1, the other strides multiples of the width (a stride-0 broadcast
// input, a permuted one, an offset view fall back to one load per lane).
std::string RowKernelBuilder::vectorGuard(const std::string& param, ir::DataType dtype,
                                          const std::vector<std::int64_t>& sizes) const {
  std::string guard;
  for (const std::string& c : vectorAccessGuard(param, ir::byteSize(dtype), sizes, width_, ctx_.options.hostLayout))
    guard += (guard.empty() ? "" : " && ") + c;
  return guard;
}

std::optional<RowKernelBuilder::CachedRow> RowKernelBuilder::newCachedRow(const ir::Val* v) {
  if (!cacheRows_) return std::nullopt;
  const std::int64_t elements = cluster_ > 1 ? clusterChunk_ : shape_.extent;
  const std::int64_t budget = cluster_ > 1 ? clusterCacheBytes_ : ctx_.options.rowCacheBytes;
  const std::int64_t bytes = (elements * ir::byteSize(v->dtype()) + 15) / 16 * 16;
  if ((sharedBytes_ + bytes) * rowsPerBlock_ > budget) return std::nullopt;
  CachedRow row{"sg_row" + std::to_string(v->id()), sharedBytes_, hostSharedBytes_};
  sharedBytes_ += bytes;
  hostSharedBytes_ += (shape_.extent * ir::byteSize(v->dtype()) + 15) / 16 * 16;
  cached_[v] = row;
  return row;
}

std::optional<std::string> RowKernelBuilder::rowLoad(const ir::Val* v, const Index& idx, const std::string& global) {
  if (!inPass_ || lane_ >= lanes_.size()) return std::nullopt;
  auto sizes = ctx_.sizes.sizes(v);
  if (!sizes) return std::nullopt;
  const bool vector = width_ > 1 && storageType(v->dtype()).has_value();
  if (idx != lanes_[lane_] || *sizes != shape_.sizes) {
    // A tensor read along the row's innermost reduced dim only (a norm's weight and bias, a
    // bias over the row): its lanes are contiguous too, so it moves as one vector as well.
    const bool alongRow = vector && !idx.empty() && shape_.reduced.back() && sizes->back() == shape_.sizes.back() &&
                          idx.back() == lanes_[lane_].back();
    if (!alongRow) return std::nullopt;
    Index first = idx;
    first.back() = lanes_[0].back();
    return vectorLoad(v, *sizes, first, global);
  }
  if (vector) return vectorLoad(v, *sizes, lanes_[0], global);
  if (auto it = cached_.find(v); it != cached_.end()) return it->second.name + "[" + cacheIndex() + "]";
  const std::optional<CachedRow> row = newCachedRow(v);
  if (!row) return std::nullopt;
  em_.line(row->name + "[" + cacheIndex() + "] = " + global + ";");
  return row->name + "[" + cacheIndex() + "]";
}

// Lane 0 meets each tensor first (the lanes evaluate the same expressions in order), and
// loads all lanes' elements: from the row cache, or from global memory as one vector when the
// guard holds at run time and one load per lane otherwise (the guard is uniform across the
// block, so the branch never diverges). A first read also fills the row cache. `first` is
// lane 0's index into `v`; lane j reads the element j further along its last dim.
std::optional<std::string> RowKernelBuilder::vectorLoad(const ir::Val* v, const std::vector<std::int64_t>& sizes,
                                                        const Index& first, const std::string& global) {
  const std::string lane = std::to_string(lane_);
  std::string key = std::to_string(v->id());
  for (const std::string& i : first) key += "," + i;
  if (auto it = vectors_.find(key); it != vectors_.end()) return it->second + lane;
  if (lane_ != 0) return std::nullopt;
  const std::string storage = *storageType(v->dtype());
  const std::string type = "sg_vec<" + storage + ", " + std::to_string(width_) + ">";
  const std::string reg = em_.fresh("sg_rv") + "_";
  const std::string param = global.substr(0, global.find('['));
  // The row cache holds full rows, and is used on the vector path only: the guard is the same
  // in every pass, so a later pass reads the copy exactly when the first one wrote it. (Writing
  // it lane by lane on the fallback path, or merging storage values or vectors from both
  // paths, made ptxas give them a stack slot; compute-type values per lane stay in registers.)
  const bool fullRow = sizes == shape_.sizes;
  const auto cached = fullRow ? cached_.find(v) : cached_.end();
  const std::optional<CachedRow> row =
      !fullRow || cached != cached_.end() ? std::optional<CachedRow>() : newCachedRow(v);
  std::string names;
  for (std::size_t j = 0; j < lanes_.size(); ++j) names += (j ? ", " : "") + reg + std::to_string(j);
  em_.line(computeTypeName(v->dtype()) + " " + names + ";");
  em_.open("if (" + vectorGuard(param, v->dtype(), sizes) + ")");
  if (cached != cached_.end()) {
    em_.line("const " + type + " sg_v = *(const " + type + "*)&" + cached->second.name + "[" + cacheIndex() + "];");
  } else {
    em_.line("const " + type + " sg_v = *(const " + type + "*)&" + global + ";");
    if (row) em_.line("*(" + type + "*)&" + row->name + "[" + cacheIndex() + "] = sg_v;");
  }
  for (std::size_t j = 0; j < lanes_.size(); ++j)
    em_.line(reg + std::to_string(j) + " = sg_ld(sg_v.v[" + std::to_string(j) + "]);");
  em_.close();
  em_.open("else");
  for (std::size_t j = 0; j < lanes_.size(); ++j) {
    Index at = first;
    at.back() = lanes_[j].back();
    em_.line(reg + std::to_string(j) + " = sg_ld(" + param + "[" + Emitter::offset(param, at) + "]);");
  }
  em_.close();
  vectors_[key] = reg;
  return reg + lane;
}

// The last pass of a normalization: every lane's value of each output, then one vector store
// per output (or one store per lane when the output's layout does not allow it).
Status RowKernelBuilder::storeFullOutputs(const std::vector<const ir::Val*>& outputs) {
  beginPass();
  std::vector<std::vector<std::string>> values(outputs.size());
  for (lane_ = 0; lane_ < lanes_.size(); ++lane_) {
    for (std::size_t o = 0; o < outputs.size(); ++o) {
      SEGSCOPE_TRY(std::string v, em_.value(outputs[o], lanes_[lane_]));
      values[o].push_back(v);
    }
    if (Status st = foldColumnPartials(); !st) return st;
  }
  for (std::size_t o = 0; o < outputs.size(); ++o) {
    const ir::Val* out = outputs[o];
    if (width_ == 1) {
      SEGSCOPE_TRY(std::string ignored, em_.store(out, ctx_.kindOf(out), lanes_[0], values[o][0]));
      (void)ignored;
      continue;
    }
    const std::optional<std::string> storage = storageType(out->dtype());
    if (!storage) return makeError("cuda codegen: dtype of " + out->name() + " is not supported", out->loc());
    const std::string param = args_.tensor(out, ctx_.kindOf(out), shape_.sizes);
    const std::string type = "sg_vec<" + *storage + ", " + std::to_string(width_) + ">";
    // The vector is built inside the guarded branch only: an aggregate read on both paths
    // costs a stack slot (ptxas), the per-lane values do not.
    em_.open("if (" + vectorGuard(param, out->dtype(), shape_.sizes) + ")");
    em_.line(type + " sg_w;");
    for (std::size_t j = 0; j < lanes_.size(); ++j)
      em_.line("sg_st(&sg_w.v[" + std::to_string(j) + "], " + values[o][j] + ");");
    em_.line("*(" + type + "*)&" + param + "[" + Emitter::offset(param, lanes_[0]) + "] = sg_w;");
    em_.close();
    em_.open("else");
    for (std::size_t j = 0; j < lanes_.size(); ++j)
      em_.line("sg_st(&" + param + "[" + Emitter::offset(param, lanes_[j]) + "], " + values[o][j] + ");");
    em_.close();
  }
  endPass(/*carry=*/false);
  return {};
}

std::string RowKernelBuilder::sharedDeclarations() const {
  if (cached_.empty()) return {};
  std::string s = "  extern __shared__ double sg_dyn[];  // the row cache\n";
  // A warp per row: each row of the block (threadIdx.y) has its own copy of the cache.
  const std::string perRow = rowsPerBlock_ > 1 ? " + threadIdx.y * " + std::to_string(sharedBytes_) : "";
  for (const auto& [v, row] : cached_) {
    const std::string type = storageType(v->dtype()).value_or("void");
    // Clustered, the host emulation's one block caches whole rows: its own offsets.
    const std::string offset =
        cluster_ > 1 ? "SG_CLUSTERED(" + std::to_string(row.offset) + ", " + std::to_string(row.hostOffset) + ")"
                     : std::to_string(row.offset);
    s += "  " + type + "* " + row.name + " = (" + type + "*)((unsigned char*)sg_dyn + " + offset + perRow + ");\n";
  }
  return s;
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
  int passes = fullOutputs.empty() && columnReductions_.empty() ? 0 : 1;
  for (const ir::Expr* e : reductions) passes += e->family() == ir::OpFamily::Reduction || block_ ? 1 : 2;
  registerIters_ = passes > 1 ? registerIterations() : 0;
  loops_ = passes;
  if (registerIters_ > 0)  // registerWelford: a sum loop, then a deviation loop
    for (const ir::Expr* e : reductions) loops_ += e->family() != ir::OpFamily::Reduction;
  cacheRows_ = block_ && passes > 1 && ctx_.options.rowCacheBytes > 0 && registerIters_ == 0;
  const std::string rows = std::to_string(shape_.rows) + "LL";
  if (Status st = openColumnPartials(); !st) return st.error();
  if (block_ && rowsPerBlock_ > 1) {
    // The warps of a block run their rows independently (no block barrier), so a warp whose
    // row is past the end may leave early.
    em_.open("for (long long row = (long long)blockIdx.x * blockDim.y + threadIdx.y; row < " + rows +
             "; row += (long long)gridDim.x * blockDim.y)");
  } else if (block_ && cluster_ > 1) {
    // One cluster per row (clusters are consecutive blocks): CTA sg_cluster_rank() of it takes
    // the row's chunk [sg_r0, sg_r1); the host emulation's one block takes the whole row.
    const std::string ctas = "SG_CLUSTER(" + std::to_string(cluster_) + ")";
    em_.open("for (long long row = blockIdx.x / " + ctas + "; row < " + rows + "; row += gridDim.x / " + ctas + ")");
    const std::string chunk =
        "SG_CLUSTERED(" + std::to_string(clusterChunk_) + "LL, " + std::to_string(shape_.extent) + "LL)";
    const std::string extent = std::to_string(shape_.extent) + "LL";
    em_.line("const long long sg_r0 = (long long)sg_cluster_rank() * " + chunk + ";");
    em_.line("const long long sg_r1 = sg_r0 + " + chunk + " < " + extent + " ? sg_r0 + " + chunk + " : " + extent +
             ";");
  } else if (block_ && !columnPartials_.empty()) {
    // Block sg_b takes rows sg_b, sg_b + blocks, ...: one partial per block, whatever the grid
    // (the host emulation runs one block).
    em_.open("for (long long row = sg_b; row < " + rows + "; row += " + std::to_string(columnBlocks_) + "LL)");
  } else if (block_) {
    em_.open("for (long long row = blockIdx.x; row < " + rows + "; row += gridDim.x)");
  } else {
    // Threads past the last column stay in the loop: they take part in every sg_col_reduce.
    em_.open("for (long long rowBase = (long long)blockIdx.x * blockDim.x; rowBase < " + rows +
             "; rowBase += (long long)gridDim.x * blockDim.x)");
    em_.line("const long long row = rowBase + threadIdx.x;");
    em_.line("const bool active = row < " + rows + ";");
  }
  const Index k = em_.unravel("row", shape_.keptSizes(), "k");
  const std::size_t prefetchAt = em_.text().size();  // the next row's prefetch goes here
  const int prefetchIndent = em_.indent();
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
    // Every CTA of a cluster holds the row's results; the first writes them.
    em_.open(block_ ? (cluster_ > 1 ? "if (threadIdx.x == 0 && sg_cluster_rank() == 0)" : "if (threadIdx.x == 0)")
                    : "if (active && threadIdx.y == 0)");
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
  if (!fullOutputs.empty() || !columnReductions_.empty())
    if (Status st = storeFullOutputs(fullOutputs); !st) return st.error();
  em_.insert(prefetchAt, nextRowPrefetch(prefetchIndent));
  em_.close();
  writeColumnPartials();
  return sharedDeclarations() + em_.take();
}

// CodegenOptions::prefetchNextRow: while a block (or warp) works on its row, it asks L2 for the
// next row it will take, 128-byte line by line, for each row-shaped tensor the kernel reads
// whose reduced dims are dense at run time. A hint only (prefetch.global.L2 never faults), and
// nothing on the host.
std::string RowKernelBuilder::nextRowPrefetch(int indent) {
  if (!ctx_.options.prefetchNextRow || !block_ || split_.phase != GridSplit::Phase::None || cluster_ > 1 ||
      !columnPartials_.empty())
    return {};
  const std::string next =
      rowsPerBlock_ > 1 ? "(row + (long long)gridDim.x * blockDim.y)" : "(row + (long long)gridDim.x)";
  Emitter pe(ctx_.sizes, args_, ctx_.inMemory);
  pe.setIndent(indent);
  pe.open("if (" + next + " < " + std::to_string(shape_.rows) + "LL)");
  const Index kn = pe.unravel(next, shape_.keptSizes(), "sg_kn");
  bool any = false;
  for (const KernelArg& a : args_.args()) {
    if (a.kind == KernelArg::Kind::Output || a.kind == KernelArg::Kind::Scalar || a.sizes != shape_.sizes) continue;
    const std::string param =
        a.kind == KernelArg::Kind::Input ? "in" + std::to_string(a.valId) : "tmp" + std::to_string(a.valId);
    Index at(shape_.sizes.size(), "0");
    std::vector<std::string> dense;
    std::int64_t expected = 1;
    std::size_t nk = 0;
    for (std::size_t d = 0; d < at.size(); ++d)
      if (!shape_.reduced[d]) at[d] = kn[nk++];
    for (std::size_t d = at.size(); d-- > 0;) {
      if (!shape_.reduced[d] || shape_.sizes[d] == 1) continue;
      dense.push_back(ArgTable::stride(param, d) + " == " + std::to_string(expected) + "LL");
      expected *= shape_.sizes[d];
    }
    const std::string bytes = std::to_string(shape_.extent * ir::byteSize(a.dtype)) + "LL";
    pe.open("if (" + guardCondition(dense) + ")");
    pe.open("for (long long sg_pb = (long long)threadIdx.x * 128; sg_pb < " + bytes +
            "; sg_pb += (long long)blockDim.x * 128)");
    pe.line("#if defined(__CUDACC__)");
    pe.line("asm volatile(\"prefetch.global.L2 [%0];\" ::\"l\"((const char*)&" + param + "[" +
            Emitter::offset(param, at) + "] + sg_pb));");
    pe.line("#endif");
    pe.close();
    pe.close();
    any = true;
  }
  pe.close();
  return any ? pe.take() : std::string();
}

Status RowKernelBuilder::openColumnPartials() {
  if (columnReductions_.empty()) return {};
  if (!block_ || rowsPerBlock_ != 1 || split_.phase != GridSplit::Phase::None || columnBlocks_ < 1)
    return makeError("cuda codegen: column partials need an unsplit block-per-row kernel");
  const std::string columns = std::to_string(shape_.extent);
  for (const ir::Expr* e : columnReductions_) {
    if (e->family() != ir::OpFamily::Reduction)
      return unsupported(*e, "only plain reductions fold into column partials");
    ColumnPartial p;
    p.e = e;
    p.type = accumulatorType(e->output()->dtype());
    SEGSCOPE_TRY(p.combine, combineFor(*e, p.type));
    p.shared = "sg_cp" + std::to_string(e->id());
    // The split finish kernel's scratch (RowKernelBuilder::scratch): same id, type and layout.
    const ir::DataType dtype = p.type == "double"      ? ir::DataType::Double
                               : p.type == "long long" ? ir::DataType::Int
                               : p.type == "bool"      ? ir::DataType::Bool
                                                       : ir::DataType::Float;
    p.part = args_.scratch(-(e->id() * 4 + 1), dtype, {columnBlocks_, shape_.extent},
                           "part" + std::to_string(e->id()) + "_0");
    em_.line("__shared__ " + p.type + " " + p.shared + "[" + columns + "];");
    columnPartials_.push_back(std::move(p));
  }
  em_.open("for (long long sg_b = blockIdx.x; sg_b < " + std::to_string(columnBlocks_) + "LL; sg_b += gridDim.x)");
  for (const ColumnPartial& p : columnPartials_)
    em_.line("for (long long c = threadIdx.x; c < " + columns + "LL; c += blockDim.x) " + p.shared +
             "[c] = " + p.combine.identity + ";");
  em_.line("__syncthreads();");
  return {};
}

// Each column of the row belongs to one thread (every pass uses the same r for it), so the
// thread folds its lanes into the shared partials without a barrier.
Status RowKernelBuilder::foldColumnPartials() {
  for (const ColumnPartial& p : columnPartials_) {
    SEGSCOPE_TRY(std::string v, em_.value(p.e->operand(0), lanes_[lane_]));
    const std::string at =
        p.shared + "[" + partialSlot(laneElement(lane_), "r / " + std::to_string(width_), lane_) + "]";
    em_.line(at + " = " + p.combine.functor + "(" + at + ", (" + p.type + ")" + v + ");");
  }
  return {};
}

// The same thread writes and next sets each column (c = threadIdx.x + k * blockDim.x), so only
// the fold's other mapping needs the barrier before it.
void RowKernelBuilder::writeColumnPartials() {
  if (columnPartials_.empty()) return;
  em_.line("__syncthreads();");
  for (const ColumnPartial& p : columnPartials_)
    em_.line("for (long long c = threadIdx.x; c < " + std::to_string(shape_.extent) + "LL; c += blockDim.x) " + p.part +
             "[sg_b * " + ArgTable::stride(p.part, 0) + " + c * " + ArgTable::stride(p.part, 1) + "] = " + p.shared +
             "[" + partialSlot("c", "c / " + std::to_string(width_), -1) + "];");
  em_.close();
}

// Column c's slot among the shared partials: lane-major (c % width, then c / width), so that a
// warp's threads, whose columns are `width` apart, fold into consecutive words (no bank
// conflicts). `lane` >= 0 when it is known (c = r + lane, r a multiple of the width).
std::string RowKernelBuilder::partialSlot(const std::string& column, const std::string& run, std::int64_t lane) const {
  if (width_ == 1) return column;
  const std::string perLane = std::to_string(shape_.extent / width_) + "LL";
  const std::string laneOf =
      lane >= 0 ? std::to_string(lane) + "LL" : "(" + column + " % " + std::to_string(width_) + ")";
  return laneOf + " * " + perLane + " + " + run;
}

}  // namespace segscope::exec::cuda::codegen::row
