// JSON documents of segscope-cli (stable field names; tests and tools read them).
#include <map>

#include <nlohmann/json.hpp>

#include "cli/report.h"

namespace segscope::cli {
namespace {

using nlohmann::json;

json valJson(const ir::Val* v) {
  json j = {{"name", v->name()}, {"dtype", std::string(ir::shortName(v->dtype()))}};
  if (const ir::TensorView* tv = v->asTensor()) {
    json shape = json::array();
    for (const ir::Dim& d : tv->dims()) {
      if (d.extent.isConst())
        shape.push_back(d.extent.value);
      else
        shape.push_back(d.extent.toString());
    }
    j["shape"] = shape;
  } else {
    j["scalar"] = true;
  }
  return j;
}

json fusionJson(const frontend::Script& script) {
  const ir::Fusion& f = *script.fusion;
  json inputs = json::array(), outputs = json::array();
  for (const ir::Val* v : f.inputs()) inputs.push_back(valJson(v));
  for (const ir::FusionOutput& o : f.outputs()) {
    json j = valJson(o.val);
    if (o.aliasOf) j["alias_of"] = o.aliasOf->name();
    outputs.push_back(j);
  }
  return {{"name", f.name()},
          {"exprs", f.exprs().size()},
          {"inputs", inputs},
          {"outputs", outputs},
          {"module", script.module}};
}

}  // namespace

std::string infoJson(const frontend::Script& script, const std::string& file) {
  std::map<std::string, int> opCounts, dtypeCounts;
  for (const ir::Expr* e : script.fusion->exprs()) {
    ++opCounts[std::string(e->opName())];
    for (const ir::Val* out : e->outputs()) ++dtypeCounts[std::string(ir::shortName(out->dtype()))];
  }
  json j = {{"file", file},
            {"fusion", fusionJson(script)},
            {"op_counts", opCounts},
            {"dtype_counts", dtypeCounts},
            {"inputs_from_footer", script.inputsFromFooter}};
  return j.dump(2) + "\n";
}

std::string whyApartJson(const pipeline::WhyApart& w) {
  json attempts = json::array();
  for (const pipeline::ApartAttempt& a : w.attempts) {
    json verdicts = json::array();
    for (const trace::SchedulerCheck& v : a.verdicts)
      verdicts.push_back({{"scheduler", v.scheduler}, {"accepted", v.ok}, {"reason", v.reason}});
    attempts.push_back({{"step", a.step},
                        {"phase", trace::phaseName(a.phase)},
                        {"groups", a.groups},
                        {"accepted", a.accepted},
                        {"accepted_by", a.acceptedBy},
                        {"deciding", a.deciding},
                        {"verdicts", verdicts}});
  }
  json j = {{"a", w.a},
            {"b", w.b},
            {"segment_a", w.segmentA},
            {"segment_b", w.segmentB},
            {"together", w.together},
            {"separators", w.separators},
            {"path_exprs", w.pathExprs},
            {"path_segments", w.pathSegments},
            {"separator_segments", w.separatorSegments},
            {"tried_together", w.triedTogether},
            {"placed_at_finalize", w.placedAtFinalize},
            {"attempts", attempts},
            {"answer", w.answer}};
  return j.dump(2) + "\n";
}

std::string scheduleJson(const scheduler::Proposal& proposal, const std::string& profile, const std::string& file) {
  json verdicts = json::array();
  for (const scheduler::SchedulerVerdict& v : proposal.verdicts)
    verdicts.push_back({{"scheduler", std::string(scheduler::schedulerName(v.type))},
                        {"accepted", v.verdict.ok},
                        {"compile_time", v.compileTimeOnly},
                        {"reason", v.verdict.reason}});
  json j = {{"file", file},
            {"profile", profile},
            {"accepted", std::string(scheduler::schedulerName(proposal.accepted))},
            {"verdicts", verdicts}};
  return j.dump(2) + "\n";
}

std::string passesJson(const trace::Trace& trace, const std::string& file) {
  json passes = json::array();
  int before = -1, after = -1;
  for (const trace::Step& s : trace.steps()) {
    if (s.kind != trace::StepKind::Pass) continue;
    if (before < 0) before = s.exprsBefore;
    after = s.exprsAfter;
    passes.push_back({{"name", s.name},
                      {"modified", s.modified},
                      {"skipped", s.skipped},
                      {"exprs_before", s.exprsBefore},
                      {"exprs_after", s.exprsAfter},
                      {"ms", s.milliseconds},
                      {"log", s.logLines()}});
  }
  json j = {{"file", file}, {"passes", passes}, {"exprs_before", before}, {"exprs_after", after}};
  return j.dump(2) + "\n";
}

namespace {

json names(const std::vector<const ir::Val*>& vals) {
  json out = json::array();
  for (const ir::Val* v : vals) out.push_back(v->name());
  return out;
}

}  // namespace

std::string segmentJson(const segmenter::Segmentation& seg, const std::string& profile,
                        const std::vector<std::int64_t>& edgeBytes, std::size_t steps) {
  const ir::Fusion& f = *seg.fusion;
  json inputs = json::array(), outputs = json::array();
  for (const ir::Val* v : f.inputs()) inputs.push_back(v->name());
  for (const ir::FusionOutput& o : f.outputs()) outputs.push_back(o.val->name());
  json segments = json::array();
  for (const segmenter::Segment& s : seg.segments) {
    json exprs = json::array();
    for (const ir::Expr* e : s.exprs) exprs.push_back(e->toString());
    segments.push_back({{"id", s.id},
                        {"scheduler", std::string(scheduler::schedulerName(s.scheduler))},
                        {"host", s.host},
                        {"kind", std::string(segmenter::segmentKindName(s))},
                        {"exprs", exprs},
                        {"inputs", names(s.inputs)},
                        {"outputs", names(s.outputs)}});
  }
  json edges = json::array();
  for (std::size_t i = 0; i < seg.edges.size(); ++i)
    edges.push_back({{"from", seg.edges[i].from},
                     {"to", seg.edges[i].to},
                     {"val", seg.edges[i].val->name()},
                     {"bytes", i < edgeBytes.size() ? edgeBytes[i] : 0}});
  json j = {{"fusion", {{"name", f.name()}, {"exprs", f.exprs().size()}, {"inputs", inputs}, {"outputs", outputs}}},
            {"profile", profile},
            {"segments", segments},
            {"edges", edges},
            {"run_order", seg.runOrder},
            {"steps", steps}};
  return j.dump(2) + "\n";
}

namespace {

json scalarsJson(const std::vector<std::pair<std::string, ir::ScalarValue>>& scalars) {
  json j = json::object();
  for (const auto& [name, value] : scalars) j[name] = ir::formatScalarValue(value);
  return j;
}

json segmentRunJson(const segmenter::Segment& segment, const exec::SegmentTiming& t, bool cuda) {
  const exec::SegmentSamples& x = t.samples;
  json j = {{"id", segment.id},
            {"scheduler", segmenter::schedulerOrKind(segment)},
            {"host", segment.host},
            {"execution", x.execution},
            {"ms", t.medianMs},
            {"min_ms", t.minMs},
            {"timed_runs", t.timedRuns},
            {"bytes_in", x.bytesIn},
            {"bytes_out", x.bytesOut},
            {"gbps", t.gbps},
            {"host_scalars", scalarsJson(x.hostScalars)}};
  if (!cuda) return j;
  j["percent_of_peak"] = t.percentOfPeak;
  j["fused"] = x.fused;
  j["note"] = x.note;
  j["compile_ms"] = x.compileMilliseconds;
  j["scalar_args"] = scalarsJson(x.scalarArgs);
  json kernels = json::array();
  for (const exec::LaunchRecord& k : x.kernels)
    kernels.push_back({{"name", k.name},
                       {"grid", {k.grid[0], k.grid[1], k.grid[2]}},
                       {"block", {k.block[0], k.block[1], k.block[2]}},
                       {"shared_bytes", k.sharedBytes},
                       {"unfused", k.unfused}});
  j["kernels"] = kernels;
  return j;
}

const segmenter::Segment& segmentOf(const RunReport& run, const exec::SegmentTiming& t) {
  return run.segmentation->segments[static_cast<std::size_t>(t.segment())];
}

}  // namespace

std::string runJson(const frontend::Script& script, const std::string& file, const RunReport& run) {
  json outputs = json::array();
  for (const pipeline::OutputSummary& o : run.outputs)
    outputs.push_back({{"name", o.name},
                       {"dtype", o.dtype},
                       {"shape", o.shape},
                       {"sum", o.sum},
                       {"abs_sum", o.absSum},
                       {"min", o.min},
                       {"max", o.max},
                       {"non_finite", o.nonFinite}});
  const pipeline::RunRequest& request = run.request;
  json j = {{"file", file},         {"fusion", fusionJson(script)},    {"backend", request.backend},
            {"seed", request.seed}, {"repeat", request.counts.repeat}, {"median_ms", run.medianMs},
            {"outputs", outputs}};
  const bool cuda = request.backend == "cuda";
  if (cuda) {
    j["device"] = {{"name", run.timed ? run.timed->backend.device : std::string()},
                   {"dram_gbps", run.timed ? run.timed->backend.dramBandwidthGBps : 0.0},
                   {"warmup", request.counts.warmup}};
    j["codegen"] = pipeline::describeCodegen(request.codegen);
  }
  if (run.segmented()) {
    json segments = json::array();
    for (const exec::SegmentTiming& t : run.timed->segments)
      segments.push_back(segmentRunJson(segmentOf(run, t), t, cuda));
    j["scalar_mode"] = std::string(segmenter::scalarModeName(run.segmentation->scalarMode));
    j["device_ms"] = run.timed->deviceMs;
    j["host_ms"] = run.timed->hostMs;
    j["segments"] = segments;
  }
  if (run.timed && run.timed->comparison) {
    const exec::Comparison& c = *run.timed->comparison;
    j["verify"] = {{"ok", c.ok}, {"max_abs_error", c.maxAbsError}, {"message", c.message}};
  }
  return j.dump(2) + "\n";
}

std::string chromeTraceJson(const std::string& fusionName, const RunReport& run) {
  json events = json::array();
  events.push_back({{"name", "process_name"},
                    {"ph", "M"},
                    {"pid", 1},
                    {"tid", 1},
                    {"args", {{"name", "segscope " + run.request.backend + ": " + fusionName}}}});
  double startUs = 0;
  const std::vector<exec::SegmentTiming> none;
  for (const exec::SegmentTiming& t : run.segmented() ? run.timed->segments : none) {
    const exec::SegmentSamples& x = t.samples;
    const std::string scheduler = segmenter::schedulerOrKind(segmentOf(run, t));
    const double durUs = t.medianMs * 1e3;
    json args = {{"scheduler", scheduler}, {"execution", x.execution}, {"median_ms", t.medianMs}, {"min_ms", t.minMs},
                 {"bytes_in", x.bytesIn},  {"bytes_out", x.bytesOut},  {"gbps", t.gbps}};
    if (t.percentOfPeak >= 0) args["percent_of_peak"] = t.percentOfPeak;
    if (!x.hostScalars.empty()) args["host_scalars"] = scalarsJson(x.hostScalars);
    if (!x.scalarArgs.empty()) args["scalar_args"] = scalarsJson(x.scalarArgs);
    if (!x.kernels.empty()) {
      json names = json::array();
      for (const exec::LaunchRecord& k : x.kernels) names.push_back(k.name);
      args["kernels"] = names;
    }
    events.push_back({{"name", "segment " + std::to_string(segmentOf(run, t).id) + " " + scheduler},
                      {"cat", x.execution},
                      {"ph", "X"},
                      {"ts", startUs},
                      {"dur", durUs},
                      {"pid", 1},
                      {"tid", 1},
                      {"args", args}});
    startUs += durUs;
  }
  json j = {{"traceEvents", events},
            {"displayTimeUnit", "ms"},
            {"otherData",
             {{"fusion", fusionName},
              {"backend", run.request.backend},
              {"device", run.timed ? run.timed->backend.device : std::string()},
              {"repeat", run.request.counts.repeat},
              {"note", "segments laid back to back, each as long as its median"}}}};
  return j.dump(1) + "\n";
}

namespace {

json exprStrings(const std::vector<const ir::Expr*>& exprs) {
  json out = json::array();
  for (const ir::Expr* e : exprs) out.push_back(e->toString());
  return out;
}

json regionJson(const regions::Region& r, const regions::RegionComparison* c) {
  return {{"id", r.id},
          {"members", exprStrings(r.members)},
          {"inputs", names(r.inputs)},
          {"outputs", names(r.outputs)},
          {"users", exprStrings(r.users)},
          {"bytes", r.bytes},
          {"cost_ms", r.costMs},
          {"segments", c ? json(c->segments) : json::array()},
          {"splits", c ? json(c->splits) : json::array()},
          {"bytes_kept_on_chip", c ? c->bytesKeptOnChip : 0}};
}

}  // namespace

std::string regionsJson(const regions::RegionAnalysis& analysis,
                        const std::vector<regions::RegionComparison>& comparisons) {
  json list = json::array();
  for (std::size_t i = 0; i < analysis.regions.size(); ++i)
    list.push_back(regionJson(analysis.regions[i], i < comparisons.size() ? &comparisons[i] : nullptr));
  json j = {{"fusion", analysis.fusion ? analysis.fusion->name() : std::string()},
            {"profile", analysis.profile},
            {"regions", list},
            {"total_bytes", analysis.totalBytes},
            {"total_cost_ms", analysis.totalCostMs}};
  return j.dump(2) + "\n";
}

std::string segmentScriptFileName(int id) { return "segment_" + std::to_string(id) + ".py"; }

namespace {

json segmentInputsJson(const segmenter::SegmentExport& x) {
  json inputs = json::array();
  for (std::size_t i = 0; i < x.inputValId.size(); ++i) {
    json j = valJson(x.fusion->inputs()[i]);
    j["val"] = x.inputValId[i];
    j["source"] = std::string(segmenter::argSourceName(x.inputSource[i]));
    j["fusion_input"] = x.inputIndex[i];
    j["producer"] = x.inputProducer[i];
    inputs.push_back(j);
  }
  return inputs;
}

json segmentOutputsJson(const segmenter::SegmentExport& x) {
  json outputs = json::array();
  for (std::size_t i = 0; i < x.outputValId.size(); ++i) {
    json j = valJson(x.fusion->outputs()[i].val);
    j["val"] = x.outputValId[i];
    j["fusion_output"] = x.outputIndex[i];
    outputs.push_back(j);
  }
  return outputs;
}

}  // namespace

std::string segmentIndexMapsJson(const std::vector<segmenter::SegmentExport>& exports, const ir::Fusion& fusion,
                                 const std::string& file) {
  json segments = json::array();
  for (const segmenter::SegmentExport& x : exports)
    segments.push_back({{"segment", x.segment},
                        {"script", segmentScriptFileName(x.segment)},
                        {"scheduler", std::string(scheduler::schedulerName(x.scheduler))},
                        {"host", x.host},
                        {"inputs", segmentInputsJson(x)},
                        {"outputs", segmentOutputsJson(x)}});
  json inputs = json::array(), outputs = json::array();
  for (const ir::Val* v : fusion.inputs()) inputs.push_back({{"name", v->name()}, {"val", v->id()}});
  for (const ir::FusionOutput& o : fusion.outputs()) outputs.push_back({{"name", o.val->name()}, {"val", o.val->id()}});
  json j = {{"format", "segscope-segments"},
            {"version", 1},
            {"file", file},
            {"fusion", fusion.name()},
            {"fusion_inputs", inputs},
            {"fusion_outputs", outputs},
            {"run_order", segments}};
  return j.dump(2) + "\n";
}

namespace {

json answersJson(const std::vector<comparison::SchedulerAnswer>& answers) {
  json out = json::array();
  for (const comparison::SchedulerAnswer& a : answers)
    out.push_back({{"scheduler", a.scheduler}, {"ok", a.ok}, {"reason", a.reason}, {"reason_class", a.reasonClass}});
  return out;
}

json candidateJson(const comparison::CandidateMatch& m) {
  return {{"line", m.line},
          {"step", m.step},
          {"ops", m.ops},
          {"nvfuser_verdict", m.theirVerdict},
          {"segscope_verdict", m.ourVerdict},
          {"segscope_refusal", m.ourRefusal},
          {"first_different_scheduler", m.firstDifferentScheduler},
          {"nvfuser", answersJson(m.theirs)},
          {"segscope", answersJson(m.ours)}};
}

json divergenceJson(const comparison::Divergence& d) {
  json passes = json::array(), candidates = json::array(), groups = json::array();
  for (const comparison::PassMatch& p : d.passes)
    passes.push_back({{"nvfuser", p.theirs},
                      {"segscope", p.ours},
                      {"line", p.line},
                      {"step", p.step},
                      {"nvfuser_changed", p.theirsKnown ? json(p.theirsChanged) : json(nullptr)},
                      {"segscope_changed", p.oursChanged},
                      {"agree", p.agree()}});
  for (const comparison::CandidateMatch& m : d.candidates)
    candidates.push_back({{"line", m.line},
                          {"step", m.step},
                          {"nvfuser_verdict", m.theirVerdict},
                          {"segscope_verdict", m.ourVerdict},
                          {"agree", m.agree()}});
  for (const comparison::GroupMatch& g : d.groups)
    groups.push_back({{"group_id", g.id},
                      {"line", g.line},
                      {"scheduler", g.scheduler},
                      {"segscope_segments", g.ourSegments},
                      {"ops", g.ops},
                      {"same", g.same},
                      {"undecided", g.undecided},
                      {"unjoined_ops", g.unjoinedOps}});
  return {
      {"joined_tensors", d.joined},
      {"unjoined_tensors", d.unjoined},
      {"headline", d.headline},
      {"headline_line", d.headlineLine},
      {"first_pass", d.firstPass >= 0 ? passes[static_cast<std::size_t>(d.firstPass)] : json(nullptr)},
      {"first_candidate",
       d.firstCandidate >= 0 ? candidateJson(d.candidates[static_cast<std::size_t>(d.firstCandidate)]) : json(nullptr)},
      {"first_unmatched_candidate_line",
       d.firstUnmatched >= 0 ? json(d.candidates[static_cast<std::size_t>(d.firstUnmatched)].line) : json(nullptr)},
      {"passes", passes},
      {"candidates", candidates},
      {"groups", groups},
      {"differing_groups", d.differingGroups}};
}

}  // namespace

std::string logComparisonJson(const comparison::LogComparison& c, const std::string& file) {
  const auto counts = [](const std::vector<std::pair<std::string, int>>& perScheduler) {
    json j = json::object();
    for (const auto& [scheduler, n] : perScheduler) j[scheduler] = n;
    return j;
  };
  json theirs = json::array(), ours = json::array();
  for (const comparison::LoggedSegment& s : c.theirs)
    theirs.push_back({{"group_id", s.id},
                      {"scheduler", s.scheduler},
                      {"exprs", s.exprs},
                      {"ops", s.ops},
                      {"line", s.line},
                      {"kernel", s.kernel},
                      {"kernel_ms", s.kernelMs >= 0 ? json(s.kernelMs) : json(nullptr)}});
  for (const pipeline::SegmentOverview& s : c.ours.segments)
    ours.push_back(
        {{"id", s.id}, {"scheduler", s.scheduler}, {"host", s.host}, {"host_scalars", s.hostScalars}, {"ops", s.ops}});
  json j = {{"file", file},
            {"log", c.log},
            {"runtimes", c.runtimes},
            {"runtime", c.runtime + 1},
            {"runtime_line", c.runtimeLine},
            {"source", c.source},
            {"nvfuser", {{"segments", theirs}, {"per_scheduler", counts(c.theirPerScheduler)}}},
            {"segscope",
             {{"segments", ours}, {"per_scheduler", counts(c.ourPerScheduler)}, {"host_segments", c.hostSegments}}},
            {"same_count", c.sameCount()},
            {"same_schedulers", c.sameSchedulers()},
            {"same_groups", c.sameGroups()},
            {"agree", c.agree()},
            {"divergence", divergenceJson(c.divergence)},
            {"times_source", c.timesSource},
            {"unknown_lines", c.unknownLines}};
  return j.dump(2) + "\n";
}

}  // namespace segscope::cli
