// Writing the tile overview as SVG (tile_svg.h).
#include "layout/tile_svg.h"

#include <cstdio>
#include <map>
#include <sstream>

#include "layout/tile_layout.h"

namespace segscope::layout {
namespace {

// The same escaping as Graphviz's HTML labels: SVG text and attributes.
std::string escaped(const std::string& text) { return escapeHtml(text); }

std::string num(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  return buffer;
}

// The scheduler a tile stands for, from its class ("segment <scheduler> tile").
std::string schedulerOf(const graph::Node& n) {
  const auto space = n.cssClass.find(' ');
  if (space == std::string::npos) return "none";
  const auto end = n.cssClass.find(' ', space + 1);
  return n.cssClass.substr(space + 1, end == std::string::npos ? std::string::npos : end - space - 1);
}

}  // namespace

std::string renderTilesSvg(const graph::GraphModel& model, const SvgDecor& decor, double aspect) {
  const Geometry g = layoutTiles(model, aspect);
  constexpr double kLine = 16, kMargin = 12;
  const double top = kMargin + kLine * static_cast<double>(decor.caption.size());
  std::map<std::string, int> counts;  // the legend: each scheduler with its tiles
  for (const graph::Node& n : model.nodes)
    if (n.kind == graph::NodeKind::Segment) ++counts[schedulerOf(n)];
  const double legendHeight = decor.legend && !counts.empty() ? kLine + kMargin : 0;
  const double width = std::max(g.bounds.width, 480.0) + 2 * kMargin;
  const double height = top + g.bounds.height + legendHeight + kMargin;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "pt\" height=\"" << num(height)
      << "pt\" viewBox=\"0 0 " << num(width) << " " << num(height) << "\" font-family=\"Helvetica, sans-serif\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  for (std::size_t i = 0; i < decor.caption.size(); ++i)
    svg << "<text x=\"" << kMargin << "\" y=\"" << num(kMargin + kLine * (static_cast<double>(i) + 0.75))
        << "\" font-size=\"" << (i == 0 ? 13 : 11) << "\"" << (i == 0 ? " font-weight=\"bold\"" : "") << ">"
        << escaped(decor.caption[i]) << "</text>\n";
  svg << "<g transform=\"translate(" << kMargin << "," << num(top) << ")\">\n";
  for (const EdgeGeometry& e : g.edges) {
    if (e.beziers.empty()) continue;
    svg << "<g class=\"edge\"><path fill=\"none\" stroke=\"#868e96\" d=\"";
    for (const auto& piece : e.beziers)
      svg << "M" << num(piece.front().x) << "," << num(piece.front().y) << " L" << num(piece.back().x) << ","
          << num(piece.back().y) << " ";
    const Point base = e.beziers.back().back(), tip = e.arrowTip;
    svg << "\"/><polygon fill=\"#868e96\" points=\"" << num(tip.x) << "," << num(tip.y) << " " << num(base.x) << ","
        << num(base.y - 3) << " " << num(base.x) << "," << num(base.y + 3) << "\"/></g>\n";
  }
  const bool compact = model.nodes.size() > kCompactTilesAbove;
  for (std::size_t i = 0; i < model.nodes.size() && i < g.nodes.size(); ++i) {
    const graph::Node& n = model.nodes[i];
    const Rect box = g.nodes[i].box();
    const graph::HighlightStyle colors = graph::nodeColors(n);
    const std::string title = compact && n.segment >= 0 ? std::to_string(n.segment) : n.label;
    svg << "<g id=\"" << escaped(n.id) << "\" class=\"" << escaped(n.cssClass) << "\"><title>"
        << escaped(n.tooltip.empty() ? n.label + "\n" + n.detail : n.tooltip) << "</title>"
        << "<rect x=\"" << num(box.x) << "\" y=\"" << num(box.y) << "\" width=\"" << num(box.width) << "\" height=\""
        << num(box.height) << "\" rx=\"4\" fill=\"" << colors.fill << "\" stroke=\"" << colors.pen << "\"/>"
        << "<text x=\"" << num(box.x + 5) << "\" y=\"" << num(box.y + (compact ? box.height / 2 + 4 : 14))
        << "\" font-size=\"10\" font-weight=\"bold\" fill=\"" << colors.pen << "\">" << escaped(title) << "</text>";
    if (!compact)
      svg << "<text x=\"" << num(box.x + 5) << "\" y=\"" << num(box.y + 27) << "\" font-size=\"8\" fill=\"#495057\">"
          << escaped(n.detail) << "</text>";
    svg << "</g>\n";
  }
  svg << "</g>\n";
  if (legendHeight > 0) {
    double x = kMargin;
    const double y = top + g.bounds.height + kMargin;
    for (const auto& [scheduler, count] : counts) {
      const graph::HighlightStyle c = graph::schedulerColors(scheduler);
      const std::string text = std::to_string(count) + " " + graph::kindLabel(scheduler);
      svg << "<rect x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"10\" height=\"10\" fill=\"" << c.fill
          << "\" stroke=\"" << c.pen << "\"/><text x=\"" << num(x + 14) << "\" y=\"" << num(y + 9)
          << "\" font-size=\"10\">" << escaped(text) << "</text>\n";
      x += 24 + 6.0 * static_cast<double>(text.size());
    }
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace segscope::layout
