// A scheduler's answer to "can you take this segment?", with the reason when it cannot.
#pragma once

#include <string>
#include <utility>

namespace segscope::scheduler {

/// Rejections carry a user-facing sentence naming the values involved; the debugger shows it.
struct Verdict {
  bool ok = true;
  std::string reason;

  static Verdict accept() { return Verdict{}; }
  static Verdict reject(std::string why) { return Verdict{false, std::move(why)}; }
  explicit operator bool() const { return ok; }
};

}  // namespace segscope::scheduler
