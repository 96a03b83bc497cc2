// nvFuser's python_definition_segments (one def per segment it ran) lined up with Segscope's
// segments op by op: which of ours holds the same ops, and the first segment that does not.
#pragma once

#include <string>
#include <vector>

#include "model/run_reader.h"
#include "pipeline/session.h"

namespace segscope::comparison {

struct SegmentDefinitionMatch {
  int group = -1;                // nvFuser's `segmented group G`
  int line = 0;                  // of its def in the log
  std::vector<std::string> ops;  // its tensor ops (fd.ops names), sorted
  /// Segscope's segment with the most of these ops (each of ours taken once, in nvFuser's
  /// order); -1 when none shares an op, or the def could not be read.
  int ourSegment = -1;
  std::vector<std::string> ourOps;  // that segment's tensor ops, sorted
  bool same = false;                // the same ops, each as many times
  std::string problem;              // why the def could not be read (file:line:col: ...)
};

/// Parses each segment definition and matches it to the session's final segments (host scalar
/// segments left out: nvFuser prints no definition for them). Only tensor-producing ops count:
/// scalar arithmetic goes where each side evaluates scalars, which is not a segmentation choice.
std::vector<SegmentDefinitionMatch> matchSegmentDefinitions(const pipeline::Session& session,
                                                            const std::vector<model::SegmentDefinition>& definitions,
                                                            const std::string& file);

/// The first definition that is not the same, in one phrase ("" when all are).
std::string firstDifferentDefinition(const std::vector<SegmentDefinitionMatch>& matches);

}  // namespace segscope::comparison
