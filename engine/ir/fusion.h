// A fusion: the DAG of values and expressions that the segmenter partitions.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/expr.h"
#include "ir/val.h"

namespace segscope::ir {

struct FusionOutput {
  Val* val = nullptr;
  Val* aliasOf = nullptr;                 // in-place update of this input (fd.add_output(T, Tin))
  std::vector<std::int64_t> strideOrder;  // fd.add_output(T, stride_order=[...])
};

struct CloneResult;

class Fusion {
 public:
  Fusion();
  ~Fusion();
  Fusion(const Fusion&) = delete;
  Fusion& operator=(const Fusion&) = delete;

  const std::string& name() const { return name_; }
  void setName(std::string name) { name_ = std::move(name); }

  // --- building ---------------------------------------------------------------
  Scalar* newScalar(DataType dtype, std::optional<ScalarValue> value = std::nullopt);
  TensorView* newTensor(DataType dtype, std::vector<Dim> dims);
  /// Creates an expr; the outputs get it as their definition, the inputs a use.
  Expr* newExpr(OpType op, std::vector<Val*> operands, std::vector<Val*> outputs, ExprAttributes attrs = {});
  void addInput(Val* v);
  void addOutput(Val* v, Val* aliasOf = nullptr, std::vector<std::int64_t> strideOrder = {});
  /// Gives `v` the name `wanted`, or `wanted_1`, `wanted_2` ... when that is taken.
  void setName(Val* v, const std::string& wanted);
  /// Removes an expr that no output depends on (its outputs must be unused).
  void removeExpr(Expr* e);
  /// Points every use of `from` (operands, symbolic attributes, tensor extents and
  /// fusion outputs) at `to`.
  void replaceAllUsesWith(Val* from, Val* to);
  /// Replaces `from` as an operand of `use` only.
  void replaceUse(Expr* use, Val* from, Val* to);
  /// Replaces fusion output `from` by `to`, keeping its alias and stride order.
  void replaceOutput(Val* from, Val* to);
  /// Sets the requested stride order of the `index`-th fusion output (AllocationDomain);
  /// `order` is empty (row-major) or a permutation with one entry per dim.
  void setOutputStrideOrder(std::size_t index, std::vector<std::int64_t> order);
  /// Removes exprs (and their outputs) that no fusion output depends on; returns how many.
  int removeDeadCode();
  /// Deletes one value nothing refers to any more (no definition, no uses, not an input,
  /// output or axiom, not a tensor's extent), e.g. the output of an expr a pass removed.
  /// Extent scalars that measured it move to another tensor with that extent; ones left
  /// unreferenced and unused are deleted with it. Refuses (changing nothing) otherwise.
  Status removeVal(Val* v);
  /// Facts the passes may rely on (AddAxioms: "extent > 0"); kept in insertion order.
  void addAxiom(Val* positiveExtent);
  const std::vector<Val*>& axioms() const { return axioms_; }
  bool isAxiom(const Val* v) const { return axiomSet_.count(v) > 0; }
  /// Recreates a value or expr with a given id (trace loading); ids stay unique.
  Scalar* restoreScalar(int id, DataType dtype, std::optional<ScalarValue> value);
  TensorView* restoreTensor(int id, DataType dtype, std::vector<Dim> dims);
  Expr* restoreExpr(int id, OpType op, std::vector<Val*> operands, std::vector<Val*> outputs, ExprAttributes attrs);

  // --- reading ------------------------------------------------------------------
  const std::vector<Val*>& inputs() const { return inputs_; }
  const std::vector<FusionOutput>& outputs() const { return outputs_; }
  bool isInput(const Val* v) const;
  bool isOutput(const Val* v) const;
  /// An output that updates an input in place (its FusionOutput has aliasOf).
  bool isAliasedOutput(const Val* v) const;
  /// An output given a stride order by add_output (some FusionOutput of it has one).
  bool hasOutputStrideOrder(const Val* v) const;
  /// Exprs in a topological order (definition before use), stable across clones.
  std::vector<Expr*> exprs() const;
  /// exprs().size(), without sorting or copying them (every recorded step asks it).
  std::size_t exprCount() const { return exprs_.size() - deadExprs_; }
  std::vector<Val*> vals() const;
  Val* valById(int id) const;
  Expr* exprById(int id) const;
  Val* valByName(const std::string& name) const;

  /// Multi-line text: inputs, one expr per line, outputs. Two fusions are identical
  /// exactly when their printed forms are equal.
  std::string print() const;
  /// print()'s lines, each with a key that names what it shows across snapshots ("v5" for
  /// input 5, "e12" for expr 12, "o0" for output 0, "#inputs" for a section header), so two
  /// printouts can be lined up by what they show rather than by text.
  struct PrintedLine {
    std::string key;
    std::string text;
  };
  std::vector<PrintedLine> printedLines() const;
  /// Checks the invariants (acyclic, every use defined, types and ranks agree).
  Status verify() const;
  /// Deep copy keeping every id, so ids identify the same value across snapshots.
  CloneResult clone() const;
  /// clone() without the maps from each original to its copy (a snapshot needs none).
  std::unique_ptr<Fusion> copy() const;

 private:
  std::string name_;
  std::size_t positionOf(const Val* v) const;
  // In creation order. A value removeVal deletes leaves an empty slot, dropped by the next
  // read (liveVals); valSlot_ finds a value's slot by id without a search.
  mutable std::vector<std::unique_ptr<Val>> vals_;
  mutable std::size_t deadVals_ = 0;
  mutable std::vector<std::size_t> valSlot_;  // by val id, checked on use
  mutable bool valSlotsIndexed_ = false;
  static constexpr std::size_t kNoSlot = static_cast<std::size_t>(-1);
  void appendVal(std::unique_ptr<Val> v);
  void dropVal(std::size_t at);
  void compactVals() const;
  void indexValSlots() const;
  void reindexValSlots() const;  // indexValSlots, where the slots are in use
  std::size_t slotOfId(int id) const;
  const std::vector<std::unique_ptr<Val>>& liveVals() const;
  // In creation order. A removed expr leaves an empty slot, dropped on the next read (or once
  // half the slots are empty): erasing from the middle per removal made passes that remove
  // many exprs (consecutive_cast, dead code) quadratic. Reads compact first, under the mutex.
  mutable std::vector<std::unique_ptr<Expr>> exprs_;
  mutable std::size_t deadExprs_ = 0;
  mutable std::vector<std::size_t> exprSlot_;  // by expr id: its index in exprs_ (checked on use)
  void appendExpr(std::unique_ptr<Expr> e);
  void dropExpr(const Expr* e);
  void compactExprs() const;  // with cacheMutex_ held
  std::vector<Val*> inputs_;
  std::vector<FusionOutput> outputs_;
  std::unordered_map<std::string, Val*> byName_;
  std::vector<Val*> axioms_;
  std::unordered_set<const Val*> axiomSet_;  // axioms_ as a set: asked per value by dead-code removal
  int nextValId_ = 0;
  int nextExprId_ = 0;

  // Read caches, rebuilt on the first read after a change to the expr graph: passes call
  // exprs() and exprById() inside their loops, and sorting (or scanning) the whole fusion
  // on every call made them quadratic. A mutex, because const fusions (trace snapshots)
  // are read from several threads.
  void exprGraphChanged();
  void indexExpr(const Expr* e, Expr* entry);  // entry null: e is gone
  mutable std::mutex cacheMutex_;
  mutable std::vector<Expr*> order_;
  mutable bool orderValid_ = false;
  mutable std::vector<Expr*> exprOfId_;  // indexed by expr id
  mutable bool exprOfIdValid_ = false;
  std::vector<Expr*> sortExprs() const;
  // isInput/isOutput are asked per value inside segment views: a fusion with thousands of
  // outputs made a linear scan of them quadratic.
  void boundaryChanged();
  void rebuildBoundary() const;  // with cacheMutex_ held
  mutable std::unordered_set<const Val*> inputSet_, outputSet_, aliasedOutputSet_, orderedOutputSet_;
  using BoundarySet = std::unordered_set<const Val*> Fusion::*;
  bool inBoundarySet(BoundarySet set, const Val* v) const;
  mutable bool boundaryValid_ = false;
};

struct CloneResult {
  std::unique_ptr<Fusion> fusion;
  std::unordered_map<const Val*, Val*> vals;
  std::unordered_map<const Expr*, Expr*> exprs;
};

}  // namespace segscope::ir
