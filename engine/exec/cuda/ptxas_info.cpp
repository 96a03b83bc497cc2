// Reading ptxas' verbose lines, e.g.
//   ptxas info    : Compiling entry function 'k' for 'sm_90'
//   ptxas info    : Function properties for k
//   ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 72 registers, used 1 barriers, 1024 bytes smem, 400 bytes cmem[0]
#include "exec/cuda/ptxas_info.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace segscope::exec::cuda {
namespace {

// The number in front of `unit` in `line` ("72 registers", "1024 bytes smem"), or -1: the first
// place where `unit` follows a run of digits and one space. (Plain scanning: <regex> would cost
// more to compile than the rest of this module's file.)
std::int64_t numberBefore(const std::string& line, const std::string& unit) {
  for (std::size_t at = line.find(" " + unit); at != std::string::npos; at = line.find(" " + unit, at + 1)) {
    std::size_t first = at;
    while (first > 0 && std::isdigit(static_cast<unsigned char>(line[first - 1]))) --first;
    if (first < at) return std::stoll(line.substr(first, at - first));
  }
  return -1;
}

}  // namespace

std::string KernelResources::describe() const {
  std::ostringstream s;
  s << registers << " registers, " << stackBytes << " B stack, ";
  if (spills())
    s << "spills " << spillStoreBytes << " B stored / " << spillLoadBytes << " B loaded";
  else
    s << "no spills";
  s << ", " << sharedBytes << " B static shared, " << barriers << (barriers == 1 ? " barrier" : " barriers");
  return s.str();
}

KernelResources parsePtxasInfo(const std::string& log, const std::string& kernel) {
  KernelResources r;
  std::istringstream lines(log);
  std::string line;
  bool inEntry = false;
  while (std::getline(lines, line)) {
    if (line.find("Compiling entry function") != std::string::npos) {
      inEntry = line.find("'" + kernel + "'") != std::string::npos;
      continue;
    }
    if (!inEntry) continue;
    if (line.find("bytes stack frame") != std::string::npos) {
      r.stackBytes = std::max<std::int64_t>(0, numberBefore(line, "bytes stack frame"));
      r.spillStoreBytes = std::max<std::int64_t>(0, numberBefore(line, "bytes spill stores"));
      r.spillLoadBytes = std::max<std::int64_t>(0, numberBefore(line, "bytes spill loads"));
    } else if (line.find("Used ") != std::string::npos && line.find("registers") != std::string::npos) {
      r.registers = static_cast<int>(numberBefore(line, "registers"));
      r.barriers = static_cast<int>(std::max<std::int64_t>(0, numberBefore(line, "barriers")));
      r.sharedBytes = std::max<std::int64_t>(0, numberBefore(line, "bytes smem"));
      r.constantBytes = std::max<std::int64_t>(0, numberBefore(line, "bytes cmem[0]"));
    }
  }
  return r;
}

}  // namespace segscope::exec::cuda
