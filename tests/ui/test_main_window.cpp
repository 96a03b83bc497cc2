// The debugger window, offscreen: every sample opens and steps end to end, clicks reach the
// inspector, refused merges show their verdicts, diffs mark what a pass did, exports write
// SVG, and a broken file leaves the last good fusion on screen.
#include <QDropEvent>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QPainter>
#include <QPlainTextEdit>
#include <QStyleOptionGraphicsItem>
#include <QToolButton>
#include <QTreeView>
#include <QUrl>
#include <QtTest>

#include <QTreeWidget>

#include <QDockWidget>
#include <QGraphicsItem>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTextBrowser>

#include "test_files.h"
#include "ui/appearance.h"
#include "ui/find_bar.h"
#include "ui/graph_items.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/main_window.h"
#include "ui/panels/diff_view.h"
#include "ui/panels/inspector_view.h"
#include "ui/panels/segments_view.h"
#include "ui/panels/source_view.h"
#include "ui/panels/start_page.h"
#include "ui/panels/timeline_view.h"
#include "ui/panels/why_apart_view.h"
#include "window_test_support.h"

using namespace segscope;
using ui::MainWindow;

namespace {

using testing::inspectorText;
using testing::sample;

// The first step whose merge the schedulers refused (not the whole-fusion try).
int firstRefusedMerge(const trace::Trace& t) {
  for (const trace::Step& s : t.steps())
    if (s.merge && !s.merge->ok() && s.phase != trace::Phase::WholeFusion && s.merge->refusal.empty()) return s.index;
  return -1;
}

// Closes the message box the code under test opened and returns its text.
QString acceptMessageBox() {
  for (QWidget* top : QApplication::topLevelWidgets())
    if (auto* box = qobject_cast<QMessageBox*>(top); box && box->isVisible()) {
      const QString text = box->text();
      box->accept();
      return text;
    }
  return "(no message box)";
}

// A repro script of `n` chained pointwise ops on one input.
QByteArray chainScript(int n) {
  QByteArray s =
      "from nvfuser import FusionDefinition, DataType\n\n"
      "def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n"
      "    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)\n";
  for (int i = 1; i <= n; ++i)
    s += QByteArray("    T") + QByteArray::number(i) + " = fd.ops.neg(T" + QByteArray::number(i - 1) + ")\n";
  s += "    fd.add_output(T" + QByteArray::number(n) +
       ")\n\n"
       "with FusionDefinition() as fd:\n    nvfuser_fusion_id0(fd)\n\n"
       "inputs = [\n    torch.randn((4096,), dtype=torch.float32, device='cuda:0').as_strided((64, 64), (64, 1)),\n]\n"
       "fd.execute(inputs)\n";
  return s;
}

}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // QSettings and recent files go to a test location
  }

  void everySampleOpensAndShowsItsSegments_data() {
    QTest::addColumn<QString>("path");
    for (const QString& f : testing::sampleFiles()) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }
  void everySampleOpensAndShowsItsSegments() {
    QFETCH(QString, path);
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    w.openFile(path, true);
    QVERIFY(w.stepCount() > 0);
    QCOMPARE(w.currentStep(), w.stepCount() - 1);  // opens on the final segmentation
    QVERIFY(w.waitForPicture());
    QVERIFY(!w.scene().items().isEmpty());
    QVERIFY(w.problemsText().isEmpty());
  }

  // Overview first: the status bar counts the segments per scheduler, the Segments panel
  // lists them, and choosing one (from any step) shows the final step zoomed onto it.
  void theOverviewAnswersHowManySegments() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    QVERIFY(w.waitForPicture());
    QCOMPARE(w.overviewText(), QString("2 segments: 1 inner_persistent, 1 reduction"));
    QCOMPARE(w.segmentsView().tree()->topLevelItemCount(), 2);
    w.goToStep(3);
    QVERIFY(w.waitForPicture());
    w.view().resetTransform();
    w.view().scale(0.1, 0.1);
    w.focusSegment(1);
    QVERIFY(w.waitForPicture());
    QCOMPARE(w.currentStep(), w.stepCount() - 1);
    const QRectF cluster = w.scene().clusterRect(1);
    QVERIFY(!cluster.isNull());
    const QRectF visible = w.view().mapToScene(w.view().viewport()->rect()).boundingRect();
    QVERIFY2(visible.contains(cluster.center()), "the segment is centred");
    QVERIFY(w.view().zoom() > 0.1);  // zoomed in onto it
  }

  // A picture that fits in the window opens fitted, and every segment is named at that zoom:
  // inside its frame or beside it, never two titles on top of each other, never a frame's
  // title over another frame.
  void segmentTitlesAreReadableAtFitZoom() {
    MainWindow w(nullptr, false);
    w.resize(1600, 1000);
    w.show();
    w.openFile(sample("synthetic_block_200.py"), true);
    QVERIFY(w.waitForPicture());
    const double zoom = w.view().zoom();
    QVERIFY2(zoom < ui::kTitleLod, qPrintable(QString::number(zoom)));
    const QRectF visible = w.view().mapToScene(w.view().viewport()->rect()).boundingRect();
    QVERIFY2(visible.contains(w.scene().sceneRect().adjusted(2, 2, -2, -2)),
             qPrintable(QString("opens fitted: zoom %1").arg(zoom)));
    const auto& titles = w.scene().titlesAt(zoom);
    const std::size_t clusters = w.scene().model().clusters.size();
    QCOMPARE(titles.size(), clusters);
    int named = 0;
    for (std::size_t i = 0; i < titles.size(); ++i) {
      named += titles[i].text.startsWith("segment ") || titles[i].text.startsWith("host scalars · ");
      // kMinTitlePixels on screen, whatever the zoom.
      QVERIFY(std::abs(titles[i].pixels * zoom - ui::kMinTitlePixels) < 0.01);
      for (std::size_t j = i + 1; j < titles.size(); ++j)
        QVERIFY2(!titles[i].box.intersects(titles[j].box), qPrintable(titles[i].text + " / " + titles[j].text));
      if (titles[i].inside) continue;
      for (const graph::Cluster& c : w.scene().model().clusters)
        QVERIFY2(!titles[i].box.intersects(w.scene().clusterRect(c.group)), qPrintable(titles[i].text));
    }
    QCOMPARE(named, static_cast<int>(clusters));  // here every one has room for its full name
    // Zoomed in, the frames draw their own titles.
    w.view().resetTransform();
    QApplication::processEvents();
    QVERIFY(w.view().zoom() >= ui::kTitleLod);
  }

  // Collapsed view: double-click a segment and it is drawn in place (a big one as runs);
  // double-click a run and it becomes its ops; double-click the frame and it folds back.
  void doubleClickExpandsASegmentInPlace() {
    MainWindow w(nullptr, false);
    w.resize(1400, 900);
    w.show();
    w.openFile(QString(SEGSCOPE_TEST_DATA_DIR) + "/data/norm_stack_600.py", true);
    QVERIFY(w.waitForPicture());
    QVERIFY(w.setViewName("collapsed"));
    QVERIFY(w.waitForPicture());
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const auto doubleClick = [&](const QRectF& r) {
      w.view().centerOn(r.center());
      QTest::mouseDClick(w.view().viewport(), Qt::LeftButton, {}, w.view().mapFromScene(r.center()));
      return w.waitForPicture();
    };
    const auto count = [&](auto pred) {
      return std::count_if(w.scene().model().nodes.begin(), w.scene().model().nodes.end(), pred);
    };
    const auto isRun = [](const graph::Node& n) { return n.id.starts_with('r'); };
    const auto isOp = [](const graph::Node& n) { return n.kind == graph::NodeKind::Op; };
    QVERIFY(doubleClick(w.scene().nodeRect("s0")));
    QCOMPARE(w.scene().model().clusters.size(), std::size_t{1});
    QVERIFY(count(isRun) > 3);
    QCOMPARE(count(isOp), 0);
    std::string third;
    for (const graph::Node& n : w.scene().model().nodes)
      if (n.label.starts_with("run 3 of")) third = n.id;
    QVERIFY(!third.empty());
    QVERIFY(doubleClick(w.scene().nodeRect(third)));
    QVERIFY(count(isOp) > 1);
    QVERIFY(!w.scene().model().node(third));
    // E on an op of the run folds the run; the frame folds the segment.
    for (const graph::Node& n : w.scene().model().nodes)
      if (isOp(n)) {
        QVERIFY(w.toggleExpansion(w.scene().selectionOfNode(n.id)));
        break;
      }
    QVERIFY(w.waitForPicture());
    QCOMPARE(count(isOp), 0);
    const QRectF frame = w.scene().clusterRect(0);
    QVERIFY(doubleClick(QRectF(frame.left() + 4, frame.top() + 4, 2, 2)));
    QVERIFY(w.scene().model().clusters.empty());
    QVERIFY(w.scene().model().node("s0"));
  }

  // R in the collapsed view: the refused attempt's groups are marked (in the candidate
  // colour, the rest dimmed) and the view zooms onto them.
  void refusedMergesAreShownInTheCollapsedView() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("synthetic_block_200.py"), true);
    QVERIFY(w.setViewName("collapsed"));
    w.goToStep(0);
    QVERIFY(w.waitForPicture());
    w.nextRejectedMerge();
    QVERIFY(w.waitForPicture());
    const trace::Step& s = w.document().session()->trace->step(static_cast<std::size_t>(w.currentStep()));
    QVERIFY(s.merge && !s.merge->ok());
    const QRectF candidates = w.scene().highlightedRect();
    QVERIFY(!candidates.isEmpty());
    for (int group : s.merge->groups) QVERIFY(candidates.contains(w.scene().nodeRect("s" + std::to_string(group))));
    const QRectF visible = w.view().mapToScene(w.view().viewport()->rect()).boundingRect();
    QVERIFY(visible.contains(candidates.center()));
  }

  // A .py dropped on the canvas (most of the window) opens; the scene does not swallow it.
  void filesDroppedOnTheCanvasOpen() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("gelu.py"), true);
    QVERIFY(w.waitForPicture());
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(sample("softmax.py"))});
    QWidget* canvas = w.view().viewport();
    const QPoint middle = canvas->rect().center();
    QDragEnterEvent enter(middle, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(canvas, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(middle), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(canvas, &drop);
    QVERIFY(drop.isAccepted());
    QTRY_VERIFY_WITH_TIMEOUT(w.document().session() && w.document().session()->file.ends_with("softmax.py"), 30000);
  }

  // The inspector never passes off a step the graph does not show yet: while a step's picture
  // is being laid out it says so, and the note goes when the picture arrives.
  void theInspectorSaysWhenThePictureLags() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    QVERIFY(w.waitForPicture());
    w.goToStep(2);  // pictures arrive on a later event-loop turn at the earliest
    QVERIFY(w.layoutPending());
    QVERIFY2(w.inspector().plainText().contains(
                 QString("Laying out step 2… the graph still shows step %1").arg(w.stepCount() - 1)),
             qPrintable(w.inspector().plainText()));
    QVERIFY(w.waitForPicture());
    QVERIFY(!w.inspector().plainText().contains("Laying out"));
    // A picture seen before comes from the cache: no note, not even until the next event-loop
    // turn delivers it (the inspector renders once per revisited step, not three times).
    w.goToStep(w.stepCount() - 1);
    QVERIFY(w.layoutPending());
    QVERIFY2(!w.inspector().plainText().contains("Laying out"), qPrintable(w.inspector().plainText()));
    QVERIFY(w.waitForPicture());
  }

  // Before anything is open the centre is the start page (Open, Recent); a first file that
  // fails to load says nothing is loaded and keeps it; a file that loads shows the canvas.
  void anEmptyWindowSaysHowToStart() {
    MainWindow w(nullptr, false);
    w.resize(1000, 700);
    w.show();
    QVERIFY(w.showsStartPage());
    QVERIFY(w.startPage().openButton()->isVisible());
    QTemporaryDir dir;
    const QString bad = dir.filePath("bad.py");
    {
      QFile f(bad);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n    T0 = fd.ops.nonsense(\n");
    }
    w.openFile(bad, true);
    QTRY_VERIFY(!w.problemsText().isEmpty());
    QVERIFY2(w.statusBar()->currentMessage().contains("nothing is loaded"),
             qPrintable(w.statusBar()->currentMessage()));
    QVERIFY(w.showsStartPage());
    w.openFile(sample("softmax.py"), true);
    QVERIFY(!w.showsStartPage());
  }

  // Only files that loaded go into Recent (the menu and the start page); a new window lists
  // them newest first, and a click on one opens it.
  void onlyLoadedFilesGoIntoRecent() {
    QSettings().remove("recentFiles");
    QTemporaryDir dir;
    const QString bad = dir.filePath("broken.py");
    {
      QFile f(bad);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n    T0 = fd.ops.nonsense(\n");
    }
    {
      MainWindow w;
      w.show();
      w.openFile(bad, true);
      QTRY_VERIFY(!w.problemsText().isEmpty());
      QVERIFY(QSettings().value("recentFiles").toStringList().isEmpty());
      QCOMPARE(w.startPage().recentList()->count(), 0);
      w.openFile(sample("softmax.py"), true);
      w.openFile(sample("rms_norm.py"), true);
      w.openFile(bad, true);
      QTRY_VERIFY(!w.problemsText().isEmpty());
      const QStringList recent = QSettings().value("recentFiles").toStringList();
      QCOMPARE(recent.size(), 2);
      QVERIFY(recent[0].endsWith("rms_norm.py") && recent[1].endsWith("softmax.py"));
      w.close();
    }
    MainWindow fresh;
    fresh.show();
    QVERIFY(fresh.showsStartPage());
    QListWidget* list = fresh.startPage().recentList();
    QCOMPARE(list->count(), 2);
    QVERIFY(list->item(0)->text().startsWith("rms_norm.py"));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(1)).center());
    QTRY_VERIFY(!fresh.showsStartPage());
    QVERIFY(fresh.document().path().endsWith("softmax.py"));
    QSettings().remove("recentFiles");
  }

  void stepsForwardAndBackThroughTheWholeTrace() {
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));  // shortcuts need an active window
    w.firstStep();
    QCOMPARE(w.currentStep(), 0);
    for (int i = 1; i < w.stepCount(); ++i) {
      QTest::keyClick(&w, Qt::Key_Right);
      QCOMPARE(w.currentStep(), i);
      QVERIFY(w.waitForPicture());
    }
    QTest::keyClick(&w, Qt::Key_Right);  // stays on the last step
    QCOMPARE(w.currentStep(), w.stepCount() - 1);
    for (int i = w.stepCount() - 2; i >= 0; --i) {
      QTest::keyClick(&w, Qt::Key_K);
      QCOMPARE(w.currentStep(), i);
    }
    QTest::keyClick(&w, Qt::Key_End);
    QCOMPARE(w.currentStep(), w.stepCount() - 1);
    QTest::keyClick(&w, Qt::Key_Home);
    QCOMPARE(w.currentStep(), 0);
  }

  void ctrlShiftFSearchesTheSteps() {
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    w.timeline().searchBox()->setText("old text");
    QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(w.timeline().searchBox()->hasFocus());
    QCOMPARE(w.timeline().searchBox()->selectedText(), QString("old text"));  // typing replaces it
    QTest::keyClicks(w.timeline().searchBox(), "final_merge");
    QCOMPARE(w.timeline().searchBox()->text(), QString("final_merge"));
    QVERIFY(w.timeline().tree()->model()->rowCount() > 0);
  }

  void clickingANodeFillsTheInspector() {
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("softmax.py"), true);
    QVERIFY(w.waitForPicture());
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // Click the middle of the first op node.
    const graph::Node* op = nullptr;
    for (const graph::Node& n : w.scene().model().nodes)
      if (n.kind == graph::NodeKind::Op) {
        op = &n;
        break;
      }
    QVERIFY(op);
    const std::string label = op->label;
    const QRectF r = w.scene().nodeRect(op->id);
    w.view().centerOn(r.center());
    QTest::mouseClick(w.view().viewport(), Qt::LeftButton, {}, w.view().mapFromScene(r.center()));
    const QString text = inspectorText(w);
    QVERIFY2(text.contains(QString::fromStdString(label).section(' ', 0, 0)), qPrintable(text));
    QVERIFY2(text.contains("line"), qPrintable(text));
  }

  // Switching views keeps the selected op where it was on screen: the same op in the Fusion
  // view, its segment in the Collapsed view.
  void switchingViewsKeepsTheSelectionInView() {
    MainWindow w(nullptr, false);
    w.resize(1400, 900);
    w.show();
    w.openFile(sample("synthetic_block_200.py"), true);
    QVERIFY(w.waitForPicture());
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // An op far down the picture, clicked at 1:1.
    std::vector<const graph::Node*> ops;
    for (const graph::Node& n : w.scene().model().nodes)
      if (n.kind == graph::NodeKind::Op) ops.push_back(&n);
    QVERIFY(ops.size() > 150);
    const std::string id = ops[150]->id;
    const int group = ops[150]->group;
    const QString name = QString::fromStdString(ops[150]->label).section(' ', 0, 0);
    w.view().resetTransform();
    const QRectF r = w.scene().nodeRect(id);
    w.view().centerOn(r.center() + QPointF(0, 80));  // off-centre on purpose
    const QPoint onScreen = w.view().mapFromScene(r.center());
    QTest::mouseClick(w.view().viewport(), Qt::LeftButton, {}, onScreen);
    QVERIFY(inspectorText(w).contains(name));
    // Where it was, unless the picture ends before that: the view then stops at its edge. The
    // next switch starts from where it is then.
    QPoint last = onScreen;
    const auto near = [&](const QRectF& rect) {
      const QPoint at = w.view().mapFromScene(rect.center());
      const auto fits = [](int got, int wanted, const QScrollBar* bar) {
        return std::abs(got - wanted) < 8 || bar->value() == bar->minimum() || bar->value() == bar->maximum();
      };
      const bool ok = fits(at.x(), last.x(), w.view().horizontalScrollBar()) &&
                      fits(at.y(), last.y(), w.view().verticalScrollBar()) && w.view().viewport()->rect().contains(at);
      last = at;
      return ok;
    };
    QVERIFY(w.setViewName("fusion"));
    QVERIFY(w.waitForPicture());
    QVERIFY2(near(w.scene().nodeRect(id)), "the op stays where it was on screen");
    QCOMPARE(w.view().zoom(), 1.0);
    QVERIFY(w.setViewName("collapsed"));
    QVERIFY(w.waitForPicture());
    const graph::Node* segment = nullptr;
    for (const graph::Node& n : w.scene().model().nodes)
      if (n.kind == graph::NodeKind::Segment && n.segment == group) segment = &n;
    QVERIFY(segment);
    QVERIFY2(near(w.scene().nodeRect(segment->id)), "its segment takes its place");
    QVERIFY(w.setViewName("segments"));
    QVERIFY(w.waitForPicture());
    QVERIFY2(near(w.scene().nodeRect(id)), "and back");
  }

  // At 800×600 the docks give way: the right docks become tabs of the left column, the
  // bottom ones shrink, and the canvas keeps most of the width and height (docks keep their
  // pixel sizes otherwise, and the canvas was a 60 px sliver). Big again, all come back.
  void docksGiveWayInASmallWindow() {
    MainWindow w(nullptr, false);
    w.resize(1600, 1000);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* inspector = w.findChild<QDockWidget*>("inspectorDock");
    auto* timeline = w.findChild<QDockWidget*>("timelineDock");
    QCOMPARE(w.dockWidgetArea(inspector), Qt::RightDockWidgetArea);
    w.resize(800, 600);
    QTRY_COMPARE(w.size(), QSize(800, 600));
    QApplication::processEvents();
    QVERIFY2(w.view().width() >= 800 * 65 / 100, qPrintable(QString::number(w.view().width())));
    QVERIFY2(w.view().height() >= 600 * 55 / 100, qPrintable(QString::number(w.view().height())));
    QCOMPARE(w.dockWidgetArea(inspector), Qt::LeftDockWidgetArea);
    QVERIFY(w.tabifiedDockWidgets(timeline).contains(inspector));
    QCOMPARE(w.tabPosition(Qt::LeftDockWidgetArea), QTabWidget::West);  // whole tab titles, down the side
    w.resize(1600, 1000);
    QTRY_COMPARE(w.size(), QSize(1600, 1000));
    QApplication::processEvents();
    QCOMPARE(w.dockWidgetArea(inspector), Qt::RightDockWidgetArea);
    QCOMPARE(w.tabPosition(Qt::LeftDockWidgetArea), QTabWidget::South);
    QVERIFY2(inspector->width() > 1600 * 15 / 100, qPrintable(QString::number(inspector->width())));
  }

  // Closed while small, the window comes back small with its docks squeezed; grown, the docks
  // get back the sizes they had before they gave way.
  void docksComeBackAfterARestart() {
    QSettings().clear();
    int wide = 0, squeezed = 0;
    {
      MainWindow w(nullptr, true);
      w.resize(1600, 1000);
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      auto* inspector = w.findChild<QDockWidget*>("inspectorDock");
      w.resizeDocks({inspector}, {440}, Qt::Horizontal);
      QApplication::processEvents();
      wide = inspector->width();
      w.resize(1050, 720);  // small (the docks give way) but not compact (no tabs)
      QTRY_COMPARE(w.size(), QSize(1050, 720));
      QApplication::processEvents();
      squeezed = inspector->width();
      QVERIFY2(squeezed < wide - 40, qPrintable(QString("%1 -> %2").arg(wide).arg(squeezed)));
      w.close();
    }
    MainWindow again(nullptr, true);
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    auto* inspector = again.findChild<QDockWidget*>("inspectorDock");
    QVERIFY2(inspector->width() <= squeezed + 8, qPrintable(QString::number(inspector->width())));
    again.resize(1600, 1000);
    QTRY_COMPARE(again.size(), QSize(1600, 1000));
    QApplication::processEvents();
    QVERIFY2(inspector->width() >= wide - 8, qPrintable(QString("%1 of %2").arg(inspector->width()).arg(wide)));
    again.close();
    QSettings().clear();
  }

  // In a big window the docks keep the sizes the user gave them: a widened inspector is not
  // snapped back by the next resize.
  void docksKeepTheirSizeInABigWindow() {
    MainWindow w(nullptr, false);
    w.resize(1600, 1000);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* inspector = w.findChild<QDockWidget*>("inspectorDock");
    QVERIFY(inspector);
    w.resizeDocks({inspector}, {420}, Qt::Horizontal);
    QApplication::processEvents();
    const int widened = inspector->width();
    QVERIFY2(widened > 1600 * 20 / 100, qPrintable(QString::number(widened)));
    w.resize(1650, 1000);
    QTRY_COMPARE(w.size(), QSize(1650, 1000));
    QApplication::processEvents();
    QVERIFY2(inspector->width() >= widened - 8, qPrintable(QString::number(inspector->width())));
  }

  // Stepping through merge attempts in the collapsed view keeps each attempt's candidates (and
  // a cycle refusal's blocker) on screen, wherever the previous one left the view.
  void candidatesStayOnScreenAsYouStep() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("synthetic_block_200.py"), true);
    QVERIFY(w.setViewName("collapsed"));
    QVERIFY(w.waitForPicture());
    int checked = 0;
    for (const trace::Step& s : w.document().session()->trace->steps()) {
      if (!s.merge || s.phase == trace::Phase::WholeFusion || checked >= 25) continue;
      w.goToStep(s.index);
      QVERIFY(w.waitForPicture());
      const QRectF active = w.scene().highlightedRect();
      if (active.isEmpty()) continue;
      const QRectF visible = w.view().mapToScene(w.view().viewport()->rect()).boundingRect();
      QVERIFY2(visible.adjusted(-2, -2, 2, 2).contains(active), qPrintable(QString("step %1").arg(s.index)));
      ++checked;
      // The user pans the attempt into a corner: the next one is placed there, but not off screen.
      w.view().centerOn(active.center() + QPointF(visible.width() * 0.45, visible.height() * 0.45));
    }
    QVERIFY(checked >= 10);
  }

  // Why apart: click one op, Ctrl+click another; the dock lists the attempts that held both
  // with the refusing verdicts, and a row click goes to that step.
  void whyApartAnswersForTwoClickedOps() {
    MainWindow w(nullptr, false);
    w.resize(1400, 900);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.lastStep();
    QVERIFY(w.waitForPicture());
    const auto opNode = [&](const std::string& name) -> std::string {
      for (const graph::Node& n : w.scene().model().nodes)
        if (n.kind == graph::NodeKind::Op && n.label.starts_with(name + " ")) return n.id;
      return {};
    };
    const std::string t3 = opNode("T3"), t30 = opNode("T30");
    QVERIFY(!t3.empty() && !t30.empty());
    const auto click = [&](const std::string& id, Qt::KeyboardModifiers modifiers) {
      const QRectF r = w.scene().nodeRect(id);
      w.view().centerOn(r.center());
      QTest::mouseClick(w.view().viewport(), Qt::LeftButton, modifiers, w.view().mapFromScene(r.center()));
    };
    click(t3, {});
    click(t30, Qt::ControlModifier);
    const QString summary = w.whyApartView().summaryText();
    QVERIFY2(summary.contains("T3 = max") && summary.contains("segment 0 (inner_persistent)") &&
                 summary.contains("T30 = neg") && summary.contains("segment 1 (reduction)"),
             qPrintable(summary));
    QVERIFY2(summary.contains("2 merge attempts held both"), qPrintable(summary));
    QTreeWidget* tree = w.whyApartView().tree();
    QCOMPARE(tree->topLevelItemCount(), 2);
    QTreeWidgetItem* refused = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
      if (tree->topLevelItem(i)->text(1).contains("refused")) refused = tree->topLevelItem(i);
    QVERIFY(refused);
    QVERIFY(refused->childCount() > 0);
    bool namesTheCulprit = false;
    for (int c = 0; c < refused->childCount(); ++c) namesTheCulprit |= refused->child(c)->text(1).contains("T29");
    QVERIFY(namesTheCulprit);
    // A row click shows that step.
    const int step = refused->data(0, Qt::UserRole).toInt();
    tree->scrollToItem(refused);
    const QRect row = tree->visualItemRect(refused);
    QVERIFY(tree->viewport()->rect().contains(row.center()));
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, row.center());
    QCOMPARE(w.currentStep(), step);
    // The same through the API, and a pick that is not an op says so.
    QVERIFY(w.askWhyApart(w.scene().model().node(t3)->exprId, w.scene().model().node(t30)->exprId));
    QVERIFY(!w.askWhyApart(-5, w.scene().model().node(t30)->exprId));
    QVERIFY(w.whyApartView().summaryText().contains("Cannot answer"));
    // An op and a segment: click T3, Ctrl+click the frame of segment 1 (not a node in it).
    w.lastStep();
    QVERIFY(w.waitForPicture());
    click(t3, {});
    const QRectF frame = w.scene().clusterRect(1);
    QVERIFY(!frame.isEmpty());
    const QPointF corner = frame.bottomLeft() + QPointF(3, -3);
    w.view().centerOn(corner);
    QTest::mouseClick(w.view().viewport(), Qt::LeftButton, Qt::ControlModifier, w.view().mapFromScene(corner));
    const QString withSegment = w.whyApartView().summaryText();
    QVERIFY2(withSegment.contains("T3 = max") && withSegment.contains("segment 1 (reduction, ") &&
                 withSegment.contains("held both"),
             qPrintable(withSegment));
    QCOMPARE(w.scene().markedCluster(), 1);  // the segment side is marked on the picture too
    QVERIFY(w.whyApartView().tree()->topLevelItemCount() >= 2);
    // By name, as --why takes them; a bad name says why.
    click(t3, {});  // a plain click unmarks the frame
    QCOMPARE(w.scene().markedCluster(), -1);
    QVERIFY(w.askWhyApart(QString("T3"), QString("seg:1")));
    QCOMPARE(w.scene().markedCluster(), 1);
    QVERIFY(!w.askWhyApart(QString("T3"), QString("seg:7")));
    QVERIFY(w.whyApartView().problemText().contains("no segment 7"));
  }

  void aRefusedMergeShowsEveryVerdict() {
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    w.firstStep();
    QTest::keyClick(&w, Qt::Key_R);  // run to the next refused merge
    const trace::Trace& t = *w.document().session()->trace;
    const int refused = firstRefusedMerge(t);
    QVERIFY(refused > 0);
    QCOMPARE(w.currentStep(), refused);
    const QString text = inspectorText(w);
    for (const trace::SchedulerCheck& c : t.step(static_cast<std::size_t>(refused)).merge->verdicts) {
      QVERIFY2(text.contains(QString::fromStdString(c.scheduler)), qPrintable(text));
      // Reasons may wrap; their first words must be there.
      QVERIFY2(text.simplified().contains(QString::fromStdString(c.reason).simplified().left(30)),
               qPrintable(c.reason.c_str()));
    }
  }

  void exportWritesAnSvgOfTheStep() {
    MainWindow w;
    w.show();
    w.openFile(sample("layer_norm_fwd.py"), true);
    QVERIFY(w.waitForPicture());
    QTemporaryDir dir;
    const QString out = dir.filePath("step.svg");
    QVERIFY(w.exportCurrentSvg(out));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray svg = f.readAll();
    QVERIFY(svg.contains("<svg") && svg.contains("class=\"cluster segment inner_persistent\""));
  }

  void aBrokenFileShowsTheErrorAndKeepsTheFusion() {
    MainWindow w;
    w.show();
    w.openFile(sample("gelu.py"), true);
    const int steps = w.stepCount();
    QVERIFY(steps > 0);
    w.openFile(QString(SEGSCOPE_TEST_DATA_DIR) + "/error/data/unknown_op.py", true);
    QCOMPARE(w.stepCount(), steps);  // the previous fusion stays
    QVERIFY2(w.problemsText().contains("unknown_op.py:6:10: error: unknown op 'fd.ops.ad'"),
             qPrintable(w.problemsText()));
    QVERIFY(w.waitForPicture());
    QVERIFY(!w.scene().items().isEmpty());
    // The file:line:col is a link to the place in the script.
    auto* problems = w.findChild<QDockWidget*>("problemsDock")->findChild<QTextBrowser*>();
    QVERIFY(problems && problems->toHtml().contains("href=\"problem:0\""));
    emit problems->anchorClicked(QUrl("problem:0"));
    QCOMPARE(w.source().highlightedLine(), 6);
    QCOMPARE(w.source().editor()->textCursor().positionInBlock(), 9);
    QVERIFY(w.source().editor()->toPlainText().contains("fd.ops.ad"));
    w.openFile(sample("gelu.py"), true);  // and it recovers
    QVERIFY(w.problemsText().isEmpty());
  }

  void exportToAnUnwritablePathSaysWhy() {
    MainWindow w(nullptr, false);
    w.show();
    w.openFile(sample("gelu.py"), true);
    QVERIFY(w.waitForPicture());
    QTemporaryDir dir;
    const QString path = dir.filePath("missing/step.svg");
    QString shown;
    QTimer::singleShot(0, this, [&] { shown = acceptMessageBox(); });
    QVERIFY(!w.exportCurrentSvg(path));
    QCOMPARE(shown, "cannot write " + path + ": No such file or directory");
    QVERIFY(!QFileInfo::exists(path));

    // Export of every step under a plain file (a missing folder is created, as the CLI does):
    // nothing is written, and the message says why.
    QFile plain(dir.filePath("plain"));
    QVERIFY(plain.open(QIODevice::WriteOnly));
    plain.close();
    QTimer::singleShot(0, this, [&] { shown = acceptMessageBox(); });
    QCOMPARE(w.exportAllSteps(dir.filePath("plain/steps")), 0);
    QVERIFY2(shown.contains("cannot create") && shown.contains("0 of"), qPrintable(shown));
  }

  void cancelledLayoutKeepsThePreviousPictureAndSaysWhichStep() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("synthetic_block_200.py"), true);
    QVERIFY(w.waitForPicture());
    const int shown = w.currentStep();
    const qsizetype items = w.scene().items().size();
    w.goToStep(0);  // the 206-op fusion as loaded: not cached, takes a while to lay out
    QVERIFY(w.layoutPending());
    w.cancelLayout();
    QVERIFY(!w.layoutPending());
    QVERIFY(w.waitForPicture(2000));
    QCOMPARE(w.scene().items().size(), items);  // the previous picture, untouched
    const QString message = w.statusBar()->currentMessage();
    QCOMPARE(message, QString("layout of step 0 cancelled; the picture still shows step %1").arg(shown));
    QTest::qWait(1500);  // the abandoned layout finishes in the background and is dropped
    QCOMPARE(w.scene().items().size(), items);
  }

  void aHugeFusionOpensCollapsedAndStillDrawsItsUnsegmentedSteps() {
    QTemporaryDir dir;
    const QString path = dir.filePath("chain.py");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(chainScript(4200));
    f.close();
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(path, true);
    QVERIFY(w.waitForPicture());
    QCOMPARE(w.viewName(), QString("Collapsed"));  // > 1500 ops: one node per segment
    QVERIFY(!w.scene().showsPlaceholder());
    QVERIFY(w.statusBar()->currentMessage().contains("collapsed segment graph"));
    w.goToStep(0);  // the loaded fusion: 4,200 ops with no segments yet
    // Dot needed minutes for this; the layered engine (block layout) draws it at once.
    QVERIFY(w.waitForPicture(5000));
    QVERIFY(!w.scene().showsPlaceholder());
    QVERIFY(!w.layoutPending());
    QVERIFY(w.scene().nodeRect("e0").isValid());
  }

  // A first start (no saved layout) sizes the side columns for the window it got: the
  // Timeline's rows and the Segments dock's columns were cut at the construction-time sizes.
  void aFirstStartGivesTheSideDocksRoom() {
    ui::applyAppearance(*qApp, ui::Theme::Light);  // as the app starts: its stylesheet resizes the docks' contents
    MainWindow w(nullptr, false);
    w.setTheme(ui::Theme::Light);
    w.resize(1600, 1000);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    QVERIFY(w.waitForPicture());
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* timeline = w.findChild<QDockWidget*>("timelineDock");
    auto* segments = w.findChild<QDockWidget*>("segmentsDock");
    QVERIFY2(timeline->width() >= 220, qPrintable(QString::number(timeline->width())));
    QVERIFY2(segments->width() >= 300, qPrintable(QString::number(segments->width())));
    QVERIFY2(w.view().width() >= 1600 / 2, qPrintable(QString::number(w.view().width())));
  }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
