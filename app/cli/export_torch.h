// segscope-cli export-torch: the fusion as a PyTorch module, plus (--data) its inputs and
// the CPU reference's outputs as .npy files with a manifest, so PyTorch can check Segscope.
#pragma once

#include "cli/arguments.h"
#include "pipeline/session.h"

namespace segscope::cli {

/// Exit code as for every subcommand: 0 ok, 1 runtime failure, 2 bad input.
int exportTorch(const Arguments& args, const frontend::Script& script);

}  // namespace segscope::cli
