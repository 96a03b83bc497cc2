// The stages' names, as progress and reports print them.
#include "pipeline/stage_instrumentation.h"

namespace segscope::pipeline {

std::string_view stageName(Stage stage) {
  switch (stage) {
    case Stage::Load: return "load";
    case Stage::Concretize: return "concretize";
    case Stage::PreSegmenter: return "pre_segmenter";
    case Stage::Segment: return "segment";
  }
  return "?";
}

}  // namespace segscope::pipeline
