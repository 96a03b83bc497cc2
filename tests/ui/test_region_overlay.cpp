// The regions overlay: one hull per fusion region around the nodes of its ops (op views) or
// of the segments holding them (collapsed view), following steps, toggling off, and a clear
// message when a saved trace's script (and so its input sizes) is gone.
#include <QtTest>

#include <QStatusBar>
#include <QTemporaryDir>

#include "pipeline/pipeline.h"
#include "test_files.h"
#include "trace/trace_json.h"
#include "ui/graph_scene.h"
#include "ui/main_window.h"
#include "ui/region_overlay.h"

using namespace segscope;
using ui::MainWindow;

namespace {

QString sample(const char* name) { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + name; }

void openOnLastStep(MainWindow& w, const QString& path) {
  w.resize(1400, 900);
  w.show();
  w.openFile(path, true);
  QVERIFY(w.stepCount() > 0);
  QVERIFY(w.waitForPicture());
}

// Every op node of `region` (by expr id) lies inside the item's hull.
void verifyHullHoldsItsOps(const ui::GraphScene& scene, const regions::Region& region, const ui::RegionItem& item) {
  int found = 0;
  for (const ir::Expr* e : region.members) {
    const std::string id = "e" + std::to_string(e->id());
    const QRectF box = scene.nodeRect(id);
    if (box.isNull()) continue;  // not drawn in this view
    ++found;
    for (const QPointF& corner : {box.topLeft(), box.topRight(), box.bottomLeft(), box.bottomRight()})
      QVERIFY2(item.shape().contains(corner),
               qPrintable(QString("R%1: %2 outside its hull").arg(region.id).arg(QString::fromStdString(id))));
  }
  QVERIFY2(found > 0, "no member of the region is drawn");
}

}  // namespace

class TestRegionOverlay : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void convexHullKeepsTheOuterPointsCounterClockwise() {
    const QPolygonF hull = ui::convexHull({{0, 0}, {4, 0}, {4, 4}, {0, 4}, {2, 2}, {1, 3}, {4, 2}, {0, 0}});
    QCOMPARE(hull.size(), 4);  // interior, collinear and repeated points are dropped
    for (const QPointF& p : {QPointF(0, 0), QPointF(4, 0), QPointF(4, 4), QPointF(0, 4)}) QVERIFY(hull.contains(p));
    double area2 = 0;  // shoelace: positive for counter-clockwise in y-up math coordinates
    for (qsizetype i = 0; i < hull.size(); ++i) {
      const QPointF& a = hull[i];
      const QPointF& b = hull[(i + 1) % hull.size()];
      area2 += a.x() * b.y() - b.x() * a.y();
    }
    QCOMPARE(area2, 32.0);
    QCOMPARE(ui::convexHull({{1, 1}, {1, 1}}).size(), 1);
  }

  void drawsOneHullPerRegionAroundItsOps() {
    MainWindow w(nullptr, false);
    openOnLastStep(w, sample("repeat_kv.py"));
    QVERIFY(w.scene().regionItems().empty());  // off by default
    w.setRegionsOverlay(true);
    const regions::RegionAnalysis* analysis = w.currentRegions();
    QVERIFY(analysis);
    QCOMPARE(analysis->regions.size(), std::size_t(3));
    QCOMPARE(w.scene().regionItems().size(), analysis->regions.size());
    for (std::size_t i = 0; i < analysis->regions.size(); ++i)
      verifyHullHoldsItsOps(w.scene(), analysis->regions[i], *w.scene().regionItems()[i]);
    QVERIFY2(w.statusBar()->currentMessage().startsWith("3 regions"), qPrintable(w.statusBar()->currentMessage()));
    QVERIFY(w.scene().regionItems()[0]->toolTip().contains("DRAM traffic"));

    w.setRegionsOverlay(false);
    QVERIFY(w.scene().regionItems().empty());
  }

  void followsTheStepsAndTheirFusions() {
    MainWindow w(nullptr, false);
    openOnLastStep(w, sample("layer_norm_bwd.py"));
    w.setRegionsOverlay(true);
    QCOMPARE(w.scene().regionItems().size(), std::size_t(1));
    w.goToStep(0);  // the fusion as loaded, before the passes: its own analysis
    QVERIFY(w.waitForPicture());
    QVERIFY(w.regionsOverlay());
    const regions::RegionAnalysis* before = w.currentRegions();
    QVERIFY(before);
    QCOMPARE(w.scene().regionItems().size(), before->regions.size());
    for (std::size_t i = 0; i < before->regions.size(); ++i)
      verifyHullHoldsItsOps(w.scene(), before->regions[i], *w.scene().regionItems()[i]);
  }

  void collapsedViewCoversTheSegmentsOfARegion() {
    MainWindow w(nullptr, false);
    openOnLastStep(w, sample("synthetic_block_200.py"));
    QVERIFY(w.setViewName("collapsed"));
    QVERIFY(w.waitForPicture());
    w.setRegionsOverlay(true);
    QCOMPARE(w.scene().regionItems().size(), std::size_t(1));
    const ui::RegionItem& hull = *w.scene().regionItems().front();
    int covered = 0;
    for (const graph::Node& n : w.scene().model().nodes)
      if (n.kind == graph::NodeKind::Segment && hull.shape().contains(w.scene().nodeRect(n.id).center())) ++covered;
    QVERIFY2(covered >= 8, qPrintable(QString("hull covers %1 segment nodes").arg(covered)));  // every kernel segment
  }

  void aTraceWithoutItsScriptSaysWhyThereAreNoRegions() {
    QTemporaryDir dir;
    const QString script = dir.filePath("repeat_kv.py");
    QVERIFY(QFile::copy(sample("repeat_kv.py"), script));
    auto run = pipeline::runPipelineOnFile(script.toStdString(), {});
    QVERIFY(std::holds_alternative<pipeline::Session>(run));
    const QString tracePath = dir.filePath("repeat_kv.trace.json");
    QFile out(tracePath);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(trace::traceToJson(*std::get<pipeline::Session>(run).trace)));
    out.close();
    QVERIFY(QFile::remove(script));

    MainWindow w(nullptr, false);
    openOnLastStep(w, tracePath);
    w.setRegionsOverlay(true);
    QVERIFY(w.scene().regionItems().empty());
    QVERIFY(!w.currentRegions());
    QVERIFY2(w.statusBar()->currentMessage().contains("input sizes"), qPrintable(w.statusBar()->currentMessage()));
  }
};

QTEST_MAIN(TestRegionOverlay)
#include "test_region_overlay.moc"
