// The subcommands: load the script (diagnostics on stderr), then report on stdout.
#include "cli/commands.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>

#include "cli/export_torch.h"
#include "cli/graph_export.h"
#include "cli/report.h"
#include "cli/survey.h"
#include "exec/cpu_reference.h"
#include "exec/cuda/driver_api.h"
#include "exec/input_generator.h"
#include "frontend/script.h"
#include "frontend/writer.h"
#include "passes/pre_segmenter.h"
#include "pipeline/pipeline.h"
#include "pipeline/run_stage.h"
#include "regions/region_comparison.h"
#include "regions/regions.h"
#include "scheduler/analysis.h"
#include "scheduler/registry.h"
#include "segmenter/segment_candidate_finder.h"
#include "segmenter/segment_export.h"
#include "support/file_io.h"
#include "support/statistics.h"
#include "support/text.h"
#include "trace/diff.h"
#include "trace/trace.h"
#include "trace/trace_json.h"

namespace segscope::cli {
namespace {

// The pipeline up to `options.stopAfter`, with the diagnostics (and warnings) on stderr;
// nullopt when the script does not load. (Commands that segment use runPipeline below.)
std::optional<pipeline::Session> loadSession(const std::string& file, const pipeline::PipelineOptions& options) {
  auto outcome = pipeline::runPipelineOnFile(file, options);
  if (auto* error = std::get_if<pipeline::PipelineError>(&outcome)) {
    const bool unreadable = error->kind == pipeline::PipelineError::Kind::Unreadable;
    std::cerr << (unreadable ? error->diagnostic.message + "\n" : error->diagnostic.format());
    return std::nullopt;
  }
  auto& session = std::get<pipeline::Session>(outcome);
  for (const Diagnostic& w : session.script.warnings) std::cerr << w.format();
  return std::move(session);
}

pipeline::PipelineOptions upTo(pipeline::Stage stage) {
  pipeline::PipelineOptions options;
  options.stopAfter = stage;
  return options;
}

// The script as loaded and concretized (reshapes take their splits and merges from the
// footer's sizes), before any pass.
std::optional<frontend::Script> load(const std::string& file) {
  auto session = loadSession(file, upTo(pipeline::Stage::Concretize));
  if (!session) return std::nullopt;
  return std::move(session->script);
}

Status writeOutput(const std::optional<std::string>& path, const std::string& contents) {
  if (!path) return {};
  if (*path == "-") {
    std::cout << contents;
    return {};
  }
  return support::writeFileAtomically(*path, contents);
}

std::string shapeText(const std::vector<std::int64_t>& shape) {
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

std::string layoutText(const ir::TensorView* tv) {
  std::string s;
  if (!tv->strideOrder().empty()) {
    bool rowMajor = true;
    for (int i = 0; i < tv->rank(); ++i)
      rowMajor = rowMajor && tv->strideOrder()[static_cast<std::size_t>(i)] == tv->rank() - 1 - i;
    if (!rowMajor) s += "  stride_order=" + shapeText(tv->strideOrder());
  }
  const bool allContiguous = std::all_of(tv->contiguity().begin(), tv->contiguity().end(),
                                         [](const std::optional<bool>& c) { return !c || *c; });
  if (!allContiguous) s += "  non-contiguous";
  return s;
}

int info(const Arguments& args) {
  auto script = load(args.file);
  if (!script) return kBadInput;
  const ir::Fusion& f = *script->fusion;
  const auto exprs = f.exprs();
  std::cout << "fusion " << f.name() << "  (" << args.file << ", " << script->module << " format)\n";
  std::cout << "inputs (" << f.inputs().size() << "):\n";
  for (std::size_t i = 0; i < f.inputs().size(); ++i) {
    const ir::Val* v = f.inputs()[i];
    std::cout << "  " << v->name() << "  " << ir::shortName(v->dtype());
    if (const ir::TensorView* tv = v->asTensor()) {
      std::cout << tv->shapeString() << layoutText(tv);
      if (i < script->inputs.size() && script->inputsFromFooter)
        std::cout << "  footer " << shapeText(script->inputs[i].sizes);
    } else if (i < script->inputs.size() && script->inputs[i].value) {
      std::cout << " scalar  footer " << ir::formatScalarValue(*script->inputs[i].value);
    } else {
      std::cout << " scalar";
    }
    std::cout << "\n";
  }
  std::cout << "outputs (" << f.outputs().size() << "):\n";
  for (const ir::FusionOutput& o : f.outputs()) {
    std::cout << "  " << o.val->name() << "  " << ir::shortName(o.val->dtype()) << o.val->asTensor()->shapeString();
    if (o.aliasOf) std::cout << "  (updates " << o.aliasOf->name() << " in place)";
    std::cout << "\n";
  }
  std::map<std::string, int> ops, dtypes;
  for (const ir::Expr* e : exprs) {
    ++ops[std::string(e->opName())];
    for (const ir::Val* out : e->outputs()) ++dtypes[std::string(ir::shortName(out->dtype()))];
  }
  std::cout << "ops (" << exprs.size() << "):";
  for (const auto& [name, n] : ops) std::cout << " " << name << "×" << n;
  std::cout << "\nresult dtypes:";
  for (const auto& [name, n] : dtypes) std::cout << " " << name << "×" << n;
  std::cout << "\n";
  if (auto st = writeOutput(args.value("--json"), infoJson(*script, args.file)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

OutputSummary summarize(const std::string& name, const exec::Value& value) {
  OutputSummary s;
  s.name = name;
  if (const auto* t = std::get_if<exec::HostTensor>(&value)) {
    s.dtype = std::string(ir::shortName(t->dtype()));
    s.shape = t->sizes();
    bool first = true;
    for (std::int64_t i = 0; i < t->numel(); ++i) {
      const double v = t->get(i);
      if (!std::isfinite(v)) {
        ++s.nonFinite;
        continue;
      }
      s.sum += v;
      s.absSum += std::abs(v);
      s.min = first ? v : std::min(s.min, v);
      s.max = first ? v : std::max(s.max, v);
      first = false;
    }
  } else {
    const double v = ir::scalarAsDouble(std::get<ir::ScalarValue>(value));
    s.dtype = "scalar";
    s.sum = s.min = s.max = v;
    s.absSum = std::abs(v);
  }
  return s;
}

int runSegmented(const Arguments& args, RunSummary& summary);

// Writes --json and --chrome-trace (both atomically); false after a message when one fails.
bool writeRunExports(const Arguments& args, const frontend::Script& script, const std::string& fusionName,
                     const RunSummary& summary) {
  Status st = writeOutput(args.value("--json"), runJson(script, args.file, summary));
  if (st && summary.segmented) st = writeOutput(args.value("--chrome-trace"), chromeTraceJson(fusionName, summary));
  if (!st) std::cerr << "error: " << st.error().message << "\n";
  return st.ok();
}

int run(const Arguments& args) {
  const std::string backend = args.value("--backend").value_or("cpu");
  if (backend == "cuda") {
    const exec::cuda::DriverStatus& driver = exec::cuda::driverStatus();
    if (!driver.usable()) {
      std::cerr << "segscope-cli: error: " << exec::cuda::noDeviceMessage(driver) << "\n";
      return kBadInput;
    }
  } else if (backend != "cpu") {
    std::cerr << "error: unknown backend '" << backend << "' (backends: cpu, cuda)\n";
    return kBadInput;
  }
  RunSummary summary;
  summary.backend = backend;
  try {
    summary.seed = std::stoull(args.value("--seed").value_or("0"));
    summary.repeat = std::stoi(args.value("--repeat").value_or(backend == "cuda" ? "10" : "1"));
    summary.warmup = std::stoi(args.value("--warmup").value_or(backend == "cuda" ? "3" : "0"));
  } catch (const std::exception&) {
    std::cerr << "error: --seed, --repeat and --warmup need non-negative integers\n";
    return kBadInput;
  }
  if (summary.repeat < 1) {
    std::cerr << "error: --repeat must be at least 1\n";
    return kBadInput;
  }
  if (summary.warmup < 0) {
    std::cerr << "error: --warmup must not be negative\n";
    return kBadInput;
  }
  if (backend == "cuda" || args.has("--verify") || args.value("--chrome-trace")) return runSegmented(args, summary);
  auto script = load(args.file);
  if (!script) return kBadInput;
  auto inputs = exec::makeInputs(script->inputs, summary.seed);
  if (!inputs) {
    std::cerr << args.file << ": error: " << inputs.error().message << "\n";
    return kRuntimeFailure;
  }
  std::vector<double> times;
  std::optional<std::vector<exec::Value>> outputs;
  for (int r = 0; r < summary.repeat; ++r) {
    const auto start = std::chrono::steady_clock::now();
    auto result = exec::runReference(*script->fusion, inputs.value());
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    if (!result) {
      auto source = support::readTextFile(args.file);
      std::cerr << makeDiagnostic(result.error(), args.file, source ? source.value() : std::string()).format();
      return kRuntimeFailure;
    }
    outputs = std::move(result.value());
  }
  summary.medianMs = support::median(times);
  const ir::Fusion& f = *script->fusion;
  std::cout << "ran " << f.name() << " on the cpu reference (seed " << summary.seed << "): " << f.exprs().size()
            << " ops in " << summary.medianMs << " ms"
            << (summary.repeat > 1 ? " (median of " + std::to_string(summary.repeat) + ")" : "") << "\n";
  for (std::size_t i = 0; i < outputs->size(); ++i) {
    OutputSummary s = summarize(f.outputs()[i].val->name(), (*outputs)[i]);
    char line[256];
    std::snprintf(line, sizeof line, "  %-8s %-5s %-22s sum=%.6g  abs_sum=%.6g  min=%.6g  max=%.6g", s.name.c_str(),
                  s.dtype.c_str(), shapeText(s.shape).c_str(), s.sum, s.absSum, s.min, s.max);
    std::cout << line;
    if (s.nonFinite) std::cout << "  non-finite=" << s.nonFinite;
    std::cout << "\n";
    summary.outputs.push_back(std::move(s));
  }
  return writeRunExports(args, *script, f.name(), summary) ? kOk : kRuntimeFailure;
}

// --disable-pass NAME...: this run's pass selection; nullopt (after a message) when a name is unknown.
std::optional<passes::PassSelection> passSelection(const Arguments& args) {
  passes::PassSelection selection;
  for (const std::string& name : args.all("--disable-pass")) {
    if (!passes::findPass(name)) {
      std::cerr << "segscope-cli: error: unknown pass '" << name << "'; passes are: " << passes::passNames() << "\n";
      return std::nullopt;
    }
    selection.disabled.insert(name);
  }
  return selection;
}

// The load step and one step per pre-segmentation pass, through the pipeline.
std::optional<pipeline::Session> loadThroughPasses(const Arguments& args) {
  auto selection = passSelection(args);
  if (!selection) return std::nullopt;
  pipeline::PipelineOptions options = upTo(pipeline::Stage::PreSegmenter);
  options.passes = std::move(*selection);
  options.runPasses = !args.has("--no-passes");
  return loadSession(args.file, options);
}

int runPasses(const Arguments& args) {
  auto session = loadThroughPasses(args);
  if (!session) return kBadInput;
  const trace::Trace& t = *session->trace;
  std::printf("%-44s %-9s %-16s %s\n", "pass", "modified", "ops", "time");
  for (const trace::Step& s : t.steps()) {
    if (s.kind != trace::StepKind::Pass) continue;
    const std::string ops = std::to_string(s.exprsBefore) + " -> " + std::to_string(s.exprsAfter);
    std::printf("%-44s %-9s %-16s %.3f ms\n", s.name.c_str(), s.skipped ? "disabled" : (s.modified ? "yes" : "no"),
                ops.c_str(), s.milliseconds);
    for (const std::string& line : s.log)
      if (!s.skipped) std::printf("    %s\n", line.c_str());
    if (args.has("--diff") && s.modified && s.before && s.after) {
      std::string text = trace::diff(*s.before->fusion, *s.after->fusion).toText();
      for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t nl = text.find('\n', pos);
        std::printf("      %s\n", text.substr(pos, nl - pos).c_str());
        pos = nl == std::string::npos ? text.size() : nl + 1;
      }
    }
  }
  for (const trace::Step& s : t.steps())
    if (!s.verifyError.empty()) {
      std::cerr << args.file << ": error: verify failed after " << s.name << ": " << s.verifyError << "\n";
      return kRuntimeFailure;
    }
  if (auto st = writeOutput(args.value("--json"), passesJson(t, args.file)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

// Load, passes (unless --no-passes) and segmentation through the engine's pipeline (the GUI
// runs the same one), every step recorded in the run's trace.
using Pipeline = pipeline::Session;

std::optional<Pipeline> runPipeline(const Arguments& args, int& exitCode) {
  exitCode = kBadInput;
  pipeline::PipelineOptions options;
  options.profile = args.value("--profile").value_or("h100");
  if (options.profile != "detected" && !scheduler::profileByName(options.profile)) {
    std::cerr << "segscope-cli: error: unknown profile '" << options.profile << "'; profiles are:";
    for (const scheduler::DeviceProfile& p : scheduler::builtinProfiles()) std::cerr << " " << p.name;
    std::cerr << " detected\n";
    return std::nullopt;
  }
  const std::string mode = args.value("--scalar-mode").value_or("host_segment");
  if (!segmenter::scalarModeFromName(mode, options.segmenter.scalarMode)) {
    std::cerr << "segscope-cli: error: unknown scalar mode '" << mode << "'; modes are: host_segment duplicate\n";
    return std::nullopt;
  }
  auto selection = passSelection(args);
  if (!selection) return std::nullopt;
  options.passes = std::move(*selection);
  options.runPasses = !args.has("--no-passes");
  auto outcome = pipeline::runPipelineOnFile(args.file, options);
  if (auto* error = std::get_if<pipeline::PipelineError>(&outcome)) {
    std::cerr << (error->diagnostic.loc.known() ? error->diagnostic.format()
                                                : "segscope-cli: error: " + error->diagnostic.message + "\n");
    exitCode = error->badInput() ? kBadInput : kRuntimeFailure;
    return std::nullopt;
  }
  Pipeline p = std::move(std::get<Pipeline>(outcome));
  for (const Diagnostic& w : p.script.warnings) std::cerr << w.format();
  exitCode = kOk;
  return p;
}

std::vector<std::int64_t> edgeBytes(const Pipeline& p) {
  std::vector<std::int64_t> bytes;
  auto rt = scheduler::RuntimeInfo::bind(*p.segmentation->fusion, p.script.inputs);
  for (const segmenter::SegmentEdge& e : p.segmentation->segmentation.edges)
    bytes.push_back(rt ? rt.value().numel(e.val) * ir::byteSize(e.val->dtype()) : 0);
  return bytes;
}

int segment(const Arguments& args) {
  if (const auto view = args.value("--view");
      view && *view != "segments" && *view != "collapsed" && *view != "fusion") {
    std::cerr << "segscope-cli: error: unknown view '" << *view << "'; views are: segments collapsed fusion\n";
    return kBadInput;
  }
  int code = kOk;
  auto p = runPipeline(args, code);
  if (!p) return code;
  const segmenter::Segmentation& seg = p->segmentation->segmentation;
  int attempts = 0, refused = 0;
  for (const trace::Step& s : p->trace->steps())
    if (s.merge && s.phase != "whole_fusion") {
      ++attempts;
      refused += s.merge->ok() ? 0 : 1;
    }
  if (args.value("--json") != std::optional<std::string>("-")) {  // JSON on stdout stands alone
    std::printf("%s: %zu segment%s on %s (%s scalars), %d merge attempts (%d refused), %.1f ms\n",
                p->segmentation->fusion->name().c_str(), seg.segments.size(), seg.segments.size() == 1 ? "" : "s",
                p->profile->name.c_str(), std::string(segmenter::scalarModeName(seg.scalarMode)).c_str(), attempts,
                refused, p->segmentation->milliseconds);
    for (const segmenter::Segment& s : seg.segments) {
      std::string outs;
      for (const ir::Val* v : s.outputs) outs += (outs.empty() ? "" : ", ") + v->name();
      std::printf("  segment %-3d %-24s %s%3zu exprs  -> %s\n", s.id,
                  std::string(scheduler::schedulerName(s.scheduler)).c_str(), s.host ? "host " : "     ",
                  s.exprs.size(), outs.c_str());
    }
  }
  if (auto st = writeOutput(args.value("--json"), segmentJson(seg, p->profile->name, edgeBytes(*p), p->trace->size()));
      !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  if (args.value("--svg") || args.value("--dot")) {
    const Status st =
        exportSegmentGraph(*p, args.value("--svg"), args.value("--dot"), args.value("--view").value_or("segments"));
    if (!st) {
      std::cerr << "segscope-cli: error: " << st.error().message << "\n";
      return graphExportAvailable() ? kRuntimeFailure : kBadInput;
    }
  }
  return kOk;
}

std::string idList(const std::vector<int>& ids) {
  if (ids.empty()) return "-";
  std::string s;
  for (int id : ids) s += (s.empty() ? "" : ",") + std::to_string(id);
  return s;
}

// Names, at most `limit` of them, then "(+N more)": a region can have hundreds of inputs.
std::string valList(const std::vector<const ir::Val*>& vals, std::size_t limit = 8) {
  std::string s;
  for (std::size_t i = 0; i < vals.size() && i < limit; ++i) s += (s.empty() ? "" : " ") + vals[i]->name();
  if (vals.size() > limit) s += " (+" + std::to_string(vals.size() - limit) + " more)";
  return s.empty() ? "-" : s;
}

void printRegions(const regions::RegionAnalysis& a, const std::vector<regions::RegionComparison>& cmp,
                  std::size_t segments) {
  std::printf(
      "%s: %zu region%s on %s (%.0f GB/s): %s cross region boundaries, %s; the segmentation has %zu segment%s\n",
      a.fusion->name().c_str(), a.regions.size(), a.regions.size() == 1 ? "" : "s", a.profile.c_str(),
      a.dramBandwidthGBps, support::exactBytesText(a.totalBytes).c_str(), support::durationText(a.totalCostMs).c_str(),
      segments, segments == 1 ? "" : "s");
  if (a.regions.empty()) return;
  std::printf("  %-6s %4s  %-12s %-10s %-13s %-12s %s\n", "region", "ops", "bytes", "cost", "kept on chip", "segments",
              "splits");
  for (std::size_t i = 0; i < a.regions.size(); ++i) {
    const regions::Region& r = a.regions[i];
    const regions::RegionComparison& c = cmp[i];
    std::printf("  %-6d %4zu  %-12s %-10s %-13s %-12s %s\n", r.id, r.members.size(),
                support::exactBytesText(r.bytes).c_str(), support::durationText(r.costMs).c_str(),
                support::exactBytesText(c.bytesKeptOnChip).c_str(), idList(c.segments).c_str(),
                idList(c.splits).c_str());
    std::printf("         reads %s; writes %s\n", valList(r.inputs).c_str(), valList(r.outputs).c_str());
  }
}

// Regions of the fusion the segmenter produced, so members and segments share expr ids.
int regionsCommand(const Arguments& args) {
  int code = kOk;
  auto p = runPipeline(args, code);
  if (!p) return code;
  auto regions = p->finalRegions();
  if (!regions) {
    std::cerr << args.file << ": error: " << regions.error().message << "\n";
    return kRuntimeFailure;
  }
  const regions::RegionAnalysis& analysis = *regions->analysis;
  const auto& comparisons = regions->comparisons;
  if (args.value("--json") != std::optional<std::string>("-"))  // JSON on stdout stands alone
    printRegions(analysis, comparisons, p->segmentation->segmentation.segments.size());
  if (auto st = writeOutput(args.value("--json"), regionsJson(analysis, comparisons)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

void printOutputs(const ir::Fusion& f, const std::vector<exec::Value>& outputs, RunSummary& summary,
                  std::ostream& text) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    OutputSummary s = summarize(f.outputs()[i].val->name(), outputs[i]);
    char line[256];
    std::snprintf(line, sizeof line, "  %-8s %-5s %-22s sum=%.6g  abs_sum=%.6g  min=%.6g  max=%.6g", s.name.c_str(),
                  s.dtype.c_str(), shapeText(s.shape).c_str(), s.sum, s.absSum, s.min, s.max);
    text << line;
    if (s.nonFinite) text << "  non-finite=" << s.nonFinite;
    text << "\n";
    summary.outputs.push_back(std::move(s));
  }
}

// One segment of a timed run (either backend) as the run report has it.
SegmentRunSummary summarizeSegment(const segmenter::Segment& seg, const exec::SegmentTiming& t) {
  const exec::SegmentSamples& x = t.samples;
  SegmentRunSummary s;
  s.id = seg.id;
  s.scheduler = std::string(scheduler::schedulerName(seg.scheduler));
  s.host = seg.host;
  s.milliseconds = t.medianMs;
  s.minMilliseconds = t.minMs;
  s.timedRuns = t.timedRuns;
  s.bytesIn = x.bytesIn;
  s.bytesOut = x.bytesOut;
  s.gbps = t.gbps;
  s.percentOfPeak = t.percentOfPeak;
  for (const auto& [name, value] : x.hostScalars) s.hostScalars.emplace_back(name, ir::formatScalarValue(value));
  for (const auto& [name, value] : x.scalarArgs) s.scalarArgs.emplace_back(name, ir::formatScalarValue(value));
  s.execution = x.execution;
  s.fused = x.fused;
  s.note = x.note;
  s.compileMilliseconds = x.compileMilliseconds;
  for (const exec::LaunchRecord& k : x.kernels) {
    KernelLaunchSummary l;
    l.name = k.name;
    std::copy(std::begin(k.grid), std::end(k.grid), l.grid);
    std::copy(std::begin(k.block), std::end(k.block), l.block);
    l.sharedBytes = k.sharedBytes;
    l.unfused = k.unfused;
    s.kernels.push_back(std::move(l));
  }
  return s;
}

void printSegmentTable(const RunSummary& summary, std::ostream& text) {
  for (const SegmentRunSummary& s : summary.segments) {
    char row[320];
    std::snprintf(row, sizeof row, "  segment %-3d %-24s %-8s %9.4f ms (min %.4f)  in %-10s out %-10s %8.1f GB/s", s.id,
                  s.scheduler.c_str(), s.execution.c_str(), s.milliseconds, s.minMilliseconds,
                  support::exactBytesText(s.bytesIn).c_str(), support::exactBytesText(s.bytesOut).c_str(), s.gbps);
    text << row;
    if (s.percentOfPeak >= 0) {
      std::snprintf(row, sizeof row, "  %5.1f%% of %.0f GB/s", s.percentOfPeak, summary.dramBandwidthGBps);
      text << row;
    }
    text << "\n";
    for (const KernelLaunchSummary& k : s.kernels) {
      std::snprintf(
          row, sizeof row, "      launch %s grid [%lld, %lld, %lld] block [%lld, %lld, %lld] shared %lld B%s\n",
          k.name.c_str(), static_cast<long long>(k.grid[0]), static_cast<long long>(k.grid[1]),
          static_cast<long long>(k.grid[2]), static_cast<long long>(k.block[0]), static_cast<long long>(k.block[1]),
          static_cast<long long>(k.block[2]), static_cast<long long>(k.sharedBytes), k.unfused ? " (unfused)" : "");
      text << row;
    }
    if (!s.note.empty()) text << "      note: " << s.note << "\n";
    for (const auto& [name, value] : s.hostScalars) text << "      " << name << " = " << value << "  (host scalar)\n";
    for (const auto& [name, value] : s.scalarArgs)
      text << "      " << name << " = " << value << "  (kernel argument)\n";
  }
}

// run --verify / --chrome-trace / --backend cuda: segment, run segment by segment (on the CPU
// reference or the GPU), and with --verify compare with the unsegmented reference run of the
// fusion as loaded (before the passes), so the passes are checked too.
int runSegmented(const Arguments& args, RunSummary& summary) {
  Arguments effective = args;
  if (summary.backend == "cuda" && !args.value("--profile")) effective.values["--profile"] = "detected";
  int code = kOk;
  auto p = runPipeline(effective, code);
  if (!p) return code;
  pipeline::RunRequest request;
  request.backend = summary.backend;
  request.seed = summary.seed;
  request.counts = {summary.warmup, summary.repeat};
  request.verify = args.has("--verify");
  auto timed = pipeline::runSegmented(*p, request);
  if (!timed) {
    std::cerr << makeDiagnostic(timed.error(), args.file, p->source).format();
    return kRuntimeFailure;
  }
  const segmenter::Segmentation& seg = p->segmentation->segmentation;
  summary.medianMs = timed->medianMs;
  summary.device = timed->backend.device;
  summary.dramBandwidthGBps = timed->backend.dramBandwidthGBps;
  for (const exec::SegmentTiming& t : timed->segments)
    summary.segments.push_back(summarizeSegment(seg.segments[static_cast<std::size_t>(t.segment())], t));
  summary.segmented = true;
  summary.scalarMode = std::string(segmenter::scalarModeName(seg.scalarMode));
  const ir::Fusion& f = *p->loaded;
  // JSON on stdout stands alone; the table then goes to stderr.
  const bool jsonOnStdout = args.value("--json") == std::optional<std::string>("-") ||
                            args.value("--chrome-trace") == std::optional<std::string>("-");
  std::ostream& text = jsonOnStdout ? std::cerr : std::cout;
  const std::string where = summary.backend == "cuda" ? summary.device : std::string("the cpu reference");
  text << "ran " << f.name() << " as " << seg.segments.size() << " segment" << (seg.segments.size() == 1 ? "" : "s")
       << " on " << where << " (seed " << summary.seed << ", " << summary.scalarMode << " scalars) in "
       << summary.medianMs << " ms" << (summary.repeat > 1 ? " (median of " + std::to_string(summary.repeat) + ")" : "")
       << "\n";
  printSegmentTable(summary, text);
  printOutputs(f, timed->outputs, summary, text);
  bool ok = true;
  if (timed->comparison) {
    const exec::Comparison& cmp = *timed->comparison;
    summary.verified = true;
    summary.verifyOk = ok = cmp.ok;
    summary.maxAbsError = cmp.maxAbsError;
    summary.verifyMessage = cmp.message;
    if (cmp.ok)
      text << "verify: ok, segmented outputs match the unsegmented reference (max abs error " << cmp.maxAbsError
           << ")\n";
    else
      std::cerr << args.file << ": error: verification failed: " << cmp.message << "\n";
  }
  if (!writeRunExports(args, p->script, f.name(), summary)) return kRuntimeFailure;
  return ok ? kOk : kRuntimeFailure;
}

int exportSegments(const Arguments& args) {
  const auto dir = args.value("--dir");
  if (!dir) {
    std::cerr << "segscope-cli: error: export-segments needs --dir OUT\n";
    return kBadInput;
  }
  int code = kOk;
  auto p = runPipeline(args, code);
  if (!p) return code;
  segmenter::ExportOptions options;
  options.fusionInputs = &p->script.inputs;
  auto exports = segmenter::exportAllSegments(p->segmentation->segmentation, options);
  if (!exports) {
    std::cerr << args.file << ": error: " << exports.error().message << "\n";
    return kRuntimeFailure;
  }
  std::error_code ec;
  std::filesystem::create_directories(*dir, ec);
  if (ec) {
    std::cerr << "error: cannot create " << *dir << ": " << ec.message() << "\n";
    return kRuntimeFailure;
  }
  const std::filesystem::path out(*dir);
  for (const segmenter::SegmentExport& x : exports.value()) {
    if (auto st = writeOutput((out / segmentScriptFileName(x.segment)).string(), x.script); !st) {
      std::cerr << "error: " << st.error().message << "\n";
      return kRuntimeFailure;
    }
  }
  const std::string maps = segmentIndexMapsJson(exports.value(), *p->segmentation->fusion, args.file);
  if (auto st = writeOutput((out / "index_maps.json").string(), maps); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  std::cout << "wrote " << exports->size() << " segment scripts and index_maps.json to " << *dir << "\n";
  return kOk;
}

int writeTrace(const Arguments& args) {
  int code = kOk;
  auto p = runPipeline(args, code);
  if (!p) return code;
  const trace::Trace& t = *p->trace;
  if (auto st = writeOutput(args.value("--json"), trace::traceToJson(t)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  if (const auto dir = args.value("--svg-dir")) {
    auto written = exportStepSvgs(*p, *dir);
    if (!written) {
      std::cerr << "segscope-cli: error: " << written.error().message << "\n";
      return graphExportAvailable() ? kRuntimeFailure : kBadInput;
    }
    std::cerr << "drew " << written.value() << " steps into " << *dir << "\n";
  }
  std::cerr << "recorded " << t.size() << " steps (" << t.modifyingSteps().size() << " changed the fusion)\n";
  return kOk;
}

int schedule(const Arguments& args) {
  const std::string profileName = args.value("--profile").value_or("h100");
  const auto profile = scheduler::profileByName(profileName);
  if (!profile) {
    std::cerr << "segscope-cli: error: unknown profile '" << profileName << "'; profiles are:";
    for (const scheduler::DeviceProfile& p : scheduler::builtinProfiles()) std::cerr << " " << p.name;
    std::cerr << "\n";
    return kBadInput;
  }
  auto session = loadThroughPasses(args);
  if (!session) return kBadInput;
  const frontend::Script* script = &session->script;
  auto runtime = scheduler::RuntimeInfo::bind(*script->fusion, script->inputs);
  if (!runtime) {
    std::cerr << args.file << ": error: " << runtime.error().message << "\n";
    return kRuntimeFailure;
  }
  const scheduler::Proposal proposal =
      scheduler::proposeHeuristics(scheduler::SegmentView::whole(*script->fusion), runtime.value(), *profile);
  std::cout << script->fusion->name() << " (" << script->fusion->exprs().size() << " ops) on " << profile->name << ": "
            << (proposal.accepted == scheduler::SchedulerType::None
                    ? std::string("no scheduler takes the whole fusion; the segmenter must split it")
                    : "one " + std::string(scheduler::schedulerName(proposal.accepted)) + " kernel")
            << "\n";
  for (const scheduler::SchedulerVerdict& v : proposal.verdicts) {
    const std::string name(scheduler::schedulerName(v.type));
    const char* outcome = v.verdict.ok ? "accepts" : (v.compileTimeOnly ? "refuses" : "refuses at run time");
    std::printf("  %-24s %-20s %s\n", name.c_str(), outcome, v.verdict.reason.c_str());
  }
  if (auto st = writeOutput(args.value("--json"), scheduleJson(proposal, profile->name, args.file)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

int printIr(const Arguments& args) {
  auto session = loadSession(
      args.file, upTo(args.has("--after-passes") ? pipeline::Stage::PreSegmenter : pipeline::Stage::Concretize));
  if (!session) return kBadInput;
  std::cout << session->script.fusion->print();
  return kOk;
}

int printScript(const Arguments& args) {
  auto script = load(args.file);
  if (!script) return kBadInput;
  frontend::WriteOptions options;
  options.header = script->header;
  const std::string text = frontend::writeScript(*script->fusion, script->inputs, options);
  const auto out = args.value("--out");
  if (!out) {
    std::cout << text;
    return kOk;
  }
  if (auto st = writeOutput(out, text); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

int exportTorchCommand(const Arguments& args) {
  auto script = load(args.file);
  if (!script) return kBadInput;
  return exportTorch(args, *script);
}

}  // namespace

int runCommand(const Arguments& args) {
  if (args.command == "info") return info(args);
  if (args.command == "run") return run(args);
  if (args.command == "ir") return printIr(args);
  if (args.command == "passes") return runPasses(args);
  if (args.command == "trace") return writeTrace(args);
  if (args.command == "schedule") return schedule(args);
  if (args.command == "segment") return segment(args);
  if (args.command == "export-segments") return exportSegments(args);
  if (args.command == "script") return printScript(args);
  if (args.command == "regions") return regionsCommand(args);
  if (args.command == "export-torch") return exportTorchCommand(args);
  if (args.command == "survey") return survey(args);
  std::cerr << "error: unknown command '" << args.command << "'\n";
  return kBadInput;
}

}  // namespace segscope::cli
