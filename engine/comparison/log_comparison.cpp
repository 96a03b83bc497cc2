// What an nvFuser log says the final segmentation is, beside the session's (log_comparison.h).
#include "comparison/log_comparison.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "support/text.h"

namespace segscope::comparison {
namespace {

std::vector<std::pair<std::string, int>> countBy(const std::vector<std::string>& schedulers) {
  std::map<std::string, int> counts;
  for (const std::string& s : schedulers) ++counts[s];
  std::vector<std::pair<std::string, int>> out(counts.begin(), counts.end());
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

// The group details when printed (they carry ids and exprs), else the groups line, else the
// whole-fusion verdict: a fusion nvFuser accepted un-segmented is one group of that scheduler.
std::vector<LoggedSegment> finalGroupsOf(const nvlog::Runtime& rt, std::string& source) {
  std::vector<LoggedSegment> out;
  if (rt.segmented && !rt.segmented->details.empty() &&
      (rt.segmented->groups.empty() || rt.segmented->details.size() == rt.segmented->groups.size())) {
    source = "segmented_fusion group details";
    for (const nvlog::GroupDetail& g : rt.segmented->details) {
      LoggedSegment s{
          g.id, g.scheduler.empty() ? "none" : g.scheduler, static_cast<int>(g.exprs.size()), {}, g.line, -1, {}};
      for (const nvlog::LoggedExpr& e : g.exprs) s.ops.push_back(e.op);
      out.push_back(std::move(s));
    }
    return out;
  }
  if (rt.segmented && !rt.segmented->groups.empty()) {
    source = "segmented_fusion groups";
    for (const nvlog::GroupLine& g : rt.segmented->groups)
      out.push_back(LoggedSegment{-1, g.scheduler, static_cast<int>(g.exprNames.size()), {}, g.line, -1, {}});
    return out;
  }
  for (const nvlog::Candidate& c : rt.candidates)
    if (c.wholeFusion && !c.accepted.empty()) {
      source = "segmenter_logging: the whole fusion accepted";
      out.push_back(LoggedSegment{0, c.accepted, -1, {}, c.line, -1, {}});
    }
  return out;
}

// nvFuser's kernels are named after their group (`_g<id>`): their times go onto the groups with
// those ids. A log of several fusions or runtimes holds kernels of each; the runtime compared
// is the one whose id matches its position, else the last one profiled.
void attachKernelTimes(const std::vector<nvlog::KernelTime>& kernels, int runtime, std::vector<LoggedSegment>& groups,
                       std::string& source) {
  int fusion = -1, lastRuntime = -1;
  bool hasRuntime = false;
  for (const nvlog::KernelTime& k : kernels) {
    fusion = std::max(fusion, k.fusion);
    lastRuntime = std::max(lastRuntime, k.runtime);
    hasRuntime = hasRuntime || k.runtime == runtime;
  }
  const int wanted = hasRuntime ? runtime : lastRuntime;
  for (const nvlog::KernelTime& k : kernels) {
    if (k.fusion != fusion || k.runtime != wanted) continue;
    for (LoggedSegment& g : groups)
      if (g.id >= 0 && g.id == k.group) {
        g.kernelMs = k.ms;
        g.kernel = k.name;
        source = k.source;
      }
  }
}

std::string plural(int n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string countsText(const std::vector<std::pair<std::string, int>>& counts) {
  std::string s;
  for (const auto& [scheduler, n] : counts) s += (s.empty() ? "" : ", ") + std::to_string(n) + " " + scheduler;
  return s.empty() ? "none" : s;
}

const GroupMatch* groupMatchAt(const Divergence& d, int line) {
  for (const GroupMatch& g : d.groups)
    if (g.line == line) return &g;
  return nullptr;
}

std::string listText(const std::vector<int>& ids) {
  std::string s;
  for (int id : ids) s += (s.empty() ? "" : ", ") + std::to_string(id);
  return s;
}

std::string groupMatchText(const GroupMatch& g) {
  std::string s = g.ourSegments.empty() ? "  -> no segment of Segscope's"
                  : g.same              ? "  = Segscope's segment " + listText(g.ourSegments)
                  : g.undecided         ? "  ? Segscope's segment " + listText(g.ourSegments) + " as far as joined (" +
                                      std::to_string(g.unjoinedOps) +
                                      " op(s) on one side have no counterpart on the other: not claimed the same)"
                  : g.ourSegments.size() == 1
                      ? "  ~ Segscope's segment " + listText(g.ourSegments) + " (other ops or scheduler)"
                      : "  -> split over Segscope's segments " + listText(g.ourSegments);
  for (const std::string& op : g.ops) s += "\n      " + op;
  return s;
}

std::string answersText(const std::vector<SchedulerAnswer>& answers) {
  std::string s;
  for (const SchedulerAnswer& a : answers)
    s += "      " + a.scheduler + ": " + (a.ok ? std::string("accepted") : a.reason + "  [" + a.reasonClass + "]") +
         "\n";
  return s;
}

std::string divergenceText(const Divergence& d) {
  std::ostringstream out;
  out << "joined " << d.joined << " of nvFuser's TensorViews to the script's values";
  if (d.unjoined > 0)
    out << " (" << d.unjoined << " of the segmented fusion not joined: ops nvFuser decomposed or added)";
  out << "\n";
  if (!d.passes.empty()) {
    int agreeing = 0, modeled = 0;
    for (const PassMatch& p : d.passes) agreeing += p.agree() ? 1 : 0, modeled += p.step >= 0 ? 1 : 0;
    out << "passes: " << agreeing << " of nvFuser's " << d.passes.size() << " agree with Segscope's (" << modeled
        << " modeled)\n";
  }
  if (!d.candidates.empty()) {
    int matched = 0, agreeing = 0;
    for (const CandidateMatch& m : d.candidates) matched += m.step >= 0 ? 1 : 0, agreeing += m.agree() ? 1 : 0;
    out << "merge candidates: " << d.candidates.size() << " in the log, " << matched
        << " matched to Segscope's merge attempts, " << agreeing << " with the same verdict\n";
  }
  if (d.headline.empty()) {
    out << "first divergence: none found\n";
    return out.str();
  }
  out << "first divergence: " << d.headline << "\n";
  if (d.firstPass < 0 && d.firstCandidate >= 0) {
    const CandidateMatch& m = d.candidates[static_cast<std::size_t>(d.firstCandidate)];
    for (const std::string& op : m.ops) out << "    " << op << "\n";
    out << "    nvFuser:\n" << answersText(m.theirs);
    out << "    Segscope:\n";
    if (!m.ourRefusal.empty())
      out << "      refused before any scheduler: " << m.ourRefusal << "\n";
    else if (!m.ourDeciding.empty())
      out << "      deciding: " << m.ourDeciding << "\n";
    out << answersText(m.ours);
  }
  return out.str();
}

}  // namespace

bool LogComparison::sameCount() const {
  int theirsCount = 0, oursCount = 0;
  for (const auto& [s, n] : theirPerScheduler) theirsCount += n;
  for (const auto& [s, n] : ourPerScheduler) oursCount += n;
  return theirsCount == oursCount;
}

bool LogComparison::sameSchedulers() const {
  auto a = theirPerScheduler, b = ourPerScheduler;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

Result<LogComparison> compareWithLog(const pipeline::Session& session, const nvlog::NvLog& log, int runtime) {
  LogComparison c;
  c.log = log.file;
  c.runtimes = static_cast<int>(log.runtimes.size());
  c.unknownLines = static_cast<int>(log.unknown.size());
  if (runtime >= c.runtimes)
    return makeError("the log has " + plural(c.runtimes, "runtime") + "; there is no runtime " +
                     std::to_string(runtime + 1));
  for (int r = runtime >= 0 ? runtime : c.runtimes - 1; r >= 0; --r) {
    std::string source;
    std::vector<LoggedSegment> groups = finalGroupsOf(log.runtimes[static_cast<std::size_t>(r)], source);
    if (!groups.empty()) {
      c.runtime = r;
      c.runtimeLine = log.runtimes[static_cast<std::size_t>(r)].line;
      c.source = std::move(source);
      c.theirs = std::move(groups);
      break;
    }
    if (runtime >= 0) break;
  }
  if (c.runtime < 0)
    return makeError(runtime >= 0 ? "runtime " + std::to_string(runtime + 1) + " of the log states no final groups"
                                  : "the log states no final segmentation: it needs NVFUSER_DUMP=segmented_fusion "
                                    "(or a segmenter_logging line '***Accepted*** as:' for the whole fusion)");
  c.ours = overviewOf(session);
  std::vector<std::string> ours, theirs;
  for (const pipeline::SegmentOverview& s : c.ours.segments) {
    if (s.hostScalars) {
      ++c.hostSegments;
      continue;
    }
    ours.push_back(s.scheduler);
  }
  for (const LoggedSegment& s : c.theirs) theirs.push_back(s.scheduler);
  c.ourPerScheduler = countBy(ours);
  c.theirPerScheduler = countBy(theirs);
  attachKernelTimes(log.kernels, c.runtime, c.theirs, c.timesSource);
  c.divergence = findDivergence(session, log.runtimes[static_cast<std::size_t>(c.runtime)]);
  return c;
}

std::map<int, SegmentKernelTime> kernelTimesBySegment(const LogComparison& c) {
  std::map<int, SegmentKernelTime> times;
  for (const LoggedSegment& group : c.theirs)
    if (const GroupMatch* match = groupMatchAt(c.divergence, group.line);
        match && group.kernelMs >= 0 && match->ourSegments.size() == 1) {
      SegmentKernelTime& t = times[match->ourSegments.front()];
      t.ms += group.kernelMs;
      ++t.kernels;
    }
  return times;
}

std::string comparisonText(const LogComparison& c) {
  std::ostringstream out;
  int theirsCount = 0, oursCount = 0;
  for (const auto& [s, n] : c.theirPerScheduler) theirsCount += n;
  for (const auto& [s, n] : c.ourPerScheduler) oursCount += n;
  out << c.log << ": " << plural(c.runtimes, "runtime") << "; runtime " << c.runtime + 1 << " (line " << c.runtimeLine
      << ") compared, from its " << c.source << "\n";
  out << "  nvFuser:  " << plural(theirsCount, "segment") << ": " << countsText(c.theirPerScheduler) << "\n";
  out << "  Segscope: " << plural(oursCount, "segment") << ": " << countsText(c.ourPerScheduler);
  if (c.hostSegments > 0)
    out << " (and " << plural(c.hostSegments, "host scalar segment") << ", which nvFuser lists no group for)";
  out << "\n\nnvFuser's segments (log order" << (c.timesSource.empty() ? "" : "; kernel times from " + c.timesSource)
      << "):\n";
  for (std::size_t i = 0; i < c.theirs.size(); ++i) {
    const LoggedSegment& s = c.theirs[i];
    out << "  group " << (s.id >= 0 ? std::to_string(s.id) : std::string("?")) << "  " << s.scheduler;
    if (s.exprs >= 0) out << "  " << plural(s.exprs, "expr");
    out << "  (line " << s.line << ")";
    if (s.kernelMs >= 0) out << "  kernel " << support::durationText(s.kernelMs);
    if (const GroupMatch* g = groupMatchAt(c.divergence, s.line)) out << groupMatchText(*g);
    out << "\n";
  }
  out << "Segscope's segments:\n";
  for (const pipeline::SegmentOverview& s : c.ours.segments)
    out << "  segment " << s.id << "  " << s.scheduler
        << (s.hostScalars ? " (host scalars)"
            : s.host      ? " (host)"
                          : "")
        << "  " << plural(s.ops, "op") << "\n";
  out << "\n" << divergenceText(c.divergence) << "\n";
  if (c.agree())
    out << "agree: the same segments with the same schedulers\n";
  else if (!c.sameCount())
    out << "differ: nvFuser has " << plural(theirsCount, "segment") << ", Segscope " << oursCount << "\n";
  else if (!c.sameSchedulers())
    out << "differ: the same number of segments, with other schedulers (nvFuser " << countsText(c.theirPerScheduler)
        << "; Segscope " << countsText(c.ourPerScheduler) << ")\n";
  else
    out << "differ: the same number of segments and schedulers, but " << plural(c.divergence.differingGroups, "group")
        << " of nvFuser's hold other ops than Segscope's segments\n";
  if (c.unknownLines > 0)
    out << "note: " << plural(c.unknownLines, "line") << " of the log " << (c.unknownLines == 1 ? "was" : "were")
        << " not nvFuser output, or not understood\n";
  return out.str();
}

Result<nvlog::NvLog> readNvFuserLog(const std::string& path) { return nvlog::readNvLogFile(path); }

}  // namespace segscope::comparison
