// Layouts of pictures too big for one dot run (DESIGN §11): each cluster laid out on its own
// and cached by its content, the clusters and loose nodes then placed by the layered engine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <unordered_map>

#include "geometry.h"
#include "graph/graph_model.h"
#include "support/result.h"

namespace segscope::layout {

struct LayoutOptions;

/// Laid-out blocks by content (what their nodes and edges are, not how they are highlighted),
/// least recently used dropped first. Not thread-safe: one per layout thread.
class BlockCache {
 public:
  explicit BlockCache(std::size_t capacity = 4096) : capacity_(capacity == 0 ? 1 : capacity) {}
  const Geometry* find(std::uint64_t key);
  /// Never evicts, so what find() returned stays valid until trim().
  const Geometry* store(std::uint64_t key, Geometry geometry);
  /// Drops the least recently used entries beyond the capacity.
  void trim();
  std::size_t hits() const { return hits_; }
  std::size_t misses() const { return misses_; }

 private:
  std::size_t capacity_;
  std::unordered_map<std::uint64_t, std::pair<Geometry, std::list<std::uint64_t>::iterator>> entries_;
  std::list<std::uint64_t> order_;  // least recently used first
  std::size_t hits_ = 0;
  std::size_t misses_ = 0;
};

/// How a block small enough for dot is laid out (the Graphviz side passes its own).
using DotLayout = std::function<Result<Geometry>(const graph::GraphModel&)>;

/// The whole picture by the layered engine alone (node sizes estimated from the label text;
/// a cluster's box drawn around its members, with its title on top).
Geometry layoutLayered(const graph::GraphModel& model, const LayoutOptions& options);

/// Each cluster (with the input copies drawn for it) as a block: dot when it has at most
/// `options.dotBlockLimit` nodes, the layered engine above; blocks and unclustered nodes
/// are then placed by the layered engine, and edges between them drawn as plain curves.
/// `cache` (optional) keeps blocks between calls: stepping re-lays out only what changed.
Result<Geometry> layoutInBlocks(const graph::GraphModel& model, const LayoutOptions& options, const DotLayout& dot,
                                BlockCache* cache);

}  // namespace segscope::layout
