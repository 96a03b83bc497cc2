// `run`: the fusion on the CPU reference as a whole, or segmented (--verify, --chrome-trace, --backend cuda)
// through pipeline::runSegmented, with the per-segment table and output summaries.
#include "cli/commands/commands.h"

#include <cstdio>
#include <iostream>

#include "cli/commands/common.h"
#include "cli/report.h"
#include "pipeline/run_stage.h"
#include "support/text.h"

namespace segscope::cli {
namespace {

// Writes --json and --chrome-trace (both atomically); false after a message when one fails.
bool writeRunExports(const Arguments& args, const frontend::Script& script, const std::string& fusionName,
                     const RunReport& report) {
  Status st = writeOutput(args.value("--json"), runJson(script, args.file, report));
  if (st && report.segmented()) st = writeOutput(args.value("--chrome-trace"), chromeTraceJson(fusionName, report));
  if (!st) std::cerr << "error: " << st.error().message << "\n";
  return st.ok();
}

void printOutputs(const std::vector<pipeline::OutputSummary>& outputs, std::ostream& text) {
  for (const pipeline::OutputSummary& s : outputs) {
    char line[256];
    std::snprintf(line, sizeof line, "  %-8s %-5s %-22s sum=%.6g  abs_sum=%.6g  min=%.6g  max=%.6g", s.name.c_str(),
                  s.dtype.c_str(), shapeText(s.shape).c_str(), s.sum, s.absSum, s.min, s.max);
    text << line;
    if (s.nonFinite) text << "  non-finite=" << s.nonFinite;
    text << "\n";
  }
}

void printLaunches(const exec::SegmentSamples& x, std::ostream& text) {
  char row[320];
  for (const exec::LaunchRecord& k : x.kernels) {
    std::snprintf(row, sizeof row, "      launch %s grid [%lld, %lld, %lld] block [%lld, %lld, %lld] shared %lld B%s\n",
                  k.name.c_str(), static_cast<long long>(k.grid[0]), static_cast<long long>(k.grid[1]),
                  static_cast<long long>(k.grid[2]), static_cast<long long>(k.block[0]),
                  static_cast<long long>(k.block[1]), static_cast<long long>(k.block[2]),
                  static_cast<long long>(k.sharedBytes), k.unfused ? " (unfused)" : "");
    text << row;
  }
}

void printSegmentTable(const RunReport& report, std::ostream& text) {
  for (const exec::SegmentTiming& t : report.timed->segments) {
    const exec::SegmentSamples& x = t.samples;
    const segmenter::Segment& seg = report.segmentation->segments[static_cast<std::size_t>(t.segment())];
    const std::string scheduler = segmenter::schedulerOrKind(seg);
    char row[320];
    std::snprintf(row, sizeof row, "  segment %-3d %-24s %-8s %9.4f ms (min %.4f)  in %-10s out %-10s %8.1f GB/s",
                  seg.id, scheduler.c_str(), x.execution.c_str(), t.medianMs, t.minMs,
                  support::exactBytesText(x.bytesIn).c_str(), support::exactBytesText(x.bytesOut).c_str(), t.gbps);
    text << row;
    if (t.percentOfPeak >= 0) {
      std::snprintf(row, sizeof row, "  %5.1f%% of %.0f GB/s", t.percentOfPeak,
                    report.timed->backend.dramBandwidthGBps);
      text << row;
    }
    text << "\n";
    printLaunches(x, text);
    if (!x.note.empty()) text << "      note: " << x.note << "\n";
    for (const auto& [name, value] : x.hostScalars)
      text << "      " << name << " = " << ir::formatScalarValue(value) << "  (host scalar)\n";
    for (const auto& [name, value] : x.scalarArgs)
      text << "      " << name << " = " << ir::formatScalarValue(value) << "  (kernel argument)\n";
  }
}

// run --verify / --chrome-trace / --backend cuda: segment, run segment by segment (on the CPU
// reference or the GPU), and with --verify compare with the unsegmented reference run of the
// fusion as loaded (before the passes), so the passes are checked too.
int runSegmented(const Arguments& args, const pipeline::RunRequest& request) {
  Arguments effective = args;
  if (request.backend == "cuda" && !args.value("--profile")) effective.values["--profile"] = "detected";
  int code = kOk;
  auto p = sessionFor(effective, code);
  if (!p) return code;
  auto timed = pipeline::runSegmented(*p, request);
  if (!timed) {
    std::cerr << makeDiagnostic(timed.error(), args.file, p->source).format();
    return kRuntimeFailure;
  }
  const segmenter::Segmentation& seg = p->segmentation->segmentation;
  const ir::Fusion& f = *p->loaded;
  RunReport report;
  report.request = request;
  report.medianMs = timed->medianMs;
  report.timed = &timed.value();
  report.segmentation = &seg;
  report.outputs = pipeline::summarizeOutputs(f, timed->outputs);
  // JSON on stdout stands alone; the table then goes to stderr.
  const bool jsonOnStdout = args.value("--json") == std::optional<std::string>("-") ||
                            args.value("--chrome-trace") == std::optional<std::string>("-");
  std::ostream& text = jsonOnStdout ? std::cerr : std::cout;
  const std::string where = request.backend == "cuda" ? timed->backend.device : std::string("the cpu reference");
  const int repeat = request.counts.repeat;
  text << "ran " << f.name() << " as " << seg.segments.size() << " segment" << (seg.segments.size() == 1 ? "" : "s")
       << " on " << where << " (seed " << request.seed << ", " << segmenter::scalarModeName(seg.scalarMode)
       << " scalars) in " << timed->medianMs << " ms"
       << (repeat > 1 ? " (median of " + std::to_string(repeat) + ")" : "");
  if (request.backend == "cuda" && timed->hostMs > 0)
    text << ": " << timed->deviceMs << " ms on the device, " << timed->hostMs << " ms of host segments";
  text << "\n";
  printSegmentTable(report, text);
  printOutputs(report.outputs, text);
  bool ok = true;
  if (timed->comparison) {
    const exec::Comparison& cmp = *timed->comparison;
    ok = cmp.ok;
    if (cmp.ok)
      text << "verify: ok, segmented outputs match the unsegmented reference (max abs error " << cmp.maxAbsError
           << ")\n";
    else
      std::cerr << args.file << ": error: verification failed: " << cmp.message << "\n";
  }
  if (!writeRunExports(args, p->script, f.name(), report)) return kRuntimeFailure;
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

// --backend, --seed, --repeat, --warmup and --codegen as a request the run stage checks; an exit
// code when the command ends here.
std::optional<int> readRunRequest(const Arguments& args, pipeline::RunRequest& request) {
  request.backend = args.value("--backend").value_or("cpu");
  const bool cuda = request.backend == "cuda";
  try {
    request.seed = std::stoull(args.value("--seed").value_or("0"));
    request.counts.repeat = std::stoi(args.value("--repeat").value_or(cuda ? "10" : "1"));
    request.counts.warmup = std::stoi(args.value("--warmup").value_or(cuda ? "3" : "0"));
  } catch (const std::exception&) {
    std::cerr << "error: --seed, --repeat and --warmup need non-negative integers\n";
    return kBadInput;
  }
  if (Status st = pipeline::checkRunRequest(request); !st) {
    std::cerr << "segscope-cli: error: " << st.error().message << "\n";
    return kBadInput;
  }
  request.verify = args.has("--verify");
  return parseCodegenOptions(args, request.backend, request.codegen);
}

}  // namespace

int run(const Arguments& args) {
  pipeline::RunRequest request;
  if (auto code = readRunRequest(args, request)) return *code;
  if (request.backend == "cuda" || args.has("--verify") || args.value("--chrome-trace"))
    return runSegmented(args, request);
  auto session = loadSession(args.file, upTo(pipeline::Stage::Concretize));
  if (!session) return kBadInput;
  auto whole = pipeline::runWholeOnReference(*session, request.seed, request.counts.repeat);
  if (!whole) {
    std::cerr << makeDiagnostic(whole.error(), args.file, session->source).format();
    return kRuntimeFailure;
  }
  const ir::Fusion& f = *session->script.fusion;
  RunReport report;
  report.request = request;
  report.medianMs = whole->medianMs;
  report.outputs = pipeline::summarizeOutputs(f, whole->outputs);
  const int repeat = request.counts.repeat;
  std::cout << "ran " << f.name() << " on the cpu reference (seed " << request.seed << "): " << f.exprs().size()
            << " ops in " << report.medianMs << " ms"
            << (repeat > 1 ? " (median of " + std::to_string(repeat) + ")" : "") << "\n";
  printOutputs(report.outputs, std::cout);
  return writeRunExports(args, session->script, f.name(), report) ? kOk : kRuntimeFailure;
}

}  // namespace segscope::cli
