// nvFuser's kernels and their times, as profilers print them: `nsys stats` CSV reports and
// NVFUSER_PROF=print tables, wherever they sit in a log.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace segscope::nvlog {

/// One of nvFuser's kernels, `nvfuser_<scheduler>_f<F>_c<C>_r<R>_g<G>` (csrc/runtime/
/// compiled_kernel.cpp createKernelId: fusion, concrete, runtime and group ids), and its time.
struct KernelTime {
  std::string name;
  std::string scheduler;  // as in the name ("inner_persistent")
  int fusion = -1, concrete = -1, runtime = -1, group = -1;
  double ms = 0;  // the median of its samples
  int samples = 0;
  std::vector<int> lines;  // where its samples are, 1-based
  std::string source;      // "nsys cuda_gpu_kern_sum", "nsys cuda_gpu_trace", "NVFUSER_PROF=print"
};

/// Parses `nvfuser_<scheduler>_f<F>_c<C>_r<R>_g<G>` at `text` (a kernel's name, maybe followed by
/// its parameters); false when it is not one.
bool parseKernelName(std::string_view text, KernelTime& out);

/// Every nvFuser kernel the text times, one entry per name with the median of its samples:
/// rows of `nsys stats` CSV reports (cuda_gpu_kern_sum: "Med (ns)" or "Avg (ns)"; cuda_gpu_trace:
/// "Duration (ns)") under their header line, and rows of NVFUSER_PROF=print tables (the column
/// under "S-KerTm(ms)", csrc/fusion_profiler.cpp:322-349).
/// `tableLines`, when given, receives the header lines of those tables (understood, not dumps).
std::vector<KernelTime> readKernelTimes(std::string_view text, std::vector<int>* tableLines = nullptr);

}  // namespace segscope::nvlog
