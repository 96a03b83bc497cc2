// Matching two segmentations by the ops their segments hold (segmentation_comparison.h).
#include "comparison/segmentation_comparison.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

#include "comparison/log_comparison.h"
#include "graph/graph_model.h"
#include "ir/val.h"
#include "nvlog/nvlog.h"
#include "segmenter/segmentation.h"

namespace segscope::comparison {

namespace {

std::string plural(std::size_t n, std::string_view word) {
  return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

/// A key per op that is the same in two fusions that compute the same thing, whatever their
/// tensors are called: the op, where each operand comes from (an earlier op's key and output,
/// a fusion input's position, a constant), and its outputs' dtypes and shapes. Two versions of a
/// script then match wherever they agree, and an inserted op changes only the keys below it.
/// Equal keys (the same subexpression twice) are told apart by their order. Ops with no tensor
/// output get no key: the scalars they compute move with the scalar mode, not with segments.
std::unordered_map<int, std::string> opKeys(const ir::Fusion& fusion) {
  std::unordered_map<int, std::size_t> hashOfExpr;
  std::unordered_map<int, std::size_t> inputPosition;
  for (std::size_t i = 0; i < fusion.inputs().size(); ++i) inputPosition.emplace(fusion.inputs()[i]->id(), i);
  const auto origin = [&](const ir::Val* v) -> std::string {
    if (auto it = inputPosition.find(v->id()); it != inputPosition.end()) return "in" + std::to_string(it->second);
    if (const ir::Expr* d = v->definition()) {
      const auto& outs = d->outputs();
      const auto at = std::find(outs.begin(), outs.end(), v) - outs.begin();
      return std::to_string(hashOfExpr[d->id()]) + "." + std::to_string(at);
    }
    if (auto c = ir::constantValue(v)) return "c" + ir::formatScalarValue(*c);
    return "s" + std::string(ir::shortName(v->dtype()));
  };
  std::unordered_map<int, std::string> keys;
  std::map<std::size_t, int> seen;
  for (const ir::Expr* e : fusion.exprs()) {
    std::string text(e->opName());
    text += '(';
    for (const ir::Val* in : e->inputs()) text += origin(in) + ',';
    text += ")->";
    bool tensorOut = false;
    for (const ir::Val* out : e->outputs()) {
      text += std::string(ir::shortName(out->dtype()));
      if (const ir::TensorView* tv = out->asTensor()) {
        text += tv->shapeString();
        tensorOut = true;
      }
      text += ';';
    }
    const std::size_t h = std::hash<std::string>{}(text);
    hashOfExpr[e->id()] = h;
    if (tensorOut) keys.emplace(e->id(), std::to_string(h) + "#" + std::to_string(seen[h]++));
  }
  return keys;
}

/// What an op is on its own: its kind and its outputs' dtypes and shapes.
std::string localSignature(const ir::Expr* e) {
  std::string text(e->opName());
  for (const ir::Val* out : e->outputs()) {
    text += ' ';
    text += ir::shortName(out->dtype());
    if (const ir::TensorView* tv = out->asTensor()) text += tv->shapeString();
  }
  return text;
}

struct OpPairs {
  std::unordered_map<int, int> leftToRight;
  /// Ops one side has more copies of than the other (a cast privatized into two segments): each
  /// extra copy stands with the other side's op it copies (its expr id there).
  std::unordered_map<int, int> leftCopies, rightCopies;
};

std::string baseOf(const std::string& key) { return key.substr(0, key.find('#')); }

/// Pairs the left fusion's ops with the right's (left expr id -> right expr id). Ops that
/// compute the same thing (equal opKeys) pair first; extra copies of one are its copies. What
/// is left, an edited stretch of a second
/// version and everything below it, pairs in order by signature along the longest common
/// subsequence of the two topological orders (as a text diff lines up lines), or, for very
/// long stretches, by the k-th occurrence of each signature.
OpPairs pairOps(const ir::Fusion& left, const ir::Fusion& right) {
  const auto keysL = opKeys(left), keysR = opKeys(right);
  std::unordered_map<std::string, int> rightOfKey, leftOfBase, rightOfBase;
  for (const auto& [id, key] : keysR) rightOfKey.emplace(key, id);
  for (const auto& [id, key] : keysL)
    if (key.ends_with("#0")) leftOfBase.emplace(baseOf(key), id);
  for (const auto& [id, key] : keysR)
    if (key.ends_with("#0")) rightOfBase.emplace(baseOf(key), id);
  OpPairs out;
  auto& pairs = out.leftToRight;
  std::set<int> pairedRight;
  for (const auto& [id, key] : keysL)
    if (auto r = rightOfKey.find(key); r != rightOfKey.end()) {
      pairs.emplace(id, r->second);
      pairedRight.insert(r->second);
    }
  std::vector<const ir::Expr*> restL, restR;
  for (const ir::Expr* e : left.exprs()) {
    const auto key = keysL.find(e->id());
    if (key == keysL.end() || pairs.count(e->id())) continue;
    if (auto copied = rightOfBase.find(baseOf(key->second)); copied != rightOfBase.end())
      out.leftCopies.emplace(e->id(), copied->second);
    else
      restL.push_back(e);
  }
  for (const ir::Expr* e : right.exprs()) {
    const auto key = keysR.find(e->id());
    if (key == keysR.end() || pairedRight.count(e->id())) continue;
    if (auto copied = leftOfBase.find(baseOf(key->second)); copied != leftOfBase.end())
      out.rightCopies.emplace(e->id(), copied->second);
    else
      restR.push_back(e);
  }
  if (restL.empty() || restR.empty()) return out;
  std::vector<std::string> sigL, sigR;
  for (const ir::Expr* e : restL) sigL.push_back(localSignature(e));
  for (const ir::Expr* e : restR) sigR.push_back(localSignature(e));
  const std::size_t n = restL.size(), m = restR.size();
  constexpr std::size_t kMostCells = 4'000'000;
  if (n * m > kMostCells) {
    std::map<std::string, std::vector<int>> rightBySignature;
    for (std::size_t j = 0; j < m; ++j) rightBySignature[sigR[j]].push_back(restR[j]->id());
    std::map<std::string, std::size_t> used;
    for (std::size_t i = 0; i < n; ++i) {
      auto& candidates = rightBySignature[sigL[i]];
      if (std::size_t& k = used[sigL[i]]; k < candidates.size()) pairs.emplace(restL[i]->id(), candidates[k++]);
    }
    return out;
  }
  // lcs[i][j]: the longest common subsequence of sigL[i..] and sigR[j..].
  std::vector<std::uint32_t> lcs((n + 1) * (m + 1), 0);
  const auto at = [m](std::size_t i, std::size_t j) { return i * (m + 1) + j; };
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      lcs[at(i, j)] = sigL[i] == sigR[j] ? lcs[at(i + 1, j + 1)] + 1 : std::max(lcs[at(i + 1, j)], lcs[at(i, j + 1)]);
  for (std::size_t i = 0, j = 0; i < n && j < m;) {
    if (sigL[i] == sigR[j]) {
      pairs.emplace(restL[i]->id(), restR[j]->id());
      ++i;
      ++j;
    } else if (lcs[at(i + 1, j)] >= lcs[at(i, j + 1)]) {
      ++i;
    } else {
      ++j;
    }
  }
  return out;
}

std::string segmentWords(const ComparedSide::Segment& s, int ops) {
  if (s.hostScalars) return "host scalars";
  return "segment " + std::to_string(s.id) + " (" + graph::kindLabel(s.scheduler) + ", " + plural(ops, "op") + ")";
}

std::string idsWords(const std::vector<int>& ids, const ComparedSide& side) {
  std::string out = ids.size() == 1 ? "segment " : "segments ";
  constexpr std::size_t kNamed = 8;  // a 400-segment side lists a few and counts the rest
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i == kNamed) {
      out += " and " + std::to_string(ids.size() - kNamed) + " more";
      break;
    }
    const ComparedSide::Segment* s = side.segment(ids[i]);
    out += (i ? ", " : "") + std::to_string(ids[i]);
    if (s) out += " (" + graph::kindLabel(s->scheduler) + ")";
  }
  return out;
}

}  // namespace

std::string_view matchKindName(MatchKind kind) {
  switch (kind) {
    case MatchKind::Same: return "same";
    case MatchKind::OtherScheduler: return "other scheduler";
    case MatchKind::OtherOps: return "other ops";
    case MatchKind::SplitThere: return "split there";
    case MatchKind::MergedThere: return "merged there";
    case MatchKind::Regrouped: return "regrouped";
    case MatchKind::OnlyHere: return "only here";
  }
  return "?";
}

trace::SnapshotPtr ComparedSide::snapshot() const {
  trace::PartitionTable table;
  for (const Segment& s : segments) {
    table.groups.push_back({s.id, s.scheduler, s.host});
    for (int e : s.exprs) {
      const auto id = static_cast<std::size_t>(e);
      if (table.groupOfExpr.size() <= id) table.groupOfExpr.resize(id + 1, -1);
      if (table.groupOfExpr[id] < 0) table.groupOfExpr[id] = s.id;
    }
  }
  auto snap = std::make_shared<trace::Snapshot>();
  snap->fusion = fusion;
  snap->partition = std::make_shared<const trace::Partition>(std::move(table));
  return snap;
}

const ComparedSide::Segment* ComparedSide::segment(int id) const {
  for (const Segment& s : segments)
    if (s.id == id) return &s;
  return nullptr;
}

const SegmentMatch* SegmentationComparison::matchOf(bool leftSide, int segment) const {
  for (const SegmentMatch& m : leftSide ? leftSegments : rightSegments)
    if (m.segment == segment) return &m;
  return nullptr;
}

int SegmentationComparison::segmentCount(const ComparedSide& side) {
  return static_cast<int>(std::count_if(side.segments.begin(), side.segments.end(),
                                        [](const ComparedSide::Segment& s) { return !s.hostScalars; }));
}

ComparedSide comparedSideOf(const pipeline::Session& session, std::string label) {
  ComparedSide side;
  side.label = std::move(label);
  side.file = session.file;
  if (!session.segmentation) return side;
  side.fusion = session.segmentation->fusion;
  for (const segmenter::Segment& s : session.segmentation->segmentation.segments) {
    ComparedSide::Segment out{s.id, segmenter::schedulerOrKind(s), s.host, s.hostScalars, {}};
    for (const ir::Expr* e : s.exprs) out.exprs.push_back(e->id());
    side.segments.push_back(std::move(out));
  }
  return side;
}

namespace {

// The matches: connected sets of segments of both sides, linked by shared ops (union-find over
// left ids 0..L-1 and right ids L..L+R-1, by position).
struct Linker {
  std::vector<int> parent;
  int find(int i) { return parent[i] == i ? i : parent[i] = find(parent[i]); }
  void join(int a, int b) { parent[find(a)] = find(b); }
};

MatchKind kindOf(std::size_t here, std::size_t there) {
  if (here == 1 && there > 1) return MatchKind::SplitThere;
  if (here > 1 && there == 1) return MatchKind::MergedThere;
  return MatchKind::Regrouped;
}

}  // namespace

SegmentationComparison compareSegmentations(ComparedSide left, ComparedSide right) {
  SegmentationComparison c;
  c.left = std::move(left);
  c.right = std::move(right);
  const std::size_t nl = c.left.segments.size(), nr = c.right.segments.size();
  const OpPairs pairs = c.left.fusion && c.right.fusion ? pairOps(*c.left.fusion, *c.right.fusion) : OpPairs{};
  // Ops matched on: those with a tensor output (scalars move with the scalar mode, not segments).
  const auto tensorOp = [](const ir::Fusion& f, int id) {
    const ir::Expr* e = f.exprById(id);
    return e && std::any_of(e->outputs().begin(), e->outputs().end(), [](const ir::Val* v) { return v->isTensor(); });
  };
  std::unordered_map<int, std::size_t> leftSegmentOfExpr, rightSegmentOfExpr;
  for (std::size_t i = 0; i < nl; ++i)
    for (int e : c.left.segments[i].exprs) leftSegmentOfExpr.emplace(e, i);
  for (std::size_t j = 0; j < nr; ++j)
    for (int e : c.right.segments[j].exprs) rightSegmentOfExpr.emplace(e, j);
  std::set<int> pairedRight;
  for (const auto& [l, r] : pairs.leftToRight) pairedRight.insert(r);
  Linker link{std::vector<int>(nl + nr)};
  for (std::size_t i = 0; i < link.parent.size(); ++i) link.parent[i] = static_cast<int>(i);
  std::vector<std::set<std::size_t>> touches(nl);
  const auto connect = [&](std::size_t i, std::size_t j) {
    touches[i].insert(j);
    link.join(static_cast<int>(i), static_cast<int>(nl + j));
  };
  const auto find = [](const std::unordered_map<int, int>& map, int key) {
    const auto it = map.find(key);
    return it == map.end() ? -1 : it->second;
  };
  c.leftSegments.resize(nl);
  c.rightSegments.resize(nr);
  for (std::size_t i = 0; i < nl; ++i) {
    SegmentMatch& m = c.leftSegments[i];
    m.segment = c.left.segments[i].id;
    for (int e : c.left.segments[i].exprs) {
      if (!tensorOp(*c.left.fusion, e)) continue;
      ++m.ops;
      const int paired = find(pairs.leftToRight, e);
      const int there = paired >= 0 ? paired : find(pairs.leftCopies, e);
      const auto r = there < 0 ? rightSegmentOfExpr.end() : rightSegmentOfExpr.find(there);
      if (r == rightSegmentOfExpr.end()) {
        ++m.opsOnlyHere;
        continue;
      }
      connect(i, r->second);
      if (paired >= 0) ++c.matchedOps;
    }
    c.leftOnlyOps += m.opsOnlyHere;
  }
  for (std::size_t j = 0; j < nr; ++j) {
    SegmentMatch& m = c.rightSegments[j];
    m.segment = c.right.segments[j].id;
    for (int e : c.right.segments[j].exprs) {
      if (!tensorOp(*c.right.fusion, e)) continue;
      ++m.ops;
      if (pairedRight.count(e)) continue;
      const auto l = leftSegmentOfExpr.find(find(pairs.rightCopies, e));
      if (l == leftSegmentOfExpr.end())
        ++m.opsOnlyHere;
      else
        connect(l->second, j);  // a copy of an op there stands with its segment
    }
    c.rightOnlyOps += m.opsOnlyHere;
  }
  // Gather the connected sets in the left side's order.
  std::vector<bool> reached(nr, false);
  for (const auto& t : touches)
    for (std::size_t j : t) reached[j] = true;
  std::map<int, std::size_t> matchOfRoot;
  const auto matchIndex = [&](int node) -> std::size_t {
    auto [it, fresh] = matchOfRoot.emplace(link.find(node), c.matches.size());
    if (fresh) c.matches.emplace_back();
    return it->second;
  };
  for (std::size_t i = 0; i < nl; ++i)
    if (!touches[i].empty()) c.matches[matchIndex(static_cast<int>(i))].left.push_back(c.left.segments[i].id);
  for (std::size_t j = 0; j < nr; ++j)
    if (reached[j]) c.matches[matchIndex(static_cast<int>(nl + j))].right.push_back(c.right.segments[j].id);
  const auto schedulerOf = [](const ComparedSide& side, int id) {
    const ComparedSide::Segment* s = side.segment(id);
    return s ? s->scheduler : std::string();
  };
  for (std::size_t mi = 0; mi < c.matches.size(); ++mi) {
    Match& match = c.matches[mi];
    MatchKind leftKind = kindOf(match.left.size(), match.right.size());
    MatchKind rightKind = kindOf(match.right.size(), match.left.size());
    if (match.left.size() == 1 && match.right.size() == 1) {
      const SegmentMatch* l = c.matchOf(true, match.left[0]);
      const SegmentMatch* r = c.matchOf(false, match.right[0]);
      if (l->opsOnlyHere || r->opsOnlyHere)
        leftKind = MatchKind::OtherOps;
      else if (schedulerOf(c.left, match.left[0]) != schedulerOf(c.right, match.right[0]))
        leftKind = MatchKind::OtherScheduler;
      else
        leftKind = MatchKind::Same;
      rightKind = leftKind;
    }
    match.leftKind = leftKind;
    for (std::size_t i = 0; i < nl; ++i)
      if (std::find(match.left.begin(), match.left.end(), c.leftSegments[i].segment) != match.left.end()) {
        c.leftSegments[i].kind = leftKind;
        c.leftSegments[i].counterparts = match.right;
        c.leftSegments[i].match = static_cast<int>(mi);
      }
    for (std::size_t j = 0; j < nr; ++j)
      if (std::find(match.right.begin(), match.right.end(), c.rightSegments[j].segment) != match.right.end()) {
        c.rightSegments[j].kind = rightKind;
        c.rightSegments[j].counterparts = match.left;
        c.rightSegments[j].match = static_cast<int>(mi);
      }
  }

  // The differences, in words.
  const std::string& L = c.left.label;
  const std::string& R = c.right.label;
  const int countL = SegmentationComparison::segmentCount(c.left);
  const int countR = SegmentationComparison::segmentCount(c.right);
  if (countL != countR)
    c.differences.push_back(plural(static_cast<std::size_t>(countL), "segment") + " with " + L + ", " +
                            std::to_string(countR) + " with " + R);
  std::map<std::string, std::pair<int, int>> perScheduler;
  for (const auto& s : c.left.segments)
    if (!s.hostScalars) ++perScheduler[s.scheduler].first;
  for (const auto& s : c.right.segments)
    if (!s.hostScalars) ++perScheduler[s.scheduler].second;
  std::string schedulers;
  for (const auto& [name, n] : perScheduler)
    if (n.first != n.second)
      schedulers +=
          (schedulers.empty() ? "" : ", ") + name + " " + std::to_string(n.first) + " → " + std::to_string(n.second);
  if (!schedulers.empty()) c.differences.push_back("schedulers (" + L + " → " + R + "): " + schedulers);
  if (c.leftOnlyOps || c.rightOnlyOps)
    c.differences.push_back(plural(static_cast<std::size_t>(c.leftOnlyOps), "op") + " only with " + L + ", " +
                            plural(static_cast<std::size_t>(c.rightOnlyOps), "op") + " only with " + R);
  for (Match& match : c.matches) {
    if (match.leftKind == MatchKind::Same) continue;
    const auto& first = *c.left.segment(match.left[0]);
    const SegmentMatch* fm = c.matchOf(true, match.left[0]);
    switch (match.leftKind) {
      case MatchKind::OtherScheduler:
        match.text = segmentWords(first, fm->ops) + ": " + graph::kindLabel(first.scheduler) + " with " + L + ", " +
                     graph::kindLabel(schedulerOf(c.right, match.right[0])) + " with " + R + " (segment " +
                     std::to_string(match.right[0]) + ")";
        break;
      case MatchKind::OtherOps:
        match.text = segmentWords(first, fm->ops) + " is " + idsWords(match.right, c.right) + " with " + R +
                     " (ops only here: " + std::to_string(fm->opsOnlyHere) +
                     ", only there: " + std::to_string(c.matchOf(false, match.right[0])->opsOnlyHere) + ")";
        if (schedulerOf(c.left, match.left[0]) != schedulerOf(c.right, match.right[0]))
          match.text += ", another scheduler";
        break;
      case MatchKind::SplitThere:
        match.text = segmentWords(first, fm->ops) + " is split in " + std::to_string(match.right.size()) + " with " +
                     R + ": " + idsWords(match.right, c.right);
        break;
      case MatchKind::MergedThere:
        match.text = idsWords(match.left, c.left) + " are one with " + R + ": " + idsWords(match.right, c.right);
        break;
      default:
        match.text = idsWords(match.left, c.left) + " hold the ops of " + idsWords(match.right, c.right) + " with " + R;
        break;
    }
    c.differences.push_back(match.text);
  }
  for (std::size_t i = 0; i < nl; ++i)
    if (c.leftSegments[i].match < 0 && !c.left.segments[i].hostScalars)
      c.differences.push_back(segmentWords(c.left.segments[i], c.leftSegments[i].ops) + " is only with " + L);
  for (std::size_t j = 0; j < nr; ++j)
    if (c.rightSegments[j].match < 0 && !c.right.segments[j].hostScalars)
      c.differences.push_back(segmentWords(c.right.segments[j], c.rightSegments[j].ops) + " of " + R +
                              " has no counterpart with " + L);
  const bool hostL = countL != static_cast<int>(c.left.segments.size());
  const bool hostR = countR != static_cast<int>(c.right.segments.size());
  if (hostL != hostR && !c.left.fromLog && !c.right.fromLog)
    c.differences.push_back(std::string("host scalars: computed on the host first with ") + (hostL ? L : R) +
                            ", inside the segments that need them with " + (hostL ? R : L));
  return c;
}

}  // namespace segscope::comparison
