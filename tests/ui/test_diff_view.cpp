// The Diff dock: what a pass did is painted on both pictures and in both printouts, row for
// row, shape-only and dtype-only changes included; the printouts scroll together and the pictures follow each
// other; merge steps show each op's group; the dock can take the whole window and give it back.
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScrollBar>
#include <QTextBrowser>
#include <QtTest>

#include "pipeline/pipeline.h"
#include "test_files.h"
#include "trace/trace_json.h"
#include "ui/document.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/main_window.h"
#include "ui/panels/diff_view.h"

using namespace segscope;
using ui::MainWindow;

namespace {

QString sample(const char* name) { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + name; }

int stepNamed(MainWindow& w, const std::string& name) {
  for (const trace::Step& s : w.document().session()->trace->steps())
    if (s.name == name) return s.index;
  return -1;
}

// Opens `path` with the Diff dock in front (the dock only fills itself while it is visible).
void openPathWithDiff(MainWindow& w, const QString& path) {
  w.resize(1400, 900);
  w.show();
  w.openFile(path, true);
  w.findChild<QDockWidget*>("diffDock")->raise();
  QVERIFY(w.waitForPicture());
}

void openWithDiff(MainWindow& w, const char* file) { openPathWithDiff(w, sample(file)); }

int lineCount(const QString& text) { return static_cast<int>(text.count('\n')) + 1; }

bool anyHighlighted(const graph::GraphModel& m, graph::Highlight h) {
  for (const graph::Node& n : m.nodes)
    if (n.highlight == h) return true;
  return false;
}

}  // namespace

class TestDiffView : public QObject {
  Q_OBJECT

 private slots:
  void diffViewMarksWhatAPassDid() {
    MainWindow w;
    openWithDiff(w, "cast_chain.py");
    int pass = -1;
    for (int i = 0; i < w.stepCount(); ++i) {
      w.goToStep(i);
      QVERIFY(w.waitForPicture());
      if (anyHighlighted(w.diff().beforeScene().model(), graph::Highlight::Removed) &&
          (anyHighlighted(w.diff().afterScene().model(), graph::Highlight::Added) ||
           anyHighlighted(w.diff().afterScene().model(), graph::Highlight::Changed))) {
        pass = i;
        break;
      }
    }
    QVERIFY2(pass > 0, "no step showed removed ops before and added/changed ops after");
    // The removed line faces a blank on the after side.
    bool removedRow = false;
    for (const trace::AlignedRow& r : w.diff().rows())
      removedRow = removedRow || (r.kind == trace::RowKind::Removed && r.after.empty() && !r.before.empty());
    QVERIFY(removedRow);
  }

  // exact_mapped_extent_substitution changes no op, only shapes (T1 [T1.size0] -> [T0.size1]):
  // those rows and the ops that define the values are painted, and the texts open there.
  void diffPaintsShapeOnlyChanges() {
    MainWindow w;
    openWithDiff(w, "dynamic_residual.py");
    const int step = stepNamed(w, "exact_mapped_extent_substitution");
    QVERIFY(step > 0);
    w.goToStep(step);
    QVERIFY(w.waitForPicture());
    QCOMPARE(lineCount(w.diff().beforeText()), lineCount(w.diff().afterText()));
    const auto& rows = w.diff().rows();
    const auto t1 = std::find_if(rows.begin(), rows.end(), [](const trace::AlignedRow& r) {
      return r.kind == trace::RowKind::Changed && r.after.starts_with("    T1:");
    });
    QVERIFY(t1 != rows.end());
    QVERIFY2(QString::fromStdString(t1->after).contains("T0.size1"), t1->after.c_str());
    QVERIFY(w.diff().firstChangedRow() <= static_cast<int>(t1 - rows.begin()));
    // The after text names why the line changed.
    QVERIFY2(w.diff().afterText().contains("shape [T1.size0] -> [T0.size1]"), qPrintable(w.diff().afterText()));
    // Pictures: the input whose shape changed and the cast that reads it into f32.
    QVERIFY(anyHighlighted(w.diff().afterScene().model(), graph::Highlight::Changed));
    bool castChanged = false;
    for (const graph::Node& n : w.diff().afterScene().model().nodes)
      castChanged = castChanged || (n.label.starts_with("T4 = cast") && n.highlight == graph::Highlight::Changed);
    QVERIFY(castChanged);
  }

  // No pass of ours changes only a dtype, so the trace is made: softmax's saved trace whose
  // second step turns T1 from f32 into f64 and nothing else. The row says so, the texts open
  // there, and the cast that defines T1 is marked changed in the after picture.
  void diffPaintsDtypeOnlyChanges() {
    auto run = pipeline::runPipelineOnFile(sample("softmax.py").toStdString(), {});
    QVERIFY(std::holds_alternative<pipeline::Session>(run));
    QJsonObject saved =
        QJsonDocument::fromJson(QByteArray::fromStdString(trace::traceToJson(*std::get<pipeline::Session>(run).trace)))
            .object();
    QJsonArray snapshots = saved["snapshots"].toArray();
    QJsonArray steps = saved["steps"].toArray();
    QJsonObject step = steps[1].toObject();
    QJsonObject snapshot;
    int id = 0;
    for (const QJsonValue& s : snapshots) {
      if (s.toObject()["id"].toInt() == step["before"].toInt()) snapshot = s.toObject();
      id = std::max(id, s.toObject()["id"].toInt() + 1);
    }
    QJsonObject fusion = snapshot["fusion"].toObject();
    QJsonArray vals = fusion["vals"].toArray();
    bool found = false;
    for (qsizetype i = 0; i < vals.size(); ++i) {
      QJsonObject v = vals[i].toObject();
      if (v["name"].toString() != "T1") continue;
      QCOMPARE(v["dtype"].toString(), QString("Float"));
      v["dtype"] = "Double";
      vals[i] = v;
      found = true;
    }
    QVERIFY(found);
    fusion["vals"] = vals;
    snapshot["fusion"] = fusion;
    snapshot["id"] = id;
    snapshots.append(snapshot);
    step["after"] = id;
    step["modified"] = true;
    steps[1] = step;
    saved["snapshots"] = snapshots;
    saved["steps"] = steps;
    QTemporaryDir dir;
    const QString path = dir.filePath("dtype_only.trace.json");
    {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(QJsonDocument(saved).toJson());
    }
    MainWindow w;
    openPathWithDiff(w, path);
    QVERIFY2(w.problemsText().isEmpty(), qPrintable(w.problemsText()));
    w.goToStep(1);
    QVERIFY(w.waitForPicture());
    const auto& rows = w.diff().rows();
    const auto t1 = std::find_if(rows.begin(), rows.end(), [](const trace::AlignedRow& r) {
      return r.kind == trace::RowKind::Changed && r.after.starts_with("    T1 = cast(");
    });
    QVERIFY2(t1 != rows.end(), qPrintable(w.diff().afterText()));
    QVERIFY(w.diff().firstChangedRow() <= static_cast<int>(t1 - rows.begin()));
    QVERIFY2(QString::fromStdString(t1->after).contains("-> f64[4096, 1024]"), t1->after.c_str());
    QVERIFY2(w.diff().afterText().contains("T1 dtype f32 -> f64"), qPrintable(w.diff().afterText()));
    QCOMPARE(lineCount(w.diff().beforeText()), lineCount(w.diff().afterText()));
    bool castChanged = false;
    for (const graph::Node& n : w.diff().afterScene().model().nodes)
      castChanged = castChanged || (n.label.starts_with("T1 = cast") && n.highlight == graph::Highlight::Changed);
    QVERIFY(castChanged);
  }

  // The printouts share one scroll position; the pictures share zoom and follow each other's pan.
  void diffSidesMoveTogether() {
    MainWindow w;
    openWithDiff(w, "synthetic_block_200.py");
    w.resizeDocks({w.findChild<QDockWidget*>("diffDock")}, {500}, Qt::Vertical);
    int step = -1;
    for (const trace::Step& s : w.document().session()->trace->steps())
      if (s.modified && s.before && s.after && s.before->fusion != s.after->fusion && s.index > 0) step = s.index;
    QVERIFY(step > 0);
    w.goToStep(step);
    QVERIFY(w.waitForPicture());
    auto texts = w.diff().findChildren<QTextBrowser*>();
    QCOMPARE(texts.size(), 2);
    QScrollBar* a = texts[0]->verticalScrollBar();
    QVERIFY(a->maximum() > 0);
    a->setValue(a->maximum() / 2);
    QCOMPARE(texts[1]->verticalScrollBar()->value(), a->value());
    QCOMPARE(w.diff().topVisibleRow(true), w.diff().topVisibleRow(false));
    w.diff().afterView().zoomBy(1.5);
    QCOMPARE(w.diff().beforeView().zoom(), w.diff().afterView().zoom());
  }

  // A merge step: the same IR on both sides, each op with its group; the ops that moved are rows
  // marked changed.
  void mergeStepRowsCarryGroups() {
    MainWindow w;
    openWithDiff(w, "cross_entropy.py");
    int step = -1;
    for (const trace::Step& s : w.document().session()->trace->steps())
      if (s.merge && s.merge->ok() && s.phase == trace::Phase::HerrmannMerge && step < 0) step = s.index;
    QVERIFY(step > 0);
    w.goToStep(step);
    QVERIFY(w.waitForPicture());
    int changed = 0;
    for (const trace::AlignedRow& r : w.diff().rows()) {
      if (r.kind != trace::RowKind::Changed) continue;
      ++changed;
      QVERIFY2(QString::fromStdString(r.before).contains(QRegularExpression("^\\s+g\\d+\\s+│")), r.before.c_str());
    }
    const auto diff = w.document().session()->diffOf(static_cast<std::size_t>(step));
    QCOMPARE(changed, static_cast<int>(diff->partition->regrouped.size()));
    QVERIFY(changed > 0);
  }

  void diffViewExplainsAStepThatOnlyRenamesGroups() {
    MainWindow w;
    openWithDiff(w, "softmax.py");
    w.lastStep();  // finalize's "number segments in run order": g0 becomes segment 0
    QVERIFY(w.waitForPicture());
    QVERIFY2(w.diff().beforeText().contains("No op changes group at this step"), qPrintable(w.diff().beforeText()));
    QVERIFY2(w.diff().beforeText().contains("segment 0 = g0"), qPrintable(w.diff().beforeText()));
    QCOMPARE(lineCount(w.diff().beforeText()), lineCount(w.diff().afterText()));
  }

  // Ctrl+D: the diff takes the window (canvas and other docks step aside) and gives it back.
  void diffTakesTheWholeWindowAndGivesItBack() {
    MainWindow w(nullptr, false);
    openWithDiff(w, "dynamic_residual.py");
    auto* timeline = w.findChild<QDockWidget*>("timelineDock");
    auto* diffDock = w.findChild<QDockWidget*>("diffDock");
    QVERIFY(timeline && diffDock);
    const bool timelineShown = timeline->isVisible();
    QTest::keyClick(&w, Qt::Key_D, Qt::ControlModifier);
    QVERIFY(w.diffFullWindow());
    QApplication::processEvents();
    QVERIFY(!w.view().isVisible());
    QVERIFY(!timeline->isVisible());
    QVERIFY2(diffDock->height() > w.height() * 3 / 4, qPrintable(QString::number(diffDock->height())));
    QTest::keyClick(&w, Qt::Key_D, Qt::ControlModifier);
    QVERIFY(!w.diffFullWindow());
    QApplication::processEvents();
    QVERIFY(w.view().isVisible());
    QCOMPARE(timeline->isVisible(), timelineShown);
    QVERIFY(diffDock->height() < w.height() * 3 / 4);
  }
};

QTEST_MAIN(TestDiffView)
#include "test_diff_view.moc"
