// Segment definitions against our segments: multisets of tensor ops, matched greedily.
#include "comparison/segment_definitions.h"

#include <algorithm>
#include <map>

#include "frontend/script.h"

namespace segscope::comparison {
namespace {

bool producesTensor(const ir::Expr& e) {
  return std::any_of(e.outputs().begin(), e.outputs().end(), [](const ir::Val* v) { return v->isTensor(); });
}

std::vector<std::string> sortedOps(const std::vector<const ir::Expr*>& exprs) {
  std::vector<std::string> ops;
  for (const ir::Expr* e : exprs)
    if (producesTensor(*e)) ops.emplace_back(e->opName());
  std::sort(ops.begin(), ops.end());
  return ops;
}

// Ops both sorted lists hold (each as many times as the fewer has it).
int common(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  int n = 0;
  for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i] == b[j]) {
      ++n, ++i, ++j;
    } else if (a[i] < b[j]) {
      ++i;
    } else {
      ++j;
    }
  }
  return n;
}

std::string listed(const std::vector<std::string>& ops) {
  std::map<std::string, int> counts;
  for (const std::string& op : ops) ++counts[op];
  std::string out;
  for (const auto& [op, n] : counts) out += (out.empty() ? "" : ", ") + (n > 1 ? std::to_string(n) + "×" : "") + op;
  return out.empty() ? "no tensor op" : out;
}

}  // namespace

std::vector<SegmentDefinitionMatch> matchSegmentDefinitions(const pipeline::Session& session,
                                                            const std::vector<model::SegmentDefinition>& definitions,
                                                            const std::string& file) {
  std::vector<SegmentDefinitionMatch> out;
  if (!session.segmentation) return out;
  std::vector<std::pair<int, std::vector<std::string>>> ours;  // (segment id, its ops), unused ones
  for (const segmenter::Segment& s : session.segmentation->segmentation.segments)
    if (!s.hostScalars) ours.emplace_back(s.id, sortedOps(s.exprs));
  for (const model::SegmentDefinition& d : definitions) {
    SegmentDefinitionMatch m;
    m.group = d.group;
    m.line = d.line;
    frontend::ParseOptions options;
    options.fileName = file;
    const frontend::ParseOutcome parsed = frontend::parseScript(d.text, options);
    if (!parsed.ok()) {
      Diagnostic where = parsed.error;
      if (where.loc.known()) where.loc.line += d.line - 1;
      m.problem = where.format();
      out.push_back(std::move(m));
      continue;
    }
    std::vector<const ir::Expr*> exprs;
    for (const ir::Expr* e : parsed.script->fusion->exprs()) exprs.push_back(e);
    m.ops = sortedOps(exprs);
    int best = -1, bestCommon = 0;
    for (std::size_t k = 0; k < ours.size(); ++k)
      if (const int c = common(m.ops, ours[k].second); c > bestCommon) best = static_cast<int>(k), bestCommon = c;
    if (best >= 0) {
      m.ourSegment = ours[static_cast<std::size_t>(best)].first;
      m.ourOps = std::move(ours[static_cast<std::size_t>(best)].second);
      m.same = m.ourOps == m.ops;
      ours.erase(ours.begin() + best);
    }
    out.push_back(std::move(m));
  }
  return out;
}

std::string firstDifferentDefinition(const std::vector<SegmentDefinitionMatch>& matches) {
  for (const SegmentDefinitionMatch& m : matches) {
    if (m.same) continue;
    const std::string theirs =
        "nvFuser's segment " + std::to_string(m.group) + " (line " + std::to_string(m.line) + ")";
    if (!m.problem.empty()) return theirs + " could not be read: " + m.problem;
    if (m.ourSegment < 0) return theirs + " holds " + listed(m.ops) + ": no segment of Segscope's shares an op";
    return theirs + " holds " + listed(m.ops) + "; Segscope's segment " + std::to_string(m.ourSegment) + " holds " +
           listed(m.ourOps);
  }
  return {};
}

}  // namespace segscope::comparison
