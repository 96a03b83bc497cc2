// The current step of a dock that lists steps (Timeline, Merge log), and the guard that keeps
// the dock's own selection moves (model resets, filters, following the window) from being
// reported as the user's choice: one choice, one signal.
#pragma once

namespace segscope::ui {

class StepChoice {
 public:
  /// While it lives, selection changes are the dock's own; nests (restores what was before).
  class Quiet {
   public:
    explicit Quiet(bool& flag) : flag_(flag), was_(flag) { flag_ = true; }
    ~Quiet() { flag_ = was_; }
    Quiet(const Quiet&) = delete;
    Quiet& operator=(const Quiet&) = delete;

   private:
    bool& flag_;
    bool was_;
  };

  int current() const { return current_; }
  void setCurrent(int step) { current_ = step; }
  [[nodiscard]] Quiet quiet() { return Quiet(quiet_); }

  /// The user chose the row of `step`: true when that is a new step to report (it becomes the
  /// current one); false while quiet, for no step (-1) and for the current step again (a click
  /// moves the current row and then reports the click).
  bool choose(int step) {
    if (quiet_ || step < 0 || step == current_) return false;
    current_ = step;
    return true;
  }

 private:
  int current_ = -1;
  bool quiet_ = false;
};

}  // namespace segscope::ui
