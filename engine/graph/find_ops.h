// Find over a step's fusion itself, not over a drawing: every view (ops, collapsed segments,
// nvFuser's) searches the same ops and inputs and lists the same matches in the same order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "trace/snapshot.h"

namespace segscope::graph {

struct FindHit {
  int exprId = -1;     // the op; -1 for a fusion input
  int valId = -1;      // the value the op defines first, or the input
  std::string name;    // "T23 = mul", or the input's name
  std::string op;      // "mul", or "input"
  std::string type;    // "f32 [4096, 1024]" (dtype and shape as the script gives it)
  int group = -1;      // its group in the snapshot's partition; -1 when none
  bool exact = false;  // the query is the name of the value it defines
};

/// Ops and inputs whose name, op, type or printed expr contains every word of `query`
/// (case-insensitive). Order: exact names first (T12 itself before the ops that read T12),
/// then ops, then inputs, each in the fusion's order. `limit` bounds the list (0: no bound).
std::vector<FindHit> findInSnapshot(const trace::Snapshot& snapshot, std::string_view query, std::size_t limit = 0);

}  // namespace segscope::graph
