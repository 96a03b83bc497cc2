// Loading libcuda.so.1 with dlopen and resolving the entry points we use.
#include "exec/cuda/driver_api.h"

#include "exec/cuda/dynamic_library.h"

#include <array>
#include <initializer_list>
#include <mutex>

namespace segscope::exec::cuda {
namespace {

// CUdevice_attribute values from cuda.h (stable across driver versions).
constexpr int kMultiprocessorCount = 16;
constexpr int kClockRate = 13;             // kHz, the SM clock
constexpr int kMemoryClockRate = 36;       // kHz
constexpr int kGlobalMemoryBusWidth = 37;  // bits
constexpr int kMaxThreadsPerMultiprocessor = 39;
constexpr int kComputeCapabilityMajor = 75;
constexpr int kComputeCapabilityMinor = 76;
constexpr int kMaxRegistersPerMultiprocessor = 82;
constexpr int kMaxSharedMemoryPerBlockOptin = 97;

// The first of `names` the driver has: CUDA 13's cuda.h maps some plain names to a newer
// version (cuEventElapsedTime → _v2) that older drivers lack.
template <class Fn>
bool resolveNewest(void* lib, std::initializer_list<const char*> names, Fn& fn, std::string& missing) {
  for (const char* name : names)
    if ((fn = reinterpret_cast<Fn>(dlsym(lib, name)))) return true;
  missing += (missing.empty() ? "" : ", ") + std::string(*names.begin());
  return false;
}

bool resolveAll(void* lib, DriverApi& a, std::string& missing) {
  // Versioned names where cuda.h maps the plain name to a _v2 symbol.
  resolveSymbol(lib, "cuInit", a.cuInit, missing);
  resolveSymbol(lib, "cuDeviceGetCount", a.cuDeviceGetCount, missing);
  resolveSymbol(lib, "cuDeviceGet", a.cuDeviceGet, missing);
  resolveSymbol(lib, "cuDeviceGetName", a.cuDeviceGetName, missing);
  resolveSymbol(lib, "cuDeviceGetAttribute", a.cuDeviceGetAttribute, missing);
  resolveSymbol(lib, "cuDeviceTotalMem_v2", a.cuDeviceTotalMem, missing);
  resolveSymbol(lib, "cuDevicePrimaryCtxRetain", a.cuDevicePrimaryCtxRetain, missing);
  resolveSymbol(lib, "cuCtxSetCurrent", a.cuCtxSetCurrent, missing);
  resolveSymbol(lib, "cuCtxSynchronize", a.cuCtxSynchronize, missing);
  resolveSymbol(lib, "cuModuleLoadData", a.cuModuleLoadData, missing);
  resolveSymbol(lib, "cuModuleUnload", a.cuModuleUnload, missing);
  resolveSymbol(lib, "cuModuleGetFunction", a.cuModuleGetFunction, missing);
  resolveSymbol(lib, "cuLaunchKernel", a.cuLaunchKernel, missing);
  resolveSymbol(lib, "cuFuncSetAttribute", a.cuFuncSetAttribute, missing);
  resolveSymbol(lib, "cuMemAlloc_v2", a.cuMemAlloc, missing);
  resolveSymbol(lib, "cuMemFree_v2", a.cuMemFree, missing);
  resolveSymbol(lib, "cuMemcpyHtoD_v2", a.cuMemcpyHtoD, missing);
  resolveSymbol(lib, "cuMemcpyDtoH_v2", a.cuMemcpyDtoH, missing);
  resolveSymbol(lib, "cuMemsetD8_v2", a.cuMemsetD8, missing);
  resolveSymbol(lib, "cuEventCreate", a.cuEventCreate, missing);
  resolveSymbol(lib, "cuEventDestroy_v2", a.cuEventDestroy, missing);
  resolveSymbol(lib, "cuEventRecord", a.cuEventRecord, missing);
  resolveSymbol(lib, "cuEventSynchronize", a.cuEventSynchronize, missing);
  resolveNewest(lib, {"cuEventElapsedTime_v2", "cuEventElapsedTime"}, a.cuEventElapsedTime, missing);
  resolveSymbol(lib, "cuGetErrorName", a.cuGetErrorName, missing);
  return missing.empty();
}

DriverStatus loadDriver() {
  static DriverApi api;
  DriverStatus status;
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char* why = dlerror();
    status.problem =
        std::string("the CUDA driver (libcuda.so.1) is not installed") + (why ? " (" + std::string(why) + ")" : "");
    return status;
  }
  std::string missing;
  if (!resolveAll(lib, api, missing)) {
    status.problem = "the CUDA driver is too old: missing " + missing;
    return status;
  }
  if (const CUresult r = api.cuInit(0); r != 0) {
    status.problem = "cuInit failed: " + api.errorName(r);
    return status;
  }
  if (const CUresult r = api.cuDeviceGetCount(&status.deviceCount); r != 0 || status.deviceCount == 0) {
    status.problem = r != 0 ? "cuDeviceGetCount failed: " + api.errorName(r) : "the driver sees no CUDA device";
    return status;
  }
  status.api = &api;
  return status;
}

}  // namespace

std::string DriverApi::errorName(CUresult result) const {
  const char* name = nullptr;
  if (cuGetErrorName && cuGetErrorName(result, &name) == 0 && name) return name;
  return "CUDA error " + std::to_string(result);
}

const DriverStatus& driverStatus() {
  static const DriverStatus status = loadDriver();  // thread-safe static initialisation
  return status;
}

std::optional<scheduler::DeviceProfile> detectDeviceProfile(int ordinal) {
  const DriverStatus& s = driverStatus();
  if (!s.usable() || ordinal >= s.deviceCount) return std::nullopt;
  const DriverApi& a = *s.api;
  CUdevice dev = 0;
  if (a.cuDeviceGet(&dev, ordinal) != 0) return std::nullopt;
  std::array<char, 256> name{};
  a.cuDeviceGetName(name.data(), static_cast<int>(name.size()), dev);
  const auto attr = [&](int which) {
    int v = 0;
    return a.cuDeviceGetAttribute(&v, which, dev) == 0 ? v : 0;
  };
  const std::string gpu(name.data());
  // Start from the built-in profile of the same family for figures the driver may not report.
  scheduler::DeviceProfile p;
  for (const char* family : {"H200", "H100", "A100"})
    if (gpu.find(family) != std::string::npos)
      if (auto known = scheduler::profileByName(std::string(family) == "H200"   ? "h200"
                                                : std::string(family) == "H100" ? "h100"
                                                                                : "a100"))
        p = *known;
  p.name = "detected";
  if (int v = attr(kMultiprocessorCount)) p.smCount = v;
  if (int v = attr(kComputeCapabilityMajor)) p.computeMajor = v;
  p.computeMinor = attr(kComputeCapabilityMinor);
  if (int v = attr(kMaxRegistersPerMultiprocessor)) p.registerFileBytesPerSm = static_cast<std::int64_t>(v) * 4;
  if (int v = attr(kMaxSharedMemoryPerBlockOptin)) p.sharedMemoryPerBlockOptinBytes = v;
  if (int v = attr(kMaxThreadsPerMultiprocessor)) p.maxThreadsPerSm = v;
  if (int v = attr(kClockRate)) p.smClockKhz = v;
  const int clockKHz = attr(kMemoryClockRate), busBits = attr(kGlobalMemoryBusWidth);
  if (clockKHz > 0 && busBits > 0)
    p.dramBandwidthGBps = 2.0 * clockKHz * 1e3 * (busBits / 8.0) / 1e9;  // DDR: two transfers per clock
  return p;
}

std::string noDeviceMessage(const DriverStatus& status) {
  return "no CUDA device available: " + (status.problem.empty() ? std::string("unknown reason") : status.problem) +
         " (use --backend cpu to run on the CPU reference)";
}

}  // namespace segscope::exec::cuda
