// The built-in pass hooks: timing and verification (the runner keeps snapshots itself, see
// PassRunner::SnapshotKeeper).
#include "passes/pass_instrumentation.h"

#include <chrono>

namespace segscope::passes {
namespace {

class PassTiming final : public PassInstrumentation {
 public:
  void beforePass(PassRun&) override { start_ = std::chrono::steady_clock::now(); }
  void afterPass(PassRun& run) override {
    run.step.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

class PassVerifier final : public PassInstrumentation {
 public:
  // A pass that changed nothing cannot have broken the IR (and verify walks the whole fusion).
  void afterPass(PassRun& run) override {
    if (!run.modified) return;
    if (const Status verified = run.fusion.verify(); !verified) {
      run.step.verifyError = verified.error().message;
      run.step.log.push_back("verify failed after " + run.step.name + ": " + run.step.verifyError);
    }
  }
};

}  // namespace

std::shared_ptr<PassInstrumentation> passTiming() { return std::make_shared<PassTiming>(); }
std::shared_ptr<PassInstrumentation> passVerifier() { return std::make_shared<PassVerifier>(); }

}  // namespace segscope::passes
