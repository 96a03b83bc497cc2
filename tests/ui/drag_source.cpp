// A window that drags a file when pressed: with xdotool it lets scripts/xvfb_tour.sh drop a
// file on the real Segscope window under Xvfb (a real XDND drag, not a synthesized event).
// Usage: segscope_drag_source FILE
#include <QApplication>
#include <QDrag>
#include <QFileInfo>
#include <QLabel>
#include <QMimeData>
#include <QMouseEvent>
#include <QUrl>

namespace {

class DragSource : public QLabel {
 public:
  explicit DragSource(QString path) : path_(std::move(path)) {
    setText("drag " + QFileInfo(path_).fileName());
    setAlignment(Qt::AlignCenter);
    setWindowTitle("segscope drag source");
    resize(220, 80);
  }

 protected:
  void mousePressEvent(QMouseEvent*) override {
    auto* mime = new QMimeData;
    mime->setUrls({QUrl::fromLocalFile(QFileInfo(path_).absoluteFilePath())});
    auto* drag = new QDrag(this);
    drag->setMimeData(mime);
    drag->exec(Qt::CopyAction);
  }

 private:
  QString path_;
};

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  if (argc < 2) return 2;
  DragSource source(QString::fromLocal8Bit(argv[1]));
  source.move(0, 0);
  source.show();
  return app.exec();
}
