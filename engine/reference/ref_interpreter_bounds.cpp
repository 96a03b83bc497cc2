// The reference interpreter's error bounds: each op's rounding, accumulation and carried drift.
#include <algorithm>

#include "reference/ref_error_bounds.h"
#include "reference/ref_interpreter.h"

namespace segscope::exec::ref {
namespace {

using ir::DataType;
using ir::OpFamily;
using ir::OpType;

// Ops that copy or rearrange values without arithmetic (so without rounding).
bool movesData(const ir::Expr& e) {
  if (ir::isMetaOp(e.op())) return true;
  const OpFamily f = e.family();
  return f == OpFamily::Slice || f == OpFamily::Pad || f == OpFamily::Cat || f == OpFamily::Triu ||
         f == OpFamily::Gather || f == OpFamily::IndexSelect || f == OpFamily::Select || f == OpFamily::EmbeddingFwd;
}

}  // namespace

// ---------------------------------------------------------------- error bounds

Interpreter::Captured Interpreter::runCaptured(const ir::Expr& e) {
  Captured out(e.outputs().size());
  capture_ = &out;
  try {
    dispatch(e);
  } catch (...) {
    capture_ = nullptr;
    throw;
  }
  capture_ = nullptr;
  return out;
}

void Interpreter::trackBounds(const ir::Expr& e) {
  bool anyTensor = false;
  for (const ir::Val* v : e.outputs()) anyTensor |= v->isTensor();
  if (!anyTensor || e.family() == OpFamily::Size) return;
  std::vector<const ir::Val*> drifting;  // floating operands that carry a bound
  for (const ir::Val* v : e.inputs())
    if (v->isTensor() && ir::isFloating(v->dtype()) && bounds_.count(v->id()) && tensors_.count(v->id()) &&
        std::find(drifting.begin(), drifting.end(), v) == drifting.end())
      drifting.push_back(v);
  Captured bound(e.outputs().size());
  if (movesData(e)) {
    if (drifting.empty()) return;  // moving exact values rounds nothing
    if (e.family() != OpFamily::Pad) {
      moveBounds(e, bound);
      return storeBounds(e, bound);
    }
  }
  // The op's own rounding, on both sides: the reference rounds every result to its dtype,
  // the GPU computes in float (and rounds where it stores).
  for (std::size_t i = 0; i < bound.size(); ++i) {
    const ir::Val* out = e.output(i);
    auto value = tensors_.find(out->id());
    if (!out->isTensor() || value == tensors_.end()) continue;
    const DataType t = out->dtype();
    const double compute = ir::isFloating(t) ? ref::unitRoundoff(t == DataType::Double ? t : DataType::Float) : 0.0;
    const double rounding = movesData(e) ? 0.0 : ref::unitRoundoff(t) + 2.0 * compute;
    bound[i] = ref::addMagnitude(nullptr, value->second, rounding);
  }
  const bool accumulates = accumulationLength(e) > 0;
  if (drifting.empty() && !accumulates) return storeBounds(e, bound);
  // Drift already in an operand, carried through the op by re-running it in double on
  // operand + bound and comparing with the unperturbed double run.
  const Captured base = runCaptured(e);
  for (const ir::Val* v : drifting) {
    auto t = tensors_.find(v->id());
    RefTensor saved = std::exchange(t->second, ref::perturbed(t->second, bounds_.at(v->id())));
    Captured moved;
    try {
      moved = runCaptured(e);
    } catch (const ref::KernelError&) {
      moved.clear();  // the op refuses the perturbed operand: its drift is not measurable
    }
    tensors_[v->id()] = std::move(saved);
    for (std::size_t i = 0; i < moved.size(); ++i)
      if (bound[i] && base[i] && moved[i]) bound[i] = ref::addDrift(&*bound[i], *base[i], *moved[i]);
  }
  if (accumulates) addAccumulation(e, base, bound);
  storeBounds(e, bound);
}

// Data movement is linear and exact, so the outputs' bounds are the op applied to the
// operands' bounds (zeros where an operand has none).
void Interpreter::moveBounds(const ir::Expr& e, Captured& bound) {
  std::vector<std::pair<int, RefTensor>> saved;
  for (const ir::Val* v : e.inputs()) {
    auto t = tensors_.find(v->id());
    if (!v->isTensor() || !ir::isFloating(v->dtype()) || t == tensors_.end()) continue;
    if (std::any_of(saved.begin(), saved.end(), [&](const auto& s) { return s.first == v->id(); })) continue;
    auto b = bounds_.find(v->id());
    RefTensor replacement = b != bounds_.end() ? b->second : ref::newTensor(DataType::Double, t->second.sizes);
    saved.emplace_back(v->id(), std::exchange(t->second, std::move(replacement)));
  }
  try {
    bound = runCaptured(e);
  } catch (const ref::KernelError&) {
    bound.assign(e.outputs().size(), std::nullopt);
  }
  for (auto& [id, t] : saved) tensors_[id] = std::move(t);
}

void Interpreter::storeBounds(const ir::Expr& e, Captured& bound) {
  for (std::size_t i = 0; i < bound.size() && i < e.outputs().size(); ++i) {
    if (!bound[i] || !e.output(i)->isTensor()) continue;
    const int id = e.output(i)->id();
    bounds_[id] = std::move(*bound[i]);
    if (keepAll_) allBounds_[id] = boundOf(id);
  }
}

// The number of terms an accumulating op adds per output element (0 for other ops).
std::int64_t Interpreter::accumulationLength(const ir::Expr& e) {
  const auto dimFromEnd = [&](std::size_t operand, std::size_t fromEnd) -> std::int64_t {
    const Shape s = sizesOf(e.operand(operand));
    return s.size() >= fromEnd ? s[s.size() - fromEnd] : 1;
  };
  switch (e.family()) {
    case OpFamily::Reduction:
    case OpFamily::Var:
    case OpFamily::VarMean:
    case OpFamily::Welford: {
      const std::int64_t outs = ref::numelOf(sizesOf(e.output(0)));
      return ref::numelOf(sizesOf(e.operand(0))) / std::max<std::int64_t>(1, outs);
    }
    case OpFamily::Cumsum: {
      const Shape s = sizesOf(e.operand(0));
      const std::int64_t axis = e.attrs().axis;
      return axis >= 0 && axis < static_cast<std::int64_t>(s.size()) ? s[static_cast<std::size_t>(axis)] : 1;
    }
    case OpFamily::Matmul:
    case OpFamily::Linear: return dimFromEnd(0, 1);
    case OpFamily::SdpaFwd: return std::max(dimFromEnd(0, 1), dimFromEnd(1, 2));
    case OpFamily::SdpaBwd: return std::max(dimFromEnd(1, 1), dimFromEnd(2, 2));
    default: return 0;
  }
}

// Accumulations (sums, matmuls) add rounding that grows with their length: γ(n) times the
// magnitude of the terms, which is the op re-run on |operands| for sums (Σ|x|, |A|·|B|)
// and the result itself where no such run exists (products, variances, attention).
void Interpreter::addAccumulation(const ir::Expr& e, const Captured& base, Captured& bound) {
  const std::int64_t n = accumulationLength(e);
  std::vector<bool> fromAbsRun(base.size(), false), fromResult(base.size(), false);
  switch (e.family()) {
    case OpFamily::Reduction:
      fromAbsRun[0] = e.op() == OpType::Sum;
      fromResult[0] = e.op() == OpType::Prod;
      break;
    case OpFamily::Welford: fromAbsRun[0] = fromResult[1] = true; break;
    case OpFamily::Var:
    case OpFamily::VarMean:
      fromResult[0] = true;
      if (base.size() > 1) fromAbsRun[1] = true;
      break;
    case OpFamily::SdpaFwd:
    case OpFamily::SdpaBwd: fromResult.assign(base.size(), true); break;
    default: fromAbsRun[0] = true;  // cumsum, matmul, linear
  }
  Captured magnitudes;
  if (std::find(fromAbsRun.begin(), fromAbsRun.end(), true) != fromAbsRun.end()) {
    std::vector<std::pair<int, RefTensor>> saved;
    for (const ir::Val* v : e.inputs()) {
      auto t = tensors_.find(v->id());
      if (!v->isTensor() || !ir::isFloating(v->dtype()) || t == tensors_.end()) continue;
      if (std::any_of(saved.begin(), saved.end(), [&](const auto& s) { return s.first == v->id(); })) continue;
      saved.emplace_back(v->id(), std::exchange(t->second, ref::absoluteValues(t->second)));
    }
    try {
      magnitudes = runCaptured(e);
    } catch (const ref::KernelError&) {
      magnitudes.clear();
    }
    for (auto& [id, t] : saved) tensors_[id] = std::move(t);
  }
  for (std::size_t i = 0; i < base.size(); ++i) {
    if (!bound[i]) continue;
    const double gamma = ref::accumulationFactor(n, e.output(i)->dtype());
    if (fromResult[i]) bound[i] = ref::addMagnitude(&*bound[i], *base[i], gamma);
    if (fromAbsRun[i] && i < magnitudes.size() && magnitudes[i])
      bound[i] = ref::addMagnitude(&*bound[i], *magnitudes[i], gamma);
  }
}

std::vector<double> Interpreter::boundOf(int valId) const {
  auto it = bounds_.find(valId);
  if (it == bounds_.end()) return {};
  const RefTensor dense = ref::contiguous(it->second);
  return std::vector<double>(dense.base(), dense.base() + dense.numel());
}

std::vector<std::vector<double>> Interpreter::outputBounds() const {
  std::vector<std::vector<double>> out;
  for (const ir::FusionOutput& o : fusion_.outputs()) out.push_back(boundOf(o.val->id()));
  return out;
}

}  // namespace segscope::exec::ref
