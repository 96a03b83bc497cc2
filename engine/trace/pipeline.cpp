// Load → passes → segmenter with one trace, and errors turned into user diagnostics.
#include "trace/pipeline.h"

#include <variant>

#include "exec/cuda/driver_api.h"
#include "frontend/file_io.h"
#include "passes/pre_segmenter.h"
#include "scheduler/concretize_reshapes.h"

namespace segscope::trace {
namespace {

// Switches passes off for one run and restores the flags afterwards, whatever happens.
class DisabledPasses {
 public:
  explicit DisabledPasses(const std::vector<std::string>& names) {
    for (const std::string& n : names)
      if (const passes::Pass* p = passes::findPass(n)) {
        restore_.emplace_back(p, p->enabled());
        p->setEnabledFlag(false);
      }
  }
  ~DisabledPasses() {
    for (auto& [p, on] : restore_) p->setEnabledFlag(on);
  }
  DisabledPasses(const DisabledPasses&) = delete;
  DisabledPasses& operator=(const DisabledPasses&) = delete;

 private:
  std::vector<std::pair<const passes::Pass*, bool>> restore_;
};

PipelineError optionError(const std::string& file, std::string message) {
  PipelineError e;
  e.diagnostic.file = file;
  e.diagnostic.message = std::move(message);
  return e;
}

Step loadStep(const ir::Fusion& fusion, const std::string& file) {
  Step load;
  load.kind = StepKind::Load;
  load.name = "load";
  load.phase = "load";
  load.modified = true;
  load.after = snapshotOf(fusion);
  load.exprsAfter = static_cast<int>(fusion.exprs().size());
  load.log.push_back("loaded " + fusion.name() + " from " + file);
  return load;
}

// Forwards every step to the trace and tells the progress callback where the pipeline is.
class ProgressRecorder final : public Recorder {
 public:
  ProgressRecorder(Trace& trace, const std::function<void(const PipelineProgress&)>& onProgress)
      : trace_(trace), onProgress_(onProgress) {}
  void record(Step step) override {
    PipelineProgress p;
    p.stage = step.kind == StepKind::Pass ? "pass " + step.name : "segmenter: " + step.phase;
    p.exprs = step.exprsAfter;
    trace_.record(std::move(step));
    p.steps = trace_.size();
    if (onProgress_) onProgress_(p);
  }

 private:
  Trace& trace_;
  const std::function<void(const PipelineProgress&)>& onProgress_;
};

}  // namespace

std::variant<PipelineRun, PipelineError> runPipeline(const std::string& file, const std::string& source,
                                                     const PipelineOptions& options) {
  // "detected" reads the GPU's own figures (DESIGN §6); the built-ins need no GPU.
  const auto profile = options.profile == "detected" ? exec::cuda::detectDeviceProfile() : scheduler::profileByName(options.profile);
  if (!profile)
    return optionError(file, options.profile == "detected"
                                 ? "cannot use the 'detected' profile: " + exec::cuda::noDeviceMessage(exec::cuda::driverStatus())
                                 : "unknown device profile '" + options.profile + "'");
  for (const std::string& n : options.disabledPasses)
    if (!passes::findPass(n)) return optionError(file, "unknown pass '" + n + "'");
  if (options.onProgress) options.onProgress({"parsing", 0, 0});
  frontend::ParseOptions parse;
  parse.fileName = file;
  frontend::ParseOutcome outcome = frontend::parseScript(source, parse);
  if (!outcome.ok()) return PipelineError{outcome.error, true};

  PipelineRun run;
  run.file = file;
  run.source = source;
  run.script = std::move(*outcome.script);
  run.profile = *profile;
  run.trace.source = file;
  run.trace.profile = profile->name;
  run.trace.record(loadStep(*run.script.fusion, file));
  run.loaded = run.trace.steps().back().after->fusion;
  ProgressRecorder recorder(run.trace, options.onProgress);
  // Concretize, as nvFuser does with the run-time inputs before its passes: a reshape's splits
  // and merges (hence whether it is a view, and how it maps dims) follow from the real sizes.
  scheduler::concretizeReshapes(*run.script.fusion, run.script.inputs);
  if (options.runPasses) {
    const DisabledPasses off(options.disabledPasses);
    passes::runPreSegmenter(*run.script.fusion, &recorder);
  }
  auto result = segmenter::segmentFusion(*run.script.fusion, run.script.inputs, *profile, options.segmenter, recorder);
  if (!result) return PipelineError{makeDiagnostic(result.error(), file, source), false};
  run.result = std::move(result.value());
  return run;
}

std::variant<PipelineRun, PipelineError> runPipelineOnFile(const std::string& file, const PipelineOptions& options) {
  auto text = frontend::readTextFile(file);
  if (!text) return optionError(file, text.error().message);
  return runPipeline(file, text.value(), options);
}

}  // namespace segscope::trace
