// From snapshots to GraphModels: op nodes with readable labels, inputs drawn once per
// consuming cluster (long edges from shared inputs are what makes dot slow), clusters per
// group colored by scheduler, and the highlights of a step.
#include "graph/graph_builder.h"
#include "graph/op_texts.h"
#include "graph/overview_groups.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "ir/data_type.h"
#include "ir/op_classes.h"
#include "support/text.h"
#include "trace/diff.h"

namespace segscope::graph {
namespace {

// "expr_eval (linear)": nvFuser's expr_eval segments are ATen calls and views; which ones is
// what a reader wants to know, so the kind names its distinct ops (up to three).
// A scheduler's name short enough for an overview tile read at fit ("inner pers").
std::string compactKind(const std::string& scheduler) {
  static const std::map<std::string, std::string> shorter = {{"inner_persistent", "inner pers"},
                                                             {"outer_persistent", "outer pers"},
                                                             {"inner_outer_persistent", "in+out pers"},
                                                             {"expr_eval", "expr_eval"}};
  const auto it = shorter.find(scheduler);
  return it == shorter.end() ? scheduler : it->second;
}

std::string kindWithOps(const std::string& scheduler, const std::vector<std::string>& opNames) {
  if (scheduler != "expr_eval" || opNames.empty()) return scheduler;
  std::vector<std::string> distinct;
  for (const std::string& op : opNames)
    if (std::find(distinct.begin(), distinct.end(), op) == distinct.end()) distinct.push_back(op);
  std::string list;
  for (std::size_t i = 0; i < distinct.size() && i < 3; ++i) list += (i ? ", " : "") + distinct[i];
  if (distinct.size() > 3) list += ", …";
  return scheduler + " (" + list + ")";
}

// The group of each expr (-1: top level), from the snapshot's partition.
int groupOf(const trace::Partition* p, const ir::Expr* e) {
  if (!p) return -1;
  const auto id = static_cast<std::size_t>(e->id());
  const std::vector<int>& groupOfExpr = p->groupOfExpr();
  return id < groupOfExpr.size() ? groupOfExpr[id] : -1;
}

bool drawnAsInput(const ir::Fusion& f, const ir::Val* v) {
  if (f.isInput(v)) return true;
  // Constants are inlined in the consumer; measured extents are not values the user passes.
  return false;
}

class Builder {
 public:
  Builder(const trace::Snapshot& s, const BuildOptions& o, OpTexts* texts)
      : fusion_(*s.fusion), partition_(s.partition.get()), options_(o), texts_(texts ? *texts : ownTexts_) {
    if (o.view == View::Fusion) partition_ = nullptr;
    texts_.use(s.fusion, o.sizes);
  }

  GraphModel build() {
    model_.title = fusion_.name();
    exprs_ = fusion_.exprs();
    if (options_.view == View::Collapsed && partition_)
      buildCollapsed();
    else
      buildExpanded();
    for (Node& n : model_.nodes)
      if (std::find(options_.selected.begin(), options_.selected.end(), n.id) != options_.selected.end())
        n.highlight = Highlight::Selected;
    return std::move(model_);
  }

 private:
  const trace::PartitionGroup* groupById(int id) {
    if (groupById_.empty())
      for (const trace::PartitionGroup& g : partition_->groups()) groupById_.emplace(g.id, &g);
    const auto it = groupById_.find(id);
    return it == groupById_.end() ? nullptr : it->second;
  }

  int clusterIndex(int group) {
    if (group < 0) return -1;
    if (auto it = clusterOf_.find(group); it != clusterOf_.end()) return it->second;
    const trace::PartitionGroup* pg = groupById(group);
    Cluster c;
    c.id = "segment-" + std::to_string(group);
    c.group = group;
    c.scheduler = pg ? pg->scheduler : "none";
    c.host = pg && pg->host;
    const HighlightStyle colors = schedulerColors(c.scheduler);
    c.fillColor = colors.fill;
    c.penColor = colors.pen;
    model_.clusters.push_back(c);
    return clusterOf_[group] = static_cast<int>(model_.clusters.size()) - 1;
  }

  void finishClusters() {
    std::vector<std::vector<std::string>> opNames(model_.clusters.size());
    for (const Node& n : model_.nodes)
      if (n.kind == NodeKind::Op && n.cluster >= 0 && n.cssClass.starts_with("op "))
        opNames[static_cast<std::size_t>(n.cluster)].push_back(n.cssClass.substr(3));
    for (std::size_t i = 0; i < model_.clusters.size(); ++i) {
      Cluster& c = model_.clusters[i];
      const std::string ops = std::to_string(c.opCount) + (c.opCount == 1 ? " op" : " ops");
      // The host scalars are no segment of nvFuser's: no segment number, no scheduler.
      c.label = c.scheduler == trace::kHostScalarsKind
                    ? kindLabel(c.scheduler) + " · " + ops
                    : options_.clusterWord + " " + std::to_string(c.group) + " · " +
                          kindWithOps(c.scheduler, opNames[i]) +
                          (c.host && c.scheduler != "expr_eval" ? " (host)" : "") + " · " + ops;
    }
  }

  // The suffix of a copy drawn next to cluster `cluster`: its group's id, which stays while
  // the clusters before it merge (a picture's items and laid-out blocks are kept by node id).
  std::string besideCluster(int cluster) const {
    return cluster >= 0 ? "@g" + std::to_string(model_.clusters[static_cast<std::size_t>(cluster)].group) : "";
  }

  // The node standing for fusion input `v` next to cluster `cluster` (one per cluster).
  std::string inputNode(const ir::Val* v, int cluster) {
    return inputNodeWithId(v, "v" + std::to_string(v->id()) + besideCluster(cluster));
  }

  std::string inputNodeWithId(const ir::Val* v, const std::string& id) {
    if (inputIds_.insert(id).second) {
      Node n;
      n.id = id;
      n.kind = NodeKind::Input;
      n.label = v->name();
      n.detail = valDetail(v);
      n.tooltip = "fusion input " + v->name() + ": " + n.detail;
      n.cssClass = "input";
      n.valId = v->id();
      n.sourceLine = v->loc().line;
      model_.nodes.push_back(std::move(n));
    }
    return id;
  }

  // An op alone in its group is not clustered; it wears its group's scheduler color.
  void colorAsGroup(Node& n) {
    const trace::PartitionGroup* pg = groupById(n.group);
    const std::string scheduler = pg ? pg->scheduler : "none";
    const HighlightStyle colors = schedulerColors(scheduler);
    n.fillColor = colors.fill;
    n.penColor = colors.pen;
    n.cssClass += " " + options_.clusterWord + "-" + std::to_string(n.group) + " " + scheduler;
    n.tooltip += "\n" + options_.clusterWord + " " + std::to_string(n.group) + " · " + scheduler;
  }

  const std::string& nodeIdOf(const ir::Expr* e) { return texts_.of(e).id; }

  bool tensorNodes() const { return options_.showTensors && !partition_; }

  // The tensor `v` as a node of its own, fed by its definition (fusion view with tensors).
  std::string tensorNode(const ir::Val* v, const ir::Expr* def) {
    const std::string id = "v" + std::to_string(v->id());
    if (inputIds_.insert(id).second) {
      Node n;
      n.id = id;
      n.kind = NodeKind::Tensor;
      n.label = v->name();
      n.detail = valDetail(v);
      n.tooltip = v->name() + ": " + n.detail + " (" + support::bytesText(bytesOf(v, options_.sizes)) + ")";
      n.cssClass = "tensor";
      n.valId = v->id();
      n.sourceLine = v->loc().line;
      model_.nodes.push_back(std::move(n));
      addEdge(nodeIdOf(def), id, v, false, false);
    }
    return id;
  }

  std::string scalarNode(const ir::Val* v, int cluster, const ir::Expr* consumer) {
    const std::string id =
        "v" + std::to_string(v->id()) + (cluster >= 0 ? besideCluster(cluster) : "@e" + std::to_string(consumer->id()));
    if (inputIds_.insert(id).second) {
      Node n;
      n.id = id;
      n.kind = NodeKind::Input;
      n.label = v->name();
      n.detail = std::string(ir::shortName(v->dtype()));
      n.tooltip = (fusion_.isInput(v) ? "fusion input " : "host scalar ") + v->name() +
                  (v->definition() ? " = " + v->definition()->toString() : "");
      n.cssClass = "scalar";
      n.valId = v->id();
      n.sourceLine = v->loc().line;
      model_.nodes.push_back(std::move(n));
    }
    return id;
  }

  // Whether the edge from `from` to `to` carrying value `val` is in the model; if not, it is
  // about to be, at the end of the edge list. Keyed by a hash of the three with the edges'
  // indices: a string key per edge was a tenth of building a 10k-op picture.
  bool drawnAlready(const std::string& from, const std::string& to, int val) {
    const std::hash<std::string> text;
    const std::size_t key = text(from) * 31 + text(to) * 17 + static_cast<std::size_t>(val);
    const auto [first, last] = edgeAt_.equal_range(key);
    for (auto it = first; it != last; ++it) {
      const Edge& e = model_.edges[it->second];
      if (e.valId == val && e.from == from && e.to == to) return true;
    }
    edgeAt_.emplace(key, model_.edges.size());
    return false;
  }

  void addEdge(const std::string& from, const std::string& to, const ir::Val* v, bool crosses, bool labelled) {
    if (drawnAlready(from, to, v->id())) return;
    const ValTexts& texts = texts_.of(v);
    Edge e;
    e.from = from;
    e.to = to;
    e.valId = v->id();
    e.bytes = texts.bytes;
    e.crossesClusters = crosses;
    e.tooltip = texts.tooltip;
    // Crossing values are what the segmentation pays for: name, type and bytes moved.
    if (labelled) e.label = texts.label;
    model_.edges.push_back(std::move(e));
  }

  Node opNode(const ir::Expr* e) {
    const ExprTexts& texts = texts_.of(e);
    Node n;
    n.id = texts.id;
    n.kind = NodeKind::Op;
    n.label = texts.label;
    n.detail = texts.detail;
    n.tooltip = texts.tooltip;
    n.cssClass = texts.cssClass;
    n.exprId = e->id();
    n.sourceLine = e->loc().line;
    n.group = groupOf(partition_, e);
    return n;
  }

  void buildExpanded() {
    // By expr id (ids are dense): hashing pointers was a tenth of building a 10k-op picture.
    // An expr not drawn reads as 0, as it did from the maps these were.
    std::size_t ids = 0;
    for (const ir::Expr* e : exprs_) ids = std::max(ids, static_cast<std::size_t>(e->id()) + 1);
    const auto byId = [](std::vector<int>& v, const ir::Expr* e) -> int& {
      const auto id = static_cast<std::size_t>(e->id());
      if (id >= v.size()) v.resize(id + 1, 0);
      return v[id];
    };
    std::vector<int> clusterOfId(ids, 0), groupOfId(ids, 0);
    const auto clusterOfExpr = [&](const ir::Expr* e) -> int& { return byId(clusterOfId, e); };
    const auto groupOfExpr = [&](const ir::Expr* e) -> int& { return byId(groupOfId, e); };
    model_.nodes.reserve(exprs_.size() + exprs_.size() / 4);
    model_.edges.reserve(exprs_.size() * 2);
    for (const ir::Expr* e : exprs_) ++groupSize_[groupOf(partition_, e)];
    for (const ir::Expr* e : exprs_) {
      Node n = opNode(e);
      if (n.group >= 0 && (options_.singletonClusters || groupSize_[n.group] > 1)) {
        n.cluster = clusterIndex(n.group);
        ++model_.clusters[static_cast<std::size_t>(n.cluster)].opCount;
      } else if (n.group >= 0) {
        colorAsGroup(n);
      }
      groupOfExpr(e) = n.group;
      clusterOfExpr(e) = n.cluster;
      model_.nodes.push_back(std::move(n));
    }
    for (const ir::Expr* e : exprs_) {
      const int to = clusterOfExpr(e);
      for (const ir::Val* v : e->inputs()) {
        const ir::Expr* def = v->definition();
        if (v->isScalar() && (!def || clusterOfExpr(def) != to || to < 0)) {
          // A scalar feeding many ops (Adam's corrections, a residual scale) would send long
          // edges across the whole drawing, the worst case for dot: draw a copy next to each
          // consuming cluster (or op, when there are no clusters) instead.
          if (def || drawnAsInput(fusion_, v)) addEdge(scalarNode(v, to, e), nodeIdOf(e), v, false, false);
          continue;
        }
        if (def && tensorNodes()) {
          addEdge(tensorNode(v, def), nodeIdOf(e), v, false, false);
        } else if (def) {
          const bool crosses = groupOfExpr(def) != groupOfExpr(e);
          addEdge(nodeIdOf(def), nodeIdOf(e), v, crosses, crosses && (clusterOfExpr(def) >= 0 || to >= 0));
        } else if (drawnAsInput(fusion_, v)) {
          addEdge(inputNode(v, to), nodeIdOf(e), v, to >= 0, to >= 0);
        }
      }
    }
    addOutputs([&](const ir::Expr* def) { return nodeIdOf(def); });
    finishClusters();
  }

  template <class NodeOf>
  void addOutputs(NodeOf nodeOf) {
    for (std::size_t i = 0; i < fusion_.outputs().size(); ++i) {
      const ir::FusionOutput& o = fusion_.outputs()[i];
      Node n;
      n.id = "out" + std::to_string(i);
      n.kind = NodeKind::Output;
      n.label = "output " + o.val->name();
      n.detail = o.aliasOf ? "in place into " + o.aliasOf->name() : valDetail(o.val);
      n.tooltip = "fusion output " + std::to_string(i) + ": " + o.val->name() + " " + valDetail(o.val);
      n.cssClass = "output";
      n.valId = o.val->id();
      const std::string id = n.id;
      model_.nodes.push_back(std::move(n));
      if (const ir::Expr* def = o.val->definition())
        addEdge(tensorNodes() && o.val->isTensor() ? tensorNode(o.val, def) : nodeOf(def), id, o.val, true, true);
      else if (fusion_.isInput(o.val))
        addEdge(inputNode(o.val, -1), id, o.val, true, true);
    }
  }

  // Collapsed view: which node stands for each expr. A collapsed group's node; in a group
  // expanded in place, the expr's own op node, or in a big one its run's node unless that run
  // is expanded too.
  std::unordered_map<const ir::Expr*, std::string> unitOf_;

  static bool holdsAny(const std::vector<const ir::Expr*>& exprs, const std::set<int>& ids) {
    return !ids.empty() &&
           std::any_of(exprs.begin(), exprs.end(), [&](const ir::Expr* e) { return ids.count(e->id()); });
  }

  // Consecutive stretches of a group's ops (topological order): each ends after a reduction
  // once it holds kRunMinOps ops, or at kRunOps ops; the normalizations of a norm stack then
  // read as one run each.
  static std::vector<std::vector<const ir::Expr*>> runsOf(const std::vector<const ir::Expr*>& exprs) {
    std::vector<std::vector<const ir::Expr*>> runs(1);
    for (const ir::Expr* e : exprs) {
      runs.back().push_back(e);
      const std::size_t size = runs.back().size();
      if (size >= kRunOps || (size >= kRunMinOps && ir::isReductionOp(e))) runs.emplace_back();
    }
    if (runs.back().empty()) runs.pop_back();
    return runs;
  }

  void expandInPlace(int group, const std::vector<const ir::Expr*>& exprs, const std::string& collapsedId) {
    const int cluster = clusterIndex(group);
    model_.clusters[static_cast<std::size_t>(cluster)].opCount = static_cast<int>(exprs.size());
    const auto addOp = [&](const ir::Expr* e) {
      Node n = opNode(e);
      n.cluster = cluster;
      unitOf_[e] = n.id;
      model_.nodes.push_back(std::move(n));
    };
    if (exprs.size() <= kOpsDrawnInPlace) {
      std::for_each(exprs.begin(), exprs.end(), addOp);
      return;
    }
    const auto runs = runsOf(exprs);
    std::size_t first = 1;
    for (std::size_t k = 0; k < runs.size(); ++k) {
      const auto& run = runs[k];
      if (holdsAny(run, options_.runsExpandedAround)) {
        for (const ir::Expr* e : run) {
          addOp(e);
          model_.nodes.back().anchorExpr = run.front()->id();  // double-click folds the run again
        }
      } else {
        std::size_t reductions = 0;
        for (const ir::Expr* e : run) reductions += ir::isReductionOp(e);
        Node n;
        n.id = "r" + std::to_string(run.front()->id());
        n.kind = NodeKind::Segment;
        n.label = "run " + std::to_string(k + 1) + " of " + std::to_string(runs.size());
        n.detail =
            "ops " + std::to_string(first) + "–" + std::to_string(first + run.size() - 1) +
            (reductions ? " · " + std::to_string(reductions) + (reductions == 1 ? " reduction" : " reductions") : "");
        n.tooltip = collapsedId + " " + n.label + ": " + texts_.of(run.front()).label + " … " +
                    texts_.of(run.back()).label + "\nDouble-click (or E) to draw its ops.";
        n.cssClass = "segment run";
        n.segment = group;
        n.cluster = cluster;
        n.anchorExpr = run.front()->id();
        for (const ir::Expr* e : run) unitOf_[e] = n.id;
        model_.nodes.push_back(std::move(n));
      }
      first += run.size();
    }
  }

  void buildCollapsed() {
    std::map<int, std::vector<const ir::Expr*>> members;
    for (const ir::Expr* e : exprs_) members[groupOf(partition_, e)].push_back(e);
    const auto segmentNode = [&](int group) { return group < 0 ? std::string("host") : "s" + std::to_string(group); };
    for (const trace::PartitionGroup& g : partition_->groups()) {
      const auto it = members.find(g.id);
      if (it == members.end()) continue;
      if (holdsAny(it->second, options_.expandedAround)) {
        expandInPlace(g.id, it->second, segmentNode(g.id));
        continue;
      }
      const std::size_t ops = it->second.size();
      Node n;
      n.id = segmentNode(g.id);
      n.kind = NodeKind::Segment;
      const std::string opCount = std::to_string(ops) + (ops == 1 ? " op" : " ops");
      n.label = g.hostScalars() ? kindLabel(g.scheduler) : options_.clusterWord + " " + std::to_string(g.id);
      std::vector<std::string> opNames;
      for (const ir::Expr* e : it->second) opNames.emplace_back(e->opName());
      n.detail = g.hostScalars() ? opCount
                                 : kindWithOps(g.scheduler, opNames) +
                                       (g.host && g.scheduler != "expr_eval" ? " (host)" : "") + " · " + opCount;
      n.tooltip = n.label + ": " + n.detail + "\nDouble-click (or E) to draw its ops in place.";
      n.cssClass = "segment " + g.scheduler;
      n.segment = g.id;
      n.anchorExpr = it->second.front()->id();
      for (const ir::Expr* e : it->second) unitOf_[e] = n.id;
      model_.nodes.push_back(std::move(n));
    }
    if (members.count(-1)) {
      const std::size_t ops = members[-1].size();
      Node n;
      n.id = "host";
      n.kind = NodeKind::Segment;
      n.label = "ungrouped";
      n.detail = std::to_string(ops) + (ops == 1 ? " scalar op" : " scalar ops");
      n.cssClass = "segment none";
      for (const ir::Expr* e : members[-1]) unitOf_[e] = n.id;
      model_.nodes.push_back(std::move(n));
    }
    // One edge per (producer, consumer) pair, weighted by the bytes of every value crossing.
    std::map<std::pair<std::string, std::string>, Edge> merged;
    std::vector<std::pair<std::string, std::string>> order;
    const auto cross = [&](const std::string& from, const std::string& to, const ir::Val* v, bool crossesGroups) {
      auto key = std::make_pair(from, to);
      auto [it, fresh] = merged.try_emplace(key);
      Edge& e = it->second;
      if (fresh) {
        order.push_back(key);
        e.from = from;
        e.to = to;
        e.valId = v->id();
        e.crossesClusters = crossesGroups;
      }
      if (e.tooltip.find(v->name() + " ") == std::string::npos) {
        e.bytes += bytesOf(v, options_.sizes);
        e.tooltip += (e.tooltip.empty() ? "" : ", ") + v->name() + " ";
      }
    };
    // Fusion inputs and host-computed scalars are drawn next to each segment that reads them:
    // one node feeding most segments gives dot edges across every rank (the collapsed graph of
    // a 3,000-op fusion took 6.5 s to lay out, nearly all of it routing the host segment's edges).
    const auto hostScalarSource = [&](int group, const ir::Val* v) {
      if (!v->asScalar()) return false;
      const trace::PartitionGroup* g = group >= 0 ? groupById(group) : nullptr;
      return group < 0 || (g && g->host);
    };
    const auto hostProxy = [&](int from, int to) {
      const std::string id = segmentNode(from) + "@s" + std::to_string(to);
      if (inputIds_.insert(id).second) {
        Node n;
        n.id = id;
        n.kind = NodeKind::Input;
        // The host scalars are their own kind, not a numbered segment: a small marker, no detail.
        const trace::PartitionGroup* g = from >= 0 ? groupById(from) : nullptr;
        n.label = from < 0                ? "ungrouped scalars"
                  : g && g->hostScalars() ? std::string("host scalars")
                                          : options_.clusterWord + " " + std::to_string(from) + " (host)";
        n.detail = g && g->hostScalars() ? "" : "host scalars";
        n.tooltip = n.label + ": scalars computed on the host before any kernel";
        n.cssClass = "input host-scalars";
        model_.nodes.push_back(std::move(n));
      }
      return id;
    };
    std::map<std::string, Marks> marks;  // the overview's markers, by segment node
    for (const ir::Expr* e : exprs_) {
      const int to = groupOf(partition_, e);
      const std::string& unit = unitOf_.at(e);
      for (const ir::Val* v : e->inputs()) {
        if (const ir::Expr* def = v->definition()) {
          const int from = groupOf(partition_, def);
          const std::string& source = unitOf_.at(def);
          if (source == unit) continue;
          if (from != to && hostScalarSource(from, v)) {
            if (options_.overview)
              marks[unit].hostScalars = true;
            else
              cross(hostProxy(from, to), unit, v, true);
            continue;
          }
          cross(source, unit, v, from != to);
        } else if (drawnAsInput(fusion_, v)) {
          if (options_.overview)
            marks[unit].inputs.insert(v->id());
          else
            cross(inputNodeWithId(v, "v" + std::to_string(v->id()) + "@s" + std::to_string(to)), unit, v, true);
        }
      }
    }
    if (options_.overview) {
      for (const ir::FusionOutput& o : fusion_.outputs())
        if (const ir::Expr* def = o.val->definition(); def && unitOf_.count(def)) ++marks[unitOf_.at(def)].outputs;
      markOverviewNodes(marks);
      for (const auto& key : order) {
        Edge e = merged[key];
        e.label.clear();  // between tiles there is no room for one; the tooltip says it
        e.tooltip = support::bytesText(e.bytes) + ": " + e.tooltip;
        model_.edges.push_back(e);
      }
      finishClusters();
      return;
    }
    bundleManyInputs(merged, order);
    for (const auto& key : order) {
      Edge e = merged[key];
      if (e.crossesClusters) e.label = support::bytesText(e.bytes);  // inside a group, the bytes are not paid
      model_.edges.push_back(e);
    }
    addOutputs([&](const ir::Expr* def) { return unitOf_.at(def); });
    finishClusters();
  }

  // What an overview tile says about the values it touches instead of drawing them.
  struct Marks {
    std::set<int> inputs;  // fusion inputs read
    bool hostScalars = false;
    int outputs = 0;  // fusion outputs written
  };
  // Overview tiles: "12 · inner_persistent" over "34 ops · 3 inputs · host scalars · 1 output".
  void markOverviewNodes(const std::map<std::string, Marks>& marks) {
    for (Node& n : model_.nodes) {
      if (n.kind != NodeKind::Segment) continue;
      const trace::PartitionGroup* g = n.segment >= 0 ? groupById(n.segment) : nullptr;
      static const std::string kDot = " · ";
      const std::size_t last = n.detail.rfind(kDot);
      const std::string ops = last == std::string::npos ? n.detail : n.detail.substr(last + kDot.size());
      n.label = g && g->hostScalars() ? kindLabel(g->scheduler)
                : n.segment >= 0      ? std::to_string(n.segment) + " · " + compactKind(g ? g->scheduler : "none")
                                      : n.label;
      std::string detail = ops;
      if (auto it = marks.find(n.id); it != marks.end()) {
        const Marks& m = it->second;
        if (!m.inputs.empty())
          detail += " · " + std::to_string(m.inputs.size()) + (m.inputs.size() == 1 ? " input" : " inputs");
        if (m.hostScalars) detail += " · host scalars";
        if (m.outputs) detail += " · " + std::to_string(m.outputs) + (m.outputs == 1 ? " output" : " outputs");
      }
      n.detail = detail;
      n.tooltip = options_.clusterWord + " " + std::to_string(n.segment) + " (" + (g ? kindLabel(g->scheduler) : "") +
                  "): " + detail + "\nDouble-click (or E) to draw its ops in place.";
      n.cssClass += " tile";
    }
  }

  // A segment reading many fusion inputs (a 200-layer norm stack reads 200 weights) gets one
  // "N inputs" node instead of a row of N ellipses that pushes the segment off screen.
  static constexpr std::size_t kInputsDrawnPerSegment = 8;
  void bundleManyInputs(std::map<std::pair<std::string, std::string>, Edge>& merged,
                        std::vector<std::pair<std::string, std::string>>& order) {
    const auto isInputCopy = [&](const std::string& id) { return id.starts_with('v') && inputIds_.count(id); };
    std::map<std::string, std::size_t> inputsOf;
    for (const auto& [from, to] : order)
      if (isInputCopy(from)) ++inputsOf[to];
    std::set<std::string> bundledNodes;
    std::vector<std::pair<std::string, std::string>> kept;
    for (const auto& key : order) {
      const auto& [from, to] = key;
      if (!isInputCopy(from) || inputsOf[to] <= kInputsDrawnPerSegment) {
        kept.push_back(key);
        continue;
      }
      const std::string bundle = "inputs@" + to;
      const Edge& one = merged[key];
      const Node* input = nodeById(from);
      auto [it, fresh] = merged.try_emplace({bundle, to});
      Edge& e = it->second;
      if (fresh) {
        kept.emplace_back(bundle, to);
        e.from = bundle;
        e.to = to;
        e.valId = one.valId;
        e.crossesClusters = true;
        Node n;
        n.id = bundle;
        n.kind = NodeKind::Input;
        n.label = std::to_string(inputsOf[to]) + " inputs";
        n.cssClass = "input bundle";
        n.tooltip = std::to_string(inputsOf[to]) + " fusion inputs read by " + to + ":";
        model_.nodes.push_back(std::move(n));
      }
      e.bytes += one.bytes;
      e.tooltip += (e.tooltip.empty() ? "" : ", ") + (input ? input->label : from);
      bundledNodes.insert(from);
      merged.erase(key);
    }
    for (Node& n : model_.nodes)
      if (n.id.starts_with("inputs@")) {
        const Edge& e = merged[{n.id, n.id.substr(7)}];
        n.detail = support::bytesText(e.bytes);
        n.tooltip += " " + e.tooltip;
      }
    std::erase_if(model_.nodes, [&](const Node& n) { return bundledNodes.count(n.id) > 0; });
    order = std::move(kept);
  }

  const Node* nodeById(const std::string& id) const {
    for (const Node& n : model_.nodes)
      if (n.id == id) return &n;
    return nullptr;
  }

  const ir::Fusion& fusion_;
  const trace::Partition* partition_;
  const BuildOptions& options_;
  OpTexts ownTexts_;  // when the caller keeps none
  OpTexts& texts_;
  GraphModel model_;
  std::vector<ir::Expr*> exprs_;
  std::unordered_map<int, int> clusterOf_;
  std::unordered_map<int, int> groupSize_;
  // Partition::group scans the list: with 1,000 groups, a lookup per cluster showed.
  std::unordered_map<int, const trace::PartitionGroup*> groupById_;
  std::set<std::string> inputIds_;
  std::unordered_multimap<std::size_t, std::size_t> edgeAt_;  // see drawnAlready
};

void highlightExprs(GraphModel& m, const std::set<int>& exprIds, Highlight h, bool overwrite) {
  for (Node& n : m.nodes)
    if (n.exprId >= 0 && exprIds.count(n.exprId) && (overwrite || n.highlight == Highlight::None)) n.highlight = h;
}

// The groups a merge step tries, in every view: their ops (per-op views), their clusters, and
// their segment nodes (the collapsed view); everything else is dimmed.
void highlightMerge(GraphModel& m, const trace::MergeInfo& info) {
  const auto tried = [&](int group) {
    return group >= 0 &&
           (group == info.result || std::find(info.groups.begin(), info.groups.end(), group) != info.groups.end());
  };
  // A cycle refusal names the groups in between: drawn as blockers, not dimmed with the rest.
  const auto blocks = [&](int group) {
    return group >= 0 && std::find(info.blockers.begin(), info.blockers.end(), group) != info.blockers.end();
  };
  highlightExprs(m, std::set<int>(info.exprs.begin(), info.exprs.end()), Highlight::Candidate, true);
  for (Node& n : m.nodes) {
    if (n.kind == NodeKind::Segment && tried(n.segment)) n.highlight = Highlight::Candidate;
    const int group = n.kind == NodeKind::Segment ? n.segment : n.group;
    if ((n.kind == NodeKind::Segment || n.kind == NodeKind::Op) && n.highlight == Highlight::None && blocks(group))
      n.highlight = Highlight::Blocker;
  }
  for (Cluster& c : m.clusters) {
    if (tried(c.group)) c.highlight = Highlight::Candidate;
    if (c.highlight == Highlight::None && blocks(c.group)) c.highlight = Highlight::Blocker;
    c.dimmed = c.highlight != Highlight::Candidate && c.highlight != Highlight::Blocker;
  }
  for (Node& n : m.nodes)
    n.dimmed = n.highlight != Highlight::Candidate && n.highlight != Highlight::Blocker &&
               (n.kind == NodeKind::Op || n.kind == NodeKind::Segment);
}

void highlightDiff(GraphModel& m, const trace::Step& step, const trace::FusionDiff& d, StepSide side) {
  std::set<int> shown, changed;
  for (const trace::Change& c : d.exprs) {
    if (c.kind == trace::ChangeKind::Changed)
      changed.insert(c.id);
    else if ((c.kind == trace::ChangeKind::Added) == (side == StepSide::After))
      shown.insert(c.id);
  }
  highlightExprs(m, shown, side == StepSide::After ? Highlight::Added : Highlight::Removed, true);
  highlightExprs(m, changed, Highlight::Changed, true);
  // A value whose shape or dtype changed (a pass made an extent concrete or mapped it to
  // another) is a change too, though no op changed: mark the value's node or edges and the
  // op that defines it.
  std::set<int> changedVals;
  for (const trace::Change& c : d.vals)
    if (c.kind == trace::ChangeKind::Changed) changedVals.insert(c.id);
  if (changedVals.empty()) return;
  const ir::Fusion& shownFusion = side == StepSide::After ? *step.after->fusion : *step.before->fusion;
  std::set<int> definers;
  for (int id : changedVals)
    if (const ir::Val* v = shownFusion.valById(id); v && v->definition()) definers.insert(v->definition()->id());
  highlightExprs(m, definers, Highlight::Changed, false);
  for (Node& n : m.nodes)
    if (n.valId >= 0 && changedVals.count(n.valId) && n.highlight == Highlight::None) n.highlight = Highlight::Changed;
  for (Edge& e : m.edges)
    if (e.valId >= 0 && changedVals.count(e.valId) && e.highlight == Highlight::None) e.highlight = Highlight::Changed;
}

void highlightRegrouped(GraphModel& m, const trace::PartitionDiff& d) {
  std::set<int> moved;
  for (const trace::RegroupedExpr& r : d.regrouped) moved.insert(r.expr);
  highlightExprs(m, moved, Highlight::Regrouped, false);
}

}  // namespace

GraphModel buildGraph(const trace::Snapshot& snapshot, const BuildOptions& options, OpTexts* texts) {
  GraphModel m = Builder(snapshot, options, texts).build();
  if (options.overview && options.groupRuns) groupRunsBetweenBarriers(m, options.openGroups);
  return m;
}

GraphModel buildStepGraph(const trace::Step& step, StepSide side, const BuildOptions& options,
                          const trace::StepDiff* diff, OpTexts* texts) {
  const trace::SnapshotPtr& shown = side == StepSide::After ? step.after : step.before;
  if (!shown) return {};
  const bool grouped = options.overview && options.groupRuns;
  BuildOptions ungrouped = options;
  ungrouped.groupRuns = false;
  GraphModel m = buildGraph(*shown, ungrouped, texts);
  m.title += " · step " + std::to_string(step.index) + ": " + step.name;
  if (step.merge) highlightMerge(m, *step.merge);
  std::optional<trace::StepDiff> computed;
  if (!diff) diff = &computed.emplace(trace::diffOf(step));
  if (step.modified && diff->fusion) highlightDiff(m, step, *diff->fusion, side);
  if (diff->partition) highlightRegrouped(m, *diff->partition);
  if (grouped) groupRunsBetweenBarriers(m, options.openGroups);  // after the highlights: a group shows its members'
  return m;
}

trace::SnapshotPtr snapshotOfSegmentation(const segmenter::Segmentation& segmentation) {
  trace::PartitionTable partition;
  for (const segmenter::Segment& s : segmentation.segments) {
    partition.groups.push_back({s.id, segmenter::schedulerOrKind(s), s.host});
    for (const ir::Expr* e : s.exprs) {
      const auto id = static_cast<std::size_t>(e->id());
      if (partition.groupOfExpr.size() <= id) partition.groupOfExpr.resize(id + 1, -1);
      if (partition.groupOfExpr[id] < 0) partition.groupOfExpr[id] = s.id;
    }
  }
  auto snapshot = std::make_shared<trace::Snapshot>();
  snapshot->fusion = std::shared_ptr<const ir::Fusion>(segmentation.fusion->copy().release());
  snapshot->partition = std::make_shared<const trace::Partition>(std::move(partition));
  return snapshot;
}

}  // namespace segscope::graph
