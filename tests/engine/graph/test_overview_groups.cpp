// Folding an overview's runs of segments into group tiles (graph/overview_groups.h): barriers,
// runs cut at them, opened groups, highlights, edges between groups, and no folding out of order.
#include <QtTest>

#include "graph/overview_groups.h"

using namespace segscope;
using graph::Edge;
using graph::GraphModel;
using graph::Node;

namespace {

Node tile(int segment, const std::string& scheduler = "pointwise") {
  Node n;
  n.id = "s" + std::to_string(segment);
  n.kind = graph::NodeKind::Segment;
  n.segment = segment;
  n.anchorExpr = 1000 + segment;
  n.label = std::to_string(segment) + " · " + scheduler;
  n.cssClass = "segment " + scheduler + " tile";
  return n;
}

Edge edge(int from, int to) { return {"s" + std::to_string(from), "s" + std::to_string(to), "", "", from, 8, true}; }

// `n` tiles in a chain: every tile is a barrier.
GraphModel chain(int n) {
  GraphModel m;
  for (int i = 0; i < n; ++i) {
    m.nodes.push_back(tile(i, i % 2 ? "reduction" : "pointwise"));
    if (i > 0) m.edges.push_back(edge(i - 1, i));
  }
  return m;
}

}  // namespace

class TestOverviewGroups : public QObject {
  Q_OBJECT

 private slots:
  void barriers() {
    QCOMPARE(graph::barriersOf(chain(5)).size(), std::size_t(5));
    GraphModel skip = chain(6);
    skip.edges.push_back(edge(0, 3));  // a residual over 1 and 2: 3 is where the two paths meet
    QCOMPARE(graph::barriersOf(skip), (std::set<std::size_t>{0, 3, 4, 5}));
    GraphModel back = chain(4);
    back.edges.push_back(edge(3, 1));
    QVERIFY(graph::barriersOf(back).empty());
  }

  // 200 tiles in a chain fold into runs of ceil(200 / kGroupsWanted) (at least kGroupMinSegments).
  void aChainFoldsIntoEvenRuns() {
    GraphModel m = chain(200);
    graph::groupRunsBetweenBarriers(m, {});
    const std::size_t length =
        std::max<std::size_t>(graph::kGroupMinSegments, (200 + graph::kGroupsWanted - 1) / graph::kGroupsWanted);
    QCOMPARE(m.nodes.size(), (200 + length - 1) / length);
    QCOMPARE(m.nodes.front().label, "0–" + std::to_string(length - 1) + " · " + std::to_string(length) + " segments");
    QVERIFY(m.nodes.front().detail.find("pointwise") != std::string::npos &&
            m.nodes.front().detail.find("reduction") != std::string::npos);
    QCOMPARE(m.edges.size(), m.nodes.size() - 1);  // one edge between consecutive groups
    QCOMPARE(m.edges.front().bytes, std::int64_t(8));
  }

  // A run with no barrier in reach is cut at 1.5 times the length all the same.
  void noBarrierStillFolds() {
    GraphModel m = chain(200);
    m.edges.push_back(edge(0, 199));  // nothing after 0 is a barrier
    graph::groupRunsBetweenBarriers(m, {});
    QVERIFY(m.nodes.size() > 1 && m.nodes.size() < 200);
  }

  void anOpenedRunStaysTiles() {
    GraphModel m = chain(40);
    graph::groupRunsBetweenBarriers(m, {1000 + 5});
    bool five = false;
    for (const Node& n : m.nodes) five = five || n.id == "s5";
    QVERIFY(five);
    QVERIFY(m.nodes.size() < 40);
  }

  void aGroupShowsItsMembersHighlight() {
    GraphModel m = chain(40);
    m.nodes[9].highlight = graph::Highlight::Candidate;
    graph::groupRunsBetweenBarriers(m, {});
    int highlighted = 0;
    for (const Node& n : m.nodes) highlighted += n.highlight == graph::Highlight::Candidate ? 1 : 0;
    QCOMPARE(highlighted, 1);
  }

  void outOfOrderIsLeftAlone() {
    GraphModel m = chain(40);
    m.edges.push_back(edge(30, 2));
    graph::groupRunsBetweenBarriers(m, {});
    QCOMPARE(m.nodes.size(), std::size_t(40));
  }
};

QTEST_APPLESS_MAIN(TestOverviewGroups)
#include "test_overview_groups.moc"
