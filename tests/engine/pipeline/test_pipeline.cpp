// The pipeline floor: stages stop where asked, per-run pass selections never leak between
// concurrent runs, saved traces reopen without re-running a stage, and regions are computed
// once per fusion.
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <thread>

#include "pipeline/pipeline.h"
#include "pipeline/run_stage.h"
#include "pipeline/segment_overview.h"
#include "pipeline/why_apart.h"
#include "support/file_io.h"
#include "test_files.h"
#include "trace/diff.h"
#include "trace/trace_json.h"

using namespace segscope;

namespace {

QString sample(const char* name) { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + name; }

const trace::Step* stepNamed(const trace::Trace& t, const std::string& name) {
  for (const trace::Step& s : t.steps())
    if (s.name == name) return &s;
  return nullptr;
}

// The group a merge step made: the one of its partition that holds the step's first expr.
int groupMadeBy(const trace::Step& step) {
  return step.after->partition->groupOfExpr()[static_cast<std::size_t>(step.merge->exprs.front())];
}

}  // namespace

class TestPipeline : public QObject {
  Q_OBJECT

 private slots:
  // Two loads with different pass selections on two threads at once (the GUI does this when
  // the user changes a pass while a load runs): each run sees exactly its own selection.
  // With process-wide flags flipped per run, the run that keeps consecutive_cast on sees it
  // switched off in the middle of the other run, and the other sees it restored.
  // `segscope-cli segment` runs without snapshots: the same steps, verdicts and segments as a
  // full run, and no step holds a snapshot but the load's (a step that starts from the
  // loaded fusion may point at it).
  // Without merge details (what `segscope-cli segment` counts): the same steps, phases and
  // outcomes, merge steps without their candidates and verdicts, the same segmentation.
  void runsWithoutMergeDetailsCountTheSameOutcomes() {
    int refused = 0;
    for (const char* name : {"layer_norm_bwd.py", "synthetic_block_200.py", "rope.py"}) {
      auto text = support::readTextFile(sample(name).toStdString());
      QVERIFY(text.ok());
      pipeline::PipelineOptions summary;
      summary.recordSnapshots = false;
      summary.recordMergeDetails = false;
      auto full = pipeline::runPipeline(name, text.value(), {});
      auto bare = pipeline::runPipeline(name, text.value(), summary);
      const auto* a = std::get_if<pipeline::Session>(&full);
      const auto* b = std::get_if<pipeline::Session>(&bare);
      QVERIFY(a && b);
      // A run of bare refusals folds into one step standing for all of them (MergeInfo::repeats).
      QCOMPARE(b->trace->recordedSteps(), a->trace->size());
      std::size_t j = 0;
      int left = 0;  // steps of `a` the current step of `b` still stands for
      for (std::size_t i = 0; i < a->trace->size(); ++i) {
        if (left == 0) left = b->trace->step(j++).merge ? b->trace->step(j - 1).merge->repeats : 1;
        --left;
        const trace::Step& x = a->trace->step(i);
        const trace::Step& y = b->trace->step(j - 1);
        QCOMPARE(y.phase, x.phase);
        QCOMPARE(y.modified, x.modified);
        QCOMPARE(y.merge.has_value(), x.merge.has_value());
        if (!x.merge) continue;
        QCOMPARE(y.merge->ok(), x.merge->ok());
        QCOMPARE(y.merge->accepted, x.merge->accepted);
        QCOMPARE(y.merge->refusal, x.merge->refusal);
        QCOMPARE(y.merge->result, x.merge->result);
        refused += x.merge->ok() ? 0 : 1;
      }
      const auto& sa = a->segmentation->segmentation.segments;
      const auto& sb = b->segmentation->segmentation.segments;
      QCOMPARE(sb.size(), sa.size());
      for (std::size_t k = 0; k < sa.size(); ++k) {
        QCOMPARE(sb[k].scheduler, sa[k].scheduler);
        const auto ids = [](const auto& exprs) {
          std::vector<int> out;
          for (const ir::Expr* e : exprs) out.push_back(e->id());
          return out;
        };
        QCOMPARE(ids(sb[k].exprs), ids(sa[k].exprs));
      }
    }
    QVERIFY(refused > 0);  // the samples refuse merges as well as accept them
  }

  void runsWithoutSnapshotsRecordTheSameSteps() {
    for (const char* name : {"layer_norm_bwd.py", "cast_chain.py", "softmax.py"}) {
      auto text = support::readTextFile(sample(name).toStdString());
      QVERIFY(text.ok());
      pipeline::PipelineOptions lean;
      lean.recordSnapshots = false;
      auto full = pipeline::runPipeline(name, text.value(), {});
      auto bare = pipeline::runPipeline(name, text.value(), lean);
      const auto* a = std::get_if<pipeline::Session>(&full);
      const auto* b = std::get_if<pipeline::Session>(&bare);
      QVERIFY(a && b);
      QCOMPARE(b->trace->size(), a->trace->size());
      QVERIFY(b->loaded);  // the load step keeps its snapshot: it is Session::loaded
      for (std::size_t i = 0; i < a->trace->size(); ++i) {
        const trace::Step& x = a->trace->step(i);
        const trace::Step& y = b->trace->step(i);
        QCOMPARE(y.name, x.name);
        QCOMPARE(y.merge.has_value(), x.merge.has_value());
        if (x.merge) QCOMPARE(y.merge->ok(), x.merge->ok());
        const trace::SnapshotPtr& load = b->trace->step(0).after;
        QVERIFY2((!y.before || y.before == load) && (!y.after || y.after == load), y.name.c_str());
      }
      const auto& sa = a->segmentation->segmentation.segments;
      const auto& sb = b->segmentation->segmentation.segments;
      QCOMPARE(sb.size(), sa.size());
      for (std::size_t k = 0; k < sa.size(); ++k) {
        QCOMPARE(sb[k].scheduler, sa[k].scheduler);
        QCOMPARE(sb[k].exprs.size(), sa[k].exprs.size());
      }
    }
  }

  void concurrentRunsKeepTheirOwnPassSelection() {
    auto text = support::readTextFile(sample("cast_chain.py").toStdString());
    QVERIFY(text.ok());
    pipeline::PipelineOptions withoutCast;
    withoutCast.stopAfter = pipeline::Stage::PreSegmenter;
    withoutCast.passes.disabled.insert("consecutive_cast");
    pipeline::PipelineOptions defaults;
    defaults.stopAfter = pipeline::Stage::PreSegmenter;
    // 200 runs each, started together: against the old per-run flag flipping this broke
    // 14 to 57 of the default runs in each of 5 tries (see the commit that added it).
    constexpr int kRuns = 200;
    std::atomic<int> wrong[2] = {0, 0};
    std::atomic<int> failed{0};
    std::atomic<int> ready{0};
    const auto loop = [&](const pipeline::PipelineOptions& options, bool expectSkipped, std::atomic<int>& wrongCount) {
      ++ready;
      while (ready.load() < 2) std::this_thread::yield();
      for (int i = 0; i < kRuns; ++i) {
        auto outcome = pipeline::runPipeline("cast_chain.py", text.value(), options);
        const auto* session = std::get_if<pipeline::Session>(&outcome);
        if (!session) {
          ++failed;
          continue;
        }
        const trace::Step* cast = stepNamed(*session->trace, "consecutive_cast");
        if (!cast || cast->skipped != expectSkipped) ++wrongCount;
      }
    };
    std::thread a([&] { loop(withoutCast, true, wrong[0]); });
    std::thread b([&] { loop(defaults, false, wrong[1]); });
    a.join();
    b.join();
    QCOMPARE(failed.load(), 0);
    QCOMPARE(wrong[0].load(), 0);
    QCOMPARE(wrong[1].load(), 0);
  }

  void stopsAfterTheStageAsked() {
    pipeline::PipelineOptions options;
    options.stopAfter = pipeline::Stage::Load;
    auto loaded = pipeline::runPipelineOnFile(sample("cast_chain.py").toStdString(), options);
    QVERIFY(std::holds_alternative<pipeline::Session>(loaded));
    QCOMPARE(std::get<pipeline::Session>(loaded).trace->size(), std::size_t{1});
    QVERIFY(!std::get<pipeline::Session>(loaded).segmentation);

    options.stopAfter = pipeline::Stage::Segment;
    auto segmented = pipeline::runPipelineOnFile(sample("cast_chain.py").toStdString(), options);
    QVERIFY(std::holds_alternative<pipeline::Session>(segmented));
    const pipeline::Session& s = std::get<pipeline::Session>(segmented);
    QVERIFY(s.segmentation);
    QVERIFY(s.loaded && s.loaded != s.segmentation->fusion);
    QVERIFY(stepNamed(*s.trace, "consecutive_cast"));
  }

  // Concretize is a stage that records a step when it changes the IR: after the load of a
  // fusion with reshapes (the sizes each got, one log line per reshape, the diff's snapshot),
  // and not at all in one without.
  void concretizeRecordsAStepWhenItGivesReshapesSizes() {
    pipeline::PipelineOptions options;
    options.stopAfter = pipeline::Stage::Concretize;
    auto withReshapes = pipeline::runPipelineOnFile(sample("cast_chain.py").toStdString(), options);
    QVERIFY(std::holds_alternative<pipeline::Session>(withReshapes));
    const trace::Trace& t = *std::get<pipeline::Session>(withReshapes).trace;
    QCOMPARE(t.size(), std::size_t{2});
    const trace::Step& step = t.step(1);
    QCOMPARE(step.kind, trace::StepKind::Concretize);
    QCOMPARE(step.phase, trace::Phase::Concretize);
    QCOMPARE(std::string(trace::stepKindName(step.kind)), std::string("concretize"));
    QVERIFY(step.modified && step.before == t.step(0).after && step.after && step.after != step.before);
    QVERIFY2(step.log.size() >= 2 && step.log.front().find("given the run-time sizes") != std::string::npos,
             step.log.empty() ? "" : step.log.front().c_str());
    QVERIFY2(step.log[1].find(" = reshape(") != std::string::npos && step.log[1].find("] -> [") != std::string::npos,
             step.log[1].c_str());
    auto without = pipeline::runPipelineOnFile(sample("adam_step.py").toStdString(), options);
    QVERIFY(std::holds_alternative<pipeline::Session>(without));
    QCOMPARE(std::get<pipeline::Session>(without).trace->size(), std::size_t{1});
  }

  // The stage hooks bracket each stage that runs, in order, also a stage that fails; the
  // session keeps the same stages with their times; pass hooks reach every enabled pass.
  void hooksBracketEveryStageAndPass() {
    struct StageWatcher : pipeline::StageInstrumentation {
      std::vector<std::string> events;
      void beforeStage(pipeline::Stage stage) override {
        events.push_back("+" + std::string(pipeline::stageName(stage)));
      }
      void afterStage(const pipeline::StageRun& run) override {
        events.push_back("-" + std::string(pipeline::stageName(run.stage)));
      }
    };
    struct PassCounter : passes::PassInstrumentation {
      int before = 0, after = 0;
      void beforePass(passes::PassRun&) override { ++before; }
      void afterPass(passes::PassRun&) override { ++after; }
    };
    pipeline::PipelineOptions options;
    auto stages = std::make_shared<StageWatcher>();
    auto passCounter = std::make_shared<PassCounter>();
    options.stageHooks.push_back(stages);
    options.passHooks.push_back(passCounter);
    auto outcome = pipeline::runPipelineOnFile(sample("layer_norm_fwd.py").toStdString(), options);
    QVERIFY(std::holds_alternative<pipeline::Session>(outcome));
    const pipeline::Session& s = std::get<pipeline::Session>(outcome);
    const std::vector<std::string> all{"+load",          "-load",          "+concretize", "-concretize",
                                       "+pre_segmenter", "-pre_segmenter", "+segment",    "-segment"};
    QCOMPARE(stages->events, all);
    QCOMPARE(s.stageRuns.size(), std::size_t{4});
    QCOMPARE(s.stageRuns.front().stepsBefore, std::size_t{0});
    QCOMPARE(s.stageRuns.front().stepsAfter, std::size_t{1});  // the load step
    QCOMPARE(s.stageRuns.back().stepsAfter, s.trace->size());
    for (const pipeline::StageRun& run : s.stageRuns) QVERIFY(run.milliseconds >= 0);
    int enabledPasses = 0;
    for (const trace::Step& step : s.trace->steps())
      if (step.kind == trace::StepKind::Pass && !step.skipped) ++enabledPasses;
    QVERIFY(enabledPasses > 0);
    QCOMPARE(passCounter->before, enabledPasses);
    QCOMPARE(passCounter->after, enabledPasses);

    stages->events.clear();
    options.stopAfter = pipeline::Stage::PreSegmenter;
    (void)pipeline::runPipelineOnFile(sample("layer_norm_fwd.py").toStdString(), options);
    QCOMPARE(stages->events, std::vector<std::string>(all.begin(), all.begin() + 6));

    stages->events.clear();
    auto broken = pipeline::runPipeline("broken.py", "this is not a fusion script (\n", options);
    QVERIFY(std::holds_alternative<pipeline::PipelineError>(broken));
    QCOMPARE(stages->events, (std::vector<std::string>{"+load", "-load"}));
  }

  void unknownOptionsAreTheUsersError() {
    pipeline::PipelineOptions badPass;
    badPass.passes.disabled.insert("no_such_pass");
    auto a = pipeline::runPipelineOnFile(sample("gelu.py").toStdString(), badPass);
    QVERIFY(std::holds_alternative<pipeline::PipelineError>(a));
    QCOMPARE(std::get<pipeline::PipelineError>(a).kind, pipeline::PipelineError::Kind::BadOption);
    QVERIFY(std::get<pipeline::PipelineError>(a).diagnostic.message.starts_with(
        "unknown pass 'no_such_pass'; passes are: dead_code_elimination"));
    pipeline::PipelineOptions badProfile;
    badProfile.profile = "z80";
    auto b = pipeline::runPipelineOnFile(sample("gelu.py").toStdString(), badProfile);
    QVERIFY(std::holds_alternative<pipeline::PipelineError>(b));
    QVERIFY(std::get<pipeline::PipelineError>(b).badInput());
    auto c = pipeline::runPipelineOnFile("/nonexistent/fusion.py", {});
    QVERIFY(std::holds_alternative<pipeline::PipelineError>(c));
    QCOMPARE(std::get<pipeline::PipelineError>(c).kind, pipeline::PipelineError::Kind::Unreadable);
  }

  // NVFUSER_ENABLE / NVFUSER_DISABLE come from the script's execute call and from the caller,
  // together: a name nvFuser has not is an error at it (the script) or a BadOption (the
  // caller); one Segscope does not model is a warning in a script and an error from a caller.
  void nvfuserOptionsFromTheScriptAndTheCaller() {
    const std::string file = sample("matmul_bias_gelu.py").toStdString();
    auto source = support::readTextFile(file);
    QVERIFY(source);
    const auto withExecute = [&](const std::string& call) {
      std::string text = source.value();
      text.replace(text.rfind("fd.execute(inputs)"), std::string("fd.execute(inputs)").size(), call);
      return text;
    };
    const auto segmentsOf = [](const pipeline::Outcome& o) {
      return std::get<pipeline::Session>(o).segmentation->segmentation.segments.size();
    };
    QCOMPARE(segmentsOf(pipeline::runPipeline(file, source.value(), {})), std::size_t(2));
    auto fromScript =
        pipeline::runPipeline(file, withExecute("fd.execute(inputs, _enable_options=[\"fuse_matmul\"])"), {});
    QCOMPARE(segmentsOf(fromScript), std::size_t(1));
    QCOMPARE(std::get<pipeline::Session>(fromScript).enabledOptionNames(), std::vector<std::string>{"fuse_matmul"});
    pipeline::PipelineOptions caller;
    caller.enableOptions = {"fuse_matmul"};
    QCOMPARE(segmentsOf(pipeline::runPipeline(file, source.value(), caller)), std::size_t(1));

    auto unknown = pipeline::runPipeline(file, withExecute("fd.execute(inputs, _disable_options=[\"no_such\"])"), {});
    QVERIFY(std::holds_alternative<pipeline::PipelineError>(unknown));
    const pipeline::PipelineError& e = std::get<pipeline::PipelineError>(unknown);
    QCOMPARE(e.kind, pipeline::PipelineError::Kind::BadScript);
    QVERIFY2(e.diagnostic.message.find("nvFuser has no disable option 'no_such'") == 0, e.diagnostic.message.c_str());
    QVERIFY(e.diagnostic.loc.known());

    auto unmodelled =
        pipeline::runPipeline(file, withExecute("fd.execute(inputs, _enable_options=[\"memory_promotion\"])"), {});
    QCOMPARE(segmentsOf(unmodelled), std::size_t(2));
    const auto& warnings = std::get<pipeline::Session>(unmodelled).script.warnings;
    QVERIFY(std::any_of(warnings.begin(), warnings.end(), [](const Diagnostic& w) {
      return w.message.find("NVFUSER_ENABLE=memory_promotion can change the segmentation") == 0;
    }));
    pipeline::PipelineOptions strict;
    strict.enableOptions = {"memory_promotion"};
    auto refused = pipeline::runPipeline(file, source.value(), strict);
    QVERIFY(std::holds_alternative<pipeline::PipelineError>(refused));
    QCOMPARE(std::get<pipeline::PipelineError>(refused).kind, pipeline::PipelineError::Kind::BadOption);
  }

  // The overview counts the final segmentation's segments per scheduler, sizes each segment's
  // tensors from the inputs, and reads the same counts back from a saved trace's last partition.
  void overviewCountsSegmentsPerScheduler() {
    for (const QString& file : testing::sampleFiles()) {
      auto run = pipeline::runPipelineOnFile(file.toStdString(), {});
      QVERIFY(std::holds_alternative<pipeline::Session>(run));
      const pipeline::Session& s = std::get<pipeline::Session>(run);
      const pipeline::Overview o = pipeline::overviewOf(s);
      QCOMPARE(o.segments.size(), s.segmentation->segmentation.segments.size());
      int total = 0, ops = 0;
      for (const auto& [scheduler, count] : o.perScheduler) total += count;
      for (const pipeline::SegmentOverview& seg : o.segments) ops += seg.ops;
      // The host scalars are listed but not counted, nor among the schedulers.
      QCOMPARE(total, o.segmentCount());
      QCOMPARE(o.segmentCount() + (o.hostScalars ? 1 : 0), static_cast<int>(o.segments.size()));
      QVERIFY2(ops >= static_cast<int>(s.segmentation->fusion->exprs().size()) - 1, qPrintable(file));
      for (std::size_t i = 1; i < o.perScheduler.size(); ++i)
        QVERIFY(o.perScheduler[i - 1].second >= o.perScheduler[i].second);
      const std::string summary = pipeline::overviewSummary(o);
      QVERIFY2(
          summary.starts_with(std::to_string(o.segmentCount()) + (o.segmentCount() == 1 ? " segment" : " segments") +
                              (o.hostScalars ? " + host scalars" : "")),
          summary.c_str());
      QVERIFY2(summary.find("host_scalars") == std::string::npos, summary.c_str());
    }
    {
      // Adam's bias corrections: one kernel and the host scalars, also from a saved trace.
      auto adam = pipeline::runPipelineOnFile(sample("adam_step.py").toStdString(), {});
      const pipeline::Overview o = pipeline::overviewOf(std::get<pipeline::Session>(adam));
      QCOMPARE(pipeline::overviewSummary(o), std::string("1 segment + host scalars: pointwise"));
      QVERIFY(o.segments[0].hostScalars && o.segments[0].scheduler == "host_scalars");
      QTemporaryDir dir;
      const std::string path = dir.filePath("adam.trace.json").toStdString();
      QVERIFY(support::writeFileAtomically(path, trace::traceToJson(*std::get<pipeline::Session>(adam).trace)).ok());
      const pipeline::Overview saved =
          pipeline::overviewOf(std::get<pipeline::Session>(pipeline::openSavedTrace(path)));
      QCOMPARE(pipeline::overviewSummary(saved), pipeline::overviewSummary(o));
    }
    auto run = pipeline::runPipelineOnFile(sample("reduction_epilogue.py").toStdString(), {});
    const pipeline::Session& s = std::get<pipeline::Session>(run);
    const pipeline::Overview o = pipeline::overviewOf(s);
    QCOMPARE(pipeline::overviewSummary(o), std::string("1 segment + host scalars: inner_persistent"));
    // Segment 1 reads T0 (f32 [32, 131072]) and T1 (bf16 [131072]) and writes T2 (f32 [32]) and
    // T23 (bf16 [32, 131072]).
    QCOMPARE(o.segments[1].bytesIn, std::int64_t{32LL * 131072 * 4 + 131072 * 2});
    QCOMPARE(o.segments[1].bytesOut, std::int64_t{32LL * 4 + 32LL * 131072 * 2});
    // A saved trace has no segmentation: the last partition gives the same counts.
    QTemporaryDir dir;
    const std::string path = dir.filePath("epilogue.trace.json").toStdString();
    QVERIFY(support::writeFileAtomically(path, trace::traceToJson(*s.trace)).ok());
    auto reopened = pipeline::openSavedTrace(path);
    const pipeline::Overview fromTrace = pipeline::overviewOf(std::get<pipeline::Session>(reopened));
    QCOMPARE(pipeline::overviewSummary(fromTrace), pipeline::overviewSummary(o));
    QCOMPARE(fromTrace.segments[1].bytesIn, std::int64_t{-1});
  }

  // "Why apart" is read from the segmentation first (issue 41's three wrong answers): an op on
  // the data path between the two in a third segment; two siblings never tried together after
  // the whole-fusion try; a scalar op that finalize put in the host scalar segment.
  void whyApartReadsTheSegmentationFirst() {
    const auto sessionOf = [](const std::string& body) {
      auto run =
          pipeline::runPipeline("why.py", "def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n" + body, {});
      if (auto* e = std::get_if<pipeline::PipelineError>(&run)) qFatal("%s", e->diagnostic.format().c_str());
      return std::get<pipeline::Session>(std::move(run));
    };
    const pipeline::Session separated = sessionOf(
        "    T0 = fd.define_tensor(shape=[64, 64], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)\n"
        "    T1 = fd.define_tensor(shape=[64, 64], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)\n"
        "    T2 = fd.ops.neg(T0)\n    T3 = fd.ops.linear(T2, T1)\n    T4 = fd.ops.add(T3, T2)\n"
        "    fd.add_output(T4)\n");
    auto apart = pipeline::whyApart(separated, "T2", "T4");
    QVERIFY(apart);
    QVERIFY(!apart->together);
    QCOMPARE(apart->separators.size(), std::size_t{1});
    QVERIFY2(apart->separators[0].starts_with("T3 = linear"), apart->separators[0].c_str());
    QVERIFY2(apart->answer.find("data path between them runs through T3 = linear") != std::string::npos,
             apart->answer.c_str());
    // The path the window highlights: the linear, in its own segment, is the separator.
    QCOMPARE(apart->pathExprs, apart->separatorExprs);
    QCOMPARE(apart->pathSegments.size(), std::size_t{1});
    QCOMPARE(apart->separatorSegments, apart->pathSegments);
    QVERIFY(apart->pathSegments[0] != apart->segmentA && apart->pathSegments[0] != apart->segmentB);

    const pipeline::Session siblings = sessionOf(
        "    T0 = fd.define_tensor(shape=[1024, 1024], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)\n"
        "    T1 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)\n"
        "    T2 = fd.ops.sum(T0, dims=[0], keepdim=False, dtype=DataType.Null)\n"
        "    fd.add_output(T1)\n    fd.add_output(T2)\n");
    auto never = pipeline::whyApart(siblings, "T1", "T2");
    QVERIFY(never);
    QVERIFY2(!never->together && !never->triedTogether && never->separators.empty(), never->answer.c_str());
    QVERIFY(never->pathExprs.empty() && never->pathSegments.empty());  // siblings: no path between them
    QVERIFY2(never->answer.find("never candidates of one merge") != std::string::npos, never->answer.c_str());

    auto adam = pipeline::runPipelineOnFile(sample("adam_step.py").toStdString(), {});
    const pipeline::Session& a = std::get<pipeline::Session>(adam);
    auto host = pipeline::whyApart(a, "S10", "T24");
    QVERIFY(host);
    QVERIFY2(!host->together && !host->placedAtFinalize.empty(), host->answer.c_str());
    QVERIFY2(host->answer.find("host scalar segment") != std::string::npos, host->answer.c_str());
    // Every refused attempt names its deciding refusal.
    for (const pipeline::ApartAttempt& attempt : host->attempts) QVERIFY(attempt.accepted || !attempt.deciding.empty());
  }

  // Why apart with a segment on one side: an attempt counts when its union held the op and
  // any op of the segment; a segment of an earlier step is its group at that step; segment
  // against segment works too; names and ids that do not resolve are errors, not answers.
  void whyApartTakesAnOpAndASegment() {
    auto run = pipeline::runPipelineOnFile(sample("cross_entropy.py").toStdString(), {});
    QVERIFY(std::holds_alternative<pipeline::Session>(run));
    const pipeline::Session& s = std::get<pipeline::Session>(run);
    const auto byName = pipeline::whyApart(s, "T3", "seg:1");
    QVERIFY2(byName.ok(), byName ? "" : byName.error().message.c_str());
    QCOMPARE(byName->segmentA, 0);
    QCOMPARE(byName->segmentB, 1);
    QCOMPARE(byName->exprB, -1);
    QVERIFY2(byName->b.starts_with("segment 1 (reduction, "), byName->b.c_str());
    // Every attempt with both ops T3 and T30 (segment 1 holds T30) is among the op-segment ones.
    const auto ops = pipeline::whyApart(s, "T3", "T30");
    QVERIFY(ops.ok());
    QVERIFY(byName->attempts.size() >= ops->attempts.size());
    for (const pipeline::ApartAttempt& a : byName->attempts) QVERIFY(!a.accepted);
    // Segment 0 against segment 1: the same attempts as op T3 against segment 1 or more.
    const auto segments = pipeline::whyApart(s, "seg:0", "seg:1");
    QVERIFY(segments.ok());
    QVERIFY(segments->attempts.size() >= byName->attempts.size());
    // A group of an early merge step: the first accepted merge's result, asked against T3.
    const trace::Trace& t = *s.trace;
    const trace::Step* firstJoin = nullptr;
    for (const trace::Step& step : t.steps())
      if (step.merge && step.merge->ok() && step.after && step.after->partition) {
        firstJoin = &step;
        break;
      }
    QVERIFY(firstJoin);
    const int joined = groupMadeBy(*firstJoin);
    const auto early = pipeline::whyApart(s, pipeline::ApartSide::op(byName->exprA),
                                          pipeline::ApartSide::segment(firstJoin->index, joined));
    QVERIFY2(early.ok(), early ? "" : early.error().message.c_str());
    QVERIFY2(early->b.find("at step " + std::to_string(firstJoin->index)) != std::string::npos, early->b.c_str());
    QVERIFY(early->segmentB >= 0);
    // What does not resolve.
    QVERIFY(!pipeline::whyApart(s, "T3", "seg:99").ok());
    QVERIFY(pipeline::whyApart(s, "T3", "seg:99").error().message.find("no segment 99") != std::string::npos);
    QVERIFY(!pipeline::whyApart(s, pipeline::ApartSide::op(byName->exprA), pipeline::ApartSide::segment(-3, 0)).ok());
    QVERIFY(!pipeline::whyApart(s, pipeline::ApartSide::op(byName->exprA), pipeline::ApartSide::segment(0, 0)).ok());
    const std::string text = pipeline::whyApartText(*byName);
    QVERIFY2(text.find("T3 = max ends in segment 0 (inner_persistent), segment 1 (reduction") != std::string::npos,
             text.c_str());
  }

  // A run reports its progress in segment runs and ends with done == total; a cancelled run
  // stops at a segment boundary with an error that says so.
  void aRunReportsProgressAndCanBeCancelled() {
    auto loaded = pipeline::runPipelineOnFile(sample("adam_step.py").toStdString(), {});
    QVERIFY(std::holds_alternative<pipeline::Session>(loaded));
    const pipeline::Session& session = std::get<pipeline::Session>(loaded);
    const auto segments = static_cast<std::int64_t>(session.segmentation->segmentation.segments.size());
    pipeline::RunRequest request;
    request.counts = {1, 3};
    request.control = std::make_shared<exec::RunControl>();
    const auto run = pipeline::runSegmented(session, request);
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    QCOMPARE(request.control->total(), segments * (1 + 3 + 1));  // warm-up, timed, the reference
    QCOMPARE(request.control->done(), request.control->total());

    request.control = std::make_shared<exec::RunControl>();
    request.control->cancel();
    const auto cancelled = pipeline::runSegmented(session, request);
    QVERIFY(!cancelled.ok());
    QVERIFY2(QString::fromStdString(cancelled.error().message).contains("cancelled"),
             cancelled.error().message.c_str());
    QCOMPARE(request.control->done(), std::int64_t{0});
  }

  void aSavedTraceReopensWithItsScriptsInputs() {
    auto run = pipeline::runPipelineOnFile(sample("softmax.py").toStdString(), {});
    QVERIFY(std::holds_alternative<pipeline::Session>(run));
    const pipeline::Session& live = std::get<pipeline::Session>(run);
    QTemporaryDir dir;
    const std::string path = dir.filePath("softmax.trace.json").toStdString();
    QVERIFY(support::writeFileAtomically(path, trace::traceToJson(*live.trace)).ok());
    auto reopened = pipeline::openSavedTrace(path);
    QVERIFY(std::holds_alternative<pipeline::Session>(reopened));
    const pipeline::Session& saved = std::get<pipeline::Session>(reopened);
    QCOMPARE(saved.trace->size(), live.trace->size());
    QCOMPARE(saved.inputs().size(), live.inputs().size());
    QVERIFY(!saved.segmentation);
    QVERIFY(saved.profile.has_value());
  }

  void regionsAreComputedOncePerFusion() {
    auto run = pipeline::runPipelineOnFile(sample("layer_norm_fwd.py").toStdString(), {});
    QVERIFY(std::holds_alternative<pipeline::Session>(run));
    const pipeline::Session& s = std::get<pipeline::Session>(run);
    auto first = s.regionsOf(*s.segmentation->fusion);
    auto again = s.regionsOf(*s.segmentation->fusion);
    QVERIFY(first.ok() && again.ok());
    QCOMPARE(first.value().get(), again.value().get());
    auto final = s.finalRegions();
    QVERIFY(final.ok());
    QCOMPARE(final->analysis.get(), first.value().get());
    QCOMPARE(final->comparisons.size(), final->analysis->regions.size());
  }

  void stepDiffsAreComputedOncePerStep() {
    auto run = pipeline::runPipelineOnFile(sample("cast_chain.py").toStdString(), {});
    QVERIFY(std::holds_alternative<pipeline::Session>(run));
    const pipeline::Session& s = std::get<pipeline::Session>(run);
    int passDiffs = 0, mergeDiffs = 0;
    for (std::size_t i = 0; i < s.trace->size(); ++i) {
      const trace::Step& step = s.trace->step(i);
      const auto diff = s.diffOf(i);
      QCOMPARE(s.diffOf(i).get(), diff.get());  // cached, shared
      if (step.kind == trace::StepKind::Pass && step.modified) {
        QVERIFY(diff->fusion);
        QCOMPARE(diff->fusion->toText(), trace::diff(*step.before->fusion, *step.after->fusion).toText());
        ++passDiffs;
      }
      if (step.merge && step.merge->ok() && diff->partition) mergeDiffs += diff->partition->empty() ? 0 : 1;
    }
    QVERIFY(passDiffs > 0);
    QVERIFY(mergeDiffs > 0);
    QVERIFY(!s.diffOf(s.trace->size() + 5)->fusion);  // out of range: empty, not a crash
  }
};

QTEST_MAIN(TestPipeline)
#include "test_pipeline.moc"
