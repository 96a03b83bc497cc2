// `script`: the fusion written back as a definition script.
#include "cli/commands/commands.h"

#include <iostream>

#include "cli/commands/common.h"
#include "pipeline/exports.h"

namespace segscope::cli {

int printScript(const Arguments& args) {
  auto script = load(args.file);
  if (!script) return kBadInput;
  const std::string text = pipeline::definitionScript(*script);
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
