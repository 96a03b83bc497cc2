// Concrete sizes of every tensor and values of host scalars, derived from the input specs.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "ir/fusion.h"
#include "ir/input_spec.h"
#include "support/result.h"

namespace segscope::scheduler {

/// nvFuser's SchedulerRuntimeInfo without the data: shapes follow from the input extents by
/// each op's shape rule, and integer/float scalar arithmetic is evaluated on the host. Nothing
/// is computed on tensor data, so binding a large fusion is cheap.
class RuntimeInfo {
 public:
  /// One spec per fusion input, in order. Fails when a spec disagrees with its input or a
  /// shape cannot be determined (for example a reshape whose -1 does not divide).
  static Result<RuntimeInfo> bind(const ir::Fusion& fusion, const std::vector<ir::InputSpec>& specs);

  /// `copy` is a value made after binding as an exact copy of `original` (the segmenter's
  /// privatized casts): it gets the original's sizes or scalar value, without binding again.
  void addCopy(const ir::Val* copy, const ir::Val* original);

  /// Sizes of a tensor, or nullopt for values this info has not seen.
  std::optional<std::vector<std::int64_t>> sizes(const ir::Val* v) const;
  /// Element count of a tensor (1 for scalars, 0 for values this info has not seen).
  std::int64_t numel(const ir::Val* v) const;
  /// Value of a scalar when known on the host (integers are exact).
  std::optional<std::int64_t> intValue(const ir::Val* v) const;
  std::optional<double> doubleValue(const ir::Val* v) const;

 private:
  friend class RuntimeBinder;
  struct Number {
    bool isInt = true;
    std::int64_t i = 0;
    double d = 0.0;
  };
  std::unordered_map<const ir::Val*, std::vector<std::int64_t>> sizes_;
  std::unordered_map<const ir::Val*, Number> scalars_;
};

}  // namespace segscope::scheduler
