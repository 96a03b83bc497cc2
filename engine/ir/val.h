// Values of the fusion IR: scalars (constant or runtime) and tensor views with their dims.
#pragma once

#include <complex>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ir/data_type.h"
#include "support/result.h"

namespace segscope::ir {

class Expr;
class Fusion;
class Val;
class TensorView;

/// A constant scalar's value.
using ScalarValue = std::variant<bool, std::int64_t, double, std::complex<double>>;

std::string formatScalarValue(const ScalarValue& v);
double scalarAsDouble(const ScalarValue& v);

/// An integer that is either known now or given by a scalar Val at run time.
struct SymInt {
  std::int64_t value = 0;
  Val* sym = nullptr;

  static SymInt constant(std::int64_t v) { return SymInt{v, nullptr}; }
  static SymInt symbolic(Val* v) { return SymInt{0, v}; }
  bool isConst() const { return sym == nullptr; }
  bool isConst(std::int64_t v) const { return sym == nullptr && value == v; }
  std::string toString() const;
  friend bool operator==(const SymInt& a, const SymInt& b) { return a.value == b.value && a.sym == b.sym; }
};

enum class IterKind : std::uint8_t {
  Iteration,          // an ordinary dimension
  Broadcast,          // extent 1, stretches to its partner's extent
  ExpandedBroadcast,  // logical extent > 1 backed by a stride-0 dimension
};

struct Dim {
  SymInt extent;
  IterKind kind = IterKind::Iteration;
  bool isBroadcast() const { return kind != IterKind::Iteration; }
};

class Scalar;

enum class ValKind : std::uint8_t { Scalar, Tensor };

class Val {
 public:
  virtual ~Val() = default;
  Val(const Val&) = delete;
  Val& operator=(const Val&) = delete;

  int id() const { return id_; }
  const std::string& name() const { return name_; }
  DataType dtype() const { return dtype_; }
  ValKind kind() const { return kind_; }
  bool isTensor() const { return kind_ == ValKind::Tensor; }
  bool isScalar() const { return kind_ == ValKind::Scalar; }
  SourceLoc loc() const { return loc_; }
  Expr* definition() const { return definition_; }
  const std::vector<Expr*>& uses() const { return uses_; }

  TensorView* asTensor();
  const TensorView* asTensor() const;
  /// The kind test instead of dynamic_cast: removeVal and the passes ask it of every value.
  Scalar* asScalar();
  const Scalar* asScalar() const;

  void setLoc(SourceLoc loc) { loc_ = loc; }

 protected:
  Val(ValKind kind, int id, DataType dtype) : id_(id), dtype_(dtype), kind_(kind) {}

 private:
  friend class Fusion;
  friend class Expr;
  int id_;
  std::string name_;
  DataType dtype_;
  ValKind kind_;
  SourceLoc loc_;
  Expr* definition_ = nullptr;
  std::vector<Expr*> uses_;
};

class Scalar final : public Val {
 public:
  Scalar(int id, DataType dtype, std::optional<ScalarValue> value)
      : Val(ValKind::Scalar, id, dtype), value_(std::move(value)) {}

  /// Set for constants; empty for runtime inputs, extents and computed scalars.
  const std::optional<ScalarValue>& value() const { return value_; }
  bool isConstant() const { return value_.has_value(); }

  /// Symbolic extents of an input tensor remember which tensor and dim they measure.
  const TensorView* extentOf() const { return extentOf_; }
  int extentDim() const { return extentDim_; }
  inline void setExtentOf(const TensorView* tv, int dim);  // defined after TensorView

 private:
  std::optional<ScalarValue> value_;
  const TensorView* extentOf_ = nullptr;
  int extentDim_ = -1;
};

class TensorView final : public Val {
 public:
  TensorView(int id, DataType dtype, std::vector<Dim> dims) : Val(ValKind::Tensor, id, dtype), dims_(std::move(dims)) {}

  const std::vector<Dim>& dims() const { return dims_; }
  const Dim& dim(std::size_t i) const { return dims_[i]; }
  int rank() const { return static_cast<int>(dims_.size()); }

  /// One entry per dim in allocation order (outermost first); nullopt for broadcast dims.
  const std::vector<std::optional<bool>>& contiguity() const { return contiguity_; }
  /// stride_order[i] = rank of dim i by stride (rank-1 outermost); empty = row-major.
  const std::vector<std::int64_t>& strideOrder() const { return strideOrder_; }
  bool isCpu() const { return isCpu_; }

  void setContiguity(std::vector<std::optional<bool>> c) { contiguity_ = std::move(c); }
  /// Passes refine extents (ExactMappedExtentSubstitution); the rank never changes.
  void setExtent(std::size_t dim, SymInt extent) { dims_[dim].extent = extent; }
  void setStrideOrder(std::vector<std::int64_t> order) { strideOrder_ = std::move(order); }
  void setCpu(bool cpu) { isCpu_ = cpu; }

  /// "[i0, 4, b1]"-style shape text.
  std::string shapeString() const;
  /// How many scalars have named this tensor in setExtentOf and not moved on since: 0 means no
  /// scalar measures it (Fusion::removeVal then needs no walk over the values to re-home them).
  int measuredBy() const { return measuredBy_; }

 private:
  friend class Scalar;
  std::vector<Dim> dims_;
  mutable int measuredBy_ = 0;
  std::vector<std::optional<bool>> contiguity_;
  std::vector<std::int64_t> strideOrder_;
  bool isCpu_ = false;
};

void Scalar::setExtentOf(const TensorView* tv, int dim) {
  if (extentOf_) --extentOf_->measuredBy_;
  if (tv) ++tv->measuredBy_;
  extentOf_ = tv;
  extentDim_ = dim;
}

/// True when some dim of `tv` has the constant extent 0 (the tensor holds no element).
bool isEmpty(const TensorView* tv);

/// The value of a constant scalar; nullopt for tensors and runtime scalars.
std::optional<ScalarValue> constantValue(const Val* v);

/// True for a constant scalar equal to zero (false, 0, 0.0, -0.0, complex 0).
bool isZeroConstant(const Val* v);

// Inline: the segmenter and the passes ask these of every value in their inner loops.
inline TensorView* Val::asTensor() { return isTensor() ? static_cast<TensorView*>(this) : nullptr; }
inline const TensorView* Val::asTensor() const { return isTensor() ? static_cast<const TensorView*>(this) : nullptr; }
inline Scalar* Val::asScalar() { return isScalar() ? static_cast<Scalar*>(this) : nullptr; }
inline const Scalar* Val::asScalar() const { return isScalar() ? static_cast<const Scalar*>(this) : nullptr; }

}  // namespace segscope::ir
