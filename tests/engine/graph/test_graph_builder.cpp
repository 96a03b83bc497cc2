// GraphModel construction: one cluster per segment holding exactly its ops, inputs drawn
// once per consuming cluster, the collapsed view's byte weights, and step highlights.
#include <QtTest>

#include <QFile>
#include <QTemporaryDir>

#include <map>
#include <set>

#include "frontend/script.h"
#include "graph/graph_builder.h"
#include "passes/pre_segmenter.h"
#include "scheduler/device_profile.h"
#include "segmenter/segmenter.h"
#include "test_files.h"
#include "trace/trace.h"

using namespace segscope;
using graph::GraphModel;
using graph::Highlight;

namespace {

struct Segmented {
  frontend::Script script;
  segmenter::SegmentationResult result;
  trace::Trace trace;
};

Segmented segmentSample(const QString& path) {
  frontend::ParseOutcome o = frontend::loadScriptFile(path.toStdString());
  if (!o.ok()) qFatal("%s", o.error.format().c_str());
  Segmented s{std::move(*o.script), {}, {}};
  passes::runPreSegmenter(*s.script.fusion, &s.trace);
  auto r = segmenter::segmentFusion(*s.script.fusion, s.script.inputs, *scheduler::profileByName("h100"), {}, s.trace);
  if (!r) qFatal("%s", r.error().message.c_str());
  s.result = std::move(r.value());
  return s;
}

// Every edge ends at nodes that exist; ids are unique.
QString checkWellFormed(const GraphModel& m) {
  std::set<std::string> ids;
  for (const graph::Node& n : m.nodes)
    if (!ids.insert(n.id).second) return QString::fromStdString("duplicate node id " + n.id);
  for (const graph::Edge& e : m.edges)
    if (!ids.count(e.from) || !ids.count(e.to))
      return QString::fromStdString("edge " + e.from + " -> " + e.to + " dangles");
  for (const graph::Node& n : m.nodes)
    if (n.cluster >= static_cast<int>(m.clusters.size())) return "node in a cluster that does not exist";
  return {};
}

std::string fingerprint(const GraphModel& m) {
  std::string s;
  for (const graph::Node& n : m.nodes)
    s += n.id + "|" + n.label + "|" + n.detail + "|" + std::to_string(n.cluster) + "\n";
  for (const graph::Edge& e : m.edges) s += e.from + ">" + e.to + "|" + e.label + "|" + std::to_string(e.bytes) + "\n";
  for (const graph::Cluster& c : m.clusters) s += c.id + "|" + c.label + "|" + c.fillColor + "\n";
  return s;
}

}  // namespace

class TestGraphBuilder : public QObject {
  Q_OBJECT

 private slots:
  void segmentViewOfEverySample_data() {
    QTest::addColumn<QString>("path");
    for (const QString& f : testing::sampleFiles()) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }
  void segmentViewOfEverySample() {
    QFETCH(QString, path);
    const Segmented s = segmentSample(path);
    const segmenter::Segmentation& seg = s.result.segmentation;
    const trace::SnapshotPtr snap = graph::snapshotOfSegmentation(seg);
    graph::BuildOptions options;
    options.clusterWord = "segment";
    const GraphModel m = graph::buildGraph(*snap, options);
    const QString problem = checkWellFormed(m);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(m.clusters.size(), seg.segments.size());
    // Each op sits in the cluster of the (first) segment that holds it.
    std::map<int, int> opsIn;
    for (const graph::Node& n : m.nodes) {
      if (n.kind != graph::NodeKind::Op) continue;
      QVERIFY(n.cluster >= 0);
      const int segment = m.clusters[static_cast<std::size_t>(n.cluster)].group;
      const auto& exprs = seg.segments[static_cast<std::size_t>(segment)].exprs;
      QVERIFY(std::any_of(exprs.begin(), exprs.end(), [&](const ir::Expr* e) { return e->id() == n.exprId; }));
      ++opsIn[segment];
    }
    for (const graph::Cluster& c : m.clusters) {
      QCOMPARE(c.opCount, opsIn[c.group]);
      QCOMPARE(QString::fromStdString(c.id), QString("segment-%1").arg(c.group));
      // The host scalars are their own kind, never "segment N · expr_eval".
      if (c.scheduler == trace::kHostScalarsKind)
        QVERIFY2(QString::fromStdString(c.label).startsWith("host scalars · "), c.label.c_str());
      else
        QVERIFY(QString::fromStdString(c.label).startsWith(QString("segment %1 · ").arg(c.group)));
      QCOMPARE(c.scheduler == trace::kHostScalarsKind, seg.segments[static_cast<std::size_t>(c.group)].hostScalars);
      QCOMPARE(c.fillColor, graph::schedulerColors(c.scheduler).fill);
    }
    // Inputs are drawn once per consuming cluster, never shared across clusters.
    for (const graph::Edge& e : m.edges) {
      const graph::Node* from = m.node(e.from);
      const graph::Node* to = m.node(e.to);
      if (from->kind == graph::NodeKind::Input && to->kind == graph::NodeKind::Op && to->cluster >= 0)
        QVERIFY2(e.from.find("@g" + std::to_string(m.clusters[static_cast<std::size_t>(to->cluster)].group)) !=
                     std::string::npos,
                 e.from.c_str());
      if (e.crossesClusters && to->kind == graph::NodeKind::Op) QVERIFY(!e.label.empty());
    }
    QCOMPARE(fingerprint(graph::buildGraph(*snap, options)), fingerprint(m));  // deterministic
  }

  void collapsedViewWeighsEdgesByBytes() {
    const Segmented s = segmentSample(QString(SEGSCOPE_SOURCE_DIR) + "/samples/cross_entropy.py");
    const trace::SnapshotPtr snap = graph::snapshotOfSegmentation(s.result.segmentation);
    graph::BuildOptions options;
    options.view = graph::View::Collapsed;
    auto rt = scheduler::RuntimeInfo::bind(*snap->fusion, s.script.inputs);
    QVERIFY(rt.ok());
    options.sizes = &rt.value();
    const GraphModel m = graph::buildGraph(*snap, options);
    QVERIFY(checkWellFormed(m).isEmpty());
    int segments = 0;
    for (const graph::Node& n : m.nodes) segments += n.kind == graph::NodeKind::Segment ? 1 : 0;
    QCOMPARE(segments, 2);
    // segment 0 -> segment 1 carries T24 = f32 [2048, 1000].
    const auto it = std::find_if(m.edges.begin(), m.edges.end(),
                                 [](const graph::Edge& e) { return e.from == "s0" && e.to == "s1"; });
    QVERIFY(it != m.edges.end());
    QCOMPARE(it->bytes, std::int64_t{2048} * 1000 * 4);
    QCOMPARE(QString::fromStdString(it->label), QString("7.8 MiB"));
  }

  // nvFuser's expr_eval segments are ATen calls: the frame and the collapsed node name the op.
  void exprEvalSegmentsNameTheirOps() {
    const Segmented s = segmentSample(QString(SEGSCOPE_SOURCE_DIR) + "/tests/data/why/linear_between.py");
    const trace::SnapshotPtr snap = graph::snapshotOfSegmentation(s.result.segmentation);
    graph::BuildOptions options;
    options.clusterWord = "segment";
    const GraphModel segments = graph::buildGraph(*snap, options);
    const auto frame = std::find_if(segments.clusters.begin(), segments.clusters.end(),
                                    [](const graph::Cluster& c) { return c.scheduler == "expr_eval"; });
    QVERIFY(frame != segments.clusters.end());
    QCOMPARE(QString::fromStdString(frame->label), QString("segment %1 · expr_eval (linear) · 1 op").arg(frame->group));
    options.view = graph::View::Collapsed;
    const GraphModel collapsed = graph::buildGraph(*snap, options);
    const auto node = std::find_if(collapsed.nodes.begin(), collapsed.nodes.end(), [&](const graph::Node& n) {
      return n.kind == graph::NodeKind::Segment && n.segment == frame->group;
    });
    QVERIFY(node != collapsed.nodes.end());
    QCOMPARE(QString::fromStdString(node->detail), QString("expr_eval (linear) · 1 op"));
  }

  // A segment reading more than 8 fusion inputs gets one "N inputs" node in the collapsed
  // view (a norm stack's 200 weights drew a row of ellipses that hid the segment).
  void collapsedViewBundlesManyInputs() {
    QTemporaryDir dir;
    const QString path = dir.filePath("sum_of_12.py");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QByteArray text = "from nvfuser import FusionDefinition, DataType\n\ndef fusion(fd : FusionDefinition) -> None :\n";
    for (int i = 0; i < 12; ++i)
      text += QByteArray("    T") + QByteArray::number(i) +
              " = fd.define_tensor(shape=[64, 64], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)\n";
    QByteArray last = "T0";
    for (int i = 1; i < 12; ++i) {
      const QByteArray next = "T" + QByteArray::number(100 + i);
      text += "    " + next + " = fd.ops.add(" + last + ", T" + QByteArray::number(i) + ")\n";
      last = next;
    }
    text += "    fd.add_output(" + last + ")\n";
    f.write(text);
    f.close();
    const Segmented s = segmentSample(path);
    const trace::SnapshotPtr snap = graph::snapshotOfSegmentation(s.result.segmentation);
    graph::BuildOptions options;
    options.view = graph::View::Collapsed;
    const GraphModel m = graph::buildGraph(*snap, options);
    QVERIFY(checkWellFormed(m).isEmpty());
    int inputs = 0;
    const graph::Node* bundle = nullptr;
    for (const graph::Node& n : m.nodes)
      if (n.kind == graph::NodeKind::Input) {
        ++inputs;
        bundle = &n;
      }
    QCOMPARE(inputs, 1);
    QCOMPARE(QString::fromStdString(bundle->label), QString("12 inputs"));
    QVERIFY(QString::fromStdString(bundle->tooltip).contains("T0, T1, T2"));
    const auto edge =
        std::find_if(m.edges.begin(), m.edges.end(), [&](const graph::Edge& e) { return e.from == bundle->id; });
    QVERIFY(edge != m.edges.end());
    QCOMPARE(edge->bytes, std::int64_t{12} * 64 * 64 * 4);
  }

  // Collapsed view, one segment expanded in place: a 600-op norm stack (one persistent
  // segment) becomes a chain of runs inside its frame, one layer each; an expanded run becomes
  // its ops, wired to the runs before and after it.
  void collapsedViewExpandsABigSegmentAsRuns() {
    const Segmented s = segmentSample(QString(SEGSCOPE_TEST_DATA_DIR) + "/data/norm_stack_600.py");
    QCOMPARE(s.result.segmentation.segments.size(), std::size_t{1});
    const trace::SnapshotPtr snap = graph::snapshotOfSegmentation(s.result.segmentation);
    const std::vector<const ir::Expr*>& exprs = s.result.segmentation.segments[0].exprs;
    graph::BuildOptions options;
    options.view = graph::View::Collapsed;
    options.expandedAround = {exprs[exprs.size() / 2]->id()};
    const GraphModel m = graph::buildGraph(*snap, options);
    QVERIFY2(checkWellFormed(m).isEmpty(), qPrintable(checkWellFormed(m)));
    QCOMPARE(m.clusters.size(), std::size_t{1});
    QCOMPARE(m.clusters[0].opCount, static_cast<int>(exprs.size()));
    std::vector<const graph::Node*> runs;
    for (const graph::Node& n : m.nodes) {
      QVERIFY2(n.kind != graph::NodeKind::Op, n.id.c_str());  // above kOpsDrawnInPlace: runs only
      if (n.id.starts_with('r')) runs.push_back(&n);
    }
    QVERIFY(runs.size() >= exprs.size() / graph::kRunOps);
    for (const graph::Node* r : runs) {
      QCOMPARE(r->cluster, 0);
      if (r != runs.back())  // a layer each; the tail after the last layer may have none
        QVERIFY2(QString::fromStdString(r->detail).contains("reduction"), r->detail.c_str());
    }
    // Consecutive runs are wired to each other, without byte labels (nothing is paid inside).
    const auto wired = [&](const std::string& a, const std::string& b) {
      return std::any_of(m.edges.begin(), m.edges.end(),
                         [&](const graph::Edge& e) { return e.from == a && e.to == b && e.label.empty(); });
    };
    for (std::size_t i = 1; i < runs.size(); ++i) QVERIFY2(wired(runs[i - 1]->id, runs[i]->id), runs[i]->id.c_str());
    // The third run as its ops.
    options.runsExpandedAround = {runs[2]->anchorExpr};
    const GraphModel m2 = graph::buildGraph(*snap, options);
    QVERIFY2(checkWellFormed(m2).isEmpty(), qPrintable(checkWellFormed(m2)));
    int ops = 0;
    for (const graph::Node& n : m2.nodes)
      if (n.kind == graph::NodeKind::Op) {
        ++ops;
        QCOMPARE(n.anchorExpr, runs[2]->anchorExpr);
      }
    QVERIFY(ops > 1 && ops <= static_cast<int>(graph::kRunOps));
    QVERIFY(m2.node(runs[2]->id) == nullptr && m2.node(runs[1]->id) && m2.node(runs[3]->id));
    // Not expanded: one node.
    options.expandedAround.clear();
    const GraphModel folded = graph::buildGraph(*snap, options);
    QVERIFY(folded.clusters.empty());
    QVERIFY(folded.node("s0"));
  }

  // Find: every word must occur in a node's label, detail or tooltip; the node a name
  // defines comes first.
  void findNodesMatchesNamesTypesAndShapes() {
    const Segmented s = segmentSample(QString(SEGSCOPE_SOURCE_DIR) + "/samples/cross_entropy.py");
    const trace::SnapshotPtr snap = graph::snapshotOfSegmentation(s.result.segmentation);
    const GraphModel m = graph::buildGraph(*snap, {});
    const std::vector<std::string> t30 = graph::findNodes(m, "T30");
    QVERIFY(!t30.empty());
    QVERIFY(m.node(t30.front())->label.starts_with("T30 = "));
    const std::vector<std::string> sums = graph::findNodes(m, "SUM");
    QVERIFY(sums.size() >= 2);
    for (const std::string& id : sums) QVERIFY(m.node(id)->kind == graph::NodeKind::Op);
    QVERIFY(graph::findNodes(m, "f32 2048 1000").size() >= 2);
    QVERIFY(graph::findNodes(m, "sum no-such-word").empty());
    QVERIFY(graph::findNodes(m, "   ").empty());
  }

  void fusionViewHasNoClusters() {
    const Segmented s = segmentSample(QString(SEGSCOPE_SOURCE_DIR) + "/samples/softmax.py");
    graph::BuildOptions options;
    options.view = graph::View::Fusion;
    const GraphModel m = graph::buildGraph(*graph::snapshotOfSegmentation(s.result.segmentation), options);
    QVERIFY(m.clusters.empty());
    for (const graph::Node& n : m.nodes) QCOMPARE(n.cluster, -1);
    QVERIFY(checkWellFormed(m).isEmpty());
  }

  void passStepShowsAddedAndRemovedOps() {
    const Segmented s = segmentSample(QString(SEGSCOPE_SOURCE_DIR) + "/samples/cast_chain.py");
    const trace::Step* pass = nullptr;
    for (const trace::Step& step : s.trace.steps())
      if (step.kind == trace::StepKind::Pass && step.name == "consecutive_cast" && step.modified) pass = &step;
    QVERIFY(pass);
    graph::BuildOptions options;
    options.view = graph::View::Fusion;
    const GraphModel after = graph::buildStepGraph(*pass, graph::StepSide::After, options);
    const GraphModel before = graph::buildStepGraph(*pass, graph::StepSide::Before, options);
    const auto count = [](const GraphModel& m, Highlight h) {
      return std::count_if(m.nodes.begin(), m.nodes.end(), [&](const graph::Node& n) { return n.highlight == h; });
    };
    QVERIFY(count(before, Highlight::Removed) > 0);
    QVERIFY(count(after, Highlight::Added) + count(after, Highlight::Changed) > 0);
    QCOMPARE(count(after, Highlight::Removed), 0);
    QVERIFY(QString::fromStdString(after.title).contains("consecutive_cast"));
  }

  // A cycle refusal names the group between the candidates: it is drawn as the blocker, not
  // dimmed with the rest, in the op view and the collapsed view.
  void aCycleRefusalDrawsItsBlocker() {
    const Segmented s = segmentSample(QString(SEGSCOPE_SOURCE_DIR) + "/samples/synthetic_block_200.py");
    const trace::Step* cycle = nullptr;
    for (const trace::Step& step : s.trace.steps())
      if (step.merge && !step.merge->blockers.empty()) cycle = &step;
    QVERIFY(cycle);
    QVERIFY(cycle->merge->refusal.find("cycle") != std::string::npos);
    const int blocker = cycle->merge->blockers.front();
    const GraphModel m = graph::buildStepGraph(*cycle, graph::StepSide::After, {});
    int blockerOps = 0;
    for (const graph::Node& n : m.nodes)
      if (n.kind == graph::NodeKind::Op && n.group == blocker) {
        QCOMPARE(n.highlight, Highlight::Blocker);
        QVERIFY(!n.dimmed);
        ++blockerOps;
      }
    QVERIFY(blockerOps > 0);
    for (const graph::Cluster& c : m.clusters)
      if (c.group == blocker) QVERIFY(c.highlight == Highlight::Blocker && !c.dimmed);
    graph::BuildOptions collapsed;
    collapsed.view = graph::View::Collapsed;
    const GraphModel c = graph::buildStepGraph(*cycle, graph::StepSide::Before, collapsed);
    bool drawn = false;
    for (const graph::Node& n : c.nodes)
      if (n.kind == graph::NodeKind::Segment && n.segment == blocker) {
        QCOMPARE(n.highlight, Highlight::Blocker);
        QVERIFY(!n.dimmed);
        drawn = true;
      }
    QVERIFY(drawn);
    QCOMPARE(graph::highlightName(Highlight::Blocker), std::string_view("blocker"));
  }

  void mergeStepHighlightsItsCandidates() {
    const Segmented s = segmentSample(QString(SEGSCOPE_SOURCE_DIR) + "/samples/cross_entropy.py");
    const trace::Step* refused = nullptr;
    for (const trace::Step& step : s.trace.steps())
      if (step.merge && !step.merge->ok() && step.after && step.after->partition) refused = &step;
    QVERIFY(refused);
    const GraphModel m = graph::buildStepGraph(*refused, graph::StepSide::After, {});
    std::set<int> candidates(refused->merge->exprs.begin(), refused->merge->exprs.end());
    for (const graph::Node& n : m.nodes)
      if (n.kind == graph::NodeKind::Op) QCOMPARE(n.highlight == Highlight::Candidate, candidates.count(n.exprId) == 1);
    int highlightedClusters = 0;
    for (const graph::Cluster& c : m.clusters) highlightedClusters += c.highlight == Highlight::Candidate ? 1 : 0;
    QCOMPARE(highlightedClusters, static_cast<int>(refused->merge->groups.size()));
    for (const graph::Cluster& c : m.clusters) QCOMPARE(c.dimmed, c.highlight != Highlight::Candidate);
    for (const graph::Node& n : m.nodes)
      if (n.kind == graph::NodeKind::Op) QCOMPARE(n.dimmed, n.highlight != Highlight::Candidate);
    // The collapsed view marks the same attempt: the candidate groups' segment nodes.
    graph::BuildOptions collapsed;
    collapsed.view = graph::View::Collapsed;
    const GraphModel c = graph::buildStepGraph(*refused, graph::StepSide::Before, collapsed);
    std::set<int> marked;
    for (const graph::Node& n : c.nodes)
      if (n.kind == graph::NodeKind::Segment) {
        QCOMPARE(n.dimmed, n.highlight != Highlight::Candidate);
        if (n.highlight == Highlight::Candidate) marked.insert(n.segment);
      }
    QCOMPARE(marked, std::set<int>(refused->merge->groups.begin(), refused->merge->groups.end()));
    // A colour no scheduler's clusters use.
    for (const char* scheduler : {"pointwise", "reduction", "inner_persistent", "outer_persistent",
                                  "inner_outer_persistent", "transpose", "resize", "matmul", "expr_eval", "no_op"})
      QVERIFY(graph::schedulerColors(scheduler).pen != graph::highlightStyle(Highlight::Candidate).pen);
  }

  void selectionIsHighlighted() {
    const Segmented s = segmentSample(QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py");
    graph::BuildOptions options;
    const GraphModel plain = graph::buildGraph(*graph::snapshotOfSegmentation(s.result.segmentation), options);
    const std::string first = plain.nodes.front().id;
    options.selected = {first};
    const GraphModel m = graph::buildGraph(*graph::snapshotOfSegmentation(s.result.segmentation), options);
    QCOMPARE(m.node(first)->highlight, Highlight::Selected);
  }
};

QTEST_GUILESS_MAIN(TestGraphBuilder)
#include "test_graph_builder.moc"
