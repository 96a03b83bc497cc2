// Pointwise / transpose / resize segments: one thread per output element, grid-stride
// loops with 64-bit indices, every op in registers. Outputs of another shape (a smaller
// broadcast output, a slice) get their own loop in the same kernel. Single-shape kernels whose
// innermost extent allows it also get a vector path (several elements per thread, 16-byte
// loads/stores), taken when a runtime guard finds the pointers aligned and the strides fit.
#include <algorithm>
#include <map>

#include "exec/cuda/codegen/kernels.h"
#include "exec/cuda/codegen/prelude.h"

namespace segscope::exec::cuda::codegen {

std::string kernelSource(const std::string& name, const std::string& signature, const std::string& body,
                         std::int64_t maxThreads, std::int64_t minBlocks) {
  const std::string blocks = minBlocks > 0 ? ", " + std::to_string(minBlocks) : "";
  const std::string bounds = maxThreads > 0 ? "__launch_bounds__(" + std::to_string(maxThreads) + blocks + ") " : "";
  return prelude() + "\nextern \"C\" __global__ void " + bounds + name + "(\n    " + signature + ") {\n" + body + "}\n";
}

namespace {

using ShapeGroups = std::vector<std::pair<std::vector<std::int64_t>, std::vector<const ir::Val*>>>;

// Elements per thread and iteration of the vector path: 16 bytes of the widest tensor of the
// output's shape (at most 8), when the innermost output dim is a multiple; 1 = no vector path.
std::int64_t vectorWidth(const KernelContext& ctx, const ShapeGroups& groups) {
  if (groups.size() != 1 || groups.front().first.empty() || ctx.options.maxVectorBytes < 2) return 1;
  const std::vector<std::int64_t>& shape = groups.front().first;
  int widest = 1;
  for (const ir::Val* o : groups.front().second) widest = std::max(widest, ir::byteSize(o->dtype()));
  for (const ir::Val* v : ctx.inMemory)
    if (auto s = ctx.sizes.sizes(v); s && *s == shape) widest = std::max(widest, ir::byteSize(v->dtype()));
  const std::int64_t width = std::min<std::int64_t>(8, ctx.options.maxVectorBytes / widest);
  return width >= 2 && shape.back() % width == 0 ? width : 1;
}

// The vector path: thread i handles the `width` consecutive elements from i * width (one row,
// since the innermost extent is a multiple of width). Tensors read along the output's innermost
// dim (its own shape, or broadcast along outer dims) and the outputs move as sg_vec accesses;
// every other read (inner broadcasts, permutes, ...) stays a scalar load. Returns the runtime guard: every vectorized
// tensor aligned to its vector size, innermost stride 1, other strides multiples of width.
Result<std::string> emitVectorLoop(const KernelContext& ctx, Emitter& em, ArgTable& args, const ShapeGroups& groups,
                                   std::int64_t width) {
  // Named references, not a structured binding: lambdas below use them (clang < 16 cannot
  // capture bindings, and the fuzz preset builds with Debian's clang 14).
  const auto& shape = groups.front().first;
  const auto& outputs = groups.front().second;
  const std::string w = std::to_string(width);
  em.open("for (long long i = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * " + w + "LL; i < " +
          std::to_string(numelOf(shape)) + "LL; i += sg_stride * " + w + "LL)");
  const Index base = em.unravel("i", shape, "d");
  std::vector<Index> lanes;
  for (std::int64_t j = 0; j < width; ++j) {
    Index idx = base;
    if (j > 0) idx.back() = "(" + base.back() + " + " + std::to_string(j) + ")";
    lanes.push_back(std::move(idx));
  }
  std::vector<std::string> guard;
  const auto guardTensor = [&](const std::string& param, const ir::Val* v, const std::vector<std::int64_t>& sizes) {
    const std::int64_t bytes = width * ir::byteSize(v->dtype());
    guard.push_back("((unsigned long long)" + param + " % " + std::to_string(bytes) + "ULL) == 0");
    guard.push_back(ArgTable::stride(param, sizes.size() - 1) + " == 1");
    for (std::size_t d = 0; d + 1 < sizes.size(); ++d)
      if (sizes[d] > 1) guard.push_back(ArgTable::stride(param, d) + " % " + w + "LL == 0");
  };
  // A tensor moves as one sg_vec when its lanes are consecutive along its own innermost dim:
  // the output's shape read at the output's index, or a broadcast along the outer dims (a
  // bias [H] under [N, H], GELU's, which was read lane by lane). Its index at lane j is its
  // lane-0 index with the output's innermost index at lane j.
  struct VectorRead {
    std::string reg;
    Index laneZero;
  };
  std::map<const ir::Val*, VectorRead> loaded;
  std::size_t lane = 0;
  const auto consecutive = [&](const VectorRead& r, const Index& idx) {
    if (idx.size() != r.laneZero.size()) return false;
    for (std::size_t d = 0; d + 1 < idx.size(); ++d)
      if (idx[d] != r.laneZero[d]) return false;
    return idx.back() == lanes[lane].back();
  };
  em.onLoad = [&](const ir::Val* v, const Index& idx, const std::string& global) -> std::optional<std::string> {
    auto s = ctx.sizes.sizes(v);
    if (!s || s->empty() || idx.empty() || s->back() != shape.back() || idx.back() != lanes[lane].back() ||
        !storageType(v->dtype()))
      return std::nullopt;
    auto it = loaded.find(v);
    if (it == loaded.end()) {
      if (lane != 0) return std::nullopt;  // first read at another lane: not a run from lane 0
      const std::string param = global.substr(0, global.find('['));
      const std::string type = "sg_vec<" + *storageType(v->dtype()) + ", " + w + ">";
      const std::string reg = em.fresh("sg_in");
      em.line("const " + type + " " + reg + " = *(const " + type + "*)&" + param + "[" + Emitter::offset(param, idx) +
              "];");
      guardTensor(param, v, *s);
      it = loaded.emplace(v, VectorRead{reg, idx}).first;
    }
    if (!consecutive(it->second, idx)) return std::nullopt;
    return it->second.reg + ".v[" + std::to_string(lane) + "]";
  };
  std::vector<std::vector<std::string>> values(outputs.size());
  for (lane = 0; lane < lanes.size(); ++lane)
    for (std::size_t o = 0; o < outputs.size(); ++o) {
      SEGSCOPE_TRY(std::string v, em.value(outputs[o], lanes[lane]));
      values[o].push_back(v);
    }
  em.onLoad = nullptr;
  for (std::size_t o = 0; o < outputs.size(); ++o) {
    const ir::Val* out = outputs[o];
    if (!storageType(out->dtype()))
      return makeError("cuda codegen: dtype of " + out->name() + " is not supported", out->loc());
    const std::string param = args.tensor(out, ctx.kindOf(out), shape);
    const std::string type = "sg_vec<" + *storageType(out->dtype()) + ", " + w + ">";
    const std::string reg = em.fresh("sg_out");
    em.line(type + " " + reg + ";");
    for (std::size_t j = 0; j < lanes.size(); ++j)
      em.line("sg_st(&" + reg + ".v[" + std::to_string(j) + "], " + values[o][j] + ");");
    em.line("*(" + type + "*)&" + param + "[" + Emitter::offset(param, base) + "] = " + reg + ";");
    guardTensor(param, out, shape);
  }
  em.close();
  std::string condition;
  for (const std::string& g : guard) condition += (condition.empty() ? "" : " &&\n      ") + g;
  return condition.empty() ? std::string("true") : condition;
}

// One grid-stride loop per output shape, one element per thread and iteration.
Status emitScalarLoops(const KernelContext& ctx, Emitter& em, const ShapeGroups& groups) {
  for (const auto& [shape, vals] : groups) {
    em.open("for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < " +
            std::to_string(numelOf(shape)) + "LL; i += sg_stride)");
    const Index idx = em.unravel("i", shape, "d");
    for (const ir::Val* o : vals) {
      SEGSCOPE_TRY(std::string v, em.value(o, idx));
      SEGSCOPE_TRY(std::string ignored, em.store(o, ctx.kindOf(o), idx, v));
      (void)ignored;
    }
    em.close();
  }
  return {};
}

}  // namespace

Result<Kernel> pointwiseKernel(const KernelContext& ctx, const std::vector<const ir::Val*>& outputs,
                               const std::string& name) {
  // Distinct output shapes, the largest first (the reference output sets the launch).
  ShapeGroups groups;
  for (const ir::Val* o : outputs) {
    SEGSCOPE_TRY(auto s, ctx.sizes.sizes(o));
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == s; });
    if (it == groups.end())
      groups.push_back({s, {o}});
    else
      it->second.push_back(o);
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const auto& a, const auto& b) { return numelOf(a.first) > numelOf(b.first); });

  ArgTable args;
  const std::int64_t width = vectorWidth(ctx, groups);
  std::string body = "  const long long sg_stride = (long long)gridDim.x * blockDim.x;\n";
  if (width > 1) {
    // Two bodies over one parameter list: the vector loop when the guard holds at run time
    // (cuMemAlloc'ed buffers always align), else the scalar loop.
    Emitter vec(ctx.sizes, args, ctx.inMemory);
    vec.temps = ctx.temps;
    vec.setIndent(2);
    SEGSCOPE_TRY(std::string guard, emitVectorLoop(ctx, vec, args, groups, width));
    Emitter scalar(ctx.sizes, args, ctx.inMemory);
    scalar.temps = ctx.temps;
    scalar.setIndent(2);
    if (Status st = emitScalarLoops(ctx, scalar, groups); !st) return st.error();
    body += "  if (" + guard + ") {\n" + vec.take() + "  } else {\n" + scalar.take() + "  }\n";
  } else {
    Emitter em(ctx.sizes, args, ctx.inMemory);
    em.temps = ctx.temps;
    if (Status st = emitScalarLoops(ctx, em, groups); !st) return st.error();
    body += em.take();
  }
  Kernel k;
  k.name = name;
  k.source = kernelSource(name, args.signature(), body);
  k.args = args.args();
  const std::int64_t n = groups.empty() ? 0 : numelOf(groups.front().first);
  const std::int64_t block = ctx.options.pointwiseBlock;
  k.launch.block.x = block;
  k.launch.grid.x = std::clamp<std::int64_t>((n / width + block - 1) / block, 1, ctx.options.maxGridX);
  return k;
}

}  // namespace segscope::exec::cuda::codegen
