// Drawing nvFuser's printed segmentation: groups, their exprs and the tensors between them.
#include "graph/nvfuser_view.h"

#include <map>
#include <set>

namespace segscope::graph {
namespace {

// A group with no scheduler is none (SchedulerType::None); one whose details were cut off
// from an old dump is unknown.
std::string schedulerName(const std::string& printed) {
  if (printed.empty()) return "none";
  return printed == nvlog::kUnknownScheduler ? std::string("unknown") : printed;
}

std::string tensorName(const nvlog::LoggedTensor& t) { return "T" + std::to_string(t.number); }

// "float [iS0{i0}, iS1{128}]" -> "float [i0, 128]": the extents a reader looks for.
std::string tensorDetail(const nvlog::LoggedTensor& t) {
  std::string dims;
  for (const std::string& d : t.dims) {
    const std::size_t open = d.find('{'), close = d.rfind('}');
    const std::string extent = open != std::string::npos && close > open ? d.substr(open + 1, close - open - 1) : d;
    dims += (dims.empty() ? "" : ", ") + extent;
  }
  return (t.dtype.empty() ? std::string() : t.dtype + " ") + "[" + dims + "]";
}

std::string exprLabel(const nvlog::LoggedExpr& e) {
  std::string outs;
  for (const nvlog::LoggedTensor& t : e.outputs) outs += (outs.empty() ? "" : ", ") + tensorName(t);
  const std::string op = e.op.empty() ? std::string("expr") : e.op;
  return outs.empty() ? op : outs + " = " + op;
}

Cluster clusterOf(int index, const std::string& scheduler, int ops) {
  Cluster c;
  c.id = "segment-" + std::to_string(index);
  c.group = index;
  c.scheduler = schedulerName(scheduler);
  c.label = "group " + std::to_string(index) + " · " + c.scheduler + " · " + std::to_string(ops) + " op" +
            (ops == 1 ? "" : "s");
  const HighlightStyle style = schedulerColors(c.scheduler);
  c.fillColor = style.fill;
  c.penColor = style.pen;
  c.opCount = ops;
  return c;
}

// Groups with their exprs printed (detailGroupPrint): one node per expr.
void addDetailedGroups(const nvlog::SegmentedDump& dump, GraphModel& model) {
  std::map<int, std::string> producer;  // tensor number -> node id
  int next = 0;
  for (std::size_t g = 0; g < dump.details.size(); ++g) {
    const nvlog::GroupDetail& group = dump.details[g];
    model.clusters.push_back(clusterOf(static_cast<int>(g), group.scheduler, static_cast<int>(group.exprs.size())));
    for (const nvlog::LoggedExpr& e : group.exprs) {
      Node n;
      n.id = "e" + std::to_string(next++);
      n.kind = NodeKind::Op;
      n.label = exprLabel(e);
      if (!e.outputs.empty()) n.detail = tensorDetail(e.outputs.front());
      n.tooltip = e.text + "\n(log line " + std::to_string(e.line) + ")";
      n.cssClass = "op " + schedulerName(group.scheduler);
      n.cluster = n.group = static_cast<int>(g);
      n.sourceLine = e.line;
      for (const nvlog::LoggedTensor& t : e.outputs) producer.emplace(t.number, n.id);
      model.nodes.push_back(std::move(n));
    }
  }
  // Edges once every producer is known: a group may print a use before another group's def.
  std::set<std::string> inputsDrawn;
  std::size_t at = 0;
  for (std::size_t g = 0; g < dump.details.size(); ++g)
    for (const nvlog::LoggedExpr& e : dump.details[g].exprs) {
      const Node& user = model.nodes[at++];
      for (const nvlog::LoggedTensor& t : e.inputs) {
        Edge edge;
        edge.to = user.id;
        edge.tooltip = t.text;
        if (auto p = producer.find(t.number); p != producer.end()) {
          edge.from = p->second;
          const Node* from = model.node(p->second);
          edge.crossesClusters = from && from->cluster != user.cluster;
        } else {
          edge.from = "v" + std::to_string(t.number);  // a fusion input
          edge.crossesClusters = true;
          if (inputsDrawn.insert(edge.from).second) {
            Node in;
            in.id = edge.from;
            in.kind = NodeKind::Input;
            in.label = tensorName(t);
            in.detail = tensorDetail(t);
            in.tooltip = t.text;
            in.cssClass = "input";
            model.nodes.push_back(std::move(in));
          }
        }
        if (edge.crossesClusters) edge.label = tensorName(t);
        model.edges.push_back(std::move(edge));
      }
    }
}

// Groups printed as `scheduler{expr names}` only: one node per group, the printed edges.
void addShortGroups(const nvlog::SegmentedDump& dump, GraphModel& model) {
  const auto indexOf = [&](const nvlog::GroupLine& g) {
    for (std::size_t i = 0; i < dump.groups.size(); ++i)
      if (dump.groups[i].exprNames == g.exprNames && dump.groups[i].scheduler == g.scheduler)
        return static_cast<int>(i);
    return -1;
  };
  for (std::size_t g = 0; g < dump.groups.size(); ++g) {
    const nvlog::GroupLine& group = dump.groups[g];
    const int ops = static_cast<int>(group.exprNames.size());
    model.clusters.push_back(clusterOf(static_cast<int>(g), group.scheduler, ops));
    Node n;
    n.id = "s" + std::to_string(g);
    n.kind = NodeKind::Segment;
    n.label = schedulerName(group.scheduler);
    n.detail = std::to_string(ops) + " op" + (ops == 1 ? "" : "s");
    n.tooltip = "log line " + std::to_string(group.line);
    n.cssClass = "segment " + schedulerName(group.scheduler);
    n.segment = n.group = static_cast<int>(g);
    n.sourceLine = group.line;
    const HighlightStyle style = schedulerColors(schedulerName(group.scheduler));
    n.fillColor = style.fill;
    n.penColor = style.pen;
    model.nodes.push_back(std::move(n));
  }
  for (const nvlog::EdgeLine& e : dump.edges) {
    const int from = indexOf(e.from), to = indexOf(e.to);
    if (from < 0 || to < 0) continue;
    Edge edge;
    edge.from = "s" + std::to_string(from);
    edge.to = "s" + std::to_string(to);
    edge.label = e.value;
    edge.tooltip = e.value + " (log line " + std::to_string(e.line) + ")";
    edge.crossesClusters = true;
    model.edges.push_back(std::move(edge));
  }
}

}  // namespace

GraphModel buildNvFuserView(const nvlog::Runtime& runtime, const std::string& title) {
  GraphModel model;
  model.title = title;
  if (!runtime.segmented) return model;
  if (!runtime.segmented->details.empty())
    addDetailedGroups(*runtime.segmented, model);
  else
    addShortGroups(*runtime.segmented, model);
  return model;
}

}  // namespace segscope::graph
