// Names of the segmentation options as the CLI and JSON spell them.
#include "segmenter/segmentation.h"

namespace segscope::segmenter {

std::string_view scalarModeName(ScalarMode mode) {
  return mode == ScalarMode::HostSegment ? "host_segment" : "duplicate";
}

bool scalarModeFromName(std::string_view name, ScalarMode& mode) {
  if (name == "host_segment")
    mode = ScalarMode::HostSegment;
  else if (name == "duplicate")
    mode = ScalarMode::Duplicate;
  else
    return false;
  return true;
}

std::string_view segmentKindName(const Segment& segment) {
  if (segment.hostScalars) return "host_scalars";
  return segment.host ? "expr_eval" : "kernel";
}

std::string schedulerOrKind(const Segment& segment) {
  return std::string(segment.hostScalars ? "host_scalars" : scheduler::schedulerName(segment.scheduler));
}

std::string segmentCountText(const Segmentation& segmentation) {
  std::size_t count = 0;
  bool hostScalars = false;
  for (const Segment& s : segmentation.segments) {
    if (s.hostScalars)
      hostScalars = true;
    else
      ++count;
  }
  return std::to_string(count) + (count == 1 ? " segment" : " segments") + (hostScalars ? " + host scalars" : "");
}

}  // namespace segscope::segmenter
