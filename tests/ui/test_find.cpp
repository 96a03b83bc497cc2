// Find in graph (ui/find_bar.cpp, ui/main_window_search.cpp): the step's ops and inputs are
// searched, not the drawing, so every view finds the same matches; exact names come first and
// Enter stays on one just typed; the results list clicks through; in the collapsed view the
// match's segment is drawn in place; Escape closes the bar and keeps the selection, so Find
// then Ctrl+click asks Why apart.
#include <QLineEdit>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QtTest>

#include "graph/find_ops.h"
#include "pipeline/pipeline.h"
#include "test_files.h"
#include "ui/find_bar.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/main_window.h"
#include "ui/panels/inspector_view.h"
#include "ui/panels/why_apart_view.h"
#include "window_test_support.h"

using namespace segscope;
using ui::MainWindow;

namespace {

using testing::inspectorText;
using testing::sample;

QStringList hitNames(const MainWindow& w) {
  QStringList names;
  for (const graph::FindHit& h : w.findHits()) names << QString::fromStdString(h.name);
  return names;
}

// The label of the node the window has selected.
QString selectedLabel(MainWindow& w) {
  const graph::Node* n = w.scene().model().node(w.selection().nodeId);
  return n ? QString::fromStdString(n->label) : QString();
}

void open(MainWindow& w, const char* file) {
  w.resize(1400, 900);
  w.show();
  w.openFile(sample(file), true);
  w.lastStep();
  QVERIFY(w.waitForPicture());
}

}  // namespace

class TestFind : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  // The engine's search: exact names first, then ops, then inputs; every word must match.
  void findInSnapshotRanksExactNamesFirst() {
    auto run = pipeline::runPipelineOnFile(sample("cross_entropy.py").toStdString(), {});
    const pipeline::Session& s = std::get<pipeline::Session>(run);
    const trace::Step& last = s.trace->steps().back();
    const auto hits = graph::findInSnapshot(*last.after, "T3");
    QVERIFY(hits.size() >= 2);
    QVERIFY(hits[0].exact && hits[0].name.starts_with("T3 = "));
    for (std::size_t i = 1; i < hits.size(); ++i) QVERIFY(!hits[i].exact);  // T30, readers of T3 ...
    QVERIFY(hits[0].group >= 0);
    const auto inputs = graph::findInSnapshot(*last.after, "input");
    QVERIFY(!inputs.empty());
    for (const graph::FindHit& h : inputs) QVERIFY(h.exprId < 0 && h.op == "input");
    QVERIFY(graph::findInSnapshot(*last.after, "cast bf16").size() <=
            graph::findInSnapshot(*last.after, "cast").size());
    QVERIFY(graph::findInSnapshot(*last.after, "no such thing").empty());
    QCOMPARE(graph::findInSnapshot(*last.after, "cast", 1).size(), std::size_t{1});
  }

  // Matches by name, op type or shape, cycling with Enter; the match is selected and shown.
  void enterCyclesAndStaysOnAnExactName() {
    MainWindow w(nullptr, false);
    open(w, "cross_entropy.py");
    QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier);
    QVERIFY(w.findBar().isVisible());
    QTest::keyClicks(w.findBar().edit(), "T3");
    const int n = static_cast<int>(w.findHits().size());
    QVERIFY(n >= 2);
    QVERIFY2(selectedLabel(w).startsWith("T3 = "), qPrintable(selectedLabel(w)));
    QVERIFY2(inspectorText(w).contains("T3"), qPrintable(inspectorText(w)));
    QCOMPARE(w.findBar().countText(), QString("1 of %1").arg(n));
    // Enter right after typing the exact name stays on it; the next Enter moves on.
    QTest::keyClick(w.findBar().edit(), Qt::Key_Return);
    QCOMPARE(w.findBar().countText(), QString("1 of %1").arg(n));
    QVERIFY(selectedLabel(w).startsWith("T3 = "));
    QTest::keyClick(w.findBar().edit(), Qt::Key_Return);
    QCOMPARE(w.findBar().countText(), QString("2 of %1").arg(n));
    // An op type (no exact name): Enter moves on at once, Shift+Enter back, wrapping around.
    w.findInGraph("cast");
    const int casts = static_cast<int>(w.findHits().size());
    QVERIFY(casts >= 2);
    QTest::keyClick(w.findBar().edit(), Qt::Key_Return);
    QCOMPARE(w.findBar().countText(), QString("2 of %1").arg(casts));
    QTest::keyClick(w.findBar().edit(), Qt::Key_Return, Qt::ShiftModifier);
    QTest::keyClick(w.findBar().edit(), Qt::Key_Return, Qt::ShiftModifier);
    QCOMPARE(w.findBar().countText(), QString("%1 of %1").arg(casts));
    w.findInGraph("no such thing");
    QVERIFY(w.findHits().empty());
    QVERIFY(w.findBar().countText().contains("no match"));
  }

  // The same query finds the same matches, in the same order, in every view.
  void everyViewFindsTheSameMatches() {
    MainWindow w(nullptr, false);
    open(w, "cross_entropy.py");
    w.findInGraph("cast");
    const QStringList inSegments = hitNames(w);
    const QString count = w.findBar().countText();
    QVERIFY(inSegments.size() >= 2);
    for (const char* view : {"collapsed", "fusion", "segments"}) {
      QVERIFY(w.setViewName(view));
      QVERIFY(w.waitForPicture());
      w.findInGraph("cast");
      QVERIFY(w.waitForPicture());
      QCOMPARE(hitNames(w), inSegments);
      QCOMPARE(w.findBar().countText(), count);
    }
  }

  // The results list: op, type and shape, segment; a click goes to that match.
  void theResultsListClicksThrough() {
    MainWindow w(nullptr, false);
    open(w, "cross_entropy.py");
    w.findInGraph("cast");
    QTest::keyClick(w.findBar().edit(), Qt::Key_Down);
    QVERIFY(w.findBar().resultsShown());
    QTreeWidget* list = w.findBar().results();
    QCOMPARE(list->topLevelItemCount(), static_cast<int>(w.findHits().size()));
    QCOMPARE(list->topLevelItem(0)->text(0), QString::fromStdString(w.findHits()[0].name));
    QVERIFY(!list->topLevelItem(0)->text(1).isEmpty());                                // type and shape
    QCOMPARE(list->topLevelItem(0)->text(2), QString::number(w.findHits()[0].group));  // segment
    const QRect row = list->visualItemRect(list->topLevelItem(1));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, row.center());
    QCOMPARE(w.findIndex(), 1);
    QCOMPARE(w.findBar().countText(), QString("2 of %1").arg(w.findHits().size()));
    QVERIFY2(selectedLabel(w) == QString::fromStdString(w.findHits()[1].name), qPrintable(selectedLabel(w)));
  }

  // Collapsed: the segment holding the match is drawn in place to show it; Escape closes the
  // bar but keeps the selection, so a Ctrl+click next asks Why apart about the two.
  void collapsedFindThenEscapeKeepsTheSelection() {
    MainWindow w(nullptr, false);
    open(w, "cross_entropy.py");
    QVERIFY(w.setViewName("collapsed"));
    QVERIFY(w.waitForPicture());
    w.findInGraph("T30");
    QVERIFY(w.waitForPicture());
    QCOMPARE(w.viewName(), QString("Collapsed"));
    QTRY_VERIFY(selectedLabel(w).startsWith("T30 = "));
    QTest::keyClick(w.findBar().edit(), Qt::Key_Escape);
    QVERIFY(!w.findBar().isVisible());
    QVERIFY2(selectedLabel(w).startsWith("T30 = "), qPrintable(selectedLabel(w)));
    QVERIFY(w.selection().exprId >= 0);
    // Ctrl+click an op of another segment (a segment node of the collapsed view will do).
    std::string other;
    for (const graph::Node& n : w.scene().model().nodes)
      if (n.kind == graph::NodeKind::Segment && n.segment != w.selection().group) other = n.id;
    QVERIFY(!other.empty());
    const QRectF r = w.scene().nodeRect(other);
    w.view().centerOn(r.center());
    QTest::mouseClick(w.view().viewport(), Qt::LeftButton, Qt::ControlModifier, w.view().mapFromScene(r.center()));
    QVERIFY2(w.whyApartView().summaryText().contains("T30 = neg"), qPrintable(w.whyApartView().summaryText()));
  }
};

QTEST_MAIN(TestFind)
#include "test_find.moc"
