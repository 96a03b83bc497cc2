// Row-scaled copies of sample scripts for suites that run the CPU reference: the leading dim of
// the first input (the rows, or the batch) is divided by a power of two wherever it leads a
// shape, so a 4096-row sample runs on 64 rows. The ops, the dtypes and every inner dim stay,
// which is all a grouping or a segment boundary depends on. The inverse of bench/scale_sample.py.
#pragma once

#include <cstdint>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "frontend/script.h"

namespace segscope::testing {

namespace row_scaling_detail {

inline std::int64_t product(const std::string& dims) {
  std::int64_t n = 1;
  bool any = false;
  static const std::regex number("-?\\d+");
  for (std::sregex_iterator it(dims.begin(), dims.end(), number), end; it != end; ++it) {
    n *= std::stoll(it->str());
    any = true;
  }
  return any ? n : 0;
}

// `text` with `pattern`'s second group, where it equals `from`, replaced by `to`.
inline std::string replaceNumber(const std::string& text, const std::regex& pattern, std::int64_t from,
                                 std::int64_t to) {
  std::string out;
  auto last = text.cbegin();
  for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
    const std::smatch& m = *it;
    if (std::stoll(m[2].str()) != from) continue;
    out.append(last, m[2].first);
    out += std::to_string(to);
    last = m[2].second;
  }
  out.append(last, text.cend());
  return out;
}

}  // namespace row_scaling_detail

/// `text` with its rows divided so that its tensor inputs hold about `maxElements` elements,
/// keeping at least two rows (one row would turn the dim into a broadcast). Returns `text`
/// unchanged when its inputs are small already or no leading dim divides evenly.
inline std::string rowScaledDown(const std::string& text, std::int64_t maxElements = 1 << 16) {
  namespace d = row_scaling_detail;
  const std::regex define(R"(define_tensor\(shape=\[([^\]]*)\])");
  const std::regex number("-?\\d+");
  std::int64_t lead = 0, total = 0;
  std::set<std::int64_t> ledNumels;  // of the inputs the rows lead: their flat storage shrinks too
  for (std::sregex_iterator it(text.begin(), text.end(), define), end; it != end; ++it) {
    const std::string dims = (*it)[1].str();
    const std::int64_t n = d::product(dims);
    if (n <= 0) return text;  // a symbolic shape: the footer alone knows the sizes
    std::smatch first;
    std::regex_search(dims, first, number);
    if (lead == 0) lead = std::stoll(first.str());
    if (std::stoll(first.str()) == lead) ledNumels.insert(n);
    total += n;
  }
  if (lead <= 2 || total <= maxElements) return text;
  std::int64_t factor = 1;
  while (total / (factor * 2) >= maxElements && lead % (factor * 2) == 0 && lead / (factor * 2) >= 2) factor *= 2;
  if (factor == 1) return text;
  const std::int64_t rows = lead / factor;
  const std::regex shape(R"((shape=\[)(\d+)(?=[,\]]))"), slice(R"((end_indices=\[)(\d+)(?=[,\]]))");
  const std::regex sizes(R"((\()(\d+)(?=[,)]))"), flat(R"((torch\.(?:randn|rand|empty|zeros|ones)\()(\d+)(?=[,)]))");
  std::string out = d::replaceNumber(text, shape, lead, rows);
  out = d::replaceNumber(out, slice, lead, rows);
  const std::size_t cut = out.find("inputs = [");
  if (cut == std::string::npos) return out;
  std::string footer = d::replaceNumber(out.substr(cut), sizes, lead, rows);
  for (std::int64_t n : ledNumels) footer = d::replaceNumber(footer, flat, n, n / factor);
  return out.substr(0, cut) + footer;
}

/// rowScaledDown when the scaled script still loads, else `text` as written: a literal size the
/// scaling cannot see (reshape's new_shape, a shape where the rows do not lead) makes it
/// inconsistent, and such a sample then runs at its own size.
inline std::string rowScaledDownIfItLoads(const std::string& text, std::int64_t maxElements = 1 << 16) {
  std::string scaled = rowScaledDown(text, maxElements);
  if (scaled == text || !frontend::parseScript(scaled).ok()) return text;
  return scaled;
}

/// The script at `path` with its rows scaled down, or as written when the scaled script does not
/// load (the error, if any, is then the file's own).
inline frontend::ParseOutcome loadScriptRowScaled(const std::string& path, std::int64_t maxElements = 1 << 16) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  frontend::ParseOptions options;
  options.fileName = path;
  frontend::ParseOutcome scaled = frontend::parseScript(rowScaledDown(text.str(), maxElements), options);
  return scaled.ok() ? std::move(scaled) : frontend::loadScriptFile(path);
}

}  // namespace segscope::testing
