// Lays out a graph::GraphModel with Graphviz dot and exports it as SVG or DOT; the only
// place that talks to Graphviz. Every call is serialised: Graphviz is not thread-safe.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <future>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>

#include "geometry.h"
#include "graph/graph_model.h"
#include "support/result.h"
#include "svg_legend.h"

namespace segscope::layout {

struct LayoutOptions {
  bool edgeLabels = true;  // draw Edge::label
  /// Up to this many labelled edges, labels take part in the ranking (dot makes room for
  /// them: clean, but each is a virtual node); beyond it they are xlabels placed after the
  /// layout, which measured 3x faster on a 2000-op fusion (0.6 s instead of 2 s).
  std::size_t rankedEdgeLabelLimit = 300;
  std::string splines = "true";  // "true", "polyline", "line", "false"; "ortho" is refused (20x slower)
  double nodesep = 0.25;         // inches between nodes of a rank
  double ranksep = 0.4;          // inches between ranks
  std::string fontname = "Helvetica";
  double fontsize = 10;        // points; the detail line is 2 points smaller
  bool tooltips = true;        // SVG tooltips (wrap each object in an <a> element)
  std::string engine = "dot";  // any Graphviz layout engine; the styling assumes dot
  /// Pictures with more nodes are laid out in blocks (block_layout.h): dot's time explodes
  /// near 3k nodes (4 s per step of a 3k-op fusion), a block layout re-lays out only the
  /// clusters that changed. 0 = always dot.
  std::size_t blockLayoutAbove = 1000;
  /// A picture without clusters goes to the layered engine above this many nodes: the
  /// collapsed view in the middle of a segmentation (hundreds of groups, edges spanning many
  /// ranks) kept dot busy for over 10 minutes at step 553 of a 3k-op fusion; 0 = never.
  std::size_t unclusteredDotLimit = 400;
  /// In a block layout, a cluster with more nodes than this is placed by the layered engine.
  std::size_t dotBlockLimit = 400;
  /// > 0: the picture is an overview of many segments, laid out as tiles (tile_layout.h) in a
  /// grid shaped for this width / height, without Graphviz.
  double tileAspect = 0;
};

/// The SVG id of an edge: "edge-<from>-<to>-<valId>".
std::string edgeId(const graph::Edge& edge);

class BlockCache;

/// Positions, splines and cluster boxes; the Graphviz graph is freed before returning. Above
/// `options.blockLayoutAbove` nodes, a block layout (block_layout.h) whose blocks `blocks`
/// (optional) keeps for the next call.
Result<Geometry> layoutGraph(const graph::GraphModel& model, const LayoutOptions& options = {},
                             BlockCache* blocks = nullptr);

/// Graphviz's own SVG with stable ids: nodes id=Node::id, clusters id=Cluster::id with
/// class "cluster segment <scheduler>", edges id="edge-<from>-<to>-<valId>"; with `decor`, a
/// caption and a legend above the graph (svg_legend.h).
Result<std::string> renderSvg(const graph::GraphModel& model, const LayoutOptions& options = {},
                              const SvgDecor& decor = {.caption = {}, .legend = false});

/// The input graph as DOT text (no positions): `dot -Tsvg` on it draws the same graph (the
/// CLI uses cgraph's default ID discipline, so cluster placement may differ from ours).
Result<std::string> renderDot(const graph::GraphModel& model, const LayoutOptions& options = {});

/// Content hash of everything that affects a layout (model fields and options; ContentHash).
std::uint64_t layoutHash(const graph::GraphModel& model, const LayoutOptions& options);

/// One thread that owns a Graphviz context and makes every Graphviz call of the layouts it
/// is given (it also takes the global Graphviz lock, so direct calls elsewhere stay safe).
/// Results are cached by layoutHash. Cancelling = discarding: drop the future, or call
/// cancelPending() to drop queued work; a layout that has started runs to its end (dot
/// cannot be interrupted) and its result still lands in the cache.
class LayoutWorker {
 public:
  explicit LayoutWorker(std::size_t cacheCapacity = 64);
  ~LayoutWorker();  // finishes the running layout; queued ones get a "cancelled" error
  LayoutWorker(const LayoutWorker&) = delete;
  LayoutWorker& operator=(const LayoutWorker&) = delete;

  /// A cached geometry comes back as a ready future without touching the worker thread.
  std::future<Result<Geometry>> submit(graph::GraphModel model, LayoutOptions options = {});
  /// The same with the model's layoutHash already known (`key`); the model is copied only when
  /// it has to be laid out.
  std::future<Result<Geometry>> submit(const graph::GraphModel& model, LayoutOptions options, std::uint64_t key);
  /// Drops every queued job that has not started; their futures hold a "cancelled" error.
  void cancelPending();

  std::size_t cacheHits() const;
  std::size_t layoutsRun() const;

 private:
  struct Job {
    std::uint64_t key = 0;
    graph::GraphModel model;
    LayoutOptions options;
    std::promise<Result<Geometry>> promise;
  };

  std::optional<std::future<Result<Geometry>>> fromCache(std::uint64_t key);
  std::future<Result<Geometry>> enqueue(std::uint64_t key, graph::GraphModel model, LayoutOptions options);
  void run();
  void store(std::uint64_t key, const Geometry& geometry);

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  std::size_t cacheCapacity_;
  std::unordered_map<std::uint64_t, Geometry> cache_;
  std::list<std::uint64_t> cacheOrder_;  // oldest first; evicted in that order
  std::size_t cacheHits_ = 0;
  std::size_t layoutsRun_ = 0;
  std::unique_ptr<BlockCache> blocks_;  // touched only by the worker thread
  std::thread thread_;                  // last member: starts after everything it reads is constructed
};

}  // namespace segscope::layout
