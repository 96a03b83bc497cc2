// nvFuser's normalization rules as the analyses model them: unmappable dims and persistent
// buffers, the post-reduction broadcast check that looks past the first resolution, 3D inner
// reductions (no shared memory, no cluster), the inner-outer connection rule, the grid outer
// launch search with the vectorization of the fusion's inputs and outputs, and reshapes that
// interfere with a reduction schedule.
#include <QtTest>

#include "ir/ops.h"
#include "scheduler/analysis.h"
#include "scheduler/device_profile.h"
#include "scheduler/grid_outer_normalization.h"
#include "scheduler/logical_domain_map.h"
#include "scheduler/normalization.h"
#include "scheduler/persistent_buffer_size.h"
#include "scheduler/post_reduction_broadcast.h"
#include "scheduler/reduction_interfering_view.h"
#include "scheduler/reduction_properties.h"
#include "scheduler/registry.h"

using namespace segscope;
using namespace segscope::scheduler;

namespace {

ir::Val* ok(ir::ops::ValResult r) {
  if (!r) qFatal("op failed: %s", r.error().message.c_str());
  return r.value();
}

struct Built {
  std::unique_ptr<ir::Fusion> fusion = std::make_unique<ir::Fusion>();
  ir::Fusion& f() { return *fusion; }

  ir::Val* input(std::vector<std::int64_t> sizes, ir::DataType dtype = ir::DataType::Float) {
    std::vector<ir::Dim> dims;
    for (std::int64_t n : sizes) dims.push_back(ir::Dim{ir::SymInt::constant(n), ir::IterKind::Iteration});
    ir::TensorView* tv = f().newTensor(dtype, dims);
    f().addInput(tv);
    return tv;
  }
  ir::Val* sum(ir::Val* x, std::vector<std::int64_t> dims) {
    return ok(ir::ops::reduction(f(), ir::OpType::Sum, x, std::move(dims), false, ir::DataType::Null));
  }
  ir::Val* bcast(ir::Val* x, std::vector<bool> flags) { return ok(ir::ops::broadcast(f(), x, std::move(flags))); }
  ir::Val* add(ir::Val* a, ir::Val* b) { return ok(ir::ops::binary(f(), ir::OpType::Add, a, b)); }
  ir::Val* set(ir::Val* x) { return ok(ir::ops::set(f(), ir::OpType::Set, x)); }
  ir::Val* reshape(ir::Val* x, std::vector<std::int64_t> shape) {
    std::vector<ir::SymInt> s;
    for (std::int64_t n : shape) s.push_back(ir::SymInt::constant(n));
    return ok(ir::ops::reshape(f(), x, s));
  }

  RuntimeInfo rt() const {
    std::vector<ir::InputSpec> specs;
    for (const ir::Val* v : fusion->inputs()) {
      ir::InputSpec s;
      for (const ir::Dim& d : v->asTensor()->dims()) s.sizes.push_back(d.extent.value);
      specs.push_back(s);
    }
    auto r = RuntimeInfo::bind(*fusion, specs);
    if (!r) qFatal("bind failed: %s", r.error().message.c_str());
    return r.value();
  }
  SegmentView view() const { return SegmentView::whole(*fusion); }
  Verdict can(SchedulerType t, const char* device = "h100") const {
    return canSchedule(t, view(), rt(), *profileByName(device));
  }
};

QString text(const Verdict& v) { return QString::fromStdString(v.reason); }

}  // namespace

class TestNormalizationRules : public QObject {
  Q_OBJECT

 private slots:
  void unmappableDimsOfLayerNorm();
  void bufferSizeIsScopedByLiveness();
  void bufferResolvedPastTheFirstBroadcast();
  void unresolvedPostReductionBroadcast();
  void multiDimensionalInnerReductionGetsNoSmemOrCluster();
  void innerOuterConsumersMustNotMeet();
  void gridOuterLaunchSearch();
  void vectorizationFollowsInputsAndOutputs();
  void reshapeInterferingWithReduction();
  void bandwidthFlopsRatioSetsTheRecomputeThreshold();
};

// csrc/scheduler/utils.cpp:3279 isHighBandwidthFlopsRatio (A100 and H200 above 0.07, H100
// below) and normalization_utils.cpp:914-922: an exp buffer of 48 KiB is kept unprojected on a
// high-ratio device and projected to the inputs on H100.
void TestNormalizationRules::bandwidthFlopsRatioSetsTheRecomputeThreshold() {
  const DeviceProfile h100 = *profileByName("h100"), h200 = *profileByName("h200"), a100 = *profileByName("a100");
  QVERIFY(!isHighBandwidthFlopsRatio(h100));
  QVERIFY(isHighBandwidthFlopsRatio(h200));
  QVERIFY(isHighBandwidthFlopsRatio(a100));
  DeviceProfile unclocked = h200;
  unclocked.smClockKhz = 0;
  QVERIFY(!isHighBandwidthFlopsRatio(unclocked));
  analysis::BufferSize exp48;
  exp48.persistentBytes = 48 * 1024;
  exp48.projectedBytes = 16 * 1024;
  exp48.canProject = true;
  const std::int64_t budget = 128 * 1024;
  QCOMPARE(normalization::chosenBufferBytes(exp48, budget, SchedulerType::InnerPersistent, h100), exp48.projectedBytes);
  QCOMPARE(normalization::chosenBufferBytes(exp48, budget, SchedulerType::InnerPersistent, h200),
           exp48.persistentBytes);
  analysis::BufferSize exp128 = exp48;
  exp128.persistentBytes = 100 * 1024;
  QCOMPARE(normalization::chosenBufferBytes(exp128, budget, SchedulerType::InnerPersistent, a100),
           exp128.projectedBytes);
}

void TestNormalizationRules::unmappableDimsOfLayerNorm() {
  // y = x - broadcast(sum(x, [1])): x's dim 1 cannot be inlined into y (it is reduced on the
  // way to the other operand); its dim 0 can. x is the one buffer, resolved at y.
  Built b;
  ir::Val* x = b.input({64, 1024});
  ir::Val* s = b.sum(x, {1});
  ir::Val* y = ok(ir::ops::binary(b.f(), ir::OpType::Sub, x, b.bcast(s, {false, true})));
  b.f().addOutput(y);
  const SegmentView view = b.view();
  const analysis::LogicalDomainMap map(view);
  QCOMPARE(map.unmappableDims(x), std::vector<int>{1});
  QVERIFY(map.unmappableDims(s).empty());
  const auto buffers = analysis::persistentBuffers(view);
  QCOMPARE(buffers.size(), std::size_t{1});
  QVERIFY(buffers[0].tv == x && buffers[0].resolution == y->definition());
  QCOMPARE(analysis::persistentBufferSize(view, b.rt()).persistentBytes, std::int64_t{4096});
}

void TestNormalizationRules::bufferSizeIsScopedByLiveness() {
  // Eight chained normalizations x_{i+1} = x_i - broadcast(sum(x_i)): every x_i is a buffer,
  // but each is live only until x_{i+1} resolves it (utils.cpp:848-978
  // getScopePersistenceFactors), so a row keeps one [1024] f32 buffer, not eight.
  Built b;
  ir::Val* x = b.input({64, 1024});
  for (int i = 0; i < 8; ++i) x = ok(ir::ops::binary(b.f(), ir::OpType::Sub, x, b.bcast(b.sum(x, {1}), {false, true})));
  b.f().addOutput(x);
  const SegmentView view = b.view();
  QCOMPARE(analysis::persistentBuffers(view).size(), std::size_t{8});
  const analysis::BufferSize size = analysis::persistentBufferSize(view, b.rt());
  QCOMPARE(size.persistentBytes, std::int64_t{4096});
  QVERIFY(!size.canProject);  // the input x_0 is live as long as any buffer: nothing saved
}

void TestNormalizationRules::bufferResolvedPastTheFirstBroadcast() {
  // PersistentBufferTest.PostReductionBroadcastCheck: the broadcast meets the new input T5
  // first; T2 joins one op later. T2 is the buffer, and the resolved dim traces back to T2
  // from T7 (registry_utils.cpp:692-740), so one inner persistent kernel.
  Built b;
  ir::Val* t0 = b.input({128, 256});
  ir::Val* t1 = b.input({128, 256});
  ir::Val* t2 = b.set(t0);
  ir::Val* t4 = b.bcast(b.sum(t2, {1}), {false, true});
  ir::Val* t6 = b.add(t4, b.set(t1));
  b.f().addOutput(b.add(t6, t2));
  const auto buffers = analysis::persistentBuffers(b.view());
  QCOMPARE(buffers.size(), std::size_t{1});
  QVERIFY(buffers[0].tv == t2);
  QVERIFY(!analysis::nonNormalizePostReductionBroadcast(b.view()));
  QVERIFY2(b.can(SchedulerType::InnerPersistent).ok, qPrintable(text(b.can(SchedulerType::InnerPersistent))));
  QVERIFY(!b.can(SchedulerType::Reduction).ok);
}

void TestNormalizationRules::unresolvedPostReductionBroadcast() {
  // Next to a proper normalization (T2 - broadcast), the broadcast also meets only the new
  // input y: that dim never traces back to what the reduction reads.
  Built b;
  ir::Val* x = b.input({128, 256});
  ir::Val* y = b.input({128, 256});
  ir::Val* t2 = b.set(x);
  ir::Val* bc = b.bcast(b.sum(t2, {1}), {false, true});
  b.f().addOutput(b.add(bc, t2));
  b.f().addOutput(b.add(bc, y));
  const auto bad = analysis::nonNormalizePostReductionBroadcast(b.view());
  QVERIFY(bad && bad->producer == bc);
  const Verdict inner = b.can(SchedulerType::InnerPersistent);
  QVERIFY(!inner.ok);
  QVERIFY2(text(inner).contains("unsupported post-reduction normalization"), qPrintable(text(inner)));
}

void TestNormalizationRules::multiDimensionalInnerReductionGetsNoSmemOrCluster() {
  // PersistentBufferTest.SmemPersistentNotSupportedIn3DReduction: [2, 64, 2, 8448] reduced over
  // [0, 2, 3] is a 3D reduction (innermost run 2 x 8448 of 33792 reduced elements); its 132 KiB
  // buffer exceeds the 128 KiB register budget and may not use a cluster.
  Built b;
  ir::Val* x = b.input({2, 64, 2, 8448});
  ir::Val* s = b.sum(x, {0, 2, 3});
  b.f().addOutput(ok(ir::ops::binary(b.f(), ir::OpType::Div, x, b.bcast(s, {true, false, true, true}))));
  const auto props = analysis::reductionProperties(b.view(), s->definition(), b.rt());
  QCOMPARE(props.totalReductionNumel, std::int64_t{33792});
  QCOMPARE(props.innerMostDimensionNumel, std::int64_t{16896});
  QCOMPARE(props.dimensionality, 3);
  const Verdict v = b.can(SchedulerType::InnerPersistent);
  QVERIFY(!v.ok);
  QVERIFY2(text(v).contains("132 KiB") && text(v).contains("multi-dimensional"), qPrintable(text(v)));

  // The same 33792 elements as one innermost run: the h100 cluster budget takes it.
  Built c;
  ir::Val* cx = c.input({64, 33792});
  ir::Val* cs = c.sum(cx, {1});
  c.f().addOutput(ok(ir::ops::binary(c.f(), ir::OpType::Div, cx, c.bcast(cs, {false, true}))));
  QVERIFY2(c.can(SchedulerType::InnerPersistent).ok, qPrintable(text(c.can(SchedulerType::InnerPersistent))));
}

void TestNormalizationRules::innerOuterConsumersMustNotMeet() {
  // An inner and an outer reduction of x with a buffer each way. Alone they are one
  // inner-outer kernel; when w feeds a consumer of each side, the sides meet outside the
  // outer reduction's producers (normalization_utils.cpp:591-612).
  auto build = [](bool link) {
    auto b = std::make_unique<Built>();
    ir::Val* x = b->input({64, 32});
    ir::Val* w = b->input({32});
    ir::Val* inner = b->sum(x, {1});
    b->f().addOutput(ok(ir::ops::binary(b->f(), ir::OpType::Mul, x, b->bcast(inner, {false, true}))));
    ir::Val* outer = b->sum(x, {0});
    b->f().addOutput(link ? b->add(outer, w) : outer);
    if (link) b->f().addOutput(b->add(b->sum(x, {0}), w));
    return b;
  };
  const auto alone = build(false);
  QVERIFY2(alone->can(SchedulerType::InnerOuterPersistent).ok,
           qPrintable(text(alone->can(SchedulerType::InnerOuterPersistent))));
  const auto linked = build(true);
  const Verdict v = linked->can(SchedulerType::InnerOuterPersistent);
  QVERIFY(!v.ok);
  QVERIFY2(text(v).contains("isConnectedOnlyThroughReductionProducer"), qPrintable(text(v)));
}

void TestNormalizationRules::gridOuterLaunchSearch() {
  // The numbers of OuterReductionTest.GridPersistent*256x{14,28}x512 with 4-way vectorization
  // and a half-precision buffer: 14 finds a configuration, 28 spills at every one.
  const DeviceProfile h100 = *profileByName("h100");
  const auto fits = normalization::gridOuterNormalizationParams(256 * 14 * 14, 512, 4, 256 * 14 * 14 * 16, h100);
  QVERIFY(fits.has_value());
  QCOMPARE(fits->bdimx * fits->bdimy, std::int64_t{256});
  QVERIFY(!normalization::gridOuterNormalizationParams(256 * 28 * 28, 512, 4, 256 * 28 * 28 * 16, h100));
}

void TestNormalizationRules::vectorizationFollowsInputsAndOutputs() {
  // The reduced tensor is float, but the half input and output set the width: 16 / 2 = 8; a
  // float input sharing the inner dim brings it to 4.
  auto build = [](bool floatWeights) {
    auto b = std::make_unique<Built>();
    ir::Val* x = b->input({256, 7, 7, 512}, ir::DataType::Half);
    ir::Val* xf = ok(ir::ops::cast(b->f(), x, ir::DataType::Float));
    ir::Val* s = b->sum(xf, {0, 1, 2});
    ir::Val* y = ok(ir::ops::binary(b->f(), ir::OpType::Sub, xf, b->bcast(s, {true, true, true, false})));
    if (floatWeights) y = b->add(y, b->bcast(b->input({512}), {true, true, true, false}));
    b->f().addOutput(ok(ir::ops::cast(b->f(), y, ir::DataType::Half)));
    return std::make_pair(std::move(b), xf);
  };
  const auto [half, hx] = build(false);
  const auto props =
      analysis::reductionProperties(half->view(), analysis::reductionExprs(half->view()).front(), half->rt());
  QCOMPARE(props.innerMostDimensionNdims, 1);
  QCOMPARE(analysis::vectorizationFactor(half->view(), hx, 1, half->rt()), std::int64_t{8});
  const auto [weighted, wx] = build(true);
  QCOMPARE(analysis::vectorizationFactor(weighted->view(), wx, 1, weighted->rt()), std::int64_t{4});
}

void TestNormalizationRules::reshapeInterferingWithReduction() {
  // ReshapeTest.GroupNormOriginal: [2, 128, 16, 16] split to [2, 32, 4, 16, 16], reduced over
  // [2, 3, 4], then merged back. The 32 (kept) and the 4 (reduced) come from one dim.
  auto build = [](bool mergeBack) {
    auto b = std::make_unique<Built>();
    ir::Val* x = b->input({2, 128, 16, 16});
    ir::Val* g = b->reshape(x, {2, 32, 4, 16, 16});
    ir::Val* s = b->sum(g, {2, 3, 4});
    ir::Val* y = ok(ir::ops::binary(b->f(), ir::OpType::Div, g, b->bcast(s, {false, false, true, true, true})));
    b->f().addOutput(mergeBack ? b->reshape(y, {2, 128, 16, 16}) : y);
    return b;
  };
  const auto merged = build(true);
  const ir::Expr* red = analysis::reductionExprs(merged->view()).front();
  const RuntimeInfo rt = merged->rt();
  QVERIFY(analysis::reductionInterferingView(merged->view(), red, &rt));
  const Verdict v = merged->can(SchedulerType::InnerPersistent);
  QVERIFY(!v.ok);
  QVERIFY2(text(v).contains("interfere"), qPrintable(text(v)));
  // Split only: the schedule is not disturbed.
  const auto split = build(false);
  const RuntimeInfo srt = split->rt();
  QVERIFY(!analysis::reductionInterferingView(split->view(), analysis::reductionExprs(split->view()).front(), &srt));
  QVERIFY2(split->can(SchedulerType::InnerPersistent).ok, qPrintable(text(split->can(SchedulerType::InnerPersistent))));
}

QTEST_APPLESS_MAIN(TestNormalizationRules)
#include "test_normalization_rules.moc"
