// Reading nvFuser's kernel times out of profiler output in a log (kernel_times.h).
#include "nvlog/kernel_times.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>

namespace segscope::nvlog {
namespace {

std::vector<std::string_view> linesOf(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return out;
}

std::optional<long long> integerAt(std::string_view& s) {
  long long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end == s.data()) return std::nullopt;
  s.remove_prefix(static_cast<std::size_t>(end - s.data()));
  return v;
}

std::optional<double> numberIn(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '"')) s.remove_prefix(1);
  std::string digits;
  for (char c : s) {
    if (c == ',') continue;  // nsys may group thousands
    if ((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == '-' || c == '+') {
      digits += c;
      continue;
    }
    break;
  }
  double v = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || digits.empty()) return std::nullopt;
  return v;
}

// Splits one CSV row; quoted fields may hold commas.
std::vector<std::string_view> csvFields(std::string_view row) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i <= row.size()) {
    if (i < row.size() && row[i] == '"') {
      const std::size_t close = row.find('"', i + 1);
      if (close == std::string_view::npos) {
        out.push_back(row.substr(i + 1));
        break;
      }
      out.push_back(row.substr(i + 1, close - i - 1));
      i = row.find(',', close);
      if (i == std::string_view::npos) break;
      ++i;
      continue;
    }
    const std::size_t comma = row.find(',', i);
    out.push_back(row.substr(i, comma == std::string_view::npos ? std::string_view::npos : comma - i));
    if (comma == std::string_view::npos) break;
    i = comma + 1;
  }
  return out;
}

int columnOf(const std::vector<std::string_view>& header, std::string_view name) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return static_cast<int>(i);
  return -1;
}

struct Samples {
  KernelTime kernel;
  std::vector<double> ms;
};

class Collector {
 public:
  void add(std::string_view nameText, double ms, int line, const char* source) {
    KernelTime k;
    if (!parseKernelName(nameText, k)) return;
    Samples& s = byName_[k.name];
    if (s.kernel.name.empty()) {
      s.kernel = std::move(k);
      s.kernel.source = source;
      order_.push_back(s.kernel.name);
    }
    s.ms.push_back(ms);
    s.kernel.lines.push_back(line);
  }

  std::vector<KernelTime> take() {
    std::vector<KernelTime> out;
    for (const std::string& name : order_) {
      Samples& s = byName_[name];
      std::sort(s.ms.begin(), s.ms.end());
      const std::size_t n = s.ms.size();
      s.kernel.ms = n % 2 ? s.ms[n / 2] : (s.ms[n / 2 - 1] + s.ms[n / 2]) / 2;
      s.kernel.samples = static_cast<int>(n);
      out.push_back(std::move(s.kernel));
    }
    return out;
  }

 private:
  std::map<std::string, Samples> byName_;
  std::vector<std::string> order_;
};

std::string_view kernelNameIn(std::string_view line) {
  const std::size_t at = line.find("nvfuser_");
  return at == std::string_view::npos ? std::string_view() : line.substr(at);
}

}  // namespace

bool parseKernelName(std::string_view text, KernelTime& out) {
  if (!text.starts_with("nvfuser_")) return false;
  std::string_view rest = text.substr(8);
  // The scheduler's name has underscores too: the ids start at the first "_f<digit>".
  std::size_t f = std::string_view::npos;
  for (std::size_t i = 0; i + 2 < rest.size(); ++i)
    if (rest[i] == '_' && rest[i + 1] == 'f' && rest[i + 2] >= '0' && rest[i + 2] <= '9') {
      f = i;
      break;
    }
  if (f == std::string_view::npos || f == 0) return false;
  KernelTime k;
  k.scheduler = std::string(rest.substr(0, f));
  rest.remove_prefix(f);
  int* fields[] = {&k.fusion, &k.concrete, &k.runtime, &k.group};
  const char tags[] = {'f', 'c', 'r', 'g'};
  for (int i = 0; i < 4; ++i) {
    if (rest.size() < 3 || rest[0] != '_' || rest[1] != tags[i]) return false;
    rest.remove_prefix(2);
    auto v = integerAt(rest);
    if (!v || *v < 0 || *v > 1'000'000'000) return false;
    *fields[i] = static_cast<int>(*v);
  }
  k.name = std::string(text.substr(0, text.size() - rest.size()));
  out = std::move(k);
  return true;
}

std::vector<KernelTime> readKernelTimes(std::string_view text, std::vector<int>* tableLines) {
  Collector collector;
  const std::vector<std::string_view> lines = linesOf(text);
  // The table or report the rows below belong to: a CSV header's columns, or the offset of
  // NVFUSER_PROF=print's "S-KerTm(ms)" column.
  enum class Table { None, NsysSum, NsysTrace, Prof } table = Table::None;
  int timeColumn = -1, nameColumn = -1;
  double scale = 1e-6;  // ns -> ms
  std::size_t profOffset = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    const int number = static_cast<int>(i) + 1;
    if (line.find("\"Name\"") != std::string_view::npos || line.find(",Name") != std::string_view::npos) {
      const auto header = csvFields(line);
      nameColumn = columnOf(header, "Name");
      if ((timeColumn = columnOf(header, "Med (ns)")) < 0) timeColumn = columnOf(header, "Avg (ns)");
      table = timeColumn >= 0 ? Table::NsysSum : Table::None;
      if (table == Table::None && (timeColumn = columnOf(header, "Duration (ns)")) >= 0) table = Table::NsysTrace;
      scale = 1e-6;
      if (table != Table::None && tableLines) tableLines->push_back(number);
      continue;
    }
    if (const std::size_t at = line.find("S-KerTm(ms)"); at != std::string_view::npos) {
      table = Table::Prof;
      profOffset = at;
      if (tableLines) tableLines->push_back(number);
      continue;
    }
    const std::string_view name = kernelNameIn(line);
    if (name.empty()) continue;
    if (table == Table::NsysSum || table == Table::NsysTrace) {
      const auto fields = csvFields(line);
      if (nameColumn < 0 || timeColumn < 0 ||
          static_cast<std::size_t>(std::max(nameColumn, timeColumn)) >= fields.size())
        continue;
      if (auto ns = numberIn(fields[static_cast<std::size_t>(timeColumn)]))
        collector.add(kernelNameIn(fields[static_cast<std::size_t>(nameColumn)]), *ns * scale, number,
                      table == Table::NsysSum ? "nsys cuda_gpu_kern_sum" : "nsys cuda_gpu_trace");
    } else if (table == Table::Prof && profOffset < line.size()) {
      if (auto ms = numberIn(line.substr(profOffset))) collector.add(name, *ms, number, "NVFUSER_PROF=print");
    }
  }
  return collector.take();
}

}  // namespace segscope::nvlog
