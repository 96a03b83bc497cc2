// whyApart: the merge attempts that tried to put two ops in one group, from the trace.
#include "pipeline/why_apart.h"

#include <algorithm>
#include <sstream>

namespace segscope::pipeline {
namespace {

// The segmenter's fusion (the one merge steps' expr ids refer to): the last step with a partition.
const trace::Snapshot* lastPartitioned(const trace::Trace& t) {
  for (auto it = t.steps().rbegin(); it != t.steps().rend(); ++it) {
    const trace::SnapshotPtr& s = it->after ? it->after : it->before;
    if (s && s->partition && s->fusion) return s.get();
  }
  return nullptr;
}

Result<const ir::Expr*> opNamed(const ir::Fusion& fusion, const std::string& name) {
  const ir::Val* v = fusion.valByName(name);
  if (!v) return makeError("no value named " + name + " in the segmented fusion");
  if (!v->definition()) return makeError(name + " is an input of the fusion, not computed by an op");
  return v->definition();
}

std::string describe(const ir::Expr& e, const std::string& name) { return name + " = " + std::string(e.opName()); }

Result<const trace::Snapshot*> segmentedFusion(const Session& session) {
  if (!session.trace) return makeError("the session has no trace");
  const trace::Snapshot* last = lastPartitioned(*session.trace);
  if (!last) return makeError("the pipeline stopped before segmenting: there are no merge attempts to read");
  return last;
}

Result<const ir::Expr*> opWithId(const ir::Fusion& fusion, int id) {
  const ir::Expr* e = fusion.exprById(id);
  if (!e) return makeError("op " + std::to_string(id) + " is not in the segmented fusion (a pass removed it)");
  if (e->outputs().empty()) return makeError("op " + std::to_string(id) + " defines no value");
  return e;
}

}  // namespace

Result<WhyApart> whyApart(const Session& session, const std::string& opA, const std::string& opB) {
  SEGSCOPE_TRY(const trace::Snapshot* last, segmentedFusion(session));
  SEGSCOPE_TRY(const ir::Expr* a, opNamed(*last->fusion, opA));
  SEGSCOPE_TRY(const ir::Expr* b, opNamed(*last->fusion, opB));
  return whyApart(session, a->id(), b->id());
}

Result<WhyApart> whyApart(const Session& session, int exprA, int exprB) {
  SEGSCOPE_TRY(const trace::Snapshot* last, segmentedFusion(session));
  SEGSCOPE_TRY(const ir::Expr* a, opWithId(*last->fusion, exprA));
  SEGSCOPE_TRY(const ir::Expr* b, opWithId(*last->fusion, exprB));
  WhyApart w;
  w.a = describe(*a, a->output()->name());
  w.b = describe(*b, b->output()->name());
  w.exprA = a->id();
  w.exprB = b->id();
  const std::vector<int>& groupOf = last->partition->groupOfExpr();
  const auto groupOfExpr = [&](int id) { return id >= 0 && id < static_cast<int>(groupOf.size()) ? groupOf[id] : -1; };
  w.segmentA = groupOfExpr(w.exprA);
  w.segmentB = groupOfExpr(w.exprB);
  if (const trace::PartitionGroup* g = last->partition->group(w.segmentA)) w.schedulerA = g->scheduler;
  if (const trace::PartitionGroup* g = last->partition->group(w.segmentB)) w.schedulerB = g->scheduler;
  w.together = w.segmentA >= 0 && w.segmentA == w.segmentB;
  for (const trace::Step& s : session.trace->steps()) {
    if (!s.merge) continue;
    const std::vector<int>& exprs = s.merge->exprs;
    if (std::find(exprs.begin(), exprs.end(), w.exprA) == exprs.end() ||
        std::find(exprs.begin(), exprs.end(), w.exprB) == exprs.end())
      continue;
    ApartAttempt attempt;
    attempt.step = s.index;
    attempt.phase = s.phase;
    attempt.round = s.merge->round;
    attempt.groups = s.merge->groups;
    attempt.accepted = s.merge->ok();
    attempt.acceptedBy = s.merge->accepted;
    attempt.refusal = s.merge->refusal;
    attempt.verdicts = s.merge->verdicts;
    w.attempts.push_back(std::move(attempt));
  }
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
