// Lining up two printouts by what each line shows; linear, since a step rarely reorders.
#include "trace/aligned_printout.h"

#include <unordered_map>
#include <unordered_set>

namespace segscope::trace {

std::vector<AlignedRow> alignPrintouts(const std::vector<ir::Fusion::PrintedLine>& before,
                                       const std::vector<ir::Fusion::PrintedLine>& after) {
  std::unordered_map<std::string, std::size_t> beforeAt, afterAt;
  for (std::size_t i = 0; i < before.size(); ++i) beforeAt.emplace(before[i].key, i);
  for (std::size_t j = 0; j < after.size(); ++j) afterAt.emplace(after[j].key, j);
  std::vector<AlignedRow> rows;
  rows.reserve(std::max(before.size(), after.size()));
  const auto pair = [&](const ir::Fusion::PrintedLine& a, const ir::Fusion::PrintedLine& b) {
    rows.push_back({a.text == b.text ? RowKind::Same : RowKind::Changed, a.key, a.text, b.text});
  };
  // A pass that reorders exprs pairs a line with its counterpart further down `after`; that
  // counterpart is then skipped when the walk reaches it.
  std::unordered_set<std::string> pairedEarly;
  std::size_t i = 0, j = 0;
  while (i < before.size() || j < after.size()) {
    if (j < after.size() && pairedEarly.count(after[j].key)) {
      ++j;
    } else if (i < before.size() && !afterAt.count(before[i].key)) {
      rows.push_back({RowKind::Removed, before[i].key, before[i].text, ""});
      ++i;
    } else if (j < after.size() && !beforeAt.count(after[j].key)) {
      rows.push_back({RowKind::Added, after[j].key, "", after[j].text});
      ++j;
    } else if (i < before.size() && j < after.size() && before[i].key == after[j].key) {
      pair(before[i++], after[j++]);
    } else if (i < before.size()) {
      pair(before[i], after[afterAt.at(before[i].key)]);
      pairedEarly.insert(before[i++].key);
    } else {
      ++j;  // every line of `before` is placed; what is left of `after` was paired
    }
  }
  return rows;
}

std::vector<ir::Fusion::PrintedLine> printedWithGroups(const ir::Fusion& fusion, const Partition* partition) {
  std::vector<ir::Fusion::PrintedLine> lines = fusion.printedLines();
  if (!partition) return lines;
  const std::vector<int>& groupOf = partition->groupOfExpr();
  for (ir::Fusion::PrintedLine& line : lines) {
    if (!line.key.starts_with('e')) continue;
    const auto id = static_cast<std::size_t>(std::stoi(line.key.substr(1)));
    const int group = id < groupOf.size() ? groupOf[id] : -1;
    const std::string tag = group < 0 ? "   " : "g" + std::to_string(group);
    // The indent stays in front so the rows still read as a body.
    line.text = "    " + tag + std::string(tag.size() < 4 ? 4 - tag.size() : 0, ' ') + " │ " + line.text.substr(4);
  }
  return lines;
}

}  // namespace segscope::trace
