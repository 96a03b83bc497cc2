// Polling the layout worker's future from the GUI event loop (no extra thread needed).
#include "ui/layout_service.h"

#include "layout/graphviz_layout.h"

namespace segscope::ui {

LayoutService::LayoutService(QObject* parent) : QObject(parent), worker_(std::make_unique<layout::LayoutWorker>(256)) {
  poller_.setInterval(10);
  connect(&poller_, &QTimer::timeout, this, &LayoutService::poll);
}

LayoutService::~LayoutService() = default;

int LayoutService::request(graph::GraphModel model, layout::LayoutOptions options) {
  // The same picture asked for again while it is being laid out (a step re-selected, the view
  // re-fitted): keep waiting for it. Cancelling would only discard a layout dot cannot stop
  // and queue an identical one behind it.
  const std::uint64_t hash = layout::layoutHash(model, options);
  if (pending_.valid() && hash == pendingHash_) return ticket_;
  cancel();
  ++ticket_;
  pendingHash_ = hash;
  pendingModel_ = std::move(model);
  // A cache hit is what the worker counts, not a future found ready: a small layout can finish
  // on the worker thread before this thread looks (it is easily preempted under load).
  const std::size_t hitsBefore = worker_->cacheHits();
  pending_ = worker_->submit(pendingModel_, options, hash);
  fromCache_ = worker_->cacheHits() > hitsBefore;
  if (fromCache_) {
    // Cached: deliver on the next event-loop turn (the caller first learns its ticket), with
    // no busy indicator flicker.
    const int ticket = ticket_;
    QMetaObject::invokeMethod(
        this,
        [this, ticket] {
          if (ticket == ticket_ && pending_.valid()) deliver();
        },
        Qt::QueuedConnection);
  } else {
    poller_.start();
    emit busyChanged(true);
  }
  return ticket_;
}

void LayoutService::cancel() {
  if (!pending_.valid()) return;
  pending_ = {};
  poller_.stop();
  worker_->cancelPending();
  emit busyChanged(false);
}

void LayoutService::poll() {
  if (!pending_.valid()) {
    poller_.stop();
    return;
  }
  if (pending_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
  poller_.stop();
  deliver();
  emit busyChanged(false);
}

void LayoutService::deliver() {
  Result<layout::Geometry> result = pending_.get();
  pending_ = {};
  if (result) {
    graph::GraphModel model = std::move(pendingModel_);
    pendingModel_ = {};
    emit ready(ticket_, model, result.value());
  } else {
    emit failed(ticket_, QString::fromStdString(result.error().message));
  }
}

}  // namespace segscope::ui
