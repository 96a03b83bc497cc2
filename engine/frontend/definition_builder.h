// Builds a Fusion from the statements of a definition body: binds each `fd.*` call's
// arguments, converts them to IR values and calls the op builders (internal to frontend/).
#pragma once

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "frontend/signatures.h"
#include "frontend/syntax.h"
#include "ir/fusion.h"
#include "ir/input_spec.h"

namespace segscope::frontend {

// What a script name is bound to.
struct Binding {
  ir::Val* val = nullptr;
  bool isVector = false;
  std::vector<ir::SymInt> elements;  // for vectors
  SourceLoc loc;
};

/// Receives the body statements in order; the first mistake stops the build.
class DefinitionBuilder {
 public:
  DefinitionBuilder(ir::Fusion& fusion, std::string fdName) : f_(fusion), fd_(std::move(fdName)) {}

  /// The footer's inputs for fd.from_pytorch(inputs[i]); null with the reason when there are none.
  void setFooterInputs(const std::vector<ir::InputSpec>* inputs, std::string unavailableReason) {
    footer_ = inputs;
    footerUnavailable_ = std::move(unavailableReason);
  }

  Status statement(const Statement& st);
  Status finish(SourceLoc endLoc) const;

 private:
  using Outputs = Result<std::vector<ir::Val*>>;

  // What define_tensor and from_pytorch both declare: an input tensor's logical shape
  // (-1 symbolic, 1 broadcast), contiguity in allocation order and stride order.
  struct TensorDecl {
    std::vector<std::int64_t> shape;
    std::vector<std::optional<bool>> contiguity;
    ir::DataType dtype = ir::DataType::Float;
    bool cpu = false;
    std::vector<std::int64_t> strideOrder;  // empty = row-major
  };

  /// scope ("fd" or "ops") and name of a `fd.<...>` call; an error for any other callee.
  Result<std::pair<std::string, std::string>> calleeOf(const Node& callNode) const;
  Outputs call(const Node& callNode, const std::string& scope, const std::string& name);
  /// A call used as an argument (`fd.ops.cast(fd.ops.neg(T3), ...)`): it must give one value.
  Result<ir::Val*> nestedValue(const Node& callNode, const char* role);
  /// A call that gives a vector (`T1.shape()`, `fd.ops.shape(T1)`), used as a shape argument.
  /// `T1.shape()` (T1 a name other than the FusionDefinition's): a tensor's extents.
  bool isTensorShapeCall(const Node& c) const;
  Result<std::vector<ir::SymInt>> nestedVector(const Node& callNode, const char* role);
  Outputs fdCall(const Node& c, const std::string& name, const BoundArgs& a);
  Outputs opsCall(const Node& c, const std::string& name, const BoundArgs& a, SourceLoc loc);
  // define_tensor / from_pytorch (tensor_inputs.cpp).
  Outputs defineTensor(const Node& c, const BoundArgs& a);
  Outputs defineTensorFromStrides(const Node& c, const BoundArgs& a, ir::DataType dtype, bool cpu);
  Outputs fromPytorch(const Node& c, const BoundArgs& a);
  Result<const ir::InputSpec*> footerInput(const Node* n);
  Outputs inputTensor(const TensorDecl& decl, const Node& c);
  Result<std::vector<std::int64_t>> strideOrderArg(const Node* n, int rank);
  Result<std::vector<std::optional<bool>>> contiguityArg(const Node* contiguityNode,
                                                         const std::vector<std::int64_t>& shape,
                                                         const std::vector<int>& dimAt);
  std::vector<ir::Dim> inputDims(const std::vector<std::int64_t>& shape, const std::vector<int>& dimAt,
                                 const std::vector<std::optional<bool>>& contiguity);
  Outputs defineScalar(const BoundArgs& a, bool constantOnly, SourceLoc loc);
  Outputs addOutput(const BoundArgs& a, SourceLoc loc);
  Outputs shapeVector(const BoundArgs& a, SourceLoc loc);
  Outputs vectorElement(const BoundArgs& a, SourceLoc loc);

  // Argument conversions; each error points at the offending argument.
  Result<ir::Val*> value(const Node* n, const char* role);
  Result<ir::Val*> tensor(const Node* n, const char* role);
  Result<ir::Val*> optionalScalar(const Node* n, const char* role);
  Result<ir::Val*> required(const Node* n, const char* role);  // a value that is not None
  Result<std::vector<ir::Val*>> tensors(const BoundArgs& a, std::initializer_list<std::size_t> slots, const char* role);
  Result<std::vector<ir::Val*>> optionalScalars(const BoundArgs& a, std::initializer_list<std::size_t> slots);
  Result<std::vector<bool>> boolList(const Node* n, const char* role);
  // Optional arguments: the default when the call did not pass them.
  Result<bool> booleanOr(const Node* n, const char* role, bool fallback);
  Result<std::int64_t> integerOr(const Node* n, const char* role, std::int64_t fallback);
  Result<ir::DataType> dataTypeOr(const Node* n, const char* role, ir::DataType fallback);
  Result<std::vector<std::int64_t>> intListOr(const Node* n, const char* role, std::vector<std::int64_t> fallback);
  Result<std::int64_t> integer(const Node* n, const char* role);
  Result<bool> boolean(const Node* n, const char* role);
  Result<double> number(const Node* n, const char* role);
  Result<std::vector<std::int64_t>> intList(const Node* n, const char* role, bool allowSingle = false);
  Result<std::vector<ir::SymInt>> symList(const Node* n, const char* role);
  Result<ir::DataType> dataType(const Node* n, const char* role);
  Result<std::optional<ir::ScalarValue>> literal(const Node* n);
  Result<ir::SymInt> symElement(const Node* n, const char* role);
  ir::SymInt sizeOf(ir::Val* tensor, int dim, SourceLoc loc);
  Result<std::vector<ir::SymInt>> vectorElements(const Binding& b);

  ir::Fusion& f_;
  std::string fd_;
  std::unordered_map<std::string, Binding> env_;
  std::map<std::pair<int, int>, ir::Val*> sizeCache_;
  std::unordered_set<const ir::Val*> scriptNamed_;  // values a statement assigned a name to
  std::optional<Binding> lastVector_;
  bool sawOutput_ = false;
  const std::vector<ir::InputSpec>* footer_ = nullptr;
  std::string footerUnavailable_;
};

/// An error positioned at `n` (or unpositioned when n is null).
Error at(const Node* n, std::string message);
/// Gives `e` the location `loc` unless it already has one.
Error withLoc(Error e, SourceLoc loc);

}  // namespace segscope::frontend
