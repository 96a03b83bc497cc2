// A model run's table: each row is what the pipeline says of that fusion alone, nvFuser's side
// is what its log states, rows keep the run's order at any --jobs, and a fusion that does not
// load keeps its row with a diagnostic pointing into the log.
#include <QtTest>

#include <atomic>

#include "comparison/model_run.h"
#include "pipeline/pipeline.h"
#include "support/file_io.h"

using namespace segscope;

namespace {

const std::string kSampleRun = std::string(SEGSCOPE_SOURCE_DIR) + "/samples/model_run/training_run.log";

model::ModelRun sampleRun() {
  Result<model::ModelRun> run = comparison::readModelRun({kSampleRun});
  if (!run) qFatal("%s", run.error().message.c_str());
  return std::move(run.value());
}

// What a row would say of the fusion on its own: the pipeline on the entry's script.
std::pair<int, std::vector<std::string>> alone(const model::FusionEntry& entry) {
  pipeline::Outcome o = pipeline::runPipeline(entry.file, entry.script, {});
  const auto* s = std::get_if<pipeline::Session>(&o);
  if (!s) return {-1, {}};
  std::vector<std::string> schedulers;
  for (const segmenter::Segment& seg : s->segmentation->segmentation.segments)
    if (!seg.hostScalars) schedulers.emplace_back(scheduler::schedulerName(seg.scheduler));
  std::sort(schedulers.begin(), schedulers.end());
  return {static_cast<int>(schedulers.size()), schedulers};
}

std::vector<std::string> summary(const comparison::ModelRunReport& report) {
  std::vector<std::string> out;
  for (const comparison::ModelFusionRow& r : report.rows) {
    std::string line = r.name + " " + std::to_string(r.segments) + " " + r.diagnostic;
    for (const std::string& s : r.schedulers) line += " " + s;
    if (r.nvfuser) line += " nvf " + std::to_string(r.nvfuser->segments);
    out.push_back(line);
  }
  return out;
}

}  // namespace

class TestModelRun : public QObject {
  Q_OBJECT

 private slots:
  void everyRowIsItsFusionSegmentedAlone() {
    const model::ModelRun run = sampleRun();
    QVERIFY(run.fusions.size() >= 20);
    const comparison::ModelRunReport report = comparison::analyzeModelRun(run, {});
    QCOMPARE(report.rows.size(), run.fusions.size());
    for (std::size_t i = 0; i < run.fusions.size(); ++i) {
      const comparison::ModelFusionRow& row = report.rows[i];
      QVERIFY2(row.loaded, row.diagnostic.c_str());
      const auto [segments, schedulers] = alone(run.fusions[i]);
      QCOMPARE(row.segments, segments);
      QCOMPARE(row.schedulers, schedulers);
      QVERIFY(row.ops > 0);
    }
    QCOMPARE(report.loaded, static_cast<int>(run.fusions.size()));
  }

  // nvFuser's side is the log's: the segmented_fusion groups of its runtime, or the number of
  // python_definition_segments blocks.
  void nvFuserSideIsWhatTheLogStates() {
    const model::ModelRun run = sampleRun();
    const comparison::ModelRunReport report = comparison::analyzeModelRun(run, {});
    int compared = 0;
    for (std::size_t i = 0; i < run.fusions.size(); ++i) {
      const model::FusionEntry& e = run.fusions[i];
      const comparison::ModelFusionRow& row = report.rows[i];
      QCOMPARE(row.nvfuser.has_value(), !e.runtimes.empty() || !e.segments.empty() || !e.kernels.empty());
      if (!row.nvfuser || e.runtimes.empty()) continue;
      const nvlog::Runtime& rt = e.runtimes.back();
      const int groups = rt.segmented && !rt.segmented->groups.empty()
                             ? static_cast<int>(rt.segmented->groups.size())
                             : (rt.segmented ? static_cast<int>(rt.segmented->details.size()) : 1);
      QCOMPARE(row.nvfuser->segments, groups);
      QVERIFY(row.agree.has_value());
      ++compared;
    }
    QVERIFY(compared >= 8);
    QVERIFY(report.withNvFuser >= 8);
  }

  void rowsKeepTheRunsOrderAtAnyJobs() {
    const model::ModelRun run = sampleRun();
    comparison::ModelRunOptions one, four;
    one.jobs = 1;
    four.jobs = 4;
    std::atomic<int> progress{0};
    four.onProgress = [&](std::size_t, std::size_t) { ++progress; };
    QCOMPARE(summary(comparison::analyzeModelRun(run, four)), summary(comparison::analyzeModelRun(run, one)));
    QCOMPARE(progress.load(), static_cast<int>(run.fusions.size()));
  }

  void aFusionThatDoesNotLoadKeepsItsRow() {
    const std::string text =
        "step 1\n\n"
        "def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n"
        "    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False)\n"
        "    T1 = fd.ops.frobnicate(T0)\n"
        "    fd.add_output(T1)\n\n"
        "def nvfuser_fusion_id1(fd : FusionDefinition) -> None :\n"
        "    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False)\n"
        "    T1 = fd.ops.exp(T0)\n"
        "    fd.add_output(T1)\n";
    const comparison::ModelRunReport report = comparison::analyzeModelRun(model::readModelRunText(text, "run.log"), {});
    QCOMPARE(report.rows.size(), std::size_t{2});
    QVERIFY(!report.rows[0].loaded);
    QVERIFY2(report.rows[0].diagnostic.rfind("run.log:5:", 0) == 0, report.rows[0].diagnostic.c_str());
    QVERIFY(report.rows[1].loaded);
    QCOMPARE(report.rows[1].segments, 1);
    QCOMPARE(report.rows[1].sizes, std::string("default"));  // nothing in it fixes a size
    QVERIFY(!report.rows[1].warnings.empty());
  }

  // python_definition_segments are nvFuser's own segments: each is lined up with Segscope's op
  // by op, and one holding other ops is the row's divergence even where the counts agree.
  void segmentDefinitionsAreLinedUpOpByOp_data() {
    QTest::addColumn<QString>("segmentOp");
    QTest::addColumn<bool>("agree");
    QTest::addColumn<int>("copies");  // the fusion and its segments printed again (another rank)
    QTest::newRow("same ops") << "exp" << true << 1;
    QTest::newRow("another op") << "neg" << false << 1;
    QTest::newRow("printed twice") << "exp" << true << 2;
  }
  void segmentDefinitionsAreLinedUpOpByOp() {
    QFETCH(QString, segmentOp);
    QFETCH(bool, agree);
    QFETCH(int, copies);
    const std::string once =
        "def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n"
        "    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False)\n"
        "    T1 = fd.ops.exp(T0)\n"
        "    fd.add_output(T1)\n\n"
        "Python definition for segmented group 0:\n\n"
        "def nvfuser_fusion_id1(fd : FusionDefinition) -> None :\n"
        "    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False)\n"
        "    T1 = fd.ops." +
        segmentOp.toStdString() +
        "(T0)\n"
        "    fd.add_output(T1)\n";
    std::string text = once;
    for (int k = 1; k < copies; ++k) text += "\n" + once;
    const comparison::ModelRunReport report = comparison::analyzeModelRun(model::readModelRunText(text, "run.log"), {});
    QCOMPARE(report.rows.size(), std::size_t{1});
    const comparison::ModelFusionRow& row = report.rows[0];
    QVERIFY(row.nvfuser);
    QCOMPARE(row.nvfuser->source, std::string("python_definition_segments"));
    QCOMPARE(row.nvfuser->definitions.size(), std::size_t{1});
    const comparison::SegmentDefinitionMatch& m = row.nvfuser->definitions[0];
    QCOMPARE(m.line, 8 + 12 * (copies - 1));  // the last copy's set: what nvFuser ran last
    QCOMPARE(m.same, agree);
    QCOMPARE(m.ourSegment, agree ? 0 : -1);  // neg shares no op with Segscope's exp segment
    QVERIFY(row.agree);
    QCOMPARE(*row.agree, agree);
    if (!agree)
      QVERIFY2(row.divergence.find("nvFuser's segment 0 (line 8) holds neg") != std::string::npos,
               row.divergence.c_str());
  }

  void aCancelledRunSaysSoOnTheRowsItDidNotReach() {
    std::atomic<bool> cancel{true};
    comparison::ModelRunOptions options;
    options.cancel = &cancel;
    const comparison::ModelRunReport report = comparison::analyzeModelRun(sampleRun(), options);
    QVERIFY(report.cancelled);
    QCOMPARE(report.loaded, 0);
    for (const comparison::ModelFusionRow& r : report.rows)
      QVERIFY(r.diagnostic.find("cancelled") != std::string::npos);
  }

  // Every bar of the histogram names the rows behind it, and each such row was split for it.
  void splitReasonsLinkToTheirRows() {
    const comparison::ModelRunReport report = comparison::analyzeModelRun(sampleRun(), {});
    QVERIFY(!report.reasons.empty());
    for (const comparison::ReasonCount& c : report.reasons) {
      QVERIFY(!c.rows.empty());
      QCOMPARE(static_cast<int>(c.rows.size()) <= c.segscope + c.nvfuser, true);
      for (std::size_t i : c.rows) {
        const comparison::ModelFusionRow& r = report.rows[i];
        QVERIFY(r.splitBy == c.reason || (r.nvfuser && r.nvfuser->splitBy == c.reason));
      }
    }
  }

  void openingARowGivesTheDebuggerAndTheLog() {
    const model::ModelRun run = sampleRun();
    for (const model::FusionEntry& e : run.fusions) {
      if (e.runtimes.empty()) continue;
      Result<comparison::OpenedFusion> opened = comparison::openModelFusion(e, "h100");
      QVERIFY(opened);
      QVERIFY(opened->session && opened->session->segmentation);
      QVERIFY(opened->log.has_value());
      QCOMPARE(opened->log->runtimes.size(), e.runtimes.size());
      return;
    }
    QFAIL("the sample run has no fusion with nvFuser output");
  }

  // A dump with no definition: the row is nvFuser's view only (its printed groups and their
  // schedulers, the ops it printed), nothing of Segscope's; it opens as nvFuser's drawing.
  void aDumpWithoutItsDefinitionIsNvFusersViewOnly() {
    Result<model::ModelRun> run = comparison::readModelRun(
        {std::string(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/generated/cross_entropy_2026.log"});
    QVERIFY(run);
    const comparison::ModelRunReport report = comparison::analyzeModelRun(*run, {});
    QCOMPARE(report.rows.size(), std::size_t{1});
    const comparison::ModelFusionRow& row = report.rows[0];
    QCOMPARE(row.kind, std::string("nvfuser_dump"));
    QVERIFY(!row.loaded);
    QCOMPARE(row.segments, 0);
    QCOMPARE(row.ops, 17);
    QVERIFY(row.diagnostic.find(comparison::kDumpOnly) != std::string::npos);
    QVERIFY(row.nvfuser);
    QCOMPARE(row.nvfuser->segments, 2);
    QCOMPARE(row.nvfuser->schedulers, (std::vector<std::string>{"inner_persistent", "reduction"}));
    QVERIFY(row.nvfuser->complete);
    QVERIFY(!row.agree);
    QVERIFY(!comparison::openModelFusion(run->fusions[0], "h100"));  // nothing to segment
    const std::optional<graph::GraphModel> view = comparison::nvFuserViewOf(run->fusions[0]);
    QVERIFY(view);
    QCOMPARE(view->clusters.size(), std::size_t{2});
    QCOMPARE(view->clusters[0].scheduler, std::string("inner_persistent"));
    QVERIFY(view->title.find("nvFuser's view only") != std::string::npos);
  }

  // The 2024-08 format prints `g{…}` group lines; the group details name the schedulers.
  void oldGroupLinesTakeTheirSchedulersFromTheDetails() {
    Result<model::ModelRun> run = comparison::readModelRun(
        {std::string(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/synthetic/reduction_epilogue_2024-08.log"});
    QVERIFY(run);
    const comparison::ModelRunReport report = comparison::analyzeModelRun(*run, {});
    QCOMPARE(report.rows.size(), std::size_t{1});
    QVERIFY(report.rows[0].nvfuser);
    QCOMPARE(report.rows[0].nvfuser->schedulers, (std::vector<std::string>{"pointwise", "reduction"}));
  }

  // https://github.com/NVIDIA/Fuser/pull/3307: two group details pasted alone (ids 6 and 0 of
  // the benchmark's 12): each is a group, and the row says the dump is an excerpt.
  void groupDetailsAloneAreGroupsOfAnExcerpt() {
    Result<model::ModelRun> run =
        comparison::readModelRun({std::string(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/real/NVIDIA_Fuser_3307.txt"});
    QVERIFY(run);
    const comparison::ModelRunReport report = comparison::analyzeModelRun(*run, {});
    QCOMPARE(report.rows.size(), std::size_t{1});
    QVERIFY(report.rows[0].nvfuser);
    QCOMPARE(report.rows[0].nvfuser->schedulers, (std::vector<std::string>{"expr_eval", "pointwise"}));
    QVERIFY(!report.rows[0].nvfuser->complete);
  }
};

QTEST_GUILESS_MAIN(TestModelRun)
#include "test_model_run.moc"
