// Fusion regions (PyTorch inductor's overlap-scheduling analysis on our IR): connected runs of
// fusible ops, what crosses their boundary, and its cost at the device's DRAM bandwidth.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/fusion.h"
#include "ir/input_spec.h"
#include "scheduler/device_profile.h"
#include "scheduler/runtime_info.h"
#include "support/result.h"

namespace segscope::regions {

/// What an op is to the region analysis.
enum class OpClass {
  Fusible,     // pointwise, reductions, views, slice/pad/cat, gather/index/embedding-like lookups
  Barrier,     // matmul, linear, sdpa, cumsum: library or host-only tensor ops; they end a run
  HostScalar,  // only scalar outputs (size, extent arithmetic): evaluated on the host before any
               // launch, so they neither join a region nor end a run
};

OpClass classify(const ir::Expr* e);
std::string_view opClassName(OpClass c);

struct Region {
  int id = -1;
  /// Member ops in topological order (their position in Fusion::exprs()).
  std::vector<const ir::Expr*> members;
  /// Tensors the members read that no member produces (constants and scalars excluded).
  std::vector<const ir::Val*> inputs;
  /// Member results read outside the region or returned by the fusion.
  std::vector<const ir::Val*> outputs;
  /// Ops outside the region that read one of its outputs, in topological order.
  std::vector<const ir::Expr*> users;
  /// Bytes of the inputs plus the outputs: what the region reads from and writes to DRAM.
  std::int64_t bytes = 0;
  double costMs = 0.0;
};

struct RegionAnalysis {
  const ir::Fusion* fusion = nullptr;  // not owned
  std::string profile;
  double dramBandwidthGBps = 0.0;
  std::vector<Region> regions;  // ids 0..n-1, ordered by their first member
  std::int64_t totalBytes = 0;
  double totalCostMs = 0.0;
};

/// Bytes a tensor occupies in memory at the bound sizes: elements times element size, with
/// expanded-broadcast (stride 0) dims counted once. 0 for scalars and unknown values.
std::int64_t tensorBytes(const ir::Val* v, const scheduler::RuntimeInfo& rt);

/// Milliseconds to move `bytes` at the profile's DRAM bandwidth (GB/s, 10^9 bytes).
double transferMs(std::int64_t bytes, const scheduler::DeviceProfile& device);

/// The regions of `fusion`. `rt` must be bound to this fusion. Regions of one op and regions
/// moving zero tensor bytes are dropped.
RegionAnalysis findRegions(const ir::Fusion& fusion, const scheduler::RuntimeInfo& rt,
                           const scheduler::DeviceProfile& device);

/// Binds the input specs first; fails when they do not fit the fusion.
Result<RegionAnalysis> findRegions(const ir::Fusion& fusion, const std::vector<ir::InputSpec>& inputs,
                                   const scheduler::DeviceProfile& device);

}  // namespace segscope::regions
