// `export-torch`: the fusion as a PyTorch module (cli/export_torch.cpp does the writing).
#include "cli/commands/commands.h"

#include "cli/commands/common.h"
#include "cli/export_torch.h"

namespace segscope::cli {

int exportTorchCommand(const Arguments& args) {
  auto script = load(args.file);
  if (!script) return kBadInput;
  return exportTorch(args, *script);
}

}  // namespace segscope::cli
