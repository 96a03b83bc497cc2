// Lining an nvFuser log's passes, merge verdicts and final groups up with the session's (log_divergence.h).
#include "comparison/log_divergence.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "comparison/log_alignment.h"
#include "pipeline/deciding_refusal.h"
#include "pipeline/reason_classes.h"
#include "scheduler/scheduler_type.h"

namespace segscope::comparison {

bool PassMatch::agree() const { return !theirsKnown || (step >= 0 ? theirsChanged == oursChanged : !theirsChanged); }

namespace {

// A printout's content without its line numbers: what a pass changed or did not.
std::vector<std::string> contentOf(const nvlog::FusionText& f) {
  std::vector<std::string> out = f.inputs;
  out.insert(out.end(), f.outputs.begin(), f.outputs.end());
  for (const nvlog::LoggedExpr& e : f.exprs) out.push_back(e.text);
  return out;
}

// nvFuser prints a pass's fusion whether or not it changed (optimization_pass.h:59, #2320), and
// only its inputs, exprs and outputs: a pass of ours that changed only what nvFuser does not
// print (AddAxioms' axioms) changed nothing there.
bool changedWhatNvFuserPrints(const trace::Step& step) {
  if (!step.modified) return false;
  if (!step.before || !step.after || !step.before->fusion || !step.after->fusion) return true;
  auto shown = [](const ir::Fusion& f) {
    std::vector<std::string> lines;
    for (ir::Fusion::PrintedLine& l : f.printedLines())
      if (!l.key.empty() && (l.key[0] == 'v' || l.key[0] == 'e' || l.key[0] == 'o')) lines.push_back(std::move(l.text));
    return lines;
  };
  return shown(*step.before->fusion) != shown(*step.after->fusion);
}

std::vector<PassMatch> matchPasses(const trace::Trace& trace, const nvlog::Runtime& rt) {
  std::unordered_map<std::string, int> stepOfPass;
  for (const trace::Step& s : trace.steps())
    if (s.kind == trace::StepKind::Pass && !s.skipped) stepOfPass[s.name] = s.index;  // the last run of it
  std::vector<PassMatch> out;
  const nvlog::FusionText* before = rt.beforePasses ? &*rt.beforePasses : nullptr;
  for (const nvlog::PassDump& p : rt.passes) {
    PassMatch m;
    m.theirs = p.name;
    m.line = p.line;
    if (auto it = stepOfPass.find(ourPassName(p.name)); it != stepOfPass.end()) {
      m.ours = it->first;
      m.step = it->second;
      m.oursChanged = changedWhatNvFuserPrints(trace.step(static_cast<std::size_t>(m.step)));
    }
    m.theirExprsAfter = static_cast<int>(p.fusion.exprs.size());
    if (before) {
      m.theirsKnown = true;
      m.theirExprsBefore = static_cast<int>(before->exprs.size());
      m.theirsChanged = contentOf(*before) != contentOf(p.fusion);
    }
    before = &p.fusion;
    out.push_back(std::move(m));
  }
  return out;
}

// The fusion nvFuser segmented, as printed: after its passes.
const nvlog::FusionText* segmentedFusionText(const nvlog::Runtime& rt) {
  if (rt.segmented && rt.segmented->rewritten) return &*rt.segmented->rewritten;
  if (rt.original) return &*rt.original;
  if (rt.afterPasses) return &*rt.afterPasses;
  if (!rt.passes.empty()) return &rt.passes.back().fusion;
  return rt.beforePasses ? &*rt.beforePasses : nullptr;
}

TensorJoin joinRuntime(const pipeline::Session& session, const nvlog::Runtime& rt, const ir::Fusion& segmented) {
  TensorJoin join;
  if (rt.beforePasses && session.loaded) joinTensors(*rt.beforePasses, *session.loaded, join);
  if (const nvlog::FusionText* f = segmentedFusionText(rt)) joinTensors(*f, segmented, join);
  if (rt.segmented)
    for (const nvlog::GroupDetail& g : rt.segmented->details) joinExprs(g.exprs, segmented, join);
  for (const nvlog::Candidate& c : rt.candidates) joinExprs(c.exprs, segmented, join);
  return join;
}

using Key = std::vector<int>;  // the joined values a candidate computes, as nvFuser numbers, sorted

Key keyOfOurs(const ir::Fusion& fusion, const std::vector<int>& exprIds, const TensorJoin& join) {
  Key key;
  for (int id : exprIds)
    if (const ir::Expr* e = fusion.exprById(id))
      for (const ir::Val* o : e->outputs())
        if (int n = join.numberOf(o->id()); n >= 0) key.push_back(n);
  std::sort(key.begin(), key.end());
  key.erase(std::unique(key.begin(), key.end()), key.end());
  return key;
}

Key keyOfTheirs(const std::vector<nvlog::LoggedExpr>& exprs, const TensorJoin& join) {
  Key key;
  for (const nvlog::LoggedExpr& e : exprs)
    for (const nvlog::LoggedTensor& t : e.outputs)
      if (join.valOf(t.number) >= 0) key.push_back(t.number);
  std::sort(key.begin(), key.end());
  key.erase(std::unique(key.begin(), key.end()), key.end());
  return key;
}

std::string theirVerdictOf(const nvlog::Candidate& c) {
  if (!c.accepted.empty()) return c.accepted;
  return c.noVerdict() ? "segment_set" : "refused";
}

std::vector<SchedulerAnswer> theirAnswers(const nvlog::Candidate& c) {
  std::vector<SchedulerAnswer> out;
  for (const nvlog::Rejection& r : c.rejections)
    out.push_back({r.scheduler, false, r.reason, std::string(pipeline::classifyReason(r.reason).id)});
  if (!c.accepted.empty()) out.push_back({c.accepted, true, "", ""});
  return out;
}

std::vector<SchedulerAnswer> ourAnswers(const trace::MergeInfo& m) {
  std::vector<SchedulerAnswer> out;
  for (const trace::SchedulerCheck& v : m.verdicts)
    out.push_back({v.scheduler, v.ok, v.reason, v.ok ? "" : std::string(pipeline::classifyReason(v.reason).id)});
  return out;
}

// The first scheduler both sides asked about whose answers differ (accepted against refused,
// or refused for reasons of different classes), or one only a side asked about.
std::string firstDifferentScheduler(const std::vector<SchedulerAnswer>& theirs,
                                    const std::vector<SchedulerAnswer>& ours) {
  std::map<std::string, const SchedulerAnswer*> mine;
  for (const SchedulerAnswer& a : ours) mine[a.scheduler] = &a;
  for (const SchedulerAnswer& t : theirs) {
    auto it = mine.find(t.scheduler);
    if (it == mine.end()) {
      // nvFuser asks schedulers Segscope does not model (cutlass, communication, greedy):
      // their refusals say nothing about a difference.
      if (t.ok) return t.scheduler;
      continue;
    }
    if (t.ok != it->second->ok || t.reasonClass != it->second->reasonClass) return t.scheduler;
  }
  return "";
}

std::vector<std::string> opsOf(const ir::Fusion& fusion, const std::vector<int>& valIds) {
  std::vector<std::string> out;
  std::set<int> seen;
  for (int id : valIds)
    if (const ir::Val* v = fusion.valById(id); v && v->definition() && seen.insert(v->definition()->id()).second)
      out.push_back(v->definition()->toString());
  return out;
}

std::vector<CandidateMatch> matchCandidates(const trace::Trace& trace, const nvlog::Runtime& rt,
                                            const ir::Fusion& segmented, const TensorJoin& join) {
  std::map<Key, std::vector<int>> stepsOf;
  int wholeStep = -1;
  for (const trace::Step& s : trace.steps()) {
    if (!s.merge) continue;
    if (s.phase == trace::Phase::WholeFusion) {
      if (wholeStep < 0) wholeStep = s.index;
      continue;
    }
    const ir::Fusion& f = s.before && s.before->fusion ? *s.before->fusion : segmented;
    Key key = keyOfOurs(f, s.merge->exprs, join);
    if (!key.empty()) stepsOf[key].push_back(s.index);
  }
  std::map<Key, std::size_t> used;
  std::vector<CandidateMatch> out;
  if (rt.segmentHints && wholeStep >= 0) {
    // nvFuser skipped the un-segmented try (segment_set hints, fusion_kernel_runtime.cpp);
    // Segscope tried the whole fusion: a verdict only one side gave.
    const trace::MergeInfo& info = *trace.step(static_cast<std::size_t>(wholeStep)).merge;
    CandidateMatch m;
    m.line = rt.line;
    m.step = wholeStep;
    m.theirVerdict = "skipped (segment hints)";
    // Segscope records the skip too, as a refusal before any scheduler is asked.
    m.ourVerdict = info.ok() ? info.accepted : info.verdicts.empty() ? m.theirVerdict : "refused";
    m.ourRefusal = info.refusal;
    m.ours = ourAnswers(info);
    out.push_back(std::move(m));
  }
  for (const nvlog::Candidate& c : rt.candidates) {
    CandidateMatch m;
    m.line = c.line;
    m.theirVerdict = theirVerdictOf(c);
    m.theirs = theirAnswers(c);
    if (c.wholeFusion) {
      m.step = wholeStep;
    } else if (Key key = keyOfTheirs(c.exprs, join); !key.empty()) {
      if (auto it = stepsOf.find(key); it != stepsOf.end()) {
        std::size_t& next = used[key];
        m.step = it->second[std::min(next, it->second.size() - 1)];
        ++next;
      }
      std::vector<int> vals;
      for (int n : key) vals.push_back(join.valOf(n));
      m.ops = opsOf(segmented, vals);
    }
    if (m.step >= 0) {
      const trace::MergeInfo& info = *trace.step(static_cast<std::size_t>(m.step)).merge;
      m.ourVerdict = info.ok() ? info.accepted : "refused";
      m.ourRefusal = info.refusal;
      if (auto deciding = pipeline::decidingRefusal(info)) m.ourDeciding = deciding->text();
      m.ours = ourAnswers(info);
      m.firstDifferentScheduler = firstDifferentScheduler(m.theirs, m.ours);
    }
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<GroupMatch> matchGroups(const pipeline::Session& session, const nvlog::Runtime& rt,
                                    const TensorJoin& join) {
  std::vector<GroupMatch> out;
  if (!session.segmentation) return out;
  const segmenter::Segmentation& seg = session.segmentation->segmentation;
  const ir::Fusion& fusion = *session.segmentation->fusion;
  std::unordered_map<int, int> segmentOfExpr;
  std::vector<std::string> schedulerOf;
  for (const segmenter::Segment& s : seg.segments) {
    schedulerOf.emplace_back(scheduler::schedulerName(s.scheduler));
    for (const ir::Expr* e : s.exprs) segmentOfExpr.emplace(e->id(), s.id);
  }
  // The values each of our segments computes, joined: a group is the same when these match and
  // nothing on either side is left unjoined (a value only one side has could be the difference).
  std::map<int, std::set<int>> joinedOfSegment;
  std::map<int, int> unjoinedOfSegment;
  for (const segmenter::Segment& s : seg.segments)
    for (const ir::Expr* e : s.exprs)
      for (const ir::Val* o : e->outputs()) {
        if (!o->isTensor()) continue;
        if (join.numberOf(o->id()) >= 0)
          joinedOfSegment[s.id].insert(o->id());
        else
          ++unjoinedOfSegment[s.id];
      }
  auto describe = [&](GroupMatch& g, const std::vector<int>& vals, int theirUnjoined) {
    std::set<int> segments, exprs;
    for (int id : vals)
      if (const ir::Val* v = fusion.valById(id); v && v->definition()) {
        exprs.insert(v->definition()->id());
        if (auto it = segmentOfExpr.find(v->definition()->id()); it != segmentOfExpr.end()) segments.insert(it->second);
      }
    g.exprs.assign(exprs.begin(), exprs.end());
    g.ourSegments.assign(segments.begin(), segments.end());
    g.ops = opsOf(fusion, vals);
    const std::set<int> mine(vals.begin(), vals.end());
    const bool alike = g.ourSegments.size() == 1 && joinedOfSegment[g.ourSegments[0]] == mine &&
                       schedulerOf[static_cast<std::size_t>(g.ourSegments[0])] == g.scheduler;
    g.unjoinedOps = theirUnjoined + (g.ourSegments.size() == 1 ? unjoinedOfSegment[g.ourSegments[0]] : 0);
    g.same = alike && g.unjoinedOps == 0;
    g.undecided = alike && g.unjoinedOps > 0;
  };
  // nvFuser's tensors of a group that no value of ours is joined to.
  auto unjoinedOf = [&](const nvlog::GroupDetail& d) {
    int n = 0;
    for (const nvlog::LoggedExpr& e : d.exprs)
      for (const nvlog::LoggedTensor& t : e.outputs) n += join.valOf(t.number) < 0 ? 1 : 0;
    return n;
  };
  if (rt.segmented && !rt.segmented->details.empty()) {
    for (const nvlog::GroupDetail& d : rt.segmented->details) {
      GroupMatch g;
      g.index = static_cast<int>(out.size());
      g.id = d.id;
      g.line = d.line;
      g.scheduler = d.scheduler.empty() ? "none" : d.scheduler;
      describe(g, joinedOutputs(d.exprs, join), unjoinedOf(d));
      out.push_back(std::move(g));
    }
    return out;
  }
  for (const nvlog::Candidate& c : rt.candidates)
    if (c.wholeFusion && !c.accepted.empty()) {
      // Accepted whole: one group holding everything, the same as ours when ours is one kernel
      // (or ATen) segment of that scheduler; Segscope's host scalar segment has no nvFuser group.
      GroupMatch g;
      g.line = c.line;
      g.scheduler = c.accepted;
      for (const segmenter::Segment& s : seg.segments) {
        if (s.hostScalars) continue;
        g.ourSegments.push_back(s.id);
        for (const ir::Expr* e : s.exprs) {
          g.ops.push_back(e->toString());
          g.exprs.push_back(e->id());
        }
      }
      // When the log prints the fusion it tried (in the candidate, or as the fusion it
      // segmented), every op of it and of ours must be joined.
      const nvlog::FusionText* printed = segmentedFusionText(rt);
      const std::vector<nvlog::LoggedExpr>* tried = !c.exprs.empty()                     ? &c.exprs
                                                    : printed && !printed->exprs.empty() ? &printed->exprs
                                                                                         : nullptr;
      if (tried) {
        for (const nvlog::LoggedExpr& e : *tried)
          for (const nvlog::LoggedTensor& t : e.outputs) g.unjoinedOps += join.valOf(t.number) < 0 ? 1 : 0;
        for (int id : g.ourSegments) g.unjoinedOps += unjoinedOfSegment[id];
      }
      const bool alike =
          g.ourSegments.size() == 1 && schedulerOf[static_cast<std::size_t>(g.ourSegments[0])] == g.scheduler;
      g.same = alike && g.unjoinedOps == 0;
      g.undecided = alike && g.unjoinedOps > 0;
      out.push_back(std::move(g));
    }
  return out;
}

std::string oneLine(const std::vector<std::string>& ops) {
  if (ops.empty()) return "";
  std::string s = ops.front();
  if (ops.size() > 1) s += " and " + std::to_string(ops.size() - 1) + " more";
  return s;
}

void writeHeadline(Divergence& d) {
  if (d.firstPass >= 0) {
    const PassMatch& p = d.passes[static_cast<std::size_t>(d.firstPass)];
    d.headlineLine = p.line;
    d.headline = "pass " + p.theirs + " (line " + std::to_string(p.line) + "): nvFuser's " +
                 (p.theirsChanged ? "changed the fusion (" + std::to_string(p.theirExprsBefore) + " -> " +
                                        std::to_string(p.theirExprsAfter) + " exprs)"
                                  : "changed nothing") +
                 ", " +
                 (p.step < 0 ? "and Segscope does not model it"
                             : "Segscope's " + p.ours + (p.oursChanged ? " changed the fusion" : " changed nothing"));
    return;
  }
  if (d.firstCandidate >= 0) {
    const CandidateMatch& c = d.candidates[static_cast<std::size_t>(d.firstCandidate)];
    d.headlineLine = c.line;
    d.headline =
        (c.step >= 0 && c.ops.empty() ? "the whole fusion, tried un-segmented (line " : "merge candidate at line ") +
        std::to_string(c.line) + (c.ops.empty() ? ")" : " (" + oneLine(c.ops) + ")") + ": nvFuser " +
        verdictPhrase(c.theirVerdict) + ", Segscope " + verdictPhrase(c.ourVerdict) + " (trace step " +
        std::to_string(c.step) + ")" +
        (c.firstDifferentScheduler.empty() ? "" : "; they first differ at " + c.firstDifferentScheduler);
    return;
  }
  if (d.differingGroups > 0)
    for (const GroupMatch& g : d.groups)
      if (!g.same && !g.undecided) {
        d.headlineLine = g.line;
        d.headline = "final group " + (g.id >= 0 ? std::to_string(g.id) : std::to_string(g.index)) + " (line " +
                     std::to_string(g.line) + ", " + g.scheduler + ")" +
                     (g.ourSegments.empty() ? " has no counterpart in Segscope's segments"
                                            : " is spread over or differs from " +
                                                  std::to_string(g.ourSegments.size()) + " segment(s) of Segscope's");
        return;
      }
}

std::string segmentText(const segmenter::Segment& s) {
  return "segment " + std::to_string(s.id) + " (" + std::string(scheduler::schedulerName(s.scheduler)) +
         (s.exprs.empty() ? std::string() : ", " + s.exprs.front()->toString()) + ")";
}

// When neither a pass, a merge verdict nor a detailed group names a difference but the two
// segmentations still differ (groups printed without their exprs, or a segment of Segscope's
// that no group of nvFuser's holds): the first place they part, never "none found".
void nameFirstDifferentGroup(Divergence& d, const segmenter::Segmentation& seg, const nvlog::Runtime& rt) {
  std::vector<const segmenter::Segment*> ours;
  for (const segmenter::Segment& s : seg.segments)
    if (!s.hostScalars) ours.push_back(&s);
  if (!d.groups.empty()) {
    std::set<int> held;
    for (const GroupMatch& g : d.groups)
      if (g.same || g.undecided) held.insert(g.ourSegments.begin(), g.ourSegments.end());
    for (const segmenter::Segment* s : ours)
      if (!held.count(s->id)) {
        d.headline =
            "Segscope's " + segmentText(*s) + " is none of nvFuser's " + std::to_string(d.groups.size()) + " groups";
        return;
      }
    return;
  }
  if (!rt.segmented || rt.segmented->groups.empty()) return;
  const auto& theirs = rt.segmented->groups;
  for (std::size_t i = 0; i < std::max(theirs.size(), ours.size()); ++i) {
    const nvlog::GroupLine* g = i < theirs.size() ? &theirs[i] : nullptr;
    const segmenter::Segment* s = i < ours.size() ? ours[i] : nullptr;
    const std::string groupText = g ? "nvFuser's group " + std::to_string(i) + " (line " + std::to_string(g->line) +
                                          ", " + g->scheduler + ", " + std::to_string(g->exprNames.size()) + " exprs)"
                                    : std::string();
    if (!s) {
      d.headlineLine = g->line;
      d.headline = groupText + " has no counterpart: Segscope has " + std::to_string(ours.size()) +
                   (ours.size() == 1 ? " segment" : " segments");
      return;
    }
    if (!g) {
      d.headline = "Segscope's " + segmentText(*s) + " has no counterpart: nvFuser printed " +
                   std::to_string(theirs.size()) + (theirs.size() == 1 ? " group" : " groups");
      return;
    }
    if (g->scheduler != scheduler::schedulerName(s->scheduler)) {
      d.headlineLine = g->line;
      d.headline = groupText + " and Segscope's " + segmentText(*s) + " differ (position " + std::to_string(i + 1) +
                   " in run order)";
      return;
    }
  }
}

}  // namespace

std::string verdictPhrase(const std::string& verdict) {
  if (verdict == "refused") return "refused it";
  if (verdict == "segment_set") return "refused it (segment_set)";
  if (verdict.starts_with("skipped")) return "skipped it" + verdict.substr(7);
  return "accepted it as " + verdict;
}

Divergence findDivergence(const pipeline::Session& session, const nvlog::Runtime& rt) {
  Divergence d;
  if (session.trace) {
    d.passes = matchPasses(*session.trace, rt);
    for (std::size_t i = 0; i < d.passes.size(); ++i)
      if (!d.passes[i].agree()) {
        d.firstPass = static_cast<int>(i);
        break;
      }
  }
  if (!session.segmentation) {
    writeHeadline(d);
    return d;
  }
  const ir::Fusion& segmented = *session.segmentation->fusion;
  const TensorJoin join = joinRuntime(session, rt, segmented);
  d.joined = static_cast<int>(join.size());
  std::set<int> seen;
  auto count = [&](const std::vector<nvlog::LoggedExpr>& exprs) {
    for (const nvlog::LoggedExpr& e : exprs)
      for (const nvlog::LoggedTensor& t : e.outputs) seen.insert(t.number);
  };
  if (const nvlog::FusionText* f = segmentedFusionText(rt)) count(f->exprs);
  for (int n : seen)
    if (join.valOf(n) < 0) ++d.unjoined;
  if (session.trace) {
    d.candidates = matchCandidates(*session.trace, rt, segmented, join);
    for (std::size_t i = 0; i < d.candidates.size(); ++i) {
      const CandidateMatch& c = d.candidates[i];
      if (c.step < 0 && d.firstUnmatched < 0) d.firstUnmatched = static_cast<int>(i);
      if (c.step >= 0 && !c.agree() && d.firstCandidate < 0) d.firstCandidate = static_cast<int>(i);
    }
  }
  d.groups = matchGroups(session, rt, join);
  for (const GroupMatch& g : d.groups) d.differingGroups += g.same || g.undecided ? 0 : 1;
  writeHeadline(d);
  if (d.headline.empty()) nameFirstDifferentGroup(d, session.segmentation->segmentation, rt);
  return d;
}

}  // namespace segscope::comparison
