// The segmenter's working state: groups of exprs of one complete fusion, and the edges
// (one per value per consumer group) that carry values between them. Edges are owned here
// and changed only through connect/disconnect/remove/merge, so the lists never disagree.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/fusion.h"
#include "support/result.h"

namespace segscope::segmenter {

class SegmentedGroup;

struct SegmentedEdge {
  SegmentedGroup* from = nullptr;
  SegmentedGroup* to = nullptr;
  const ir::Val* val = nullptr;
  /// Where SegmentedFusion lists the edge (its index into the fusion-wide list), or kUnlisted
  /// once removed: kept on the edge, as a hash map from edge to index cost a cache miss or two
  /// per edge of every merge.
  static constexpr std::size_t kUnlisted = static_cast<std::size_t>(-1);
  std::size_t listSlot = kUnlisted;
};

class SegmentedGroup {
 public:
  /// Unique for the life of the SegmentedFusion (merged groups get new ids).
  int id() const { return id_; }
  const std::vector<const ir::Expr*>& exprs() const { return exprs_; }
  const std::vector<SegmentedEdge*>& producerEdges() const { return producerEdges_; }
  const std::vector<SegmentedEdge*>& consumerEdges() const { return consumerEdges_; }
  /// Distinct neighbouring groups, in edge order.
  std::vector<SegmentedGroup*> producerGroups() const;
  std::vector<SegmentedGroup*> consumerGroups() const;
  /// "g3{T4, T5}": id and the outputs of its exprs, for logs.
  std::string label() const;
  /// Replaced by a merge: no longer one of SegmentedFusion::groups() (the object stays valid).
  bool merged() const { return merged_; }

 private:
  friend class SegmentedFusion;
  explicit SegmentedGroup(int id) : id_(id) {}
  int id_;
  bool merged_ = false;
  std::vector<const ir::Expr*> exprs_;
  std::vector<SegmentedEdge*> producerEdges_;
  std::vector<SegmentedEdge*> consumerEdges_;
};

class SegmentedFusion {
 public:
  explicit SegmentedFusion(const ir::Fusion& complete);
  SegmentedFusion(const SegmentedFusion&) = delete;
  SegmentedFusion& operator=(const SegmentedFusion&) = delete;

  /// One group per expr (in topological order) and an edge for every value an expr of one
  /// group reads from another: the segmenter's starting point.
  static std::unique_ptr<SegmentedFusion> oneGroupPerExpr(const ir::Fusion& complete);

  const ir::Fusion& completeFusion() const { return complete_; }
  /// The live groups, in creation order (= ascending id).
  const std::vector<SegmentedGroup*>& groups() const {
    if (mergedAway_ > 0) dropMergedGroups();
    return groups_;
  }
  /// Every edge, in creation order.
  std::vector<SegmentedEdge*> edges() const;

  SegmentedGroup* newGroup(std::vector<const ir::Expr*> exprs = {});
  /// The id the next new group gets; liveGroupsFrom(id) lists the live groups created since.
  int nextGroupId() const { return nextGroupId_; }
  std::vector<SegmentedGroup*> liveGroupsFrom(int id) const;
  /// Adds the edge unless an identical one (same from, to and value) exists; returns it.
  SegmentedEdge* connectGroups(SegmentedGroup* from, SegmentedGroup* to, const ir::Val* val);
  /// Removes every edge between a and b, in either direction.
  void disconnectGroups(SegmentedGroup* a, SegmentedGroup* b);
  void removeEdge(SegmentedEdge* edge);
  std::vector<SegmentedEdge*> getEdgesBetween(const SegmentedGroup* from, const SegmentedGroup* to) const;
  /// Replaces a and b by one group holding both expr lists. Edges to and from the outside
  /// are re-created on the new group before the old ones go; edges between a and b vanish.
  SegmentedGroup* mergeGroups(SegmentedGroup* a, SegmentedGroup* b);
  /// Groups with every producer before its consumers; an error when there is a cycle.
  Result<std::vector<const SegmentedGroup*>> topologicalOrder() const;
  /// The group holding `expr`, or null.
  SegmentedGroup* groupOf(const ir::Expr* expr) const;
  /// Marks an expr the segmenter places outside the merge (scalar exprs, forwarded input
  /// chains): validate() then expects it in no group and its outputs need no edges.
  void leaveUngrouped(const ir::Expr* expr);
  bool isUngrouped(const ir::Expr* expr) const;

  /// Edges appear in both endpoint lists and nowhere else; every expr of the complete
  /// fusion is in exactly one group; every value an expr reads from another group arrives
  /// on an edge from that group; the group graph is acyclic.
  Status validate() const;

 private:
  void detach(SegmentedEdge* edge);
  void dropMergedGroups() const;
  void forgetEdge(SegmentedEdge* edge);

  const ir::Fusion& complete_;
  std::vector<std::unique_ptr<SegmentedGroup>> ownedGroups_;
  std::vector<std::unique_ptr<SegmentedEdge>> ownedEdges_;
  // Merged groups leave groups_ the next time someone asks for it, not at every merge: a
  // 100k-op fusion makes tens of thousands of merges, and erasing from the list at each one
  // made merging quadratic.
  mutable std::vector<SegmentedGroup*> groups_;
  mutable std::size_t mergedAway_ = 0;  // merged groups still in groups_
  std::vector<SegmentedEdge*> edges_;   // null: a removed edge's hole (see forgetEdge)
  std::size_t holes_ = 0;
  std::vector<SegmentedGroup*> groupOfExpr_;  // indexed by expr id
  std::vector<bool> ungrouped_;               // indexed by expr id
  int nextGroupId_ = 0;
};

}  // namespace segscope::segmenter
