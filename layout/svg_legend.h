// What an exported SVG says beside its picture: a caption (fusion, step, device profile,
// scalar mode) and a legend of the scheduler colours and highlights the picture uses, as one
// Graphviz HTML-like label placed above the graph.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "graph/graph_model.h"

namespace segscope::layout {

struct SvgDecor {
  std::vector<std::string> caption;  // first line bold; none: no caption
  bool legend = true;                // the scheduler colours and highlights the picture uses
  bool empty() const { return caption.empty() && !legend; }
};

/// The caption every export writes: the picture's title, then "device h100 · scalars
/// host_segment" (either part left out when empty).
SvgDecor standardDecor(const graph::GraphModel& model, std::string_view profile, std::string_view scalarMode);

/// The label's HTML (without the outer <>), or "" when there is nothing to say.
std::string decorLabel(const graph::GraphModel& model, const SvgDecor& decor, double fontSize);

/// Graphviz draws a cluster's title under the edges that cross it: the titles move to the end
/// of `svg` (drawn last) with a halo in their cluster's fill, so they stay readable.
std::string keepTitlesOnTop(const std::string& svg);

/// Text escaped for a Graphviz HTML-like label.
std::string escapeHtml(std::string_view text);

}  // namespace segscope::layout
