// A session's final segmentation beside the one an nvFuser log states (segscope-cli compare-log).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "comparison/log_divergence.h"
#include "nvlog/nvlog.h"
#include "pipeline/segment_overview.h"
#include "pipeline/session.h"

namespace segscope::comparison {

/// One of nvFuser's final groups as its log states it.
struct LoggedSegment {
  int id = -1;            // `group id:`; -1 where the log's format printed none
  std::string scheduler;  // as printed
  int exprs = 0;
  std::vector<std::string> ops;  // of its exprs, in the log's order ("" where unknown)
  int line = 0;
  double kernelMs = -1;  // its kernel's median time where the log holds profiler output; -1 none
  std::string kernel;    // that kernel's name
};

struct LogComparison {
  std::string log;   // the log's file
  int runtimes = 0;  // FusionKernelRuntimes in the log
  int runtime = -1;  // the one compared, 0-based
  int runtimeLine = 0;
  std::string source;  // which part of the log gave nvFuser's segments
  std::vector<LoggedSegment> theirs;
  pipeline::Overview ours;  // host scalar segments included (see hostSegments)
  int hostSegments = 0;     // ours that compute scalars on the host: nvFuser lists no group for them
  std::vector<std::pair<std::string, int>> theirPerScheduler, ourPerScheduler;  // host segments left out
  int unknownLines = 0;
  std::string timesSource;  // where the kernel times come from; empty when the log has none
  /// nvFuser's passes, merge verdicts and final groups lined up with ours, and the first place
  /// they disagree.
  Divergence divergence;

  bool sameCount() const;
  bool sameSchedulers() const;
  /// The same groups: by content where the log prints each group's exprs, else by count and
  /// scheduler.
  bool sameGroups() const { return divergence.differingGroups == 0; }
  bool agree() const { return sameCount() && sameSchedulers() && sameGroups(); }
};

/// Reads an nvFuser log (what NVFUSER_DUMP=segmenter_logging,segmented_fusion printed) for
/// compareWithLog; an error names the line where the log stops making sense.
Result<nvlog::NvLog> readNvFuserLog(const std::string& path);

/// Compares `session`'s final segmentation with runtime `runtime` of `log` (-1: the last one
/// whose final groups the log states). Fails when the log states no final groups at all.
Result<LogComparison> compareWithLog(const pipeline::Session& session, const nvlog::NvLog& log, int runtime = -1);

/// nvFuser's kernel time for the ops of each of `comparison`'s own segments (by segment id): the
/// sum over the kernels of the nvFuser groups that hold only that segment's ops (two kernels
/// where nvFuser split what Segscope fused). Segments no timed group maps onto are absent.
struct SegmentKernelTime {
  double ms = 0;
  int kernels = 0;
};
std::map<int, SegmentKernelTime> kernelTimesBySegment(const LogComparison& comparison);

/// The report compare-log prints: both sides' segments, the counts, and what differs.
std::string comparisonText(const LogComparison& comparison);

}  // namespace segscope::comparison
