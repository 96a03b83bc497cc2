// libFuzzer target: the model-run reader on arbitrary text. It must never crash or hang; every
// fusion it finds must point at a line the text has and carry a def (a dump-only fusion: its
// runtimes; an untranslated Thunder region: its problem's line); every diagnostic too.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "model/run_reader.h"

namespace {

void checkLine(int line, std::size_t lines) {
  if (line < 1 || static_cast<std::size_t>(line) > lines) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace segscope;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const model::ModelRun run = model::readModelRunText(text, "fuzz.log");
  const std::size_t lines = std::max<std::size_t>(run.lines, 1);
  for (const model::FusionEntry& e : run.fusions) {
    checkLine(e.line, lines);
    checkLine(e.scriptLine, lines);
    if (e.key.size() != 16 || e.occurrences < 1) std::abort();
    if (e.kind == model::EntryKind::NvFuserDump) {  // nvFuser's view only: its runtimes, no script
      if (e.runtimes.empty() || !e.script.empty()) std::abort();
      continue;
    }
    if (e.problem) {  // a Thunder region that could not be translated says where
      checkLine(e.problem->loc.line, lines);
      continue;
    }
    // The reader takes `def` and the name apart by any spacing (a paste may double a space).
    if (e.script.find("def ") == std::string::npos || e.script.find("nvfuser_") == std::string::npos) std::abort();
    for (const model::SegmentDefinition& s : e.segments) checkLine(s.line, lines);
  }
  for (const Diagnostic& d : run.diagnostics) {
    checkLine(d.loc.line, lines);
    if (d.message.empty()) std::abort();
  }
  return 0;
}
