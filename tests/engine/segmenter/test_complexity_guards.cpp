// Complexity guards: how much work the segmenter does (merge questions asked, scheduler runs)
// on fixed fusions must stay under twice today's counts, so an accidental quadratic blow-up
// fails CI deterministically on any machine (DESIGN §14: count work, never time it).
#include <QtTest>

#include "frontend/script.h"
#include "passes/pre_segmenter.h"
#include "random_fusion.h"
#include "scheduler/device_profile.h"
#include "segmenter/segment_candidate_finder.h"
#include "trace/trace.h"

using namespace segscope;

namespace {

struct Work {
  int mergeAttempts = 0;
  int schedulerQueries = 0;
  std::size_t steps = 0;
};

Work segment(const ir::Fusion& fusion, const std::vector<ir::InputSpec>& inputs) {
  trace::Trace t;
  auto r = segmenter::segmentFusion(fusion, inputs, *scheduler::profileByName("h100"), {}, t);
  if (!r) qFatal("%s", r.error().message.c_str());
  return {r->mergeAttempts, r->schedulerQueries, t.size()};
}

// Budgets = 2 × the counts measured when the guard was written (2026-11-21). Raise them only
// with a reason in the commit message; lowering them after an improvement is welcome.
struct Budget {
  const char* name;
  int mergeAttempts;
  int schedulerQueries;
};

}  // namespace

class TestComplexityGuards : public QObject {
  Q_OBJECT

 private slots:
  void sampleBlockStaysWithinBudget() {
    frontend::ParseOutcome o =
        frontend::loadScriptFile(std::string(SEGSCOPE_SOURCE_DIR) + "/samples/synthetic_block_200.py");
    QVERIFY(o.ok());
    passes::runPreSegmenter(*o.script->fusion);
    const Work w = segment(*o.script->fusion, o.script->inputs);
    qInfo("synthetic_block_200: %d merge attempts, %d scheduler queries, %zu steps", w.mergeAttempts,
          w.schedulerQueries, w.steps);
    QVERIFY2(w.mergeAttempts <= kBlock.mergeAttempts,
             qPrintable(QString("merge attempts %1 > budget %2").arg(w.mergeAttempts).arg(kBlock.mergeAttempts)));
    QVERIFY2(
        w.schedulerQueries <= kBlock.schedulerQueries,
        qPrintable(QString("scheduler queries %1 > budget %2").arg(w.schedulerQueries).arg(kBlock.schedulerQueries)));
  }

  void randomFusionsStayWithinBudget() {
    int attempts = 0, queries = 0;
    for (unsigned seed = 0; seed < 50; ++seed) {
      const testing::RandomFusion rf = testing::makeRandomFusion(seed, 60);
      const Work w = segment(*rf.fusion, rf.inputs);
      attempts += w.mergeAttempts;
      queries += w.schedulerQueries;
    }
    qInfo("50 random 60-op fusions: %d merge attempts, %d scheduler queries", attempts, queries);
    QVERIFY2(attempts <= kRandom.mergeAttempts,
             qPrintable(QString("merge attempts %1 > budget %2").arg(attempts).arg(kRandom.mergeAttempts)));
    QVERIFY2(queries <= kRandom.schedulerQueries,
             qPrintable(QString("scheduler queries %1 > budget %2").arg(queries).arg(kRandom.schedulerQueries)));
  }

 private:
  static constexpr Budget kBlock{"synthetic_block_200", 2 * 320, 2 * 310};
  static constexpr Budget kRandom{"random", 2 * 7546, 2 * 5809};
};

QTEST_GUILESS_MAIN(TestComplexityGuards)
#include "test_complexity_guards.moc"
