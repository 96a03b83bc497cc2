// Reading the GPU from a repro script's header and matching it to a built-in profile.
#include "pipeline/header_device.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace segscope::pipeline {
namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string profileForGpu(std::string_view gpu) {
  std::string upper(gpu);
  std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
  // The model number decides; memory size and form factor (SXM4, PCIe, 40GB/80GB) do not
  // change the figures the schedulers read closely enough to matter at this level.
  for (const auto& [model, profile] : {std::pair{"H200", "h200"}, std::pair{"H100", "h100"}, std::pair{"A100", "a100"}})
    if (upper.find(model) != std::string::npos) return profile;
  return {};
}

std::optional<HeaderDevice> headerDevice(std::string_view source) {
  bool inDevices = false;
  while (!source.empty()) {
    const std::size_t end = source.find('\n');
    const std::string_view line = trimmed(source.substr(0, end));
    source = end == std::string_view::npos ? std::string_view() : source.substr(end + 1);
    if (line.empty()) continue;
    if (line.front() != '#') return std::nullopt;  // the header is the leading comments only
    const std::string_view text = trimmed(line.substr(1));
    if (text == "CUDA devices:") {
      inDevices = true;
      continue;
    }
    // "0: NVIDIA A100-SXM4-80GB": device 0 is the one the repro ran on by default.
    if (inDevices && text.starts_with("0:")) {
      HeaderDevice d{std::string(trimmed(text.substr(2))), {}};
      if (d.gpu.empty()) return std::nullopt;
      d.profile = profileForGpu(d.gpu);
      return d;
    }
    inDevices = false;
  }
  return std::nullopt;
}

}  // namespace segscope::pipeline
