// `ir`: the fusion's IR, as loaded or after the passes.
#include "cli/commands/commands.h"

#include <iostream>

#include "cli/commands/common.h"

namespace segscope::cli {

int printIr(const Arguments& args) {
  auto session = loadSession(
      args.file, upTo(args.has("--after-passes") ? pipeline::Stage::PreSegmenter : pipeline::Stage::Concretize));
  if (!session) return kBadInput;
  std::cout << session->script.fusion->print();
  return kOk;
}

}  // namespace segscope::cli
