// The graph canvas: wheel zoom anchored under the mouse, drag to pan, fit, and keeping a
// region of interest where it was on screen when the picture changes.
#pragma once

#include <QGraphicsView>

namespace segscope::ui {

class GraphView : public QGraphicsView {
  Q_OBJECT

 public:
  explicit GraphView(QWidget* parent = nullptr);

  void fitToView();
  void zoomBy(double factor);
  double zoom() const { return transform().m11(); }
  /// Shows `rect` (scene coordinates) at the current zoom, or zooms out until it fits.
  void reveal(const QRectF& rect);
  /// Fits `rect` (with a margin) and centres it, never above 1:1.
  void focusOn(const QRectF& rect);
  /// Fits the whole picture; one so big that fitting makes it a sliver (a fitted 3k-op chain is
  /// a thread down the window) opens readable instead, where a reader starts: at `active`
  /// when there is one, else at `first` (the top node: the middle of a wide graph's top edge
  /// is often empty). True when it did the latter.
  bool fitOrStartReadable(const QRectF& first, const QRectF& active = {});
  /// Ignores the scene's updates until the event loop has handled what is queued now, then
  /// repaints the whole canvas once (a new picture: see the definition).
  void repaintOnceWhenSettled();

 signals:
  void zoomChanged(double zoom);
  /// A local file dropped on the canvas (the window opens it).
  void fileDropped(const QString& path);

 protected:
  void wheelEvent(QWheelEvent* event) override;
  // The canvas is most of the window, so it takes file drops itself (QGraphicsView would
  // offer them to the scene, which refuses them).
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragMoveEvent(QDragMoveEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  bool settling_ = false;
};

}  // namespace segscope::ui
