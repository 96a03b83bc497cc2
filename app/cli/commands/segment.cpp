// `segment`: the segmentation summary, its JSON and the segment graph (--svg/--dot).
#include "cli/commands/commands.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli/commands/common.h"
#include "cli/graph_export.h"
#include "cli/report.h"

namespace segscope::cli {
int segment(const Arguments& args) {
  if (const auto view = args.value("--view");
      view && *view != "segments" && *view != "collapsed" && *view != "fusion") {
    std::cerr << "segscope-cli: error: unknown view '" << *view << "'; views are: segments collapsed fusion\n";
    return kBadInput;
  }
  int code = kOk;
  // The summary, the JSON and the segment graph read the segmentation and count the merge
  // steps' outcomes: no snapshots, no per-step verdicts.
  auto p = sessionFor(args, code, /*details=*/false);
  if (!p) return code;
  const segmenter::Segmentation& seg = p->segmentation->segmentation;
  const auto [attempts, refused] = p->trace->mergeCounts();
  if (args.value("--json") != std::optional<std::string>("-")) {  // JSON on stdout stands alone
    std::printf("%s: %s on %s (%s scalars), %d merge attempts (%d refused), %.1f ms\n",
                p->segmentation->fusion->name().c_str(), segmenter::segmentCountText(seg).c_str(),
                p->profile->name.c_str(), std::string(segmenter::scalarModeName(seg.scalarMode)).c_str(), attempts,
                refused, p->segmentation->milliseconds);
    std::string options;
    for (const std::string& n : p->enabledOptionNames()) options += " NVFUSER_ENABLE=" + n;
    for (const std::string& n : p->disabledOptionNames()) options += " NVFUSER_DISABLE=" + n;
    if (!options.empty()) std::printf("  with%s\n", options.c_str());
    for (const segmenter::Segment& s : seg.segments) {
      std::string outs;
      for (const ir::Val* v : s.outputs) outs += (outs.empty() ? "" : ", ") + v->name();
      const std::string kind = segmenter::schedulerOrKind(s);
      std::printf("  segment %-3d %-24s %s%3zu exprs  -> %s\n", s.id, kind.c_str(),
                  s.host && !s.hostScalars ? "host " : "     ", s.exprs.size(), outs.c_str());
    }
  }
  if (auto st = writeOutput(args.value("--json"),
                            segmentJson(seg, p->profile->name, p->segmentEdgeBytes(), p->trace->recordedSteps()));
      !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  if (args.value("--svg") || args.value("--dot")) {
    // A big fusion drawn op by op is an unreadable, enormous picture (10k ops: 64 s and a
    // 440,839 pt tall SVG): above the window's threshold the collapsed view is drawn instead.
    std::string view = args.value("--view").value_or("segments");
    const int ops = static_cast<int>(p->segmentation->fusion->exprs().size());
    if (!args.value("--view") && ops > autoCollapseOps()) {
      view = "collapsed";
      std::cerr << args.file << ": note: " << ops << " ops (over " << autoCollapseOps()
                << "): drawing the collapsed view, one node per segment; --view segments draws every op\n";
    }
    const Status st = exportSegmentGraph(*p, args.value("--svg"), args.value("--dot"), view);
    if (!st) {
      std::cerr << "segscope-cli: error: " << st.error().message << "\n";
      return graphExportAvailable() ? kRuntimeFailure : kBadInput;
    }
  }
  return kOk;
}

}  // namespace segscope::cli
