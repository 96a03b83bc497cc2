// The overview of many segments (graph::BuildOptions::overview, layout/tile_layout.h,
// layout/tile_svg.h): only segment nodes, with markers for what they read and write; tiles in
// run order shaped like the window; short arrows between neighbours and no long edge; a compact SVG.
#include <QtTest>

#include <QXmlStreamReader>
#include <algorithm>
#include <set>

#include "graph/graph_builder.h"
#include "layout/tile_layout.h"
#include "layout/tile_svg.h"
#include "pipeline/pipeline.h"

using namespace segscope;

namespace {

// A model of `n` segment tiles in a chain, plus one edge from the first to the last.
graph::GraphModel chain(int n) {
  graph::GraphModel m;
  for (int i = 0; i < n; ++i) {
    graph::Node node;
    node.id = "s" + std::to_string(i);
    node.kind = graph::NodeKind::Segment;
    node.segment = i;
    node.label = std::to_string(i) + " · pointwise";
    node.cssClass = "segment pointwise tile";
    m.nodes.push_back(node);
    if (i > 0) m.edges.push_back({"s" + std::to_string(i - 1), node.id, "", "", i, 0, true});
  }
  m.edges.push_back({"s0", "s" + std::to_string(n - 1), "", "", 0, 0, true});
  return m;
}

pipeline::Session segmented(const std::string& file) {
  pipeline::PipelineOptions o;
  o.recordMergeDetails = false;
  auto outcome = pipeline::runPipelineOnFile(std::string(SEGSCOPE_SOURCE_DIR) + "/" + file, o);
  if (auto* e = std::get_if<pipeline::PipelineError>(&outcome)) qFatal("%s", e->diagnostic.format().c_str());
  return std::move(std::get<pipeline::Session>(outcome));
}

graph::GraphModel overviewOf(const pipeline::Session& s, bool overview = true) {
  const trace::SnapshotPtr snap = graph::snapshotOfSegmentation(s.segmentation->segmentation);
  graph::BuildOptions o;
  o.view = graph::View::Collapsed;
  o.clusterWord = "segment";
  o.overview = overview;
  return graph::buildGraph(*snap, o);
}

}  // namespace

class TestTileLayout : public QObject {
  Q_OBJECT

 private slots:
  // Run order, row after row, no two tiles overlapping, the grid near the asked shape.
  void aGridShapedLikeTheWindow() {
    for (const double aspect : {0.6, 1.0, 1.6, 2.5}) {
      const graph::GraphModel m = chain(250);
      const layout::Geometry g = layout::layoutTiles(m, aspect);
      QCOMPARE(g.nodes.size(), m.nodes.size());
      for (std::size_t i = 1; i < g.nodes.size(); ++i) {
        const bool sameRow = g.nodes[i].y == g.nodes[i - 1].y;
        QVERIFY(sameRow ? g.nodes[i].x > g.nodes[i - 1].x : g.nodes[i].y > g.nodes[i - 1].y);
        const layout::Rect a = g.nodes[i - 1].box(), b = g.nodes[i].box();
        QVERIFY(a.right() <= b.x || a.bottom() <= b.y);
      }
      for (const layout::NodeGeometry& n : g.nodes) QVERIFY(g.bounds.contains(n.box()));
      const double shape = g.bounds.width / g.bounds.height;
      QVERIFY2(shape > aspect / 1.6 && shape < aspect * 1.6, qPrintable(QString("%1 for %2").arg(shape).arg(aspect)));
    }
  }

  // Neighbours get a short arrow (two stubs where the row wraps); the long edge is not drawn.
  void noLongEdges() {
    const graph::GraphModel m = chain(40);
    const layout::Geometry g = layout::layoutTiles(m, 1.6);
    QCOMPARE(g.edges.size(), m.edges.size());
    int wraps = 0;
    for (std::size_t i = 0; i + 1 < g.edges.size(); ++i) {
      const layout::EdgeGeometry& e = g.edges[i];
      QVERIFY(e.hasArrow && !e.beziers.empty());
      wraps += e.beziers.size() == 2 ? 1 : 0;
      for (const auto& piece : e.beziers)
        QVERIFY(std::abs(piece.back().x - piece.front().x) <= layout::kTileGapX + 0.01);
    }
    QVERIFY(wraps >= 1);
    QVERIFY(g.edges.back().beziers.empty());  // s0 -> s39
  }

  void compactTilesForVeryMany() {
    const layout::Geometry few = layout::layoutTiles(chain(int(layout::kCompactTilesAbove)), 1.6);
    const layout::Geometry many = layout::layoutTiles(chain(int(layout::kCompactTilesAbove) + 1), 1.6);
    QCOMPARE(few.nodes.front().width, layout::kTileWidth);
    QCOMPARE(many.nodes.front().width, layout::kCompactTileWidth);
  }

  // 250 segments (relu + linear, 500 times 2 ops): only segment nodes, each with its markers.
  void theOverviewModel() {
    const pipeline::Session s = segmented("tests/data/shapes/relu_linear_500.py");
    const graph::GraphModel full = overviewOf(s, false);
    const graph::GraphModel m = overviewOf(s);
    const std::size_t segments = s.segmentation->segmentation.segments.size();
    QVERIFY(segments > graph::kOverviewAbove);
    QCOMPARE(m.nodes.size(), segments);
    QVERIFY(full.nodes.size() > m.nodes.size());  // the full view draws inputs and outputs as nodes
    for (const graph::Node& n : m.nodes) {
      QCOMPARE(n.kind, graph::NodeKind::Segment);
      QVERIFY(n.cssClass.ends_with(" tile"));
      QVERIFY2(n.label.starts_with(std::to_string(n.segment) + " · "), n.label.c_str());
    }
    const auto withInputs = std::count_if(m.nodes.begin(), m.nodes.end(), [](const graph::Node& n) {
      return n.detail.find(" input") != std::string::npos;
    });
    QVERIFY(withInputs > 0);
    QVERIFY(std::any_of(m.nodes.begin(), m.nodes.end(),
                        [](const graph::Node& n) { return n.detail.find("output") != std::string::npos; }));
    for (const graph::Edge& e : m.edges) {
      QVERIFY(m.node(e.from) && m.node(e.to));
      QVERIFY(e.label.empty());
    }
  }

  // The SVG: every tile with its tooltip, the legend's counts, and a size that fits a page.
  void aCompactSvg() {
    const graph::GraphModel m = overviewOf(segmented("tests/data/shapes/relu_linear_500.py"));
    const std::string svg = layout::renderTilesSvg(m, {{"caption", "second line"}, true}, 1.5);
    QXmlStreamReader xml(QByteArray::fromStdString(svg));
    int titles = 0;
    double width = 0, height = 0;
    while (!xml.atEnd()) {
      if (xml.readNext() != QXmlStreamReader::StartElement) continue;
      if (xml.name() == u"svg") {
        width = xml.attributes().value("width").toString().remove("pt").toDouble();
        height = xml.attributes().value("height").toString().remove("pt").toDouble();
      }
      titles += xml.name() == u"title" ? 1 : 0;
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(width > 0 && width < 2000 && height > 0 && height < 2000);
    QCOMPARE(titles, int(m.nodes.size()));
    QVERIFY(svg.find("caption") != std::string::npos);
    int tiles = 0;
    for (const graph::Node& n : m.nodes) tiles += svg.find("id=\"" + n.id + "\"") != std::string::npos ? 1 : 0;
    QCOMPARE(tiles, int(m.nodes.size()));
  }
};

QTEST_APPLESS_MAIN(TestTileLayout)
#include "test_tile_layout.moc"
