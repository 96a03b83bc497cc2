// Zoom and pan behaviour of the graph canvas.
#include "ui/graph_view.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QUrl>

#include <QKeyEvent>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <utility>

namespace segscope::ui {

GraphView::GraphView(QWidget* parent) : QGraphicsView(parent) {
  setRenderHint(QPainter::Antialiasing);
  setRenderHint(QPainter::TextAntialiasing);
  setDragMode(QGraphicsView::ScrollHandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setResizeAnchor(QGraphicsView::AnchorViewCenter);
  setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
  setOptimizationFlag(QGraphicsView::DontAdjustForAntialiasing);
  setFrameShape(QFrame::NoFrame);
}

// A new picture deletes, adds and moves items; Qt marks their places dirty and repaints them in
// a second pass after the first paint, which on a 10k-op transformer covered the canvas: a step
// was painted twice (20 ms more). Scene updates are ignored until the queued work (the scene's
// dirty-item pass among it) is done; then the canvas is repainted once, whole.
void GraphView::repaintOnceWhenSettled() {
  if (std::exchange(settling_, true)) return;
  setViewportUpdateMode(QGraphicsView::NoViewportUpdate);
  QMetaObject::invokeMethod(
      this,
      [this] {
        settling_ = false;
        setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
        viewport()->update();
      },
      Qt::QueuedConnection);
}

void GraphView::zoomBy(double factor) {
  const double next = std::clamp(zoom() * factor, 0.02, 8.0);
  const double applied = next / zoom();
  scale(applied, applied);
  emit zoomChanged(zoom());
}

void GraphView::fitToView() {
  if (!scene()) return;
  const QRectF r = scene()->sceneRect();
  if (r.isEmpty()) return;
  resetTransform();
  fitInView(r, Qt::KeepAspectRatio);
  // Never blow a small graph up beyond 1:1 — text gets fuzzy and it looks toy-like.
  if (zoom() > 1.0) resetTransform();
  centerOn(r.center());
  emit zoomChanged(zoom());
}

void GraphView::reveal(const QRectF& rect) {
  if (rect.isEmpty()) return;
  const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
  if (rect.width() > visible.width() || rect.height() > visible.height()) {
    const double f = std::min(visible.width() / rect.width(), visible.height() / rect.height()) * 0.9;
    zoomBy(f);
  }
  centerOn(rect.center());
}

void GraphView::focusOn(const QRectF& rect) {
  if (rect.isEmpty()) return;
  const QRectF padded = rect.adjusted(-40, -40, 40, 40);
  resetTransform();
  fitInView(padded, Qt::KeepAspectRatio);
  if (zoom() > 1.0) resetTransform();
  centerOn(rect.center());
  emit zoomChanged(zoom());
}

bool GraphView::fitOrStartReadable(const QRectF& first, const QRectF& active) {
  constexpr double kFittedIsASliver = 0.04;  // below this fitted zoom nothing can be read
  fitToView();
  if (zoom() >= kFittedIsASliver) return false;
  zoomBy(0.7 / zoom());
  const QRectF all = sceneRect();
  const QPointF start = first.isNull() ? all.topLeft() : first.center();
  const double halfWidth = viewport()->width() / 2.0 / zoom();
  const double halfHeight = viewport()->height() / 2.0 / zoom();
  centerOn(!active.isEmpty() ? active.center()
                             : QPointF(std::max(start.x(), all.left() + halfWidth), start.y() - 40 + halfHeight));
  return true;
}

namespace {

QString droppedFile(const QMimeData* mime) {
  if (!mime) return {};
  for (const QUrl& url : mime->urls())
    if (url.isLocalFile()) return url.toLocalFile();
  return {};
}

}  // namespace

void GraphView::dragEnterEvent(QDragEnterEvent* event) {
  if (droppedFile(event->mimeData()).isEmpty()) return QGraphicsView::dragEnterEvent(event);
  event->acceptProposedAction();
}

void GraphView::dragMoveEvent(QDragMoveEvent* event) {
  if (droppedFile(event->mimeData()).isEmpty()) return QGraphicsView::dragMoveEvent(event);
  event->acceptProposedAction();
}

void GraphView::dropEvent(QDropEvent* event) {
  const QString path = droppedFile(event->mimeData());
  if (path.isEmpty()) return QGraphicsView::dropEvent(event);
  event->acceptProposedAction();
  emit fileDropped(path);
}

void GraphView::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  if (steps == 0) return;
  zoomBy(std::pow(1.15, steps));
  event->accept();
}

void GraphView::keyPressEvent(QKeyEvent* event) {
  switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomBy(1.25); return;
    case Qt::Key_Minus: zoomBy(0.8); return;
    case Qt::Key_0: fitToView(); return;
    default: break;
  }
  QGraphicsView::keyPressEvent(event);  // arrows scroll unless the window uses them
}

}  // namespace segscope::ui
