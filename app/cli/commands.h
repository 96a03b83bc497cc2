// segscope-cli subcommands; each returns the process exit code (0 ok, 1 runtime, 2 input).
#pragma once

#include "cli/arguments.h"

namespace segscope::cli {

enum ExitCode { kOk = 0, kRuntimeFailure = 1, kBadInput = 2 };

int runCommand(const Arguments& args);

}  // namespace segscope::cli
