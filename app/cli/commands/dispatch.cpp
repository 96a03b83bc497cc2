// runCommand: from the command's name to its function.
#include <iostream>

#include "cli/commands/commands.h"
#include "cli/survey.h"

namespace segscope::cli {

int runCommand(const Arguments& args) {
  for (const std::string& pass : args.all("--disable-pass"))
    if (pass == "help" || pass == "list") return listPasses();
  if ((args.command == "info" || args.command == "regions") && isFxFile(args.file))
    return args.command == "info" ? fxInfoCommand(args) : fxRegionsCommand(args);
  if (args.command == "info") return info(args);
  if (args.command == "run") return run(args);
  if (args.command == "ir") return printIr(args);
  if (args.command == "passes") return runPasses(args);
  if (args.command == "trace") return writeTrace(args);
  if (args.command == "schedule") return schedule(args);
  if (args.command == "segment") return segment(args);
  if (args.command == "export-segments") return exportSegments(args);
  if (args.command == "script") return printScript(args);
  if (args.command == "regions") return regionsCommand(args);
  if (args.command == "export-torch") return exportTorchCommand(args);
  if (args.command == "survey") return survey(args);
  if (args.command == "why") return whyApart(args);
  if (args.command == "compare") return compareSegmentations(args);
  if (args.command == "compare-log") return compareLog(args);
  if (args.command == "model") return modelRun(args);
  std::cerr << "error: unknown command '" << args.command << "'\n";
  return kBadInput;
}

}  // namespace segscope::cli
