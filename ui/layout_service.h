// Layouts off the GUI thread: one layout::LayoutWorker owns Graphviz; results come back as a
// signal on the GUI thread, cached ones at once, stale ones (superseded requests) dropped.
#pragma once

#include <QObject>
#include <QTimer>
#include <chrono>
#include <cstdint>
#include <future>
#include <memory>

#include "graph/graph_model.h"
#include "layout/geometry.h"
#include "layout/graphviz_layout.h"
#include "support/result.h"

namespace segscope::layout {
class LayoutWorker;
}

namespace segscope::ui {

/// Pictures above this many nodes are not drawn unless the user asks: block layouts keep the
/// layout itself fast (layout::LayoutOptions::blockLayoutAbove), but a scene of 40k items
/// pans slowly and says little.
inline constexpr std::size_t kMaxLayoutNodes = 40000;

class LayoutService : public QObject {
  Q_OBJECT

 public:
  explicit LayoutService(QObject* parent = nullptr);
  ~LayoutService() override;

  /// Lays out `model`; ready() follows with the same ticket (immediately when cached). A new
  /// request supersedes the previous one: its result is never delivered. Asking again for the
  /// picture being laid out returns its ticket and waits for it.
  int request(graph::GraphModel model, layout::LayoutOptions options = {});
  /// Drops the pending request (Graphviz cannot be interrupted; its result is discarded).
  void cancel();
  bool busy() const { return pending_.valid(); }
  /// Busy with a layout that had to be computed: false for a cached picture waiting for its
  /// delivery. Decided by the worker's cache when the request was made: asking whether the
  /// future was ready raced with the worker, which can finish a small layout before the caller
  /// asks (then the window showed no "laying out" note although the old picture was on screen).
  bool computing() const { return pending_.valid() && !fromCache_; }

 signals:
  /// The picture asked for; its receiver (one per service) may move from both.
  void ready(int ticket, segscope::graph::GraphModel& model, segscope::layout::Geometry& geometry);
  void failed(int ticket, const QString& message);
  void busyChanged(bool busy);

 private:
  void poll();
  void deliver();

  std::unique_ptr<layout::LayoutWorker> worker_;
  std::future<Result<layout::Geometry>> pending_;
  graph::GraphModel pendingModel_;
  std::uint64_t pendingHash_ = 0;
  bool fromCache_ = false;  // the pending picture came from the worker's cache
  int ticket_ = 0;
  QTimer poller_;
};

}  // namespace segscope::ui
