// A whole model run as it reaches users: one log (or a folder of logs and repro scripts) with
// many fusion definitions among other output, each with what nvFuser printed about it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nvlog/nvlog.h"
#include "support/diagnostic.h"
#include "support/result.h"

namespace segscope::model {

/// Where a fusion's definition was found.
enum class EntryKind {
  Definition,     // NVFUSER_DUMP=python_definition (or print(fd)): a def block, no footer
  ErrorRepro,     // the script inside "An error occurred while ... nvFuser FusionDefinition N"
  Script,         // a repro script file of its own (a folder's *.py)
  ThunderRegion,  // an nvFusionN region of a Thunder trace printout, translated (model/thunder_trace.h)
  /// nvFuser's own output with no definition before it (a dump pasted into an issue): nothing for
  /// Segscope to segment, only nvFuser's printed view (graph/nvfuser_view.h).
  NvFuserDump,
};
std::string_view entryKindName(EntryKind kind);

/// `Python definition for segmented group G:` and the def nvFuser printed for that group
/// (NVFUSER_DUMP=python_definition_segments): nvFuser's own segment, as a fusion of its own.
struct SegmentDefinition {
  int group = -1;
  int line = 0;      // of the `def` line, 1-based
  std::string text;  // the def block
};

/// One fusion of the run. The same definition printed again (a cache miss in another process,
/// a repro of a fusion dumped before) is one entry; the dumps after each copy are its runtimes.
struct FusionEntry {
  std::string name;  // the def's own: nvfuser_fusion_id12, nvfuser_incomplete_fusion, or a file stem
  int id = -1;       // the N of nvfuser_fusion_idN; -1 without one
  std::string file;
  int line = 0;  // of the `def` line (a Script: 1)
  EntryKind kind = EntryKind::Definition;
  /// What Segscope parses: the def block alone, or the whole repro script (header, def, the
  /// `with` block and the inputs footer). Line 1 of it is line `scriptLine` of `file`.
  std::string script;
  int scriptLine = 1;
  int occurrences = 1;
  /// The definition's structure, the same across runs whatever ids and names it was printed
  /// with: its statements with value names numbered by first use (T, S and V apart) and spacing
  /// dropped, hashed. Two runs' fusions are matched by it (`model --against`).
  std::string key;
  /// nvFuser's runtimes for this fusion: the log's runtimes that start between this fusion's
  /// definition (or a reprint of it) and the next other definition, in log order.
  std::vector<nvlog::Runtime> runtimes;
  /// Profiler rows for this fusion: kernels named `..._f<id>_...`, else those printed in its span.
  std::vector<nvlog::KernelTime> kernels;
  std::vector<SegmentDefinition> segments;  // from its runtimes' python_definition_segments
  /// Why the entry has no script to run (a Thunder region with a prim not translated here): its
  /// row reports it and the others go on.
  std::optional<Diagnostic> problem;
  /// The script was written by Segscope (a translated Thunder region), so its own line numbers
  /// mean nothing to the user: diagnostics point at `line` instead.
  bool translated = false;
};

struct ModelRun {
  std::vector<FusionEntry> fusions;  // in the order their first copy appears
  /// What could not be read (a definition cut short, a repro without its script, binary data),
  /// each at file:line: a fusion that does not load still gets its row, from the pipeline.
  std::vector<Diagnostic> diagnostics;
  std::vector<std::string> files;  // every file read
  std::size_t lines = 0;
};

/// Reads the text of one run log. Never fails: text with no definition yields no fusions and a
/// diagnostic saying so.
ModelRun readModelRunText(std::string_view text, const std::string& file);

/// Reads files and folders (recursively: *.log, *.txt and *.out as logs, *.py as repro scripts),
/// in sorted order, into one run. A ThunderFX report folder reads as its nvFusion repros: the
/// `<region>_repro_nvfuser.py` and `<region>_benchmark_nvfuser.py` of one region are one fusion
/// named `<region>`, and the folder's torch-only scripts (FX graph, eager, inductor repros) are
/// listed in one note. Fails only when an input cannot be read at all.
Result<ModelRun> readModelRun(const std::vector<std::string>& paths);

/// The key of a fusion nvFuser printed without its definition (EntryKind::NvFuserDump): its
/// printed ops in order, tensor numbers dropped, hashed; the same fusion dumped twice (two input
/// signatures) gets the same key.
std::string dumpKey(const nvlog::Runtime& runtime);

/// structureKey of a script or def block (FusionEntry::key).
std::string structureKey(std::string_view script);

/// A line of a log without what loggers put in front of it: CI timestamps (ISO or elapsed),
/// `[rankN]:`, `ERROR:nvfuser:`, pytest's `ERROR    nvfuser:__init__.py:NNN `.
std::string_view stripLogPrefix(std::string_view line);

}  // namespace segscope::model
