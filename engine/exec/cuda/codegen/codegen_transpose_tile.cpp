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

// Elements of padding per tile row so that a warp reading down a column (one element per row)
// meets every shared-memory bank once: a row of an odd number of 4-byte words.
std::int64_t rowPadding(std::int64_t tile, int elementBytes) {
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
};

std::string replaced(const std::string& x, const std::string& from, const std::string& to) {
  return x == from ? to : x;
}

}  // namespace

Result<std::optional<Kernel>> tiledTransposeKernel(const KernelContext& ctx, const std::vector<const ir::Val*>& outputs,
                                                   const std::string& name) {
  const std::int64_t tile = ctx.options.transposeTile;
  if (tile <= 0 || outputs.empty()) return std::optional<Kernel>{};
  SEGSCOPE_TRY(auto shape, ctx.sizes.sizes(outputs.front()));
  for (const ir::Val* o : outputs) {
    SEGSCOPE_TRY(auto s, ctx.sizes.sizes(o));
    if (s != shape) return std::optional<Kernel>{};  // several loops: the plain kernel
  }
  if (shape.size() < 2 || numelOf(shape) == 0) return std::optional<Kernel>{};
  const auto axis = transposedAxis(ctx, outputs, shape);
  if (!axis) return std::optional<Kernel>{};
  const std::size_t a = *axis, b = shape.size() - 1;
  const std::int64_t tilesA = (shape[a] + tile - 1) / tile, tilesB = (shape[b] + tile - 1) / tile;
  std::vector<std::int64_t> outer = shape;
  outer[a] = outer[b] = 1;
  const std::int64_t tiles = numelOf(outer) * tilesA * tilesB;
  const std::string T = std::to_string(tile), TT = std::to_string(tile * tile);

  ArgTable args;
  Emitter em(ctx.sizes, args, ctx.inMemory);
  em.fastMath = ctx.fastMath;
  em.temps = ctx.temps;
  em.open("for (long long sg_tile = blockIdx.x; sg_tile < " + std::to_string(tiles) + "LL; sg_tile += gridDim.x)");
  em.line("const long long sg_ta0 = (sg_tile / " + std::to_string(tilesB) + "LL % " + std::to_string(tilesA) +
          "LL) * " + T + "LL;");
  em.line("const long long sg_tb0 = (sg_tile % " + std::to_string(tilesB) + "LL) * " + T + "LL;");
  const Index others = em.unravel("(sg_tile / " + std::to_string(tilesA * tilesB) + "LL)", outer, "sg_o");
  const std::size_t stagingAt = em.text().size();  // the staging loop goes here once its inputs are known
  const int stagingIndent = em.indent();

  // The outputs over the tile, the staged inputs read from shared memory: element (ta, tb) of
  // the tile sits at [tb][ta], where the staging loop put it reading along ta.
  Index idx = others;
  idx[a] = "sg_ta";
  idx[b] = "sg_tb";
  std::vector<StagedInput> staged;
  std::int64_t sharedBytes = 0;
  em.onLoad = [&](const ir::Val* v, const Index& at, const std::string& global) -> std::optional<std::string> {
    if (at.empty() || at.back() != "sg_ta") return std::nullopt;
    int ta = 0, tb = 0;
    for (const std::string& x : at) {
      ta += x == "sg_ta";
      tb += x == "sg_tb";
      if (x != "sg_ta" && x != "sg_tb" && x != "0" && std::find(others.begin(), others.end(), x) == others.end())
        return std::nullopt;
    }
    if (ta != 1 || tb != 1) return std::nullopt;
    auto it = std::find_if(staged.begin(), staged.end(), [&](const StagedInput& s) { return s.val == v; });
    if (it == staged.end()) {
      const auto storage = storageType(v->dtype());
      if (!storage) return std::nullopt;
      const int bytes = ir::byteSize(v->dtype());
      const std::int64_t arrayBytes = tile * (tile + rowPadding(tile, bytes)) * bytes;
      if (sharedBytes + arrayBytes > kStaticSharedBytes) return std::nullopt;
      sharedBytes += arrayBytes;
      StagedInput s{v, global.substr(0, global.find('[')), "sg_tile" + std::to_string(staged.size()), *storage, at};
      it = staged.insert(staged.end(), std::move(s));
    }
    if (it->at != at) return std::nullopt;  // read at a second index: from global memory
    return it->array + "[sg_e % " + T + "][sg_e / " + T + "]";
  };
  em.open("for (int sg_e = threadIdx.x; sg_e < " + TT + "; sg_e += blockDim.x)");
  em.line("const long long sg_ta = sg_ta0 + sg_e / " + T + ";");
  em.line("const long long sg_tb = sg_tb0 + sg_e % " + T + ";");
  em.open("if (sg_ta < " + std::to_string(shape[a]) + "LL && sg_tb < " + std::to_string(shape[b]) + "LL)");
  for (const ir::Val* o : outputs) {
    SEGSCOPE_TRY(std::string v, em.value(o, idx));
    SEGSCOPE_TRY(std::string ignored, em.store(o, ctx.kindOf(o), idx, v));
    (void)ignored;
  }
  em.onLoad = nullptr;
  em.close();
  em.close();
  em.line("__syncthreads();  // the next tile overwrites the staged inputs");
  em.close();
  if (staged.empty()) return std::optional<Kernel>{};

  // The staging loop: consecutive threads read consecutive ta (the inputs' innermost dim).
  const std::string pad(static_cast<std::size_t>(stagingIndent) * 2, ' ');
  std::string staging = pad + "for (int sg_e = threadIdx.x; sg_e < " + TT + "; sg_e += blockDim.x) {\n";
  staging += pad + "  const long long sg_la = sg_ta0 + sg_e % " + T + ";\n";
  staging += pad + "  const long long sg_lb = sg_tb0 + sg_e / " + T + ";\n";
  staging +=
      pad + "  if (sg_la < " + std::to_string(shape[a]) + "LL && sg_lb < " + std::to_string(shape[b]) + "LL) {\n";
  for (const StagedInput& s : staged) {
    Index at = s.at;
    for (std::string& x : at) x = replaced(replaced(x, "sg_ta", "sg_la"), "sg_tb", "sg_lb");
    staging += pad + "    " + s.array + "[sg_e / " + T + "][sg_e % " + T + "] = " + s.param + "[" +
               Emitter::offset(s.param, at) + "];\n";
  }
  staging += pad + "  }\n" + pad + "}\n" + pad + "__syncthreads();\n";
  em.insert(stagingAt, staging);

  std::string body;
  for (const StagedInput& s : staged) {
    const std::int64_t row = tile + rowPadding(tile, ir::byteSize(s.val->dtype()));
    body += "  __shared__ " + s.storage + " " + s.array + "[" + T + "][" + std::to_string(row) + "];\n";
  }
  body += em.take();
  const std::int64_t threads = std::min(kTileThreads, tile * tile);
  Kernel k;
  k.name = name;
  k.source = kernelSource(name, args.signature(), body, threads);
  k.args = args.args();
  k.launch.block.x = threads;
  k.launch.grid.x = std::clamp<std::int64_t>(tiles, 1, ctx.options.maxGridX);
  return std::optional<Kernel>{std::move(k)};
}

}  // namespace segscope::exec::cuda::codegen
