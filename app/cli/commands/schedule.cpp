// `schedule`: every scheduler's verdict on the whole fusion.
#include "cli/commands/commands.h"

#include <cstdio>
#include <iostream>

#include "cli/commands/common.h"
#include "cli/report.h"

namespace segscope::cli {

int schedule(const Arguments& args) {
  auto session = loadThroughPasses(args);  // the pipeline checks --profile
  if (!session) return kBadInput;
  const frontend::Script* script = &session->script;
  auto proposed = pipeline::wholeFusionProposal(*session);
  if (!proposed) {
    std::cerr << args.file << ": error: " << proposed.error().message << "\n";
    return kRuntimeFailure;
  }
  const scheduler::Proposal& proposal = proposed.value();
  std::cout << script->fusion->name() << " (" << script->fusion->exprs().size() << " ops) on " << session->profile->name
            << ": "
            << (proposal.accepted == scheduler::SchedulerType::None
                    ? std::string("no scheduler takes the whole fusion; the segmenter must split it")
                    : "one " + std::string(scheduler::schedulerName(proposal.accepted)) + " kernel")
            << "\n";
  for (const scheduler::SchedulerVerdict& v : proposal.verdicts) {
    const std::string name(scheduler::schedulerName(v.type));
    const char* outcome = v.verdict.ok ? "accepts" : (v.compileTimeOnly ? "refuses" : "refuses at run time");
    std::printf("  %-24s %-20s %s\n", name.c_str(), outcome, v.verdict.reason.c_str());
  }
  if (auto st = writeOutput(args.value("--json"), scheduleJson(proposal, session->profile->name, args.file)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

}  // namespace segscope::cli
