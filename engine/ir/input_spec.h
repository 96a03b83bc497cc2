// How to make one fusion input: shape, strides, dtype and the distribution of its values.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/data_type.h"
#include "ir/val.h"
#include "support/result.h"

namespace segscope::ir {

/// How the footer asked for an input to be made (decides the random distribution).
enum class InputFill {
  MakeTensor,  // torch.testing.make_tensor: uniform in [low, high)
  Randn,       // standard normal
  Randint,     // integers uniform in [low, high)
  Ones,
  Zeros,
  Value,   // every element = value (torch.full, torch.tensor)
  Scalar,  // a scalar input: value
};

struct InputSpec {
  bool isTensor = true;
  DataType dtype = DataType::Float;
  std::vector<std::int64_t> sizes;
  std::vector<std::int64_t> strides;  // empty = contiguous row-major
  InputFill fill = InputFill::MakeTensor;
  double low = -9.0, high = 9.0;
  std::optional<ScalarValue> value;
  std::string device = "cuda:0";
  SourceLoc loc;
};

}  // namespace segscope::ir
