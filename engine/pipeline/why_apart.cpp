// whyApart: the merge attempts that tried to put two ops (or an op and a segment) in one group, from the trace.
#include "pipeline/why_apart.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>

#include "pipeline/deciding_refusal.h"

namespace segscope::pipeline {
namespace {

// The segmenter's fusion (the one merge steps' expr ids refer to): the last step with a partition.
const trace::Step* lastPartitioned(const trace::Trace& t) {
  for (auto it = t.steps().rbegin(); it != t.steps().rend(); ++it) {
    const trace::SnapshotPtr& s = it->after ? it->after : it->before;
    if (s && s->partition && s->fusion) return &*it;
  }
  return nullptr;
}

const trace::Snapshot& shown(const trace::Step& step) { return step.after ? *step.after : *step.before; }

Result<const ir::Expr*> opNamed(const ir::Fusion& fusion, const std::string& name) {
  const ir::Val* v = fusion.valByName(name);
  if (!v) return makeError("no value named " + name + " in the segmented fusion");
  if (!v->definition()) return makeError(name + " is an input of the fusion, not computed by an op");
  return v->definition();
}

Result<const trace::Step*> segmentedFusion(const Session& session) {
  if (!session.trace) return makeError("the session has no trace");
  const trace::Step* last = lastPartitioned(*session.trace);
  if (!last) return makeError("the pipeline stopped before segmenting: there are no merge attempts to read");
  return last;
}

// A side resolved: what to call it, its ops (a membership row over expr ids), where it ends.
struct Side {
  std::string label;
  int expr = -1;
  std::vector<char> holds;  // indexed by expr id
  int segment = -1;
  std::string scheduler;
};

void markEnd(Side& side, const trace::Partition& final) {
  // Groups only merge, so every op of a side ends in the group its first op ends in.
  const std::vector<int>& groupOf = final.groupOfExpr();
  for (std::size_t id = 0; id < side.holds.size() && id < groupOf.size(); ++id) {
    if (!side.holds[id]) continue;
    side.segment = groupOf[id];
    break;
  }
  if (const trace::PartitionGroup* g = final.group(side.segment)) side.scheduler = g->scheduler;
}

Result<Side> opSide(const trace::Snapshot& last, int id) {
  const ir::Expr* e = last.fusion->exprById(id);
  if (!e) return makeError("op " + std::to_string(id) + " is not in the segmented fusion (a pass removed it)");
  if (e->outputs().empty()) return makeError("op " + std::to_string(id) + " defines no value");
  Side side;
  side.label = e->output()->name() + " = " + std::string(e->opName());
  side.expr = id;
  side.holds.assign(static_cast<std::size_t>(id) + 1, 0);
  side.holds[static_cast<std::size_t>(id)] = 1;
  markEnd(side, *last.partition);
  return side;
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

Result<Side> segmentSide(const trace::Trace& trace, const trace::Step& last, int stepIndex, int group) {
  if (stepIndex < 0 || stepIndex >= static_cast<int>(trace.steps().size()))
    return makeError("step " + std::to_string(stepIndex) + " is not in the trace");
  const trace::Step& step = trace.steps()[static_cast<std::size_t>(stepIndex)];
  const trace::Partition* partition = shown(step).partition.get();
  const std::string where = &step == &last ? std::string() : " at step " + std::to_string(stepIndex);
  if (!partition) return makeError("step " + std::to_string(stepIndex) + " has no segments yet");
  const trace::PartitionGroup* g = partition->group(group);
  if (!g) return makeError("no segment " + std::to_string(group) + where);
  Side side;
  const std::vector<int>& groupOf = partition->groupOfExpr();
  side.holds.assign(groupOf.size(), 0);
  std::size_t ops = 0;
  for (std::size_t id = 0; id < groupOf.size(); ++id)
    if (groupOf[id] == group) side.holds[id] = 1, ++ops;
  side.label = "segment " + std::to_string(group) + where + " (" + g->scheduler + ", " + plural(ops, "op", "ops") + ")";
  markEnd(side, *shown(last).partition);
  return side;
}

Result<Side> resolve(const Session& session, const trace::Step& last, const ApartSide& side) {
  if (side.expr >= 0 || side.group < 0) return opSide(shown(last), side.expr);
  return segmentSide(*session.trace, last, side.step, side.group);
}

bool holdsAny(const Side& side, const std::vector<int>& exprs) {
  return std::any_of(exprs.begin(), exprs.end(), [&](int id) {
    return id >= 0 && id < static_cast<int>(side.holds.size()) && side.holds[static_cast<std::size_t>(id)];
  });
}

ApartAttempt attemptOf(const trace::Step& s) {
  ApartAttempt attempt;
  attempt.step = s.index;
  attempt.phase = s.phase;
  attempt.round = s.merge->round;
  attempt.groups = s.merge->groups;
  attempt.accepted = s.merge->ok();
  attempt.acceptedBy = s.merge->accepted;
  attempt.refusal = s.merge->refusal;
  attempt.verdicts = s.merge->verdicts;
  if (auto d = decidingRefusal(*s.merge)) attempt.deciding = d->text();
  return attempt;
}

// Exprs reachable from `from` through the values they define (downstream), or that reach it
// (upstream), as a membership row over expr ids; `from` itself not included unless reached.
std::vector<char> reach(const ir::Fusion& fusion, const std::vector<char>& from, bool downstream) {
  std::vector<char> seen(from.size() + 1, 0);
  std::vector<const ir::Expr*> stack;
  const auto visit = [&](const ir::Expr* e) {
    const auto id = static_cast<std::size_t>(e->id());
    if (id >= seen.size()) seen.resize(id + 1, 0);
    if (seen[id]) return;
    seen[id] = 1;
    stack.push_back(e);
  };
  const auto next = [&](const ir::Expr* e) {
    if (downstream) {
      for (const ir::Val* out : e->outputs())
        for (const ir::Expr* use : out->uses()) visit(use);
    } else {
      for (std::size_t i = 0; i < e->numOperands(); ++i)
        if (const ir::Expr* def = e->operand(i)->definition()) visit(def);
    }
  };
  for (std::size_t id = 0; id < from.size(); ++id)
    if (from[id])
      if (const ir::Expr* e = fusion.exprById(static_cast<int>(id))) next(e);
  while (!stack.empty()) {
    const ir::Expr* e = stack.back();
    stack.pop_back();
    next(e);
  }
  return seen;
}

bool at(const std::vector<char>& row, std::size_t id) { return id < row.size() && row[id]; }

void sortUnique(std::vector<int>& ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
}

// The ops on a data path from one side to the other (either way), the sides' own ops excluded.
std::vector<int> pathBetween(const ir::Fusion& fusion, const trace::Partition& final, const Side& a, const Side& b) {
  const std::size_t exprs = final.groupOfExpr().size();
  std::vector<int> out;
  for (const auto& [from, to] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
    const std::vector<char> down = reach(fusion, from->holds, true);
    const std::vector<char> up = reach(fusion, to->holds, false);
    for (std::size_t id = 0; id < exprs; ++id)
      if (at(down, id) && at(up, id) && !at(a.holds, id) && !at(b.holds, id)) out.push_back(static_cast<int>(id));
  }
  sortUnique(out);
  return out;
}

// The path's ops that end in a third segment: the two cannot merge without them.
std::vector<int> separatorsOf(const std::vector<int>& path, const trace::Partition& final, const Side& a,
                              const Side& b) {
  std::vector<int> out;
  for (int id : path) {
    const int g = final.groupOfExpr()[static_cast<std::size_t>(id)];
    if (g >= 0 && g != a.segment && g != b.segment) out.push_back(id);
  }
  return out;
}

std::vector<int> segmentsOf(const std::vector<int>& exprs, const trace::Partition& final) {
  std::vector<int> out;
  for (int id : exprs)
    if (const int g = final.groupOfExpr()[static_cast<std::size_t>(id)]; g >= 0) out.push_back(g);
  sortUnique(out);
  return out;
}

// Which side, if any, ends in the host scalar segment (placed by finalize, never merged).
std::string hostScalarPlacement(const Session& session, const Side& a, const Side& b, const std::string& la,
                                const std::string& lb) {
  if (!session.segmentation) return {};
  for (const auto& [side, label] : {std::pair{&a, &la}, std::pair{&b, &lb}}) {
    const auto& segments = session.segmentation->segmentation.segments;
    if (side->segment >= 0 && side->segment < static_cast<int>(segments.size()) &&
        segments[static_cast<std::size_t>(side->segment)].hostScalars)
      return *label + " is scalar math that finalize placed in the host scalar segment (segment " +
             std::to_string(side->segment) +
             ", computed once on the host before the kernels; --scalar-mode duplicate copies it into each kernel "
             "as nvFuser does), not a merge decision";
  }
  return {};
}

std::string segmentName(int segment, const std::string& scheduler) {
  return segment < 0 ? std::string("no segment") : "segment " + std::to_string(segment) + " (" + scheduler + ")";
}

// The answer in words, from the segmentation first and the attempts second.
std::string answerOf(const WhyApart& w) {
  if (w.together) return w.a + " and " + w.b + " end together in " + segmentName(w.segmentA, w.schedulerA) + ".";
  const std::string apart = w.a + " ends in " + segmentName(w.segmentA, w.schedulerA) + ", " + w.b + " in " +
                            segmentName(w.segmentB, w.schedulerB) + ": ";
  if (!w.placedAtFinalize.empty()) return apart + w.placedAtFinalize + ".";
  if (!w.separators.empty()) {
    std::string list;
    for (std::size_t i = 0; i < w.separators.size() && i < 4; ++i) list += (i ? ", " : "") + w.separators[i];
    if (w.separators.size() > 4) list += " and " + std::to_string(w.separators.size() - 4) + " more";
    return apart + "the data path between them runs through " + list +
           ", in another segment; the two could only merge with it, or the merged segment would both feed it and "
           "read it (a cycle).";
  }
  if (!w.triedTogether)
    return apart +
           "after the whole-fusion try their groups were never candidates of one merge: no value flows "
           "between them, and the segmenter merges only groups a value links (and, in CombineReductions, "
           "reductions of one signature).";
  for (auto it = w.attempts.rbegin(); it != w.attempts.rend(); ++it)
    if (!it->accepted && it->phase != trace::Phase::WholeFusion)
      return apart + "the last merge that held both (step " + std::to_string(it->step) + ", " +
             std::string(trace::phaseName(it->phase)) + ") was refused: " + it->deciding + ".";
  return apart + "no refused merge held both.";
}

// "seg:N" / "segment:N": segment N of the final segmentation; anything else names an op.
std::optional<int> segmentNumber(const std::string& name) {
  for (const std::string prefix : {"seg:", "segment:"}) {
    if (!name.starts_with(prefix) || name.size() == prefix.size()) continue;
    const std::string digits = name.substr(prefix.size());
    if (!std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); })) return {};
    if (digits.size() > 9) return {};
    return std::stoi(digits);
  }
  return {};
}

Result<ApartSide> sideNamed(const trace::Step& last, const std::string& name) {
  if (const std::optional<int> segment = segmentNumber(name)) return ApartSide::segment(last.index, *segment);
  SEGSCOPE_TRY(const ir::Expr* e, opNamed(*shown(last).fusion, name));
  return ApartSide::op(e->id());
}

}  // namespace

Result<WhyApart> whyApart(const Session& session, const std::string& a, const std::string& b) {
  SEGSCOPE_TRY(const trace::Step* last, segmentedFusion(session));
  SEGSCOPE_TRY(const ApartSide sideA, sideNamed(*last, a));
  SEGSCOPE_TRY(const ApartSide sideB, sideNamed(*last, b));
  return whyApart(session, sideA, sideB);
}

Result<WhyApart> whyApart(const Session& session, int exprA, int exprB) {
  return whyApart(session, ApartSide::op(exprA), ApartSide::op(exprB));
}

Result<WhyApart> whyApart(const Session& session, const ApartSide& a, const ApartSide& b) {
  SEGSCOPE_TRY(const trace::Step* last, segmentedFusion(session));
  SEGSCOPE_TRY(const Side sideA, resolve(session, *last, a));
  SEGSCOPE_TRY(const Side sideB, resolve(session, *last, b));
  WhyApart w;
  w.a = sideA.label;
  w.b = sideB.label;
  w.exprA = sideA.expr;
  w.exprB = sideB.expr;
  w.segmentA = sideA.segment;
  w.segmentB = sideB.segment;
  w.schedulerA = sideA.scheduler;
  w.schedulerB = sideB.scheduler;
  w.together = w.segmentA >= 0 && w.segmentA == w.segmentB;
  for (const trace::Step& s : session.trace->steps())
    if (s.merge && holdsAny(sideA, s.merge->exprs) && holdsAny(sideB, s.merge->exprs)) {
      w.attempts.push_back(attemptOf(s));
      w.triedTogether = w.triedTogether || s.isMergeAttempt();
    }
  if (!w.together) {
    const trace::Snapshot& final = shown(*last);
    w.placedAtFinalize = hostScalarPlacement(session, sideA, sideB, w.a, w.b);
    w.pathExprs = pathBetween(*final.fusion, *final.partition, sideA, sideB);
    w.separatorExprs = separatorsOf(w.pathExprs, *final.partition, sideA, sideB);
    w.pathSegments = segmentsOf(w.pathExprs, *final.partition);
    w.separatorSegments = segmentsOf(w.separatorExprs, *final.partition);
    const std::vector<int>& groupOf = final.partition->groupOfExpr();
    for (int id : w.separatorExprs) {
      const ir::Expr* e = final.fusion->exprById(id);
      const int g = groupOf[static_cast<std::size_t>(id)];
      const trace::PartitionGroup* group = final.partition->group(g);
      w.separators.push_back((e->outputs().empty() ? std::string("op") : e->output()->name()) + " = " +
                             std::string(e->opName()) + " (" + segmentName(g, group ? group->scheduler : "?") + ")");
    }
  }
  w.answer = answerOf(w);
  return w;
}

std::string whyApartText(const WhyApart& w) {
  std::ostringstream out;
  out << w.answer << "\n";
  if (w.separators.size() > 4) {
    out << "On the path between them, in other segments:\n";
    for (const std::string& s : w.separators) out << "  " << s << "\n";
  }
  if (w.attempts.empty()) {
    out << "No merge attempt held both.\n";
    return out.str();
  }
  out << w.attempts.size() << (w.attempts.size() == 1 ? " merge attempt" : " merge attempts") << " held both:\n";
  for (const ApartAttempt& a : w.attempts) {
    out << "  step " << a.step << "  " << trace::phaseName(a.phase);
    if (a.round >= 1) out << " round " << a.round;
    if (!a.groups.empty()) {
      out << "  groups";
      for (int g : a.groups) out << " " << g;
    }
    if (a.accepted) {
      out << "  accepted by " << a.acceptedBy << "\n";
      continue;
    }
    out << "  refused: " << a.deciding << "\n";
    if (!a.refusal.empty()) continue;
    // Schedulers refusing for the same reason share a line.
    std::vector<std::pair<std::string, std::string>> lines;  // (schedulers, reason)
    for (const trace::SchedulerCheck& v : a.verdicts) {
      if (v.ok) continue;
      auto it = std::find_if(lines.begin(), lines.end(), [&](const auto& l) { return l.second == v.reason; });
      if (it == lines.end())
        lines.emplace_back(v.scheduler, v.reason);
      else
        it->first += ", " + v.scheduler;
    }
    for (const auto& [schedulers, reason] : lines) out << "      " << schedulers << ": " << reason << "\n";
  }
  return out.str();
}

}  // namespace segscope::pipeline
