// The execution seam: what runs a segmented fusion's segments (the CPU reference, CUDA) and
// what it hands back, raw. exec::SegmentRunner turns that into medians and the verify verdict.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "exec/run_control.h"
#include "reference/cpu_reference.h"
#include "reference/host_tensor.h"
#include "segmenter/segmentation.h"
#include "support/result.h"

namespace segscope::exec {

struct RunCounts {
  int warmup = 0;  // untimed runs first
  int repeat = 1;  // timed runs: whole segmented runs on the CPU, launches per segment on CUDA
  /// CPU only: when positive, timed runs stop once they have taken this long (at least one
  /// runs), so `repeat` is an upper bound that scales down with the fusion's cost.
  double budgetMs = 0;
};

/// One kernel launch of a segment (CUDA).
struct LaunchRecord {
  std::string name;
  std::int64_t grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  std::int64_t sharedBytes = 0;
  bool unfused = false;
};

/// One segment as a backend ran it: every timed sample, not yet reduced.
struct SegmentSamples {
  int segment = -1;
  bool host = false;
  std::vector<double> milliseconds;        // one per timed run, in order
  std::int64_t bytesIn = 0, bytesOut = 0;  // tensor bytes read (not just measured) and written
  /// Scalar outputs of host segments, by the complete fusion's names.
  std::vector<std::pair<std::string, ir::ScalarValue>> hostScalars;
  /// Host scalars a kernel segment received as arguments (CUDA), by complete-fusion name.
  std::vector<std::pair<std::string, ir::ScalarValue>> scalarArgs;
  /// "cpu" (the reference), or on CUDA "kernels", "cublaslt", "host".
  std::string execution = "cpu";
  bool fused = true;
  std::string note;                   // why on the host / why unfused
  double compileMilliseconds = 0;     // codegen + compile + module load (CUDA)
  std::vector<LaunchRecord> kernels;  // in launch order
  /// Whether the segment ran on the device (its bandwidth is a fraction of the DRAM peak).
  bool onDevice() const { return execution != "cpu" && execution != "host"; }
};

struct BackendRun {
  std::vector<Value> outputs;            // the complete fusion's outputs, in order
  std::vector<SegmentSamples> segments;  // in run order
};

struct BackendInfo {
  std::string name = "cpu";      // "cpu" or "cuda"
  std::string device;            // the GPU's name ("" on the CPU)
  double dramBandwidthGBps = 0;  // what "% of peak" is of (CUDA only)
};

/// A backend has prepared every segment (exported, compiled) when it is made; run() may then be
/// called many times. The segmentation it was made for must outlive it.
class Backend {
 public:
  virtual ~Backend() = default;
  virtual const BackendInfo& info() const = 0;
  /// How many segments one run goes through (the unit of RunControl's progress).
  virtual std::size_t segmentCount() const = 0;
  /// With a `control`, the run advances it by (warm-up + repeat) per segment and stops with
  /// cancelledError() at the next segment boundary once it is cancelled.
  virtual Result<BackendRun> run(const std::vector<Value>& inputs, const RunCounts& counts,
                                 RunControl* control) const = 0;
};

/// The CPU reference, segment by segment (exec::CpuRunner).
Result<std::unique_ptr<Backend>> makeCpuBackend(const segmenter::Segmentation& segmentation,
                                                const ReferenceOptions& options = {});

}  // namespace segscope::exec
