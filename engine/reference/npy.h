// .npy files for HostTensors (format version 1.0, little-endian, C order): the data files
// export-torch writes for PyTorch and tests read back.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "reference/host_tensor.h"
#include "support/result.h"

namespace segscope::exec {

/// The .npy type string of a dtype: '|b1', '<i8', '<f4' ... . numpy has no bfloat16, so
/// BFloat16 is stored as its raw bits under '<u2' (the IR has no uint16, so '<u2' always
/// means bfloat16 here); Float8 types are raw bytes under '|u1'.
std::string npyDescr(ir::DataType dtype);

/// The whole file: header and the elements in logical row-major order (strides dropped).
std::string encodeNpy(const HostTensor& tensor);

/// Parses a .npy image. '|u1' is ambiguous (Float8 bits); `rawByteType` names the dtype
/// it stands for (default Float8_e4m3fn). '<V2' is read as bfloat16 bits too.
Result<HostTensor> decodeNpy(std::string_view bytes, ir::DataType rawByteType = ir::DataType::Float8_e4m3fn);

Result<HostTensor> readNpyFile(const std::string& path, ir::DataType rawByteType = ir::DataType::Float8_e4m3fn);

}  // namespace segscope::exec
