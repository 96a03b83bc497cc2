// CpuRunner: the CPU reference run segment by segment (values passed on through exec::ValueStore),
// the CPU Backend over it, and the segmented-vs-unsegmented check.
#include "exec/cpu_runner.h"

#include <algorithm>
#include <chrono>
#include <new>
#include <unordered_map>

#include "exec/backend.h"
#include "exec/value_store.h"

namespace segscope::exec {
namespace {

using segmenter::ArgSource;
using segmenter::SegmentExport;

std::int64_t bytesOf(const Value& v) {
  const auto* t = std::get_if<HostTensor>(&v);
  return t ? static_cast<std::int64_t>(t->bytes().size()) : 0;
}

// What one run keeps between segments: the values (exec::ValueStore decides how long), the
// sizes of every tensor seen (extents are read off them after the data is gone), peak figures.
class RunState {
 public:
  RunState(const ir::Fusion& full, const std::vector<Value>& inputs, const std::vector<SegmentExport>& exports)
      : full_(full), inputs_(inputs), values_(full, exports) {
    for (std::size_t i = 0; i < inputs.size(); ++i) recordSizes(full.inputs()[i]->id(), inputs[i]);
  }

  Result<std::vector<Value>> gather(const SegmentExport& x) const {
    std::vector<Value> args;
    args.reserve(x.inputValId.size());
    for (std::size_t i = 0; i < x.inputValId.size(); ++i) {
      SEGSCOPE_TRY(Value v, argument(x, i));
      args.push_back(std::move(v));
    }
    return args;
  }

  /// Stores a segment's outputs that someone still needs; returns the bytes written.
  std::int64_t store(const SegmentExport& x, std::vector<Value>& outputs, SegmentRun& run) {
    std::int64_t bytes = 0;
    for (std::size_t j = 0; j < outputs.size(); ++j) {
      const int id = x.outputValId[j];
      const std::int64_t size = bytesOf(outputs[j]);
      bytes += size;
      recordSizes(id, outputs[j]);
      if (x.host)
        if (const auto* s = std::get_if<ir::ScalarValue>(&outputs[j]))
          run.hostScalars.emplace_back(x.fusion->outputs()[j].val->name(), *s);
      if (!values_.store(id, std::move(outputs[j]))) liveBytes_ += size;
    }
    peakValues_ = std::max(peakValues_, values_.size());
    peakBytes_ = std::max(peakBytes_, liveBytes_);
    return bytes;
  }

  /// Drops the segment's inputs that no later segment reads.
  void release(const SegmentExport& x) {
    for (const Value& dead : values_.release(x)) liveBytes_ -= bytesOf(dead);
  }

  Result<std::vector<Value>> fusionOutputs() const {
    std::vector<Value> out;
    for (const ir::FusionOutput& o : full_.outputs()) {
      SEGSCOPE_TRY(Value v, valueOf(o.val));
      out.push_back(std::move(v));
    }
    return out;
  }

  std::size_t peakValues() const { return peakValues_; }
  std::int64_t peakBytes() const { return peakBytes_; }

 private:
  void recordSizes(int id, const Value& v) {
    if (const auto* t = std::get_if<HostTensor>(&v)) sizes_[id] = t->sizes();
  }

  Result<Value> argument(const SegmentExport& x, std::size_t i) const {
    const int id = x.inputValId[i];
    switch (x.inputSource[i]) {
      case ArgSource::FusionInput: return inputs_.at(static_cast<std::size_t>(x.inputIndex[i]));
      case ArgSource::Segment: {
        if (const Value* v = values_.find(id)) return *v;
        return makeError(segmentName(x) + ": its input " + full_.valById(id)->name() + " (from segment " +
                         std::to_string(x.inputProducer[i]) + ") has not been computed; is the run order wrong?");
      }
      case ArgSource::Extent: return extentValue(static_cast<const ir::Scalar*>(full_.valById(id)));
    }
    return makeError(segmentName(x) + ": unknown argument source");
  }

  // An extent is read off the sizes of the tensor it measures, which outlive the data.
  Result<Value> extentValue(const ir::Scalar* s) const {
    if (const ir::TensorView* t = s->extentOf())
      if (auto it = sizes_.find(t->id()); it != sizes_.end() && s->extentDim() < static_cast<int>(it->second.size()))
        return Value(ir::ScalarValue(it->second[static_cast<std::size_t>(s->extentDim())]));
    for (const ir::Val* v : full_.vals()) {
      const ir::TensorView* t = v->asTensor();
      auto it = t ? sizes_.find(t->id()) : sizes_.end();
      if (it == sizes_.end()) continue;
      for (int d = 0; d < t->rank(); ++d)
        if (t->dim(static_cast<std::size_t>(d)).extent.sym == s)
          return Value(ir::ScalarValue(it->second[static_cast<std::size_t>(d)]));
    }
    return makeError("extent " + s->name() + " measures no tensor whose sizes are known yet");
  }

  Result<Value> valueOf(const ir::Val* v) const {
    const auto& ins = full_.inputs();
    if (auto it = std::find(ins.begin(), ins.end(), v); it != ins.end())
      return inputs_[static_cast<std::size_t>(it - ins.begin())];
    if (const Value* held = values_.find(v->id())) return *held;
    const auto* s = v->isScalar() ? static_cast<const ir::Scalar*>(v) : nullptr;
    if (s && s->isConstant()) return Value(*s->value());
    if (s && s->extentOf()) return extentValue(s);
    return makeError("fusion output " + v->name() + " was not produced by any segment");
  }

  const ir::Fusion& full_;
  const std::vector<Value>& inputs_;
  ValueStore<Value> values_;
  std::unordered_map<int, std::vector<std::int64_t>> sizes_;  // kept after the data is freed
  std::int64_t liveBytes_ = 0;
  std::size_t peakValues_ = 0;
  std::int64_t peakBytes_ = 0;
};

Result<SegmentRun> runOne(const SegmentExport& x, RunState& state, const ReferenceOptions& options) {
  SegmentRun run;
  run.segment = x.segment;
  run.host = x.host;
  SEGSCOPE_TRY(std::vector<Value> args, state.gather(x));
  for (std::size_t i = 0; i < args.size(); ++i)
    if (readsData(x, i)) run.bytesIn += bytesOf(args[i]);
  const auto start = std::chrono::steady_clock::now();
  auto outputs = runReference(*x.fusion, args, options);
  run.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!outputs) return makeError(segmentName(x) + ": " + outputs.error().message, outputs.error().loc);
  args.clear();  // the segment's own copies of its inputs
  run.bytesOut = state.store(x, outputs.value(), run);
  state.release(x);
  return run;
}

}  // namespace

Result<CpuRunner> CpuRunner::create(const segmenter::Segmentation& segmentation) {
  CpuRunner runner(segmentation);
  segmenter::ExportOptions options;
  options.writeScript = false;  // the runner needs only the fusions
  SEGSCOPE_TRY(runner.exports_, segmenter::exportAllSegments(segmentation, options));
  return runner;
}

Result<SegmentedRun> CpuRunner::run(const std::vector<Value>& inputs, const ReferenceOptions& options,
                                    RunControl* control) const {
  try {
    return runAll(inputs, options, control);
  } catch (const std::bad_alloc&) {  // copies between segments, as the reference does
    return makeError("out of memory while passing values between segments");
  }
}

Result<SegmentedRun> CpuRunner::runAll(const std::vector<Value>& inputs, const ReferenceOptions& options,
                                       RunControl* control) const {
  const ir::Fusion& full = *segmentation_->fusion;
  if (inputs.size() != full.inputs().size())
    return makeError("the fusion takes " + std::to_string(full.inputs().size()) + " inputs but " +
                     std::to_string(inputs.size()) + " were given");
  RunState state(full, inputs, exports_);
  SegmentedRun result;
  for (const SegmentExport& x : exports_) {
    if (stopRequested(control)) return cancelledError();
    SEGSCOPE_TRY(SegmentRun run, runOne(x, state, options));
    result.segments.push_back(std::move(run));
    if (control) control->advance();
  }
  SEGSCOPE_TRY(result.outputs, state.fusionOutputs());
  result.peakLiveValues = state.peakValues();
  result.peakLiveBytes = state.peakBytes();
  return result;
}

namespace {

// The CPU reference as a Backend: each timed run is one whole segmented run.
class CpuBackend final : public Backend {
 public:
  CpuBackend(CpuRunner runner, ReferenceOptions options) : runner_(std::move(runner)), options_(options) {}

  const BackendInfo& info() const override { return info_; }
  std::size_t segmentCount() const override { return runner_.exports().size(); }

  Result<BackendRun> run(const std::vector<Value>& inputs, const RunCounts& counts,
                         RunControl* control) const override {
    for (int w = 0; w < counts.warmup; ++w) {
      if (auto warm = runner_.run(inputs, options_, control); !warm) return warm.error();
    }
    BackendRun out;
    const auto start = std::chrono::steady_clock::now();
    const int repeat = std::max(1, counts.repeat);
    for (int r = 0; r < repeat; ++r) {
      if (r > 0 && overBudget(start, counts.budgetMs)) {
        // The runs left undone leave the progress total, so the bar still ends full.
        if (control) control->setTotal(control->total() - (repeat - r) * static_cast<std::int64_t>(segmentCount()));
        break;
      }
      SEGSCOPE_TRY(SegmentedRun run, runner_.run(inputs, options_, control));
      if (out.segments.empty())
        for (const SegmentRun& s : run.segments) out.segments.push_back(firstSample(s));
      else
        for (std::size_t i = 0; i < run.segments.size(); ++i)
          out.segments[i].milliseconds.push_back(run.segments[i].milliseconds);
      out.outputs = std::move(run.outputs);
    }
    return out;
  }

 private:
  static bool overBudget(std::chrono::steady_clock::time_point start, double budgetMs) {
    return budgetMs > 0 &&
           std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() >= budgetMs;
  }

  static SegmentSamples firstSample(const SegmentRun& s) {
    SegmentSamples out;
    out.segment = s.segment;
    out.host = s.host;
    out.milliseconds.push_back(s.milliseconds);
    out.bytesIn = s.bytesIn;
    out.bytesOut = s.bytesOut;
    out.hostScalars = s.hostScalars;
    return out;
  }

  CpuRunner runner_;
  ReferenceOptions options_;
  BackendInfo info_;
};

}  // namespace

Result<std::unique_ptr<Backend>> makeCpuBackend(const segmenter::Segmentation& segmentation,
                                                const ReferenceOptions& options) {
  SEGSCOPE_TRY(CpuRunner runner, CpuRunner::create(segmentation));
  return std::unique_ptr<Backend>(std::make_unique<CpuBackend>(std::move(runner), options));
}

Result<SegmentedVerification> verifySegmented(const segmenter::Segmentation& segmentation,
                                              const std::vector<Value>& inputs, const ReferenceOptions& options) {
  if (!segmentation.fusion) return makeError("verify: the segmentation has no fusion");
  SEGSCOPE_TRY(CpuRunner runner, CpuRunner::create(segmentation));
  SEGSCOPE_TRY(BoundedOutputs expected, runReferenceBounded(*segmentation.fusion, inputs, options));
  SegmentedVerification v;
  SEGSCOPE_TRY(v.run, runner.run(inputs, options));
  std::vector<std::string> names;
  for (const ir::FusionOutput& o : segmentation.fusion->outputs()) names.push_back(o.val->name());
  v.comparison = compareOutputs(expected.outputs, v.run.outputs, names, expected.bounds);
  return v;
}

}  // namespace segscope::exec
