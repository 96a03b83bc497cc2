// CertainRefusal: a run that records only outcomes skips the schedulers for vertical sets it
// can prove refused, and must still end with the same segments and the same attempt count as a
// run that asks about every set and records every verdict.
#include <QDir>
#include <QtTest>

#include "frontend/script.h"
#include "passes/pre_segmenter.h"
#include "scheduler/device_profile.h"
#include "segmenter/segmenter.h"
#include "trace/trace.h"

using namespace segscope;

namespace {

// The CLI's `segment` recorder: the outcome of each step, nothing else.
class OutcomeTrace final : public trace::Recorder {
 public:
  void record(trace::Step step) override { trace_.record(std::move(step)); }
  bool keepsSnapshots() const override { return false; }
  bool keepsMergeDetails() const override { return false; }
  const trace::Trace& trace() const { return trace_; }

 private:
  trace::Trace trace_;
};

struct Run {
  std::vector<std::string> segments;  // "scheduler: expr ids"
  int attempts = 0;                   // as the segmenter counts them
  int recordedAttempts = 0;           // as the trace counts them (folded steps expanded)
  int refused = 0;
  int queries = 0;
};

Run segment(const frontend::Script& script, trace::Recorder& recorder, const trace::Trace& trace) {
  auto r = segmenter::segmentFusion(*script.fusion, script.inputs, *scheduler::profileByName("h100"), {}, recorder);
  if (!r) qFatal("%s", r.error().message.c_str());
  Run run;
  for (const segmenter::Segment& s : r->segmentation.segments) {
    std::string line(scheduler::schedulerName(s.scheduler));
    line += ":";
    for (const ir::Expr* e : s.exprs) line += " " + std::to_string(e->id());
    run.segments.push_back(line);
  }
  run.attempts = r->mergeQuestions;
  const trace::Trace::MergeCounts counts = trace.mergeCounts();
  run.recordedAttempts = counts.attempts;
  run.refused = counts.refused;
  run.queries = r->schedulerQueries;
  return run;
}

frontend::Script load(const QString& file) {
  frontend::ParseOutcome o = frontend::loadScriptFile(file.toStdString());
  if (!o.ok()) qFatal("cannot load %s: %s", qPrintable(file), o.error.message.c_str());
  passes::runPreSegmenter(*o.script->fusion);
  return std::move(*o.script);
}

}  // namespace

class TestCertainRefusal : public QObject {
  Q_OBJECT

 private slots:
  void outcomeOnlyRunsEndAsDetailedRuns_data() {
    QTest::addColumn<QString>("file");
    const QString data = QString(SEGSCOPE_TEST_DATA_DIR) + "/data/shapes";
    for (const QString& name : QDir(data).entryList({"*.py"}, QDir::Files))
      QTest::newRow(qPrintable(name)) << data + "/" + name;
    const QString samples = QString(SEGSCOPE_SOURCE_DIR) + "/samples";
    for (const QString& name : QDir(samples).entryList({"*.py"}, QDir::Files))
      QTest::newRow(qPrintable(name)) << samples + "/" + name;
  }
  void outcomeOnlyRunsEndAsDetailedRuns() {
    QFETCH(QString, file);
    const frontend::Script script = load(file);
    trace::Trace detailed;
    const Run full = segment(script, detailed, detailed);
    OutcomeTrace outcomes;
    const Run quick = segment(script, outcomes, outcomes.trace());
    QCOMPARE(quick.segments, full.segments);
    QCOMPARE(quick.attempts, full.attempts);
    QCOMPARE(quick.recordedAttempts, full.recordedAttempts);
    QCOMPARE(quick.refused, full.refused);
    QCOMPARE(outcomes.trace().recordedSteps(), detailed.size());
    QVERIFY(quick.queries <= full.queries);
  }

  // The stack of LayerNorm + GELU + linear blocks is what the shortcut is for: every pair of its
  // layer norms is asked about, and all but neighbours hold a linear. Without the shortcut the
  // outcome-only run asks as often as the detailed one, so this fails if it stops applying.
  void linearStackSkipsTheSchedulersForSetsHoldingALinear() {
    const frontend::Script script = load(QString(SEGSCOPE_TEST_DATA_DIR) + "/data/shapes/linear_stack_1k.py");
    trace::Trace detailed;
    const Run full = segment(script, detailed, detailed);
    OutcomeTrace outcomes;
    const Run quick = segment(script, outcomes, outcomes.trace());
    qInfo(
        "linear_stack_1k: %d attempts (%d refused); scheduler queries %d detailed, %d outcome-only; %zu steps "
        "kept of %zu",
        quick.attempts, quick.refused, full.queries, quick.queries, outcomes.trace().size(),
        outcomes.trace().recordedSteps());
    QVERIFY(full.refused > 1000);
    QVERIFY2(full.queries - quick.queries > full.refused / 2,
             "the outcome-only run asked the schedulers about most refused sets");
    QVERIFY2(outcomes.trace().size() * 4 < outcomes.trace().recordedSteps(), "runs of refusals were not folded");
  }
};

QTEST_GUILESS_MAIN(TestCertainRefusal)
#include "test_certain_refusal.moc"
