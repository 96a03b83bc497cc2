// Pipeline cost per stage on fusion scripts, medians of N runs, plus the trace's size and the
// segmenter's scaling exponent between the smallest and the largest file. It runs exactly the
// CLI's pipeline (pipeline::runPipeline): as `segscope-cli segment` does (no snapshots, no
// per-merge details), or with --details as `trace` and the window do. The times are the
// pipeline's own stage times (Session::stageRuns): "load" is the Load and Concretize stages,
// "passes" the PreSegmenter stage (with its snapshots), "segment" the Segment stage.
// Usage: bench_segmenter [--runs N] [--details] FILE...
//   python3 bench/make_fusion.py --ops 1000 > f1k.py (and 3000, 10000), then bench_segmenter f1k.py f3k.py f10k.py
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "pipeline/pipeline.h"
#include "support/file_io.h"
#include "trace/trace.h"

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Bytes the trace holds in partitions (full tables and merge deltas, each distinct partition
// once) — the part that grows with the number of steps; fusion snapshots are shared between
// merge steps. Counted without expanding any delta.
std::size_t partitionBytes(const segscope::trace::Trace& t) {
  std::vector<const segscope::trace::Partition*> seen;
  std::size_t bytes = 0;
  for (const auto& s : t.steps())
    if (s.after && s.after->partition && std::find(seen.begin(), seen.end(), s.after->partition.get()) == seen.end()) {
      seen.push_back(s.after->partition.get());
      bytes += s.after->partition->storedBytes();
    }
  return bytes;
}

struct Row {
  std::string file;
  std::size_t exprs = 0;
  double load = 0, passes = 0, segment = 0;
  std::size_t steps = 0, segments = 0, partitionKiB = 0;
};

}  // namespace

int main(int argc, char** argv) {
  using namespace segscope;
  int runs = 5;
  bool details = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--details") == 0)
      details = true;
    else
      files.push_back(argv[i]);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: bench_segmenter [--runs N] [--details] FILE...\n");
    return 2;
  }
  pipeline::PipelineOptions options;  // the CLI's defaults: h100, every default pass
  options.recordSnapshots = details;
  options.recordMergeDetails = details;
  std::vector<Row> rows;
  for (const std::string& file : files) {
    auto text = support::readTextFile(file);
    if (!text) {
      std::fprintf(stderr, "%s\n", text.error().message.c_str());
      return 2;
    }
    std::vector<double> load, passes, segment;
    Row row;
    row.file = file;
    for (int r = 0; r < runs; ++r) {
      pipeline::Outcome outcome = pipeline::runPipeline(file, text.value(), options);
      if (auto* error = std::get_if<pipeline::PipelineError>(&outcome)) {
        std::fprintf(stderr, "%s", error->diagnostic.format().c_str());
        return 2;
      }
      const pipeline::Session& session = std::get<pipeline::Session>(outcome);
      double stageMs[4] = {0, 0, 0, 0};
      for (const pipeline::StageRun& run : session.stageRuns) stageMs[static_cast<int>(run.stage)] += run.milliseconds;
      load.push_back(stageMs[static_cast<int>(pipeline::Stage::Load)] +
                     stageMs[static_cast<int>(pipeline::Stage::Concretize)]);
      passes.push_back(stageMs[static_cast<int>(pipeline::Stage::PreSegmenter)]);
      segment.push_back(stageMs[static_cast<int>(pipeline::Stage::Segment)]);
      row.exprs = session.script.fusion->exprs().size();
      row.steps = session.trace->size();
      row.segments = session.segmentation->segmentation.segments.size();
      row.partitionKiB = partitionBytes(*session.trace) / 1024;
    }
    row.load = median(load);
    row.passes = median(passes);
    row.segment = median(segment);
    rows.push_back(row);
  }
  std::printf("%-28s %7s %10s %10s %12s %7s %9s %14s\n", "file", "exprs", "load ms", "passes ms", "segment ms", "steps",
              "segments", "partitions KiB");
  for (const Row& r : rows)
    std::printf("%-28s %7zu %10.1f %10.1f %12.1f %7zu %9zu %14zu\n",
                r.file.substr(r.file.find_last_of('/') + 1).c_str(), r.exprs, r.load, r.passes, r.segment, r.steps,
                r.segments, r.partitionKiB);
  if (rows.size() >= 2) {
    const Row& a = rows.front();
    const Row& b = rows.back();
    const double exponent =
        std::log((b.passes + b.segment) / (a.passes + a.segment)) / std::log(double(b.exprs) / double(a.exprs));
    std::printf("scaling exponent of passes + segmentation, %zu -> %zu exprs: %.2f\n", a.exprs, b.exprs, exponent);
  }
  std::printf("medians of %d runs, %s\n", runs,
              details ? "with snapshots and merge details (as trace and the window)" : "as segscope-cli segment");
  return 0;
}
