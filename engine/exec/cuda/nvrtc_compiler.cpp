// NVRTC compilation with a two-level cache keyed by a hash of (source, arch, NVRTC version).
#include "exec/cuda/nvrtc_compiler.h"

#include "exec/cuda/dynamic_library.h"

#include <nvrtc.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <unordered_map>
#include <vector>

#include <unistd.h>

namespace segscope::exec::cuda {

namespace {

namespace fs = std::filesystem;

// NVRTC is opened on first use, not linked: relocating its ~100 MB at every start cost each
// command (`segment` on a small file, `--help`) about 35 ms, and most commands never compile.
struct Nvrtc {
  decltype(&::nvrtcVersion) version = nullptr;
  decltype(&::nvrtcGetErrorString) errorString = nullptr;
  decltype(&::nvrtcCreateProgram) createProgram = nullptr;
  decltype(&::nvrtcCompileProgram) compileProgram = nullptr;
  decltype(&::nvrtcDestroyProgram) destroyProgram = nullptr;
  decltype(&::nvrtcGetProgramLogSize) programLogSize = nullptr;
  decltype(&::nvrtcGetProgramLog) programLog = nullptr;
  decltype(&::nvrtcGetPTXSize) ptxSize = nullptr;
  decltype(&::nvrtcGetPTX) ptx = nullptr;
  decltype(&::nvrtcGetCUBINSize) cubinSize = nullptr;
  decltype(&::nvrtcGetCUBIN) cubin = nullptr;
  std::string problem;  // why it could not be loaded; empty when it was
};

// The library found when Segscope was configured, then the same file name on the loader's
// search path (a toolkit installed elsewhere).
void* openNvrtcLibrary(std::string& problem) {
  const std::string configured = SEGSCOPE_NVRTC_LIBRARY_PATH;
  std::string tried;
  void* lib = openFirstLibrary({configured, fs::path(configured).filename().string()}, tried);
  if (!lib) problem = "NVRTC cannot be loaded (kernels are compiled with it): tried " + tried;
  return lib;
}

const Nvrtc& nvrtc() {
  static const Nvrtc api = [] {
    Nvrtc a;
    void* lib = openNvrtcLibrary(a.problem);
    if (!lib) return a;
    a.problem.clear();
    std::string missing;
    resolveSymbol(lib, "nvrtcVersion", a.version, missing);
    resolveSymbol(lib, "nvrtcGetErrorString", a.errorString, missing);
    resolveSymbol(lib, "nvrtcCreateProgram", a.createProgram, missing);
    resolveSymbol(lib, "nvrtcCompileProgram", a.compileProgram, missing);
    resolveSymbol(lib, "nvrtcDestroyProgram", a.destroyProgram, missing);
    resolveSymbol(lib, "nvrtcGetProgramLogSize", a.programLogSize, missing);
    resolveSymbol(lib, "nvrtcGetProgramLog", a.programLog, missing);
    resolveSymbol(lib, "nvrtcGetPTXSize", a.ptxSize, missing);
    resolveSymbol(lib, "nvrtcGetPTX", a.ptx, missing);
    resolveSymbol(lib, "nvrtcGetCUBINSize", a.cubinSize, missing);
    resolveSymbol(lib, "nvrtcGetCUBIN", a.cubin, missing);
    if (!missing.empty()) a.problem = "NVRTC is too old: missing " + missing;
    return a;
  }();
  return api;
}

struct Cache {
  std::mutex mutex;
  std::unordered_map<std::string, CompiledKernel> entries;
  CompileCacheStats stats;
};

Cache& cache() {
  static Cache c;
  return c;
}

// FNV-1a, 64 bit: stable across runs and machines (std::hash is not).
std::uint64_t fnv1a(const std::string& s, std::uint64_t h = 0xcbf29ce484222325ull) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string cacheKey(const std::string& source, const std::string& arch) {
  // Two differently seeded hashes: 128 bits make an accidental collision negligible.
  const std::string text = source + '\0' + arch + '\0' + nvrtcVersionString();
  return hex(fnv1a(text)) + hex(fnv1a(text, 0x84222325cbf29ce4ull));
}

// "sm_90" → "compute_90": PTX comes from a virtual architecture.
std::string virtualArch(const std::string& arch) {
  if (arch.rfind("sm_", 0) == 0) return "compute_" + arch.substr(3);
  return arch;
}

std::string nvrtcLog(nvrtcProgram prog) {
  std::size_t size = 0;
  if (nvrtc().programLogSize(prog, &size) != NVRTC_SUCCESS || size <= 1) return {};
  std::string log(size, '\0');
  if (nvrtc().programLog(prog, log.data()) != NVRTC_SUCCESS) return {};
  log.resize(size - 1);
  return log;
}

std::optional<std::string> readDisk(const std::string& key) {
  const std::string dir = kernelCacheDir();
  if (dir.empty()) return std::nullopt;
  std::ifstream in(fs::path(dir) / (key + ".ptx"), std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  std::string ptx = s.str();
  if (ptx.empty()) return std::nullopt;
  return ptx;
}

// Write to a unique temporary name, then rename: readers never see a partial file, and
// two processes compiling the same kernel both end with a complete one.
void writeDisk(const std::string& key, const std::string& ptx) {
  const std::string dir = kernelCacheDir();
  if (dir.empty()) return;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return;
  static std::atomic<int> counter{0};
  const fs::path tmp =
      fs::path(dir) / (key + ".ptx.tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return;
    out.write(ptx.data(), static_cast<std::streamsize>(ptx.size()));
    if (!out) {
      fs::remove(tmp, ec);
      return;
    }
  }
  fs::rename(tmp, fs::path(dir) / (key + ".ptx"), ec);
  if (ec) fs::remove(tmp, ec);
}

struct NvrtcOutput {
  std::string ptx, cubin, log;
};

std::string programBytes(nvrtcProgram prog, nvrtcResult (*sizeOf)(nvrtcProgram, std::size_t*),
                         nvrtcResult (*get)(nvrtcProgram, char*)) {
  std::size_t size = 0;
  std::string bytes;
  if (sizeOf(prog, &size) != NVRTC_SUCCESS || size == 0) return bytes;
  bytes.resize(size);
  if (get(prog, bytes.data()) != NVRTC_SUCCESS) bytes.clear();
  return bytes;
}

// `archOption` picks the output: a virtual architecture ("--gpu-architecture=compute_90")
// gives PTX, a real one ("-arch=sm_90") a CUBIN assembled by ptxas.
Result<NvrtcOutput> runNvrtc(const Kernel& kernel, const std::string& arch, const std::string& archOption,
                             bool verbosePtxas) {
  const Nvrtc& api = nvrtc();
  if (!api.problem.empty()) return makeError(api.problem);
  nvrtcProgram prog = nullptr;
  nvrtcResult r = api.createProgram(&prog, kernel.source.c_str(), (kernel.name + ".cu").c_str(), 0, nullptr, nullptr);
  if (r != NVRTC_SUCCESS)
    return makeError("nvrtc: cannot create the program for " + kernel.name + ": " + api.errorString(r));
  std::vector<const char*> options{"-std=c++17", archOption.c_str(), "-default-device"};
  if (verbosePtxas) options.push_back("-Xptxas=-v");
#ifdef SEGSCOPE_CUDA_INCLUDE_DIR
  const std::string include = std::string("--include-path=") + SEGSCOPE_CUDA_INCLUDE_DIR;
  options.push_back(include.c_str());
#endif
  r = api.compileProgram(prog, static_cast<int>(options.size()), options.data());
  NvrtcOutput out;
  out.log = nvrtcLog(prog);
  if (r != NVRTC_SUCCESS) {
    api.destroyProgram(&prog);
    return makeError("nvrtc: compiling " + kernel.name + " for " + arch + " failed (" + api.errorString(r) + "):\n" +
                     out.log);
  }
  out.ptx = programBytes(prog, api.ptxSize, api.ptx);
  if (!out.ptx.empty()) out.ptx.resize(out.ptx.size() - 1);  // drop the terminating NUL
  if (verbosePtxas) out.cubin = programBytes(prog, api.cubinSize, api.cubin);
  api.destroyProgram(&prog);
  return out;
}

}  // namespace

std::string nvrtcVersionString() {
  int major = 0, minor = 0;
  if (!nvrtc().problem.empty() || nvrtc().version(&major, &minor) != NVRTC_SUCCESS) return "unknown";
  return std::to_string(major) + "." + std::to_string(minor);
}

std::string kernelCacheDir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/segscope/kernels";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/segscope/kernels";
  return {};
}

CompileCacheStats compileCacheStats() {
  std::lock_guard lock(cache().mutex);
  return cache().stats;
}

void clearMemoryKernelCache() {
  std::lock_guard lock(cache().mutex);
  cache().entries.clear();
}

Result<CompiledKernel> compileToPtx(const Kernel& kernel, const std::string& arch) {
  if (!nvrtc().problem.empty()) return makeError(nvrtc().problem);
  const std::string key = cacheKey(kernel.source, arch);
  Cache& c = cache();
  {
    std::lock_guard lock(c.mutex);
    if (auto it = c.entries.find(key); it != c.entries.end()) {
      ++c.stats.memoryHits;
      CompiledKernel hit = it->second;
      hit.cacheHit = true;
      hit.fromDisk = false;
      hit.log.clear();
      return hit;
    }
  }
  CompiledKernel out;
  out.name = kernel.name;
  out.cacheKey = key;
  if (auto ptx = readDisk(key)) {
    out.ptx = std::move(*ptx);
    out.cacheHit = true;
    out.fromDisk = true;
  } else {
    SEGSCOPE_TRY(NvrtcOutput compiled, runNvrtc(kernel, arch, "--gpu-architecture=" + virtualArch(arch), false));
    if (compiled.ptx.empty()) return makeError("nvrtc: no PTX for " + kernel.name);
    out.ptx = std::move(compiled.ptx);
    out.log = std::move(compiled.log);
    writeDisk(key, out.ptx);
  }
  std::lock_guard lock(c.mutex);
  ++(out.fromDisk ? c.stats.diskHits : c.stats.compiles);
  c.entries[key] = out;
  return out;
}

Result<AssembledKernel> compileToCubin(const Kernel& kernel, const std::string& arch) {
  if (arch.rfind("sm_", 0) != 0) return makeError("a CUBIN needs a real architecture (sm_XY), not " + arch);
  SEGSCOPE_TRY(NvrtcOutput compiled, runNvrtc(kernel, arch, "-arch=" + arch, true));
  if (compiled.cubin.empty()) return makeError("nvrtc: no CUBIN for " + kernel.name + " on " + arch);
  AssembledKernel out;
  out.name = kernel.name;
  out.cubin = std::move(compiled.cubin);
  out.resources = parsePtxasInfo(compiled.log, kernel.name);
  out.log = std::move(compiled.log);
  return out;
}

}  // namespace segscope::exec::cuda
