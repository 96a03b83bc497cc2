// GraphScene across pictures (graph_scene_items.cpp): stepping keeps the items of what a step
// did not change, moves them to where the new layout puts them, builds the rest, leaks none;
// every item is what a fresh scene would build, and a kept item starts the new picture unmarked;
// a step is painted once; a curve longer than the screen is drawn by its pieces on screen.
#include <QtTest>
#include <cmath>
#include <map>
#include <tuple>

#include "test_files.h"
#include "ui/graph_items.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/main_window.h"

using namespace segscope;
using ui::MainWindow;

namespace {

std::map<std::string, const ui::NodeItem*> nodeItems(ui::GraphScene& scene) {
  std::map<std::string, const ui::NodeItem*> out;
  for (QGraphicsItem* item : scene.items())
    if (item->type() == ui::NodeItemType) {
      const auto* node = static_cast<const ui::NodeItem*>(item);
      out[node->id()] = node;
    }
  return out;
}

// Every node, edge and cluster of the model is drawn once, where the geometry puts it.
void checkDrawnWhereLaidOut(ui::GraphScene& scene) {
  const graph::GraphModel& model = scene.model();
  const layout::Geometry& geometry = scene.geometry();
  const auto nodes = nodeItems(scene);
  QCOMPARE(nodes.size(), geometry.nodes.size());
  for (const layout::NodeGeometry& g : geometry.nodes) {
    const auto it = nodes.find(g.id);
    QVERIFY2(it != nodes.end(), g.id.c_str());
    const QPointF at = it->second->mapToScene(it->second->builtAt());
    const layout::Rect box = g.box();
    QVERIFY2(std::abs(at.x() - box.x) < 0.05 && std::abs(at.y() - box.y) < 0.05, g.id.c_str());
  }
  std::map<std::tuple<std::string, std::string, int>, layout::Point> laidOutStarts;
  for (std::size_t i = 0; i < model.edges.size() && i < geometry.edges.size(); ++i)
    laidOutStarts[{model.edges[i].from, model.edges[i].to, model.edges[i].valId}] = geometry.edges[i].start();
  std::map<int, layout::Point> laidOutCorners;
  for (const graph::Cluster& c : model.clusters)
    if (const layout::ClusterGeometry* g = scene.clusterGeometry(c.id)) laidOutCorners[c.group] = {g->box.x, g->box.y};
  std::size_t edges = 0, clusters = 0;
  const auto near = [](QPointF at, layout::Point want) {
    return std::abs(at.x() - want.x) < 0.05 && std::abs(at.y() - want.y) < 0.05;
  };
  for (QGraphicsItem* item : scene.items()) {
    if (item->type() == ui::EdgeItemType) {
      const auto* edge = static_cast<const ui::EdgeItem*>(item);
      const auto it = laidOutStarts.find({edge->edge().from, edge->edge().to, edge->edge().valId});
      QVERIFY2(it != laidOutStarts.end(), edge->edge().from.c_str());
      QVERIFY2(near(edge->mapToScene(edge->builtAt()), it->second), edge->edge().from.c_str());
      ++edges;
    } else if (item->type() == ui::ClusterItemType) {
      const auto* cluster = static_cast<const ui::ClusterItem*>(item);
      const auto it = laidOutCorners.find(cluster->group());
      QVERIFY(it != laidOutCorners.end());
      QVERIFY(near(cluster->mapToScene(cluster->builtAt()), it->second));
      ++clusters;
    }
  }
  QCOMPARE(edges, std::min(model.edges.size(), geometry.edges.size()));
  QCOMPARE(clusters, laidOutCorners.size());
}

// Each item of `scene` (kept from earlier steps or not) is the item a fresh scene builds for the
// same picture. (Painted, the two differ by glyph and antialiasing phase: a kept item draws
// through its offset, which Qt's rasterizer rounds differently. Nothing a reader can see.)
void checkBuiltAsAFreshScene(ui::GraphScene& scene) {
  ui::GraphScene fresh;
  fresh.setGraph(scene.model(), scene.geometry());
  const auto byKey = [](ui::GraphScene& s) {
    std::map<std::string, QGraphicsItem*> out;
    for (QGraphicsItem* item : s.items()) {
      if (item->type() == ui::NodeItemType) out["n " + static_cast<ui::NodeItem*>(item)->id()] = item;
      if (item->type() == ui::ClusterItemType)
        out["c " + std::to_string(static_cast<ui::ClusterItem*>(item)->group())] = item;
      if (item->type() == ui::EdgeItemType) {
        const graph::Edge& e = static_cast<ui::EdgeItem*>(item)->edge();
        out["e " + e.from + ">" + e.to + ":" + std::to_string(e.valId)] = item;
      }
    }
    return out;
  };
  const auto kept = byKey(scene), built = byKey(fresh);
  QCOMPARE(kept.size(), built.size());
  for (const auto& [key, item] : kept) {
    const auto other = built.find(key);
    QVERIFY2(other != built.end(), key.c_str());
    // Same extent and text (where it is is checked above; its colours come from the same model
    // element, which the scene compares before keeping an item).
    const QSizeF a = item->boundingRect().size(), b = other->second->boundingRect().size();
    QVERIFY2(std::abs(a.width() - b.width()) < 0.05 && std::abs(a.height() - b.height()) < 0.05, key.c_str());
    QCOMPARE(item->toolTip(), other->second->toolTip());
    QCOMPARE(item->zValue(), other->second->zValue());
    if (item->type() == ui::EdgeItemType)
      QCOMPARE(static_cast<ui::EdgeItem*>(item)->edge(), static_cast<ui::EdgeItem*>(other->second)->edge());
  }
}

// `shape` of tests/data/shapes, in the segments view of a 1400×900 window.
bool openInSegmentsView(MainWindow& w, const char* shape) {
  w.resize(1400, 900);
  w.show();
  w.openFile(QString(SEGSCOPE_SOURCE_DIR) + "/tests/data/shapes/" + shape, true);
  return w.waitForPicture() && w.setViewName("segments") && w.waitForPicture();
}

struct PaintCounter : QObject {
  int count = 0;
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Paint) ++count;
    return false;
  }
};

}  // namespace

class TestGraphScene : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  // A mixed 1k-op fusion mid-segmentation: a merge step changes one or two clusters, the
  // clusters laid out after them move, the rest stay.
  void steppingKeepsAndMovesTheItemsOfWhatDidNotChange() {
    MainWindow w(nullptr, false);
    QVERIFY(openInSegmentsView(w, "mixed_1k.py"));
    const int middle = w.stepCount() / 2;
    std::size_t kept = 0, drawn = 0, moved = 0;
    for (int i = middle; i < middle + 6; ++i) {
      w.goToStep(i);
      QVERIFY(w.waitForPicture());
      const auto before = nodeItems(w.scene());
      checkDrawnWhereLaidOut(w.scene());
      w.goToStep(i + 1);
      QVERIFY(w.waitForPicture());
      checkDrawnWhereLaidOut(w.scene());
      checkBuiltAsAFreshScene(w.scene());
      for (const auto& [id, item] : nodeItems(w.scene())) {
        ++drawn;
        if (auto it = before.find(id); it != before.end() && it->second == item) ++kept;
        if (!item->pos().isNull()) ++moved;
      }
    }
    QVERIFY2(kept * 10 >= drawn * 8, qPrintable(QString("%1 of %2 node items kept").arg(kept).arg(drawn)));
    QVERIFY(moved > 0);  // kept items were moved (else this checks nothing of moving)
    // Another view is another picture: nothing of the old one is left over.
    QVERIFY(w.setViewName("fusion"));
    QVERIFY(w.waitForPicture());
    checkDrawnWhereLaidOut(w.scene());
  }

  void aKeptItemStartsUnmarked() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(QString(SEGSCOPE_SOURCE_DIR) + "/samples/softmax.py", true);
    w.lastStep();
    QVERIFY(w.waitForPicture());
    ui::GraphScene& scene = w.scene();
    const std::string id = scene.model().nodes.front().id;
    scene.markPath({id}, {}, {});
    QCOMPARE(scene.pathMarked(ui::PathMark::Path), std::vector<std::string>{id});
    const auto before = nodeItems(scene);
    scene.setGraph(scene.model(), scene.geometry());  // the same picture again: every item kept
    QCOMPARE(nodeItems(scene), before);
    QVERIFY(scene.pathMarked(ui::PathMark::Path).empty());
    QCOMPARE(scene.edgesOnPath(), 0);
  }

  // Kept items moved by setPos mark their old and new places dirty; Qt would repaint those in a
  // second pass after the first paint (it did on this transformer, not on the mixed fusion).
  // One paint per laid-out step, and the picture is the new one.
  void aStepIsPaintedOnce() {
    MainWindow w(nullptr, false);
    QVERIFY(openInSegmentsView(w, "transformer_1k.py"));
    const int middle = w.stepCount() / 2;
    for (int i = middle; i < middle + 6; ++i) {  // laid out (a layout running may paint a note)
      w.goToStep(i);
      QVERIFY(w.waitForPicture());
    }
    PaintCounter paints;
    w.view().viewport()->installEventFilter(&paints);
    for (int i = middle; i < middle + 6; ++i) {
      paints.count = 0;
      w.goToStep(i);
      QVERIFY(w.waitForPicture());
      QCOMPARE(paints.count, 1);
      checkDrawnWhereLaidOut(w.scene());
    }
    // Scene changes repaint again once the picture has settled (a mark on a node on screen).
    const QRectF onScreen = w.view().mapToScene(w.view().viewport()->rect()).boundingRect();
    const auto shown = std::find_if(w.scene().model().nodes.begin(), w.scene().model().nodes.end(),
                                    [&](const graph::Node& n) { return onScreen.contains(w.scene().nodeRect(n.id)); });
    QVERIFY(shown != w.scene().model().nodes.end());
    paints.count = 0;
    w.scene().markSelected(shown->id);
    QTRY_VERIFY(paints.count > 0);
  }

  // Of a curve 100,000 pt long, only what reaches into the screen; none of it when it passes by.
  void aLongCurveIsDrawnByItsPiecesOnScreen() {
    QPainterPath straight;  // down the x = 10 line, as one cubic
    straight.moveTo(10, 0);
    straight.cubicTo(10, 30000, 10, 70000, 10, 100000);
    const QRectF screen(0, 50000, 800, 600);
    const QPainterPath shown = ui::curvePiecesIn(straight, screen);
    QVERIFY(!shown.isEmpty());
    QVERIFY2(shown.boundingRect().height() <= 4 * screen.height(),
             qPrintable(QString("%1 pt of curve kept").arg(shown.boundingRect().height())));
    // The part on screen is there (a straight line: its bounds have no width).
    QVERIFY(shown.boundingRect().top() <= 50000 && shown.boundingRect().bottom() >= 50600);
    QVERIFY(ui::curvePiecesIn(straight, screen.translated(2000, 0)).isEmpty());
    // A path of several cubics keeps those on screen whole, and drops the others.
    QPainterPath twoPieces;
    twoPieces.moveTo(0, 0);
    twoPieces.cubicTo(100, 0, 200, 100, 300, 100);
    twoPieces.cubicTo(400, 100, 5000, 9000, 9000, 9000);
    const QPainterPath first = ui::curvePiecesIn(twoPieces, QRectF(-10, -10, 400, 200));
    QCOMPARE(first.elementCount(), 4 + 4);  // the first whole, the start of the second
    QCOMPARE(first.elementAt(3).x, 300.0);
  }
};

QTEST_MAIN(TestGraphScene)
#include "test_graph_scene.moc"
