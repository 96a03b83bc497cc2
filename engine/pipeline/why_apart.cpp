// whyApart: the merge attempts that tried to put two ops (or an op and a segment) in one group, from the trace.
#include "pipeline/why_apart.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>

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
  return attempt;
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
    if (s.merge && holdsAny(sideA, s.merge->exprs) && holdsAny(sideB, s.merge->exprs))
      w.attempts.push_back(attemptOf(s));
  return w;
}

std::string whyApartText(const WhyApart& w) {
  std::ostringstream out;
  const auto where = [](int segment, const std::string& scheduler) {
    return segment < 0 ? std::string("no segment") : "segment " + std::to_string(segment) + " (" + scheduler + ")";
  };
  if (w.together)
    out << w.a << " and " << w.b << " end together in " << where(w.segmentA, w.schedulerA) << "\n";
  else
    out << w.a << " ends in " << where(w.segmentA, w.schedulerA) << "; " << w.b << " in "
        << where(w.segmentB, w.schedulerB) << "\n";
  if (w.attempts.empty()) {
    out << "No merge attempt held both: their groups were never candidates of one merge (the segmenter "
           "only tries producer-consumer neighbours, and the whole-fusion try comes first).\n";
    return out.str();
  }
  out << w.attempts.size() << (w.attempts.size() == 1 ? " merge attempt" : " merge attempts") << " held both:\n";
  for (const ApartAttempt& a : w.attempts) {
    out << "  step " << a.step << "  " << a.phase;
    if (a.round >= 1) out << " round " << a.round;
    if (!a.groups.empty()) {
      out << "  groups";
      for (int g : a.groups) out << " " << g;
    }
    if (a.accepted) {
      out << "  accepted by " << a.acceptedBy << "\n";
      continue;
    }
    out << "  refused\n";
    if (!a.refusal.empty()) out << "      " << a.refusal << "\n";
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
