// Fusion regions: hand-built graphs with known regions (a matmul cutting two runs, two
// chains in one run, a lone op), determinism, the cost arithmetic, the comparison with the
// segmentation, and structural properties on every sample.
#include <QtTest>

#include <algorithm>
#include <set>
#include <unordered_map>

#include "frontend/script.h"
#include "passes/pre_segmenter.h"
#include "regions/region_comparison.h"
#include "regions/regions.h"
#include "scheduler/device_profile.h"
#include "segmenter/segmenter.h"
#include "test_files.h"

using namespace segscope;
using regions::Region;
using regions::RegionAnalysis;

namespace {

// Scripts live outside the test class: moc does not read raw strings inside Q_OBJECT bodies.

// relu → neg | matmul | exp → abs, and a mul of the neg result placed after the matmul.
const char* const kMatmulBetweenRuns = R"(
def f(fd):
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float)
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float)
    T2 = fd.ops.relu(T0)
    T3 = fd.ops.neg(T2)
    T4 = fd.ops.matmul(T3, T1)
    T5 = fd.ops.exp(T4)
    T6 = fd.ops.abs(T5)
    S7 = fd.define_scalar(2.0, dtype=DataType.Double)
    T8 = fd.ops.mul(T3, S7)
    fd.add_output(T6)
    fd.add_output(T8)

inputs = [
    torch.randn((64, 32), dtype=torch.float32, device='cuda:0'),
    torch.randn((32, 16), dtype=torch.float32, device='cuda:0'),
]
)";

// Two chains that share an input but exchange no tensor: two regions.
const char* const kTwoChains = R"(
def f(fd):
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float)
    T1 = fd.ops.relu(T0)
    T2 = fd.ops.neg(T1)
    T3 = fd.ops.exp(T0)
    T4 = fd.ops.abs(T3)
    fd.add_output(T2)
    fd.add_output(T4)

inputs = [torch.randn((128, 64), dtype=torch.float32, device='cuda:0')]
)";

const char* const kSingleOp = R"(
def f(fd):
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float)
    T1 = fd.ops.relu(T0)
    fd.add_output(T1)

inputs = [torch.randn((128, 64), dtype=torch.float32, device='cuda:0')]
)";

// [1024, 1024] f32 in, [1024, 1024] f32 out: 8 MiB cross the boundary.
const char* const kSquareChain = R"(
def f(fd):
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float)
    T1 = fd.ops.relu(T0)
    T2 = fd.ops.neg(T1)
    fd.add_output(T2)

inputs = [torch.randn((1024, 1024), dtype=torch.float32, device='cuda:0')]
)";

// Segmented as reduction | pointwise, but one region: the segmentation writes the reduced,
// broadcast row sums to DRAM and reads them back; the region keeps them on chip.
const char* const kReductionBroadcastAdd = R"(
def f(fd):
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float)
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float)
    T2 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)
    T3 = fd.ops.broadcast(T2, is_broadcast_dim=[False, True])
    T4 = fd.ops.add(T1, T3)
    fd.add_output(T4)

inputs = [
    torch.randn((1024, 4096), dtype=torch.float32, device='cuda:0'),
    torch.randn((1024, 4096), dtype=torch.float32, device='cuda:0'),
]
)";

const char* const kExpand = R"(
def f(fd):
    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float)
    T1 = fd.ops.broadcast(T0, is_broadcast_dim=[False, True])
    T2 = fd.ops.expand(T1, shape=[1024, 512])
    T3 = fd.ops.exp(T2)
    fd.add_output(T3)

inputs = [torch.randn((1024,), dtype=torch.float32, device='cuda:0')]
)";

frontend::Script parse(const char* text) {
  frontend::ParseOutcome o = frontend::parseScript(text);
  if (!o.ok()) qFatal("%s", o.error.format().c_str());
  return std::move(*o.script);
}

const scheduler::DeviceProfile& h100() {
  static const scheduler::DeviceProfile p = *scheduler::profileByName("h100");
  return p;
}

// The analysis points into `s`, which must outlive it.
RegionAnalysis analyse(const frontend::Script& s, const scheduler::DeviceProfile& device = h100()) {
  auto r = regions::findRegions(*s.fusion, s.inputs, device);
  if (!r) qFatal("regions failed: %s", r.error().message.c_str());
  return std::move(r.value());
}

// "T2 = relu(T0)" → "T2": members named by the value they produce.
QStringList memberNames(const Region& r) {
  QStringList out;
  for (const ir::Expr* e : r.members) out << QString::fromStdString(e->output()->name());
  return out;
}

QStringList valNames(const std::vector<const ir::Val*>& vals) {
  QStringList out;
  for (const ir::Val* v : vals) out << QString::fromStdString(v->name());
  return out;
}

// A complete text rendering, to compare two analyses.
std::string render(const RegionAnalysis& a) {
  std::string s = a.profile + " " + std::to_string(a.totalBytes) + "\n";
  for (const Region& r : a.regions) {
    s += std::to_string(r.id) + ": " + std::to_string(r.bytes) + " " + std::to_string(r.costMs) + "\n";
    for (const ir::Expr* e : r.members) s += "  m " + e->toString() + "\n";
    for (const ir::Val* v : r.inputs) s += "  i " + v->name() + "\n";
    for (const ir::Val* v : r.outputs) s += "  o " + v->name() + "\n";
    for (const ir::Expr* e : r.users) s += "  u " + e->toString() + "\n";
  }
  return s;
}

struct Segmented {
  frontend::Script script;
  segmenter::SegmentationResult result;
};

Segmented segmentScript(frontend::Script script) {
  trace::NullRecorder none;
  auto r = segmenter::segmentFusion(*script.fusion, script.inputs, h100(), {}, none);
  if (!r) qFatal("segmentation failed: %s", r.error().message.c_str());
  return {std::move(script), std::move(r.value())};
}

scheduler::RuntimeInfo bindSizes(const ir::Fusion& f, const std::vector<ir::InputSpec>& inputs) {
  auto rt = scheduler::RuntimeInfo::bind(f, inputs);
  if (!rt) qFatal("bind failed: %s", rt.error().message.c_str());
  return std::move(rt.value());
}

}  // namespace

class TestRegions : public QObject {
  Q_OBJECT

 private slots:
  void classifiesOps() {
    const frontend::Script s = parse(kMatmulBetweenRuns);
    for (const ir::Expr* e : s.fusion->exprs()) {
      const regions::OpClass c = regions::classify(e);
      if (e->op() == ir::OpType::Matmul)
        QCOMPARE(c, regions::OpClass::Barrier);
      else
        QCOMPARE(c, regions::OpClass::Fusible);
    }
  }

  void matmulCutsTwoRuns() {
    const frontend::Script s = parse(kMatmulBetweenRuns);
    const RegionAnalysis a = analyse(s);
    QCOMPARE(a.regions.size(), std::size_t{2});
    QCOMPARE(memberNames(a.regions[0]), QStringList({"T2", "T3"}));
    QCOMPARE(memberNames(a.regions[1]), QStringList({"T5", "T6"}));
    // T8 reads T3 but comes after the matmul in topological order: another run, alone, dropped.
    const Region& first = a.regions[0];
    QCOMPARE(valNames(first.inputs), QStringList({"T0"}));
    QCOMPARE(valNames(first.outputs), QStringList({"T3"}));
    QCOMPARE(first.users.size(), std::size_t{2});
    QCOMPARE(first.users[0]->op(), ir::OpType::Matmul);
    QCOMPARE(first.users[1]->op(), ir::OpType::Mul);
    QCOMPARE(first.bytes, std::int64_t{2 * 64 * 32 * 4});
    const Region& second = a.regions[1];
    QCOMPARE(valNames(second.inputs), QStringList({"T4"}));
    QCOMPARE(valNames(second.outputs), QStringList({"T6"}));  // a fusion output
    QVERIFY(second.users.empty());
    QCOMPARE(second.bytes, std::int64_t{2 * 64 * 16 * 4});
    QCOMPARE(a.regions[0].id, 0);
    QCOMPARE(a.regions[1].id, 1);
  }

  void twoChainsInOneRunAreTwoRegions() {
    const frontend::Script s = parse(kTwoChains);
    const RegionAnalysis a = analyse(s);
    QCOMPARE(a.regions.size(), std::size_t{2});
    QCOMPARE(memberNames(a.regions[0]), QStringList({"T1", "T2"}));
    QCOMPARE(memberNames(a.regions[1]), QStringList({"T3", "T4"}));
    // The shared input is read by both: each region pays for it.
    QCOMPARE(valNames(a.regions[0].inputs), QStringList({"T0"}));
    QCOMPARE(valNames(a.regions[1].inputs), QStringList({"T0"}));
    QCOMPARE(a.totalBytes, std::int64_t{4 * 128 * 64 * 4});
  }

  void aSingleFusibleOpMakesNoRegion() {
    const frontend::Script s = parse(kSingleOp);
    const RegionAnalysis a = analyse(s);
    QVERIFY(a.regions.empty());
    QCOMPARE(a.totalBytes, std::int64_t{0});
    QCOMPARE(a.totalCostMs, 0.0);
  }

  void isDeterministic() {
    const frontend::Script s = parse(kMatmulBetweenRuns);
    const std::string once = render(analyse(s));
    QCOMPARE(render(analyse(s)), once);
    const frontend::Script again = parse(kMatmulBetweenRuns);
    QCOMPARE(render(analyse(again)), once);  // a fresh parse too
    const QString sample = QString(SEGSCOPE_SOURCE_DIR) + "/samples/synthetic_block_200.py";
    frontend::ParseOutcome o1 = frontend::loadScriptFile(sample.toStdString());
    frontend::ParseOutcome o2 = frontend::loadScriptFile(sample.toStdString());
    QVERIFY(o1.ok() && o2.ok());
    QCOMPARE(render(analyse(*o1.script)), render(analyse(*o2.script)));
  }

  void costIsBytesOverBandwidth() {
    const frontend::Script s = parse(kSquareChain);
    const RegionAnalysis a = analyse(s);
    QCOMPARE(a.regions.size(), std::size_t{1});
    const std::int64_t bytes = 2LL * 1024 * 1024 * 4;  // input + output, f32
    QCOMPARE(a.regions[0].bytes, bytes);
    // 8,388,608 B / 3,350 GB/s = 2.504e-6 s = 0.0025040621 ms.
    QCOMPARE(a.dramBandwidthGBps, 3350.0);
    QVERIFY(qAbs(a.regions[0].costMs - 0.0025040621) < 1e-9);
    QCOMPARE(a.totalCostMs, a.regions[0].costMs);
    const RegionAnalysis h200 = analyse(s, *scheduler::profileByName("h200"));
    QVERIFY(qAbs(h200.regions[0].costMs - 8388608.0 / 4800e9 * 1e3) < 1e-12);
    QCOMPARE(h200.profile, std::string("h200"));
  }

  void expandedDimsCountOnce() {
    // An expanded broadcast is a stride-0 view: its storage is one row, as inductor counts it.
    const frontend::Script s = parse(kExpand);
    const scheduler::RuntimeInfo rt = bindSizes(*s.fusion, s.inputs);
    const ir::Val* expanded = s.fusion->valByName("T2");
    QVERIFY(expanded);
    QCOMPARE(regions::tensorBytes(expanded, rt), std::int64_t{1024 * 4});
    // A pointwise op keeps the expanded dim (nvFuser allocates such an output with stride 0).
    QCOMPARE(regions::tensorBytes(s.fusion->valByName("T3"), rt), std::int64_t{1024 * 4});
    QCOMPARE(rt.numel(s.fusion->valByName("T3")), std::int64_t{1024 * 512});
    QCOMPARE(regions::transferMs(0, h100()), 0.0);
  }

  void regionAcrossASegmentBoundary() {
    const Segmented sg = segmentScript(parse(kReductionBroadcastAdd));
    const segmenter::Segmentation& seg = sg.result.segmentation;
    QCOMPARE(seg.segments.size(), std::size_t{2});
    const scheduler::RuntimeInfo rt = bindSizes(*sg.result.fusion, sg.script.inputs);
    const RegionAnalysis a = regions::findRegions(*sg.result.fusion, rt, h100());
    QCOMPARE(a.regions.size(), std::size_t{1});
    QCOMPARE(memberNames(a.regions[0]), QStringList({"T2", "T3", "T4"}));
    const auto cmp = regions::compareWithSegmentation(a, seg, rt);
    QCOMPARE(cmp.size(), std::size_t{1});
    QCOMPARE(cmp[0].region, 0);
    QCOMPARE(cmp[0].segments, std::vector<int>({0, 1}));
    QVERIFY(cmp[0].splits.empty());  // each segment holds region members only
    // Every edge carries a member's result to a member: all of it stays on chip in the region.
    std::int64_t edgeBytes = 0;
    for (const segmenter::SegmentEdge& e : seg.edges) edgeBytes += regions::tensorBytes(e.val, rt);
    QVERIFY(edgeBytes > 0);
    QCOMPARE(cmp[0].bytesKeptOnChip, edgeBytes);
  }

  void splitSegmentsAreReported() {
    // The matmul's consumer run: exp → abs is a region; whatever segment takes it may also
    // take the lone mul (T8) or the matmul. Splits are the spanned segments holding other
    // tensor ops, recomputed here from the segments directly.
    const Segmented sg = segmentScript(parse(kMatmulBetweenRuns));
    const segmenter::Segmentation& seg = sg.result.segmentation;
    const scheduler::RuntimeInfo rt = bindSizes(*sg.result.fusion, sg.script.inputs);
    const RegionAnalysis a = regions::findRegions(*sg.result.fusion, rt, h100());
    const auto cmp = regions::compareWithSegmentation(a, seg, rt);
    QCOMPARE(cmp.size(), a.regions.size());
    for (std::size_t i = 0; i < cmp.size(); ++i) {
      std::set<int> memberIds;
      for (const ir::Expr* e : a.regions[i].members) memberIds.insert(e->id());
      std::vector<int> spans, splits;
      for (const segmenter::Segment& s : seg.segments) {
        bool holdsMember = false, holdsOther = false;
        for (const ir::Expr* e : s.exprs) {
          if (memberIds.count(e->id()))
            holdsMember = true;
          else if (e->output()->isTensor())
            holdsOther = true;
        }
        if (holdsMember) spans.push_back(s.id);
        if (holdsMember && holdsOther) splits.push_back(s.id);
      }
      QCOMPARE(cmp[i].segments, spans);
      QCOMPARE(cmp[i].splits, splits);
    }
  }

  void crossEntropySampleAgainstItsSegmentation() {
    // The README's example: one 17-op region cut into inner_persistent + reduction; segment 1
    // reads back the [2048, 1000] f32 log-softmax (8,192,000 B) that the region keeps on chip.
    frontend::ParseOutcome o =
        frontend::loadScriptFile(QString(SEGSCOPE_SOURCE_DIR "/samples/cross_entropy.py").toStdString());
    QVERIFY(o.ok());
    passes::runPreSegmenter(*o.script->fusion);
    const Segmented sg = segmentScript(std::move(*o.script));
    const scheduler::RuntimeInfo rt = bindSizes(*sg.result.fusion, sg.script.inputs);
    const RegionAnalysis a = regions::findRegions(*sg.result.fusion, rt, h100());
    QCOMPARE(a.regions.size(), std::size_t{1});
    QCOMPARE(a.regions[0].members.size(), std::size_t{17});
    QCOMPARE(valNames(a.regions[0].inputs), QStringList({"T0", "T1"}));
    const auto cmp = regions::compareWithSegmentation(a, sg.result.segmentation, rt);
    QCOMPARE(cmp[0].segments, std::vector<int>({0, 1}));
    QVERIFY(cmp[0].splits.empty());
    QCOMPARE(cmp[0].bytesKeptOnChip, std::int64_t{2048 * 1000 * 4});
  }

  void propertiesOnEverySample_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : testing::sampleFiles()) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }
  void propertiesOnEverySample() {
    QFETCH(QString, file);
    frontend::ParseOutcome o = frontend::loadScriptFile(file.toStdString());
    QVERIFY(o.ok());
    passes::runPreSegmenter(*o.script->fusion);
    const Segmented sg = segmentScript(std::move(*o.script));
    const scheduler::RuntimeInfo rt = bindSizes(*sg.result.fusion, sg.script.inputs);
    const RegionAnalysis a = regions::findRegions(*sg.result.fusion, rt, h100());
    std::unordered_map<const ir::Expr*, std::size_t> position;
    const auto order = sg.result.fusion->exprs();
    for (std::size_t i = 0; i < order.size(); ++i) position[order[i]] = i;
    std::set<const ir::Expr*> seen;
    std::int64_t total = 0;
    for (std::size_t i = 0; i < a.regions.size(); ++i) {
      const Region& r = a.regions[i];
      QCOMPARE(r.id, static_cast<int>(i));
      QVERIFY(r.members.size() >= 2);
      QVERIFY(r.bytes > 0);
      QCOMPARE(r.costMs, regions::transferMs(r.bytes, h100()));
      for (std::size_t m = 0; m < r.members.size(); ++m) {
        QCOMPARE(regions::classify(r.members[m]), regions::OpClass::Fusible);
        QVERIFY(seen.insert(r.members[m]).second);  // no expr in two regions
        if (m) QVERIFY(position.at(r.members[m - 1]) < position.at(r.members[m]));
      }
      if (i) QVERIFY(position.at(a.regions[i - 1].members[0]) < position.at(r.members[0]));
      total += r.bytes;
    }
    QCOMPARE(a.totalBytes, total);
    const auto cmp = regions::compareWithSegmentation(a, sg.result.segmentation, rt);
    QCOMPARE(cmp.size(), a.regions.size());
    for (const regions::RegionComparison& c : cmp) {
      QVERIFY(!c.segments.empty());
      for (int s : c.splits) QVERIFY(std::find(c.segments.begin(), c.segments.end(), s) != c.segments.end());
      QVERIFY(c.bytesKeptOnChip >= 0);
    }
  }
};

QTEST_GUILESS_MAIN(TestRegions)
#include "test_regions.moc"
