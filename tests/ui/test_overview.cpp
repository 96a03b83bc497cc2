// The overview (issue 41 item 5): the collapsed view of hundreds of segments opens as tiles in run
// order shaped like the canvas; at fit every tile is titled with its segment number (and its
// scheduler where there is room); stepping marks the candidates' tiles; a double-click leaves the
// overview for the segment drawn in place; Export SVG writes the tiles.
#include <QtTest>

#include <QTemporaryDir>
#include <set>

#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/main_window.h"

using namespace segscope;
using ui::MainWindow;

namespace {

QString shape(const char* name) { return QString(SEGSCOPE_SOURCE_DIR) + "/tests/data/shapes/" + name; }

int tiles(const ui::GraphScene& scene) {
  int n = 0;
  for (const graph::Node& node : scene.model().nodes) n += node.cssClass.ends_with(" tile") ? 1 : 0;
  return n;
}

// Every tile's title at the current zoom starts with its segment number.
void everyTileIsTitled(MainWindow& w) {
  const std::vector<ui::SegmentTitle>& titles = w.scene().titlesAt(w.view().zoom());
  std::set<QString> numbers;
  for (const ui::SegmentTitle& t : titles) numbers.insert(t.text.section(' ', 0, 0));
  for (const graph::Node& n : w.scene().model().nodes)
    if (n.segment >= 0)
      QVERIFY2(numbers.count(QString::number(n.segment)), qPrintable(QString::fromStdString(n.label)));
}

// `w` at `size` with `file`'s final segmentation in the collapsed view.
void openCollapsedAtTheEnd(MainWindow& w, const char* file, QSize size = {1600, 1000}) {
  w.resize(size);
  w.show();
  w.openFile(shape(file), true);
  QVERIFY(w.setViewName("collapsed"));
  w.lastStep();
  QVERIFY(w.waitForPicture());
}

}  // namespace

class TestOverview : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void fiveHundredSegmentsAtFit() {
    MainWindow w(nullptr, false);
    openCollapsedAtTheEnd(w, "relu_linear_1k.py");
    QCOMPARE(tiles(w.scene()), 500);
    w.view().fitToView();
    QVERIFY(w.view().zoom() < ui::kTitleLod);  // the scene writes the titles, at a readable size
    everyTileIsTitled(w);
    // The grid takes the canvas's shape: neither a strip nor a column.
    const QRectF r = w.scene().sceneRect();
    const double canvas = double(w.view().viewport()->width()) / w.view().viewport()->height();
    QVERIFY2(r.width() / r.height() > canvas / 1.6 && r.width() / r.height() < canvas * 1.6,
             qPrintable(QString("%1 vs %2").arg(r.width() / r.height()).arg(canvas)));

    QTemporaryDir dir;
    const QString svg = dir.filePath("overview.svg");
    QVERIFY(w.exportCurrentSvg(svg));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("segment pointwise tile") || text.contains(" tile\""));
    QVERIFY(text.size() < 400 * 1024);
  }

  // A resize that changes the canvas's shape lays the tiles out again for it, fitted.
  void theTilesFollowTheCanvasShape() {
    MainWindow w(nullptr, false);
    openCollapsedAtTheEnd(w, "relu_linear_500.py");
    const auto shapeOf = [](const QRectF& r) { return r.width() / r.height(); };
    const double wide = shapeOf(w.scene().sceneRect());
    w.resize(1100, 1400);
    QTRY_VERIFY_WITH_TIMEOUT(shapeOf(w.scene().sceneRect()) < wide / 1.4, 5000);
    QVERIFY(w.waitForPicture());
    const double canvas = double(w.view().viewport()->width()) / w.view().viewport()->height();
    QVERIFY2(shapeOf(w.scene().sceneRect()) < canvas * 1.6, qPrintable(QString::number(canvas)));
    everyTileIsTitled(w);
  }

  // 250 segments: full tiles, and with the docks put away the scheduler is written too.
  void namesWhereThereIsRoom() {
    MainWindow w(nullptr, false);
    openCollapsedAtTheEnd(w, "relu_linear_500.py");
    QCOMPARE(tiles(w.scene()), 250);
    w.view().fitToView();
    everyTileIsTitled(w);
    w.view().resetTransform();  // at 1:1 each tile writes its own title and detail
    QVERIFY(w.scene().titlesAt(1.0).empty());
  }

  // Shift+G folds the runs into group tiles; a double-click opens one; Shift+G again shows all.
  void groupsFoldAndOpen() {
    MainWindow w(nullptr, false);
    openCollapsedAtTheEnd(w, "relu_linear_1k.py");
    w.setGroupRuns(true);
    QVERIFY(w.waitForPicture());
    const auto groups = [&] {
      int n = 0;
      for (const graph::Node& node : w.scene().model().nodes) n += node.id.starts_with('L') ? 1 : 0;
      return n;
    };
    const int folded = groups();
    QVERIFY2(folded > 10 && folded <= 60, qPrintable(QString::number(folded)));
    QVERIFY(w.scene().model().nodes.size() < 100);
    QVERIFY(w.toggleExpansion(w.scene().selectionOfNode(w.scene().model().nodes.front().id)));
    QVERIFY(w.waitForPicture());
    QCOMPARE(groups(), folded - 1);
    QVERIFY(w.scene().model().node("s0"));
    w.setGroupRuns(false);
    QVERIFY(w.waitForPicture());
    QCOMPARE(tiles(w.scene()), 500);
  }

  // A merge step marks the candidates' tiles; a double-click leaves the overview for the
  // segment drawn in place.
  void stepsAndExpansion() {
    MainWindow w(nullptr, false);
    w.resize(1400, 900);
    w.show();
    w.openFile(shape("relu_linear_500.py"), true);
    QVERIFY(w.setViewName("collapsed"));
    w.goToStep(w.stepCount() / 2);
    QVERIFY(w.waitForPicture());
    if (tiles(w.scene()) > 0) QVERIFY(!w.scene().highlightedRect().isEmpty());
    w.lastStep();
    QVERIFY(w.waitForPicture());
    QVERIFY(tiles(w.scene()) > 0);
    QVERIFY(w.toggleExpansion(w.scene().selectionOfNode("s5")));
    QVERIFY(w.waitForPicture());
    QCOMPARE(tiles(w.scene()), 0);
    bool opDrawn = false;
    for (const graph::Node& n : w.scene().model().nodes) opDrawn = opDrawn || n.kind == graph::NodeKind::Op;
    QVERIFY(opDrawn);
  }
};

QTEST_MAIN(TestOverview)
#include "test_overview.moc"
