// `compare FILE WITH`: the fusion's segmentation beside another (another profile, scalar mode,
// option set, version of the fusion, or nvFuser's from a log), segments matched by their ops.
#include "cli/commands/commands.h"

#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/commands/common.h"
#include "comparison/segmentation_comparison.h"

namespace segscope::cli {

namespace {

nlohmann::json sideJson(const comparison::ComparedSide& side, const std::vector<comparison::SegmentMatch>& matches) {
  nlohmann::json segments = nlohmann::json::array();
  for (std::size_t i = 0; i < side.segments.size(); ++i) {
    const auto& s = side.segments[i];
    segments.push_back({{"id", s.id},
                        {"scheduler", s.scheduler},
                        {"host_scalars", s.hostScalars},
                        {"ops", matches[i].ops},
                        {"ops_only_here", matches[i].opsOnlyHere},
                        {"match", std::string(comparison::matchKindName(matches[i].kind))},
                        {"counterparts", matches[i].counterparts}});
  }
  return {{"label", side.label},
          {"file", side.file},
          {"segment_count", comparison::SegmentationComparison::segmentCount(side)},
          {"segments", segments}};
}

std::string comparisonJson(const comparison::SegmentationComparison& c) {
  nlohmann::json matches = nlohmann::json::array();
  for (const comparison::Match& m : c.matches)
    matches.push_back({{"left", m.left},
                       {"right", m.right},
                       {"kind", std::string(comparison::matchKindName(m.leftKind))},
                       {"text", m.text}});
  nlohmann::json j = {{"left", sideJson(c.left, c.leftSegments)},
                      {"right", sideJson(c.right, c.rightSegments)},
                      {"matches", matches},
                      {"matched_ops", c.matchedOps},
                      {"left_only_ops", c.leftOnlyOps},
                      {"right_only_ops", c.rightOnlyOps},
                      {"same", c.same()},
                      {"differences", c.differences}};
  return j.dump(2) + "\n";
}

}  // namespace

int compareSegmentations(const Arguments& args) {
  if (args.files.size() != 2) {
    std::cerr << "segscope-cli: error: usage: segscope-cli compare FILE WITH (WITH: " << comparison::compareWithUsage()
              << ")\n";
    return kBadInput;
  }
  auto with = comparison::parseCompareWith(args.files[1]);
  if (!with) {
    std::cerr << "segscope-cli: error: " << with.error().message << "\n";
    return kBadInput;
  }
  int exitCode = kOk;
  pipeline::PipelineOptions options;
  auto session = sessionFor(args, exitCode, /*details=*/false, &options);
  if (!session) return exitCode;
  auto comparison = comparison::compareWith(*session, options, *with);
  if (!comparison) {
    std::cerr << "segscope-cli: error: " << comparison.error().message << "\n";
    return kBadInput;
  }
  if (args.value("--json") != std::optional<std::string>("-"))
    std::cout << comparison::segmentationComparisonText(*comparison);
  if (auto st = writeOutput(args.value("--json"), comparisonJson(*comparison)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return comparison->same() ? kOk : kRuntimeFailure;
}

}  // namespace segscope::cli
