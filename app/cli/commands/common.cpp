// What the commands share: running the pipeline with its diagnostics on stderr, writing an
// output file or stdout, the pass selection of --disable-pass.
#include "cli/commands/common.h"

#include <algorithm>
#include <iostream>

#include "cli/commands/commands.h"
#include "pipeline/header_device.h"
#include "support/file_io.h"

namespace segscope::cli {

// The pipeline up to `options.stopAfter`, with the diagnostics (and warnings) on stderr;
// nullopt when the script does not load. (Commands that segment use sessionFor below.)
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

// --disable-pass NAME...: this run's pass selection (the pipeline checks the names).
passes::PassSelection passSelection(const Arguments& args) {
  passes::PassSelection selection;
  for (const std::string& name : args.all("--disable-pass")) selection.disabled.insert(name);
  return selection;
}

// --enable OPT / --disable OPT (repeatable, or comma-separated as in NVFUSER_ENABLE=a,b): the
// pipeline checks the names, so a wrong one is reported like any other bad option.
void readNvfuserOptions(const Arguments& args, pipeline::PipelineOptions& options) {
  const auto names = [&](const char* flag) {
    std::vector<std::string> out;
    for (const std::string& value : args.all(flag)) {
      std::size_t start = 0;
      while (start <= value.size()) {
        const std::size_t comma = std::min(value.find(',', start), value.size());
        if (comma > start) out.push_back(value.substr(start, comma - start));
        start = comma + 1;
      }
    }
    return out;
  };
  options.enableOptions = names("--enable");
  options.disableOptions = names("--disable");
}

// The load step and one step per pre-segmentation pass, through the pipeline.
std::optional<pipeline::Session> loadThroughPasses(const Arguments& args) {
  pipeline::PipelineOptions options = upTo(pipeline::Stage::PreSegmenter);
  options.profile = args.value("--profile").value_or(options.profile);
  options.passes = passSelection(args);
  options.runPasses = !args.has("--no-passes");
  readNvfuserOptions(args, options);
  return loadSession(args.file, options);
}

// The script's header names the GPU it ran on; when no --profile was given and that GPU has
// a profile of its own, say that the default one was used and how to match it.
static void noteHeaderDevice(const pipeline::Session& p, const Arguments& args) {
  if (args.value("--profile") || !p.profile) return;
  const auto device = pipeline::headerDevice(p.source);
  if (device && !device->profile.empty() && device->profile != p.profile->name)
    std::cerr << args.file << ": note: the script's header names " << device->gpu << "; segmenting for "
              << p.profile->name << " (the default); --profile " << device->profile << " matches it\n";
}

std::optional<pipeline::Session> sessionFor(const Arguments& args, int& exitCode, bool details,
                                            pipeline::PipelineOptions* used) {
  exitCode = kBadInput;
  pipeline::PipelineOptions options;
  options.profile = args.value("--profile").value_or(options.profile);
  const std::string mode = args.value("--scalar-mode").value_or("host_segment");
  if (!segmenter::scalarModeFromName(mode, options.segmenter.scalarMode)) {
    std::cerr << "segscope-cli: error: unknown scalar mode '" << mode << "'; modes are: host_segment duplicate\n";
    return std::nullopt;
  }
  options.passes = passSelection(args);
  options.runPasses = !args.has("--no-passes");
  readNvfuserOptions(args, options);
  options.recordSnapshots = details;
  options.recordMergeDetails = details;
  if (used) *used = options;
  auto outcome = pipeline::runPipelineOnFile(args.file, options);
  if (auto* error = std::get_if<pipeline::PipelineError>(&outcome)) {
    std::cerr << (error->diagnostic.loc.known() ? error->diagnostic.format()
                                                : "segscope-cli: error: " + error->diagnostic.message + "\n");
    exitCode = error->badInput() ? kBadInput : kRuntimeFailure;
    return std::nullopt;
  }
  pipeline::Session p = std::move(std::get<pipeline::Session>(outcome));
  for (const Diagnostic& w : p.script.warnings) std::cerr << w.format();
  noteHeaderDevice(p, args);
  exitCode = kOk;
  return p;
}

}  // namespace segscope::cli
