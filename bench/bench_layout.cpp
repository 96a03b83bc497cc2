// Layout benchmark: median dot layout and SVG render times for synthetic fusions in clusters of
// ~10, then block layouts (block_layout.h) of bigger ones in three shapes, cold and after one
// cluster changed. Usage: bench_layout [REPEATS [OPS...]].
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "layout/block_layout.h"
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

// Block layouts: whole picture cold (no cache), and again after one cluster changed (the
// others come from the cache), as stepping through merges does; dot alone where it finishes.
void benchBlocks(int repeats) {
  struct Shape {
    const char* name;
    int ops;
    int clusters;
  };
  const Shape shapes[] = {
      {"clusters of 10", 3000, 300}, {"clusters of 10", 10000, 1000}, {"clusters of 100", 10000, 100},
      {"one cluster", 4000, 1},      {"no clusters", 3000, 0},        {"no clusters", 10000, 0},
  };
  std::printf("\nblock layouts (blockLayoutAbove %zu nodes, dot up to %zu nodes a block)\n",
              layout::LayoutOptions{}.blockLayoutAbove, layout::LayoutOptions{}.dotBlockLimit);
  std::printf("%-16s %6s %6s %8s | %10s %12s %10s\n", "shape", "ops", "nodes", "clusters", "cold ms", "1 changed ms",
              "dot ms");
  layout::LayoutOptions dotOnly;
  dotOnly.blockLayoutAbove = 0;
  for (const Shape& shape : shapes) {
    auto model = layout::syntheticFusionModel({.ops = shape.ops, .clusters = shape.clusters, .seed = 7});
    std::vector<double> cold, changed;
    for (int r = 0; r < repeats; ++r) {
      cold.push_back(timeMs([&] {
        if (!layout::layoutGraph(model)) std::abort();
      }));
      layout::BlockCache cache;
      if (!layout::layoutGraph(model, {}, &cache)) std::abort();
      if (!model.clusters.empty()) model.clusters[model.clusters.size() / 2].label += "'";
      changed.push_back(timeMs([&] {
        if (!layout::layoutGraph(model, {}, &cache)) std::abort();
      }));
    }
    double dotMs = -1;
    if (shape.ops <= 3000 && shape.clusters > 1)  // dot on 3k unclustered ops runs for minutes
      dotMs = timeMs([&] {
        if (!layout::layoutGraph(model, dotOnly)) std::abort();
      });
    std::printf("%-16s %6d %6zu %8zu | %10.1f %12.1f %10s\n", shape.name, shape.ops, model.nodes.size(),
                model.clusters.size(), median(cold), median(changed),
                dotMs < 0 ? "-" : std::to_string(static_cast<int>(dotMs)).c_str());
    std::fflush(stdout);
  }
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
  layout::LayoutOptions dotOnly;
  dotOnly.blockLayoutAbove = 0;
  for (const int ops : sizes) {
    const auto model = layout::syntheticFusionModel({.ops = ops, .clusters = std::max(1, ops / 10), .seed = 7});
    std::vector<double> layoutMs, rankedMs, unlabelledMs, svgMs;
    std::size_t svgBytes = 0;
    layout::LayoutOptions noLabels = dotOnly;
    noLabels.edgeLabels = false;
    layout::LayoutOptions ranked = dotOnly;  // every label a virtual node, whatever the count
    ranked.rankedEdgeLabelLimit = static_cast<std::size_t>(-1);
    for (int r = 0; r < repeats; ++r) {
      layoutMs.push_back(timeMs([&] {
        if (!layout::layoutGraph(model, dotOnly)) std::abort();
      }));
      rankedMs.push_back(timeMs([&] {
        if (!layout::layoutGraph(model, ranked)) std::abort();
      }));
      unlabelledMs.push_back(timeMs([&] {
        if (!layout::layoutGraph(model, noLabels)) std::abort();
      }));
      svgMs.push_back(timeMs([&] {
        auto svg = layout::renderSvg(model, dotOnly);
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
  benchBlocks(repeats);
  return 0;
}
