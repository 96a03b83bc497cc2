// nvFuser's TensorViews, as one of its logs prints them, joined to the session's values.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ir/fusion.h"
#include "nvlog/nvlog.h"

namespace segscope::comparison {

/// Which of the session's values each of nvFuser's `T<n>` is. nvFuser numbers TensorViews on
/// their own counter, in creation order (csrc/ir/container.h: one counter per ValType), and
/// Segscope keeps value ids across snapshots, so one join serves every printout of a runtime.
class TensorJoin {
 public:
  /// Our value id for nvFuser's T`number`; -1 when not joined.
  int valOf(int number) const;
  /// nvFuser's number for our value `id`; -1 when not joined.
  int numberOf(int id) const;
  bool join(int number, int id);  // false (and nothing changes) when either side is taken
  std::size_t size() const { return valOf_.size(); }
  int byStructure = 0;  // joined as the output of an op over joined operands
  int byPosition = 0;   // fusion inputs, joined by their position

 private:
  std::unordered_map<int, int> valOf_, numberOf_;
};

/// Joins the tensors of `theirs` (a fusion printout of the log) to `ours`, adding to `join`:
/// fusion inputs by position; each expr's outputs, in print order, to the output of one of our
/// exprs over the same (joined) operands with the same dtype and rank, preferring the same op
/// and then the nearest creation order. A value nvFuser made that we do not have (a decomposed
/// op's intermediate) stays unjoined, and what uses it is matched through what it was made from.
void joinTensors(const nvlog::FusionText& theirs, const ir::Fusion& ours, TensorJoin& join);

/// joinTensors over exprs only (a candidate block or a group's details), for logs that print
/// no whole fusion.
void joinExprs(const std::vector<nvlog::LoggedExpr>& theirs, const ir::Fusion& ours, TensorJoin& join);

/// nvFuser's printed dtype for ours ("float", "__bfloat", "int64_t", ...).
std::string_view nvFuserDtypeName(ir::DataType t);

/// The op name nvFuser's IR printer shows for our op ("reduction" for sum, "view" for reshape).
std::string_view nvFuserOpName(const ir::Expr& e);

/// Our values joined to the outputs of `exprs`, in order, each once.
std::vector<int> joinedOutputs(const std::vector<nvlog::LoggedExpr>& exprs, const TensorJoin& join);

/// Our pass for nvFuser's `Fusion after pass: <name>`: ConsecutiveCastPass -> consecutive_cast.
std::string ourPassName(std::string_view nvFuserPass);

}  // namespace segscope::comparison
