// CudaRunner: per segment, generated kernels / cuBLASLt / the CPU host path; device buffers
// owned by a pool that frees each allocation exactly once (after its last consumer, or when a
// run fails half way); timing with CUDA events around W warm-up + N timed launches.
#include "exec/cuda/cuda_runner.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "exec/cuda/codegen/prelude.h"
#include "exec/cuda/gemm_call.h"
#include "exec/cuda/gemm_plan.h"
#include "exec/value_store.h"
#include "scheduler/runtime_info.h"
#include "segmenter/segment_export.h"

#if defined(SEGSCOPE_HAVE_NVRTC)
#include "exec/cuda/nvrtc_compiler.h"
#endif

namespace segscope::exec::cuda {

namespace {

using segmenter::ArgSource;
using segmenter::SegmentExport;

// cuda.h values (stable across driver versions).
constexpr int kFuncAttributeMaxDynamicSharedBytes = 8;   // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
constexpr int kDeviceAttributeL2CacheSize = 38;          // CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE
constexpr std::int64_t kDefaultSharedLimit = 48 * 1024;  // dynamic shared memory without the opt-in

Status check(const DriverApi& d, CUresult r, const char* call) {
  if (r == 0) return {};
  return makeError(std::string(call) + " failed: " + d.errorName(r));
}

#define SEGSCOPE_CU(driver, call, ...)                                                                 \
  do {                                                                                                 \
    if (Status segscopeCuStatus = check(driver, (driver).call(__VA_ARGS__), #call); !segscopeCuStatus) \
      return segscopeCuStatus.error();                                                                 \
  } while (0)

std::int64_t hostBytes(const Value& v) {
  const auto* t = std::get_if<HostTensor>(&v);
  return t ? static_cast<std::int64_t>(t->bytes().size()) : 0;
}

// ------------------------------------------------------------------ device memory

struct DeviceTensor {
  CUdeviceptr ptr = 0;  // 0 for empty tensors (nothing allocated)
  std::int64_t bytes = 0;
  ir::DataType dtype = ir::DataType::Float;
  std::vector<std::int64_t> sizes, strides;
  bool contiguous() const { return strides == HostTensor::contiguousStrides(sizes); }
};

// Every cuMemAlloc of a run; each allocation is freed exactly once, by release() or at the end.
class DevicePool {
 public:
  explicit DevicePool(const DriverApi& d) : d_(d) {}
  DevicePool(const DevicePool&) = delete;
  DevicePool& operator=(const DevicePool&) = delete;
  ~DevicePool() {
    for (const auto& [ptr, bytes] : live_) d_.cuMemFree(ptr);  // a failed run: best effort
  }

  Result<CUdeviceptr> allocate(std::int64_t bytes) {
    if (bytes <= 0) return CUdeviceptr{0};
    CUdeviceptr p = 0;
    SEGSCOPE_CU(d_, cuMemAlloc, &p, static_cast<std::size_t>(bytes));
    live_[p] = bytes;
    liveBytes_ += bytes;
    peak_ = std::max(peak_, liveBytes_);
    return p;
  }
  Status release(CUdeviceptr p) {
    auto it = live_.find(p);
    if (p == 0 || it == live_.end()) return {};
    liveBytes_ -= it->second;
    live_.erase(it);
    return check(d_, d_.cuMemFree(p), "cuMemFree");
  }
  /// Contiguous unless `strides` is given (stride 0: one element serves the whole dim).
  Result<DeviceTensor> tensor(ir::DataType dtype, std::vector<std::int64_t> sizes,
                              std::vector<std::int64_t> strides = {}) {
    DeviceTensor t;
    t.dtype = dtype;
    t.strides = strides.empty() ? HostTensor::contiguousStrides(sizes) : std::move(strides);
    std::int64_t span = elementCount(sizes) > 0 ? 1 : 0;
    for (std::size_t d = 0; d < sizes.size() && span > 0; ++d) span += (sizes[d] - 1) * t.strides[d];
    t.bytes = span * ir::byteSize(dtype);
    t.sizes = std::move(sizes);
    SEGSCOPE_TRY(t.ptr, allocate(t.bytes));
    return t;
  }
  Result<DeviceTensor> upload(const HostTensor& h) {
    DeviceTensor t;
    t.dtype = h.dtype();
    t.sizes = h.sizes();
    t.strides = h.strides();
    t.bytes = static_cast<std::int64_t>(h.bytes().size());
    SEGSCOPE_TRY(t.ptr, allocate(h.numel() > 0 ? t.bytes : 0));
    if (t.ptr) SEGSCOPE_CU(d_, cuMemcpyHtoD, t.ptr, h.bytes().data(), h.bytes().size());
    return t;
  }
  Result<HostTensor> download(const DeviceTensor& t) {
    HostTensor h(t.dtype, t.sizes, t.strides);
    if (t.ptr && !h.bytes().empty())
      SEGSCOPE_CU(d_, cuMemcpyDtoH, h.bytes().data(), t.ptr,
                  std::min<std::size_t>(h.bytes().size(), static_cast<std::size_t>(t.bytes)));
    return h;
  }
  std::int64_t peakBytes() const { return peak_; }

 private:
  const DriverApi& d_;
  std::map<CUdeviceptr, std::int64_t> live_;
  std::int64_t liveBytes_ = 0, peak_ = 0;
};

// A value between segments: on the device, on the host, or both (host segments' outputs and
// the caller's inputs keep their host copy so host segments need no download).
struct Slot {
  std::optional<DeviceTensor> device;
  std::optional<Value> host;
};

// ------------------------------------------------------------------ compiled segments

struct SegmentProgram {
  SegmentExecution execution = SegmentExecution::Host;
  KernelPlan plan;
  std::vector<CUfunction> functions;  // one per plan kernel
  std::vector<CUfunction> generic;    // parallel: Kernel::genericName's entry, or null
  GemmPlan gemm;
  std::string note;
  double compileMs = 0;
};

bool hasScalarOutputs(const ir::Fusion& f) {
  return std::any_of(f.outputs().begin(), f.outputs().end(),
                     [](const ir::FusionOutput& o) { return !o.val->isTensor(); });
}

// Kernel parameters in cuLaunchKernel's layout: one pointer per parameter to an 8-byte slot
// holding its value, plus a trailing null (the driver reads only as many as the kernel
// declares; the tests' fake driver uses it to count).
struct LaunchParams {
  std::vector<std::uint64_t> slots;
  std::vector<void*> pointers;
  template <class T>
  void add(T value) {
    static_assert(sizeof(T) <= sizeof(std::uint64_t));
    std::uint64_t slot = 0;
    std::memcpy(&slot, &value, sizeof(T));
    slots.push_back(slot);
  }
  void** finish() {
    pointers.clear();
    for (std::uint64_t& s : slots) pointers.push_back(&s);
    pointers.push_back(nullptr);
    return pointers.data();
  }
};

void addTensor(LaunchParams& p, const DeviceTensor& t) {
  p.add<CUdeviceptr>(t.ptr);
  for (std::int64_t s : t.strides) p.add<long long>(s);
}

// Whether a kernel's entry specialized on the layout (Kernel::genericName) may take `t` for `a`:
// the planned strides along every dim wider than 1, and a pointer aligned for 16-byte vectors.
bool hasPlannedLayout(const DeviceTensor& t, const KernelArg& a) {
  constexpr CUdeviceptr kVectorBytes = 16;
  if (t.ptr % kVectorBytes != 0 || t.strides.size() != a.strides.size() || t.sizes.size() != a.sizes.size())
    return false;
  for (std::size_t d = 0; d < t.sizes.size(); ++d)
    if (t.sizes[d] > 1 && t.strides[d] != a.strides[d]) return false;
  return true;
}

void addScalar(LaunchParams& p, const ir::ScalarValue& v, ir::DataType dtype) {
  const std::string type = codegen::scalarParamType(dtype);
  if (type == "double")
    p.add<double>(ir::scalarAsDouble(v));
  else if (type == "bool")
    p.add<bool>(ir::scalarAsDouble(v) != 0.0);
  else if (const auto* i = std::get_if<std::int64_t>(&v))
    p.add<long long>(*i);
  else
    p.add<long long>(static_cast<long long>(ir::scalarAsDouble(v)));
}

}  // namespace

std::string_view segmentExecutionName(SegmentExecution e) {
  switch (e) {
    case SegmentExecution::Kernels: return "kernels";
    case SegmentExecution::CublasLt: return "cublaslt";
    case SegmentExecution::Host: return "host";
  }
  return "?";
}

ImageCompiler nvrtcImageCompiler() {
  return [](const Kernel& kernel, const std::string& arch) -> Result<std::string> {
#if defined(SEGSCOPE_HAVE_NVRTC)
    SEGSCOPE_TRY(CompiledKernel k, compileToPtx(kernel, arch));
    return std::move(k.ptx);
#else
    (void)arch;
    return makeError("cannot compile " + kernel.name + ": this build has no NVRTC (the CUDA toolkit was not found)");
#endif
  };
}

Result<CudaEnvironment> defaultCudaEnvironment(int device) {
  const DriverStatus& status = driverStatus();
  if (!status.usable()) return makeError(noDeviceMessage(status));
  auto profile = detectDeviceProfile(device);
  if (!profile) return makeError("CUDA device " + std::to_string(device) + " cannot be queried");
  CudaEnvironment env;
  env.driver = status.api;
  env.compile = nvrtcImageCompiler();
  env.device = device;
  env.profile = *profile;
  return env;
}

struct CudaRunner::State {
  const segmenter::Segmentation* segmentation = nullptr;
  CudaEnvironment env;
  CudaRunOptions options;
  std::optional<scheduler::RuntimeInfo> info;
  std::vector<SegmentExport> exports;    // in run order
  std::vector<SegmentProgram> programs;  // parallel to exports
  std::vector<CUmodule> modules;
  CUcontext context = nullptr;

  ~State() {
    if (!env.driver) return;
    // The modules belong to the primary context, which need not be current on this thread (a
    // GUI thread may drop the runner): make it current first, or the unloads fail and leak.
    if (context) env.driver->cuCtxSetCurrent(context);
    for (CUmodule m : modules) env.driver->cuModuleUnload(m);
  }

  const DriverApi& d() const { return *env.driver; }
  Status prepare(const SegmentExport& x, SegmentProgram& p);

  // cuBLASLt's algorithm per program, chosen on the first run and kept for later runs.
  std::optional<BlasLtHeuristicResult> cachedAlgorithm(std::size_t program) const {
    std::lock_guard<std::mutex> lock(algorithmsMutex);
    auto it = algorithms.find(program);
    return it == algorithms.end() ? std::nullopt : std::optional<BlasLtHeuristicResult>(it->second);
  }
  void cacheAlgorithm(std::size_t program, const BlasLtHeuristicResult& choice) const {
    std::lock_guard<std::mutex> lock(algorithmsMutex);
    algorithms[program] = choice;
  }
  mutable std::mutex algorithmsMutex;
  mutable std::map<std::size_t, BlasLtHeuristicResult> algorithms;
  Status load(SegmentProgram& p, const std::string& arch);
};

Status CudaRunner::State::load(SegmentProgram& p, const std::string& arch) {
  for (const Kernel& k : p.plan.kernels) {
    auto image = env.compile(k, arch);
    if (!image) return makeError(k.name + ": " + image.error().message);
    CUmodule module = nullptr;
    SEGSCOPE_CU(d(), cuModuleLoadData, &module, image->c_str());
    modules.push_back(module);
    CUfunction f = nullptr;
    SEGSCOPE_CU(d(), cuModuleGetFunction, &f, module, k.name.c_str());
    // Without the attribute a launch may use 48 KiB of shared memory minus the kernel's static
    // shared memory (the reduction scratch), so any dynamic size is declared explicitly.
    if (k.launch.sharedBytes > 0) {
      if (k.launch.sharedBytes > std::max(kDefaultSharedLimit, env.profile.sharedMemoryPerBlockOptinBytes))
        return makeError(k.name + " needs " + std::to_string(k.launch.sharedBytes) +
                         " bytes of shared memory; the device allows " +
                         std::to_string(env.profile.sharedMemoryPerBlockOptinBytes));
      SEGSCOPE_CU(d(), cuFuncSetAttribute, f, kFuncAttributeMaxDynamicSharedBytes,
                  static_cast<int>(k.launch.sharedBytes));
    }
    p.functions.push_back(f);
    CUfunction g = nullptr;
    if (!k.genericName.empty()) {
      SEGSCOPE_CU(d(), cuModuleGetFunction, &g, module, k.genericName.c_str());
      if (k.launch.sharedBytes > 0)
        SEGSCOPE_CU(d(), cuFuncSetAttribute, g, kFuncAttributeMaxDynamicSharedBytes,
                    static_cast<int>(k.launch.sharedBytes));
    }
    p.generic.push_back(g);
  }
  return {};
}

Status CudaRunner::State::prepare(const SegmentExport& x, SegmentProgram& p) {
  const auto start = std::chrono::steady_clock::now();
  const segmenter::Segment& seg = segmentation->segments[static_cast<std::size_t>(x.segment)];
  auto plan = generateKernels(seg, *x.fusion, *info, options.codegen);
  if (!plan) return makeError(segmentName(x) + ": " + plan.error().message, plan.error().loc);
  p.plan = std::move(plan).value();
  if (!p.plan.kernels.empty() && hasScalarOutputs(*x.fusion)) {
    p.note = "computes host scalars as well as tensors: evaluated on the host";
  } else if (!p.plan.kernels.empty()) {
    p.execution = SegmentExecution::Kernels;
    p.note = p.plan.fused ? "" : "unfused: " + p.plan.unfusedReason;
    const std::string arch =
        "sm_" + std::to_string(env.profile.computeMajor) + std::to_string(env.profile.computeMinor);
    if (Status st = load(p, arch); !st) return makeError(segmentName(x) + ": " + st.error().message);
  } else if (auto gemm = gemmPlanOf(x, *segmentation->fusion, *info)) {
    p.execution = SegmentExecution::CublasLt;
    p.gemm = std::move(gemm).value();
  } else {
    p.note = p.plan.noKernelReason;
    if (gemm.error().message != "not a single matmul or linear")
      p.note += " (no cuBLASLt path: " + gemm.error().message + ")";
  }
  p.compileMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return {};
}

CudaRunner::CudaRunner(std::unique_ptr<State> state) : state_(std::move(state)) {}
CudaRunner::CudaRunner(CudaRunner&&) noexcept = default;
CudaRunner& CudaRunner::operator=(CudaRunner&&) noexcept = default;
CudaRunner::~CudaRunner() = default;

std::size_t CudaRunner::segmentCount() const { return state_->exports.size(); }

Result<CudaRunner> CudaRunner::create(const segmenter::Segmentation& segmentation,
                                      const std::vector<ir::InputSpec>& specs, CudaEnvironment environment,
                                      const CudaRunOptions& options) {
  if (!environment.driver) return makeError("cuda runner: no driver");
  if (!segmentation.fusion) return makeError("cuda runner: the segmentation has no fusion");
  if (options.repeat < 1 || options.warmup < 0) return makeError("cuda runner: repeat must be >= 1 and warmup >= 0");
  auto state = std::make_unique<State>();
  state->segmentation = &segmentation;
  state->env = std::move(environment);
  state->options = options;
  const DriverApi& d = state->d();
  CUdevice device = 0;
  SEGSCOPE_CU(d, cuDeviceGet, &device, state->env.device);
  SEGSCOPE_CU(d, cuDevicePrimaryCtxRetain, &state->context, device);
  SEGSCOPE_CU(d, cuCtxSetCurrent, state->context);
  SEGSCOPE_TRY(state->info, scheduler::RuntimeInfo::bind(*segmentation.fusion, specs));
  segmenter::ExportOptions exportOptions;
  exportOptions.fusionInputs = &specs;
  exportOptions.writeScript = false;
  SEGSCOPE_TRY(state->exports, segmenter::exportAllSegments(segmentation, exportOptions));
  state->programs.resize(state->exports.size());
  for (std::size_t i = 0; i < state->exports.size(); ++i)
    if (Status st = state->prepare(state->exports[i], state->programs[i]); !st) return st.error();
  return CudaRunner(std::move(state));
}

namespace {

// One run: the value store, the device pool, the events and the per-segment executors.
class Execution {
 public:
  Execution(const CudaRunner::State& s, const std::vector<Value>& inputs, const RunCounts& counts, RunControl* control)
      : s_(s),
        d_(*s.env.driver),
        pool_(d_),
        inputs_(inputs),
        counts_(counts),
        control_(control),
        values_(*s.segmentation->fusion, s.exports) {}
  ~Execution() {
    if (start_) d_.cuEventDestroy(start_);
    if (stop_) d_.cuEventDestroy(stop_);
    if (blasHandle_ && blas_) blas_->cublasLtDestroy(blasHandle_);
  }

  Result<CudaRun> run();

 private:
  Status begin();
  Result<SegmentSamples> runSegment(const SegmentExport& x, const SegmentProgram& p);
  Status runKernels(const SegmentExport& x, const SegmentProgram& p, SegmentSamples& out);
  Status runGemm(const SegmentExport& x, const SegmentProgram& p, SegmentSamples& out);
  Status runHost(const SegmentExport& x, SegmentSamples& out);
  Status timeLaunches(const std::function<Status()>& launch, SegmentSamples& out);
  Result<DeviceTensor> deviceInput(const SegmentExport& x, std::size_t i);
  Result<Value> hostInput(const SegmentExport& x, std::size_t i);
  Result<ir::ScalarValue> scalarInput(const SegmentExport& x, std::size_t i);
  Status store(int valId, Slot slot);
  Status release(const SegmentExport& x);
  Status free(const Slot& slot);
  Result<Value> fusionOutput(const ir::Val* v);

  const CudaRunner::State& s_;
  const DriverApi& d_;
  DevicePool pool_;
  const std::vector<Value>& inputs_;
  RunCounts counts_;
  RunControl* control_;
  ValueStore<Slot> values_;
  CUevent start_ = nullptr, stop_ = nullptr;
  DeviceTensor flush_;
  DeviceTensor workspace_;  // cuBLASLt's, as large as the largest chosen algorithm needs
  const BlasLtApi* blas_ = nullptr;
  void* blasHandle_ = nullptr;
};

Status Execution::begin() {
  const ir::Fusion& full = *s_.segmentation->fusion;
  if (inputs_.size() != full.inputs().size())
    return makeError("the fusion takes " + std::to_string(full.inputs().size()) + " inputs but " +
                     std::to_string(inputs_.size()) + " were given");
  SEGSCOPE_CU(d_, cuCtxSetCurrent, s_.context);
  SEGSCOPE_CU(d_, cuEventCreate, &start_, 0u);
  SEGSCOPE_CU(d_, cuEventCreate, &stop_, 0u);
  if (s_.options.flushL2) {
    CUdevice device = 0;
    int l2 = 0;
    SEGSCOPE_CU(d_, cuDeviceGet, &device, s_.env.device);
    SEGSCOPE_CU(d_, cuDeviceGetAttribute, &l2, kDeviceAttributeL2CacheSize, device);
    if (l2 > 0) {
      SEGSCOPE_TRY(flush_, pool_.tensor(ir::DataType::Int32, {2LL * l2 / 4}));
    }
  }
  // Inputs go to the device once; the caller's host copies serve host segments.
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    const ir::Val* v = full.inputs()[i];
    const auto* t = std::get_if<HostTensor>(&inputs_[i]);
    if (t) {
      auto sizes = s_.info->sizes(v);
      if (sizes && *sizes != t->sizes())
        return makeError("input " + v->name() + " is " + t->describe() + " but the runner was built for " +
                         std::to_string(elementCount(*sizes)) + " elements");
    }
    Slot slot;  // tensors: the caller's copy serves host segments (hostInput), no second copy here
    if (!t) slot.host = inputs_[i];
    if (t) {
      SEGSCOPE_TRY(slot.device, pool_.upload(*t));
    }
    values_.put(v->id(), std::move(slot));
  }
  return {};
}

Status Execution::timeLaunches(const std::function<Status()>& launch, SegmentSamples& out) {
  for (int w = 0; w < counts_.warmup; ++w)
    if (Status st = launch(); !st) return st;
  for (int r = 0; r < counts_.repeat; ++r) {
    if (flush_.ptr)
      SEGSCOPE_CU(d_, cuMemsetD8, flush_.ptr, static_cast<unsigned char>(r), static_cast<std::size_t>(flush_.bytes));
    SEGSCOPE_CU(d_, cuEventRecord, start_, nullptr);
    if (Status st = launch(); !st) return st;
    SEGSCOPE_CU(d_, cuEventRecord, stop_, nullptr);
    SEGSCOPE_CU(d_, cuEventSynchronize, stop_);
    float ms = 0;
    SEGSCOPE_CU(d_, cuEventElapsedTime, &ms, start_, stop_);
    out.milliseconds.push_back(ms);
  }
  return {};
}

Result<DeviceTensor> Execution::deviceInput(const SegmentExport& x, std::size_t i) {
  const int id = x.inputValId[i];
  Slot* held = values_.find(id);
  if (!held)
    return makeError(segmentName(x) + ": its input " + s_.segmentation->fusion->valById(id)->name() +
                     " has not been computed; is the run order wrong?");
  Slot& slot = *held;
  if (!slot.device) {
    const auto* t = slot.host ? std::get_if<HostTensor>(&*slot.host) : nullptr;
    if (!t) return makeError(segmentName(x) + ": input " + std::to_string(id) + " is not a tensor");
    SEGSCOPE_TRY(slot.device, pool_.upload(*t));
  }
  return *slot.device;
}

Result<Value> Execution::hostInput(const SegmentExport& x, std::size_t i) {
  if (x.inputSource[i] == ArgSource::Extent) {
    const ir::Val* v = s_.segmentation->fusion->valById(x.inputValId[i]);
    if (auto n = s_.info->intValue(v)) return Value(ir::ScalarValue(*n));
    return makeError(segmentName(x) + ": the value of extent " + v->name() + " is not known");
  }
  if (x.inputSource[i] == ArgSource::FusionInput) return inputs_.at(static_cast<std::size_t>(x.inputIndex[i]));
  const Slot* held = values_.find(x.inputValId[i]);
  if (!held)
    return makeError(segmentName(x) + ": its input " + s_.segmentation->fusion->valById(x.inputValId[i])->name() +
                     " has not been computed; is the run order wrong?");
  if (held->host) return *held->host;
  SEGSCOPE_TRY(HostTensor h, pool_.download(*held->device));
  return Value(std::move(h));
}

Result<ir::ScalarValue> Execution::scalarInput(const SegmentExport& x, std::size_t i) {
  SEGSCOPE_TRY(Value v, hostInput(x, i));
  if (const auto* s = std::get_if<ir::ScalarValue>(&v)) return *s;
  return makeError(segmentName(x) + ": scalar argument " + std::to_string(x.inputValId[i]) + " holds a tensor");
}

Status Execution::store(int valId, Slot slot) {
  if (std::optional<Slot> unread = values_.store(valId, std::move(slot))) return free(*unread);
  return {};
}

Status Execution::free(const Slot& slot) { return slot.device ? pool_.release(slot.device->ptr) : Status(); }

// Frees the segment's inputs that no later segment reads (fusion outputs stay).
Status Execution::release(const SegmentExport& x) {
  for (const Slot& dead : values_.release(x))
    if (Status st = free(dead); !st) return st;
  return {};
}

Status Execution::runKernels(const SegmentExport& x, const SegmentProgram& p, SegmentSamples& out) {
  const ir::Fusion& full = *s_.segmentation->fusion;
  // Outputs and temps of this segment, allocated once for all its launches.
  std::map<int, DeviceTensor> local;
  std::vector<CUdeviceptr> temps;
  for (const Kernel& k : p.plan.kernels)
    for (const KernelArg& a : k.args) {
      if ((a.kind != KernelArg::Kind::Output && a.kind != KernelArg::Kind::Temp) || local.count(a.valId)) continue;
      SEGSCOPE_TRY(DeviceTensor t, pool_.tensor(a.dtype, a.sizes, a.strides));
      if (a.kind == KernelArg::Kind::Temp) temps.push_back(t.ptr);
      local[a.valId] = std::move(t);
    }
  std::map<int, std::size_t> inputAt;
  for (std::size_t i = 0; i < x.inputValId.size(); ++i) inputAt[x.inputValId[i]] = i;
  std::vector<LaunchParams> params(p.plan.kernels.size());
  std::vector<CUfunction> entries = p.functions;  // the specialized entries unless a layout differs
  for (std::size_t ki = 0; ki < p.plan.kernels.size(); ++ki) {
    const Kernel& k = p.plan.kernels[ki];
    bool planned = true;
    for (const KernelArg& a : k.args) {
      if (auto l = local.find(a.valId); a.isTensor() && l != local.end()) {
        addTensor(params[ki], l->second);  // written by this or an earlier kernel of the plan
        planned = planned && hasPlannedLayout(l->second, a);
        continue;
      }
      auto at = inputAt.find(a.valId);
      if (at == inputAt.end())
        return makeError(segmentName(x) + ": kernel " + k.name + " reads val " + std::to_string(a.valId) +
                         ", which is not a segment input");
      if (a.isTensor()) {
        SEGSCOPE_TRY(DeviceTensor t, deviceInput(x, at->second));
        if (t.sizes != a.sizes)
          return makeError(segmentName(x) + ": kernel " + k.name + " was generated for other sizes of " +
                           full.valById(a.valId)->name());
        addTensor(params[ki], t);
        planned = planned && hasPlannedLayout(t, a);
      } else {
        SEGSCOPE_TRY(ir::ScalarValue v, scalarInput(x, at->second));
        addScalar(params[ki], v, a.dtype);
        if (ki == 0 || std::none_of(out.scalarArgs.begin(), out.scalarArgs.end(),
                                    [&](const auto& s) { return s.first == full.valById(a.valId)->name(); }))
          out.scalarArgs.emplace_back(full.valById(a.valId)->name(), v);
      }
    }
    const bool generic = !planned && p.generic.at(ki) != nullptr;
    if (generic) entries[ki] = p.generic[ki];
    LaunchRecord launch{generic ? k.genericName : k.name,
                        {k.launch.grid.x, k.launch.grid.y, k.launch.grid.z},
                        {k.launch.block.x, k.launch.block.y, k.launch.block.z},
                        k.launch.sharedBytes,
                        k.unfused};
    out.kernels.push_back(std::move(launch));
  }
  const auto launchAll = [&]() -> Status {
    for (std::size_t ki = 0; ki < p.plan.kernels.size(); ++ki) {
      const LaunchConfig& l = p.plan.kernels[ki].launch;
      SEGSCOPE_CU(d_, cuLaunchKernel, entries[ki], static_cast<unsigned>(l.grid.x), static_cast<unsigned>(l.grid.y),
                  static_cast<unsigned>(l.grid.z), static_cast<unsigned>(l.block.x), static_cast<unsigned>(l.block.y),
                  static_cast<unsigned>(l.block.z), static_cast<unsigned>(l.sharedBytes), nullptr, params[ki].finish(),
                  nullptr);
    }
    return {};
  };
  if (Status st = timeLaunches(launchAll, out); !st) return st;
  for (CUdeviceptr t : temps)
    if (Status st = pool_.release(t); !st) return st;
  std::set<int> stored;  // a val listed twice among the outputs is one buffer
  for (std::size_t j = 0; j < x.outputValId.size(); ++j) {
    auto l = local.find(x.fusion->outputs()[j].val->id());
    if (l == local.end())
      return makeError(segmentName(x) + ": output " + x.fusion->outputs()[j].val->name() +
                       " is written by none of its kernels");
    if (!stored.insert(x.outputValId[j]).second) continue;
    out.bytesOut += l->second.bytes;
    Slot slot;
    slot.device = l->second;
    if (Status st = store(x.outputValId[j], std::move(slot)); !st) return st;
  }
  return {};
}

Status Execution::runGemm(const SegmentExport& x, const SegmentProgram& p, SegmentSamples& out) {
  const GemmPlan& g = p.gemm;
  if (!blas_) {
    SEGSCOPE_TRY(blas_, s_.env.blas());
    if (const int st = blas_->cublasLtCreate(&blasHandle_); st != 0)
      return makeError("cublasLtCreate failed: " + blas_->statusName(st));
  }
  SEGSCOPE_TRY(DeviceTensor a, deviceInput(x, static_cast<std::size_t>(g.aInput)));
  SEGSCOPE_TRY(DeviceTensor b, deviceInput(x, static_cast<std::size_t>(g.bInput)));
  std::optional<DeviceTensor> bias;
  if (g.biasInput >= 0) {
    SEGSCOPE_TRY(bias, deviceInput(x, static_cast<std::size_t>(g.biasInput)));
  }
  if (!a.contiguous() || !b.contiguous() || (bias && !bias->contiguous())) {
    out.execution = segmentExecutionName(SegmentExecution::Host);
    out.note = "strided matmul operands: evaluated on the host";
    return runHost(x, out);
  }
  if (g.k == 0) {  // no GEMM to call; its result is all zeros (or the bias), which the host gives
    out.execution = segmentExecutionName(SegmentExecution::Host);
    out.note = "no inner dimension (K = 0): evaluated on the host";
    return runHost(x, out);
  }
  SEGSCOPE_TRY(DeviceTensor d, pool_.tensor(g.outDtype, g.outSizes));
  const std::size_t program = static_cast<std::size_t>(&p - s_.programs.data());
  SEGSCOPE_TRY(std::unique_ptr<GemmCall> call,
               GemmCall::create(*blas_, blasHandle_, g, GemmOperands{a.ptr, b.ptr, bias ? bias->ptr : 0, d.ptr},
                                s_.cachedAlgorithm(program), segmentName(x)));
  s_.cacheAlgorithm(program, call->choice());
  if (workspace_.bytes < static_cast<std::int64_t>(call->workspaceBytes())) {
    if (workspace_.ptr)
      if (Status st = pool_.release(workspace_.ptr); !st) return st;
    SEGSCOPE_TRY(workspace_,
                 pool_.tensor(ir::DataType::Int32, {static_cast<std::int64_t>(call->workspaceBytes() + 3) / 4}));
  }
  const auto launch = [&]() -> Status { return call->launch(workspace_.ptr); };
  if (d.bytes > 0)
    if (Status st = timeLaunches(launch, out); !st) return st;
  out.bytesOut += d.bytes;
  Slot slot;
  slot.device = std::move(d);
  return store(x.outputValId[0], std::move(slot));
}

Status Execution::runHost(const SegmentExport& x, SegmentSamples& out) {
  std::vector<Value> args;
  for (std::size_t i = 0; i < x.inputValId.size(); ++i) {
    SEGSCOPE_TRY(Value v, hostInput(x, i));
    args.push_back(std::move(v));
  }
  const auto start = std::chrono::steady_clock::now();
  auto outputs = runReference(*x.fusion, args, s_.options.reference);
  out.milliseconds = {std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count()};
  if (!outputs) return makeError(segmentName(x) + ": " + outputs.error().message, outputs.error().loc);
  for (std::size_t j = 0; j < outputs->size(); ++j) {
    Value& v = (*outputs)[j];
    out.bytesOut += hostBytes(v);
    if (const auto* sc = std::get_if<ir::ScalarValue>(&v))
      out.hostScalars.emplace_back(x.fusion->outputs()[j].val->name(), *sc);
    Slot slot;
    slot.host = std::move(v);
    if (Status st = store(x.outputValId[j], std::move(slot)); !st) return st;
  }
  return {};
}

// A driver error names the segment and its kernels: an asynchronous fault surfaces at the next
// synchronising call (the event), which says nothing of what faulted.
Error attributed(const SegmentExport& x, const SegmentProgram& p, const Error& error) {
  if (error.message.rfind(segmentName(x), 0) == 0) return error;  // already says which segment
  std::string what = segmentName(x) + " (" + std::string(segmentExecutionName(p.execution));
  for (std::size_t i = 0; i < p.plan.kernels.size() && p.execution == SegmentExecution::Kernels; ++i)
    what += (i ? ", " : ": ") + p.plan.kernels[i].name;
  return makeError(what + "): " + error.message, error.loc);
}

Result<SegmentSamples> Execution::runSegment(const SegmentExport& x, const SegmentProgram& p) {
  SegmentSamples out;
  out.segment = x.segment;
  out.host = x.host;
  out.execution = segmentExecutionName(p.execution);
  out.fused = p.plan.fused;
  out.note = p.note;
  out.compileMilliseconds = p.compileMs;
  for (std::size_t i = 0; i < x.inputValId.size(); ++i) {
    if (x.inputSource[i] == ArgSource::Extent || !readsData(x, i)) continue;
    const Slot* held = values_.find(x.inputValId[i]);
    if (!held) continue;
    out.bytesIn += held->device ? held->device->bytes : (held->host ? hostBytes(*held->host) : 0);
  }
  Status st;
  switch (p.execution) {
    case SegmentExecution::Kernels: st = runKernels(x, p, out); break;
    case SegmentExecution::CublasLt: st = runGemm(x, p, out); break;
    case SegmentExecution::Host: st = runHost(x, out); break;
  }
  if (!st) return attributed(x, p, st.error());
  if (Status r = release(x); !r) return r.error();
  return out;
}

Result<Value> Execution::fusionOutput(const ir::Val* v) {
  const auto& ins = s_.segmentation->fusion->inputs();
  if (auto it = std::find(ins.begin(), ins.end(), v); it != ins.end())
    return inputs_[static_cast<std::size_t>(it - ins.begin())];
  if (const Slot* held = values_.find(v->id())) {
    if (held->host) return *held->host;
    SEGSCOPE_TRY(HostTensor h, pool_.download(*held->device));
    return Value(std::move(h));
  }
  const auto* s = v->isScalar() ? static_cast<const ir::Scalar*>(v) : nullptr;
  if (s && s->isConstant()) return Value(*s->value());
  if (s)
    if (auto n = s_.info->intValue(v)) return Value(ir::ScalarValue(*n));
  return makeError("fusion output " + v->name() + " was not produced by any segment");
}

Result<CudaRun> Execution::run() {
  if (Status st = begin(); !st) return st.error();
  CudaRun result;
  for (std::size_t i = 0; i < s_.exports.size(); ++i) {
    // Stopping between segments leaves device memory to the pool, which frees it on the way out.
    if (stopRequested(control_)) return cancelledError();
    SEGSCOPE_TRY(SegmentSamples r, runSegment(s_.exports[i], s_.programs[i]));
    result.segments.push_back(std::move(r));
    if (control_) control_->advance(counts_.warmup + counts_.repeat);
  }
  for (const ir::FusionOutput& o : s_.segmentation->fusion->outputs()) {
    SEGSCOPE_TRY(Value v, fusionOutput(o.val));
    result.outputs.push_back(std::move(v));
  }
  // Everything still on the device: the fusion outputs, inputs nobody read, the L2 flush buffer.
  for (const Slot& left : values_.takeAll())
    if (Status st = free(left); !st) return st.error();
  for (const DeviceTensor* scratch : {&flush_, &workspace_})
    if (scratch->ptr)
      if (Status st = pool_.release(scratch->ptr); !st) return st.error();
  result.peakDeviceBytes = pool_.peakBytes();
  return result;
}

}  // namespace

Result<CudaRun> CudaRunner::run(const std::vector<Value>& inputs) const {
  return run(inputs, RunCounts{state_->options.warmup, state_->options.repeat});
}

Result<CudaRun> CudaRunner::run(const std::vector<Value>& inputs, const RunCounts& counts, RunControl* control) const {
  if (counts.repeat < 1 || counts.warmup < 0) return makeError("cuda runner: repeat must be >= 1 and warmup >= 0");
  try {
    Execution e(*state_, inputs, counts, control);
    return e.run();
  } catch (const std::bad_alloc&) {
    return makeError("out of host memory while running on the device");
  }
}

}  // namespace segscope::exec::cuda
