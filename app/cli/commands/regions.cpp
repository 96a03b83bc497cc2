// `regions`: the fusible regions of the segmented fusion and how each sits on the segments.
#include "cli/commands/commands.h"

#include <cstdio>
#include <iostream>

#include "cli/commands/common.h"
#include "cli/report.h"
#include "support/text.h"

namespace segscope::cli {
namespace {

std::string idList(const std::vector<int>& ids) {
  if (ids.empty()) return "-";
  std::string s;
  for (int id : ids) s += (s.empty() ? "" : ",") + std::to_string(id);
  return s;
}

// Names, at most `limit` of them, then "(+N more)": a region can have hundreds of inputs.
std::string valList(const std::vector<const ir::Val*>& vals, std::size_t limit = 8) {
  std::string s;
  for (std::size_t i = 0; i < vals.size() && i < limit; ++i) s += (s.empty() ? "" : " ") + vals[i]->name();
  if (vals.size() > limit) s += " (+" + std::to_string(vals.size() - limit) + " more)";
  return s.empty() ? "-" : s;
}

void printRegions(const regions::RegionAnalysis& a, const std::vector<regions::RegionComparison>& cmp,
                  std::size_t segments) {
  std::printf(
      "%s: %zu region%s on %s (%.0f GB/s): %s cross region boundaries, %s; the segmentation has %zu segment%s\n",
      a.fusion->name().c_str(), a.regions.size(), a.regions.size() == 1 ? "" : "s", a.profile.c_str(),
      a.dramBandwidthGBps, support::exactBytesText(a.totalBytes).c_str(), support::durationText(a.totalCostMs).c_str(),
      segments, segments == 1 ? "" : "s");
  if (a.regions.empty()) return;
  std::printf("  %-6s %4s  %-12s %-10s %-13s %-12s %s\n", "region", "ops", "bytes", "cost", "kept on chip", "segments",
              "splits");
  for (std::size_t i = 0; i < a.regions.size(); ++i) {
    const regions::Region& r = a.regions[i];
    const regions::RegionComparison& c = cmp[i];
    std::printf("  %-6d %4zu  %-12s %-10s %-13s %-12s %s\n", r.id, r.members.size(),
                support::exactBytesText(r.bytes).c_str(), support::durationText(r.costMs).c_str(),
                support::exactBytesText(c.bytesKeptOnChip).c_str(), idList(c.segments).c_str(),
                idList(c.splits).c_str());
    std::printf("         reads %s; writes %s\n", valList(r.inputs).c_str(), valList(r.outputs).c_str());
  }
}

}  // namespace

// Regions of the fusion the segmenter produced, so members and segments share expr ids.
int regionsCommand(const Arguments& args) {
  if (args.value("--svg") || args.value("--dot")) {
    std::cerr << "error: regions --svg/--dot draws a PyTorch FX graph; for a fusion, segment --svg/--dot draws it\n";
    return kBadInput;
  }
  int code = kOk;
  auto p = sessionFor(args, code);
  if (!p) return code;
  auto regions = p->finalRegions();
  if (!regions) {
    std::cerr << args.file << ": error: " << regions.error().message << "\n";
    return kRuntimeFailure;
  }
  const regions::RegionAnalysis& analysis = *regions->analysis;
  const auto& comparisons = regions->comparisons;
  if (args.value("--json") != std::optional<std::string>("-"))  // JSON on stdout stands alone
    printRegions(analysis, comparisons, p->segmentation->segmentation.segments.size());
  if (auto st = writeOutput(args.value("--json"), regionsJson(analysis, comparisons)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

}  // namespace segscope::cli
