// `trace`: the recorded steps as JSON (--json) and one SVG per step (--svg-dir).
#include "cli/commands/commands.h"

#include <iostream>

#include "cli/commands/common.h"
#include "cli/graph_export.h"
#include "cli/report.h"
#include "trace/trace_json.h"

namespace segscope::cli {

int writeTrace(const Arguments& args) {
  int code = kOk;
  auto p = sessionFor(args, code);
  if (!p) return code;
  const trace::Trace& t = *p->trace;
  if (auto st = writeOutput(args.value("--json"), trace::traceToJson(t)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  if (const auto dir = args.value("--svg-dir")) {
    auto written = exportStepSvgs(*p, *dir);
    if (!written) {
      std::cerr << "segscope-cli: error: " << written.error().message << "\n";
      return graphExportAvailable() ? kRuntimeFailure : kBadInput;
    }
    std::cerr << "drew " << written.value() << " steps into " << *dir << "\n";
  }
  std::cerr << "recorded " << t.size() << " steps (" << t.modifyingSteps().size() << " changed the fusion)\n";
  return kOk;
}

}  // namespace segscope::cli
