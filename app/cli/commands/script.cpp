// `script`: the fusion written back as a definition script.
#include "cli/commands/commands.h"

#include <iostream>

#include "cli/commands/common.h"
#include "frontend/writer.h"

namespace segscope::cli {

int printScript(const Arguments& args) {
  auto script = load(args.file);
  if (!script) return kBadInput;
  frontend::WriteOptions options;
  options.header = script->header;
  const std::string text = frontend::writeScript(*script->fusion, script->inputs, options);
  const auto out = args.value("--out");
  if (!out) {
    std::cout << text;
    return kOk;
  }
  if (auto st = writeOutput(out, text); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

}  // namespace segscope::cli
