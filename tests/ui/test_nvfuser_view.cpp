// nvFuser's own log in the window: opened from the menu's action or dropped on the canvas, shown
// as both final segmentations side by side, as the Timeline's nvFuser lane and in the Inspector,
// with the first divergence one key (D) away.
#include <QtTest>

#include <QDockWidget>
#include <QMimeData>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeView>
#include <QTreeWidget>
#include <QUrl>

#include "ui/graph_view.h"
#include "ui/main_window.h"
#include "ui/panels/inspector_view.h"
#include "ui/panels/nvfuser_view.h"
#include "ui/panels/run_view.h"
#include "ui/panels/timeline_view.h"

using namespace segscope;
using segscope::ui::MainWindow;

namespace {

QString source(const QString& name) { return QString(SEGSCOPE_SOURCE_DIR) + "/" + name; }
QString generated(const QString& name) { return QString(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/generated/" + name; }

QStringList rowsUnder(const QAbstractItemModel& model, const QModelIndex& parent = {}) {
  QStringList out;
  for (int r = 0; r < model.rowCount(parent); ++r) {
    const QModelIndex i = model.index(r, 0, parent);
    out << i.data().toString();
    out << rowsUnder(model, i);
  }
  return out;
}

// A log file of `text` in `dir`.
QString writeLog(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  QFile f(dir.filePath(name));
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(text);
  return f.fileName();
}

QAction* actionWithKey(MainWindow& w, const QKeySequence& key) {
  for (QAction* a : w.findChildren<QAction*>())
    if (a->shortcuts().contains(key)) return a;
  return nullptr;
}

}  // namespace

class TestNvFuserView : public QObject {
  Q_OBJECT

 private slots:
  void withoutALogTheDockSaysHowToCaptureOne() {
    MainWindow w(nullptr, false);
    QCOMPARE(w.nvFuserView().summaryText(), QString("No nvFuser log open."));
    QVERIFY(!w.goToFirstDivergence());
    QVERIFY(actionWithKey(w, QKeySequence(Qt::Key_D)));
    QVERIFY(actionWithKey(w, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O)));
  }

  // nvFuser on an A100 split reduction_epilogue in two; Segscope's H100 model keeps it whole.
  void aLogFromAnotherGpuShowsTheFirstDivergence() {
    MainWindow w(nullptr, false);
    w.resize(1400, 900);
    w.openFile(source("samples/reduction_epilogue.py"), true);
    QVERIFY(w.openNvFuserLog(generated("reduction_epilogue_a100_2025.log")));
    const ui::NvFuserView& v = w.nvFuserView();
    QVERIFY2(v.summaryText().contains("differ"), qPrintable(v.summaryText()));
    QVERIFY2(v.summaryText().contains("First divergence: the whole fusion"), qPrintable(v.summaryText()));
    QCOMPARE(v.theirTree()->topLevelItemCount(), 2);
    QCOMPARE(v.theirTree()->topLevelItem(0)->text(1), QString("reduction"));
    QCOMPARE(v.theirTree()->topLevelItem(1)->text(1), QString("pointwise"));
    QVERIFY(v.theirTree()->topLevelItem(0)->text(4).startsWith("✗"));
    QCOMPARE(v.ourTree()->topLevelItemCount(), 2);  // the host scalar segment and the kernel

    const QStringList lane = rowsUnder(*w.timeline().tree()->model());
    QVERIFY2(lane.contains("nvFuser log (differs)"), qPrintable(lane.join('\n')));
    QVERIFY(std::any_of(lane.begin(), lane.end(), [](const QString& r) { return r.startsWith("✗ first divergence"); }));

    w.goToStep(0);
    actionWithKey(w, QKeySequence(Qt::Key_D))->trigger();
    const trace::Step& s = w.document().session()->trace->step(static_cast<std::size_t>(w.currentStep()));
    QCOMPARE(s.phase, trace::Phase::WholeFusion);
    const QString page = w.inspector().plainText();
    QVERIFY2(page.contains("nvFuser refused it; Segscope accepted it as inner_persistent"), qPrintable(page));
    QVERIFY2(page.contains("This is the first divergence"), qPrintable(page));
    QVERIFY2(page.contains("[too_big]"), qPrintable(page));  // nvFuser's reason, with its class
  }

  void anAgreeingLogSaysSo() {
    MainWindow w(nullptr, false);
    w.openFile(source("samples/cast_chain.py"), true);
    QVERIFY(w.openNvFuserLog(generated("cast_chain_2026.log")));
    QVERIFY2(w.nvFuserView().summaryText().contains("✓ agree"), qPrintable(w.nvFuserView().summaryText()));
    QVERIFY(!w.goToFirstDivergence());
    // Both sides' segments line up, each marked as the same.
    const QTreeWidget* theirs = w.nvFuserView().theirTree();
    for (int i = 0; i < theirs->topLevelItemCount(); ++i) QVERIFY(theirs->topLevelItem(i)->text(4).startsWith("✓"));
  }

  // The log stays open when the script reloads with another device: Segscope's side changes.
  void theLogFollowsTheSession() {
    MainWindow w(nullptr, false);
    w.openFile(source("samples/reduction_epilogue.py"), true);
    QVERIFY(w.openNvFuserLog(generated("reduction_epilogue_a100_2024.log")));
    QVERIFY(w.nvFuserView().summaryText().contains("differ"));
    w.openFile(source("samples/gelu.py"), true);
    QVERIFY(w.nvFuserView().comparison());  // still shown, now against gelu (and differing)
    QVERIFY(w.nvFuserView().summaryText().contains("differ"));
  }

  // nvFuser's kernel times (nsys stats in the log) beside the run's own, in the Run dock.
  void kernelTimesBesideTheRun() {
    MainWindow w(nullptr, false);
    w.openFile(source("samples/reduction_epilogue.py"), true);
    QVERIFY(
        w.openNvFuserLog(QString(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/synthetic/reduction_epilogue_a100_nsys.log"));
    QCOMPARE(w.nvFuserView().theirTree()->topLevelItem(0)->text(3), QString("354.88 µs"));
    w.runView().run(/*wait=*/true);
    bool found = false;
    for (const ui::SegmentBars::Bar& b : w.runView().bars().bars())
      if (b.nvFuserMs >= 0) {
        found = true;
        QCOMPARE(b.nvFuserKernels, 2);  // nvFuser's two kernels hold the ops of Segscope's one segment
        QVERIFY(qAbs(b.nvFuserMs - (0.35488 + 0.14144)) < 1e-9);
      }
    QVERIFY(found);
  }

  // A log opened before its script waits for it, and says so.
  void aLogOpenedFirstWaitsForItsScript() {
    MainWindow w(nullptr, false);
    QVERIFY(!w.openNvFuserLog(generated("softmax_2025.log")));  // nothing to line it up with yet
    QVERIFY2(w.nvFuserView().summaryText().contains("nvFuser log softmax_2025.log is open (1 runtime)"),
             qPrintable(w.nvFuserView().summaryText()));
    w.openFile(source("samples/softmax.py"), true);
    QVERIFY(w.nvFuserView().comparison());
    QVERIFY(w.nvFuserView().summaryText().contains("agree"));
  }

  // A log that states no final segmentation cannot be lined up: the dock says why.
  void aLogWithoutFinalGroupsSaysWhy() {
    MainWindow w(nullptr, false);
    w.openFile(source("samples/gelu.py"), true);
    QTemporaryDir dir;
    const QString log = writeLog(dir, "partial.log", "***Runtime***: Try to schedule fusion segmented:\n");
    QVERIFY(!log.isEmpty());
    QVERIFY(!w.openNvFuserLog(log));
    QVERIFY2(w.nvFuserView().summaryText().contains("cannot be lined up"), qPrintable(w.nvFuserView().summaryText()));
  }

  void aFileThatIsNoLogIsAProblem() {
    MainWindow w(nullptr, false);
    w.openFile(source("samples/gelu.py"), true);
    QTemporaryDir dir;
    const QString log = writeLog(dir, "notes.log", "hello\nthis is not nvFuser\n");
    QVERIFY(!log.isEmpty());
    QVERIFY(!w.openNvFuserLog(log));
    QVERIFY2(w.problemsText().contains("notes.log:1:1: error: not an nvFuser log"), qPrintable(w.problemsText()));
    QVERIFY(!w.nvFuserView().comparison());
  }

  void aLogDroppedOnTheCanvasOpensBesideTheScript() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(source("samples/reduction_epilogue.py"), true);
    QVERIFY(w.waitForPicture());
    QVERIFY(ui::isNvFuserLogFile(generated("reduction_epilogue_a100_2026.log")));
    QVERIFY(!ui::isNvFuserLogFile(source("samples/gelu.py")));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(generated("reduction_epilogue_a100_2026.log"))});
    QWidget* canvas = w.view().viewport();
    const QPoint middle = canvas->rect().center();
    QDragEnterEvent enter(middle, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(canvas, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(middle), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(canvas, &drop);
    QVERIFY(w.nvFuserView().comparison());
    QVERIFY(w.document().session()->file.ends_with("reduction_epilogue.py"));  // the script stays
    QVERIFY(w.goToFirstDivergence());
  }
};

QTEST_MAIN(TestNvFuserView)
#include "test_nvfuser_view.moc"
