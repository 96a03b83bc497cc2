// `run`: the fusion on the CPU reference as a whole, or segmented (--verify, --chrome-trace, --backend cuda)
// through pipeline::runSegmented, with the per-segment table and output summaries.
#include "cli/commands/commands.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "cli/commands/common.h"
#include "cli/report.h"
#include "exec/cpu_reference.h"
#include "exec/input_generator.h"
#include "pipeline/run_stage.h"
#include "support/file_io.h"
#include "support/statistics.h"
#include "support/text.h"

namespace segscope::cli {
namespace {

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

// Writes --json and --chrome-trace (both atomically); false after a message when one fails.
bool writeRunExports(const Arguments& args, const frontend::Script& script, const std::string& fusionName,
                     const RunSummary& summary) {
  Status st = writeOutput(args.value("--json"), runJson(script, args.file, summary));
  if (st && summary.segmented) st = writeOutput(args.value("--chrome-trace"), chromeTraceJson(fusionName, summary));
  if (!st) std::cerr << "error: " << st.error().message << "\n";
  return st.ok();
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
  s.scheduler = segmenter::schedulerOrKind(seg);
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
int runSegmented(const Arguments& args, RunSummary& summary, const pipeline::CodegenOptions& codegen) {
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
  request.codegen = codegen;
  auto timed = pipeline::runSegmented(*p, request);
  if (!timed) {
    std::cerr << makeDiagnostic(timed.error(), args.file, p->source).format();
    return kRuntimeFailure;
  }
  const segmenter::Segmentation& seg = p->segmentation->segmentation;
  summary.medianMs = timed->medianMs;
  summary.deviceMs = timed->deviceMs;
  summary.hostMs = timed->hostMs;
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
       << summary.medianMs << " ms"
       << (summary.repeat > 1 ? " (median of " + std::to_string(summary.repeat) + ")" : "");
  if (summary.backend == "cuda" && summary.hostMs > 0)
    text << ": " << summary.deviceMs << " ms on the device, " << summary.hostMs << " ms of host segments";
  text << "\n";
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

// --codegen KEY=VALUE, repeatable; "--codegen help" lists the keys. Returns an exit code when
// the command ends here (help, a bad option, options without the CUDA backend).
std::optional<int> parseCodegenOptions(const Arguments& args, const std::string& backend,
                                       pipeline::CodegenOptions& codegen) {
  const std::vector<std::string> settings = args.all("--codegen");
  for (const std::string& s : settings) {
    if (s == "help" || s == "list") {
      std::cout << "code generation options (segscope-cli run FILE --backend cuda --codegen KEY=VALUE):\n";
      for (const pipeline::CodegenOptionInfo& o : pipeline::codegenOptionList()) {
        char row[200];
        std::snprintf(row, sizeof row, "  %-36s %-7s %s\n", o.key.c_str(), o.defaultValue.c_str(),
                      o.description.c_str());
        std::cout << row;
      }
      return kOk;
    }
    if (Status st = pipeline::applyCodegenOption(codegen, s); !st) {
      std::cerr << "error: --codegen " << s << ": " << st.error().message << "\n";
      return kBadInput;
    }
  }
  if (!settings.empty() && backend != "cuda") {
    std::cerr << "error: --codegen sets how CUDA kernels are generated; it needs --backend cuda\n";
    return kBadInput;
  }
  return std::nullopt;
}

}  // namespace

int run(const Arguments& args) {
  const std::string backend = args.value("--backend").value_or("cpu");
  if (backend == "cuda") {
    if (!pipeline::cudaDeviceUsable()) {
      std::cerr << "segscope-cli: error: " << pipeline::noCudaDeviceMessage() << "\n";
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
  pipeline::CodegenOptions codegen;
  if (auto code = parseCodegenOptions(args, backend, codegen)) return *code;
  summary.codegen = pipeline::describeCodegen(codegen);
  if (backend == "cuda" || args.has("--verify") || args.value("--chrome-trace"))
    return runSegmented(args, summary, codegen);
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
  printOutputs(f, *outputs, summary, std::cout);
  return writeRunExports(args, *script, f.name(), summary) ? kOk : kRuntimeFailure;
}

}  // namespace segscope::cli
