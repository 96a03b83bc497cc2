// Input sizes a footer-less definition fixes by itself: constant extents reached through the
// exact map, and the element counts of reshapes to constant shapes.
#include "scheduler/input_sizes.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "scheduler/exact_id_graph.h"
#include "scheduler/segment_view.h"

namespace segscope::scheduler {
namespace {

using analysis::ExactIdGraph;

constexpr std::int64_t kDefaultExtent = 8;  // frontend::defaultInputs' fallback

// a * b, or 0 when it does not fit (constant shapes can be anything a script writes, and a
// signed overflow is undefined): 0 never divides, so the constraint is dropped.
std::int64_t times(std::int64_t a, std::int64_t b) {
  std::int64_t out = 0;
  return __builtin_mul_overflow(a, b, &out) ? 0 : out;
}

std::string shapeText(const std::vector<std::int64_t>& sizes) {
  std::string s = "[";
  for (std::size_t i = 0; i < sizes.size(); ++i) s += (i ? ", " : "") + std::to_string(sizes[i]);
  return s + "]";
}

// What is known of each exact class of dims: its extent once fixed, and why. Classes are also
// joined where an op needs two dims equal without mapping them exactly (a matmul's contraction).
class Extents {
 public:
  explicit Extents(const ExactIdGraph& graph) : graph_(graph) {}

  int classOf(const ir::Val* tv, int d) const { return root(graph_.setOf(analysis::IdKey::logical(tv, d))); }
  std::optional<std::int64_t> valueOf(const ir::Val* tv, int d) const {
    const ir::Dim& dim = tv->asTensor()->dim(static_cast<std::size_t>(d));
    if (dim.extent.isConst()) return dim.extent.value;
    const auto it = values_.find(classOf(tv, d));
    if (it != values_.end()) return it->second;
    return fallback_;
  }
  /// From now on an unknown dim reads as `extent` (the stated default): the last rounds solve
  /// the scalars a new shape names against it.
  void assumeUnknownDimsAre(std::optional<std::int64_t> extent) { fallback_ = extent; }
  bool fix(const ir::Val* tv, int d, std::int64_t value, std::string why) {
    const bool fresh = values_.emplace(classOf(tv, d), value).second;
    if (fresh) why_.emplace(classOf(tv, d), std::move(why));
    return fresh;
  }
  const std::string& whyOf(const ir::Val* tv, int d) const { return why_.at(classOf(tv, d)); }
  /// Before any fix: dims `a` and `b` have one extent.
  void join(const ir::Val* ta, int a, const ir::Val* tb, int b) {
    const int x = classOf(ta, a), y = classOf(tb, b);
    if (x != y) parent_[std::max(x, y)] = std::min(x, y);
  }

 private:
  int root(int c) const {
    for (auto it = parent_.find(c); it != parent_.end(); it = parent_.find(c)) c = it->second;
    return c;
  }
  const ExactIdGraph& graph_;
  std::map<int, int> parent_;
  std::map<int, std::int64_t> values_;
  std::map<int, std::string> why_;
  std::optional<std::int64_t> fallback_;
};

// matmul(a [.., M, K], b [.., K, N]) and linear(a [.., K], w [N, K]): the contraction dims are
// one extent, and so are the output's last dims and the operands' they come from.
void joinContractions(const ir::Fusion& fusion, Extents& extents) {
  for (const ir::Expr* e : fusion.exprs()) {
    const bool linear = e->op() == ir::OpType::Linear, matmul = e->op() == ir::OpType::Matmul;
    if ((!linear && !matmul) || e->numOperands() < 2) continue;
    const ir::Val* a = e->operand(0);
    const ir::Val* b = e->operand(1);
    const ir::Val* out = e->output();
    if (!a->isTensor() || !b->isTensor() || !out->isTensor()) continue;
    const int ra = a->asTensor()->rank(), rb = b->asTensor()->rank(), ro = out->asTensor()->rank();
    if (ra < 1 || rb < 1 || ro < 1) continue;
    if (linear) {
      extents.join(a, ra - 1, b, rb - 1);            // K
      if (rb == 2) extents.join(out, ro - 1, b, 0);  // N
      for (int d = 0; d + 1 < ra && d < ro; ++d) extents.join(a, d, out, d);
    } else if (ra >= 2 && rb >= 2) {
      extents.join(a, ra - 1, b, rb - 2);    // K
      extents.join(out, ro - 1, b, rb - 1);  // N
      extents.join(out, ro - 2, a, ra - 2);  // M
    }
  }
}

// Every dim of constant extent (> 1, not a broadcast) fixes its exact class.
void fixFromConstants(const ir::Fusion& fusion, Extents& extents) {
  for (const ir::Expr* e : fusion.exprs())
    for (const ir::Val* out : e->outputs()) {
      const ir::TensorView* tv = out->asTensor();
      if (!tv) continue;
      for (int d = 0; d < tv->rank(); ++d) {
        const ir::Dim& dim = tv->dim(static_cast<std::size_t>(d));
        if (dim.extent.isConst() && !dim.isBroadcast() && dim.extent.value > 1)
          extents.fix(out, d, dim.extent.value, "maps exactly to dim " + std::to_string(d) + " of " + out->name());
      }
    }
}

// The reshape's input dims still unknown, as distinct classes in dim order, and the product of
// the known ones.
struct ReshapeInput {
  std::vector<int> unknownDims;
  std::int64_t known = 1;
};

ReshapeInput readInput(const ir::Val* in, const Extents& extents) {
  ReshapeInput r;
  std::vector<int> seen;
  for (int d = 0; d < in->asTensor()->rank(); ++d) {
    if (const auto v = extents.valueOf(in, d)) {
      r.known = times(r.known, *v);
      continue;
    }
    const int c = extents.classOf(in, d);
    if (std::find(seen.begin(), seen.end(), c) != seen.end()) continue;  // the same dim twice
    seen.push_back(c);
    r.unknownDims.push_back(d);
  }
  return r;
}

// The new shape's dims split into `groups` contiguous groups, one dim each from the left and the
// rest to the last group (the common split is of the innermost dim: [tokens, hidden] to
// [tokens, heads, head_dim]); the product of each. Empty when there are fewer dims than groups.
std::vector<std::int64_t> leadingGroups(const std::vector<std::int64_t>& dims, std::size_t groups) {
  if (groups == 0 || dims.size() < groups) return {};
  std::vector<std::int64_t> out(dims.begin(), dims.begin() + static_cast<std::ptrdiff_t>(groups - 1));
  std::int64_t last = 1;
  for (std::size_t k = groups - 1; k < dims.size(); ++k) last = times(last, dims[k]);
  out.push_back(last);
  return out;
}

// `count` factors of `product`, as equal as its prime factors allow (largest first).
std::vector<std::int64_t> balancedFactors(std::int64_t product, std::size_t count) {
  std::vector<std::int64_t> primes;
  for (std::int64_t p = 2; p * p <= product; ++p)
    while (product % p == 0) primes.push_back(p), product /= p;
  if (product > 1) primes.push_back(product);
  std::vector<std::int64_t> out(count, 1);
  for (std::size_t k = primes.size(); k-- > 0;) *std::min_element(out.begin(), out.end()) *= primes[k];
  std::sort(out.rbegin(), out.rend());
  return out;
}

// The new shape of a reshape: each dim's extent where known (a constant, or a fd.ops.size of a
// dim whose extent is known), and the scalar inputs it names, still to be chosen.
struct NewShape {
  std::vector<std::int64_t> known;  // the known dims, in order
  std::int64_t elements = 1;        // their product
  std::vector<const ir::Val*> scalars;
  bool solvable = true;  // false: a dim of another kind (computed, unknown)
};

NewShape readNewShape(const ir::TensorView* out, const Extents& extents,
                      const std::map<const ir::Val*, std::int64_t>& scalars, const std::set<const ir::Val*>& inputs) {
  NewShape shape;
  for (const ir::Dim& d : out->dims()) {
    std::optional<std::int64_t> v;
    if (d.extent.isConst()) v = d.extent.value;
    const ir::Val* sym = d.extent.sym;
    if (!v && sym && sym->definition() && sym->definition()->op() == ir::OpType::Size) {
      const ir::Expr* size = sym->definition();
      const int axis = static_cast<int>(size->attrs().axis);
      if (size->operand(0)->isTensor() && axis >= 0 && axis < size->operand(0)->asTensor()->rank())
        v = extents.valueOf(size->operand(0), axis);
    }
    if (!v && sym && sym->isScalar()) {  // a tensor's own extent (what fd.ops.size of an input became)
      if (const ir::TensorView* of = static_cast<const ir::Scalar*>(sym)->extentOf())
        for (int k = 0; k < of->rank() && !v; ++k)
          if (of->dim(static_cast<std::size_t>(k)).extent.sym == sym) v = extents.valueOf(of, k);
    }
    if (!v && sym && !sym->definition() && sym->isScalar() && inputs.count(sym)) {
      if (const auto it = scalars.find(sym); it != scalars.end())
        v = it->second;
      else if (std::find(shape.scalars.begin(), shape.scalars.end(), sym) == shape.scalars.end())
        shape.scalars.push_back(sym);
      if (!v) continue;
    }
    if (!v) {
      shape.solvable = false;
      continue;
    }
    shape.known.push_back(*v);
    shape.elements = times(shape.elements, *v);
  }
  return shape;
}

// A reshape fixes its input's element count: the unknown input dims when the new shape is
// known, or the scalar inputs the new shape names when the input is. Returns whether it fixed any.
bool fixFromReshape(const ir::Expr* e, Extents& extents, std::map<const ir::Val*, std::int64_t>& scalars,
                    const std::set<const ir::Val*>& inputs, InferredSizes& result) {
  const ir::Val* in = e->operand(0);
  const ir::TensorView* out = e->output()->asTensor();
  if (!in->isTensor() || !out) return false;
  const NewShape shape = readNewShape(out, extents, scalars, inputs);
  const ReshapeInput r = readInput(in, extents);
  if (!shape.solvable || shape.elements <= 0 || r.known <= 0) return false;
  const std::string where = out->name() + " = reshape(" + in->name() + ")";
  if (r.unknownDims.empty() && !shape.scalars.empty()) {  // the new shape's scalars
    if (r.known % shape.elements != 0) return false;
    const std::vector<std::int64_t> values = balancedFactors(r.known / shape.elements, shape.scalars.size());
    for (std::size_t k = 0; k < values.size(); ++k) {
      scalars[shape.scalars[k]] = values[k];
      result.notes.push_back(shape.scalars[k]->name() + " = " + std::to_string(values[k]) + ": " + where + " keeps " +
                             std::to_string(r.known) + " elements" +
                             (values.size() > 1 ? " (a choice: the factors as equal as they go)" : ""));
    }
    return true;
  }
  if (r.unknownDims.empty() || !shape.scalars.empty() || shape.elements % r.known != 0) return false;
  const std::int64_t rest = shape.elements / r.known;
  std::vector<std::int64_t> values;
  std::string how;
  if (r.unknownDims.size() == 1) {
    values = {rest};
    how = "the rest of its " + std::to_string(shape.elements) + " elements";
  } else {
    // The new shape's dims that the known input dims do not account for, from the left.
    std::vector<std::int64_t> free = shape.known;
    std::int64_t claimed = r.known;
    while (claimed > 1 && !free.empty() && claimed % free.front() == 0) {
      claimed /= free.front();
      free.erase(free.begin());
    }
    values = leadingGroups(claimed == 1 ? free : shape.known, r.unknownDims.size());
    if (values.empty()) return false;
    std::int64_t product = 1;
    for (std::int64_t v : values) product = times(product, v);
    if (product != rest) return false;
    how = "a choice: its leading dims one to one, the rest to the last";
  }
  for (std::size_t k = 0; k < values.size(); ++k)
    extents.fix(in, r.unknownDims[k], values[k], where + " to " + shapeText(shape.known) + " (" + how + ")");
  return true;
}

}  // namespace

InferredSizes inferInputSizes(const ir::Fusion& fusion, std::vector<ir::InputSpec> defaults) {
  InferredSizes result;
  result.inputs = std::move(defaults);
  const SegmentView whole = SegmentView::whole(fusion);
  const ExactIdGraph graph(whole, nullptr, false);
  Extents extents(graph);
  joinContractions(fusion, extents);
  fixFromConstants(fusion, extents);
  // A reshape fixed by one may let a later one solve: a few rounds reach the fixed point.
  std::map<const ir::Val*, std::int64_t> scalars;  // scalar inputs a new shape names
  const std::set<const ir::Val*> inputs(fusion.inputs().begin(), fusion.inputs().end());
  for (int round = 0; round < 4; ++round) {
    bool changed = false;
    for (const ir::Expr* e : fusion.exprs())
      if (e->family() == ir::OpFamily::Reshape)
        changed = fixFromReshape(e, extents, scalars, inputs, result) || changed;
    if (!changed) break;
  }
  // What is still unknown keeps the frontend's default; scalars a new shape names follow it.
  if (!result.inputs.empty()) {
    extents.assumeUnknownDimsAre(kDefaultExtent);
    for (const ir::Expr* e : fusion.exprs())
      if (e->family() == ir::OpFamily::Reshape) fixFromReshape(e, extents, scalars, inputs, result);
    extents.assumeUnknownDimsAre(std::nullopt);
  }
  const auto& declared = fusion.inputs();
  for (std::size_t i = 0; i < declared.size() && i < result.inputs.size(); ++i) {
    if (const auto it = scalars.find(declared[i]); it != scalars.end() && !result.inputs[i].isTensor) {
      result.inputs[i].value = ir::ScalarValue(it->second);
      ++result.fixed;
    }
    const ir::TensorView* tv = declared[i]->asTensor();
    if (!tv || result.inputs[i].sizes.size() != tv->dims().size()) continue;
    for (int d = 0; d < tv->rank(); ++d) {
      if (tv->dim(static_cast<std::size_t>(d)).extent.isConst()) continue;
      if (tv->dim(static_cast<std::size_t>(d)).isBroadcast()) continue;
      if (const auto v = extents.valueOf(declared[i], d)) {
        result.inputs[i].sizes[static_cast<std::size_t>(d)] = *v;
        result.notes.push_back(declared[i]->name() + " dim " + std::to_string(d) + " = " + std::to_string(*v) + ": " +
                               extents.whyOf(declared[i], d));
        ++result.fixed;
      } else {
        ++result.defaulted;
      }
    }
  }
  return result;
}

}  // namespace segscope::scheduler
