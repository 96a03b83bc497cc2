// Layout benchmark: median dot layout and SVG render times for synthetic fusions in clusters of ~10.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "layout/graphviz_layout.h"
#include "layout/synthetic_model.h"

using namespace segscope;

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <class F>
double timeMs(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  std::vector<int> sizes = {100, 300, 1000, 2000};
  for (int i = 2; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  // Warm-up: the first call pays for gvContext and plugin loading (~15 ms).
  (void)layout::layoutGraph(layout::syntheticFusionModel({}));

  std::printf("%6s %6s %6s %8s %7s | %10s %10s %10s %10s | %8s\n", "ops", "nodes", "edges", "clusters", "labels",
              "layout ms", "ranked ms", "nolabel ms", "svg ms", "svg KiB");
  for (const int ops : sizes) {
    const auto model = layout::syntheticFusionModel({.ops = ops, .clusters = std::max(1, ops / 10), .seed = 7});
    std::vector<double> layoutMs, rankedMs, unlabelledMs, svgMs;
    std::size_t svgBytes = 0;
    layout::LayoutOptions noLabels;
    noLabels.edgeLabels = false;
    layout::LayoutOptions ranked;  // every label a virtual node, whatever the count
    ranked.rankedEdgeLabelLimit = static_cast<std::size_t>(-1);
    for (int r = 0; r < repeats; ++r) {
      layoutMs.push_back(timeMs([&] {
        if (!layout::layoutGraph(model)) std::abort();
      }));
      rankedMs.push_back(timeMs([&] {
        if (!layout::layoutGraph(model, ranked)) std::abort();
      }));
      unlabelledMs.push_back(timeMs([&] {
        if (!layout::layoutGraph(model, noLabels)) std::abort();
      }));
      svgMs.push_back(timeMs([&] {
        auto svg = layout::renderSvg(model);
        if (!svg) std::abort();
        svgBytes = svg.value().size();
      }));
    }
    const auto labels =
        std::count_if(model.edges.begin(), model.edges.end(), [](const graph::Edge& e) { return !e.label.empty(); });
    std::printf("%6d %6zu %6zu %8zu %7ld | %10.1f %10.1f %10.1f %10.1f | %8zu\n", ops, model.nodes.size(),
                model.edges.size(), model.clusters.size(), static_cast<long>(labels), median(layoutMs),
                median(rankedMs), median(unlabelledMs), median(svgMs), svgBytes / 1024);
    std::fflush(stdout);
  }
  std::printf(
      "medians of %d runs; layout = default options (xlabels past %zu labelled edges); ranked = every\n"
      "label ranked; svg = layout + gvRenderData(svg) with default options\n",
      repeats, layout::LayoutOptions{}.rankedEdgeLabelLimit);
  return 0;
}
