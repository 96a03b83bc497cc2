// The GPU a repro script's header names ("# CUDA devices:" / "#  0: NVIDIA A100-SXM4-80GB"),
// and the built-in device profile that matches it: the window picks that profile when a file
// opens, the CLI says when it segments for another one.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace segscope::pipeline {

struct HeaderDevice {
  std::string gpu;      // as the header prints it: "NVIDIA A100-SXM4-80GB"
  std::string profile;  // the built-in profile for it ("a100"); empty when there is none
};

/// Device 0 of the script's "# CUDA devices:" header, read from the leading comment lines of
/// `source`; nullopt when the script has no such header.
std::optional<HeaderDevice> headerDevice(std::string_view source);

/// "a100" for an A100 of any memory size, "h100", "h200"; empty for a GPU with no built-in
/// profile.
std::string profileForGpu(std::string_view gpu);

}  // namespace segscope::pipeline
