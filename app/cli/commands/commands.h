// segscope-cli's commands, one file each under app/cli/commands/; each returns the process exit
// code (0 ok, 1 runtime failure, 2 bad input). The library segscope_cli holds them; the executable
// is app/cli/main.cpp alone, and tests link the library.
#pragma once

#include "cli/arguments.h"

namespace segscope::cli {

enum ExitCode { kOk = 0, kRuntimeFailure = 1, kBadInput = 2 };

/// Runs `args.command`.
int runCommand(const Arguments& args);

int info(const Arguments& args);
int run(const Arguments& args);
int printIr(const Arguments& args);
int runPasses(const Arguments& args);
/// `--disable-pass help` (any command): the pre-segmentation passes in run order, each with what it does.
int listPasses();
int writeTrace(const Arguments& args);
int schedule(const Arguments& args);
int segment(const Arguments& args);
int exportSegments(const Arguments& args);
int printScript(const Arguments& args);
int regionsCommand(const Arguments& args);
/// A PyTorch FX graph printout (post-grad graph, tlparse artifact, TORCH_LOGS output) rather
/// than an nvFuser script: `regions` and `info` take it (fx_graph.cpp).
bool isFxFile(const std::string& path);
int fxRegionsCommand(const Arguments& args);
int fxInfoCommand(const Arguments& args);
int exportTorchCommand(const Arguments& args);
int whyApart(const Arguments& args);
int compareSegmentations(const Arguments& args);
int compareLog(const Arguments& args);
/// segscope-cli model INPUT...: every fusion of a model run in one table (comparison/model_run.h).
int modelRun(const Arguments& args);

}  // namespace segscope::cli
