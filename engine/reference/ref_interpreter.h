// The CPU reference's interpreter (internal to engine/exec): binds inputs, runs exprs in
// order on RefTensors, and optionally carries each value's error bound (cpu_reference.h).
#pragma once

#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ir/fusion.h"
#include "reference/ref_kernels.h"
#include "reference/reference_values.h"

namespace segscope::exec::ref {

using ir::DataType;

class Interpreter {
 public:
  Interpreter(const ir::Fusion& fusion, const ReferenceOptions& options, bool keepAll, bool bounded)
      : fusion_(fusion), options_(options), keepAll_(keepAll), bounded_(bounded) {}

  Status bindInputs(const std::vector<Value>& inputs);
  void run(const ir::Expr& e);
  std::vector<Value> outputs();
  ValueMap takeAll();
  std::vector<std::vector<double>> outputBounds() const;
  ErrorBounds takeAllBounds() { return std::move(allBounds_); }

 private:
  void bindInput(const ir::Val* val, const Value& value);
  void bindTensorInput(const ir::TensorView* tv, const HostTensor& t);
  void bindExtent(const ir::Val* sym, std::int64_t extent, const std::string& what);

  // --- reading values ---
  const ir::ScalarValue& scalarOf(const ir::Val* v);
  double doubleOf(const ir::Val* v) { return ir::scalarAsDouble(scalarOf(v)); }
  std::int64_t intOf(const ir::Val* v);
  std::int64_t resolve(const ir::SymInt& s) { return s.isConst() ? s.value : intOf(s.sym); }
  Shape resolve(const std::vector<ir::SymInt>& list);
  const RefTensor& tensorOf(const ir::Val* v);
  Shape sizesOf(const ir::Val* v);
  /// An elementwise operand: the tensor, or a scalar as a rank-0 tensor of its dtype.
  RefTensor operandOf(const ir::Val* v);
  Value valueOf(const ir::Val* v);

  // --- running exprs ---
  void checkDtypes(const ir::Expr& e) const;
  void dispatch(const ir::Expr& e);
  /// The output dtype an op computes in: the Val's, or Double while bounds re-run the op
  /// (so a small perturbation is not rounded away).
  DataType outType(const ir::Expr& e, std::size_t i) const {
    const DataType t = e.output(i)->dtype();
    return capture_ && ir::isFloating(t) ? DataType::Double : t;
  }
  void runElementwise(const ir::Expr& e);
  void runReduction(const ir::Expr& e);
  void runView(const ir::Expr& e);
  void runCreation(const ir::Expr& e);
  void runIndexing(const ir::Expr& e);
  void runLinalg(const ir::Expr& e);
  ref::SdpaOptions sdpaOptions(const ir::Expr& e, std::size_t firstOption);
  std::uint64_t randomSeed(const ir::Expr& e, std::size_t firstOption);
  void setOutput(const ir::Expr& e, std::size_t i, RefTensor t);
  void releaseDeadInputs(const ir::Expr& e);

  // --- error bounds (reference_values.h, ErrorBounds) ---
  using Captured = std::vector<std::optional<RefTensor>>;
  Captured runCaptured(const ir::Expr& e);
  void trackBounds(const ir::Expr& e);
  void moveBounds(const ir::Expr& e, Captured& bound);
  void storeBounds(const ir::Expr& e, Captured& bound);
  std::int64_t accumulationLength(const ir::Expr& e);
  void addAccumulation(const ir::Expr& e, const Captured& base, Captured& bound);
  std::vector<double> boundOf(int valId) const;

  const ir::Fusion& fusion_;
  const ReferenceOptions& options_;
  bool keepAll_;
  bool bounded_;
  Captured* capture_ = nullptr;  // set while an op re-runs for its bounds
  std::unordered_map<int, RefTensor> bounds_;
  ErrorBounds allBounds_;
  std::unordered_map<int, RefTensor> tensors_;
  std::unordered_map<int, ir::ScalarValue> scalars_;
  std::unordered_map<int, HostTensor> rawInputs_;  // inputs whose dtype has no host arithmetic
  std::unordered_map<int, int> usesLeft_;
  ValueMap all_;
  ref::StoragePool pool_;  // dead values' buffers feed later ops
};

}  // namespace segscope::exec::ref
