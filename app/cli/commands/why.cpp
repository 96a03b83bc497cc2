// `why FILE A B`: why two ops (or an op and a segment, `seg:N`) are not in the same segment
// (every merge attempt that held both, with the verdicts that refused it).
#include "cli/commands/commands.h"

#include <iostream>

#include "cli/commands/common.h"
#include "cli/report.h"
#include "pipeline/why_apart.h"

namespace segscope::cli {

int whyApart(const Arguments& args) {
  if (args.files.size() != 3) {
    std::cerr << "segscope-cli: error: usage: segscope-cli why FILE A B (ops by the value they define, e.g. T12 "
                 "T30, or a final segment as seg:N)\n";
    return kBadInput;
  }
  int exitCode = kOk;
  auto session = sessionFor(args, exitCode);
  if (!session) return exitCode;
  auto answer = pipeline::whyApart(*session, args.files[1], args.files[2]);
  if (!answer) {
    std::cerr << args.file << ": error: " << answer.error().message << "\n";
    return kBadInput;
  }
  if (args.value("--json") != std::optional<std::string>("-")) std::cout << pipeline::whyApartText(*answer);
  if (auto st = writeOutput(args.value("--json"), whyApartJson(*answer)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

}  // namespace segscope::cli
