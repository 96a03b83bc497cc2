// Structural diff of two fusions that share id space (a snapshot and its successor), and of
// two partitions of one fusion (merge steps).
#include "trace/diff.h"

#include <algorithm>
#include <map>
#include <set>

namespace segscope::trace {
namespace {

std::string valText(const ir::Val* v) {
  std::string s = v->name() + ": " + std::string(ir::shortName(v->dtype()));
  if (const ir::TensorView* tv = v->asTensor()) s += tv->shapeString();
  return s;
}

std::string idList(const std::vector<ir::Val*>& vals) {
  std::string s = "[";
  for (std::size_t i = 0; i < vals.size(); ++i) s += (i ? ", " : "") + vals[i]->name();
  return s + "]";
}

// Why an expr with the same id differs, or "" when it does not.
std::string exprDifference(const ir::Expr& a, const ir::Expr& b) {
  std::vector<std::string> reasons;
  if (a.op() != b.op()) reasons.push_back("op " + std::string(a.opName()) + " -> " + std::string(b.opName()));
  const auto ids = [](const std::vector<ir::Val*>& v) {
    std::vector<int> out;
    for (const ir::Val* x : v) out.push_back(x->id());
    return out;
  };
  if (ids(a.inputs()) != ids(b.inputs()))
    reasons.push_back("inputs " + idList(a.inputs()) + " -> " + idList(b.inputs()));
  if (ids(a.outputs()) != ids(b.outputs()))
    reasons.push_back("outputs " + idList(a.outputs()) + " -> " + idList(b.outputs()));
  if (reasons.empty() && a.toString() != b.toString()) reasons.push_back("attributes");
  std::string s;
  for (const std::string& r : reasons) s += (s.empty() ? "" : "; ") + r;
  return s;
}

std::string valDifference(const ir::Val& a, const ir::Val& b) {
  std::vector<std::string> reasons;
  if (a.dtype() != b.dtype())
    reasons.push_back("dtype " + std::string(ir::shortName(a.dtype())) + " -> " +
                      std::string(ir::shortName(b.dtype())));
  const ir::TensorView* ta = a.asTensor();
  const ir::TensorView* tb = b.asTensor();
  if (ta && tb && ta->shapeString() != tb->shapeString())
    reasons.push_back("shape " + ta->shapeString() + " -> " + tb->shapeString());
  if (ta && tb && ta->strideOrder() != tb->strideOrder()) reasons.push_back("stride order");
  if (a.name() != b.name()) reasons.push_back("name " + a.name() + " -> " + b.name());
  std::string s;
  for (const std::string& r : reasons) s += (s.empty() ? "" : "; ") + r;
  return s;
}

template <class T, class Text, class Differ>
std::vector<Change> diffById(const std::map<int, const T*>& before, const std::map<int, const T*>& after, Text text,
                             Differ differ) {
  std::vector<Change> out;
  for (const auto& [id, a] : before) {
    auto it = after.find(id);
    if (it == after.end()) {
      out.push_back({ChangeKind::Removed, id, text(a), "", ""});
    } else if (std::string why = differ(*a, *it->second); !why.empty()) {
      out.push_back({ChangeKind::Changed, id, text(a), text(it->second), why});
    }
  }
  for (const auto& [id, b] : after)
    if (!before.count(id)) out.push_back({ChangeKind::Added, id, "", text(b), ""});
  return out;
}

std::string outputText(const ir::FusionOutput& o) {
  std::string s = o.val->name();
  if (o.aliasOf) s += " (in place of " + o.aliasOf->name() + ")";
  if (!o.strideOrder.empty()) {
    s += " stride_order=[";
    for (std::size_t i = 0; i < o.strideOrder.size(); ++i) s += (i ? ", " : "") + std::to_string(o.strideOrder[i]);
    s += "]";
  }
  return s;
}

}  // namespace

FusionDiff diff(const ir::Fusion& before, const ir::Fusion& after) {
  FusionDiff d;
  std::map<int, const ir::Expr*> ea, eb;
  for (const ir::Expr* e : before.exprs()) ea[e->id()] = e;
  for (const ir::Expr* e : after.exprs()) eb[e->id()] = e;
  d.exprs = diffById(
      ea, eb, [](const ir::Expr* e) { return e->toString(); }, exprDifference);
  // Only values that matter to a reader: tensors and non-constant scalars with a role.
  const auto interesting = [](const ir::Fusion& f) {
    std::map<int, const ir::Val*> m;
    for (const ir::Val* v : f.vals())
      if (v->isTensor() || v->definition() || f.isInput(v)) m[v->id()] = v;
    return m;
  };
  d.vals = diffById(interesting(before), interesting(after), valText, valDifference);
  std::vector<std::string> oa, ob;
  for (const ir::FusionOutput& o : before.outputs()) oa.push_back(outputText(o));
  for (const ir::FusionOutput& o : after.outputs()) ob.push_back(outputText(o));
  if (oa != ob) {
    d.outputsChanged = true;
    for (std::size_t i = 0; i < std::max(oa.size(), ob.size()); ++i) {
      const std::string x = i < oa.size() ? oa[i] : "(none)";
      const std::string y = i < ob.size() ? ob[i] : "(none)";
      if (x != y) d.outputNotes.push_back("output " + std::to_string(i) + ": " + x + " -> " + y);
    }
  }
  return d;
}

std::string FusionDiff::toText() const {
  std::string s;
  const auto line = [&](const Change& c) {
    switch (c.kind) {
      case ChangeKind::Added: s += "+ " + c.after + "\n"; break;
      case ChangeKind::Removed: s += "- " + c.before + "\n"; break;
      case ChangeKind::Changed: s += "~ " + c.after + "  (" + c.reason + ")\n"; break;
    }
  };
  for (const Change& c : exprs) line(c);
  for (const Change& c : vals)
    if (c.kind == ChangeKind::Changed) line(c);
  for (const std::string& n : outputNotes) s += "~ " + n + "\n";
  return s;
}

}  // namespace segscope::trace

namespace segscope::trace {
namespace {

// Members of every group, sorted by expr id (exprs are visited in id order).
std::map<int, std::vector<int>> membersByGroup(const Partition& p) {
  std::map<int, std::vector<int>> m;
  for (const PartitionGroup& g : p.groups()) m[g.id];  // groups without exprs count too
  const std::vector<int>& groupOfExpr = p.groupOfExpr();
  for (std::size_t e = 0; e < groupOfExpr.size(); ++e)
    if (groupOfExpr[e] != -1) m[groupOfExpr[e]].push_back(static_cast<int>(e));
  return m;
}

std::string groupText(const Partition& p, int id, const std::vector<int>& members) {
  const PartitionGroup* g = p.group(id);
  std::string s = "group " + std::to_string(id) + " " + (g ? g->scheduler : std::string("?"));
  if (g && g->host) s += " (host)";
  s += " {";
  for (std::size_t i = 0; i < members.size(); ++i) s += (i ? ", " : "") + std::to_string(members[i]);
  return s + "}";
}

std::string groupDifference(const PartitionGroup* a, const PartitionGroup* b) {
  if (!a || !b) return "";
  std::string s;
  if (a->scheduler != b->scheduler) s = "scheduler " + a->scheduler + " -> " + b->scheduler;
  if (a->host != b->host) s += std::string(s.empty() ? "" : "; ") + (b->host ? "now on the host" : "now on the device");
  return s;
}

}  // namespace

PartitionDiff diff(const Partition& before, const Partition& after) {
  PartitionDiff d;
  const std::map<int, std::vector<int>> mb = membersByGroup(before);
  const std::map<int, std::vector<int>> ma = membersByGroup(after);
  // Non-empty member sets are disjoint, so a set names at most one group per partition.
  // Empty groups have no members to compare and are matched by id instead.
  std::map<std::vector<int>, int> afterBySet;
  for (const auto& [id, members] : ma)
    if (!members.empty()) afterBySet[members] = id;
  std::map<int, int> matched;  // before group id -> after group id with the same members
  std::set<int> matchedAfter;
  for (const auto& [id, members] : mb) {
    int other = -1;
    if (members.empty()) {
      if (auto it = ma.find(id); it != ma.end() && it->second.empty()) other = id;
    } else if (auto same = afterBySet.find(members); same != afterBySet.end()) {
      other = same->second;
    }
    if (other == -1) {
      d.groups.push_back({ChangeKind::Removed, id, groupText(before, id, members), "", ""});
      continue;
    }
    matched[id] = other;
    matchedAfter.insert(other);
    if (std::string why = groupDifference(before.group(id), after.group(other)); !why.empty())
      d.groups.push_back(
          {ChangeKind::Changed, other, groupText(before, id, members), groupText(after, other, members), why});
  }
  for (const auto& [id, members] : ma)
    if (!matchedAfter.count(id)) d.groups.push_back({ChangeKind::Added, id, "", groupText(after, id, members), ""});

  const std::vector<int>& groupBefore = before.groupOfExpr();
  const std::vector<int>& groupAfter = after.groupOfExpr();
  const std::size_t n = std::max(groupBefore.size(), groupAfter.size());
  for (std::size_t e = 0; e < n; ++e) {
    const int gb = e < groupBefore.size() ? groupBefore[e] : -1;
    const int ga = e < groupAfter.size() ? groupAfter[e] : -1;
    if (gb == -1 && ga == -1) continue;
    // Same companions exactly when its old group survived, unchanged in members, as its new one.
    const auto it = gb == -1 ? matched.end() : matched.find(gb);
    const bool same = gb != -1 && ga != -1 && it != matched.end() && it->second == ga;
    if (!same) d.regrouped.push_back({static_cast<int>(e), gb, ga});
  }
  return d;
}

std::string PartitionDiff::toText(const ir::Fusion* fusion) const {
  std::string s;
  for (const Change& c : groups) {
    switch (c.kind) {
      case ChangeKind::Added: s += "+ " + c.after + "\n"; break;
      case ChangeKind::Removed: s += "- " + c.before + "\n"; break;
      case ChangeKind::Changed: s += "~ " + c.after + "  (" + c.reason + ")\n"; break;
    }
  }
  const auto group = [](int id) { return id == -1 ? std::string("none") : std::to_string(id); };
  for (const RegroupedExpr& r : regrouped) {
    s += "~ expr " + std::to_string(r.expr);
    if (const ir::Expr* e = fusion ? fusion->exprById(r.expr) : nullptr) s += " (" + e->toString() + ")";
    s += ": group " + group(r.groupBefore) + " -> " + group(r.groupAfter) + "\n";
  }
  return s;
}

StepDiff diffOf(const Step& step) {
  StepDiff d;
  if (!step.before || !step.after) return d;
  // Snapshots are immutable: a side both snapshots share did not change, and needs no diff.
  if (step.before->fusion && step.after->fusion)
    d.fusion =
        step.before->fusion == step.after->fusion ? FusionDiff{} : diff(*step.before->fusion, *step.after->fusion);
  if (step.before->partition && step.after->partition)
    d.partition = step.before->partition == step.after->partition
                      ? PartitionDiff{}
                      : diff(*step.before->partition, *step.after->partition);
  return d;
}

}  // namespace segscope::trace
