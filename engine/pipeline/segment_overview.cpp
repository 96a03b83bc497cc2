// Segment counts per scheduler and per-segment sizes of a session's final segmentation.
#include "pipeline/segment_overview.h"

#include <algorithm>
#include <map>

#include "scheduler/runtime_info.h"

namespace segscope::pipeline {
namespace {

std::int64_t tensorBytes(const std::vector<const ir::Val*>& vals, const scheduler::RuntimeInfo* info) {
  if (!info) return -1;
  std::int64_t bytes = 0;
  for (const ir::Val* v : vals) {
    if (!v->isTensor()) continue;
    const std::optional<std::vector<std::int64_t>> sizes = info->sizes(v);
    if (!sizes) return -1;
    std::int64_t n = 1;
    for (std::int64_t s : *sizes) n *= s;
    bytes += n * ir::byteSize(v->dtype());
  }
  return bytes;
}

std::vector<SegmentOverview> fromSegmentation(const Session& session) {
  const segmenter::SegmentationResult& result = *session.segmentation;
  std::shared_ptr<const scheduler::RuntimeInfo> info;
  if (result.fusion)
    if (auto bound = session.runtimeOf(*result.fusion)) info = std::move(bound).value();
  std::vector<SegmentOverview> out;
  for (const segmenter::Segment& s : result.segmentation.segments) {
    SegmentOverview o;
    o.id = s.id;
    o.host = s.host;
    o.hostScalars = s.hostScalars;
    // The kind as the graph and the trace's partitions name it.
    o.scheduler = segmenter::schedulerOrKind(s);
    o.ops = static_cast<int>(s.exprs.size());
    o.bytesIn = tensorBytes(s.inputs, info.get());
    o.bytesOut = tensorBytes(s.outputs, info.get());
    out.push_back(std::move(o));
  }
  return out;
}

// A saved trace keeps no segmentation, but its last step's partition has the groups.
std::vector<SegmentOverview> fromLastPartition(const Session& session) {
  std::vector<SegmentOverview> out;
  if (!session.trace || session.trace->steps().empty()) return out;
  const trace::Step& last = session.trace->steps().back();
  const trace::SnapshotPtr& snapshot = last.after ? last.after : last.before;
  if (!snapshot || !snapshot->partition) return out;
  std::map<int, int> ops;
  for (int g : snapshot->partition->groupOfExpr())
    if (g >= 0) ++ops[g];
  for (const trace::PartitionGroup& g : snapshot->partition->groups()) {
    SegmentOverview o;
    o.id = g.id;
    o.scheduler = g.scheduler;
    o.host = g.host;
    o.hostScalars = g.hostScalars();
    o.ops = ops[g.id];
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace

Overview overviewOf(const Session& session) {
  Overview o;
  o.segments = session.segmentation ? fromSegmentation(session) : fromLastPartition(session);
  std::sort(o.segments.begin(), o.segments.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  std::map<std::string, int> counts;
  for (const SegmentOverview& s : o.segments) {
    if (s.hostScalars)
      o.hostScalars = true;
    else
      ++counts[s.scheduler];
  }
  o.perScheduler.assign(counts.begin(), counts.end());
  std::stable_sort(o.perScheduler.begin(), o.perScheduler.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return o;
}

std::string overviewSummary(const Overview& overview) {
  const int n = overview.segmentCount();
  std::string text = std::to_string(n) + (n == 1 ? " segment" : " segments");
  if (overview.hostScalars) text += " + host scalars";
  if (overview.perScheduler.empty()) return text;
  text += ": ";
  for (std::size_t i = 0; i < overview.perScheduler.size(); ++i) {
    const auto& [scheduler, count] = overview.perScheduler[i];
    text += (i ? ", " : "") + (n == 1 ? scheduler : std::to_string(count) + " " + scheduler);
  }
  return text;
}

}  // namespace segscope::pipeline
