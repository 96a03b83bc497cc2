// Segmenter state: initial groups and edges, the edge helpers, validate(), and the group
// dependency analysis, which must equal a fresh rebuild after every merge.
#include <QtTest>

#include <algorithm>
#include <random>

#include "frontend/script.h"
#include "ir/ops.h"
#include "passes/pre_segmenter.h"
#include "segmenter/group_dependency.h"
#include "segmenter/segmented_fusion.h"
#include "test_files.h"

using namespace segscope;
using segmenter::GroupDependencyAnalysis;
using segmenter::SegmentedFusion;
using segmenter::SegmentedGroup;

namespace {

frontend::Script loadScript(const QString& path) {
  frontend::ParseOutcome o = frontend::loadScriptFile(path.toStdString());
  if (!o.ok()) qFatal("%s", o.error.format().c_str());
  passes::runPreSegmenter(*o.script->fusion);
  return std::move(*o.script);
}

// Every producer/consumer pair Theorem 4.1 allows merging.
std::vector<std::pair<SegmentedGroup*, SegmentedGroup*>> safePairs(const SegmentedFusion& sf,
                                                                   const GroupDependencyAnalysis& deps) {
  std::vector<std::pair<SegmentedGroup*, SegmentedGroup*>> pairs;
  for (SegmentedGroup* p : sf.groups())
    for (SegmentedGroup* c : p->consumerGroups())
      if (deps.canMergeWithoutCycle(p, c)) pairs.emplace_back(p, c);
  return pairs;
}

// anyBetween, the filtered scan, against groupsBetween: with every bit, and with each group's
// own bit alone (which must hit exactly the groups between).
QString anyBetweenAgrees(const GroupDependencyAnalysis& deps, const SegmentedFusion& sf, const SegmentedGroup* a,
                         const SegmentedGroup* b) {
  const std::vector<const SegmentedGroup*> between = deps.groupsBetween(a, b);
  const std::string pair = a->label() + ", " + b->label();
  if (deps.anyBetween(a, b, [](std::size_t) { return ~std::uint64_t{0}; }) != !between.empty())
    return QString::fromStdString("anyBetween(" + pair + ") with every bit disagrees with groupsBetween");
  for (const SegmentedGroup* g : sf.groups()) {
    const int slot = deps.slotOf(g);
    const auto only = [&](std::size_t w) {
      return static_cast<std::size_t>(slot) / 64 == w ? std::uint64_t{1} << (slot % 64) : 0;
    };
    const bool inside = std::find(between.begin(), between.end(), g) != between.end();
    if (deps.anyBetween(a, b, only) != inside)
      return QString::fromStdString("anyBetween(" + pair + ") on " + g->label() + "'s bit disagrees");
  }
  return {};
}

QString sameAsRebuild(const SegmentedFusion& sf, const GroupDependencyAnalysis& incremental) {
  auto fresh = GroupDependencyAnalysis::build(sf);
  if (!fresh) return QString::fromStdString(fresh.error().message);
  // The set questions on every pair once few groups are left (the end of every merge
  // sequence, where most groups are merged ones), to keep the suite quick.
  const bool everyQuestion = sf.groups().size() <= 40;
  for (SegmentedGroup* a : sf.groups())
    for (SegmentedGroup* b : sf.groups()) {
      const std::string pair = a->label() + ", " + b->label();
      if (incremental.isProducerOf(a, b) != fresh->isProducerOf(a, b))
        return QString::fromStdString(a->label() + " -> " + b->label() + " differs from a rebuild");
      // The consumer rows answer it too (reaches): they are kept by merges as the producer rows are.
      if (incremental.reaches(a, b) != fresh->isProducerOf(a, b))
        return QString::fromStdString(a->label() + " reaches " + b->label() + ": differs from a rebuild");
      if (!everyQuestion) continue;
      if (incremental.groupsBetween(a, b) != fresh->groupsBetween(a, b))
        return QString::fromStdString("the groups between " + pair + " differ from a rebuild");
      if (const QString why = anyBetweenAgrees(incremental, sf, a, b); !why.isEmpty()) return why;
      if (incremental.lowestCommonProducers(a, b) != fresh->lowestCommonProducers(a, b))
        return QString::fromStdString("the lowest common producers of " + pair + " differ from a rebuild");
      if (incremental.isConvex({a, b}) != fresh->isConvex({a, b}))
        return QString::fromStdString("whether {" + pair + "} is convex differs from a rebuild");
    }
  return {};
}

}  // namespace

class TestSegmentedFusion : public QObject {
  Q_OBJECT

 private slots:
  void initialGroups_data() {
    QTest::addColumn<QString>("path");
    for (const QString& f : testing::sampleFiles()) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }
  void initialGroups() {
    QFETCH(QString, path);
    const frontend::Script s = loadScript(path);
    auto sf = SegmentedFusion::oneGroupPerExpr(*s.fusion);
    QCOMPARE(sf->groups().size(), s.fusion->exprs().size());
    const Status st = sf->validate();
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
    // One edge per (value, consumer group), never per use.
    std::size_t expected = 0;
    for (const ir::Expr* e : s.fusion->exprs()) {
      std::vector<const ir::Val*> seen;
      for (const ir::Val* in : e->inputs())
        if (in->definition() && std::find(seen.begin(), seen.end(), in) == seen.end()) {
          seen.push_back(in);
          ++expected;
        }
    }
    QCOMPARE(sf->edges().size(), expected);
    QVERIFY(GroupDependencyAnalysis::build(*sf).ok());
  }

  void randomSafeMergesKeepEverythingConsistent_data() { initialGroups_data(); }
  void randomSafeMergesKeepEverythingConsistent() {
    QFETCH(QString, path);
    const frontend::Script s = loadScript(path);
    std::mt19937 rng(static_cast<unsigned>(qHash(path)));
    for (int trial = 0; trial < 3; ++trial) {
      auto sf = SegmentedFusion::oneGroupPerExpr(*s.fusion);
      auto deps = GroupDependencyAnalysis::build(*sf);
      QVERIFY(deps.ok());
      for (;;) {
        auto pairs = safePairs(*sf, deps.value());
        if (pairs.empty()) break;
        // Now and then two groups with no edge between them (a horizontal merge), when no
        // group lies on a path between them.
        if (rng() % 3 == 0) {
          const auto& groups = sf->groups();
          SegmentedGroup* x = groups[rng() % groups.size()];
          SegmentedGroup* y = groups[rng() % groups.size()];
          if (x != y && sf->getEdgesBetween(x, y).empty() && sf->getEdgesBetween(y, x).empty() &&
              deps->isConvex({x, y}))
            pairs = {{x, y}};
        }
        auto [p, c] = pairs[rng() % pairs.size()];
        SegmentedGroup* merged = sf->mergeGroups(p, c);
        deps->mergeGroups(p, c, merged);
        const Status st = sf->validate();
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
        const QString same = sameAsRebuild(*sf, deps.value());
        QVERIFY2(same.isEmpty(), qPrintable(same));
      }
      // With no safe pair left, every group is alone in its connected component.
      for (const SegmentedGroup* g : sf->groups()) {
        QVERIFY(g->producerGroups().empty());
        QVERIFY(g->consumerGroups().empty());
      }
    }
  }

  void edgeHelpers() {
    const frontend::Script s = loadScript(QString(SEGSCOPE_SOURCE_DIR) + "/samples/softmax.py");
    auto sf = SegmentedFusion::oneGroupPerExpr(*s.fusion);
    SegmentedGroup* first = sf->groups().front();
    SegmentedGroup* second = first->consumerGroups().front();
    const auto before = sf->edges().size();
    const segmenter::SegmentedEdge* e = sf->getEdgesBetween(first, second).front();
    QCOMPARE(sf->connectGroups(first, second, e->val), e);  // no duplicate edge
    QCOMPARE(sf->edges().size(), before);
    sf->disconnectGroups(second, first);  // either argument order
    QVERIFY(sf->getEdgesBetween(first, second).empty());
    const Status st = sf->validate();
    QVERIFY(!st.ok());
    QVERIFY2(QString::fromStdString(st.error().message).contains("without an edge"), st.error().message.c_str());
  }

  void theoremFourOneRefusesADiamondShortcut() {
    // T1 = neg(T0); T2 = exp(T1); T3 = add(T1, T2): merging neg with add would put exp
    // both after and before the merged group.
    ir::Fusion f;
    ir::TensorView* x = f.newTensor(ir::DataType::Float, {ir::Dim{ir::SymInt::constant(8)}});
    f.addInput(x);
    ir::Val* a = ir::ops::unary(f, ir::OpType::Neg, x).value();
    ir::Val* b = ir::ops::unary(f, ir::OpType::Exp, a).value();
    ir::Val* c = ir::ops::binary(f, ir::OpType::Add, a, b).value();
    f.addOutput(c);
    auto sf = SegmentedFusion::oneGroupPerExpr(f);
    auto deps = GroupDependencyAnalysis::build(*sf);
    QVERIFY(deps.ok());
    SegmentedGroup* gNeg = sf->groupOf(a->definition());
    SegmentedGroup* gExp = sf->groupOf(b->definition());
    SegmentedGroup* gAdd = sf->groupOf(c->definition());
    QVERIFY(!deps->canMergeWithoutCycle(gNeg, gAdd));
    QVERIFY(deps->canMergeWithoutCycle(gNeg, gExp));
    QCOMPARE(deps->groupsBetween(gNeg, gAdd), (std::vector<const SegmentedGroup*>{gExp}));
    sf->mergeGroups(gNeg, gAdd);  // forced anyway: validate() must see the cycle
    QVERIFY(QString::fromStdString(sf->validate().error().message).contains("cycle"));
  }

  // A merge marks its two groups merged; groups() lists the live ones in id order, and
  // liveGroupsFrom(id) the live ones created since id (what mergeUpAndDownCast appends).
  void mergedGroupsLeaveTheList() {
    ir::Fusion f;
    ir::TensorView* x = f.newTensor(ir::DataType::Float, {ir::Dim{ir::SymInt::constant(4)}});
    f.addInput(x);
    ir::Val* a = ir::ops::unary(f, ir::OpType::Neg, x).value();
    ir::Val* b = ir::ops::unary(f, ir::OpType::Exp, a).value();
    ir::Val* c = ir::ops::unary(f, ir::OpType::Abs, b).value();
    f.addOutput(c);
    auto sf = SegmentedFusion::oneGroupPerExpr(f);
    SegmentedGroup* gA = sf->groupOf(a->definition());
    SegmentedGroup* gB = sf->groupOf(b->definition());
    SegmentedGroup* gC = sf->groupOf(c->definition());
    const int next = sf->nextGroupId();
    SegmentedGroup* ab = sf->mergeGroups(gA, gB);
    QVERIFY(gA->merged() && gB->merged() && !ab->merged() && !gC->merged());
    QCOMPARE(sf->groups(), (std::vector<SegmentedGroup*>{gC, ab}));
    QCOMPARE(sf->liveGroupsFrom(next), (std::vector<SegmentedGroup*>{ab}));
    SegmentedGroup* abc = sf->mergeGroups(ab, gC);
    QCOMPARE(sf->liveGroupsFrom(next), (std::vector<SegmentedGroup*>{abc}));
    QCOMPARE(sf->groups(), (std::vector<SegmentedGroup*>{abc}));
    QVERIFY(sf->validate().ok());
  }
};

QTEST_APPLESS_MAIN(TestSegmentedFusion)
#include "test_segmented_fusion.moc"
