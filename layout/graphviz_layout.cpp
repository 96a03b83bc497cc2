// Builds a cgraph graph from a GraphModel, runs dot, and copies positions, splines and
// cluster boxes out into plain Geometry (or renders SVG/DOT) before freeing the graph.
#include "graphviz_layout.h"

#include "block_layout.h"
#include "content_hash.h"
#include "svg_legend.h"
#include "tile_layout.h"

#include <gvc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace segscope::layout {

namespace {

// Graphviz 2.42 takes char* everywhere but never writes through these arguments.
char* S(const char* s) { return const_cast<char*>(s); }
char* S(const std::string& s) { return const_cast<char*>(s.c_str()); }

// ---------------------------------------------------------------------------------------
// Sequential-ID discipline. cgraph's default discipline uses the address of the interned
// name as the object id, and subgraphs are visited in id order, so the cluster order (and
// with it the layout) changed from run to run. Here names get ids 2, 4, 6 ... in creation
// order and anonymous objects (our edges) get 3, 5, 7 ..., so identical input gives
// identical output in every process.

struct SequentialIds {
  Agraph_t* graph = nullptr;
  std::unordered_map<std::string_view, IDTYPE> byName;  // views into the interned names
  std::vector<char*> names;                             // cgraph reference-counted strings: agwrite and the SVG writer
                                                        // call aghtmlstr() on printed names, which reads their header
  IDTYPE lastAnonymous = 1;
};

void* seqOpen(Agraph_t* g, Agdisc_t*) { return new SequentialIds{g, {}, {}, 1}; }

long seqMap(void* state, int, char* name, IDTYPE* id, int create) {
  auto* ids = static_cast<SequentialIds*>(state);
  if (name == nullptr) {
    ids->lastAnonymous += 2;
    *id = ids->lastAnonymous;
    return 1;
  }
  if (const auto it = ids->byName.find(name); it != ids->byName.end()) {
    *id = it->second;
    return 1;
  }
  if (!create) return 0;
  // Freed with the graph's string pool at agclose, like every other name.
  ids->names.push_back(agstrdup(ids->graph, name));
  *id = 2 * static_cast<IDTYPE>(ids->names.size());
  ids->byName.emplace(ids->names.back(), *id);
  return 1;
}

long seqAlloc(void*, int, IDTYPE) { return 0; }  // no caller-chosen ids
void seqFree(void*, int, IDTYPE) {}              // names live as long as the graph

char* seqPrint(void* state, int, IDTYPE id) {
  auto* ids = static_cast<SequentialIds*>(state);
  if (id % 2 != 0) return nullptr;  // anonymous: cgraph prints its own "%N" form
  return ids->names[static_cast<std::size_t>(id / 2 - 1)];
}

void seqClose(void* state) { delete static_cast<SequentialIds*>(state); }
void seqRegister(void*, int, void*) {}

Agiddisc_t kSequentialIdDisc = {seqOpen, seqMap, seqAlloc, seqFree, seqPrint, seqClose, seqRegister};
Agdisc_t kDisc = {&AgMemDisc, &kSequentialIdDisc, &AgIoDisc};

// ---------------------------------------------------------------------------------------
// Global serialisation. cgraph keeps global state (error reporting, string pools, layout
// globals), so every Graphviz call in the process happens under this one lock.

std::mutex& graphvizMutex() {
  static std::mutex m;
  return m;
}

// The one Graphviz context of the process; created on first use, under the lock, and never
// freed (plugins cache pointers into it; see LayoutWorker::run).
GVC_t* sharedContext() {
  static GVC_t* shared = nullptr;
  if (!shared) shared = gvContext();
  return shared;
}

// Graphviz messages go to this sink (set only while the lock is held) instead of stderr.
std::vector<std::string>* gMessageSink = nullptr;

int collectMessage(char* text) {
  if (!gMessageSink) return 0;
  std::string message(text);
  while (!message.empty() && (message.back() == '\n' || message.back() == '\r')) message.pop_back();
  const bool startsNew = message.starts_with("Error") || message.starts_with("Warning");
  if (startsNew || gMessageSink->empty())
    gMessageSink->push_back(std::move(message));
  else
    gMessageSink->back() += message;  // an AGPREV continuation of the last message
  return 0;
}

// Routes Graphviz's messages into `messages` for one scope, then restores the old handler.
class MessageCapture {
 public:
  explicit MessageCapture(std::vector<std::string>& messages)
      : previousHandler_(agseterrf(&collectMessage)), previousLevel_(agseterr(AGWARN)) {
    gMessageSink = &messages;
    agreseterrors();
  }
  ~MessageCapture() {
    gMessageSink = nullptr;
    agseterr(previousLevel_);
    agseterrf(previousHandler_);
  }
  MessageCapture(const MessageCapture&) = delete;
  MessageCapture& operator=(const MessageCapture&) = delete;

 private:
  agusererrf previousHandler_;
  agerrlevel_t previousLevel_;
};

std::string joinErrors(const std::vector<std::string>& messages) {
  std::string text;
  for (const auto& m : messages) {
    if (!m.starts_with("Error")) continue;
    if (!text.empty()) text += "; ";
    text += m;
  }
  return text;
}

std::vector<std::string> warningsOf(const std::vector<std::string>& messages) {
  std::vector<std::string> warnings;
  for (const auto& m : messages)
    if (!m.starts_with("Error")) warnings.push_back(m);
  return warnings;
}

// ---------------------------------------------------------------------------------------
// Model checks, done before any Graphviz call so bad input never reaches cgraph.

Status validate(const graph::GraphModel& model, const LayoutOptions& options) {
  if (options.splines == "ortho")
    return makeError("layout: splines=ortho is not supported (dot takes ~20x longer with it)");
  std::unordered_set<std::string_view> ids;
  for (const auto& node : model.nodes) {
    if (node.id.empty()) return makeError("layout: a node has an empty id");
    if (!ids.insert(node.id).second) return makeError("layout: duplicate node id '" + node.id + "'");
    if (node.cluster < -1 || node.cluster >= static_cast<int>(model.clusters.size()))
      return makeError("layout: node '" + node.id + "' names cluster " + std::to_string(node.cluster) +
                       " but there are " + std::to_string(model.clusters.size()));
  }
  for (const auto& edge : model.edges) {
    if (!ids.contains(edge.from))
      return makeError("layout: edge from unknown node '" + edge.from + "' (to '" + edge.to + "')");
    if (!ids.contains(edge.to))
      return makeError("layout: edge to unknown node '" + edge.to + "' (from '" + edge.from + "')");
  }
  return {};
}

// ---------------------------------------------------------------------------------------
// Styling.

std::string fmt(double v) {
  std::ostringstream s;
  s.imbue(std::locale::classic());  // Graphviz wants '.' whatever the user's locale
  s << v;
  return s.str();
}

std::string nodeLabelHtml(const graph::Node& node, const LayoutOptions& options) {
  std::string html = "<b>" + escapeHtml(node.label.empty() ? node.id : node.label) + "</b>";
  if (!node.detail.empty())
    html += "<br/><font point-size=\"" + fmt(options.fontsize - 2) + "\">" + escapeHtml(node.detail) + "</font>";
  return html;
}

std::string withHighlightClass(std::string cssClass, graph::Highlight h) {
  if (h == graph::Highlight::None) return cssClass;
  if (!cssClass.empty()) cssClass += ' ';
  cssClass += "highlight-";
  cssClass += graph::highlightName(h);
  return cssClass;
}

struct NodeStyle {
  std::string shape = "box";
  std::string style = "rounded,filled";
  std::string fill = "#ffffff";
  std::string pen = "#495057";
  std::string penwidth = "1";
};

NodeStyle nodeStyle(const graph::Node& node) {
  NodeStyle s;
  switch (node.kind) {
    case graph::NodeKind::Input:
      s.shape = "ellipse";
      s.style = "filled";
      break;
    case graph::NodeKind::Tensor: s.style = "rounded,filled,dashed"; break;
    case graph::NodeKind::Collective:
      s.shape = "hexagon";
      s.style = "filled,bold";
      break;
    case graph::NodeKind::Op:
    case graph::NodeKind::Output:
    case graph::NodeKind::Segment: break;
  }
  const graph::HighlightStyle colors = graph::nodeColors(node);  // the GUI paints the same
  s.fill = colors.fill;
  s.pen = colors.pen;
  if (node.highlight != graph::Highlight::None) s.penwidth = node.highlight == graph::Highlight::Selected ? "3" : "2";
  return s;
}

// ---------------------------------------------------------------------------------------
// The cgraph graph. Every attribute is declared up front in one fixed order (the order is
// part of the output: DOT text and SVG depend on it) and then set through its symbol.

struct Symbols {
  // graph and cluster attributes
  Agsym_t *gLabel, *gStyle, *gFill, *gPen, *gPenwidth, *gId, *gClass, *gTooltip;
  // node attributes
  Agsym_t *nShape, *nStyle, *nFill, *nPen, *nPenwidth, *nLabel, *nId, *nClass, *nTooltip;
  // edge attributes
  Agsym_t *eLabel, *eXLabel, *ePen, *ePenwidth, *eId, *eClass, *eTooltip;
};

Agsym_t* declare(Agraph_t* g, int kind, const char* name, const std::string& value) {
  return agattr(g, kind, S(name), S(value));
}

Symbols declareAttributes(Agraph_t* g, const LayoutOptions& o) {
  Symbols y{};
  declare(g, AGRAPH, "rankdir", "TB");
  declare(g, AGRAPH, "newrank", "true");   // ranks across clusters; also faster
  declare(g, AGRAPH, "compound", "true");  // lets edges clip at cluster borders
  declare(g, AGRAPH, "nodesep", fmt(o.nodesep));
  declare(g, AGRAPH, "ranksep", fmt(o.ranksep));
  declare(g, AGRAPH, "splines", o.splines);
  declare(g, AGRAPH, "fontname", o.fontname);
  declare(g, AGRAPH, "fontsize", fmt(o.fontsize));
  declare(g, AGRAPH, "labeljust", "l");
  y.gLabel = declare(g, AGRAPH, "label", "");
  y.gStyle = declare(g, AGRAPH, "style", "");
  y.gFill = declare(g, AGRAPH, "fillcolor", "");
  y.gPen = declare(g, AGRAPH, "color", "");
  y.gPenwidth = declare(g, AGRAPH, "penwidth", "1");
  y.gId = declare(g, AGRAPH, "id", "");
  y.gClass = declare(g, AGRAPH, "class", "");
  y.gTooltip = declare(g, AGRAPH, "tooltip", "");

  y.nShape = declare(g, AGNODE, "shape", "box");
  y.nStyle = declare(g, AGNODE, "style", "rounded,filled");
  y.nFill = declare(g, AGNODE, "fillcolor", "#ffffff");
  y.nPen = declare(g, AGNODE, "color", "#495057");
  y.nPenwidth = declare(g, AGNODE, "penwidth", "1");
  declare(g, AGNODE, "fontname", o.fontname);
  declare(g, AGNODE, "fontsize", fmt(o.fontsize));
  declare(g, AGNODE, "margin", "0.08,0.04");
  declare(g, AGNODE, "height", "0.3");
  y.nLabel = declare(g, AGNODE, "label", "\\N");
  y.nId = declare(g, AGNODE, "id", "");
  y.nClass = declare(g, AGNODE, "class", "");
  y.nTooltip = declare(g, AGNODE, "tooltip", "");

  y.ePen = declare(g, AGEDGE, "color", "#868e96");
  y.ePenwidth = declare(g, AGEDGE, "penwidth", "1");
  declare(g, AGEDGE, "arrowsize", "0.7");
  declare(g, AGEDGE, "fontname", o.fontname);
  declare(g, AGEDGE, "fontsize", fmt(o.fontsize - 2));
  y.eLabel = declare(g, AGEDGE, "label", "");
  y.eXLabel = declare(g, AGEDGE, "xlabel", "");
  y.eId = declare(g, AGEDGE, "id", "");
  y.eClass = declare(g, AGEDGE, "class", "");
  y.eTooltip = declare(g, AGEDGE, "tooltip", "");
  return y;
}

void setHtml(Agraph_t* g, void* obj, Agsym_t* sym, const std::string& html) {
  char* h = agstrdup_html(g, S(html));
  agxset(obj, sym, h);
  agstrfree(g, h);
}

void set(void* obj, Agsym_t* sym, const std::string& value) { agxset(obj, sym, S(value)); }

// Owns one cgraph graph and frees its layout and itself, whatever path the caller takes.
class GraphvizGraph {
 public:
  explicit GraphvizGraph(GVC_t* gvc) : gvc_(gvc), g_(agopen(S("segscope"), Agdirected, &kDisc)) {}
  ~GraphvizGraph() {
    if (laidOut_) gvFreeLayout(gvc_, g_);
    if (g_) agclose(g_);
  }
  GraphvizGraph(const GraphvizGraph&) = delete;
  GraphvizGraph& operator=(const GraphvizGraph&) = delete;

  Agraph_t* root() const { return g_; }
  std::vector<Agraph_t*> clusters;  // per GraphModel cluster; nullptr when it has no nodes
  std::vector<Agnode_t*> nodes;     // per GraphModel node
  std::vector<Agedge_t*> edges;     // per GraphModel edge

  bool layout(const std::string& engine) {
    laidOut_ = gvLayout(gvc_, g_, engine.c_str()) == 0;
    return laidOut_;
  }

 private:
  GVC_t* gvc_;
  Agraph_t* g_;
  bool laidOut_ = false;
};

void addClusters(GraphvizGraph& gg, const graph::GraphModel& model, const Symbols& y, const LayoutOptions& o) {
  std::vector<bool> used(model.clusters.size(), false);
  for (const auto& node : model.nodes)
    if (node.cluster >= 0) used[static_cast<std::size_t>(node.cluster)] = true;
  Agraph_t* g = gg.root();
  gg.clusters.assign(model.clusters.size(), nullptr);
  for (std::size_t i = 0; i < model.clusters.size(); ++i) {
    if (!used[i]) continue;  // dot draws no box around nothing
    const auto& c = model.clusters[i];
    Agraph_t* sub = agsubg(g, S("cluster_" + std::to_string(i)), 1);
    const auto colors = graph::schedulerColors(c.scheduler);
    std::string pen = c.penColor.empty() ? colors.pen : c.penColor;
    std::string penwidth = "1";
    if (c.highlight != graph::Highlight::None) {
      pen = graph::highlightStyle(c.highlight).pen;
      penwidth = "3";
    }
    setHtml(g, sub, y.gLabel, "<b>" + escapeHtml(c.label.empty() ? c.id : c.label) + "</b>");
    set(sub, y.gStyle, "rounded,filled");
    set(sub, y.gFill, c.fillColor.empty() ? colors.fill : c.fillColor);
    set(sub, y.gPen, pen);
    set(sub, y.gPenwidth, penwidth);
    set(sub, y.gId, c.id);
    std::string cssClass = "segment " + (c.scheduler.empty() ? std::string("none") : c.scheduler);
    if (c.host) cssClass += " host";
    set(sub, y.gClass, withHighlightClass(cssClass, c.highlight));  // Graphviz prepends "cluster"
    if (o.tooltips) set(sub, y.gTooltip, c.label);
    gg.clusters[i] = sub;
  }
}

void addNodes(GraphvizGraph& gg, const graph::GraphModel& model, const Symbols& y, const LayoutOptions& o) {
  Agraph_t* g = gg.root();
  gg.nodes.reserve(model.nodes.size());
  for (const auto& node : model.nodes) {
    Agraph_t* owner = node.cluster >= 0 ? gg.clusters[static_cast<std::size_t>(node.cluster)] : g;
    Agnode_t* n = agnode(owner, S(node.id), 1);  // a node made in a cluster is in the root too
    const NodeStyle s = nodeStyle(node);
    if (s.shape != "box") set(n, y.nShape, s.shape);
    if (s.style != "rounded,filled") set(n, y.nStyle, s.style);
    set(n, y.nFill, s.fill);
    set(n, y.nPen, s.pen);
    if (s.penwidth != "1") set(n, y.nPenwidth, s.penwidth);
    setHtml(g, n, y.nLabel, nodeLabelHtml(node, o));
    set(n, y.nId, node.id);
    set(n, y.nClass, withHighlightClass(node.cssClass, node.highlight));
    if (o.tooltips) set(n, y.nTooltip, node.tooltip.empty() ? node.label : node.tooltip);
    gg.nodes.push_back(n);
  }
}

// Edges go into the root after every node and cluster exists (XLA's rule: dot mis-assigns
// an edge that names a node before the node's cluster is defined).
// Ranked labels get room in dot's ranking (each is a virtual node, ~3x the time at 2000
// ops); past the limit they become xlabels, placed after layout next to their edge.
bool useRankedLabels(const graph::GraphModel& model, const LayoutOptions& o) {
  const auto labelled =
      std::count_if(model.edges.begin(), model.edges.end(), [](const graph::Edge& e) { return !e.label.empty(); });
  return static_cast<std::size_t>(labelled) <= o.rankedEdgeLabelLimit;
}

void addEdges(GraphvizGraph& gg, const graph::GraphModel& model, const Symbols& y, const LayoutOptions& o) {
  Agraph_t* g = gg.root();
  Agsym_t* labelSym = useRankedLabels(model, o) ? y.eLabel : y.eXLabel;
  std::unordered_map<std::string_view, Agnode_t*> byId;
  byId.reserve(model.nodes.size());
  for (std::size_t i = 0; i < model.nodes.size(); ++i) byId.emplace(model.nodes[i].id, gg.nodes[i]);
  gg.edges.reserve(model.edges.size());
  for (const auto& edge : model.edges) {
    Agedge_t* e = agedge(g, byId.at(edge.from), byId.at(edge.to), nullptr, 1);
    std::string pen;
    std::string penwidth = edge.crossesClusters ? "2" : "";
    if (edge.highlight != graph::Highlight::None) {
      pen = graph::highlightStyle(edge.highlight).pen;
      penwidth = "2.5";
    }
    if (!pen.empty()) set(e, y.ePen, pen);
    if (!penwidth.empty()) set(e, y.ePenwidth, penwidth);
    if (o.edgeLabels && !edge.label.empty()) setHtml(g, e, labelSym, escapeHtml(edge.label));
    set(e, y.eId, edgeId(edge));
    std::string cssClass = edge.crossesClusters ? "crossing" : "";
    cssClass = withHighlightClass(cssClass, edge.highlight);
    if (!cssClass.empty()) set(e, y.eClass, cssClass);  // Graphviz prepends "edge"
    if (o.tooltips) set(e, y.eTooltip, edge.tooltip.empty() ? edge.label : edge.tooltip);
    gg.edges.push_back(e);
  }
}

void build(GraphvizGraph& gg, const graph::GraphModel& model, const LayoutOptions& options) {
  const Symbols symbols = declareAttributes(gg.root(), options);
  addClusters(gg, model, symbols, options);
  addNodes(gg, model, symbols, options);
  addEdges(gg, model, symbols, options);
}

// ---------------------------------------------------------------------------------------
// Reading the layout back. Graphviz: points, origin bottom-left, y up; ND_width/height in
// inches. Geometry: points, origin top-left, y down.

struct Flip {
  boxf bb;
  Point operator()(pointf p) const { return {p.x - bb.LL.x, bb.UR.y - p.y}; }
  Rect box(boxf b) const { return {b.LL.x - bb.LL.x, bb.UR.y - b.UR.y, b.UR.x - b.LL.x, b.UR.y - b.LL.y}; }
};

NodeGeometry readNode(Agnode_t* n, const std::string& id, const Flip& flip) {
  const Point centre = flip(ND_coord(n));
  return {id, centre.x, centre.y, ND_width(n) * 72.0, ND_height(n) * 72.0};
}

EdgeGeometry readEdge(Agedge_t* e, const graph::Edge& edge, const Flip& flip) {
  EdgeGeometry out;
  out.id = edgeId(edge);
  out.from = edge.from;
  out.to = edge.to;
  if (const splines* spl = ED_spl(e)) {
    for (int i = 0; i < spl->size; ++i) {
      const bezier& bz = spl->list[i];
      std::vector<Point> piece;
      piece.reserve(static_cast<std::size_t>(bz.size));
      for (int k = 0; k < bz.size; ++k) piece.push_back(flip(bz.list[k]));
      out.beziers.push_back(std::move(piece));
      if (bz.eflag) {
        out.hasArrow = true;
        out.arrowTip = flip(bz.ep);
      }
    }
  }
  const textlabel_t* label = ED_label(e) ? ED_label(e) : ED_xlabel(e);
  if (label && label->set) {
    out.hasLabel = true;
    out.labelPos = flip(label->pos);
    out.labelSize = {label->dimen.x, label->dimen.y};
  }
  return out;
}

ClusterGeometry readCluster(Agraph_t* sub, const std::string& id, const Flip& flip) {
  ClusterGeometry out;
  out.id = id;
  out.box = flip.box(GD_bb(sub));
  if (const textlabel_t* label = GD_label(sub)) {
    out.labelPos = flip(label->pos);
    out.labelSize = {label->dimen.x, label->dimen.y};
  }
  return out;
}

Geometry readGeometry(const GraphvizGraph& gg, const graph::GraphModel& model) {
  Geometry out;
  const Flip flip{GD_bb(gg.root())};
  out.bounds = flip.box(GD_bb(gg.root()));
  out.nodes.reserve(model.nodes.size());
  for (std::size_t i = 0; i < model.nodes.size(); ++i)
    out.nodes.push_back(readNode(gg.nodes[i], model.nodes[i].id, flip));
  out.edges.reserve(model.edges.size());
  for (std::size_t i = 0; i < model.edges.size(); ++i) out.edges.push_back(readEdge(gg.edges[i], model.edges[i], flip));
  for (std::size_t i = 0; i < model.clusters.size(); ++i)
    if (gg.clusters[i]) out.clusters.push_back(readCluster(gg.clusters[i], model.clusters[i].id, flip));
  return out;
}

// ---------------------------------------------------------------------------------------
// The three products. Each runs with the global lock held by the caller.

enum class Product { Geometry, Svg, Dot };

struct Produced {
  Geometry geometry;
  std::string text;
};

Result<std::string> writeDot(Agraph_t* g) {
  char* buffer = nullptr;
  std::size_t size = 0;
  FILE* stream = open_memstream(&buffer, &size);
  if (!stream) return makeError("layout: cannot open a memory stream for DOT output");
  const int rc = agwrite(g, stream);
  std::fclose(stream);  // flushes into buffer
  std::string text(buffer ? buffer : "", size);
  std::free(buffer);
  if (rc != 0) return makeError("layout: agwrite failed");
  return text;
}

Result<std::string> renderTo(GVC_t* gvc, Agraph_t* g, const char* format) {
  char* data = nullptr;
  unsigned int length = 0;
  if (gvRenderData(gvc, g, format, &data, &length) != 0) {
    if (data) gvFreeRenderData(data);
    return makeError(std::string("layout: rendering ") + format + " failed");
  }
  std::string text(data, length);
  gvFreeRenderData(data);
  return text;
}

Result<Produced> produceLocked(GVC_t* gvc, const graph::GraphModel& model, const LayoutOptions& options,
                               Product product, const SvgDecor* decor) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> messages;
  MessageCapture capture(messages);
  GraphvizGraph gg(gvc);
  if (!gg.root()) return makeError("layout: agopen failed: " + joinErrors(messages));
  build(gg, model, options);
  // An exported picture says what it is: the caption and legend sit above the graph.
  if (decor)
    if (const std::string label = decorLabel(model, *decor, options.fontsize); !label.empty()) {
      setHtml(gg.root(), gg.root(), agattr(gg.root(), AGRAPH, S("label"), S("")), label);
      agsafeset(gg.root(), S("labelloc"), S("t"), S("t"));  // the default reaches the clusters too
    }
  Produced out;
  if (product == Product::Dot) {
    SEGSCOPE_TRY(out.text, writeDot(gg.root()));
  } else {
    if (!gg.layout(options.engine) || !joinErrors(messages).empty())
      return makeError("layout: graphviz failed: " + joinErrors(messages));
    if (product == Product::Geometry) out.geometry = readGeometry(gg, model);
    if (product == Product::Svg) {
      SEGSCOPE_TRY(out.text, renderTo(gvc, gg.root(), "svg"));
    }
  }
  if (!joinErrors(messages).empty()) return makeError("layout: graphviz failed: " + joinErrors(messages));
  out.geometry.warnings = warningsOf(messages);
  out.geometry.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return out;
}

Result<Produced> produce(GVC_t* gvc, const graph::GraphModel& model, const LayoutOptions& options, Product product,
                         const SvgDecor* decor = nullptr) {
  if (const Status valid = validate(model, options); !valid) return valid.error();
  std::lock_guard lock(graphvizMutex());
  if (!gvc) gvc = sharedContext();
  return produceLocked(gvc, model, options, product, decor);
}

}  // namespace

std::string edgeId(const graph::Edge& edge) {
  return "edge-" + edge.from + "-" + edge.to + "-" + std::to_string(edge.valId);
}

Result<Geometry> layoutGraph(const graph::GraphModel& model, const LayoutOptions& options, BlockCache* blocks) {
  if (options.tileAspect > 0) return layoutTiles(model, options.tileAspect);
  const bool unclusteredAndBig =
      options.unclusteredDotLimit > 0 && model.clusters.empty() && model.nodes.size() > options.unclusteredDotLimit;
  if ((options.blockLayoutAbove > 0 && model.nodes.size() > options.blockLayoutAbove) || unclusteredAndBig) {
    const DotLayout dot = [&options](const graph::GraphModel& block) -> Result<Geometry> {
      SEGSCOPE_TRY(auto produced, produce(nullptr, block, options, Product::Geometry));
      return std::move(produced.geometry);
    };
    return layoutInBlocks(model, options, dot, blocks);
  }
  SEGSCOPE_TRY(auto produced, produce(nullptr, model, options, Product::Geometry));
  return std::move(produced.geometry);
}

Result<std::string> renderSvg(const graph::GraphModel& model, const LayoutOptions& options, const SvgDecor& decor) {
  SEGSCOPE_TRY(auto produced, produce(nullptr, model, options, Product::Svg, decor.empty() ? nullptr : &decor));
  return decor.empty() ? std::move(produced.text) : keepTitlesOnTop(produced.text);
}

Result<std::string> renderDot(const graph::GraphModel& model, const LayoutOptions& options) {
  SEGSCOPE_TRY(auto produced, produce(nullptr, model, options, Product::Dot));
  return std::move(produced.text);
}

void hashOptions(ContentHash& f, const LayoutOptions& options) {
  f.num(options.edgeLabels);
  f.num(static_cast<std::int64_t>(options.rankedEdgeLabelLimit));
  f.str(options.splines);
  f.real(options.nodesep);
  f.real(options.ranksep);
  f.str(options.fontname);
  f.real(options.fontsize);
  f.num(options.tooltips);
  f.str(options.engine);
  f.num(static_cast<std::int64_t>(options.blockLayoutAbove));
  f.num(static_cast<std::int64_t>(options.dotBlockLimit));
  f.num(static_cast<std::int64_t>(options.unclusteredDotLimit));
  f.real(options.tileAspect);
}

std::uint64_t layoutHash(const graph::GraphModel& model, const LayoutOptions& options) {
  ContentHash f;
  hashOptions(f, options);
  f.str(model.title);
  f.num(static_cast<std::int64_t>(model.nodes.size()));
  for (const auto& n : model.nodes) {
    f.str(n.id);
    f.num(static_cast<int>(n.kind));
    f.str(n.label);
    f.str(n.detail);
    f.str(n.tooltip);
    f.str(n.cssClass);
    f.num(n.cluster);
    f.str(n.fillColor);
    f.str(n.penColor);
    f.num(static_cast<int>(n.highlight));
  }
  f.num(static_cast<std::int64_t>(model.edges.size()));
  for (const auto& e : model.edges) {
    f.str(e.from);
    f.str(e.to);
    f.str(e.label);
    f.str(e.tooltip);
    f.num(e.valId);
    f.num(e.crossesClusters);
    f.num(static_cast<int>(e.highlight));
  }
  f.num(static_cast<std::int64_t>(model.clusters.size()));
  for (const auto& c : model.clusters) {
    f.str(c.id);
    f.str(c.scheduler);
    f.num(c.host);
    f.str(c.label);
    f.str(c.fillColor);
    f.str(c.penColor);
    f.num(static_cast<int>(c.highlight));
  }
  return f.h;
}

// ---------------------------------------------------------------------------------------
// LayoutWorker

LayoutWorker::LayoutWorker(std::size_t cacheCapacity)
    : cacheCapacity_(cacheCapacity == 0 ? 1 : cacheCapacity),
      blocks_(std::make_unique<BlockCache>()),
      thread_([this] { run(); }) {}

LayoutWorker::~LayoutWorker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::future<Result<Geometry>> LayoutWorker::submit(graph::GraphModel model, LayoutOptions options) {
  const std::uint64_t key = layoutHash(model, options);
  if (auto cached = fromCache(key)) return std::move(*cached);
  return enqueue(key, std::move(model), std::move(options));
}

std::future<Result<Geometry>> LayoutWorker::submit(const graph::GraphModel& model, LayoutOptions options,
                                                   std::uint64_t key) {
  if (auto cached = fromCache(key)) return std::move(*cached);
  return enqueue(key, model, std::move(options));
}

std::optional<std::future<Result<Geometry>>> LayoutWorker::fromCache(std::uint64_t key) {
  std::lock_guard lock(mutex_);
  const auto it = cache_.find(key);
  if (it == cache_.end()) return std::nullopt;
  ++cacheHits_;
  cacheOrder_.remove(key);
  cacheOrder_.push_back(key);
  std::promise<Result<Geometry>> ready;
  ready.set_value(it->second);
  return ready.get_future();
}

std::future<Result<Geometry>> LayoutWorker::enqueue(std::uint64_t key, graph::GraphModel model, LayoutOptions options) {
  Job job{key, std::move(model), std::move(options), {}};
  auto future = job.promise.get_future();
  std::lock_guard lock(mutex_);
  queue_.push_back(std::move(job));
  wake_.notify_one();
  return future;
}

void LayoutWorker::cancelPending() {
  std::deque<Job> dropped;
  {
    std::lock_guard lock(mutex_);
    dropped.swap(queue_);
  }
  for (auto& job : dropped) job.promise.set_value(makeError("layout: cancelled"));
}

std::size_t LayoutWorker::cacheHits() const {
  std::lock_guard lock(mutex_);
  return cacheHits_;
}

std::size_t LayoutWorker::layoutsRun() const {
  std::lock_guard lock(mutex_);
  return layoutsRun_;
}

void LayoutWorker::store(std::uint64_t key, const Geometry& geometry) {
  std::lock_guard lock(mutex_);
  if (cache_.insert_or_assign(key, geometry).second) cacheOrder_.push_back(key);
  while (cache_.size() > cacheCapacity_) {
    cache_.erase(cacheOrder_.front());
    cacheOrder_.pop_front();
  }
}

void LayoutWorker::run() {
  // Every worker uses the one process-wide context. Graphviz's Pango plugin keeps a pointer to
  // the last font name, which lives in a context's font table: freeing a context (a worker
  // going away) left the next layout reading freed memory (found by ASan). layoutGraph()
  // reaches produce(), which takes the shared context under the lock.
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) break;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    auto produced = layoutGraph(job.model, job.options, blocks_.get());
    {
      std::lock_guard lock(mutex_);
      ++layoutsRun_;
    }
    if (!produced) {
      job.promise.set_value(produced.error());
      continue;
    }
    store(job.key, produced.value());
    job.promise.set_value(std::move(produced.value()));
  }
  cancelPending();
}

}  // namespace segscope::layout
