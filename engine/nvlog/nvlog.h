// What nvFuser printed under NVFUSER_DUMP=pre_segmenter_logging,segmenter_logging,segmented_fusion,
// as data: its passes, its merge candidates with their verdicts, and its final groups.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nvlog/kernel_times.h"
#include "support/result.h"

namespace segscope::nvlog {

/// A TensorView as nvFuser prints it (csrc/tensor_view.cpp:64-123): `T3_g_float[iS6{i0}, bS7{1}]`,
/// `T3_g[ iS6{i0} ]` before 2024-09, `T3_g___bfloat[...]` for bf16.
struct LoggedTensor {
  int number = -1;                // the 3 of T3: nvFuser numbers TensorViews on their own counter
  std::string memory;             // g, l, s, t or sym; empty when not printed
  std::string dtype;              // "float", "__bfloat", ...; empty before 2024-09 (#2889)
  std::vector<std::string> dims;  // "iS6{i0}", "rS12{i0}", "bS130{1 ex 32}"
  std::string text;               // as printed

  /// Dims whose iteration type is reduction (`r…`): those nvFuser keeps on a reduction's output.
  int reductionDims() const;
};

/// One expression of an IR printout (csrc/ir/internal_nodes.cpp), possibly over several lines.
struct LoggedExpr {
  int line = 0;      // its first line in the log, 1-based
  std::string text;  // its lines, joined with '\n'
  std::string op;    // "add", "reduction", "broadcast", "Set", "cast", "where", ...; "" when unknown
  std::vector<LoggedTensor> outputs;
  std::vector<LoggedTensor> inputs;  // tensor operands, in order, each once
  int name = -1;                     // the `(n)` printed after it in a group's details; -1 elsewhere
};

/// A fusion printout (printMath, csrc/fusion.cpp:632-666, or print, :518-545).
struct FusionText {
  int line = 0;
  std::vector<std::string> inputs;  // as printed, without the old ", dtype" suffix
  std::vector<std::string> outputs;
  std::vector<LoggedExpr> exprs;
};

/// `Fusion after pass: <name>` and the fusion printed after it (csrc/optimization_pass.h:66-68).
struct PassDump {
  std::string name;
  int line = 0;
  FusionText fusion;
  std::vector<std::string> notes;  // what the pass printed itself, before its header
};

/// `Scheduler _<scheduler>_ ***rejected*** because : <reason>` (csrc/scheduler/debug_utils.h:35-41).
struct Rejection {
  std::string scheduler;
  std::string reason;  // continuation lines (a reason quoting an expr) joined with '\n'
  int line = 0;
};

/// One proposeHeuristics call as segmenter_logging shows it: the fusion nvFuser tried (the whole
/// fusion first, then one `**Segmenter** Considering fusion:` block per merge candidate), each
/// scheduler that refused, and the one that accepted. The block names no groups and no phase.
struct Candidate {
  int line = 0;
  bool wholeFusion = false;  // `***Runtime***: Try to schedule fusion un-segmented:`, no expr list
  std::vector<LoggedExpr> exprs;
  std::vector<Rejection> rejections;
  std::string accepted;  // empty: every scheduler refused, or the block has no verdict at all

  /// Header and exprs with no verdict: nvFuser refused the merge because it would cross a
  /// segment_set (fusion_segmenter.cpp:2163-2165), or the log was cut right after the exprs.
  bool noVerdict() const { return rejections.empty() && accepted.empty(); }
};

/// `  <scheduler>{<expr names>}` (fusion_segmenter.cpp:258-275); `g{…}` before 2024-08-16.
/// A group whose scheduler the log does not say (an old group line whose details were cut off).
inline constexpr std::string_view kUnknownScheduler = "?";

/// nvFuser's scheduler names across versions in today's spelling (`no-op` is `no_op`).
std::string canonicalSchedulerName(std::string_view printed);

struct GroupLine {
  /// As printed, in today's spelling; the old form printed only "g", and the reader takes the
  /// scheduler from the group's details (or kUnknownScheduler when they are cut off).
  std::string scheduler;
  bool schedulerFromDetails = false;
  std::vector<int> exprNames;
  bool merged = false;  // ` (merged)`
  int line = 0;
};

/// `  e{ <group> -> <group>(<value>) }` (fusion_segmenter.cpp:287-291).
struct EdgeLine {
  GroupLine from, to;
  std::string value;
  int line = 0;
};

/// A group's details (detailGroupPrint, fusion_segmenter.cpp:716-747).
struct GroupDetail {
  std::string scheduler;  // empty for `g{` alone (SchedulerType::None)
  int id = -1;            // `group id:`, printed since 2024-07-29 (#2708); -1 before
  int line = 0;
  std::vector<std::string> inputs, outputs;  // `<Val> <dtype>` as printed
  std::vector<LoggedExpr> exprs;
};

/// The segmented_fusion dump (SegmentedFusion::print, fusion_segmenter.cpp:1412-1417).
struct SegmentedDump {
  int line = 0;
  std::optional<FusionText> rewritten;  // `Re-written complete fusion`
  std::vector<GroupLine> groups;        // topological order, as printed
  std::vector<EdgeLine> edges;
  std::vector<GroupDetail> details;
  bool complete = false;  // `} //Segmented_Fusion` was reached
};

/// One FusionKernelRuntime's output (csrc/runtime/fusion_kernel_runtime.cpp:55-113): a log
/// holds one per input signature and per fusion, back to back, with no fusion id.
struct Runtime {
  int line = 0;
  std::optional<FusionText> beforePasses;  // `Fusion before PreSegmenter:`
  std::vector<PassDump> passes;
  std::optional<FusionText> afterPasses;  // `Fusion IR after pre-segmenter optimization passes:` (fusion_ir_preseg)
  bool segmentHints = false;              // `***Runtime***: Has segment hints, skip un-segmented scheduling.`
  bool triedSegmented = false;            // `***Runtime***: Try to schedule fusion segmented:`
  std::vector<Candidate> candidates;
  std::optional<FusionText> original;  // `Segment the fusion (Original Fusion Un-modified):`
  std::optional<SegmentedDump> segmented;
  std::vector<Rejection> laterRejections;  // outside any candidate block (run-time checks)
};

/// A line the reader did not recognise: kept and reported, never fatal.
struct UnknownLine {
  int line = 0;
  std::string text;
};

struct NvLog {
  std::string file;
  std::vector<Runtime> runtimes;
  std::vector<KernelTime> kernels;  // from profiler output in the log (nsys stats, NVFUSER_PROF=print)
  std::vector<UnknownLine> unknown;
  int lines = 0;
};

/// Reads the text of an nvFuser log. Tolerates every format since mid-2024, CRLF, CI timestamps,
/// interleaved foreign lines and a text cut anywhere; fails, with `file:line`, only when nothing
/// in it is an nvFuser dump.
Result<NvLog> readNvLog(std::string_view text, std::string file);

/// readNvLog on a file's contents.
Result<NvLog> readNvLogFile(const std::string& path);

}  // namespace segscope::nvlog
