// `passes`: each pre-segmentation pass with what it changed (--diff: the IR diff); the list of
// passes with what each does (--disable-pass help).
#include "cli/commands/commands.h"

#include <cstdio>
#include <iostream>

#include "cli/commands/common.h"
#include "cli/report.h"

namespace segscope::cli {

int listPasses() {
  std::cout << "pre-segmentation passes, in the order they run (--disable-pass NAME switches one off):\n";
  for (const pipeline::PassInfo& p : pipeline::preSegmenterPassList())
    std::cout << "  " << p.name << (p.onByDefault ? "" : " (off unless nvFuser's options turn it on)") << "\n      "
              << p.description << "\n";
  return kOk;
}

int runPasses(const Arguments& args) {
  auto session = loadThroughPasses(args);
  if (!session) return kBadInput;
  const trace::Trace& t = *session->trace;
  std::printf("%-44s %-9s %-16s %s\n", "pass", "modified", "ops", "time");
  for (const trace::Step& s : t.steps()) {
    if (s.kind != trace::StepKind::Pass) continue;
    const std::string ops = std::to_string(s.exprsBefore) + " -> " + std::to_string(s.exprsAfter);
    std::printf("%-44s %-9s %-16s %.3f ms\n", s.name.c_str(), s.skipped ? "disabled" : (s.modified ? "yes" : "no"),
                ops.c_str(), s.milliseconds);
    for (const std::string& line : s.log)
      if (!s.skipped) std::printf("    %s\n", line.c_str());
    const auto diff = args.has("--diff") && s.modified ? session->diffOf(static_cast<std::size_t>(s.index)) : nullptr;
    if (diff && diff->fusion) {
      const std::string text = diff->fusion->toText();
      for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t nl = text.find('\n', pos);
        std::printf("      %s\n", text.substr(pos, nl - pos).c_str());
        pos = nl == std::string::npos ? text.size() : nl + 1;
      }
    }
  }
  for (const trace::Step& s : t.steps())
    if (!s.verifyError.empty()) {
      std::cerr << args.file << ": error: verify failed after " << s.name << ": " << s.verifyError << "\n";
      return kRuntimeFailure;
    }
  if (auto st = writeOutput(args.value("--json"), passesJson(t, args.file)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

}  // namespace segscope::cli
