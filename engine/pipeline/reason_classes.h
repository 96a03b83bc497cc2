// Scheduler rejection reasons sorted into classes, so nvFuser's text and Segscope's can be compared.
#pragma once

#include <string_view>
#include <vector>

namespace segscope::pipeline {

/// What a rejection says, whoever wrote it: nvFuser's ~114 canScheduleRejectReason sites
/// (csrc/scheduler/*.cpp, each with free-form text) and Segscope's own words for the same rule
/// land in the same class. `id` is stable (JSON, tests); `title` is for people.
struct ReasonClass {
  std::string_view id;
  std::string_view title;
};

/// The class of a rejection reason; {"unknown", ...} when no entry of the table matches.
/// Case-insensitive; matches nvFuser's texts of every era since 2022 and Segscope's.
ReasonClass classifyReason(std::string_view reason);

/// Every class of the table, in table order (for documentation and tests).
std::vector<ReasonClass> reasonClasses();

}  // namespace segscope::pipeline
