// Two segmentations side by side (comparison/segmentation_comparison.h): segments matched by their
// ops on every kind of comparison, the kinds of match, the differences in words, the spellings.
#include <QtTest>

#include <algorithm>

#include "comparison/segmentation_comparison.h"
#include "pipeline/pipeline.h"

using namespace segscope;
using comparison::MatchKind;

namespace {

std::string source(const std::string& name) { return std::string(SEGSCOPE_SOURCE_DIR) + "/" + name; }
std::string data(const std::string& name) { return std::string(SEGSCOPE_TEST_DATA_DIR) + "/data/" + name; }

pipeline::PipelineOptions optionsFor(const std::string& profile = "h100") {
  pipeline::PipelineOptions o;
  o.profile = profile;
  o.recordSnapshots = false;
  o.recordMergeDetails = false;
  return o;
}

pipeline::Session open(const std::string& file, const pipeline::PipelineOptions& options) {
  auto outcome = pipeline::runPipelineOnFile(file, options);
  if (auto* e = std::get_if<pipeline::PipelineError>(&outcome)) qFatal("%s", e->diagnostic.format().c_str());
  return std::move(std::get<pipeline::Session>(outcome));
}

comparison::SegmentationComparison compare(const std::string& file, const std::string& with,
                                           const std::string& profile = "h100") {
  const auto options = optionsFor(profile);
  const pipeline::Session session = open(file, options);
  auto spec = comparison::parseCompareWith(with);
  if (!spec) qFatal("%s", spec.error().message.c_str());
  auto c = comparison::compareWith(session, options, *spec);
  if (!c) qFatal("%s", c.error().message.c_str());
  return std::move(*c);
}

bool mentions(const comparison::SegmentationComparison& c, const std::string& words) {
  return std::any_of(c.differences.begin(), c.differences.end(),
                     [&](const std::string& d) { return d.find(words) != std::string::npos; });
}

std::string differences(const comparison::SegmentationComparison& c) {
  std::string all;
  for (const std::string& d : c.differences) all += d + "\n";
  return all;
}

/// A segment of `side` holding the ops at positions `at` of its fusion's tensor ops.
comparison::ComparedSide::Segment segmentOf(int id, const std::vector<int>& exprs, const std::string& scheduler) {
  return {id, scheduler, false, false, exprs};
}

}  // namespace

class TestSegmentationComparison : public QObject {
  Q_OBJECT

 private slots:
  // On an A100 the persistent buffer of reduction_epilogue does not fit: one segment becomes two.
  void aProfileThatSplitsASegment() {
    const auto c = compare(source("samples/reduction_epilogue.py"), "profile=a100");
    QCOMPARE(c.left.label, std::string("h100"));
    QCOMPARE(c.right.label, std::string("a100"));
    QCOMPARE(comparison::SegmentationComparison::segmentCount(c.left), 1);
    QCOMPARE(comparison::SegmentationComparison::segmentCount(c.right), 2);
    const comparison::SegmentMatch* whole = c.matchOf(true, 1);
    QVERIFY(whole);
    QCOMPARE(whole->kind, MatchKind::SplitThere);
    QCOMPARE(whole->counterparts, (std::vector<int>{1, 2}));
    QCOMPARE(c.matchOf(false, 1)->kind, MatchKind::MergedThere);
    QCOMPARE(c.matchOf(false, 2)->counterparts, std::vector<int>{1});
    QVERIFY2(mentions(c, "1 segment with h100, 2 with a100"), differences(c).c_str());
    QVERIFY2(mentions(c, "is split in 2 with a100: segments 1 (reduction), 2 (pointwise)"), differences(c).c_str());
    QCOMPARE(c.leftOnlyOps + c.rightOnlyOps, 0);
  }

  // The A100 splits the wide norm in three and keeps a copy of the privatized cast in two of
  // them: the copy stands with its original (no op "only on a100"); the softmax is the same.
  void aCopiedOpIsNoNewOp() {
    const auto c = compare(data("compare/wide_layer_norm.py"), "profile=a100");
    QCOMPARE(c.matchOf(true, 0)->kind, MatchKind::Same);
    QCOMPARE(c.matchOf(true, 1)->kind, MatchKind::SplitThere);
    QCOMPARE(c.matchOf(true, 1)->counterparts, (std::vector<int>{1, 2, 3}));
    QCOMPARE(c.rightOnlyOps, 0);
    QCOMPARE(c.leftOnlyOps, 0);
    int rightOps = 0;
    for (const auto& m : c.rightSegments) rightOps += m.ops;
    QVERIFY(rightOps > c.matchedOps);  // the copies are there, counted as the ops they copy
    QCOMPARE(c.differences.size(), std::size_t(3));
  }

  void theSameSegmentationHasNoDifference() {
    const auto c = compare(source("samples/softmax.py"), "profile=h200");
    QVERIFY2(c.same(), differences(c).c_str());
    for (const auto& m : c.leftSegments) QCOMPARE(m.kind, MatchKind::Same);
    QCOMPARE(c.matchedOps, c.leftSegments.front().ops);
  }

  // fuse_matmul puts the linear and its epilogue in one matmul segment.
  void anOptionThatJoinsTwoSegments() {
    const auto c = compare(source("samples/matmul_bias_gelu.py"), "options=+fuse_matmul");
    QCOMPARE(c.left.label, std::string("default options"));
    QCOMPARE(c.right.label, std::string("+fuse_matmul"));
    QCOMPARE(c.right.segments.size(), std::size_t(1));
    QCOMPARE(c.right.segments[0].scheduler, std::string("matmul"));
    QCOMPARE(c.rightSegments[0].kind, MatchKind::SplitThere);
    for (const auto& m : c.leftSegments) QCOMPARE(m.kind, MatchKind::MergedThere);
    QVERIFY2(mentions(c, "are one with +fuse_matmul: segment 0 (matmul)"), differences(c).c_str());
  }

  // The host scalar segment is Segscope's own: no segment's match changes, one line says where
  // the scalars went.
  void theScalarModeMovesOnlyTheHostScalars() {
    const auto c = compare(source("samples/adam_step.py"), "scalar-mode=duplicate");
    QCOMPARE(comparison::SegmentationComparison::segmentCount(c.left), 1);
    QCOMPARE(comparison::SegmentationComparison::segmentCount(c.right), 1);
    QCOMPARE(c.differences.size(), std::size_t(1));
    QVERIFY2(mentions(c, "host scalars: computed on the host first with scalars host_segment"), differences(c).c_str());
    for (const auto& m : c.leftSegments)
      if (!c.left.segment(m.segment)->hostScalars) QCOMPARE(m.kind, MatchKind::Same);
  }

  // A second version renames every tensor below an inserted op and adds an output: the ops
  // still pair (by structure, then in order by signature), the new ones are counted apart.
  void aSecondVersionMatchesItsRenamedOps() {
    const auto c = compare(source("samples/softmax.py"), "file=" + data("compare/softmax_v2.py"));
    QCOMPARE(c.left.label, std::string("softmax.py"));
    QCOMPARE(c.right.label, std::string("softmax_v2.py"));
    QCOMPARE(c.matchedOps, 12);
    QCOMPARE(c.leftOnlyOps, 0);
    QCOMPARE(c.rightOnlyOps, 2);  // the scaling mul and the column sum
    QCOMPARE(c.leftSegments[0].kind, MatchKind::OtherOps);
    QVERIFY2(mentions(c, "ops only here: 0, only there: 2"), differences(c).c_str());
    QVERIFY2(mentions(c, "0 ops only with softmax.py, 2 ops only with softmax_v2.py"), differences(c).c_str());
  }

  // nvFuser's groups from a log, joined to Segscope's ops through the log's printouts. Its
  // missing host scalar segment is no difference (nvFuser has none).
  void nvFusersSegmentsFromALog() {
    const std::string log = data("nvlog/generated/reduction_epilogue_a100_2024.log");
    const auto agree = compare(source("samples/reduction_epilogue.py"), "nvfuser=" + log, "a100");
    QCOMPARE(agree.right.label, std::string("nvFuser's log"));
    QVERIFY2(agree.same(), differences(agree).c_str());
    const auto differ = compare(source("samples/reduction_epilogue.py"), "nvfuser=" + log, "h100");
    QCOMPARE(differ.leftSegments.back().kind, MatchKind::SplitThere);
    QVERIFY(!mentions(differ, "host scalars"));
  }

  // The kinds of match on hand-made partitions of one fusion.
  void everyKindOfMatch() {
    const pipeline::Session s = open(source("samples/softmax.py"), optionsFor());
    std::vector<int> ops;  // the tensor ops, in order
    for (const ir::Expr* e : s.segmentation->fusion->exprs())
      if (std::any_of(e->outputs().begin(), e->outputs().end(), [](const ir::Val* v) { return v->isTensor(); }))
        ops.push_back(e->id());
    QVERIFY(ops.size() >= 8);
    comparison::ComparedSide left{"L", "", false, s.segmentation->fusion, {}};
    comparison::ComparedSide right = left;
    right.label = "R";
    // L: {0,1} {2,3} {4,5} {6}       R: {0,2} {1,3} {4,5} {6}(other scheduler)  + L-only op 7
    left.segments = {segmentOf(0, {ops[0], ops[1]}, "pointwise"), segmentOf(1, {ops[2], ops[3]}, "pointwise"),
                     segmentOf(2, {ops[4], ops[5]}, "reduction"), segmentOf(3, {ops[6]}, "pointwise"),
                     segmentOf(4, {ops[7]}, "pointwise")};
    right.segments = {segmentOf(10, {ops[0], ops[2]}, "pointwise"), segmentOf(11, {ops[1], ops[3]}, "pointwise"),
                      segmentOf(12, {ops[4], ops[5]}, "reduction"), segmentOf(13, {ops[6]}, "inner_persistent")};
    const auto c = comparison::compareSegmentations(left, right);
    QCOMPARE(c.matchOf(true, 0)->kind, MatchKind::Regrouped);
    QCOMPARE(c.matchOf(false, 11)->kind, MatchKind::Regrouped);
    QCOMPARE(c.matchOf(true, 0)->counterparts, (std::vector<int>{10, 11}));
    QCOMPARE(c.matchOf(true, 2)->kind, MatchKind::Same);
    QCOMPARE(c.matchOf(true, 2)->counterparts, std::vector<int>{12});
    QCOMPARE(c.matchOf(true, 3)->kind, MatchKind::OtherScheduler);
    QCOMPARE(c.matchOf(true, 4)->kind, MatchKind::OnlyHere);
    QCOMPARE(c.matchOf(true, 4)->opsOnlyHere, 1);
    QVERIFY2(mentions(c,
                      "segments 0 (pointwise), 1 (pointwise) hold the ops of segments 10 (pointwise), 11 "
                      "(pointwise) with R"),
             differences(c).c_str());
    QVERIFY2(mentions(c, "segment 3 (pointwise, 1 op): pointwise with L, inner_persistent with R (segment 13)"),
             differences(c).c_str());
    QVERIFY2(mentions(c, "segment 4 (pointwise, 1 op) is only with L"), differences(c).c_str());
    QVERIFY2(mentions(c, "5 segments with L, 4 with R"), differences(c).c_str());
  }

  void theSpellings() {
    auto p = comparison::parseCompareWith("options=+fuse_matmul,-resize_scheduler");
    QVERIFY(p);
    QCOMPARE(p->kind, comparison::CompareWith::Kind::Options);
    QCOMPARE(p->enable, std::vector<std::string>{"fuse_matmul"});
    QCOMPARE(p->disable, std::vector<std::string>{"resize_scheduler"});
    auto mode = comparison::parseCompareWith("scalar-mode=host-segment");
    QVERIFY(mode && mode->value == "host_segment");
    QVERIFY(comparison::parseCompareWith("disable=matmul_expr_eval")->disable.size() == 1);
    QCOMPARE(comparison::parseCompareWith("nvfuser=x.log")->kind, comparison::CompareWith::Kind::NvFuserLog);
    QCOMPARE(comparison::parseCompareWith("file=v2.py")->kind, comparison::CompareWith::Kind::File);
    for (const char* bad : {"profile", "profile=", "colour=red", "scalar-mode=twice", "options=+"}) {
      auto r = comparison::parseCompareWith(bad);
      QVERIFY2(!r, bad);
      QVERIFY2(r.error().message.find("wants profile=NAME") != std::string::npos, r.error().message.c_str());
    }
  }

  // What cannot be compared says why.
  void failuresTheUserCanActOn() {
    const auto options = optionsFor();
    const pipeline::Session session = open(source("samples/softmax.py"), options);
    const auto fails = [&](const std::string& with, const std::string& words) {
      auto r = comparison::compareWith(session, options, *comparison::parseCompareWith(with));
      QVERIFY2(!r, with.c_str());
      QVERIFY2(r.error().message.find(words) != std::string::npos, r.error().message.c_str());
    };
    fails("profile=z80", "unknown device profile 'z80'");
    fails("file=/no/such/file.py", "/no/such/file.py");
    fails("options=+no_such_option", "no_such_option");
    fails("nvfuser=" + source("samples/softmax.py"), "softmax.py");
  }
};

QTEST_APPLESS_MAIN(TestSegmentationComparison)
#include "test_segmentation_comparison.moc"
