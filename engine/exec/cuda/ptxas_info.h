// What ptxas says about a kernel it assembled (registers, barriers, stack, spills, static
// shared memory), read from its verbose log. Plain C++: parsed and tested without the toolkit.
#pragma once

#include <cstdint>
#include <string>

namespace segscope::exec::cuda {

struct KernelResources {
  int registers = -1;  // -1: ptxas did not say (no verbose log)
  int barriers = 0;
  std::int64_t stackBytes = 0;
  std::int64_t spillStoreBytes = 0, spillLoadBytes = 0;
  std::int64_t sharedBytes = 0;    // static shared memory (the dynamic part is the launch's)
  std::int64_t constantBytes = 0;  // cmem[0]: the kernel's parameters and constants
  bool spills() const { return spillStoreBytes > 0 || spillLoadBytes > 0; }
  /// "72 registers, 0 B stack, no spills, 1024 B shared, 1 barrier"
  std::string describe() const;
};

/// The resources ptxas -v reported for the entry `kernel` in `log` (the lines after
/// "Compiling entry function '<kernel>'" up to the next entry).
KernelResources parsePtxasInfo(const std::string& log, const std::string& kernel);

}  // namespace segscope::exec::cuda
