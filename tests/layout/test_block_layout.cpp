// Block layouts of big pictures and the layered engine under them: every node placed, no
// overlaps, producers above consumers, clusters around their ops, blocks reused from the cache.
#include <QtTest>

#include <string>

#include "graph/graph_builder.h"
#include "layout/block_layout.h"
#include "layout/graphviz_layout.h"
#include "layout/layered_layout.h"
#include "layout/synthetic_model.h"
#include "pipeline/pipeline.h"
#include "test_files.h"

using namespace segscope;
using layout::Geometry;

namespace {

bool overlap(const layout::Rect& a, const layout::Rect& b) {
  constexpr double kSlack = 0.5;
  return a.x + kSlack < b.right() && b.x + kSlack < a.right() && a.y + kSlack < b.bottom() && b.y + kSlack < a.bottom();
}

// Dot's own time is what blocks avoid; the checks below need a real block layout.
layout::LayoutOptions blockOptions() {
  layout::LayoutOptions o;
  o.blockLayoutAbove = 1;
  o.dotBlockLimit = 40;
  return o;
}

QString firstOverlap(const Geometry& g) {
  for (std::size_t i = 0; i < g.nodes.size(); ++i)
    for (std::size_t j = i + 1; j < g.nodes.size(); ++j)
      if (overlap(g.nodes[i].box(), g.nodes[j].box()))
        return QString::fromStdString(g.nodes[i].id + " overlaps " + g.nodes[j].id);
  return {};
}

}  // namespace

class TestBlockLayout : public QObject {
  Q_OBJECT

 private slots:
  void layeredChainGoesDownAndInputsSitAboveTheirConsumer() {
    // 0 -> 1 -> 2 -> 3, and a source 4 feeding only 3.
    layout::LayeredGraph g;
    g.sizes.assign(5, {60, 20});
    g.edges = {{0, 1}, {1, 2}, {2, 3}, {4, 3}};
    const auto placed = layout::placeLayered(g);
    QCOMPARE(placed.rank, (std::vector<int>{0, 1, 2, 3, 2}));
    for (int i = 0; i < 3; ++i) QVERIFY(placed.centres[i].y < placed.centres[i + 1].y);
    QCOMPARE(placed.centres[4].y, placed.centres[2].y);
    QVERIFY(std::abs(placed.centres[4].x - placed.centres[2].x) >= 60 + 18 - 1e-9);
    // A side chain hanging off a source (4 -> 5 -> 3) moves down next to its use.
    g.sizes.push_back({60, 20});
    g.edges = {{0, 1}, {1, 2}, {2, 3}, {4, 5}, {5, 3}};
    QCOMPARE(layout::placeLayered(g).rank, (std::vector<int>{0, 1, 2, 3, 1, 2}));
  }

  void layeredRanksKeepNeighboursApartAndSurviveCycles() {
    layout::LayeredGraph g;
    const int n = 200;
    for (int i = 0; i < n; ++i) g.sizes.push_back({30.0 + (i * 7) % 50, 20});
    for (int i = 1; i < n; ++i) g.edges.emplace_back((i * 37) % i, i);  // a random-ish DAG
    g.edges.emplace_back(150, 3);                                       // and a cycle back to the top
    g.edges.emplace_back(7, 7);                                         // and a self loop
    const auto placed = layout::placeLayered(g, {.nodesep = 10, .ranksep = 20, .sweeps = 4});
    QCOMPARE(placed.centres.size(), std::size_t(n));
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        if (placed.rank[i] != placed.rank[j]) continue;
        const double apart = std::abs(placed.centres[i].x - placed.centres[j].x);
        QVERIFY2(apart + 1e-6 >= (g.sizes[i].width + g.sizes[j].width) / 2 + 10,
                 qPrintable(QString("%1 %2").arg(i).arg(j)));
      }
    for (int i = 0; i < n; ++i) {
      QVERIFY(placed.centres[i].x - g.sizes[i].width / 2 >= -1e-6);
      QVERIFY(placed.centres[i].x + g.sizes[i].width / 2 <= placed.extent.width + 1e-6);
    }
  }

  // A picture without clusters (the collapsed view mid-segmentation) leaves dot above
  // unclusteredDotLimit nodes (by default well under blockLayoutAbove) for the layered engine;
  // with the limit off, dot lays it out (differently). A clustered picture stays with dot.
  void bigUnclusteredPicturesLeaveDot() {
    const layout::LayoutOptions defaults;
    QVERIFY(defaults.unclusteredDotLimit > 0 && defaults.unclusteredDotLimit < defaults.blockLayoutAbove);
    const auto flat = layout::syntheticFusionModel({.ops = 60, .clusters = 0, .seed = 3});
    QVERIFY(flat.clusters.empty() && flat.nodes.size() > 40);
    layout::LayoutOptions limited;
    limited.unclusteredDotLimit = 40;
    layout::LayoutOptions dotOnly;
    dotOnly.unclusteredDotLimit = 0;
    const auto viaLimit = layout::layoutGraph(flat, limited);
    const auto layered = layout::layoutGraph(flat, blockOptions());
    const auto dot = layout::layoutGraph(flat, dotOnly);
    QVERIFY(viaLimit.ok() && layered.ok() && dot.ok());
    QVERIFY(viaLimit->sameLayout(layered.value()));
    QVERIFY(!viaLimit->sameLayout(dot.value()));

    const auto clustered = layout::syntheticFusionModel({.ops = 60, .clusters = 6, .seed = 3});
    QVERIFY(layout::layoutGraph(clustered, limited)->sameLayout(layout::layoutGraph(clustered, dotOnly).value()));
  }

  void blockLayoutPlacesEveryNodeWithoutOverlap_data() {
    QTest::addColumn<int>("ops");
    QTest::addColumn<int>("clusters");
    QTest::newRow("many small clusters") << 1200 << 120;
    QTest::newRow("a few big clusters (layered inside)") << 1200 << 6;
    QTest::newRow("no clusters (flat)") << 1500 << 0;
  }
  void blockLayoutPlacesEveryNodeWithoutOverlap() {
    QFETCH(int, ops);
    QFETCH(int, clusters);
    const auto model = layout::syntheticFusionModel({.ops = ops, .clusters = clusters, .seed = 5});
    const auto geometry = layout::layoutGraph(model, blockOptions());
    QVERIFY2(geometry.ok(), geometry.ok() ? "" : geometry.error().message.c_str());
    const Geometry& g = geometry.value();
    QCOMPARE(g.nodes.size(), model.nodes.size());
    QCOMPARE(g.edges.size(), model.edges.size());
    for (std::size_t i = 0; i < model.nodes.size(); ++i) {
      QCOMPARE(g.nodes[i].id, model.nodes[i].id);
      QVERIFY2(g.bounds.contains(g.nodes[i].box()), model.nodes[i].id.c_str());
    }
    const QString overlapping = firstOverlap(g);
    QVERIFY2(overlapping.isEmpty(), qPrintable(overlapping));
    for (std::size_t e = 0; e < model.edges.size(); ++e) {
      QCOMPARE(g.edges[e].id, layout::edgeId(model.edges[e]));
      QVERIFY(!g.edges[e].beziers.empty());
      // The synthetic graphs are acyclic: every edge runs downwards.
      QVERIFY2(g.node(model.edges[e].from)->y < g.node(model.edges[e].to)->y, g.edges[e].id.c_str());
    }
    for (const graph::Node& node : model.nodes) {
      if (node.cluster < 0) continue;
      const auto* c = g.cluster(model.clusters[static_cast<std::size_t>(node.cluster)].id);
      QVERIFY(c);
      QVERIFY2(c->box.contains(g.node(node.id)->box()), (node.id + " outside " + c->id).c_str());
    }
    // Clusters do not overlap one another.
    for (std::size_t a = 0; a < g.clusters.size(); ++a)
      for (std::size_t b = a + 1; b < g.clusters.size(); ++b)
        QVERIFY2(!overlap(g.clusters[a].box, g.clusters[b].box), (g.clusters[a].id + " " + g.clusters[b].id).c_str());
  }

  void blocksComeFromTheCacheUnlessTheyChanged() {
    auto model = layout::syntheticFusionModel({.ops = 600, .clusters = 30, .seed = 9});
    layout::BlockCache cache;
    QVERIFY(layout::layoutGraph(model, blockOptions(), &cache).ok());
    QCOMPARE(cache.misses(), std::size_t(30));
    // Highlights and dimming do not move anything: every block is reused.
    for (auto& n : model.nodes) n.dimmed = true;
    model.nodes[5].highlight = graph::Highlight::Candidate;
    QVERIFY(layout::layoutGraph(model, blockOptions(), &cache).ok());
    QCOMPARE(cache.misses(), std::size_t(30));
    QCOMPARE(cache.hits(), std::size_t(30));
    // A renamed cluster is laid out again, alone.
    model.clusters[3].label += " (renamed)";
    const auto again = layout::layoutGraph(model, blockOptions(), &cache);
    QVERIFY(again.ok());
    QCOMPARE(cache.misses(), std::size_t(31));
    QVERIFY(again->cluster(model.clusters[3].id));
  }

  // Real segmentations: in every view of the biggest sample, the block layout keeps ops
  // inside their segment boxes.
  void samplesInBlocksKeepOpsInsideTheirSegments() {
    for (const QString& path : testing::sampleFiles()) {
      auto run = pipeline::runPipelineOnFile(path.toStdString(), {});
      QVERIFY(std::holds_alternative<pipeline::Session>(run));
      const pipeline::Session& r = std::get<pipeline::Session>(run);
      const trace::SnapshotPtr snapshot = graph::snapshotOfSegmentation(r.segmentation->segmentation);
      graph::BuildOptions options;
      options.clusterWord = "segment";
      const graph::GraphModel model = graph::buildGraph(*snapshot, options);
      const auto geometry = layout::layoutGraph(model, blockOptions());
      QVERIFY2(geometry.ok(), qPrintable(path));
      QCOMPARE(geometry->nodes.size(), model.nodes.size());
      const QString overlapping = firstOverlap(geometry.value());
      QVERIFY2(overlapping.isEmpty(), qPrintable(path + ": " + overlapping));
      for (const graph::Node& node : model.nodes) {
        if (node.cluster < 0) continue;
        const auto* c = geometry->cluster(model.clusters[static_cast<std::size_t>(node.cluster)].id);
        QVERIFY(c);
        QVERIFY2(c->box.contains(geometry->node(node.id)->box()),
                 qPrintable(path + ": " + QString::fromStdString(node.id)));
      }
    }
  }
};

QTEST_GUILESS_MAIN(TestBlockLayout)
#include "test_block_layout.moc"
