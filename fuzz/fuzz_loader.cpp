// libFuzzer target: the script loader on arbitrary text. Whatever it accepts must verify, write
// back as a script and load again; whatever it rejects must come back as a diagnostic.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "frontend/script.h"
#include "frontend/writer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace segscope;
  const std::string text(reinterpret_cast<const char*>(data), size);
  frontend::ParseOutcome first = frontend::parseScript(text);
  if (!first.ok()) {
    if (first.error.message.empty()) std::abort();  // a rejection must say why
    return 0;
  }
  if (!first.script->fusion->verify()) std::abort();
  const std::string written = frontend::writeScript(*first.script->fusion, first.script->inputs, {});
  frontend::ParseOutcome second = frontend::parseScript(written);
  if (!second.ok()) std::abort();  // the writer must produce what the loader accepts
  return 0;
}
