// Every fusion of a model run through the pipeline, in parallel, each lined up with nvFuser's
// output for it; the rows, the totals and the histogram of why fusions were split.
#include "comparison/model_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <thread>

#include "comparison/log_comparison.h"
#include "comparison/segment_definitions.h"
#include "graph/nvfuser_view.h"
#include "pipeline/pipeline.h"
#include "pipeline/reason_classes.h"
#include "pipeline/segment_overview.h"
#include "scheduler/runtime_info.h"

namespace segscope::comparison {
namespace {

// A diagnostic of the entry's script, placed in the file it came from (a translated region's
// script is Segscope's own text: its diagnostics point at the region).
Diagnostic placed(Diagnostic d, const model::FusionEntry& entry) {
  d.file = entry.file;
  if (entry.translated) {
    d.loc = {entry.line, 1};
    d.message = "in the definition translated from " + entry.name + ": " + d.message;
    d.sourceLine.clear();
    return d;
  }
  if (d.loc.known()) d.loc.line += entry.scriptLine - 1;
  return d;
}

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

bool hasCandidates(const model::FusionEntry& entry) {
  return std::any_of(entry.runtimes.begin(), entry.runtimes.end(),
                     [](const nvlog::Runtime& r) { return !r.candidates.empty() || !r.passes.empty(); });
}

nvlog::NvLog logOf(const model::FusionEntry& entry) {
  nvlog::NvLog log;
  log.file = entry.file;
  log.runtimes = entry.runtimes;
  log.kernels = entry.kernels;
  return log;
}

// The whole-fusion verdict of `scheduler`, classified; empty when it is not in the list.
std::string classOfRefusal(const std::vector<std::pair<std::string, std::string>>& refusals,
                           const std::string& scheduler) {
  for (const auto& [name, reason] : refusals)
    if (name == scheduler) return std::string(pipeline::classifyReason(reason).id);
  return {};
}

// The scheduler of the segment with the most ops (the first on a tie).
std::string largestScheduler(const std::vector<std::pair<std::string, int>>& segments) {
  const auto it = std::max_element(segments.begin(), segments.end(),
                                   [](const auto& a, const auto& b) { return a.second < b.second; });
  return it == segments.end() ? std::string() : it->first;
}

// A tensor input with a size its definition leaves open (`shape=[-1, ...]`).
bool hasSymbolicInputExtent(const pipeline::Session& session) {
  if (!session.loaded) return true;
  for (const ir::Val* in : session.loaded->inputs())
    if (const ir::TensorView* tv = in->asTensor())
      for (const ir::Dim& d : tv->dims())
        if (!d.extent.isConst() && !d.isBroadcast()) return true;
  return false;
}

// Bytes of the tensors that cross from one segment to another (each edge once per reader).
std::int64_t boundaryBytesOf(const pipeline::Session& session) {
  if (!session.segmentation) return 0;
  const std::vector<std::int64_t> edgeBytes = session.segmentEdgeBytes();
  const auto& edges = session.segmentation->segmentation.edges;
  std::int64_t bytes = 0;
  for (std::size_t i = 0; i < edges.size(); ++i)
    if (edges[i].val->isTensor()) bytes += edgeBytes[i];
  return bytes;
}

// Segscope's side of a loaded session.
void describeOurs(const pipeline::Session& session, ModelFusionRow& row) {
  const pipeline::Overview overview = overviewOf(session);
  std::vector<std::pair<std::string, int>> sizes;
  for (const pipeline::SegmentOverview& s : overview.segments) {
    if (s.hostScalars) continue;
    ++row.segments;
    row.schedulers.push_back(s.scheduler);
    sizes.emplace_back(s.scheduler, s.ops);
  }
  std::sort(row.schedulers.begin(), row.schedulers.end());
  row.boundaryBytes = boundaryBytesOf(session);
  row.ops = static_cast<int>(session.loaded ? session.loaded->exprs().size() : 0);
  const trace::Trace::MergeCounts counts = session.trace->mergeCounts();
  row.mergeAttempts = counts.attempts;
  row.mergesRefused = counts.refused;
  if (row.segments <= 1) return;
  std::vector<std::pair<std::string, std::string>> refusals;
  for (const trace::Step& s : session.trace->steps())
    if (s.merge && s.phase == trace::Phase::WholeFusion)
      for (const trace::SchedulerCheck& c : s.merge->verdicts)
        if (!c.ok) refusals.emplace_back(c.scheduler, c.reason);
  row.splitBy = classOfRefusal(refusals, largestScheduler(sizes));
}

// nvFuser's view from its dump alone (no definition to segment): the final groups it printed,
// or the scheduler that took the whole fusion.
void describeDump(const nvlog::Runtime& rt, NvFuserView& view) {
  std::vector<std::pair<std::string, int>> sizes;
  if (rt.segmented) {
    view.source = "segmented_fusion";
    view.complete = rt.segmented->complete;
    // Group lines before 2024-08 print `g{…}`: the reader took their schedulers from the
    // group details, or marks them unknown where those were cut off.
    for (const nvlog::GroupLine& g : rt.segmented->groups) {
      ++view.segments;
      view.schedulers.push_back(g.scheduler);
      sizes.emplace_back(g.scheduler, static_cast<int>(g.exprNames.size()));
      if (g.scheduler == nvlog::kUnknownScheduler || g.scheduler == "none") view.complete = false;
    }
    // Group details pasted without the group list: each detail is a group.
    if (rt.segmented->groups.empty())
      for (const nvlog::GroupDetail& g : rt.segmented->details) {
        const std::string scheduler = g.scheduler.empty() ? std::string("none") : g.scheduler;
        ++view.segments;
        view.schedulers.push_back(scheduler);
        sizes.emplace_back(scheduler, static_cast<int>(g.exprs.size()));
      }
  } else {
    for (const nvlog::Candidate& c : rt.candidates)
      if (c.wholeFusion && !c.accepted.empty()) {
        view.source = "segmenter_logging";
        view.segments = 1;
        view.schedulers = {c.accepted};
        view.complete = true;
      }
  }
  std::vector<std::pair<std::string, std::string>> refusals;
  for (const nvlog::Candidate& c : rt.candidates)
    if (c.wholeFusion)
      for (const nvlog::Rejection& r : c.rejections) refusals.emplace_back(r.scheduler, r.reason);
  if (view.segments > 1) view.splitBy = classOfRefusal(refusals, largestScheduler(sizes));
}

// The ops nvFuser printed for a fusion it dumped without its definition.
int printedOps(const nvlog::Runtime& rt) {
  for (const std::optional<nvlog::FusionText>* text : {&rt.original, &rt.beforePasses, &rt.afterPasses})
    if (*text) return static_cast<int>((*text)->exprs.size());
  int ops = 0;
  if (rt.segmented)
    for (const nvlog::GroupLine& g : rt.segmented->groups) ops += static_cast<int>(g.exprNames.size());
  return ops;
}

// nvFuser's python_definition_segments, each lined up with Segscope's segments op by op: the
// segment count where the log has nothing else, and a divergence wherever one differs.
void describeSegmentDefinitions(const model::FusionEntry& entry, const pipeline::Session* session, ModelFusionRow& row,
                                NvFuserView& view) {
  // Each runtime (and each copy of the fusion, from another rank) prints its whole set again,
  // from group 0: the last set is the segmentation nvFuser ran last.
  auto from = entry.segments.end();
  while (from != entry.segments.begin() && (from == entry.segments.end() || from->group != 0)) --from;
  const std::vector<model::SegmentDefinition> last(from, entry.segments.end());
  const bool onlySource = view.segments == 0;
  if (onlySource) {
    view.source = "python_definition_segments";
    view.segments = static_cast<int>(last.size());
  }
  if (!row.loaded || !session) return;
  view.definitions = matchSegmentDefinitions(*session, last, entry.file);
  const bool allSame = std::all_of(view.definitions.begin(), view.definitions.end(),
                                   [](const SegmentDefinitionMatch& m) { return m.same; });
  if (onlySource && view.segments != row.segments) {
    row.agree = false;
    row.divergence = std::to_string(view.segments) + " segment definitions in nvFuser's output, " +
                     std::to_string(row.segments) + " segments in Segscope's";
  } else if (!allSame) {
    row.agree = false;
    if (row.divergence.empty()) row.divergence = firstDifferentDefinition(view.definitions);
  } else if (onlySource) {
    row.agree = true;
  }
}

// nvFuser's side: its final groups (segmented_fusion) where the log has them, else the count
// of its python_definition_segments.
void describeTheirs(const model::FusionEntry& entry, const pipeline::Session* session, ModelFusionRow& row) {
  if (entry.runtimes.empty() && entry.segments.empty() && entry.kernels.empty()) return;
  NvFuserView view;
  view.runtimes = static_cast<int>(entry.runtimes.size());
  if (!entry.kernels.empty()) {
    view.kernelMs = 0;
    for (const nvlog::KernelTime& k : entry.kernels) view.kernelMs += k.ms;
  }
  if (session && !entry.runtimes.empty()) {
    if (Result<LogComparison> c = compareWithLog(*session, logOf(entry)); c) {
      view.source = c->source;
      for (const LoggedSegment& s : c->theirs) {
        ++view.segments;
        view.schedulers.push_back(s.scheduler);
      }
      // An excerpt of a segments dump (cut off, groups left out) cannot say what nvFuser did.
      const nvlog::Runtime* compared = c->runtime >= 0 && static_cast<std::size_t>(c->runtime) < entry.runtimes.size()
                                           ? &entry.runtimes[static_cast<std::size_t>(c->runtime)]
                                           : nullptr;
      view.complete = (!compared || !compared->segmented || compared->segmented->complete) &&
                      std::none_of(c->theirs.begin(), c->theirs.end(), [](const LoggedSegment& s) {
                        return s.scheduler == nvlog::kUnknownScheduler || s.scheduler == "none";
                      });
      row.agree = c->agree();
      row.divergence = c->divergence.headline;
      if (row.divergence.empty() && !c->agree())
        row.divergence = c->sameCount() ? "same segment count, other schedulers or groups"
                                        : std::to_string(c->theirs.size()) + " segments in nvFuser's log, " +
                                              std::to_string(row.segments) + " in Segscope's";
      // The whole-fusion refusal of the scheduler of nvFuser's largest group.
      const nvlog::Runtime& rt = entry.runtimes.back();
      std::vector<std::pair<std::string, std::string>> refusals;
      for (const nvlog::Candidate& cand : rt.candidates)
        if (cand.wholeFusion)
          for (const nvlog::Rejection& r : cand.rejections) refusals.emplace_back(r.scheduler, r.reason);
      std::vector<std::pair<std::string, int>> sizes;
      for (const LoggedSegment& s : c->theirs) sizes.emplace_back(s.scheduler, s.exprs);
      if (view.segments > 1) view.splitBy = classOfRefusal(refusals, largestScheduler(sizes));
    }
  }
  if (!session && !entry.runtimes.empty()) describeDump(entry.runtimes.back(), view);
  if (!entry.segments.empty()) describeSegmentDefinitions(entry, session, row, view);
  std::sort(view.schedulers.begin(), view.schedulers.end());
  row.nvfuser = std::move(view);
}

pipeline::PipelineOptions optionsFor(const model::FusionEntry& entry, const ModelRunOptions& options, bool detailed) {
  pipeline::PipelineOptions o;
  o.profile = options.profile;
  o.enableOptions = options.enableOptions;
  o.disableOptions = options.disableOptions;
  o.recordMergeDetails = detailed;
  o.recordSnapshots = detailed && hasCandidates(entry);  // passes are lined up by their snapshots
  (void)entry;
  return o;
}

ModelFusionRow analyzeEntry(const model::FusionEntry& entry, const ModelRunOptions& options) {
  ModelFusionRow row;
  row.name = entry.name;
  row.key = entry.key;
  row.kind = std::string(model::entryKindName(entry.kind));
  row.file = entry.file;
  row.line = entry.line;
  row.occurrences = entry.occurrences;
  if (entry.problem) {  // nothing to run: the reader said why
    row.diagnostic = firstLine(entry.problem->format());
    return row;
  }
  if (entry.kind == model::EntryKind::NvFuserDump) {  // nothing to segment: nvFuser's view only
    row.diagnostic = entry.file + ":" + std::to_string(entry.line) + ": note: " + std::string(kDumpOnly);
    if (!entry.runtimes.empty()) row.ops = printedOps(entry.runtimes.back());
    describeTheirs(entry, nullptr, row);
    return row;
  }
  const auto start = std::chrono::steady_clock::now();
  // A first look at the size decides how much to record: counting lines is enough.
  const auto statements = std::count(entry.script.begin(), entry.script.end(), '\n');
  const bool detailed = statements <= options.detailedUpTo || hasCandidates(entry);
  pipeline::Outcome outcome;
  try {
    outcome = runPipeline(entry.file, entry.script, optionsFor(entry, options, detailed));
  } catch (const std::exception& e) {  // a bug costs one row, not the run
    row.diagnostic = entry.file + ":" + std::to_string(entry.line) + ": internal error: " + e.what();
    return row;
  }
  const pipeline::Session* session = std::get_if<pipeline::Session>(&outcome);
  if (const auto* error = std::get_if<pipeline::PipelineError>(&outcome)) {
    const Diagnostic d = placed(error->diagnostic, entry);
    row.diagnostic = firstLine(d.loc.known() ? d.format() : d.file + ": error: " + d.message);
  } else {
    row.loaded = true;
    for (const Diagnostic& w : session->script.warnings) row.warnings.push_back(firstLine(placed(w, entry).format()));
    const bool fromDefinition =
        std::any_of(session->script.warnings.begin(), session->script.warnings.end(),
                    [](const Diagnostic& w) { return w.message.rfind("size from the definition", 0) == 0; });
    row.sizes = session->script.inputsFromFooter || session->script.inputs.empty() ? "footer"
                : !hasSymbolicInputExtent(*session)                                ? "static"
                : fromDefinition                                                   ? "definition"
                                                                                   : "default";
    describeOurs(*session, row);
  }
  describeTheirs(entry, session, row);
  row.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return row;
}

void addReasons(ModelRunReport& report) {
  std::map<std::string, ReasonCount> byClass;
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    const ModelFusionRow& row = report.rows[i];
    const auto add = [&](const std::string& id, bool ours) {
      if (id.empty()) return;
      ReasonCount& c = byClass[id];
      c.reason = id;
      (ours ? c.segscope : c.nvfuser) += 1;
      if (c.rows.empty() || c.rows.back() != i) c.rows.push_back(i);
    };
    add(row.splitBy, true);
    if (row.nvfuser) add(row.nvfuser->splitBy, false);
  }
  for (const pipeline::ReasonClass& rc : pipeline::reasonClasses())
    if (auto it = byClass.find(std::string(rc.id)); it != byClass.end()) it->second.title = std::string(rc.title);
  for (auto& [id, c] : byClass) {
    if (c.title.empty()) c.title = id;
    report.reasons.push_back(std::move(c));
  }
  std::stable_sort(report.reasons.begin(), report.reasons.end(), [](const ReasonCount& a, const ReasonCount& b) {
    return a.segscope + a.nvfuser > b.segscope + b.nvfuser;
  });
}

void addTotals(ModelRunReport& report) {
  for (const ModelFusionRow& row : report.rows) {
    report.loaded += row.loaded ? 1 : 0;
    report.segments += row.segments;
    report.milliseconds += row.milliseconds;
    if (!row.nvfuser) continue;
    ++report.withNvFuser;
    report.nvfuserSegments += row.nvfuser->segments;
    if (row.agree) (*row.agree ? report.agreeing : report.differing) += 1;
  }
}

std::string schedulersText(const std::vector<std::string>& schedulers) {
  std::string out;
  for (const std::string& s : schedulers) out += (out.empty() ? "" : ", ") + s;
  return out.empty() ? "none" : out;
}

// What differs between two rows of the same fusion.
std::vector<std::string> differences(const ModelFusionRow& now, const ModelFusionRow& before, double tolerance) {
  std::vector<std::string> what;
  const auto compare = [&](const std::string& side, int a, int b, const std::vector<std::string>& sa,
                           const std::vector<std::string>& sb) {
    if (a != b) what.push_back(side + " segments " + std::to_string(b) + " -> " + std::to_string(a));
    if (sa != sb) what.push_back(side + " schedulers " + schedulersText(sb) + " -> " + schedulersText(sa));
  };
  if (now.nvfuser && before.nvfuser) {
    compare("nvFuser", now.nvfuser->segments, before.nvfuser->segments, now.nvfuser->schedulers,
            before.nvfuser->schedulers);
    const double a = now.nvfuser->kernelMs, b = before.nvfuser->kernelMs;
    if (a >= 0 && b >= 0 && std::abs(a - b) > tolerance * std::max(a, b)) {
      char text[96];
      std::snprintf(text, sizeof text, "nvFuser kernel time %.3f -> %.3f ms", b, a);
      what.emplace_back(text);
    }
  } else if (!now.nvfuser && !before.nvfuser) {
    if (now.loaded != before.loaded)
      what.push_back(now.loaded ? "loads now (it did not before)" : "does not load any more: " + now.diagnostic);
    else if (now.loaded)
      compare("Segscope", now.segments, before.segments, now.schedulers, before.schedulers);
  } else {
    what.push_back(now.nvfuser ? "nvFuser's output for it appears only in this run"
                               : "nvFuser's output for it appears only in the earlier run");
  }
  return what;
}

}  // namespace

std::vector<RunChange> compareRuns(const std::vector<ModelFusionRow>& now, const std::vector<ModelFusionRow>& before,
                                   double timeTolerance) {
  std::map<std::string, std::vector<std::size_t>> earlier;  // key -> rows of `before`, in order
  for (std::size_t i = before.size(); i-- > 0;) earlier[before[i].key].push_back(i);
  std::vector<bool> matched(before.size(), false);
  std::vector<RunChange> changes;
  for (const ModelFusionRow& row : now) {
    RunChange change;
    change.name = row.name;
    change.source = row.file + ":" + std::to_string(row.line);
    auto it = earlier.find(row.key);
    if (it == earlier.end() || it->second.empty()) {
      change.kind = RunChange::Kind::OnlyNow;
      changes.push_back(std::move(change));
      continue;
    }
    const std::size_t b = it->second.back();
    it->second.pop_back();
    matched[b] = true;
    change.before = before[b].name;
    change.what = differences(row, before[b], timeTolerance);
    if (!change.what.empty()) changes.push_back(std::move(change));
  }
  for (std::size_t b = 0; b < before.size(); ++b)
    if (!matched[b]) {
      RunChange change;
      change.kind = RunChange::Kind::OnlyBefore;
      change.name = change.before = before[b].name;
      change.source = before[b].file + ":" + std::to_string(before[b].line);
      changes.push_back(std::move(change));
    }
  return changes;
}

Result<model::ModelRun> readModelRun(const std::vector<std::string>& paths) { return model::readModelRun(paths); }

std::optional<graph::GraphModel> nvFuserViewOf(const model::FusionEntry& entry) {
  // The last runtime that printed its final groups: the segmentation nvFuser ran last.
  for (auto it = entry.runtimes.rbegin(); it != entry.runtimes.rend(); ++it)
    if (it->segmented && !it->segmented->groups.empty())
      return graph::buildNvFuserView(
          *it, entry.name + " — nvFuser's view only (log line " + std::to_string(it->segmented->line) + ")");
  return std::nullopt;
}

ModelRunReport analyzeModelRun(const model::ModelRun& run, const ModelRunOptions& options) {
  ModelRunReport report;
  report.files = run.files;
  report.diagnostics = run.diagnostics;
  report.rows.resize(run.fusions.size());
  const std::size_t total = run.fusions.size();
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t workers =
      std::min<std::size_t>(total, static_cast<std::size_t>(options.jobs > 0 ? options.jobs : static_cast<int>(cores)));
  std::atomic<std::size_t> next{0}, done{0};
  std::atomic<bool> stopped{false};
  const auto work = [&] {
    for (std::size_t i = next++; i < total; i = next++) {
      if (options.cancel && options.cancel->load()) {
        stopped = true;
        report.rows[i].name = run.fusions[i].name;
        report.rows[i].file = run.fusions[i].file;
        report.rows[i].line = run.fusions[i].line;
        report.rows[i].diagnostic = "not segmented: the run was cancelled";
        continue;
      }
      report.rows[i] = analyzeEntry(run.fusions[i], options);
      const std::size_t finished = ++done;
      if (options.onProgress) options.onProgress(finished, total);
    }
  };
  if (workers <= 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    for (std::size_t k = 0; k < workers; ++k) pool.emplace_back(work);
    for (std::thread& t : pool) t.join();
  }
  report.cancelled = stopped;
  addTotals(report);
  addReasons(report);
  return report;
}

Result<OpenedFusion> openModelFusion(const model::FusionEntry& entry, const std::string& profile) {
  if (entry.kind == model::EntryKind::NvFuserDump) return makeError(entry.name + ": " + std::string(kDumpOnly));
  pipeline::PipelineOptions o;
  o.profile = profile;
  pipeline::Outcome outcome = runPipeline(entry.file, entry.script, o);
  if (const auto* error = std::get_if<pipeline::PipelineError>(&outcome)) {
    const Diagnostic d = placed(error->diagnostic, entry);
    return makeError(d.loc.known() ? d.format() : d.message);
  }
  OpenedFusion opened;
  opened.session = std::make_shared<const pipeline::Session>(std::move(std::get<pipeline::Session>(outcome)));
  if (!entry.runtimes.empty() || !entry.kernels.empty()) opened.log = logOf(entry);
  return opened;
}

}  // namespace segscope::comparison
