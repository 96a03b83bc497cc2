// CpuRunner on hand-made segmentations: every sample split one segment per expr (and
// whole, and with a host scalar segment) gives the unsegmented reference's outputs; values
// are freed after their last consumer; random ops draw the same numbers when segmented.
#include <QtTest>

#include "../segmenter/segmentation_support.h"
#include "exec/cpu_runner.h"
#include "exec/segment_runner.h"
#include "frontend/script.h"
#include "ir/ops.h"
#include "passes/pre_segmenter.h"
#include "reference/input_generator.h"
#include "row_scaling.h"
#include "test_files.h"

using namespace segscope;
using exec::CpuRunner;

namespace {

// The sample with its rows scaled down (tests/row_scaling.h): what a grouping computes does not
// depend on the number of rows, and the reference then runs in a fraction of the time.
frontend::Script load(const QString& path, bool presegment) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
  frontend::ParseOptions options;
  options.fileName = path.toStdString();
  frontend::ParseOutcome o = frontend::parseScript(testing::rowScaledDown(file.readAll().toStdString()), options);
  if (!o.ok()) o = frontend::loadScriptFile(path.toStdString());  // as written, when scaling broke it
  if (!o.ok()) qFatal("%s", o.error.format().c_str());
  if (presegment) passes::runPreSegmenter(*o.script->fusion);
  return std::move(*o.script);
}

frontend::Script parse(const std::string& text) {
  frontend::ParseOutcome o = frontend::parseScript(text);
  if (!o.ok()) qFatal("%s", o.error.format().c_str());
  return std::move(*o.script);
}

template <class R>
auto ok(R r) {
  if (!r) qFatal("error: %s", r.error().message.c_str());
  return std::move(r).value();
}

std::vector<std::vector<int>> grouping(const ir::Fusion& f, int kind) {
  if (kind == 0) return testing::exprPerSegment(f);
  if (kind == 1) return testing::wholeFusion(f);
  return testing::hostScalarSegment(f);
}

// Bitwise equality of two values (the segmented run repeats the same arithmetic).
bool identical(const exec::Value& a, const exec::Value& b) {
  const auto* x = std::get_if<exec::HostTensor>(&a);
  const auto* y = std::get_if<exec::HostTensor>(&b);
  if (!x || !y) return !x && !y && std::get<ir::ScalarValue>(a) == std::get<ir::ScalarValue>(b);
  return x->dtype() == y->dtype() && x->sizes() == y->sizes() && x->asDoubles() == y->asDoubles();
}

// A chain a → b → c → d where each value has one consumer, plus the input read at the end.
const char* const kChain = R"(
def fusion(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.exp(T0)
    T2 = fd.ops.neg(T1)
    T3 = fd.ops.abs(T2)
    T4 = fd.ops.sin(T3)
    T5 = fd.ops.add(T4, T0)
    fd.add_output(T5)

inputs = [
    torch.randn((16, 8), dtype=torch.float32, device='cuda:0'),
]
)";

}  // namespace

class TestCpuRunner : public QObject {
  Q_OBJECT

 private slots:
  void samplesMatchTheReference_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("presegment");
    QTest::addColumn<int>("kind");  // 0: one segment per expr, 1: whole fusion, 2: host scalar segment
    for (const QString& f : testing::sampleFiles())
      for (bool pre : {false, true})
        for (int kind : {0, 1, 2})
          if (kind == 0 || !pre)  // after the passes: per expr here, host grouping below
            QTest::newRow(
                qPrintable(QFileInfo(f).fileName() + (pre ? " presegmented" : "") + " g" + QString::number(kind)))
                << f << pre << kind;
  }
  void samplesMatchTheReference() {
    QFETCH(QString, path);
    QFETCH(bool, presegment);
    QFETCH(int, kind);
    const frontend::Script script = load(path, presegment);
    const auto s = testing::makeSegmentation(*script.fusion, grouping(*script.fusion, kind));
    QVERIFY(s.has_value());
    const auto inputs = ok(exec::makeInputs(script.inputs, 7));
    const auto v = exec::verifySegmented(*s, inputs);
    QVERIFY2(v.ok(), v.ok() ? "" : v.error().message.c_str());
    QVERIFY2(v.value().comparison.ok, v.value().comparison.message.c_str());
    const exec::SegmentedRun& run = v.value().run;
    QCOMPARE(run.segments.size(), s->segments.size());
    QCOMPARE(run.outputs.size(), script.fusion->outputs().size());
    for (std::size_t i = 0; i < s->runOrder.size(); ++i) {
      const exec::SegmentRun& r = run.segments[i];
      QCOMPARE(r.segment, s->runOrder[i]);
      QCOMPARE(r.host, s->segments[static_cast<std::size_t>(r.segment)].host);
      QVERIFY(r.milliseconds >= 0);
      QVERIFY(r.bytesIn >= 0 && r.bytesOut >= 0);
    }
  }

  // Row scaling divides the rows wherever they lead a shape and keeps every other dim.
  void rowScalingKeepsInnerDims() {
    QFile file(QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py");
    QVERIFY(file.open(QIODevice::ReadOnly));
    const std::string scaled = testing::rowScaledDown(file.readAll().toStdString());
    QVERIFY2(scaled.find("define_tensor(shape=[64, 1024]") != std::string::npos, scaled.c_str());
    QVERIFY(scaled.find("define_tensor(shape=[1024]") != std::string::npos);
    QVERIFY(scaled.find("make_tensor((64, 1024)") != std::string::npos);
    QVERIFY(scaled.find("4096") == std::string::npos);
    const std::string small = "T0 = fd.define_tensor(shape=[8, 4], dtype=DataType.Float)";
    QCOMPARE(testing::rowScaledDown(small), small);  // small already
    const std::string symbolic = "T0 = fd.define_tensor(shape=[-1, -1], dtype=DataType.Float)";
    QCOMPARE(testing::rowScaledDown(symbolic, 1), symbolic);  // the footer alone knows its sizes
  }

  // The CPU reference rounds every op's result to its dtype, so a segment boundary changes
  // nothing: the outputs are bit-identical, not just within tolerance.
  void segmentedOutputsAreBitIdentical_data() {
    QTest::addColumn<QString>("path");
    for (const QString& f : testing::sampleFiles()) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }
  void segmentedOutputsAreBitIdentical() {
    QFETCH(QString, path);
    const frontend::Script script = load(path, true);
    const auto s = testing::makeSegmentation(*script.fusion, testing::hostScalarSegment(*script.fusion));
    const auto inputs = ok(exec::makeInputs(script.inputs, 11));
    const auto expected = ok(exec::runReference(*script.fusion, inputs));
    const exec::SegmentedRun run = ok(ok(CpuRunner::create(*s)).run(inputs));
    for (std::size_t i = 0; i < expected.size(); ++i)
      QVERIFY2(identical(expected[i], run.outputs[i]), qPrintable("output " + QString::number(i)));
  }

  void hostSegmentReportsItsScalars() {
    const frontend::Script script = load(QString(SEGSCOPE_SOURCE_DIR) + "/samples/dynamic_reshape.py", false);
    const auto s = testing::makeSegmentation(*script.fusion, testing::hostScalarSegment(*script.fusion));
    QVERIFY(s->segments[0].host);
    const CpuRunner runner = ok(CpuRunner::create(*s));
    const auto inputs = ok(exec::makeInputs(script.inputs));
    const exec::SegmentedRun run = ok(runner.run(inputs));
    const exec::SegmentRun& host = run.segments.front();
    QVERIFY(host.host);
    std::map<std::string, std::int64_t> scalars;
    for (const auto& [name, value] : host.hostScalars)
      scalars[name] = static_cast<std::int64_t>(ir::scalarAsDouble(value));
    QCOMPARE(scalars.at("S4"), std::int64_t{4});  // the sizes of the (4, 512, 1024) input
    QCOMPARE(scalars.at("S5"), std::int64_t{512});
    QCOMPARE(scalars.at("S6"), std::int64_t{1024});
    for (std::size_t i = 1; i < run.segments.size(); ++i) QVERIFY(run.segments[i].hostScalars.empty());
    QCOMPARE(host.bytesIn, std::int64_t{0});  // it only measures T0
    QCOMPARE(host.bytesOut, std::int64_t{0});
  }

  void valuesAreFreedAfterTheirLastConsumer() {
    const frontend::Script script = parse(kChain);
    const auto inputs = ok(exec::makeInputs(script.inputs));
    const auto s = testing::makeSegmentation(*script.fusion, testing::exprPerSegment(*script.fusion));
    const exec::SegmentedRun run = ok(ok(CpuRunner::create(*s)).run(inputs));
    // At most the value just produced and the one it was computed from are alive.
    QCOMPARE(run.peakLiveValues, std::size_t{2});
    QCOMPARE(run.peakLiveBytes, std::int64_t{2 * 16 * 8 * 4});
    QCOMPARE(run.segments.front().bytesIn, std::int64_t{16 * 8 * 4});
    QCOMPARE(run.segments.back().bytesIn, std::int64_t{2 * 16 * 8 * 4});
    QCOMPARE(run.segments.back().bytesOut, std::int64_t{16 * 8 * 4});
    // Whole: nothing crosses a boundary except the output.
    const auto whole = testing::makeSegmentation(*script.fusion, testing::wholeFusion(*script.fusion));
    QCOMPARE(ok(ok(CpuRunner::create(*whole)).run(inputs)).peakLiveValues, std::size_t{1});
  }

  void randomOpsDrawTheSameNumbers() {
    const frontend::Script script = load(QString(SEGSCOPE_SOURCE_DIR) + "/samples/dropout.py", false);
    bool hasRandom = false;
    for (const ir::Expr* e : script.fusion->exprs()) hasRandom |= e->op() == ir::OpType::Uniform;
    QVERIFY(hasRandom);
    const auto inputs = ok(exec::makeInputs(script.inputs, 3));
    for (std::uint64_t seed : {0u, 42u}) {
      exec::ReferenceOptions options;
      options.seed = seed;
      const auto expected = ok(exec::runReference(*script.fusion, inputs, options));
      const auto s = testing::makeSegmentation(*script.fusion, testing::exprPerSegment(*script.fusion));
      const exec::SegmentedRun run = ok(ok(CpuRunner::create(*s)).run(inputs, options));
      for (std::size_t i = 0; i < expected.size(); ++i) QVERIFY(identical(expected[i], run.outputs[i]));
    }
  }

  // Extents that a segment reads directly come from the sizes of the tensor they measure,
  // even after its data was freed.
  void extentInputsComeFromTensorSizes() {
    ir::Fusion f;
    std::vector<ir::Dim> dims;
    for (int d = 0; d < 2; ++d)
      dims.push_back(ir::Dim{ir::SymInt::symbolic(f.newScalar(ir::DataType::Index)), ir::IterKind::Iteration});
    ir::TensorView* t0 = f.newTensor(ir::DataType::Float, dims);
    for (int d = 0; d < 2; ++d)
      static_cast<ir::Scalar*>(t0->dim(static_cast<std::size_t>(d)).extent.sym)->setExtentOf(t0, d);
    f.addInput(t0);
    ir::Val* t1 = ok(ir::ops::unary(f, ir::OpType::Neg, t0));
    ir::Val* t2 = ok(ir::ops::reshape(
        f, t1, {ir::SymInt::symbolic(t0->dim(1).extent.sym), ir::SymInt::symbolic(t0->dim(0).extent.sym)}));
    f.addOutput(t2);
    const auto s = testing::makeSegmentation(f, testing::exprPerSegment(f));
    const std::vector<exec::Value> inputs{
        exec::HostTensor::fromValues(ir::DataType::Float, {2, 3}, {1, 2, 3, 4, 5, 6})};
    const auto v = ok(exec::verifySegmented(*s, inputs));
    QVERIFY2(v.comparison.ok, v.comparison.message.c_str());
    QCOMPARE(std::get<exec::HostTensor>(v.run.outputs[0]).sizes(), (std::vector<std::int64_t>{3, 2}));
  }

  // A fusion output that no segment computes (an input passed through) comes from the inputs.
  void inputsPassedThroughAreOutputs() {
    const frontend::Script script = parse(R"(
def fusion(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.exp(T0)
    fd.add_output(T0)
    fd.add_output(T1)

inputs = [
    torch.randn((3, 5), dtype=torch.float32, device='cuda:0'),
]
)");
    const auto inputs = ok(exec::makeInputs(script.inputs));
    const auto s = testing::makeSegmentation(*script.fusion, testing::exprPerSegment(*script.fusion));
    const auto v = ok(exec::verifySegmented(*s, inputs));
    QVERIFY2(v.comparison.ok, v.comparison.message.c_str());
    QVERIFY(identical(v.run.outputs[0], inputs[0]));
  }

  void errorsAreValues() {
    const frontend::Script script = parse(kChain);
    const auto inputs = ok(exec::makeInputs(script.inputs));
    auto s = testing::makeSegmentation(*script.fusion, testing::exprPerSegment(*script.fusion));
    std::reverse(s->runOrder.begin(), s->runOrder.end());  // consumers before producers
    const auto run = ok(CpuRunner::create(*s)).run(inputs);
    QVERIFY(!run.ok());
    QVERIFY2(run.error().message.find("has not been computed") != std::string::npos, run.error().message.c_str());
    const auto wrongCount = ok(CpuRunner::create(*s)).run({});
    QVERIFY(!wrongCount.ok());
  }

  void mismatchesNameTheWorstElement() {
    // A segmented run compared against another fusion's reference reports where it differs.
    const frontend::Script script = parse(kChain);
    const auto inputs = ok(exec::makeInputs(script.inputs));
    const auto s = testing::makeSegmentation(*script.fusion, testing::exprPerSegment(*script.fusion));
    exec::SegmentedRun run = ok(ok(CpuRunner::create(*s)).run(inputs));
    auto& out = std::get<exec::HostTensor>(run.outputs[0]);
    out.set(5, out.get(5) + 1.0);
    const auto expected = ok(exec::runReference(*script.fusion, inputs));
    const exec::Comparison c = exec::compareOutputs(expected, run.outputs, {"T5"});
    QVERIFY(!c.ok);
    QCOMPARE(c.worstIndex, std::int64_t{5});
  }

  // The window's "auto" repeat: a time budget stops the CPU's timed runs after the first one
  // that exceeds it, reports how many ran, and leaves the progress bar full.
  void aTimeBudgetStopsRepeatsEarly() {
    const frontend::Script script = parse(kChain);
    const auto s = testing::makeSegmentation(*script.fusion, testing::exprPerSegment(*script.fusion));
    const auto inputs = ok(exec::makeInputs(script.inputs, 3));
    const exec::SegmentRunner runner(ok(exec::makeCpuBackend(*s)));
    exec::RunControl control;
    exec::RunCounts counts{0, 50};
    counts.budgetMs = 1e-9;
    const exec::TimedRun run = ok(runner.run(inputs, counts, script.fusion.get(), {}, &control));
    QCOMPARE(run.counts.repeat, 1);
    QCOMPARE(run.segments.front().timedRuns, 1);
    QCOMPARE(control.done(), control.total());
    QCOMPARE(control.total(), static_cast<std::int64_t>(2 * s->segments.size()));  // one timed run + the reference
    QVERIFY(run.comparison && run.comparison->ok);

    exec::RunControl unlimited;
    const exec::TimedRun all = ok(runner.run(inputs, exec::RunCounts{0, 3}, nullptr, {}, &unlimited));
    QCOMPARE(all.counts.repeat, 3);
    QCOMPARE(all.segments.front().timedRuns, 3);
    QCOMPARE(unlimited.done(), unlimited.total());
  }
};

QTEST_APPLESS_MAIN(TestCpuRunner)
#include "test_cpu_runner.moc"
