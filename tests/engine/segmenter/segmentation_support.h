// Test support: hand-made Segmentations (groups of expr indices → segments with inputs,
// outputs, edges and a run order), standing in for the segmenter proper.
#pragma once

#include <algorithm>
#include <map>
#include <optional>
#include <queue>
#include <set>
#include <string>
#include <vector>

#include "ir/fusion.h"
#include "scheduler/segment_view.h"
#include "segmenter/segmentation.h"

namespace segscope::testing {

/// An expr whose outputs are all scalars (size, scalar arithmetic): host work.
inline bool isScalarExpr(const ir::Expr* e) {
  return std::all_of(e->outputs().begin(), e->outputs().end(), [](const ir::Val* v) { return v->isScalar(); });
}

/// Segments from groups of indices into fusion.exprs(); a group of scalar-only exprs is a
/// host (expr_eval) segment. Returns nullopt when the groups form a cycle.
inline std::optional<segmenter::Segmentation> makeSegmentation(const ir::Fusion& fusion,
                                                               const std::vector<std::vector<int>>& groups) {
  const std::vector<ir::Expr*> exprs = fusion.exprs();
  segmenter::Segmentation s;
  s.fusion = &fusion;
  std::map<const ir::Val*, int> producer;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::vector<const ir::Expr*> members;
    for (int i : groups[g]) members.push_back(exprs.at(static_cast<std::size_t>(i)));
    const scheduler::SegmentView view = scheduler::SegmentView::of(fusion, members);
    segmenter::Segment seg;
    seg.id = static_cast<int>(g);
    seg.host = std::all_of(members.begin(), members.end(), isScalarExpr);
    seg.scheduler = seg.host ? scheduler::SchedulerType::ExprEval : scheduler::SchedulerType::None;
    seg.exprs = view.exprs;
    seg.inputs = view.inputs;
    seg.outputs = view.outputs;
    for (const ir::Val* v : seg.outputs) producer[v] = seg.id;
    s.segments.push_back(std::move(seg));
  }
  std::vector<std::set<int>> consumers(groups.size());
  std::vector<int> pending(groups.size(), 0);
  for (const segmenter::Segment& seg : s.segments)
    for (const ir::Val* v : seg.inputs)
      if (auto it = producer.find(v); it != producer.end()) {
        s.edges.push_back({it->second, seg.id, v});
        if (consumers[static_cast<std::size_t>(it->second)].insert(seg.id).second)
          ++pending[static_cast<std::size_t>(seg.id)];
      }
  std::priority_queue<int, std::vector<int>, std::greater<>> ready;
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (pending[g] == 0) ready.push(static_cast<int>(g));
  while (!ready.empty()) {
    const int g = ready.top();
    ready.pop();
    s.runOrder.push_back(g);
    for (int c : consumers[static_cast<std::size_t>(g)])
      if (--pending[static_cast<std::size_t>(c)] == 0) ready.push(c);
  }
  if (s.runOrder.size() != groups.size()) return std::nullopt;
  return s;
}

/// Indices of the exprs some fusion output depends on: the segmenter sees a fusion after
/// dead code elimination, and a dead expr would make a segment without outputs.
inline std::vector<int> liveExprIndices(const ir::Fusion& fusion) {
  const std::vector<ir::Expr*> exprs = fusion.exprs();
  std::set<const ir::Val*> needed;
  for (const ir::FusionOutput& o : fusion.outputs()) needed.insert(o.val);
  std::vector<int> live;
  for (std::size_t i = exprs.size(); i-- > 0;) {
    const ir::Expr* e = exprs[i];
    if (std::none_of(e->outputs().begin(), e->outputs().end(), [&](const ir::Val* v) { return needed.count(v) > 0; }))
      continue;
    live.insert(live.begin(), static_cast<int>(i));
    needed.insert(e->inputs().begin(), e->inputs().end());
  }
  return live;
}

/// One segment per (live) expr.
inline std::vector<std::vector<int>> exprPerSegment(const ir::Fusion& fusion) {
  std::vector<std::vector<int>> groups;
  for (int i : liveExprIndices(fusion)) groups.push_back({i});
  return groups;
}

/// The whole fusion as one segment.
inline std::vector<std::vector<int>> wholeFusion(const ir::Fusion& fusion) { return {liveExprIndices(fusion)}; }

/// Scalar exprs that depend only on fusion inputs and each other go into one host segment
/// that runs first; every other expr gets its own segment.
inline std::vector<std::vector<int>> hostScalarSegment(const ir::Fusion& fusion) {
  const std::vector<ir::Expr*> exprs = fusion.exprs();
  std::set<const ir::Val*> hostVals;
  std::vector<int> host;
  std::vector<std::vector<int>> groups;
  for (int index : liveExprIndices(fusion)) {
    const auto i = static_cast<std::size_t>(index);
    const ir::Expr* e = exprs[i];
    const bool fromHost = std::all_of(e->inputs().begin(), e->inputs().end(),
                                      [&](const ir::Val* v) { return !v->definition() || hostVals.count(v); });
    if (isScalarExpr(e) && fromHost) {
      host.push_back(static_cast<int>(i));
      hostVals.insert(e->outputs().begin(), e->outputs().end());
    } else {
      groups.push_back({static_cast<int>(i)});
    }
  }
  if (!host.empty()) groups.insert(groups.begin(), host);
  return groups;
}

}  // namespace segscope::testing
