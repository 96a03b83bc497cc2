// Graphviz layout: determinism (in and across processes), SVG ids/classes, geometry
// invariants (flipped Y, cluster containment, every spline piece), errors as values, worker.
#include <QtTest>

#include <QCryptographicHash>
#include <QProcess>
#include <QXmlStreamReader>

#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <thread>

#include "graph/graph_builder.h"
#include "layout/content_hash.h"
#include "layout/graphviz_layout.h"
#include "layout/synthetic_model.h"
#include "pipeline/pipeline.h"
#include "test_files.h"

using namespace segscope;
using layout::Geometry;

namespace {

const char* const kHashFlag = "--print-layout-hash";

graph::GraphModel sampleModel(int ops = 300, int clusters = 30, std::uint32_t seed = 11) {
  return layout::syntheticFusionModel({.ops = ops, .clusters = clusters, .seed = seed});
}

// Every number at 1/100 point, the resolution Graphviz itself rounds to.
std::string serialize(const Geometry& g) {
  std::string out;
  char buf[128];
  auto add = [&](double v) {
    std::snprintf(buf, sizeof buf, "%.2f ", v);
    out += buf;
  };
  add(g.bounds.width), add(g.bounds.height);
  for (const auto& n : g.nodes) out += n.id + " ", add(n.x), add(n.y), add(n.width), add(n.height);
  for (const auto& e : g.edges) {
    out += e.id + " ";
    for (const auto& piece : e.beziers)
      for (const auto& p : piece) add(p.x), add(p.y);
    add(e.arrowTip.x), add(e.arrowTip.y), add(e.labelPos.x), add(e.labelPos.y);
  }
  for (const auto& c : g.clusters) out += c.id + " ", add(c.box.x), add(c.box.y), add(c.box.width), add(c.box.height);
  return out;
}

QByteArray layoutFingerprint() {
  const auto model = sampleModel();
  auto geometry = layout::layoutGraph(model);
  auto svg = layout::renderSvg(model);
  if (!geometry || !svg) return "error";
  QCryptographicHash hash(QCryptographicHash::Sha256);
  hash.addData(QByteArray::fromStdString(serialize(geometry.value())));
  hash.addData(QByteArray::fromStdString(svg.value()));
  return hash.result().toHex();
}

graph::Node opNode(std::string id, std::string label, int cluster = -1) {
  graph::Node n;
  n.id = std::move(id);
  n.label = std::move(label);
  n.cssClass = "op";
  n.cluster = cluster;
  return n;
}

graph::Edge edgeBetween(std::string from, std::string to, int valId = -1) {
  graph::Edge e;
  e.from = std::move(from);
  e.to = std::move(to);
  e.valId = valId;
  return e;
}

graph::Cluster segment(int group, std::string scheduler, std::string label = {}) {
  graph::Cluster c;
  c.id = "segment-" + std::to_string(group);
  c.group = group;
  c.scheduler = std::move(scheduler);
  c.label = std::move(label);
  return c;
}

struct SvgGroup {
  QString cssClass;
  int paths = 0;  // <path> elements anywhere inside the group
};

// id -> group, for every <g> that carries an id; asserts well-formedness.
std::map<QString, SvgGroup> svgGroups(const std::string& svg, QString* error) {
  std::map<QString, SvgGroup> groups;
  QXmlStreamReader xml(QByteArray::fromStdString(svg));
  std::vector<QString> open;  // ids of the <g> elements we are inside
  while (!xml.atEnd()) {
    xml.readNext();
    if (xml.isStartElement()) {
      const QString name = xml.name().toString();
      if (name == "g") {
        const QString id = xml.attributes().value("id").toString();
        groups[id].cssClass = xml.attributes().value("class").toString();
        open.push_back(id);
      } else if (name == "path" && !open.empty()) {
        for (const auto& id : open) ++groups[id].paths;
      }
    } else if (xml.isEndElement() && xml.name().toString() == "g") {
      open.pop_back();
    }
  }
  if (xml.hasError()) *error = xml.errorString() + " at line " + QString::number(xml.lineNumber());
  return groups;
}

}  // namespace

class TestGraphvizLayout : public QObject {
  Q_OBJECT

 private slots:
  // The layout cache's key: a change anywhere in a text changes it, and where one text ends
  // and the next begins counts.
  void contentHashSeesEveryByteAndEveryBoundary() {
    const auto hashOf = [](std::initializer_list<std::string> texts) {
      layout::ContentHash h;
      for (const std::string& t : texts) h.str(t);
      return h.h;
    };
    QVERIFY(hashOf({"ab", "c"}) != hashOf({"a", "bc"}));
    QVERIFY(hashOf({"abcdefgh"}) != hashOf({std::string("abcdefgh\0", 9)}));
    QVERIFY(hashOf({""}) != hashOf({}));
    const std::string tooltip = "T5 = mul(T3, T4): f32 [2048, 1024] (line 12)";
    std::set<std::uint64_t> seen{hashOf({tooltip})};
    for (std::size_t i = 0; i < tooltip.size(); ++i) {  // one character changed at each place
      std::string other = tooltip;
      other[i] ^= 1;
      seen.insert(hashOf({other}));
    }
    QCOMPARE(seen.size(), tooltip.size() + 1);
    QCOMPARE(hashOf({tooltip}), hashOf({tooltip}));
  }

  void sameModelGivesSameGeometryAndSvgInOneProcess() {
    const auto model = sampleModel();
    const auto other = sampleModel(120, 12, 99);
    auto first = layout::layoutGraph(model);
    QVERIFY2(first.ok(), first.ok() ? "" : first.error().message.c_str());
    const auto firstSvg = layout::renderSvg(model);
    QVERIFY(firstSvg.ok());
    for (int run = 0; run < 2; ++run) {
      QVERIFY(layout::layoutGraph(other).ok());  // another graph in between must not leak state
      const auto again = layout::layoutGraph(model);
      QVERIFY(again.ok());
      QVERIFY(again.value().sameLayout(first.value()));
      QCOMPARE(serialize(again.value()), serialize(first.value()));
      const auto svg = layout::renderSvg(model);
      QVERIFY(svg.ok());
      QVERIFY(svg.value() == firstSvg.value());
    }
  }

  void sameModelGivesSameBytesAcrossProcesses() {
    const QByteArray here = layoutFingerprint();
    for (int run = 0; run < 2; ++run) {
      QProcess child;
      child.start(QCoreApplication::applicationFilePath(), {kHashFlag});
      QVERIFY(child.waitForFinished(60000));
      QCOMPARE(child.exitCode(), 0);
      QCOMPARE(child.readAllStandardOutput().trimmed(), here);
    }
  }

  void svgIsWellFormedWithOneClusterGroupPerCluster() {
    const auto model = sampleModel(150, 15, 3);
    const auto svg = layout::renderSvg(model);
    QVERIFY(svg.ok());
    QString error;
    const auto groups = svgGroups(svg.value(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    int clusterGroups = 0;
    for (const auto& [id, g] : groups)
      if (g.cssClass.startsWith("cluster ")) ++clusterGroups;
    QCOMPARE(clusterGroups, static_cast<int>(model.clusters.size()));
    for (const auto& c : model.clusters) {
      const auto it = groups.find(QString::fromStdString(c.id));
      QVERIFY2(it != groups.end(), c.id.c_str());
      QCOMPARE(it->second.cssClass, QString::fromStdString("cluster segment " + c.scheduler));
    }
    for (const auto& n : model.nodes) {
      const auto it = groups.find(QString::fromStdString(n.id));
      QVERIFY2(it != groups.end(), n.id.c_str());
      QCOMPARE(it->second.cssClass, QString::fromStdString("node " + n.cssClass));
    }
    for (const auto& e : model.edges) {
      const QString id = QString::fromStdString("edge-" + e.from + "-" + e.to + "-" + std::to_string(e.valId));
      QVERIFY2(groups.contains(id), qPrintable(id));
    }
    QVERIFY(svg.value().find("<title>") != std::string::npos);
  }

  // An exported picture says what it is (title, device, scalar mode) and what its colours
  // mean; cluster titles are drawn last, with a halo, so edges never run over them.
  void exportedSvgHasCaptionLegendAndTitlesOnTop() {
    auto model = sampleModel(120, 12, 5);
    model.title = "fusion <demo> · step 7: merge";
    model.nodes[3].highlight = graph::Highlight::Candidate;
    const auto svg = layout::renderSvg(model, {}, layout::standardDecor(model, "h100", "host_segment"));
    QVERIFY2(svg.ok(), svg.ok() ? "" : svg.error().message.c_str());
    const std::string& text = svg.value();
    QString error;
    const auto groups = svgGroups(text, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(text.find("fusion &lt;demo&gt; · step 7: merge") != std::string::npos);
    QVERIFY(text.find("device h100 · scalars host_segment") != std::string::npos);
    for (const auto& c : model.clusters)
      QVERIFY2(text.find(">" + c.scheduler + "<") != std::string::npos, c.scheduler.c_str());
    QVERIFY(text.find(">candidate<") != std::string::npos);
    // Every cluster's title sits in the last group, after every edge, and no longer in its cluster.
    const std::size_t titles = text.find("<g class=\"cluster-titles\">");
    QVERIFY(titles != std::string::npos);
    QVERIFY(titles > text.rfind("class=\"edge"));
    for (const auto& c : model.clusters) {
      const QString label = QString::fromStdString(c.label).replace("-", "&#45;");  // as Graphviz writes it
      QVERIFY2(text.find(">" + label.toStdString() + "</text>", titles) != std::string::npos, c.label.c_str());
      QVERIFY(text.find(">" + label.toStdString() + "</text>") > titles);
    }
    // Without a decor the picture is Graphviz's own, as before.
    const auto plain = layout::renderSvg(model);
    QVERIFY(plain.ok() && plain.value().find("cluster-titles") == std::string::npos);
  }

  void labelsAreEscapedAndHighlightsBecomeClasses() {
    graph::GraphModel m;
    m.clusters.push_back(segment(0, "reduction", "a <b> & c"));
    m.nodes.push_back(opNode("e0", "T1 = a<b && c>d", 0));
    m.nodes.back().detail = "f32 [\"x\"]";
    m.nodes.back().highlight = graph::Highlight::Candidate;
    m.nodes.push_back(opNode("e1", "T2 = neg"));
    m.edges.push_back(edgeBetween("e0", "e1", 1));
    m.edges.back().label = "f32 <2>";
    m.edges.back().crossesClusters = true;
    const auto svg = layout::renderSvg(m);
    QVERIFY2(svg.ok(), svg.ok() ? "" : svg.error().message.c_str());
    QString error;
    const auto groups = svgGroups(svg.value(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(groups.at("e0").cssClass, QString("node op highlight-candidate"));
    QCOMPARE(groups.at("edge-e0-e1-1").cssClass, QString("edge crossing"));
    QVERIFY(svg.value().find("a&lt;b &amp;&amp; c&gt;d") != std::string::npos);
    const auto geometry = layout::layoutGraph(m);
    QVERIFY(geometry.ok());
    QVERIFY(geometry.value().edges[0].hasLabel);
  }

  void clusterBoxesContainTheirNodes() {
    const auto model = sampleModel();
    const auto geometry = layout::layoutGraph(model);
    QVERIFY(geometry.ok());
    const Geometry& g = geometry.value();
    QCOMPARE(g.nodes.size(), model.nodes.size());
    QCOMPARE(g.clusters.size(), model.clusters.size());
    for (const auto& node : model.nodes) {
      const auto* n = g.node(node.id);
      QVERIFY(n);
      QVERIFY(n->width > 0 && n->height > 0);
      QVERIFY2(g.bounds.contains(n->box()), node.id.c_str());
      if (node.cluster < 0) continue;
      const auto* c = g.cluster(model.clusters[static_cast<std::size_t>(node.cluster)].id);
      QVERIFY(c);
      QVERIFY2(c->box.contains(n->box()), (node.id + " outside " + c->id).c_str());
      QVERIFY(c->box.contains(c->labelPos));
      QVERIFY(c->labelSize.width > 0);
    }
  }

  // The same invariant on every sample's real segmentation, in each view.
  void everySampleLaysOutWithClustersAroundTheirOps_data() {
    QTest::addColumn<QString>("path");
    for (const QString& f : testing::sampleFiles()) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }
  void everySampleLaysOutWithClustersAroundTheirOps() {
    QFETCH(QString, path);
    auto run = pipeline::runPipelineOnFile(path.toStdString(), {});
    QVERIFY(std::holds_alternative<pipeline::Session>(run));
    const pipeline::Session& r = std::get<pipeline::Session>(run);
    const trace::SnapshotPtr snapshot = graph::snapshotOfSegmentation(r.segmentation->segmentation);
    for (graph::View view : {graph::View::Segments, graph::View::Collapsed, graph::View::Fusion}) {
      graph::BuildOptions options;
      options.view = view;
      options.clusterWord = "segment";
      options.showTensors = view == graph::View::Fusion;
      const graph::GraphModel model = graph::buildGraph(*snapshot, options);
      const auto geometry = layout::layoutGraph(model);
      QVERIFY2(geometry.ok(), geometry.ok() ? "" : geometry.error().message.c_str());
      QCOMPARE(geometry->nodes.size(), model.nodes.size());
      for (const graph::Node& node : model.nodes) {
        if (node.cluster < 0) continue;
        const auto* c = geometry->cluster(model.clusters[static_cast<std::size_t>(node.cluster)].id);
        QVERIFY(c);
        QVERIFY2(c->box.contains(geometry->node(node.id)->box()), (node.id + " outside " + c->id).c_str());
      }
    }
  }

  void yIsFlippedSoProducersSitAboveConsumers() {
    const auto model = sampleModel();
    const auto geometry = layout::layoutGraph(model);
    QVERIFY(geometry.ok());
    const Geometry& g = geometry.value();
    QCOMPARE(g.bounds.x, 0.0);
    QCOMPARE(g.bounds.y, 0.0);
    for (const auto& e : model.edges) {
      const auto* from = g.node(e.from);
      const auto* to = g.node(e.to);
      QVERIFY2(from->y < to->y, (e.from + " is not above " + e.to).c_str());
    }
    // Splines start at the producer (top) and point down to the consumer's arrowhead.
    const auto& edge = g.edges.front();
    QVERIFY(edge.hasArrow);
    QVERIFY(edge.beziers.front().front().y < edge.arrowTip.y);
  }

  void everyBezierPieceIsRead() {
    // Edge labels and clusters make dot route around obstacles; compare against the pieces
    // Graphviz itself draws: one <path> per bezier in each edge's SVG group.
    const auto model = sampleModel(200, 20, 5);
    const auto geometry = layout::layoutGraph(model);
    const auto svg = layout::renderSvg(model);
    QVERIFY(geometry.ok() && svg.ok());
    QString error;
    const auto groups = svgGroups(svg.value(), &error);
    QVERIFY(error.isEmpty());
    for (const auto& e : geometry.value().edges) {
      QVERIFY2(!e.beziers.empty(), e.id.c_str());
      for (const auto& piece : e.beziers) QCOMPARE(piece.size() % 3, std::size_t{1});
      QCOMPARE(static_cast<int>(e.beziers.size()), groups.at(QString::fromStdString(e.id)).paths);
      const auto head = geometry.value().node(e.to)->box();
      QVERIFY(e.hasArrow);
      const layout::Rect near{head.x - 2, head.y - 2, head.width + 4, head.height + 4};
      QVERIFY2(near.contains(e.arrowTip), e.id.c_str());  // the tip touches the head's border
    }
  }

  void manyEdgeLabelsBecomeExternalLabels() {
    const auto model = sampleModel(100, 10, 6);
    layout::LayoutOptions external;
    external.rankedEdgeLabelLimit = 0;  // every label is an xlabel
    const auto a = layout::layoutGraph(model, external);
    const auto b = layout::layoutGraph(model, external);
    QVERIFY(a.ok() && b.ok());
    QVERIFY(a.value().sameLayout(b.value()));
    int labelled = 0;
    for (std::size_t i = 0; i < model.edges.size(); ++i) {
      if (model.edges[i].label.empty()) continue;
      ++labelled;
      const auto& e = a.value().edges[i];
      QVERIFY2(e.hasLabel, e.id.c_str());
      QVERIFY(e.labelSize.width > 0);
      QVERIFY(a.value().bounds.contains(e.labelPos));
    }
    QVERIFY(labelled > 0);
    const auto svg = layout::renderSvg(model, external);
    QVERIFY(svg.ok());
    QVERIFY(svg.value().find("f32 [2048, 1024]") != std::string::npos);
  }

  void errorsComeBackAsValues() {
    auto model = sampleModel(20, 2, 1);
    auto bad = model;
    bad.edges.push_back(edgeBetween("e1", "nowhere"));
    auto result = layout::layoutGraph(bad);
    QVERIFY(!result.ok());
    QVERIFY(result.error().message.find("nowhere") != std::string::npos);
    QVERIFY(!layout::renderSvg(bad).ok());

    auto duplicate = model;
    duplicate.nodes.push_back(duplicate.nodes.front());
    QVERIFY(!layout::layoutGraph(duplicate).ok());

    auto badCluster = model;
    badCluster.nodes.front().cluster = 99;
    QVERIFY(!layout::layoutGraph(badCluster).ok());

    layout::LayoutOptions ortho;
    ortho.splines = "ortho";
    QVERIFY(!layout::layoutGraph(model, ortho).ok());

    // A failure inside Graphviz itself is captured, not printed.
    layout::LayoutOptions unknownEngine;
    unknownEngine.engine = "no-such-engine";
    result = layout::layoutGraph(model, unknownEngine);
    QVERIFY(!result.ok());
    QVERIFY2(result.error().message.find("no-such-engine") != std::string::npos, result.error().message.c_str());

    QVERIFY(layout::layoutGraph(model).ok());  // and the next layout is fine
  }

  void emptyModelsAndEmptyClustersWork() {
    QVERIFY(layout::layoutGraph(graph::GraphModel{}).ok());
    auto model = sampleModel(30, 3, 2);
    model.clusters.push_back(segment(99, "pointwise"));
    const auto geometry = layout::layoutGraph(model);
    QVERIFY(geometry.ok());
    QCOMPARE(geometry.value().clusters.size(), std::size_t{3});  // the empty one is not drawn
  }

  void dotTextIsTheInputGraph() {
    const auto model = sampleModel(40, 4, 8);
    const auto dot = layout::renderDot(model);
    QVERIFY(dot.ok());
    const std::string& text = dot.value();
    QVERIFY(text.starts_with("digraph segscope {"));
    QVERIFY(text.find("newrank=true") != std::string::npos);
    QVERIFY(text.find("subgraph cluster_3") != std::string::npos);
    QVERIFY(text.find("ortho") == std::string::npos);
    QCOMPARE(layout::renderDot(model).value(), text);
  }

  void workerMatchesDirectCallAndServesFromCache() {
    const auto model = sampleModel(120, 12, 4);
    const auto direct = layout::layoutGraph(model);
    QVERIFY(direct.ok());
    layout::LayoutWorker worker;
    auto first = worker.submit(model).get();
    QVERIFY(first.ok());
    QVERIFY(first.value().sameLayout(direct.value()));
    QCOMPARE(worker.layoutsRun(), std::size_t{1});
    auto second = worker.submit(model).get();
    QVERIFY(second.ok());
    QVERIFY(second.value().sameLayout(direct.value()));
    QCOMPARE(worker.cacheHits(), std::size_t{1});
    QCOMPARE(worker.layoutsRun(), std::size_t{1});

    auto bad = model;
    bad.edges.push_back(edgeBetween("nowhere", "e1"));
    QVERIFY(!worker.submit(bad).get().ok());
  }

  void workerAndDirectCallsCanRunConcurrently() {
    const auto a = sampleModel(150, 15, 21);
    const auto b = sampleModel(150, 15, 22);
    const auto expectedA = layout::layoutGraph(a);
    const auto expectedB = layout::layoutGraph(b);
    QVERIFY(expectedA.ok() && expectedB.ok());
    layout::LayoutWorker worker;
    auto fromWorker = worker.submit(a);
    bool threadOk = true;
    std::thread other([&] {
      for (int i = 0; i < 3; ++i) {
        const auto r = layout::layoutGraph(b);
        threadOk = threadOk && r.ok() && r.value().sameLayout(expectedB.value());
      }
    });
    const auto svg = layout::renderSvg(a);
    other.join();
    QVERIFY(threadOk);
    QVERIFY(svg.ok());
    const auto r = fromWorker.get();
    QVERIFY(r.ok() && r.value().sameLayout(expectedA.value()));
  }

  void cancelledJobsReportCancellation() {
    layout::LayoutWorker worker;
    std::vector<std::future<Result<Geometry>>> futures;
    for (int i = 0; i < 6; ++i) futures.push_back(worker.submit(sampleModel(300, 30, 100 + i)));
    worker.cancelPending();
    int cancelled = 0;
    for (auto& f : futures) {
      const auto r = f.get();
      if (!r.ok()) {
        QCOMPARE(r.error().message, std::string("layout: cancelled"));
        ++cancelled;
      }
    }
    QVERIFY(cancelled >= 1);  // at most the first one had started
  }
};

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == kHashFlag) {
    std::printf("%s\n", layoutFingerprint().constData());
    return 0;
  }
  QCoreApplication app(argc, argv);
  TestGraphvizLayout test;
  return QTest::qExec(&test, argc, argv);
}

#include "test_graphviz_layout.moc"
