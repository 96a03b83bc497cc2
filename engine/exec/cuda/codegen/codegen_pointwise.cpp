// Pointwise / transpose / resize segments: one thread per output element, grid-stride
// loops with 64-bit indices (32-bit under index32), every op in registers. Outputs of another shape (a smaller
// broadcast output, a slice) get their own loop in the same kernel. Single-shape kernels whose
// innermost extent allows it also get a vector path (several elements per thread, 16-byte
// loads/stores), taken when a runtime guard finds the pointers aligned and the strides fit.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "exec/cuda/codegen/kernels.h"
#include "exec/cuda/codegen/prelude.h"

namespace segscope::exec::cuda::codegen {

namespace {

using ShapeGroups = std::vector<std::pair<std::vector<std::int64_t>, std::vector<const ir::Val*>>>;

// The order a group's loop walks its dims, outermost first: the logical order, or
// (CodegenOptions::outputAllocationOrder) the allocation order all of the group's outputs share,
// so that consecutive threads write consecutive addresses of the outputs nvFuser lays out in
// their inputs' order (csrc/preseg_passes/allocation_order_inference.cpp).
std::vector<std::size_t> loopOrder(const KernelContext& ctx, const ShapeGroups::value_type& group) {
  std::vector<std::size_t> logical(group.first.size());
  for (std::size_t d = 0; d < logical.size(); ++d) logical[d] = d;
  std::optional<std::vector<std::int64_t>> shared;
  for (const ir::Val* o : group.second) {
    auto it = ctx.outputOrders.find(o);
    if (it == ctx.outputOrders.end() || it->second.size() != logical.size()) return logical;
    if (shared && *shared != it->second) return logical;
    shared = it->second;
  }
  if (!shared) return logical;
  std::vector<std::size_t> order = logical;  // (*shared)[d]: dim d's rank by stride, rank-1 outermost
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return (*shared)[a] > (*shared)[b]; });
  return order;
}

// The group's index at linear position `linear` of its loop: unravelled over the dims in loop
// order, then put back in logical order.
Index loopIndex(Emitter& em, const std::string& linear, const std::vector<std::int64_t>& shape,
                const std::vector<std::size_t>& order) {
  std::vector<std::int64_t> walked;
  for (std::size_t d : order) walked.push_back(shape[d]);
  const Index inOrder = em.unravel(linear, walked, "d");
  Index idx(shape.size(), "0");
  for (std::size_t k = 0; k < order.size(); ++k) idx[order[k]] = inOrder[k];
  return idx;
}

// Elements per thread and iteration of the vector path over the largest output shape: 16 bytes
// of the widest tensor of that shape (at most 8), when its innermost dim is a multiple; 1 = no
// vector path. Smaller outputs (batch norm's per-column statistics beside its normalized
// output) keep scalar loops after the vector loop; an output shape of the same size does not
// get one, since the scalar loops may store it from the first loop (storeOneToOneOutputs).
bool reachedOneToOne(const KernelContext& ctx, const ir::Val* from, const ir::Val* to, std::set<const ir::Val*>& seen);

// With CodegenOptions::vectorLanes an output of another shape of the same size is no obstacle
// when the first group's outputs compute it one to one: the vector loop stores it lane by lane.
bool computedOneToOneByTheFirst(const KernelContext& ctx, const ShapeGroups& groups, const ir::Val* o) {
  return std::any_of(groups.front().second.begin(), groups.front().second.end(), [&](const ir::Val* r) {
    std::set<const ir::Val*> seen;
    return reachedOneToOne(ctx, r, o, seen);
  });
}

std::int64_t vectorWidth(const KernelContext& ctx, const ShapeGroups& groups) {
  if (groups.empty() || groups.front().first.empty() || ctx.options.maxVectorBytes < 2) return 1;
  for (std::size_t g = 1; g < groups.size(); ++g) {
    if (numelOf(groups[g].first) != numelOf(groups.front().first)) continue;
    if (!ctx.options.vectorLanes) return 1;
    for (const ir::Val* o : groups[g].second)
      if (!computedOneToOneByTheFirst(ctx, groups, o)) return 1;
  }
  const std::vector<std::int64_t>& shape = groups.front().first;
  int widest = 1;
  for (const ir::Val* o : groups.front().second) widest = std::max(widest, ir::byteSize(o->dtype()));
  for (const ir::Val* v : ctx.inMemory)
    if (auto s = ctx.sizes.sizes(v); s && *s == shape) widest = std::max(widest, ir::byteSize(v->dtype()));
  const std::int64_t width = std::min<std::int64_t>(8, ctx.options.maxVectorBytes / widest);
  const std::size_t lanes = loopOrder(ctx, groups.front()).back();
  return width >= 2 && shape[lanes] % width == 0 ? width : 1;
}

// The lane-0 index of values computed at the lanes of one run in order (outer indices equal,
// innermost in lane form (base, j) for j = 0, 1, ...), or nullopt.
std::optional<Index> vectorRun(const Emitter& em, std::vector<Emitter::ScopeValue>& at) {
  std::sort(at.begin(), at.end(), [&](const Emitter::ScopeValue& a, const Emitter::ScopeValue& b) {
    const auto fa = em.laneForm(a.index.empty() ? "" : a.index.back());
    const auto fb = em.laneForm(b.index.empty() ? "" : b.index.back());
    return (fa ? fa->second : -1) < (fb ? fb->second : -1);
  });
  for (std::size_t j = 0; j < at.size(); ++j) {
    const Index& idx = at[j].index;
    if (idx.empty() || idx.size() != at[0].index.size()) return std::nullopt;
    const auto form = em.laneForm(idx.back());
    if (!form || form->second != static_cast<std::int64_t>(j) || form->first != at[0].index.back()) return std::nullopt;
    for (std::size_t d = 0; d + 1 < idx.size(); ++d)
      if (idx[d] != at[0].index[d]) return std::nullopt;
  }
  return at.empty() ? std::nullopt : std::optional<Index>(at[0].index);
}

// Outputs of the other groups of the first group's size that the vector loop just computed
// once per lane (vectorLanes): stored at each lane's index, as one vector when the lanes form a
// run of the output's innermost dim (`guardTensor` then adds its alignment and strides), else
// one element at a time. Returns them; the rest get scalar loops after the vector loop.
Result<std::set<const ir::Val*>> storeLaneByLane(
    const KernelContext& ctx, Emitter& em, ArgTable& args, const ShapeGroups& groups, std::size_t lanes,
    const std::function<void(const std::string&, const ir::Val*, const std::vector<std::int64_t>&)>& guardTensor) {
  std::set<const ir::Val*> stored;
  for (std::size_t g = 1; g < groups.size(); ++g) {
    if (numelOf(groups[g].first) != numelOf(groups.front().first)) continue;
    for (const ir::Val* o : groups[g].second) {
      std::vector<Emitter::ScopeValue> at;
      for (const Emitter::ScopeValue& sv : em.scopeValues())
        if (sv.val == o) at.push_back(sv);
      if (at.size() != lanes) continue;
      if (auto run = vectorRun(em, at); run && storageType(o->dtype())) {
        const std::string param = args.tensor(o, ctx.kindOf(o), groups[g].first);
        const std::string type = "sg_vec<" + *storageType(o->dtype()) + ", " + std::to_string(lanes) + ">";
        const std::string reg = em.fresh("sg_out");
        em.line(type + " " + reg + ";");
        for (std::size_t j = 0; j < lanes; ++j)
          em.line("sg_st(&" + reg + ".v[" + std::to_string(j) + "], " + at[j].name + ");");
        em.line("*(" + type + "*)&" + param + "[" + Emitter::offset(param, *run) + "] = " + reg + ";");
        guardTensor(param, o, groups[g].first);
      } else {
        for (const Emitter::ScopeValue& sv : at) {
          SEGSCOPE_TRY(std::string ignored, em.store(o, ctx.kindOf(o), sv.index, sv.name));
          (void)ignored;
        }
      }
      stored.insert(o);
    }
  }
  return stored;
}

// The vector path: thread i handles the `width` consecutive elements from i * width (one row,
// since the innermost extent is a multiple of width). Tensors read along the output's innermost
// dim (its own shape, or broadcast along outer dims) and the outputs move as sg_vec accesses;
// every other read (inner broadcasts, permutes, ...) stays a scalar load. Returns the runtime guard: every vectorized
// tensor aligned to its vector size, innermost stride 1, other strides multiples of width.
Result<std::string> emitVectorLoop(const KernelContext& ctx, Emitter& em, ArgTable& args, const ShapeGroups& groups,
                                   std::int64_t width, std::set<const ir::Val*>& storedLaneByLane) {
  // Named references, not a structured binding: lambdas below use them (clang < 16 cannot
  // capture bindings, and the fuzz preset builds with Debian's clang 14).
  const auto& shape = groups.front().first;
  const auto& outputs = groups.front().second;
  const std::string w = std::to_string(width);
  const std::string ix = em.indexType();
  em.open("for (" + ix + " i = ((" + ix + ")blockIdx.x * blockDim.x + threadIdx.x) * " + em.indexLiteral(width) +
          "; i < " + em.indexLiteral(numelOf(shape)) + "; i += sg_stride * " + em.indexLiteral(width) + ")");
  // The lanes run along the loop's innermost dim: the output's innermost in memory.
  const std::vector<std::size_t> order = loopOrder(ctx, groups.front());
  const std::size_t laneDim = order.back();
  const Index base = loopIndex(em, "i", shape, order);
  std::vector<Index> lanes;
  for (std::int64_t j = 0; j < width; ++j) {
    Index idx = base;
    if (j > 0) idx[laneDim] = "(" + base[laneDim] + " + " + std::to_string(j) + ")";
    lanes.push_back(std::move(idx));
  }
  std::vector<std::string> guard;
  std::set<std::string> guarded;  // params whose conditions are in `guard`
  const auto guardTensor = [&](const std::string& param, const ir::Val* v, const std::vector<std::int64_t>& sizes) {
    for (std::string& c : vectorAccessGuard(param, ir::byteSize(v->dtype()), sizes, width, ctx.options.hostLayout))
      guard.push_back(std::move(c));
  };
  const auto guardOutput = [&](const std::string& param, const ir::Val* v) {
    for (std::string& c :
         vectorAccessGuard(param, ir::byteSize(v->dtype()), shape, width, ctx.options.hostLayout, laneDim))
      guard.push_back(std::move(c));
  };
  // A tensor moves as one sg_vec when its lanes are consecutive along its own innermost dim:
  // the output's shape read at the output's index, or a broadcast along the outer dims (a
  // bias [H] under [N, H], GELU's, which was read lane by lane). Its index at lane j is its
  // lane-0 index with the output's innermost index at lane j.
  struct VectorRead {
    std::string reg;
    Index laneZero;
  };
  // One vector read per tensor; with vectorLanes per tensor and lane-0 index (swiglu reads two
  // runs of one row, one per slice).
  std::map<std::string, VectorRead> loaded;
  std::size_t lane = 0;
  if (ctx.options.vectorLanes) {
    em.laneWidth = width;
    for (std::size_t j = 0; j < lanes.size(); ++j)
      lanes[j][laneDim] = em.laneIndex(base[laneDim], static_cast<std::int64_t>(j));
  }
  // Whether `innermost` is this lane's element of the run that starts at `laneZero`: the lane's
  // own index, or with vectorLanes any index in lane form for this lane.
  const auto alongLane = [&](const std::string& innermost, const std::string& laneZero) {
    if (!ctx.options.vectorLanes) return innermost == lanes[lane][laneDim];
    const auto form = em.laneForm(innermost);
    return form && form->second == static_cast<std::int64_t>(lane) && form->first == laneZero;
  };
  const auto consecutive = [&](const VectorRead& r, const Index& idx) {
    if (idx.size() != r.laneZero.size()) return false;
    for (std::size_t d = 0; d + 1 < idx.size(); ++d)
      if (idx[d] != r.laneZero[d]) return false;
    return alongLane(idx.back(), r.laneZero.back());
  };
  em.onLoad = [&](const ir::Val* v, const Index& idx, const std::string& global) -> std::optional<std::string> {
    auto s = ctx.sizes.sizes(v);
    if (!s || s->empty() || idx.empty() || !storageType(v->dtype())) return std::nullopt;
    std::string key = std::to_string(v->id());
    if (ctx.options.vectorLanes) {
      const auto form = em.laneForm(idx.back());
      if (!form || form->second != static_cast<std::int64_t>(lane)) return std::nullopt;
      for (std::size_t d = 0; d + 1 < idx.size(); ++d) key += "," + idx[d];
      key += "|" + form->first;
    } else if (s->back() != shape[laneDim] || idx.back() != lanes[lane][laneDim]) {
      return std::nullopt;
    }
    auto it = loaded.find(key);
    if (it == loaded.end()) {
      if (lane != 0) return std::nullopt;  // first read at another lane: not a run from lane 0
      const std::string param = global.substr(0, global.find('['));
      const std::string type = "sg_vec<" + *storageType(v->dtype()) + ", " + w + ">";
      const std::string reg = em.fresh("sg_in");
      em.line("const " + type + " " + reg + " = *(const " + type + "*)&" + param + "[" + Emitter::offset(param, idx) +
              "];");
      if (guarded.insert(param).second) guardTensor(param, v, *s);
      it = loaded.emplace(key, VectorRead{reg, idx}).first;
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
    guardOutput(param, out);
  }
  if (ctx.options.vectorLanes) {
    SEGSCOPE_TRY(storedLaneByLane, storeLaneByLane(ctx, em, args, groups, lanes.size(), guardTensor));
  }
  em.close();
  return guardCondition(guard);
}

// True when the chain from `from` back to `to` maps `from`'s elements one-to-one onto `to`'s:
// every hop is a same-shape elementwise op or a view that only reorders (permute, reshape) or
// adds and drops extent-1 dims. A loop over `from` then computes each element of `to` once.
bool reachedOneToOne(const KernelContext& ctx, const ir::Val* from, const ir::Val* to, std::set<const ir::Val*>& seen) {
  if (!seen.insert(from).second || ctx.inMemory.count(from) || !from->definition()) return false;
  const ir::Expr& e = *from->definition();
  const ir::OpFamily f = e.family();
  const bool elementwise =
      f == ir::OpFamily::Unary || f == ir::OpFamily::Binary || f == ir::OpFamily::Ternary || f == ir::OpFamily::Cast;
  const bool reorders = f == ir::OpFamily::Permute || f == ir::OpFamily::Reshape || f == ir::OpFamily::Set ||
                        f == ir::OpFamily::StrideOrder || f == ir::OpFamily::Squeeze || f == ir::OpFamily::Broadcast ||
                        f == ir::OpFamily::BroadcastInDim || f == ir::OpFamily::Expand;
  if (!elementwise && !reorders) return false;
  auto mine = ctx.sizes.sizes(from);
  if (!mine) return false;
  for (const ir::Val* x : e.inputs()) {
    if (!x->isTensor()) continue;
    auto theirs = ctx.sizes.sizes(x);
    if (!theirs || (elementwise ? *theirs != *mine : numelOf(*theirs) != numelOf(*mine))) continue;
    if (x == to || reachedOneToOne(ctx, x, to, seen)) return true;
  }
  return false;
}

// Outputs of later shape groups that the loop just emitted computed once per iteration, one to
// one with its own outputs (an output and a permuted reshape of it, as transpose_heavy writes):
// stored from this loop at the index it computed them at, so that no second loop re-reads the
// inputs for them. Returns those outputs.
Result<std::set<const ir::Val*>> storeOneToOneOutputs(const KernelContext& ctx, Emitter& em,
                                                      const std::vector<const ir::Val*>& loopOutputs,
                                                      const std::vector<const ir::Val*>& candidates) {
  std::set<const ir::Val*> stored;
  for (const ir::Val* o : candidates) {
    const Emitter::ScopeValue* only = nullptr;
    int entries = 0;
    for (const Emitter::ScopeValue& sv : em.scopeValues())
      if (sv.val == o) only = (++entries == 1) ? &sv : nullptr;
    if (!only) continue;  // not computed here, or at several indices (which one is one-to-one?)
    const bool oneToOne = std::any_of(loopOutputs.begin(), loopOutputs.end(), [&](const ir::Val* r) {
      std::set<const ir::Val*> seen;
      return r == o || reachedOneToOne(ctx, r, o, seen);
    });
    if (!oneToOne) continue;
    const std::string name = only->name;
    const Index index = only->index;
    SEGSCOPE_TRY(std::string ignored, em.store(o, ctx.kindOf(o), index, name));
    (void)ignored;
    stored.insert(o);
  }
  return stored;
}

// The largest shape first (it sets the launch); among shapes of one size, a group whose outputs
// a loop over another group computes one to one goes after it, so that it can be stored there.
void orderLoops(const KernelContext& ctx, ShapeGroups& groups) {
  const auto computedByAnother = [&](const ShapeGroups::value_type& g) {
    for (const auto& other : groups) {
      if (&other == &g || numelOf(other.first) != numelOf(g.first)) continue;
      for (const ir::Val* r : other.second)
        for (const ir::Val* o : g.second) {
          std::set<const ir::Val*> seen;
          if (reachedOneToOne(ctx, r, o, seen)) return true;
        }
    }
    return false;
  };
  std::vector<std::pair<std::int64_t, bool>> keys;
  for (const auto& g : groups) keys.emplace_back(numelOf(g.first), computedByAnother(g));
  std::vector<std::size_t> order(groups.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return keys[a].first != keys[b].first ? keys[a].first > keys[b].first : keys[a].second < keys[b].second;
  });
  ShapeGroups sorted;
  for (std::size_t i : order) sorted.push_back(std::move(groups[i]));
  groups = std::move(sorted);
}

// One grid-stride loop per output shape from groups[first], one element per thread and
// iteration; an output that an earlier loop computed one to one is stored there instead.
Status emitScalarLoops(const KernelContext& ctx, Emitter& em, const ShapeGroups& groups, std::size_t first = 0,
                       std::set<const ir::Val*> stored = {}) {
  for (std::size_t g = first; g < groups.size(); ++g) {
    const auto& [shape, vals] = groups[g];
    std::vector<const ir::Val*> remaining;
    for (const ir::Val* o : vals)
      if (!stored.count(o)) remaining.push_back(o);
    if (remaining.empty()) continue;
    const std::string ix = em.indexType();
    em.open("for (" + ix + " i = (" + ix + ")blockIdx.x * blockDim.x + threadIdx.x; i < " +
            em.indexLiteral(numelOf(shape)) + "; i += sg_stride)");
    const Index idx = loopIndex(em, "i", shape, loopOrder(ctx, groups[g]));
    for (const ir::Val* o : remaining) {
      SEGSCOPE_TRY(std::string v, em.value(o, idx));
      SEGSCOPE_TRY(std::string ignored, em.store(o, ctx.kindOf(o), idx, v));
      (void)ignored;
    }
    std::vector<const ir::Val*> later;
    for (std::size_t h = g + 1; h < groups.size(); ++h)
      if (numelOf(groups[h].first) == numelOf(shape))
        for (const ir::Val* o : groups[h].second)
          if (!stored.count(o)) later.push_back(o);
    SEGSCOPE_TRY(auto alsoStored, storeOneToOneOutputs(ctx, em, remaining, later));
    stored.insert(alsoStored.begin(), alsoStored.end());
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
  orderLoops(ctx, groups);

  ArgTable args;
  for (const auto& [o, order] : ctx.outputOrders)
    if (auto s = ctx.sizes.sizes(o)) args.planStrides(o, stridesInOrder(*s, order));
  const std::int64_t width = vectorWidth(ctx, groups);
  const std::string ix = ctx.options.hostLayout ? "sg_ix" : "long long";
  std::string body = "  const " + ix + " sg_stride = (" + ix + ")gridDim.x * blockDim.x;\n";
  if (width > 1) {
    // Two bodies over one parameter list: the vector loop when the guard holds at run time
    // (cuMemAlloc'ed buffers always align), else the scalar loop.
    Emitter vec(ctx.sizes, args, ctx.inMemory);
    vec.fastMath = ctx.fastMath;
    vec.hostLayout = ctx.options.hostLayout;
    vec.temps = ctx.temps;
    vec.setIndent(2);
    std::set<const ir::Val*> storedLaneByLane;
    SEGSCOPE_TRY(std::string guard, emitVectorLoop(ctx, vec, args, groups, width, storedLaneByLane));
    if (Status st = emitScalarLoops(ctx, vec, groups, 1, storedLaneByLane); !st) return st.error();
    Emitter scalar(ctx.sizes, args, ctx.inMemory);
    scalar.fastMath = ctx.fastMath;
    scalar.hostLayout = ctx.options.hostLayout;
    scalar.temps = ctx.temps;
    scalar.setIndent(2);
    if (Status st = emitScalarLoops(ctx, scalar, groups); !st) return st.error();
    body += "  if (" + guard + ") {\n" + vec.take() + "  } else {\n" + scalar.take() + "  }\n";
  } else {
    Emitter em(ctx.sizes, args, ctx.inMemory);
    em.fastMath = ctx.fastMath;
    em.hostLayout = ctx.options.hostLayout;
    em.temps = ctx.temps;
    if (Status st = emitScalarLoops(ctx, em, groups); !st) return st.error();
    body += em.take();
  }
  Kernel k;
  k.name = name;
  finishKernel(k, args, body, ctx.options);
  const std::int64_t n = groups.empty() ? 0 : numelOf(groups.front().first);
  const std::int64_t block = ctx.options.pointwiseBlock;
  k.launch.block.x = block;
  k.launch.grid.x = std::clamp<std::int64_t>((n / width + block - 1) / block, 1, ctx.options.maxGridX);
  return k;
}

}  // namespace segscope::exec::cuda::codegen
