// The CUDA driver API, loaded at run time with dlopen("libcuda.so.1"): every binary starts on
// machines without a GPU or driver, and says why the CUDA backend is unavailable instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "scheduler/device_profile.h"

namespace segscope::exec::cuda {

// The few driver types we use, declared here so nothing needs cuda.h to build.
using CUresult = int;
using CUdevice = int;
using CUcontext = struct CUctx_st*;
using CUmodule = struct CUmod_st*;
using CUfunction = struct CUfunc_st*;
using CUstream = struct CUstream_st*;
using CUevent = struct CUevent_st*;
using CUdeviceptr = unsigned long long;

struct DriverApi {
  CUresult (*cuInit)(unsigned) = nullptr;
  CUresult (*cuDeviceGetCount)(int*) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice*, int) = nullptr;
  CUresult (*cuDeviceGetName)(char*, int, CUdevice) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int*, int, CUdevice) = nullptr;
  CUresult (*cuDeviceTotalMem)(std::size_t*, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext*, CUdevice) = nullptr;
  CUresult (*cuCtxSetCurrent)(CUcontext) = nullptr;
  CUresult (*cuCtxSynchronize)() = nullptr;
  CUresult (*cuModuleLoadData)(CUmodule*, const void*) = nullptr;
  CUresult (*cuModuleUnload)(CUmodule) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction*, CUmodule, const char*) = nullptr;
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                             void**, void**) = nullptr;
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int) = nullptr;
  CUresult (*cuMemAlloc)(CUdeviceptr*, std::size_t) = nullptr;
  CUresult (*cuMemFree)(CUdeviceptr) = nullptr;
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void*, std::size_t) = nullptr;
  CUresult (*cuMemcpyDtoH)(void*, CUdeviceptr, std::size_t) = nullptr;
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, std::size_t) = nullptr;
  CUresult (*cuEventCreate)(CUevent*, unsigned) = nullptr;
  CUresult (*cuEventDestroy)(CUevent) = nullptr;
  CUresult (*cuEventRecord)(CUevent, CUstream) = nullptr;
  CUresult (*cuEventSynchronize)(CUevent) = nullptr;
  CUresult (*cuEventElapsedTime)(float*, CUevent, CUevent) = nullptr;
  CUresult (*cuGetErrorName)(CUresult, const char**) = nullptr;

  /// "CUDA_ERROR_OUT_OF_MEMORY" for a result code (the number when the name is unknown).
  std::string errorName(CUresult result) const;
};

/// What loading the driver found. Loaded once per process; thread-safe.
struct DriverStatus {
  const DriverApi* api = nullptr;  // null when unavailable
  int deviceCount = 0;
  std::string problem;  // why the CUDA backend cannot run; empty when it can

  bool usable() const { return api && deviceCount > 0 && problem.empty(); }
};

const DriverStatus& driverStatus();

/// The device's figures as a DeviceProfile named "detected" (nullopt without a usable device).
/// Figures the driver does not report fall back to the built-in profile of the same GPU family.
std::optional<scheduler::DeviceProfile> detectDeviceProfile(int device = 0);

/// The message every CUDA entry point gives when there is no device, with the hint to use
/// the CPU backend.
std::string noDeviceMessage(const DriverStatus& status);

}  // namespace segscope::exec::cuda
