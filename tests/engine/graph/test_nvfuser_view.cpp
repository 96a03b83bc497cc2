// nvFuser's printed segmentation drawn as a graph: groups as clusters of their exprs with the
// tensors between them, or (no details printed) one node per group joined by the printed edges.
#include <QtTest>

#include "graph/nvfuser_view.h"
#include "support/file_io.h"

using namespace segscope;

namespace {

nvlog::Runtime lastRuntime(const std::string& file) {
  Result<nvlog::NvLog> log = nvlog::readNvLogFile(std::string(SEGSCOPE_TEST_DATA_DIR) + "/data/" + file);
  if (!log || log->runtimes.empty()) return {};
  return log->runtimes.back();
}

}  // namespace

class TestNvFuserView : public QObject {
  Q_OBJECT

 private slots:
  void detailedGroupsDrawTheirExprs() {
    const nvlog::Runtime rt = lastRuntime("nvlog/generated/cross_entropy_2026.log");
    QVERIFY(rt.segmented);
    const graph::GraphModel model = graph::buildNvFuserView(rt, "cross entropy");
    QCOMPARE(model.title, std::string("cross entropy"));
    QCOMPARE(model.clusters.size(), std::size_t{2});
    int ops = 0, inputs = 0;
    for (const graph::Node& n : model.nodes) {
      if (n.kind == graph::NodeKind::Op) {
        ++ops;
        QVERIFY(n.cluster == 0 || n.cluster == 1);
        QVERIFY(n.label.find(" = ") != std::string::npos);  // "T7 = exp"
        QVERIFY(n.sourceLine > 0);
      }
      inputs += n.kind == graph::NodeKind::Input ? 1 : 0;
    }
    QCOMPARE(ops, model.clusters[0].opCount + model.clusters[1].opCount);
    QCOMPARE(inputs, 2);  // the logits and the labels
    int crossing = 0;
    for (const graph::Edge& e : model.edges) {
      QVERIFY(model.node(e.from) && model.node(e.to));  // every edge joins drawn nodes
      const graph::Node* from = model.node(e.from);
      const graph::Node* to = model.node(e.to);
      if (from->kind == graph::NodeKind::Op && from->cluster != to->cluster) {
        ++crossing;
        QVERIFY(e.crossesClusters);
        QVERIFY(!e.label.empty());
      }
    }
    QVERIFY(crossing >= 1);  // the persistent group's output feeds the reduction group
  }

  void shortGroupLinesDrawOneNodePerGroup() {
    nvlog::Runtime rt = lastRuntime("nvlog/synthetic/reduction_epilogue_2024-08.log");
    QVERIFY(rt.segmented);
    rt.segmented->details.clear();  // as segmenter_logging's short form prints it
    const graph::GraphModel model = graph::buildNvFuserView(rt, "short");
    QCOMPARE(model.nodes.size(), rt.segmented->groups.size());
    for (const graph::Node& n : model.nodes) QCOMPARE(n.kind, graph::NodeKind::Segment);
    QCOMPARE(model.edges.size(), rt.segmented->edges.size());
  }

  void aRuntimeWithoutGroupsDrawsNothing() {
    const graph::GraphModel model = graph::buildNvFuserView(nvlog::Runtime{}, "none");
    QVERIFY(model.nodes.empty());
    QVERIFY(model.clusters.empty());
  }
};

QTEST_GUILESS_MAIN(TestNvFuserView)
#include "test_nvfuser_view.moc"
