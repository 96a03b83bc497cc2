// Pointwise kernels that read an input across the output's innermost dim (a permute that moves
// it): T x T tiles of the output, those inputs staged through shared memory so that both their
// loads (along the input's own innermost dim) and the output's stores are coalesced.
#include <algorithm>
#include <map>

#include "exec/cuda/codegen/kernels.h"
#include "exec/cuda/codegen/prelude.h"

namespace segscope::exec::cuda::codegen {

namespace {

constexpr std::int64_t kTileThreads = 256;
// Static shared memory a kernel may declare without an opt-in.
constexpr std::int64_t kStaticSharedBytes = 48 * 1024;

// The output dim that the in-memory inputs read as their own innermost dim while the output's
// innermost dim indexes one of their outer dims: the tile's second axis. Found by emitting the
// outputs once at plain indices and looking at every load (weighted by element size); nullopt
// when no input is read that way.
std::optional<std::size_t> transposedAxis(const KernelContext& ctx, const std::vector<const ir::Val*>& outputs,
                                          const std::vector<std::int64_t>& shape) {
  ArgTable scratch;
  Emitter dry(ctx.sizes, scratch, ctx.inMemory);
  dry.temps = ctx.temps;
  const Index idx = dry.unravel("i", shape, "sg_d");
  const std::string inner = idx.back();
  if (inner == "0") return std::nullopt;
  std::map<std::size_t, std::int64_t> bytes;
  dry.onLoad = [&](const ir::Val* v, const Index& at, const std::string&) -> std::optional<std::string> {
    if (at.empty() || at.back() == inner || std::find(at.begin(), at.end(), inner) == at.end()) return std::nullopt;
    for (std::size_t d = 0; d + 1 < idx.size(); ++d)
      if (idx[d] != "0" && at.back() == idx[d]) bytes[d] += ir::byteSize(v->dtype());
    return std::nullopt;
  };
  for (const ir::Val* o : outputs)
    if (!dry.value(o, idx)) return std::nullopt;  // the plain kernel reports the error
  if (bytes.empty()) return std::nullopt;
  return std::max_element(bytes.begin(), bytes.end(), [](const auto& x, const auto& y) { return x.second < y.second; })
      ->first;
}

// Elements of padding per tile row so that a warp reading down a column meets every
// shared-memory bank once. One element per thread: a row of an odd number of 4-byte words.
// `width` elements per thread (lanes `width` rows apart): an odd number of elements per row.
std::int64_t rowPadding(std::int64_t tile, int elementBytes, std::int64_t width) {
  if (width > 1) return tile % 2 == 0 ? 1 : 2;
  for (std::int64_t pad = 1; pad <= 8; ++pad)
    if (((tile + pad) * elementBytes) % 8 == 4) return pad;
  return 1;  // 8-byte elements: two-way conflicts at best
}

// An input read at the tile's index, staged in shared memory: its parameter, the index it is
// read at (in terms of sg_ta / sg_tb and the tile's outer dims) and its tile array.
struct StagedInput {
  const ir::Val* val = nullptr;
  std::string param, array, storage;
  Index at;
  std::int64_t row = 0;  // elements per tile row, padding included
};

struct TileGeometry {
  std::vector<std::int64_t> shape, outer;  // outer: the shape with the tile's two dims at 1
  std::size_t a = 0, b = 0;                // a: read innermost by the staged inputs; b: the output's innermost
  std::int64_t tile = 0, tilesA = 0, tilesB = 0, tiles = 0;
};

// One version of the tile loop: `width` consecutive outputs along b per thread and iteration
// (1: one). With width > 1 the staged inputs load `width` elements along a as one vector, the
// inputs read along b and the outputs move as vectors, and `guard` says when that is allowed.
struct TileBody {
  std::string text;
  std::vector<StagedInput> staged;
  std::vector<std::string> guard;
  std::int64_t sharedBytes = 0;
};

// Named apart from index_maps.cpp's num(), which appends LL: the CI build compiles files in batches.
std::string decimal(std::int64_t v) { return std::to_string(v); }

class TileEmission {
 public:
  TileEmission(const KernelContext& ctx, ArgTable& args, const TileGeometry& g, std::int64_t width,
               std::string arrayPrefix)
      : ctx_(ctx),
        args_(args),
        g_(g),
        width_(width),
        prefix_(std::move(arrayPrefix)),
        em_(ctx.sizes, args, ctx.inMemory) {
    em_.fastMath = ctx.fastMath;
    em_.hostLayout = ctx.options.hostLayout;
    em_.temps = ctx.temps;
    for (std::int64_t j = 0; j < width; ++j) laneB_.push_back(j == 0 ? "sg_tb" : "(sg_tb + " + decimal(j) + ")");
  }

  Result<TileBody> emit(const std::vector<const ir::Val*>& outputs, int indent) {
    em_.setIndent(indent);
    const std::string ix = em_.indexType();
    const auto lit = [this](std::int64_t v) { return em_.indexLiteral(v); };
    em_.open("for (" + ix + " sg_tile = blockIdx.x; sg_tile < " + lit(g_.tiles) + "; sg_tile += gridDim.x)");
    em_.line("const " + ix + " sg_ta0 = (sg_tile / " + lit(g_.tilesB) + " % " + lit(g_.tilesA) + ") * " + lit(g_.tile) +
             ";");
    em_.line("const " + ix + " sg_tb0 = (sg_tile % " + lit(g_.tilesB) + ") * " + lit(g_.tile) + ";");
    others_ = em_.unravel("(sg_tile / " + lit(g_.tilesA * g_.tilesB) + ")", g_.outer, "sg_o");
    const std::size_t stagingAt = em_.text().size();  // the staging loop goes here once its inputs are known
    const int stagingIndent = em_.indent();
    em_.onLoad = [this](const ir::Val* v, const Index& at, const std::string& global) {
      return redirect(v, at, global);
    };
    openElementLoop("sg_ta", "sg_tb");
    SEGSCOPE_TRY(auto values, laneValues(outputs));
    em_.onLoad = nullptr;
    if (Status st = storeOutputs(outputs, values); !st) return st.error();
    em_.close();
    em_.close();
    em_.line("__syncthreads();  // the next tile overwrites the staged inputs");
    em_.close();
    em_.insert(stagingAt, stagingLoop(stagingIndent));
    body_.text = em_.take();
    return std::move(body_);
  }

 private:
  // for each thread's elements of the tile: row sg_r (along a), columns sg_c.. (along b).
  void openElementLoop(const std::string& ta, const std::string& tb) {
    const std::int64_t perRow = g_.tile / width_;
    em_.open("for (int sg_e = threadIdx.x; sg_e < " + decimal(g_.tile * perRow) + "; sg_e += blockDim.x)");
    em_.line("const int sg_r = sg_e / " + decimal(perRow) + ";");
    em_.line("const int sg_c = sg_e % " + decimal(perRow) + (width_ > 1 ? " * " + decimal(width_) : std::string()) +
             ";");
    em_.line("const " + em_.indexType() + " " + ta + " = sg_ta0 + sg_r;");
    em_.line("const " + em_.indexType() + " " + tb + " = sg_tb0 + sg_c;");
    em_.open("if (" + ta + " < " + em_.indexLiteral(g_.shape[g_.a]) + " && " + tb + " < " +
             em_.indexLiteral(g_.shape[g_.b]) + ")");
  }

  // Each lane's value of each output (lane j at b = sg_tb + j).
  Result<std::vector<std::vector<std::string>>> laneValues(const std::vector<const ir::Val*>& outputs) {
    std::vector<std::vector<std::string>> values(outputs.size());
    for (lane_ = 0; lane_ < laneB_.size(); ++lane_)
      for (std::size_t o = 0; o < outputs.size(); ++o) {
        SEGSCOPE_TRY(std::string v, em_.value(outputs[o], laneIndex()));
        values[o].push_back(v);
      }
    return values;
  }

  Index laneIndex() const {
    Index idx = others_;
    idx[g_.a] = "sg_ta";
    idx[g_.b] = laneB_[lane_];
    return idx;
  }

  Status storeOutputs(const std::vector<const ir::Val*>& outputs, const std::vector<std::vector<std::string>>& values) {
    lane_ = 0;
    for (std::size_t o = 0; o < outputs.size(); ++o) {
      const ir::Val* out = outputs[o];
      if (width_ == 1) {
        SEGSCOPE_TRY(std::string ignored, em_.store(out, ctx_.kindOf(out), laneIndex(), values[o][0]));
        (void)ignored;
        continue;
      }
      const auto storage = storageType(out->dtype());
      if (!storage) return makeError("cuda codegen: dtype of " + out->name() + " is not supported", out->loc());
      const std::string param = args_.tensor(out, ctx_.kindOf(out), g_.shape);
      const std::string type = "sg_vec<" + *storage + ", " + decimal(width_) + ">";
      const std::string reg = em_.fresh("sg_out");
      em_.line(type + " " + reg + ";");
      for (std::size_t j = 0; j < values[o].size(); ++j)
        em_.line("sg_st(&" + reg + ".v[" + decimal(static_cast<std::int64_t>(j)) + "], " + values[o][j] + ");");
      em_.line("*(" + type + "*)&" + param + "[" + Emitter::offset(param, laneIndex()) + "] = " + reg + ";");
      guardVector(param, out, g_.shape);
    }
    return {};
  }

  void guardVector(const std::string& param, const ir::Val* v, const std::vector<std::int64_t>& sizes) {
    for (std::string& c : vectorAccessGuard(param, ir::byteSize(v->dtype()), sizes, width_, ctx_.options.hostLayout))
      body_.guard.push_back(std::move(c));
  }

  std::optional<std::string> redirect(const ir::Val* v, const Index& at, const std::string& global) {
    if (auto staged = stagedRead(v, at, global)) return staged;
    if (width_ > 1) return vectorReadAlongB(v, at, global);
    return std::nullopt;
  }

  // A read across the output's innermost dim (its own innermost index is the tile's a) comes
  // from the shared tile: element (ta, tb) of the tile sits at [tb - tb0][ta - ta0].
  std::optional<std::string> stagedRead(const ir::Val* v, const Index& at, const std::string& global) {
    if (at.empty() || at.back() != "sg_ta") return std::nullopt;
    int ta = 0, tb = 0;
    Index laneZero = at;
    for (std::string& x : laneZero) {
      ta += x == "sg_ta";
      if (x == laneB_[lane_]) {
        ++tb;
        x = "sg_tb";
      } else if (x != "sg_ta" && x != "0" && std::find(others_.begin(), others_.end(), x) == others_.end()) {
        return std::nullopt;
      }
    }
    if (ta != 1 || tb != 1) return std::nullopt;
    auto it = std::find_if(body_.staged.begin(), body_.staged.end(), [&](const StagedInput& s) { return s.val == v; });
    if (it == body_.staged.end()) {
      const auto storage = storageType(v->dtype());
      if (!storage) return std::nullopt;
      const int bytes = ir::byteSize(v->dtype());
      const std::int64_t row = g_.tile + rowPadding(g_.tile, bytes, width_);
      if (body_.sharedBytes + g_.tile * row * bytes > kStaticSharedBytes) return std::nullopt;
      body_.sharedBytes += g_.tile * row * bytes;
      StagedInput s{v,
                    global.substr(0, global.find('[')),
                    prefix_ + decimal(static_cast<std::int64_t>(body_.staged.size())),
                    *storage,
                    laneZero,
                    row};
      it = body_.staged.insert(body_.staged.end(), std::move(s));
    }
    if (it->at != laneZero) return std::nullopt;  // read at a second index: from global memory
    const std::string column = lane_ == 0 ? "sg_c" : "sg_c + " + decimal(static_cast<std::int64_t>(lane_));
    return it->array + "[" + column + "][sg_r]";
  }

  // An input read along b (its innermost index is lane j's b): one vector load at lane 0.
  std::optional<std::string> vectorReadAlongB(const ir::Val* v, const Index& at, const std::string& global) {
    if (at.empty() || at.back() != laneB_[lane_] || !storageType(v->dtype())) return std::nullopt;
    auto sizes = ctx_.sizes.sizes(v);
    if (!sizes || sizes->empty() || sizes->back() != g_.shape[g_.b]) return std::nullopt;
    Index laneZero = at;
    laneZero.back() = "sg_tb";
    auto it = alongB_.find(v);
    if (it == alongB_.end()) {
      if (lane_ != 0) return std::nullopt;
      const std::string param = global.substr(0, global.find('['));
      const std::string type = "sg_vec<" + *storageType(v->dtype()) + ", " + decimal(width_) + ">";
      const std::string reg = em_.fresh("sg_in");
      em_.line("const " + type + " " + reg + " = *(const " + type + "*)&" + param + "[" +
               Emitter::offset(param, laneZero) + "];");
      guardVector(param, v, *sizes);
      it = alongB_.emplace(v, std::make_pair(reg, laneZero)).first;
    }
    if (it->second.second != laneZero) return std::nullopt;
    return it->second.first + ".v[" + decimal(static_cast<std::int64_t>(lane_)) + "]";
  }

  // The staging loop: consecutive threads read consecutive ta (the inputs' innermost dim).
  std::string stagingLoop(int indent) {
    const std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
    const std::int64_t perRow = g_.tile / width_;
    std::string s =
        pad + "for (int sg_e = threadIdx.x; sg_e < " + decimal(g_.tile * perRow) + "; sg_e += blockDim.x) {\n";
    s += pad + "  const int sg_r = sg_e / " + decimal(perRow) + ";\n";
    s += pad + "  const int sg_c = sg_e % " + decimal(perRow) + (width_ > 1 ? " * " + decimal(width_) : std::string()) +
         ";\n";
    const std::string ix = em_.indexType();
    s += pad + "  const " + ix + " sg_la = sg_ta0 + sg_c;\n";
    s += pad + "  const " + ix + " sg_lb = sg_tb0 + sg_r;\n";
    s += pad + "  if (sg_la < " + em_.indexLiteral(g_.shape[g_.a]) + " && sg_lb < " + em_.indexLiteral(g_.shape[g_.b]) +
         ") {\n";
    for (const StagedInput& in : body_.staged) {
      Index at = in.at;
      for (std::string& x : at) x = x == "sg_ta" ? "sg_la" : x == "sg_tb" ? "sg_lb" : x;
      const std::string element = in.param + "[" + Emitter::offset(in.param, at) + "]";
      if (width_ == 1) {
        s += pad + "    " + in.array + "[sg_r][sg_c] = " + element + ";\n";
        continue;
      }
      const std::string type = "sg_vec<" + in.storage + ", " + decimal(width_) + ">";
      const std::string reg = in.array + "_v";
      s += pad + "    const " + type + " " + reg + " = *(const " + type + "*)&" + element + ";\n";
      for (std::int64_t j = 0; j < width_; ++j)
        s += pad + "    " + in.array + "[sg_r][sg_c + " + decimal(j) + "] = " + reg + ".v[" + decimal(j) + "];\n";
      if (auto sizes = ctx_.sizes.sizes(in.val)) guardVector(in.param, in.val, *sizes);
    }
    return s + pad + "  }\n" + pad + "}\n" + pad + "__syncthreads();\n";
  }

  const KernelContext& ctx_;
  ArgTable& args_;
  const TileGeometry& g_;
  std::int64_t width_;
  std::string prefix_;
  Emitter em_;
  Index others_;
  std::vector<std::string> laneB_;
  std::size_t lane_ = 0;
  std::map<const ir::Val*, std::pair<std::string, Index>> alongB_;
  TileBody body_;
};

// Elements per thread of the vector tile: 16 bytes of the widest tensor of the output's rank
// (at most 8), when both tile dims' extents and the tile are multiples; 1 = no vector tile.
std::int64_t tileVectorWidth(const KernelContext& ctx, const TileGeometry& g,
                             const std::vector<const ir::Val*>& outputs) {
  if (ctx.options.maxVectorBytes < 2) return 1;
  int widest = 1;
  for (const ir::Val* o : outputs) widest = std::max(widest, ir::byteSize(o->dtype()));
  for (const ir::Val* v : ctx.inMemory)
    if (auto s = ctx.sizes.sizes(v); s && s->size() == g.shape.size())
      widest = std::max(widest, ir::byteSize(v->dtype()));
  const std::int64_t width = std::min<std::int64_t>(8, ctx.options.maxVectorBytes / widest);
  if (width < 2 || g.tile % width != 0 || g.shape[g.a] % width != 0 || g.shape[g.b] % width != 0) return 1;
  return width;
}

}  // namespace

Result<std::optional<Kernel>> tiledTransposeKernel(const KernelContext& ctx, const std::vector<const ir::Val*>& outputs,
                                                   const std::string& name) {
  const std::int64_t tile = ctx.options.transposeTile;
  if (tile <= 0 || outputs.empty()) return std::optional<Kernel>{};
  TileGeometry g;
  g.tile = tile;
  SEGSCOPE_TRY(g.shape, ctx.sizes.sizes(outputs.front()));
  for (const ir::Val* o : outputs) {
    SEGSCOPE_TRY(auto s, ctx.sizes.sizes(o));
    if (s != g.shape) return std::optional<Kernel>{};  // several loops: the plain kernel
  }
  if (g.shape.size() < 2 || numelOf(g.shape) == 0) return std::optional<Kernel>{};
  const auto axis = transposedAxis(ctx, outputs, g.shape);
  if (!axis) return std::optional<Kernel>{};
  g.a = *axis;
  g.b = g.shape.size() - 1;
  g.tilesA = (g.shape[g.a] + tile - 1) / tile;
  g.tilesB = (g.shape[g.b] + tile - 1) / tile;
  g.outer = g.shape;
  g.outer[g.a] = g.outer[g.b] = 1;
  g.tiles = numelOf(g.outer) * g.tilesA * g.tilesB;

  ArgTable args;
  const std::int64_t width = tileVectorWidth(ctx, g, outputs);
  std::optional<TileBody> vector;
  if (width > 1) {
    TileEmission e(ctx, args, g, width, "sg_vtile");
    SEGSCOPE_TRY(TileBody b, e.emit(outputs, 2));
    if (!b.staged.empty()) vector = std::move(b);
  }
  TileEmission e(ctx, args, g, 1, "sg_tile");
  SEGSCOPE_TRY(TileBody scalar, e.emit(outputs, vector ? 2 : 1));
  if (scalar.staged.empty()) return std::optional<Kernel>{};
  if (vector && vector->sharedBytes + scalar.sharedBytes > kStaticSharedBytes) vector.reset();

  std::string body;
  for (const TileBody* b : {vector ? &*vector : nullptr, &scalar}) {
    if (!b) continue;
    for (const StagedInput& in : b->staged)
      body += "  __shared__ " + in.storage + " " + in.array + "[" + decimal(tile) + "][" + decimal(in.row) + "];\n";
  }
  if (vector) {
    // Two versions over one parameter list: the vector tile when every vector access is aligned
    // and unit-stride at run time (cuMemAlloc'ed buffers always are), else one element a thread.
    body += "  if (" + guardCondition(vector->guard) + ") {\n" + vector->text + "  } else {\n" + scalar.text + "  }\n";
  } else {
    body += scalar.text;
  }
  const std::int64_t perThread = vector ? width : 1;
  const std::int64_t threads = std::min(kTileThreads, tile * tile / perThread);
  Kernel k;
  k.name = name;
  finishKernel(k, args, body, ctx.options, threads);
  k.launch.block.x = threads;
  k.launch.grid.x = std::clamp<std::int64_t>(g.tiles, 1, ctx.options.maxGridX);
  return std::optional<Kernel>{std::move(k)};
}

}  // namespace segscope::exec::cuda::codegen
