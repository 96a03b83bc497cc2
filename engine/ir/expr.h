// Expressions of the fusion IR: an op, its operands, its outputs and typed attributes.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/op_type.h"
#include "ir/val.h"

namespace segscope::ir {

/// Attributes an op may carry; each family reads the fields it needs (see ops.h).
struct ExprAttributes {
  std::vector<std::int64_t> dims;           // reduction dims, permutation, squeeze dims, broadcast_dims, stride order
  std::vector<bool> flags;                  // is_broadcast_dim; optional-operand presence for sdpa/linear/random
  std::vector<SymInt> shape;                // target shape of broadcast_in_dim/expand/reshape/full/random
  std::vector<SymInt> starts, ends, steps;  // slice
  std::vector<SymInt> padWidths;            // (left, right) pairs starting from the last dim; a scalar at run time too
  std::int64_t axis = 0;                    // cat/gather/index_select/select/size/cumsum dim; triu diagonal
  std::int64_t correction = 1;              // var / var_mean
  bool keepdim = false;
  bool option = false;              // manual_normalization / manual_padding / squeeze_expanded
  DataType dtype = DataType::Null;  // cast target, reduction/full/iota/random dtype
  // reshape: the input's and output's sizes when it was concretized with the run-time inputs
  // (nvFuser's DynamicTransform); empty when not concretized.
  std::vector<std::int64_t> concreteIn, concreteOut;

  /// Every attribute that may name a run-time scalar: what inputs(), clone and segment
  /// export follow (one list, so a new symbolic attribute cannot be missed by one of them).
  std::array<std::vector<SymInt>*, 5> symbolicLists() { return {&shape, &starts, &ends, &steps, &padWidths}; }
  std::array<const std::vector<SymInt>*, 5> symbolicLists() const {
    return {&shape, &starts, &ends, &steps, &padWidths};
  }

  /// True when some symbolic attribute names a run-time scalar (a copy must repoint it).
  bool namesScalars() const;

  friend bool operator==(const ExprAttributes&, const ExprAttributes&) = default;
};

/// Attributes are immutable once an expr holds them, so copies of a fusion (every snapshot)
/// share them unless they name a scalar of their own fusion; most ops have none at all.
using SharedAttributes = std::shared_ptr<const ExprAttributes>;

class Expr {
 public:
  Expr(int id, OpType op, std::vector<Val*> operands, std::vector<Val*> outputs, ExprAttributes attrs);
  /// With attributes shared with another expr (a copy's): they must name no scalar.
  Expr(int id, OpType op, std::vector<Val*> operands, std::vector<Val*> outputs, SharedAttributes attrs);
  Expr(const Expr&) = delete;
  Expr& operator=(const Expr&) = delete;

  int id() const { return id_; }
  OpType op() const { return op_; }
  OpFamily family() const { return opFamily(op_); }
  std::string_view opName() const { return ir::opName(op_); }
  const ExprAttributes& attrs() const { return attrs_ ? *attrs_ : kNoAttributes; }
  /// The attributes as held (null when they are all defaults), for a copy to share.
  const SharedAttributes& sharedAttrs() const { return attrs_; }
  /// Concretizes a reshape: fixes the sizes its splits and merges are derived from.
  void setConcreteSizes(std::vector<std::int64_t> in, std::vector<std::int64_t> out);
  SourceLoc loc() const { return loc_; }
  void setLoc(SourceLoc loc) { loc_ = loc; }

  /// Every input, operands first, then scalars that symbolic attributes refer to.
  const std::vector<Val*>& inputs() const { return inputs_; }
  /// The op's own arguments in their fixed positions (what a script passes).
  std::size_t numOperands() const { return numOperands_; }
  Val* operand(std::size_t i) const { return inputs_[i]; }
  const std::vector<Val*>& outputs() const { return outputs_; }
  Val* output(std::size_t i = 0) const { return outputs_[i]; }

  /// "T3 = sum(T2, dims=[1])", the form used in printed IR, JSON and the UI.
  std::string toString() const;

 private:
  friend class Fusion;
  /// Rewires every reference to `from` (operands and symbolic attributes) to `to`.
  void replaceInput(const Val* from, Val* to);
  /// Adds the scalars that symbolic attributes name to the inputs, after the operands.
  void addSymbolicInputs();

  int id_;
  OpType op_;
  std::vector<Val*> inputs_;
  std::size_t numOperands_;
  std::vector<Val*> outputs_;
  static const ExprAttributes kNoAttributes;
  /// Null for all-default attributes; replaced, never modified, when an attribute changes.
  SharedAttributes attrs_;
  SourceLoc loc_;
};

}  // namespace segscope::ir
