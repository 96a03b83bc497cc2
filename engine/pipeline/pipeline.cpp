// The ordered list of stages, each with the reason it sits where it does (read top to bottom,
// as Halide's Lower.cpp reads), and errors turned into the diagnostics users see.
#include "pipeline/pipeline.h"

#include <chrono>

#include "exec/cuda/driver_api.h"
#include "passes/concretize_reshapes.h"
#include "passes/pre_segmenter.h"
#include "pipeline/stage_clock.h"
#include "scheduler/input_sizes.h"
#include "scheduler/runtime_info.h"
#include "scheduler/segment_view.h"
#include "support/file_io.h"
#include "trace/trace_json.h"

namespace segscope::pipeline {
namespace {

PipelineError optionError(const std::string& file, std::string message,
                          PipelineError::Kind kind = PipelineError::Kind::BadOption) {
  PipelineError e;
  e.kind = kind;
  e.diagnostic.file = file;
  e.diagnostic.message = std::move(message);
  return e;
}

trace::Step loadStep(const ir::Fusion& fusion, const std::string& file) {
  trace::Step load;
  load.kind = trace::StepKind::Load;
  load.name = "load";
  load.phase = trace::Phase::Load;
  load.modified = true;
  load.after = trace::snapshotOf(fusion);
  load.exprsAfter = static_cast<int>(fusion.exprs().size());
  load.log.push_back("loaded " + fusion.name() + " from " + file);
  return load;
}

// The concretize stage's step: which reshapes got which sizes (the IR change is on the reshape
// exprs, which a picture of the graph does not show).
trace::Step concretizeStep(const ir::Fusion& fusion, int count, const trace::SnapshotPtr& before, bool snapshot) {
  trace::Step step;
  step.before = before;
  step.kind = trace::StepKind::Concretize;
  step.name = "concretize";
  step.phase = trace::Phase::Concretize;
  step.modified = true;
  if (snapshot) step.after = trace::snapshotOf(fusion);
  step.exprsBefore = step.exprsAfter = static_cast<int>(fusion.exprs().size());
  step.log.push_back(std::to_string(count) + (count == 1 ? " reshape" : " reshapes") +
                     " given the run-time sizes (nvFuser's DynamicTransformConcretizer, csrc/dynamic_transform.cpp)");
  const auto sizes = [](const std::vector<std::int64_t>& v) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
  };
  for (const ir::Expr* e : fusion.exprs())
    if (e->family() == ir::OpFamily::Reshape && !e->attrs().concreteIn.empty())
      step.log.push_back(e->output()->name() + " = reshape(" + e->operand(0)->name() +
                         "): " + sizes(e->attrs().concreteIn) + " -> " + sizes(e->attrs().concreteOut));
  return step;
}

// Forwards every step to the trace and tells the progress callback where the pipeline is.
class ProgressRecorder final : public trace::Recorder {
 public:
  ProgressRecorder(trace::Trace& trace, const std::function<void(const Progress&)>& onProgress, bool snapshots,
                   bool mergeDetails)
      : trace_(trace), onProgress_(onProgress), snapshots_(snapshots), mergeDetails_(mergeDetails) {}
  void record(trace::Step step) override {
    Progress p;
    p.stage = step.kind == trace::StepKind::Pass         ? "pass " + step.name
              : step.kind == trace::StepKind::Concretize ? std::string("concretize")
                                                         : "segmenter: " + std::string(trace::phaseName(step.phase));
    p.exprs = step.exprsAfter;
    trace_.record(std::move(step));
    p.steps = trace_.size();
    if (onProgress_) onProgress_(p);
  }
  bool keepsSnapshots() const override { return snapshots_; }
  bool keepsMergeDetails() const override { return mergeDetails_; }

 private:
  trace::Trace& trace_;
  const std::function<void(const Progress&)>& onProgress_;
  bool snapshots_;
  bool mergeDetails_;
};

// A definition without a usable footer (a python_definition dump) states no sizes: what the
// definition itself fixes replaces the frontend's default extent, each choice said as a warning
// where the frontend warned of the missing footer.
void inferMissingSizes(frontend::Script& script, const std::string& file) {
  if (script.inputsFromFooter || !script.fusion) return;
  scheduler::InferredSizes inferred = scheduler::inferInputSizes(*script.fusion, script.inputs);
  if (inferred.fixed == 0) return;
  script.inputs = std::move(inferred.inputs);
  const SourceLoc at = script.warnings.empty() ? SourceLoc{1, 1} : script.warnings.back().loc;
  for (const std::string& note : inferred.notes) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.file = file;
    d.loc = at;
    d.message = "size from the definition: " + note;
    script.warnings.push_back(std::move(d));
  }
}

// The script's own options, read as nvFuser reads them (python/python_direct/runtime.cpp:276-296):
// a name nvFuser does not have is an error at the name. One that can change the segmentation
// and that Segscope does not model is a warning: the script came from elsewhere, and what it
// shows is still worth seeing, said to be without that option.
Status applyScriptOptions(frontend::Script& script, scheduler::SchedulerOptions& options, const std::string& file,
                          const std::string& source) {
  const auto apply = [&](const frontend::NamedOption& option, bool enable) -> Status {
    const scheduler::OptionEffect effect =
        enable ? scheduler::enableOptionEffect(option.name) : scheduler::disableOptionEffect(option.name);
    const std::string setting = std::string(enable ? "NVFUSER_ENABLE=" : "NVFUSER_DISABLE=") + option.name;
    switch (effect) {
      case scheduler::OptionEffect::Modelled:
        enable ? scheduler::applyEnableOption(options, option.name)
               : scheduler::applyDisableOption(options, option.name);
        return {};
      case scheduler::OptionEffect::NoEffect: return {};
      case scheduler::OptionEffect::Unmodelled:
        script.warnings.push_back(makeDiagnostic(
            makeError(setting + " can change the segmentation, and Segscope does not model it: what follows is "
                                "without it",
                      option.loc),
            file, source, Severity::Warning));
        return {};
      case scheduler::OptionEffect::Unknown:
        return makeError(std::string("nvFuser has no ") + (enable ? "enable" : "disable") + " option '" + option.name +
                             "' (it raises \"Unrecognized " + (enable ? "enable" : "disable") + "_option\")",
                         option.loc);
    }
    return {};
  };
  for (const frontend::NamedOption& option : script.executeOptions.enable)
    if (auto st = apply(option, true); !st) return st;
  for (const frontend::NamedOption& option : script.executeOptions.disable)
    if (auto st = apply(option, false); !st) return st;
  return {};
}

}  // namespace

Result<scheduler::DeviceProfile> resolveProfile(const std::string& name) {
  // "detected" reads the GPU's own figures (DESIGN §6); the built-ins need no GPU.
  if (name == "detected") {
    if (auto detected = exec::cuda::detectDeviceProfile()) return *detected;
    return makeError("cannot use the 'detected' profile: " + exec::cuda::noDeviceMessage(exec::cuda::driverStatus()));
  }
  if (auto builtin = scheduler::profileByName(name)) return *builtin;
  std::string known;
  for (const scheduler::DeviceProfile& p : scheduler::builtinProfiles()) known += p.name + " ";
  return makeError("unknown device profile '" + name + "'; profiles are: " + known + "detected");
}

Result<scheduler::SchedulerOptions> resolveNvfuserOptions(const std::vector<std::string>& enable,
                                                          const std::vector<std::string>& disable) {
  return scheduler::schedulerOptions(enable, disable);
}

std::pair<std::vector<std::string>, std::vector<std::string>> modelledNvfuserOptions() {
  return {scheduler::modelledEnableOptions(), scheduler::modelledDisableOptions()};
}

std::vector<PassInfo> preSegmenterPassList() {
  std::vector<PassInfo> list;
  for (const passes::Pass* p : passes::preSegmenterPasses())
    list.push_back({std::string(p->name()), p->enabled(), std::string(p->description())});
  return list;
}

Result<scheduler::Proposal> wholeFusionProposal(const Session& session) {
  if (!session.script.fusion || !session.profile) return makeError("the session has no fusion to schedule");
  SEGSCOPE_TRY(auto runtime, session.runtimeOf(*session.script.fusion));
  return scheduler::proposeHeuristics(scheduler::SegmentView::whole(*session.script.fusion), *runtime, *session.profile,
                                      session.options);
}

namespace {

// The options' profile and NVFUSER_ENABLE/DISABLE settings, once every name in them is known.
struct CheckedOptions {
  scheduler::DeviceProfile profile;
  scheduler::SchedulerOptions callerOptions;
};

Result<CheckedOptions> resolveOptions(const PipelineOptions& options) {
  SEGSCOPE_TRY(scheduler::DeviceProfile profile, resolveProfile(options.profile));
  if (const auto unknown = passes::firstUnknownPass(options.passes))
    return makeError("unknown pass '" + *unknown + "'; passes are: " + passes::passNames());
  SEGSCOPE_TRY(scheduler::SchedulerOptions callerOptions,
               scheduler::schedulerOptions(options.enableOptions, options.disableOptions));
  return CheckedOptions{std::move(profile), std::move(callerOptions)};
}

}  // namespace

Status checkOptions(const PipelineOptions& options) {
  auto checked = resolveOptions(options);
  if (!checked) return checked.error();
  return {};
}

Outcome runPipeline(const std::string& file, const std::string& source, const PipelineOptions& options) {
  // Options first: a wrong one is the user's mistake, reported before any work is done.
  auto checked = resolveOptions(options);
  if (!checked) return optionError(file, checked.error().message);
  const scheduler::DeviceProfile* profile = &checked->profile;
  segmenter::SegmenterOptions segmenterOptions = options.segmenter;
  for (const std::string& name : scheduler::enabledOptionNames(checked->callerOptions))
    scheduler::applyEnableOption(segmenterOptions.schedulers, name);
  for (const std::string& name : scheduler::disabledOptionNames(checked->callerOptions))
    scheduler::applyDisableOption(segmenterOptions.schedulers, name);

  // Every stage runs between the hooks (stage_clock.h); a stage that fails is closed too.
  StageClock clock(options.stageHooks);
  std::shared_ptr<trace::Trace> trace;
  const auto steps = [&] { return trace ? trace->size() : std::size_t{0}; };
  const auto fail = [&](PipelineError error) -> Outcome {
    clock.close(steps());
    return error;
  };

  // Load: the script becomes a Fusion and its footer the input sizes. Recorded as the first
  // step, so every later step has a "before".
  clock.enter(Stage::Load, steps());
  if (options.onProgress) options.onProgress({"parsing", 0, 0});
  frontend::ParseOptions parse;
  parse.fileName = file;
  frontend::ParseOutcome outcome = frontend::parseScript(source, parse);
  if (!outcome.ok()) return fail(PipelineError{PipelineError::Kind::BadScript, outcome.error});
  Session session;
  session.file = file;
  session.source = source;
  session.script = std::move(*outcome.script);
  inferMissingSizes(session.script, file);
  if (auto st = applyScriptOptions(session.script, segmenterOptions.schedulers, file, source); !st)
    return fail(PipelineError{PipelineError::Kind::BadScript, makeDiagnostic(st.error(), file, source)});
  session.options = segmenterOptions.schedulers;
  session.profile = *profile;
  trace = std::make_shared<trace::Trace>();
  trace->source = file;
  trace->profile = profile->name;
  trace->reserve(2 * session.script.fusion->exprCount() + 64);  // merge attempts: about one per expr
  trace->record(loadStep(*session.script.fusion, file));
  session.loaded = trace->steps().back().after->fusion;
  ProgressRecorder recorder(*trace, options.onProgress, options.recordSnapshots, options.recordMergeDetails);
  const auto finish = [&]() -> Outcome {
    clock.close(steps());
    session.stageRuns = clock.takeRuns();
    session.trace = std::move(trace);
    return std::move(session);
  };
  if (options.stopAfter == Stage::Load) return finish();

  // Concretize, as nvFuser does with the run-time inputs before its passes: a reshape's splits
  // and merges (hence whether it is a view, and how it maps dims) follow from the real sizes.
  // Recorded as a step when it gave some reshape its sizes, so that the timeline says why the
  // fusion the passes start from is not the one loaded.
  clock.enter(Stage::Concretize, steps());
  const auto concretizeStart = std::chrono::steady_clock::now();
  const int concretized = passes::concretizeReshapes(*session.script.fusion, session.script.inputs);
  if (concretized > 0) {
    trace::Step step =
        concretizeStep(*session.script.fusion, concretized, trace->steps().back().after, recorder.keepsSnapshots());
    step.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - concretizeStart).count();
    recorder.record(std::move(step));
  }
  if (options.stopAfter == Stage::Concretize) return finish();

  // PreSegmenter: nvFuser's pass list, in nvFuser's order (passes/pre_segmenter.cpp says why
  // each pass sits where it does), with this run's own selection of passes.
  // Each stage starts from the snapshot the last step took when the fusion is still that one,
  // rather than copying the whole fusion again.
  clock.enter(Stage::PreSegmenter, steps());
  const auto latestSnapshot = [&] { return trace->steps().back().after; };
  // csrc/preseg_passes/pre_segmenter.cpp:71-73: MovePad runs when the resize scheduler is off.
  passes::PassSelection selection = options.passes;
  if (!segmenterOptions.schedulers.resizeScheduler && !selection.disabled.count("move_pad"))
    selection.enabled.insert("move_pad");
  if (options.runPasses)
    passes::runPreSegmenter(*session.script.fusion, &recorder, selection, latestSnapshot(), options.passHooks);
  if (options.stopAfter == Stage::PreSegmenter) return finish();

  // Segment: the whole-fusion try, then the merge phases and finalize
  // (segmenter/segmenter.cpp lists them), every question recorded.
  clock.enter(Stage::Segment, steps());
  auto result = segmenter::segmentFusion(*session.script.fusion, session.script.inputs, *profile, segmenterOptions,
                                         recorder, latestSnapshot());
  if (!result)
    return fail(PipelineError{PipelineError::Kind::Segmenting, makeDiagnostic(result.error(), file, source)});
  session.segmentation = std::make_shared<const segmenter::SegmentationResult>(std::move(result.value()));

  // Regions and the run are not stages run here: Session::regionsOf computes the regions a
  // view asks for, and exec runs a Session's segmentation when the user asks to.
  return finish();
}

Outcome runPipelineOnFile(const std::string& file, const PipelineOptions& options) {
  auto text = support::readTextFile(file);
  if (!text) return optionError(file, text.error().message, PipelineError::Kind::Unreadable);
  return runPipeline(file, text.value(), options);
}

Outcome openSavedTrace(const std::string& file) {
  auto text = support::readTextFile(file);
  if (!text) return optionError(file, text.error().message, PipelineError::Kind::Unreadable);
  auto trace = trace::traceFromJson(text.value());
  if (!trace) return optionError(file, trace.error().message, PipelineError::Kind::BadScript);
  Session session;
  session.file = file;
  // A saved trace names its script; its text and inputs come along when it is still there.
  if (auto source = support::readTextFile(trace->source)) {
    session.source = source.value();
    if (auto parsed = frontend::parseScript(session.source); parsed.ok()) session.script.inputs = parsed.script->inputs;
  }
  session.profile = scheduler::profileByName(trace->profile);
  session.trace = std::make_shared<trace::Trace>(std::move(trace.value()));
  return session;
}

}  // namespace segscope::pipeline
