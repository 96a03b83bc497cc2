// Pre-segmentation pass infrastructure: the Pass interface, the CRTP base with a per-pass
// enable flag, the scope guard, and the runner that records a Step per pass (its hooks:
// passes/pass_instrumentation.h).
#pragma once

#include <atomic>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ir/fusion.h"
#include "passes/pass_instrumentation.h"
#include "trace/recorder.h"

namespace segscope::passes {

/// Where a pass writes what it did ("folded cast chain T3 -> T5 -> T7 into one cast").
class PassLog {
 public:
  void add(std::string line) { lines_.push_back(std::move(line)); }
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  std::vector<std::string> lines_;
};

class Pass {
 public:
  virtual ~Pass() = default;
  /// Equals the file stem of the pass, e.g. "consecutive_cast".
  virtual std::string_view name() const = 0;
  /// What the pass does, in one line: --disable-pass help, the window's Passes menu and the
  /// pass table of docs/architecture.md (checked by test_passes_infrastructure) all read it.
  virtual std::string_view description() const = 0;
  virtual bool enabled() const = 0;
  virtual void setEnabledFlag(bool on) const = 0;
  /// Rewrites `fusion`; returns true when it changed anything. Must keep verify() true.
  virtual bool run(ir::Fusion& fusion, PassLog& log) const = 0;
};

/// Which passes one run switches off or on against their defaults. It travels by value in
/// the run's options: nvFuser's per-pass flags are process-wide statics (the `flag()` below
/// keeps that as the default), but two Segscope loads on two threads must each get exactly
/// their own choice, so a run never writes a flag.
struct PassSelection {
  std::set<std::string, std::less<>> disabled;
  std::set<std::string, std::less<>> enabled;

  bool isEnabled(const Pass& pass) const {
    if (disabled.count(pass.name())) return false;
    if (enabled.count(pass.name())) return true;
    return pass.enabled();
  }
};

/// CRTP base: Derived supplies `static constexpr std::string_view kName` and `kDescription`,
/// `static constexpr bool kEnabledByDefault` and `static bool runPass(ir::Fusion&, PassLog&)`.
/// Each Derived gets its own atomic flag, so tests and the UI can switch one pass off.
class PassRunner;

template <class Derived>
class OptimizationPass : public Pass {
 public:
  static void setEnabled(bool on) { flag().store(on); }
  static bool getEnabled() { return flag().load(); }
  /// Runs this one pass as the PreSegmenter would: skipped when disabled, timed, verified
  /// and recorded as a Step when `recorder` is given. (Not `runPass`: Derived's own
  /// runPass would hide it.) Returns true when the fusion changed.
  static bool runAndRecord(ir::Fusion& fusion, trace::Recorder* recorder = nullptr);

  std::string_view name() const override { return Derived::kName; }
  std::string_view description() const override { return Derived::kDescription; }
  bool enabled() const override { return getEnabled(); }
  void setEnabledFlag(bool on) const override { setEnabled(on); }
  bool run(ir::Fusion& fusion, PassLog& log) const override { return Derived::runPass(fusion, log); }

 private:
  static std::atomic<bool>& flag() {
    static std::atomic<bool> enabled{Derived::kEnabledByDefault};
    return enabled;
  }
};

/// Sets pass P's flag for the lifetime of the guard and restores the previous value.
template <class P>
class OptimizationPassGuard {
 public:
  explicit OptimizationPassGuard(bool enabled) : previous_(P::getEnabled()) { P::setEnabled(enabled); }
  ~OptimizationPassGuard() { P::setEnabled(previous_); }
  OptimizationPassGuard(const OptimizationPassGuard&) = delete;
  OptimizationPassGuard& operator=(const OptimizationPassGuard&) = delete;

 private:
  bool previous_;
};

/// Runs passes over one fusion, recording a Step for each. Around each pass run its hooks:
/// the snapshot keeper (outermost), the verifier, the caller's own (addInstrumentation), and the
/// timer (innermost, so a pass's time is its own). The keeper holds the latest snapshot, so a
/// pass that changes nothing reuses it instead of copying the fusion again.
class PassRunner {
 public:
  PassRunner(ir::Fusion& fusion, trace::Recorder* recorder, PassSelection selection = {},
             trace::Phase phase = trace::Phase::PreSegmentation);

  /// Runs `pass` once (or records it as skipped when disabled); true when it changed the fusion.
  bool run(const Pass& pass);
  /// Runs `passes` in order, restarting from the first whenever one changes the fusion,
  /// until a whole sweep changes nothing or `maxSweeps` sweeps ran. A summary step says
  /// how it ended (including when the cap was hit). Returns true when anything changed.
  bool runToFixedPoint(const std::vector<const Pass*>& passes, int maxSweeps);
  /// True when the last runToFixedPoint stopped at its cap.
  bool hitCap() const { return hitCap_; }
  /// `current` is a snapshot of the fusion as it is now (the caller recorded one): the first
  /// step's "before" is then that snapshot, not another copy of the whole fusion.
  void startFrom(trace::SnapshotPtr current);
  /// A hook around every later pass run: inside the verifier, outside the timer.
  void addInstrumentation(std::shared_ptr<PassInstrumentation> hook);

 private:
  class SnapshotKeeper;

  ir::Fusion& fusion_;
  trace::Recorder* recorder_;
  PassSelection selection_;
  trace::Phase phase_;
  std::shared_ptr<SnapshotKeeper> snapshots_;
  PassInstrumentations hooks_;  // outermost first; the timer is last
  bool hitCap_ = false;
};

template <class Derived>
bool OptimizationPass<Derived>::runAndRecord(ir::Fusion& fusion, trace::Recorder* recorder) {
  static const Derived instance;
  return PassRunner(fusion, recorder).run(instance);
}

}  // namespace segscope::passes
