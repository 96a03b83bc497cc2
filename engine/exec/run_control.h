// Progress and cancellation of a long run, shared between the thread that runs it and the
// shell that shows it: plain atomics, polled, so a backend never calls back into a GUI.
#pragma once

#include <atomic>
#include <cstdint>

#include "support/result.h"

namespace segscope::exec {

class RunControl {
 public:
  /// Asks the run to stop at the next segment boundary; it then fails with cancelledError().
  void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }

  /// Work is counted in segment runs: segments × (warm-up + timed runs + the reference run).
  void setTotal(std::int64_t units) { total_.store(units, std::memory_order_relaxed); }
  void advance(std::int64_t units = 1) { done_.fetch_add(units, std::memory_order_relaxed); }
  std::int64_t total() const { return total_.load(std::memory_order_relaxed); }
  std::int64_t done() const { return done_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> cancelled_{false};
  std::atomic<std::int64_t> total_{0};
  std::atomic<std::int64_t> done_{0};
};

inline Error cancelledError() { return makeError("the run was cancelled"); }

/// True when `control` asks to stop (a null control never does).
inline bool stopRequested(const RunControl* control) { return control && control->cancelled(); }

}  // namespace segscope::exec
