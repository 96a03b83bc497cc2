// A fake CUDA driver (and cuBLASLt) for the runner's tests: device memory is host memory, every
// call is recorded in a test-global log, event times come from a scripted sequence, any call
// can be made to fail, and, in emulation mode, modules are generated kernels compiled as host
// C++ so launches really compute (one block of one thread).
#pragma once

#include <dlfcn.h>

#include <QProcess>
#include <QTemporaryDir>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "exec/cuda/blas_api.h"
#include "exec/cuda/cuda_runner.h"
#include "exec/cuda/driver_api.h"
#include "host_emulation_support.h"
#include "reference/half_float.h"

namespace segscope::testing {

struct FakeLaunch {
  std::string kernel;
  unsigned grid[3], block[3], sharedBytes;
  std::vector<std::uint64_t> args;  // each parameter's 8-byte slot, as the runner packed it
};

struct FakeDriverLog {
  std::map<exec::cuda::CUdeviceptr, std::size_t> live;                       // allocations not yet freed
  std::vector<std::pair<exec::cuda::CUdeviceptr, std::size_t>> allocations;  // in order
  std::vector<exec::cuda::CUdeviceptr> frees;                                // in order
  std::vector<std::string> calls;  // "cuMemAlloc 256", "cuLaunchKernel sg_seg0_pointwise0", ...
  std::vector<std::pair<exec::cuda::CUdeviceptr, std::size_t>> copiesToDevice;
  std::vector<std::pair<exec::cuda::CUdeviceptr, std::size_t>> copiesToHost;
  std::vector<FakeLaunch> launches;
  std::vector<std::pair<std::string, int>> functionAttributes;  // kernel, value of MAX_DYNAMIC_SHARED
  std::deque<float> eventTimes;                                 // what cuEventElapsedTime returns next (then 1.0)
  std::string failCall;                                         // the call that fails with failCode
  int failCode = 2;                                             // CUDA_ERROR_OUT_OF_MEMORY
  int l2Bytes = 0;                                              // CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE
  bool emulate = false;                                         // compile modules as host C++ and run launches
  std::string hostCompiler = "c++";
  std::unique_ptr<QTemporaryDir> dir;
  int blasMatmuls = 0;
  int blasHeuristics = 0;              // cublasLtMatmulAlgoGetHeuristic calls
  std::size_t blasWorkspaceBytes = 0;  // the workspace the last matmul was given
  std::vector<void*> graveyard;        // freed "device" memory, released by resetFakeLog
};

inline FakeDriverLog& fakeLog() {
  static FakeDriverLog log;
  return log;
}

inline void resetFakeLog() {
  FakeDriverLog& l = fakeLog();
  for (void* p : l.graveyard) std::free(p);
  for (const auto& [p, bytes] : l.live) std::free(reinterpret_cast<void*>(p));  // a test that failed half way
  const bool emulate = l.emulate;
  const std::string cxx = l.hostCompiler;
  l = FakeDriverLog();
  l.emulate = emulate;
  l.hostCompiler = cxx;
}

namespace fake {

using namespace exec::cuda;

inline int fail(const char* call) {
  fakeLog().calls.push_back(call);
  return fakeLog().failCall == call ? fakeLog().failCode : 0;
}

struct Function {
  std::string name;
  void (*entry)(void**) = nullptr;
};
struct Module {
  void* library = nullptr;
  std::string image;
  std::vector<std::unique_ptr<Function>> functions;
};

inline CUresult init(unsigned) { return 0; }
inline CUresult deviceGetCount(int* n) { return *n = 1, 0; }
inline CUresult deviceGet(CUdevice* d, int i) { return *d = i, fail("cuDeviceGet"); }
inline CUresult deviceGetName(char* name, int len, CUdevice) {
  return std::strncpy(name, "Fake GPU", static_cast<std::size_t>(len)), 0;
}
inline CUresult deviceGetAttribute(int* v, int attr, CUdevice) {
  *v = attr == 38 ? fakeLog().l2Bytes : 0;
  return fail("cuDeviceGetAttribute");
}
inline CUresult deviceTotalMem(std::size_t* b, CUdevice) { return *b = 1ull << 34, 0; }
inline CUresult primaryCtxRetain(CUcontext* c, CUdevice) {
  *c = reinterpret_cast<CUcontext>(0x1);
  return fail("cuDevicePrimaryCtxRetain");
}
inline CUresult ctxSetCurrent(CUcontext) { return fail("cuCtxSetCurrent"); }
inline CUresult ctxSynchronize() { return fail("cuCtxSynchronize"); }

inline CUresult moduleLoadData(CUmodule* m, const void* image) {
  if (int r = fail("cuModuleLoadData")) return r;
  auto* module = new Module;
  module->image = static_cast<const char*>(image);
  FakeDriverLog& log = fakeLog();
  if (log.emulate) {
    if (!log.dir) log.dir = std::make_unique<QTemporaryDir>();
    const std::string stem = log.dir->path().toStdString() + "/m" + std::to_string(log.calls.size());
    if (FILE* f = std::fopen((stem + ".cpp").c_str(), "w")) {
      std::fputs(module->image.c_str(), f);
      std::fclose(f);
    }
    QProcess cxx;
    cxx.start(QString::fromStdString(log.hostCompiler),
              {"-std=c++17", "-O1", "-w", "-shared", "-fPIC", "-o", QString::fromStdString(stem + ".so"),
               QString::fromStdString(stem + ".cpp")});
    if (!cxx.waitForFinished(300000) || cxx.exitCode() != 0) {
      std::fprintf(stderr, "%s\n", cxx.readAllStandardError().left(4000).constData());
      delete module;
      return 218;  // CUDA_ERROR_INVALID_PTX
    }
    module->library = dlopen((stem + ".so").c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!module->library) {
      delete module;
      return 218;
    }
  }
  *m = reinterpret_cast<CUmodule>(module);
  return 0;
}
inline CUresult moduleUnload(CUmodule m) {
  auto* module = reinterpret_cast<Module*>(m);
  if (module->library) dlclose(module->library);
  delete module;
  return fail("cuModuleUnload");
}
inline CUresult moduleGetFunction(CUfunction* f, CUmodule m, const char* name) {
  if (int r = fail("cuModuleGetFunction")) return r;
  auto* module = reinterpret_cast<Module*>(m);
  auto fn = std::make_unique<Function>();
  fn->name = name;
  if (module->library) {
    fn->entry = reinterpret_cast<void (*)(void**)>(dlsym(module->library, (std::string(name) + "_host").c_str()));
    if (!fn->entry) return 500;  // CUDA_ERROR_NOT_FOUND
  }
  *f = reinterpret_cast<CUfunction>(fn.get());
  module->functions.push_back(std::move(fn));
  return 0;
}
inline CUresult launchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                             unsigned shared, CUstream, void** params, void**) {
  const auto* fn = reinterpret_cast<const Function*>(f);
  fakeLog().calls.push_back("cuLaunchKernel " + fn->name);
  if (fakeLog().failCall == "cuLaunchKernel") return fakeLog().failCode;
  FakeLaunch l{fn->name, {gx, gy, gz}, {bx, by, bz}, shared, {}};
  for (void** p = params; *p; ++p) {
    std::uint64_t slot = 0;
    std::memcpy(&slot, *p, sizeof slot);
    l.args.push_back(slot);
  }
  fakeLog().launches.push_back(std::move(l));
  if (fn->entry) fn->entry(params);
  return 0;
}
inline CUresult funcSetAttribute(CUfunction f, int attr, int value) {
  if (attr == 8) fakeLog().functionAttributes.emplace_back(reinterpret_cast<const Function*>(f)->name, value);
  return fail("cuFuncSetAttribute");
}
inline CUresult memAlloc(CUdeviceptr* p, std::size_t bytes) {
  fakeLog().calls.push_back("cuMemAlloc " + std::to_string(bytes));
  if (fakeLog().failCall == "cuMemAlloc") return fakeLog().failCode;
  if (bytes == 0) return 1;  // CUDA_ERROR_INVALID_VALUE, as the real driver
  *p = reinterpret_cast<CUdeviceptr>(std::calloc(bytes, 1));
  fakeLog().live[*p] = bytes;
  fakeLog().allocations.emplace_back(*p, bytes);
  return 0;
}
inline CUresult memFree(CUdeviceptr p) {
  fakeLog().frees.push_back(p);
  fakeLog().calls.push_back("cuMemFree " + std::to_string(p));
  if (!fakeLog().live.erase(p)) return 1;  // double free or a pointer never allocated
  // Kept until the log is reset, so no later allocation reuses the address and a second free
  // of the same pointer is always caught.
  fakeLog().graveyard.push_back(reinterpret_cast<void*>(p));
  return fakeLog().failCall == "cuMemFree" ? fakeLog().failCode : 0;
}
inline bool inside(CUdeviceptr p, std::size_t bytes) {
  for (const auto& [base, size] : fakeLog().live)
    if (p >= base && p + bytes <= base + size) return true;
  return false;
}
inline CUresult memcpyHtoD(CUdeviceptr dst, const void* src, std::size_t bytes) {
  if (int r = fail("cuMemcpyHtoD")) return r;
  if (!inside(dst, bytes)) return 1;
  fakeLog().copiesToDevice.emplace_back(dst, bytes);
  std::memcpy(reinterpret_cast<void*>(dst), src, bytes);
  return 0;
}
inline CUresult memcpyDtoH(void* dst, CUdeviceptr src, std::size_t bytes) {
  if (int r = fail("cuMemcpyDtoH")) return r;
  if (!inside(src, bytes)) return 1;
  fakeLog().copiesToHost.emplace_back(src, bytes);
  std::memcpy(dst, reinterpret_cast<const void*>(src), bytes);
  return 0;
}
inline CUresult memsetD8(CUdeviceptr p, unsigned char v, std::size_t bytes) {
  if (!inside(p, bytes)) return 1;
  std::memset(reinterpret_cast<void*>(p), v, bytes);
  return fail("cuMemsetD8");
}
inline CUresult eventCreate(CUevent* e, unsigned) {
  static int events = 0;
  *e = reinterpret_cast<CUevent>(static_cast<std::uintptr_t>(++events));
  return fail("cuEventCreate");
}
inline CUresult eventDestroy(CUevent) { return fail("cuEventDestroy"); }
inline CUresult eventRecord(CUevent, CUstream) { return fail("cuEventRecord"); }
inline CUresult eventSynchronize(CUevent) { return fail("cuEventSynchronize"); }
inline CUresult eventElapsedTime(float* ms, CUevent, CUevent) {
  auto& times = fakeLog().eventTimes;
  *ms = times.empty() ? 1.0f : times.front();
  if (!times.empty()) times.pop_front();
  return fail("cuEventElapsedTime");
}
inline CUresult getErrorName(CUresult r, const char** name) {
  switch (r) {
    case 1: *name = "CUDA_ERROR_INVALID_VALUE"; return 0;
    case 2: *name = "CUDA_ERROR_OUT_OF_MEMORY"; return 0;
    case 218: *name = "CUDA_ERROR_INVALID_PTX"; return 0;
    case 500: *name = "CUDA_ERROR_NOT_FOUND"; return 0;
    default: return 1;
  }
}

// ---- cuBLASLt: column-major D = op(A) * B (+ bias per row of D), computed in double.
struct MatmulDesc {
  int transA = 0, transB = 0, epilogue = 0;
  const void* bias = nullptr;
};
struct Layout {
  int type = 0;
  std::uint64_t rows = 0, cols = 0;
  std::int64_t ld = 0, stride = 0;
  int batch = 1;
};
inline double loadElement(const void* base, int type, std::int64_t i) {
  switch (type) {
    case blaslt::kR16F: return exec::halfBitsToFloat(static_cast<const std::uint16_t*>(base)[i]);
    case blaslt::kR16BF: return exec::bfloat16BitsToFloat(static_cast<const std::uint16_t*>(base)[i]);
    case blaslt::kR64F: return static_cast<const double*>(base)[i];
    default: return static_cast<const float*>(base)[i];
  }
}
inline void storeElement(void* base, int type, std::int64_t i, double v) {
  switch (type) {
    case blaslt::kR16F: static_cast<std::uint16_t*>(base)[i] = exec::floatToHalfBits(static_cast<float>(v)); break;
    case blaslt::kR16BF: static_cast<std::uint16_t*>(base)[i] = exec::floatToBFloat16Bits(static_cast<float>(v)); break;
    case blaslt::kR64F: static_cast<double*>(base)[i] = v; break;
    default: static_cast<float*>(base)[i] = static_cast<float>(v);
  }
}
inline int ltCreate(void** h) { return *h = reinterpret_cast<void*>(0x2), 0; }
inline int ltDestroy(void*) { return 0; }
inline const char* ltStatusName(int) { return "CUBLAS_STATUS_FAKE"; }
inline int descCreate(void** d, int, int) { return *d = new MatmulDesc, 0; }
inline int descDestroy(void* d) { return delete static_cast<MatmulDesc*>(d), 0; }
inline int descSet(void* d, int attr, const void* buf, std::size_t) {
  auto* m = static_cast<MatmulDesc*>(d);
  if (attr == blaslt::kDescTransA) std::memcpy(&m->transA, buf, sizeof(int));
  if (attr == blaslt::kDescTransB) std::memcpy(&m->transB, buf, sizeof(int));
  if (attr == blaslt::kDescEpilogue) std::memcpy(&m->epilogue, buf, sizeof(int));
  if (attr == blaslt::kDescBiasPointer) std::memcpy(&m->bias, buf, sizeof(void*));
  return 0;
}
inline int layoutCreate(void** l, int type, std::uint64_t rows, std::uint64_t cols, std::int64_t ld) {
  return *l = new Layout{type, rows, cols, ld, 0, 1}, 0;
}
inline int layoutDestroy(void* l) { return delete static_cast<Layout*>(l), 0; }
inline int layoutSet(void* l, int attr, const void* buf, std::size_t) {
  auto* x = static_cast<Layout*>(l);
  if (attr == blaslt::kLayoutBatchCount) std::memcpy(&x->batch, buf, sizeof(int));
  if (attr == blaslt::kLayoutStridedBatchOffset) std::memcpy(&x->stride, buf, sizeof(std::int64_t));
  return 0;
}
// The heuristic's answer: algorithm 7 with 4 KiB of workspace (the matmul checks it gets both).
inline int preferenceCreate(void** p) { return *p = new std::uint64_t(0), 0; }
inline int preferenceDestroy(void* p) { return delete static_cast<std::uint64_t*>(p), 0; }
inline int preferenceSet(void* p, int attr, const void* buf, std::size_t size) {
  if (attr != blaslt::kPrefMaxWorkspaceBytes || size != sizeof(std::uint64_t)) return 7;  // INVALID_VALUE
  std::memcpy(p, buf, size);
  return 0;
}
inline int algoGetHeuristic(void*, void*, void*, void*, void*, void*, void* pref, int requested,
                            BlasLtHeuristicResult* results, int* returned) {
  ++fakeLog().blasHeuristics;
  if (requested < 1 || *static_cast<std::uint64_t*>(pref) < 4096) return 7;
  results[0] = BlasLtHeuristicResult{};
  results[0].algo.data[0] = 7;
  results[0].workspaceSize = 4096;
  *returned = 1;
  return 0;
}

inline int matmul(void*, void* desc, const void*, const void* a, void* aDesc, const void* b, void* bDesc, const void*,
                  const void*, void*, void* d, void* dDesc, const void* algo, void* workspace,
                  std::size_t workspaceBytes, void*) {
  ++fakeLog().blasMatmuls;
  fakeLog().blasWorkspaceBytes = workspaceBytes;
  if (!algo || static_cast<const BlasLtAlgo*>(algo)->data[0] != 7 || !workspace || workspaceBytes < 4096) return 7;
  const auto& m = *static_cast<MatmulDesc*>(desc);
  const auto& la = *static_cast<Layout*>(aDesc);
  const auto& lb = *static_cast<Layout*>(bDesc);
  const auto& ld = *static_cast<Layout*>(dDesc);
  const auto rows = static_cast<std::int64_t>(ld.rows), cols = static_cast<std::int64_t>(ld.cols);
  const auto inner = static_cast<std::int64_t>(m.transA ? la.rows : la.cols);
  for (int batch = 0; batch < ld.batch; ++batch)
    for (std::int64_t i = 0; i < rows; ++i)
      for (std::int64_t j = 0; j < cols; ++j) {
        double acc = 0;
        for (std::int64_t p = 0; p < inner; ++p) {
          const std::int64_t ai = batch * la.stride + (m.transA ? p + i * la.ld : i + p * la.ld);
          acc += loadElement(a, la.type, ai) * loadElement(b, lb.type, batch * lb.stride + p + j * lb.ld);
        }
        if (m.epilogue == blaslt::kEpilogueBias) acc += loadElement(m.bias, ld.type, i);
        storeElement(d, ld.type, batch * ld.stride + i + j * ld.ld, acc);
      }
  return 0;
}

}  // namespace fake

inline const exec::cuda::DriverApi& fakeDriver() {
  static const exec::cuda::DriverApi api = [] {
    exec::cuda::DriverApi a;
    a.cuInit = fake::init;
    a.cuDeviceGetCount = fake::deviceGetCount;
    a.cuDeviceGet = fake::deviceGet;
    a.cuDeviceGetName = fake::deviceGetName;
    a.cuDeviceGetAttribute = fake::deviceGetAttribute;
    a.cuDeviceTotalMem = fake::deviceTotalMem;
    a.cuDevicePrimaryCtxRetain = fake::primaryCtxRetain;
    a.cuCtxSetCurrent = fake::ctxSetCurrent;
    a.cuCtxSynchronize = fake::ctxSynchronize;
    a.cuModuleLoadData = fake::moduleLoadData;
    a.cuModuleUnload = fake::moduleUnload;
    a.cuModuleGetFunction = fake::moduleGetFunction;
    a.cuLaunchKernel = fake::launchKernel;
    a.cuFuncSetAttribute = fake::funcSetAttribute;
    a.cuMemAlloc = fake::memAlloc;
    a.cuMemFree = fake::memFree;
    a.cuMemcpyHtoD = fake::memcpyHtoD;
    a.cuMemcpyDtoH = fake::memcpyDtoH;
    a.cuMemsetD8 = fake::memsetD8;
    a.cuEventCreate = fake::eventCreate;
    a.cuEventDestroy = fake::eventDestroy;
    a.cuEventRecord = fake::eventRecord;
    a.cuEventSynchronize = fake::eventSynchronize;
    a.cuEventElapsedTime = fake::eventElapsedTime;
    a.cuGetErrorName = fake::getErrorName;
    return a;
  }();
  return api;
}

inline const exec::cuda::BlasLtApi& fakeBlas() {
  static const exec::cuda::BlasLtApi api = [] {
    exec::cuda::BlasLtApi a;
    a.cublasLtCreate = fake::ltCreate;
    a.cublasLtDestroy = fake::ltDestroy;
    a.cublasLtGetStatusName = fake::ltStatusName;
    a.cublasLtMatmulDescCreate = fake::descCreate;
    a.cublasLtMatmulDescDestroy = fake::descDestroy;
    a.cublasLtMatmulDescSetAttribute = fake::descSet;
    a.cublasLtMatrixLayoutCreate = fake::layoutCreate;
    a.cublasLtMatrixLayoutDestroy = fake::layoutDestroy;
    a.cublasLtMatrixLayoutSetAttribute = fake::layoutSet;
    a.cublasLtMatmul = fake::matmul;
    a.cublasLtMatmulPreferenceCreate = fake::preferenceCreate;
    a.cublasLtMatmulPreferenceDestroy = fake::preferenceDestroy;
    a.cublasLtMatmulPreferenceSetAttribute = fake::preferenceSet;
    a.cublasLtMatmulAlgoGetHeuristic = fake::algoGetHeuristic;
    return a;
  }();
  return api;
}

/// The kernel's "image": its source for the recording driver, plus the host emulation header
/// and the parameter-unpacking wrapper when the fake driver compiles it.
inline exec::cuda::ImageCompiler fakeCompiler() {
  return [](const exec::cuda::Kernel& k, const std::string&) -> Result<std::string> {
    return std::string(kHostEmulationHeader) + k.source + hostWrapper(k);
  };
}

}  // namespace segscope::testing
