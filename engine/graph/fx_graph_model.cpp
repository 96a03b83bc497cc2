// Building the drawing of an FX graph: labels in FX's own words ("mm_1 = mm"), the annotation as
// the detail line, the node's source comment in its tooltip.
#include "graph/fx_graph_model.h"

#include <string>

namespace segscope::graph {
namespace {

std::string shapeText(const fx::ValueMeta& m) {
  switch (m.kind) {
    case fx::ValueMeta::Kind::Tensor: {
      std::string s = m.dtype + " [";
      for (std::size_t i = 0; i < m.sizes.size(); ++i) s += (i ? ", " : "") + m.sizes[i].text;
      return s + "]";
    }
    case fx::ValueMeta::Kind::Sym: return "Sym(" + m.symExpr + ")";
    case fx::ValueMeta::Kind::None: return {};
  }
  return {};
}

NodeKind kindOf(const fx::Node& n, bool collective) {
  if (collective) return NodeKind::Collective;
  if (n.op == fx::NodeOp::Placeholder || n.op == fx::NodeOp::GetAttr) return NodeKind::Input;
  if (n.op == fx::NodeOp::Output) return NodeKind::Output;
  return NodeKind::Op;
}

// FX names a node after its op ("mul_1" for a mul): then the name says it all; otherwise
// (`mean = pow`, a renamed node) the op follows.
bool namedAfter(const std::string& name, const std::string& op) {
  if (op.empty() || name.compare(0, op.size(), op) != 0) return false;
  std::size_t i = op.size();
  if (i == name.size()) return true;
  if (name[i] != '_' || i + 1 == name.size()) return false;
  for (++i; i < name.size(); ++i)
    if (name[i] < '0' || name[i] > '9') return false;
  return true;
}

std::string labelOf(const fx::Node& n) {
  if (n.op == fx::NodeOp::Placeholder || n.op == fx::NodeOp::GetAttr || n.op == fx::NodeOp::Output) return n.name;
  const std::string op = n.opName.empty() ? n.target : n.opName;
  return namedAfter(n.name, op) ? n.name : n.name + " = " + op;
}

std::string tooltipOf(const fx::Node& n, int region) {
  std::string t = n.name + " = " + fx::describeTarget(n);
  if (!n.meta.text.empty()) t += "\n\"" + n.meta.text + "\"";
  if (region >= 0) t += "\nregion R" + std::to_string(region);
  if (!n.sourceComment.empty()) t += "\n# " + n.sourceComment;
  t += "\nline " + std::to_string(n.loc.line);
  return t;
}

Highlight highlightOf(int i, const FxMarks& marks) {
  if (i == marks.selected) return Highlight::Selected;
  if (marks.spanIssue < 0) return Highlight::None;
  if (i == marks.spanIssue || i == marks.spanWait) return Highlight::Selected;
  const int end = marks.spanWait < 0 ? 1 << 30 : marks.spanWait;
  return i > marks.spanIssue && i < end ? Highlight::Candidate : Highlight::None;
}

}  // namespace

GraphModel buildFxGraphModel(const fx::Graph& graph, const FxMarks& marks) {
  GraphModel model;
  model.title = graph.title;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const fx::Node& n = graph.nodes[i];
    const int at = static_cast<int>(i);
    const int region = i < marks.regionOf.size() ? marks.regionOf[i] : -1;
    const bool collective = i < marks.collective.size() && marks.collective[i];
    Node node;
    node.id = "n" + std::to_string(i);
    node.kind = kindOf(n, collective);
    node.label = labelOf(n);
    node.detail = shapeText(n.meta);
    node.tooltip = tooltipOf(n, region);
    node.cssClass = collective ? "collective" : (region >= 0 ? "op region" : "op");
    node.exprId = at;
    node.sourceLine = n.loc.line;
    node.group = region;
    node.highlight = highlightOf(at, marks);
    node.dimmed = marks.spanIssue >= 0 && node.highlight == Highlight::None;
    model.nodes.push_back(std::move(node));
  }
  for (std::size_t i = 0; i < graph.nodes.size(); ++i)
    for (int in : graph.nodes[i].inputs) {
      Edge e;
      e.from = "n" + std::to_string(in);
      e.to = "n" + std::to_string(i);
      e.valId = in;
      e.highlight = model.nodes[static_cast<std::size_t>(in)].highlight != Highlight::None &&
                            model.nodes[i].highlight != Highlight::None
                        ? Highlight::Candidate
                        : Highlight::None;
      model.edges.push_back(std::move(e));
    }
  return model;
}

}  // namespace segscope::graph
