// Lookups on the graph model and the one palette every drawing uses.
#include "graph/graph_model.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "trace/snapshot.h"

namespace segscope::graph {

const Node* GraphModel::node(const std::string& id) const {
  const int i = nodeIndex(id);
  return i < 0 ? nullptr : &nodes[static_cast<std::size_t>(i)];
}

namespace {

std::string lowered(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string> words(std::string_view query) {
  std::vector<std::string> out;
  std::string word;
  for (const char c : lowered(query)) {
    if (c == ' ' || c == '\t') {
      if (!word.empty()) out.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

}  // namespace

std::vector<std::string> queryWords(std::string_view query) { return words(query); }

std::vector<std::string> findNodes(const GraphModel& model, std::string_view query) {
  const std::vector<std::string> wanted = words(query);
  std::vector<std::string> named, ops, others;
  if (wanted.empty()) return ops;
  for (const Node& n : model.nodes) {
    const std::string label = lowered(n.label);
    const std::string text = label + "\n" + lowered(n.detail) + "\n" + lowered(n.tooltip);
    const bool all = std::all_of(wanted.begin(), wanted.end(),
                                 [&](const std::string& w) { return text.find(w) != std::string::npos; });
    if (!all) continue;
    // "T12" finds T12 itself before the ops that read it (their tooltips name it too).
    const bool definesIt = wanted.size() == 1 && (label == wanted[0] || label.starts_with(wanted[0] + " ") ||
                                                  label.starts_with(wanted[0] + ","));
    (definesIt ? named : n.kind == NodeKind::Op ? ops : others).push_back(n.id);
  }
  for (auto* tier : {&ops, &others}) named.insert(named.end(), tier->begin(), tier->end());
  return named;
}

int GraphModel::nodeIndex(const std::string& id) const {
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].id == id) return static_cast<int>(i);
  return -1;
}

HighlightStyle highlightStyle(Highlight h) {
  switch (h) {
    // Red on bright yellow: a hue no scheduler's clusters use (orange pens are pointwise's and
    // transpose's), so a merge attempt stands out in every view.
    case Highlight::Candidate: return {"#ffec99", "#e03131"};
    case Highlight::Added: return {"#d3f9d8", "#2f9e44"};
    case Highlight::Removed: return {"#ffe3e3", "#e03131"};
    case Highlight::Changed: return {"#fff4e6", "#f59f00"};
    case Highlight::Regrouped: return {"#e7f5ff", "#1971c2"};
    case Highlight::Selected: return {"#ffffff", "#212529"};
    case Highlight::Blocker: return {"#fff5f5", "#c2255c"};
    case Highlight::None: break;
  }
  return {"#ffffff", "#495057"};
}

std::string_view highlightName(Highlight h) {
  switch (h) {
    case Highlight::Candidate: return "candidate";
    case Highlight::Added: return "added";
    case Highlight::Removed: return "removed";
    case Highlight::Changed: return "changed";
    case Highlight::Regrouped: return "regrouped";
    case Highlight::Selected: return "selected";
    case Highlight::Blocker: return "blocker";
    case Highlight::None: break;
  }
  return "none";
}

HighlightStyle nodeColors(const Node& node) {
  if (node.highlight != Highlight::None) return highlightStyle(node.highlight);
  HighlightStyle s{"#ffffff", "#495057"};
  switch (node.kind) {
    case NodeKind::Input: s = {"#e9fac8", "#5c940d"}; break;       // pale green: where data comes in
    case NodeKind::Collective: s = {"#ffe8cc", "#d9480f"}; break;  // amber: traffic between GPUs
    case NodeKind::Output: s = {"#d0ebff", "#1971c2"}; break;      // light blue: where data leaves
    case NodeKind::Segment: {
      // "segment <scheduler>[ tile]": the second word
      const auto space = node.cssClass.find(' ');
      const auto end = space == std::string::npos ? space : node.cssClass.find(' ', space + 1);
      s = schedulerColors(space == std::string::npos ? std::string()
                                                     : node.cssClass.substr(space + 1, end - space - 1));
      break;
    }
    case NodeKind::Op:
    case NodeKind::Tensor: break;
  }
  if (!node.fillColor.empty()) s.fill = node.fillColor;
  if (!node.penColor.empty()) s.pen = node.penColor;
  return s;
}

std::string kindLabel(const std::string& scheduler) {
  return scheduler == trace::kHostScalarsKind ? "host scalars" : scheduler;
}

HighlightStyle schedulerColors(const std::string& scheduler) {
  // Pastel fills keep black op labels legible; pens carry the hue at a glance.
  static const std::array<std::pair<const char*, HighlightStyle>, 11> palette = {{
      {"pointwise", {"#fff9db", "#e67700"}},
      {"reduction", {"#f3f0ff", "#7048e8"}},
      {"inner_persistent", {"#e7f5ff", "#1c7ed6"}},
      {"outer_persistent", {"#e3fafc", "#0c8599"}},
      {"inner_outer_persistent", {"#ebfbee", "#2b8a3e"}},
      {"transpose", {"#fff4e6", "#d9480f"}},
      {"resize", {"#fff0f6", "#c2255c"}},
      {"matmul", {"#edf2ff", "#3b5bdb"}},
      {"expr_eval", {"#f1f3f5", "#495057"}},
      {"no_op", {"#f8f9fa", "#adb5bd"}},
      {"host_scalars", {"#f8f9fa", "#868e96"}},  // quieter than expr_eval: no kernel, no ATen call
  }};
  for (const auto& [name, style] : palette)
    if (scheduler == name) return style;
  return {"#f8f9fa", "#868e96"};
}

}  // namespace segscope::graph
