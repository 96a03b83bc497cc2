// `compare-log FILE NVFUSER_LOG`: nvFuser's final segmentation, as its own log states it, beside
// Segscope's for the same script; exit 0 when they agree, 1 when they differ.
#include <iostream>

#include "cli/commands/commands.h"
#include "cli/commands/common.h"
#include "cli/report.h"
#include "comparison/log_comparison.h"

namespace segscope::cli {

int compareLog(const Arguments& args) {
  if (args.files.size() != 2) {
    std::cerr << "segscope-cli: error: usage: segscope-cli compare-log FILE NVFUSER_LOG (the log of "
                 "NVFUSER_DUMP=segmenter_logging,segmented_fusion for FILE)\n";
    return kBadInput;
  }
  const std::string& logPath = args.files[1];
  int runtime = -1;
  if (auto r = args.value("--runtime")) {
    try {
      runtime = std::stoi(*r) - 1;
    } catch (...) {
      runtime = -2;
    }
    if (runtime < 0) {
      std::cerr << "segscope-cli: error: --runtime wants a runtime's number, from 1 (got '" << *r << "')\n";
      return kBadInput;
    }
  }
  auto log = comparison::readNvFuserLog(logPath);
  if (!log) {
    std::cerr << logPath << ":" << log.error().loc.line << ":" << log.error().loc.column
              << ": error: " << log.error().message << "\n";
    return kBadInput;
  }
  int exitCode = kOk;
  auto session = sessionFor(args, exitCode);
  if (!session) return exitCode;
  auto comparison = comparison::compareWithLog(*session, *log, runtime);
  if (!comparison) {
    std::cerr << logPath << ": error: " << comparison.error().message << "\n";
    return kBadInput;
  }
  std::cout << comparison::comparisonText(*comparison);
  if (auto out = args.value("--json"))
    if (Status written = writeOutput(*out, logComparisonJson(*comparison, args.file)); !written) {
      std::cerr << "segscope-cli: error: " << written.error().message << "\n";
      return kRuntimeFailure;
    }
  return comparison->agree() ? kOk : kRuntimeFailure;
}

}  // namespace segscope::cli
