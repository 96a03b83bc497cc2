// libFuzzer target: the nvFuser log reader on arbitrary text. It must never crash or hang; a
// rejection must say why, at line 1; what it reads must point at lines the text has.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "nvlog/nvlog.h"

namespace {

void checkLine(int line, int lines) {
  if (line < 1 || line > lines) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace segscope;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto log = nvlog::readNvLog(text, "fuzz.log");
  if (!log) {
    if (log.error().message.empty() || log.error().loc.line != 1) std::abort();
    return 0;
  }
  const int lines = log->lines;
  for (const nvlog::UnknownLine& u : log->unknown) checkLine(u.line, lines);
  for (const nvlog::Runtime& rt : log->runtimes) {
    checkLine(rt.line, lines);
    for (const nvlog::Candidate& c : rt.candidates) {
      checkLine(c.line, lines);
      for (const nvlog::LoggedExpr& e : c.exprs) checkLine(e.line, lines);
      for (const nvlog::Rejection& r : c.rejections) checkLine(r.line, lines);
    }
    if (rt.segmented)
      for (const nvlog::GroupDetail& g : rt.segmented->details) {
        checkLine(g.line, lines);
        for (const nvlog::LoggedExpr& e : g.exprs) checkLine(e.line, lines);
      }
  }
  return 0;
}
