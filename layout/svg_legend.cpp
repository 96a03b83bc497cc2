// The caption and legend label of exported SVGs.
#include "layout/svg_legend.h"

#include <set>
#include <sstream>

namespace segscope::layout {
namespace {

std::string swatch(const graph::HighlightStyle& style) {
  const std::string fill = style.fill.empty() ? "#ffffff" : style.fill;
  const std::string pen = style.pen.empty() ? "#495057" : style.pen;
  return "<TD BGCOLOR=\"" + fill + "\" COLOR=\"" + pen +
         "\" BORDER=\"1\" WIDTH=\"14\" HEIGHT=\"10\" FIXEDSIZE=\"TRUE\"></TD>";
}

std::string cell(const std::string& escaped) { return "<TD ALIGN=\"LEFT\">" + escaped + "</TD>"; }

// Schedulers in the order they first appear (run order of the segments), then highlights.
std::vector<std::pair<std::string, graph::HighlightStyle>> legendEntries(const graph::GraphModel& model) {
  std::vector<std::pair<std::string, graph::HighlightStyle>> entries;
  std::set<std::string> seen;
  const auto addScheduler = [&](const std::string& name) {
    if (name.empty() || name == "none" || !seen.insert(name).second) return;
    entries.emplace_back(graph::kindLabel(name), graph::schedulerColors(name));
  };
  for (const graph::Cluster& c : model.clusters) addScheduler(c.scheduler);
  for (const graph::Node& n : model.nodes)
    if (n.kind == graph::NodeKind::Segment) {
      // "segment scheduler": the css class names the scheduler second.
      std::istringstream words(n.cssClass);
      std::string kind, scheduler;
      words >> kind >> scheduler;
      addScheduler(scheduler);
    }
  std::set<graph::Highlight> highlights;
  for (const graph::Node& n : model.nodes)
    if (n.highlight != graph::Highlight::None && n.highlight != graph::Highlight::Selected)
      highlights.insert(n.highlight);
  for (const graph::Cluster& c : model.clusters)
    if (c.highlight != graph::Highlight::None) highlights.insert(c.highlight);
  for (const graph::Highlight h : highlights)
    entries.emplace_back(std::string(graph::highlightName(h)), graph::highlightStyle(h));
  return entries;
}

// The end of the <g> element that opens at `open` (its nested groups included).
std::size_t groupEnd(const std::string& svg, std::size_t open) {
  int depth = 0;
  std::size_t pos = open;
  while (pos < svg.size()) {
    const std::size_t nextOpen = svg.find("<g", pos);
    const std::size_t nextClose = svg.find("</g>", pos);
    if (nextClose == std::string::npos) return svg.size();
    if (nextOpen != std::string::npos && nextOpen < nextClose) {
      ++depth;
      pos = nextOpen + 2;
    } else {
      if (--depth == 0) return nextClose + 4;
      pos = nextClose + 4;
    }
  }
  return svg.size();
}

std::string attribute(std::string_view element, std::string_view name) {
  const std::string key = " " + std::string(name) + "=\"";
  const std::size_t at = element.find(key);
  if (at == std::string_view::npos) return {};
  const std::size_t start = at + key.size();
  return std::string(element.substr(start, element.find('"', start) - start));
}

}  // namespace

std::string keepTitlesOnTop(const std::string& svg) {
  std::string out, titles;
  out.reserve(svg.size());
  std::size_t pos = 0;
  for (std::size_t open = svg.find("<g id=\"", pos); open != std::string::npos; open = svg.find("<g id=\"", pos)) {
    const std::size_t tagEnd = svg.find('>', open);
    if (tagEnd == std::string::npos) break;
    if (std::string_view(svg).substr(open, tagEnd - open).find("class=\"cluster") == std::string_view::npos) {
      out.append(svg, pos, tagEnd + 1 - pos);
      pos = tagEnd + 1;
      continue;
    }
    out.append(svg, pos, open - pos);
    const std::size_t end = groupEnd(svg, open);
    std::string group = svg.substr(open, end - open);
    const std::size_t path = group.find("<path");
    const std::string fill =
        path == std::string::npos ? "" : attribute(group.substr(path, group.find('>', path) - path), "fill");
    for (std::size_t text = group.find("<text"); text != std::string::npos; text = group.find("<text", text)) {
      const std::size_t close = group.find("</text>", text);
      if (close == std::string::npos) break;
      const std::string element = group.substr(text, close + 7 - text);
      // The halo is a stroked copy under the text (paint-order is not drawn by every viewer).
      if (!fill.empty() && fill != "none") {
        std::string halo = element;
        halo.insert(5, " stroke=\"" + fill + "\" stroke-width=\"3\" stroke-linejoin=\"round\" fill=\"" + fill + "\"");
        titles += halo + "\n";
      }
      titles += element + "\n";
      group.erase(text, close + 7 - text);
    }
    out += group;
    pos = end;
  }
  out.append(svg, pos, std::string::npos);
  // Last in the graph's own group, so nothing is drawn over them.
  const std::size_t graphEnd = out.rfind("</g>");
  if (!titles.empty() && graphEnd != std::string::npos)
    out.insert(graphEnd, "<g class=\"cluster-titles\">\n" + titles + "</g>\n");
  return out;
}

std::string escapeHtml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

SvgDecor standardDecor(const graph::GraphModel& model, std::string_view profile, std::string_view scalarMode) {
  SvgDecor decor;
  if (!model.title.empty()) decor.caption.push_back(model.title);
  std::string settings;
  if (!profile.empty()) settings += "device " + std::string(profile);
  if (!scalarMode.empty())
    settings += (settings.empty() ? "" : " · ") + std::string("scalars ") + std::string(scalarMode);
  if (!settings.empty()) decor.caption.push_back(settings);
  return decor;
}

std::string decorLabel(const graph::GraphModel& model, const SvgDecor& decor, double fontSize) {
  const auto entries = decor.legend ? legendEntries(model) : decltype(legendEntries(model)){};
  if (decor.caption.empty() && entries.empty()) return {};
  const std::string span = std::to_string(std::max<std::size_t>(1, entries.size() * 2));
  std::string html = "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"3\" CELLPADDING=\"1\">";
  for (std::size_t i = 0; i < decor.caption.size(); ++i) {
    const std::string text = escapeHtml(decor.caption[i]);
    html += "<TR><TD ALIGN=\"LEFT\" COLSPAN=\"" + span + "\">";
    html += i == 0 ? "<B>" + text + "</B>"
                   : "<FONT POINT-SIZE=\"" + std::to_string(fontSize - 1) + "\">" + text + "</FONT>";
    html += "</TD></TR>";
  }
  if (!entries.empty()) {
    html += "<TR>";
    for (const auto& [name, style] : entries) html += swatch(style) + cell(escapeHtml(name));
    html += "</TR>";
  }
  return html + "</TABLE>";
}

}  // namespace segscope::layout
