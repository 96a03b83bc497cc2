// A whole model run in the window: opened as a table (from the menu's action, a drop, or the
// command line), filtered, a row opened in the debugger with nvFuser's output lined up, and
// back to the table with the selection kept; a script opened on its own still opens directly.
#include <QtTest>

#include <QAction>
#include <QDockWidget>
#include <QMimeData>
#include <QTableView>
#include <QUrl>

#include "ui/graph_scene.h"
#include "ui/main_window.h"
#include "ui/panels/model_run_view.h"
#include "ui/panels/nvfuser_groups_page.h"
#include "ui/panels/nvfuser_view.h"

using namespace segscope;
using segscope::ui::MainWindow;

namespace {

QString source(const QString& name) { return QString(SEGSCOPE_SOURCE_DIR) + "/" + name; }
const char* const kRun = "samples/model_run/training_run.log";

// The report row of the sample run named `name`.
int rowNamed(const MainWindow& w, const std::string& name) {
  const auto& rows = const_cast<MainWindow&>(w).modelRunView().report()->rows;
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (rows[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace

class TestModelRunView : public QObject {
  Q_OBJECT

 private slots:
  void aRunLogOpensAsATable() {
    QVERIFY(ui::isModelRunFile(source(kRun)));
    QVERIFY(!ui::isModelRunFile(source("samples/gelu.py")));
    QVERIFY(!ui::isModelRunFile(QString(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/generated/gelu_2025.log"));
    MainWindow w(nullptr, false);
    w.openFile(source(kRun), /*wait=*/true);
    QVERIFY(w.showsModelRun());
    const auto report = w.modelRunView().report();
    QVERIFY(report);
    QVERIFY(report->rows.size() >= 20);
    QCOMPARE(w.modelRunView().visibleRows(), static_cast<int>(report->rows.size()));
    QCOMPARE(w.stepCount(), 0);
  }

  void filtersNarrowTheTable() {
    MainWindow w(nullptr, false);
    QVERIFY(w.openModelRun({source(kRun)}, /*wait=*/true));
    ui::ModelRunView& v = w.modelRunView();
    const int all = v.visibleRows();
    v.setShow("nvfuser");
    QCOMPARE(v.visibleRows(), v.report()->withNvFuser);
    v.setShow("all");
    v.setTextFilter("outer_persistent");
    QVERIFY(v.visibleRows() >= 1 && v.visibleRows() < all);
    v.setTextFilter("");
    // A bar of the histogram lists the fusions behind it.
    QVERIFY(!v.report()->reasons.empty());
    const comparison::ReasonCount& bar = v.report()->reasons.front();
    v.setReasonFilter(QString::fromStdString(bar.reason));
    QCOMPARE(v.visibleRows(), static_cast<int>(bar.rows.size()));
    v.setReasonFilter("");
    QCOMPARE(v.visibleRows(), all);
  }

  void aRowOpensTheDebuggerWithItsLogAndBackKeepsTheSelection() {
    MainWindow w(nullptr, false);
    QVERIFY(w.openModelRun({source(kRun)}, true));
    const int row = rowNamed(w, "nvfuser_fusion_id5");  // cross_entropy: two segments, dumps after it
    QVERIFY(row >= 0);
    w.modelRunView().selectRow(row);
    QCOMPARE(w.modelRunView().selectedRow(), row);
    emit w.modelRunView().table().activated(w.modelRunView().table().currentIndex());
    QVERIFY(!w.showsModelRun());
    QVERIFY(w.stepCount() > 0);
    QVERIFY(w.overviewText().contains("2 segments"));
    QVERIFY2(w.nvFuserView().summaryText().contains("agree"), qPrintable(w.nvFuserView().summaryText()));
    w.backToModelRun();
    QVERIFY(w.showsModelRun());
    QCOMPARE(w.modelRunView().selectedRow(), row);
  }

  // A dump with no definition, opened with no fusion open, is a run of nvFuser's view: its row
  // draws nvFuser's printed groups on a page of their own, and Back returns to the table.
  void aDumpWithoutItsDefinitionDrawsNvFusersGroups() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(QString(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/generated/cross_entropy_2026.log", /*wait=*/true);
    QVERIFY(w.showsModelRun());
    QCOMPARE(w.modelRunView().report()->rows.size(), std::size_t{1});
    w.modelRunView().selectRow(0);
    QVERIFY(w.openModelRow(0));
    QVERIFY(w.showsNvFuserGroups());
    QVERIFY(w.nvFuserGroupsPage());
    const graph::GraphModel& drawn = w.nvFuserGroupsPage()->scene().model();
    QCOMPARE(drawn.clusters.size(), std::size_t{2});
    QVERIFY(!drawn.nodes.empty());
    QCOMPARE(w.stepCount(), 0);  // nothing was segmented
    for (QDockWidget* dock : w.findChildren<QDockWidget*>()) QVERIFY(!dock->isVisible());
    w.backToModelRun();
    QVERIFY(w.showsModelRun());
    QCOMPARE(w.modelRunView().selectedRow(), 0);
  }

  void theActionsAreInTheFileMenuWithTheirKeys() {
    MainWindow w(nullptr, false);
    QStringList texts;
    for (QAction* a : w.findChildren<QAction*>()) texts << a->text() + " " + a->shortcut().toString();
    QVERIFY2(texts.filter("Open &model run… Ctrl+Alt+O").size() == 1, qPrintable(texts.join("\n")));
    QVERIFY(texts.filter("&Back to the model run Alt+Left").size() == 1);
  }

  void aDroppedRunLogOpensTheTableAndAScriptStillOpensDirectly() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(source(kRun))});
    QWidget* target = w.centralWidget();
    const QPoint middle = target->rect().center();
    QDragEnterEvent enter(middle, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(middle), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    QVERIFY(w.showsModelRun());
    QTRY_VERIFY_WITH_TIMEOUT(w.modelRunView().report() != nullptr, 30000);
    w.openFile(source("samples/gelu.py"), true);
    QVERIFY(!w.showsModelRun());
    QVERIFY(w.stepCount() > 0);
  }
};

QTEST_MAIN(TestModelRunView)
#include "test_model_run_view.moc"
