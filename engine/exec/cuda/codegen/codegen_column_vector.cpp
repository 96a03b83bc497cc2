// Plain outer reductions (sum, prod, max, min over the outer dims) with 16-byte column loads:
// each thread takes `width` adjacent columns and reads them as one vector per reduced row, so
// a warp moves 512 bytes per row instead of 64 (half [32768, 2048] summed over rows ran at 30 %
// of DRAM peak one 2-byte column per thread). The kernel writes per-chunk partials; the row
// kernel builder's finish kernel combines them in order and runs the epilogue.
#include <algorithm>
#include <map>

#include "exec/cuda/codegen/prelude.h"
#include "exec/cuda/codegen/row_kernel.h"

namespace segscope::exec::cuda::codegen::row {

namespace {

bool isWelfordFamily(const ir::Expr& e) {
  return e.family() == ir::OpFamily::Var || e.family() == ir::OpFamily::VarMean || e.family() == ir::OpFamily::Welford;
}

// The reduced dims are the outer ones (extent-1 dims aside): a row-major input then has each
// reduced row's kept elements contiguous, the columns a thread's vector covers.
bool reducedDimsLeadKept(const RowShape& shape) {
  bool kept = false;
  for (std::size_t d = 0; d < shape.sizes.size(); ++d) {
    if (shape.sizes[d] == 1) continue;
    if (!shape.reduced[d]) kept = true;
    if (shape.reduced[d] && kept) return false;
  }
  return kept;
}

// One reduction's per-lane state. Plain reductions fold with `combine` into `part`; var /
// var_mean / welford (columnVectorWelford) keep a shifted sum and sum of squares per lane (the
// one-column kernel's scheme: no division per element), turned into a mean and M2 per column,
// merged across the column's threads and stored as the finish kernel's two partials.
struct Accumulator {
  const ir::Expr* e = nullptr;
  std::string type, part;
  Combine combine;
  bool welford = false;
  std::string m2Part;  // welford: the second partial (the first, `part`, holds the means)
};

class ColumnVectorEmission {
 public:
  ColumnVectorEmission(const KernelContext& ctx, ArgTable& args, const RowShape& shape, const GridSplit& split,
                       std::int64_t width, bool vectorLoads)
      : ctx_(ctx),
        shape_(shape),
        split_(split),
        width_(width),
        vectorLoads_(vectorLoads),
        em_(ctx.sizes, args, ctx.inMemory) {
    em_.fastMath = ctx.fastMath;
    em_.temps = ctx.temps;
  }

  Status emit(const std::vector<Accumulator>& accs, int indent) {
    em_.setIndent(indent);
    const std::string K = std::to_string(shape_.rows) + "LL", R = std::to_string(shape_.extent) + "LL",
                      W = std::to_string(width_);
    em_.open("for (long long sg_kb = (long long)blockIdx.x * blockDim.x * " + W + "; sg_kb < " + K +
             "; sg_kb += (long long)gridDim.x * blockDim.x * " + W + ")");
    em_.line("const long long row = sg_kb + (long long)threadIdx.x * " + W + ";  // the thread's first column");
    em_.line("const bool active = row < " + K + ";");
    const Index kept = em_.unravel("row", shape_.keptSizes(), "k");
    em_.open("for (long long split = blockIdx.y; split < " + std::to_string(split_.splits) + "LL; split += gridDim.y)");
    const std::string C = std::to_string(split_.chunk) + "LL";
    em_.line("const long long sg_r0 = split * " + C + ";");
    em_.line("const long long sg_r1 = sg_r0 + " + C + " < " + R + " ? sg_r0 + " + C + " : " + R + ";");
    for (const Accumulator& a : accs) {
      if (a.welford) {
        declareWelford(a);
        continue;
      }
      for (std::int64_t j = 0; j < width_; ++j)
        em_.line(a.type + " " + accName(*a.e, j) + " = " + a.combine.identity + ";");
    }
    em_.line("#pragma unroll " + std::to_string(ctx_.options.reductionUnroll));
    const std::string Y = std::to_string(columnThreads(shape_.extent));
    em_.open("for (long long r = active ? sg_r0 + threadIdx.y : sg_r1; r < sg_r1; r += SG_BLOCK_Y(" + Y + "))");
    const Index reduced = em_.unravel("r", shape_.reducedSizes(), "r");
    fullIndices(reduced, kept);
    if (vectorLoads_)
      em_.onLoad = [this](const ir::Val* v, const Index& at, const std::string& global) {
        return vectorLoad(v, at, global);
      };
    for (lane_ = 0; lane_ < lanes_.size(); ++lane_)
      for (const Accumulator& a : accs) {
        SEGSCOPE_TRY(std::string x, em_.value(a.e->operand(0), lanes_[lane_]));
        const std::string acc = accName(*a.e, static_cast<std::int64_t>(lane_));
        if (a.welford)
          foldWelford(a, static_cast<std::int64_t>(lane_), x);
        else
          em_.line(acc + " = " + a.combine.functor + "(" + acc + ", (" + a.type + ")" + x + ");");
      }
    for (const Accumulator& a : accs)
      if (a.welford) em_.line(countName(*a.e) + " += (" + a.type + ")1;");
    em_.onLoad = nullptr;
    em_.close();
    // Every thread meets the column tree's barriers; only the first row of threads stores.
    for (const Accumulator& a : accs)
      for (std::int64_t j = 0; j < width_; ++j) {
        if (a.welford)
          mergeWelford(a, j);
        else
          em_.line(accName(*a.e, j) + " = sg_col_reduce(" + accName(*a.e, j) + ", " + a.combine.functor + ");");
      }
    em_.open("if (active && threadIdx.y == 0)");
    for (const Accumulator& a : accs)
      for (std::int64_t j = 0; j < width_; ++j) {
        const std::string column = j == 0 ? "row" : "(row + " + std::to_string(j) + ")";
        const auto at = [&](const std::string& part) {
          return part + "[split * " + ArgTable::stride(part, 0) + " + " + column + " * " + ArgTable::stride(part, 1) +
                 "]";
        };
        if (a.welford) {
          em_.line("sg_st(&" + at(a.part) + ", mean" + accName(*a.e, j) + ");");
          em_.line("sg_st(&" + at(a.m2Part) + ", m2" + accName(*a.e, j) + ");");
        } else {
          em_.line("sg_st(&" + at(a.part) + ", " + accName(*a.e, j) + ");");
        }
      }
    em_.close();
    em_.close();
    em_.close();
    return {};
  }

  std::string take() { return em_.take(); }
  const std::vector<std::string>& guard() const { return guard_; }

 private:
  static std::string accName(const ir::Expr& e, std::int64_t lane) {
    return "acc" + std::to_string(e.id()) + "_" + std::to_string(lane);
  }
  static std::string countName(const ir::Expr& e) { return "n" + std::to_string(e.id()); }

  // The rows this thread folded (the same for all its lanes), and per lane the first value (the
  // shift) and the sums of the deviations from it and of their squares.
  void declareWelford(const Accumulator& a) {
    const std::string zero = "(" + a.type + ")0";
    em_.line(a.type + " " + countName(*a.e) + " = " + zero + ";");
    for (std::int64_t j = 0; j < width_; ++j) {
      const std::string acc = accName(*a.e, j);
      em_.line(a.type + " shift" + acc + " = " + zero + ", s1" + acc + " = " + zero + ", s2" + acc + " = " + zero +
               ";");
    }
  }
  void foldWelford(const Accumulator& a, std::int64_t lane, const std::string& value) {
    const std::string acc = accName(*a.e, lane), x = em_.fresh("x"), d = em_.fresh("d");
    em_.line("const " + a.type + " " + x + " = (" + a.type + ")" + value + ";");
    em_.line("shift" + acc + " = " + countName(*a.e) + " == (" + a.type + ")0 ? " + x + " : shift" + acc + ";");
    em_.line("const " + a.type + " " + d + " = " + x + " - shift" + acc + ";");
    em_.line("s1" + acc + " += " + d + "; s2" + acc + " += " + d + " * " + d + ";");
  }
  // This thread's mean and M2 of the lane's column, merged with the column's other threads.
  void mergeWelford(const Accumulator& a, std::int64_t lane) {
    const std::string acc = accName(*a.e, lane), n = countName(*a.e), zero = "(" + a.type + ")0";
    em_.line(a.type + " n" + acc + " = " + n + ";");
    em_.line(a.type + " mean" + acc + " = " + n + " > " + zero + " ? shift" + acc + " + s1" + acc + " / " + n + " : " +
             zero + ";");
    em_.line(a.type + " m2" + acc + " = " + n + " > " + zero + " ? s2" + acc + " - s1" + acc + " * s1" + acc + " / " +
             n + " : " + zero + ";");
    em_.line("m2" + acc + " = m2" + acc + " > " + zero + " ? m2" + acc + " : " + zero + ";");
    em_.line("sg_col_welford(mean" + acc + ", m2" + acc + ", n" + acc + ");");
  }

  // Lane j: the reduced index, and the kept index with its innermost part j further.
  void fullIndices(const Index& reduced, const Index& kept) {
    lanes_.clear();
    for (std::int64_t j = 0; j < width_; ++j) {
      Index k = kept;
      for (std::size_t d = k.size(); d-- > 0;)
        if (shape_.keptSizes()[d] != 1) {
          if (j > 0) k[d] = "(" + k[d] + " + " + std::to_string(j) + ")";
          break;
        }
      Index full(shape_.sizes.size(), "0");
      std::size_t nr = 0, nk = 0;
      for (std::size_t d = 0; d < full.size(); ++d) full[d] = shape_.reduced[d] ? reduced[nr++] : k[nk++];
      lanes_.push_back(std::move(full));
    }
  }

  // A tensor read along the lanes' innermost index moves as one vector, loaded at lane 0.
  std::optional<std::string> vectorLoad(const ir::Val* v, const Index& at, const std::string& global) {
    const Index& lane = lanes_[lane_];
    if (at.empty() || at.back() != lane.back() || !storageType(v->dtype())) return std::nullopt;
    Index first = at;
    first.back() = lanes_[0].back();
    std::string key = std::to_string(v->id());
    for (const std::string& i : first) key += "," + i;
    auto it = loaded_.find(key);
    if (it == loaded_.end()) {
      if (lane_ != 0) return std::nullopt;
      auto sizes = ctx_.sizes.sizes(v);
      if (!sizes || sizes->empty()) return std::nullopt;
      const std::string param = global.substr(0, global.find('['));
      const std::string type = "sg_vec<" + *storageType(v->dtype()) + ", " + std::to_string(width_) + ">";
      const std::string reg = em_.fresh("sg_cv");
      em_.line("const " + type + " " + reg + " = *(const " + type + "*)&" + global + ";");
      guardTensor(param, v, *sizes);
      it = loaded_.emplace(key, reg).first;
    }
    return it->second + ".v[" + std::to_string(lane_) + "]";
  }

  void guardTensor(const std::string& param, const ir::Val* v, const std::vector<std::int64_t>& sizes) {
    for (std::string& c : vectorAccessGuard(param, ir::byteSize(v->dtype()), sizes, width_, ctx_.options.hostLayout))
      guard_.push_back(std::move(c));
  }

  const KernelContext& ctx_;
  const RowShape& shape_;
  const GridSplit& split_;
  std::int64_t width_;
  bool vectorLoads_;
  Emitter em_;
  std::vector<Index> lanes_;
  std::size_t lane_ = 0;
  std::map<std::string, std::string> loaded_;  // (val, lane 0's index) -> its vector register
  std::vector<std::string> guard_;
};

}  // namespace

std::int64_t columnVectorWidth(const KernelContext& ctx, const RowShape& shape,
                               const std::vector<const ir::Expr*>& reductions) {
  if (!ctx.options.columnVector || ctx.options.maxVectorBytes < 2 || !reducedDimsLeadKept(shape) ||
      shape.sizes.empty() || shape.sizes.back() < 2 || shape.reduced.back())
    return 1;
  int widest = 1;
  for (const ir::Expr* e : reductions) {
    if (isWelfordFamily(*e)) {
      if (!ctx.options.columnVectorWelford) return 1;  // the one-column kernel
      continue;
    }
    if (e->family() != ir::OpFamily::Reduction || !combineFor(*e, accumulatorType(e->output()->dtype()))) return 1;
  }
  // The loads set the width: 16 bytes of the widest tensor read along the columns (the rows'
  // input, a bias over the columns).
  for (const ir::Val* v : ctx.inMemory)
    if (auto s = ctx.sizes.sizes(v); s && !s->empty() && s->back() == shape.sizes.back())
      widest = std::max(widest, ir::byteSize(v->dtype()));
  const std::int64_t width = std::min<std::int64_t>(8, ctx.options.maxVectorBytes / widest);
  const std::vector<std::int64_t> kept = shape.keptSizes();
  return width >= 2 && !kept.empty() && kept.back() % width == 0 ? width : 1;
}

Result<Kernel> columnVectorPartial(const KernelContext& ctx, const RowShape& shape, const GridSplit& split,
                                   std::int64_t width, const std::vector<const ir::Expr*>& reductions,
                                   const std::string& name) {
  ArgTable args;
  std::vector<Accumulator> accs;
  for (const ir::Expr* e : reductions) {
    Accumulator a;
    a.e = e;
    if (isWelfordFamily(*e)) {
      // RowKernelBuilder::reduceSplit's partials: the means in slot 0, the M2s in slot 1.
      a.welford = true;
      a.type = computeTypeName(e->output(0)->dtype()) == "double" ? "double" : "sg_float";
      const ir::DataType dtype = a.type == "double" ? ir::DataType::Double : ir::DataType::Float;
      const std::string id = std::to_string(e->id());
      a.part = args.scratch(-(e->id() * 4 + 1), dtype, {split.splits, shape.rows}, "part" + id + "_0");
      a.m2Part = args.scratch(-(e->id() * 4 + 2), dtype, {split.splits, shape.rows}, "part" + id + "_1");
      accs.push_back(std::move(a));
      continue;
    }
    a.type = accumulatorType(e->output()->dtype());
    SEGSCOPE_TRY(a.combine, combineFor(*e, a.type));
    const ir::DataType dtype = a.type == "double"      ? ir::DataType::Double
                               : a.type == "long long" ? ir::DataType::Int
                               : a.type == "bool"      ? ir::DataType::Bool
                                                       : ir::DataType::Float;
    // The finish kernel's scratch (RowKernelBuilder::scratch): the same id, type and layout.
    a.part =
        args.scratch(-(e->id() * 4 + 1), dtype, {split.splits, shape.rows}, "part" + std::to_string(e->id()) + "_0");
    accs.push_back(std::move(a));
  }
  ColumnVectorEmission vector(ctx, args, shape, split, width, true);
  if (Status st = vector.emit(accs, 2); !st) return st.error();
  ColumnVectorEmission scalar(ctx, args, shape, split, width, false);
  if (Status st = scalar.emit(accs, 2); !st) return st.error();
  // The vector loads when every vector read is aligned and unit-stride at run time, else one
  // load per column: the same loops either way.
  const std::string body =
      "  if (" + guardCondition(vector.guard()) + ") {\n" + vector.take() + "  } else {\n" + scalar.take() + "  }\n";
  Kernel k;
  k.name = name;
  finishKernel(k, args, body, ctx.options);
  k.launch.block.x = 32;
  k.launch.block.y = columnThreads(shape.extent);
  k.launch.grid.x = std::clamp<std::int64_t>((shape.rows + 32 * width - 1) / (32 * width), 1, ctx.options.maxGridX);
  k.launch.grid.y = split.splits;
  return k;
}

}  // namespace segscope::exec::cuda::codegen::row
