// segscope-cli: the headless entry point (scripting, CI and tests).
#include <iostream>

#include "cli/arguments.h"
#include "cli/commands/commands.h"
#include "cli/huge_pages.h"

int main(int argc, char** argv) {
  using namespace segscope::cli;
  preferHugePages();
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    (args.empty() ? std::cerr : std::cout) << usageText();
    return args.empty() ? kBadInput : kOk;
  }
  auto parsed = parseArguments(args);
  if (!parsed) {
    std::cerr << "segscope-cli: error: " << parsed.error().message << "\n\n" << usageText();
    return kBadInput;
  }
  return runCommand(parsed.value());
}
