// Splitting a model run's log into fusions: definitions, error repros and segment definitions
// found among any other output, and nvFuser's dumps given to the fusion they follow.
// docs/model.md states the association rule and what breaks it.
#include "model/run_reader.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>

#include "model/thunder_trace.h"
#include "support/file_io.h"

namespace segscope::model {
namespace {

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Skips `count` digits at `at`; false when there are fewer.
bool digits(std::string_view s, std::size_t& at, std::size_t count) {
  for (std::size_t k = 0; k < count; ++k, ++at)
    if (at >= s.size() || !isDigit(s[at])) return false;
  return true;
}

// `2024-06-12T10:14:38.3201786Z ` (GitHub Actions) or `00:24:41 ` (Jenkins elapsed time).
std::size_t timestampLength(std::string_view s) {
  std::size_t at = 0;
  if (digits(s, at, 4) && at < s.size() && s[at] == '-' && digits(s, ++at, 2) && at < s.size() && s[at] == '-' &&
      digits(s, ++at, 2) && at < s.size() && (s[at] == 'T' || s[at] == ' ') && digits(s, ++at, 2) && at < s.size() &&
      s[at] == ':' && digits(s, ++at, 2) && at < s.size() && s[at] == ':' && digits(s, ++at, 2)) {
    while (at < s.size() && (isDigit(s[at]) || s[at] == '.' || s[at] == 'Z' || s[at] == ',')) ++at;
    return at < s.size() && s[at] == ' ' ? at + 1 : 0;
  }
  at = 0;
  if (digits(s, at, 2) && at < s.size() && s[at] == ':' && digits(s, ++at, 2) && at < s.size() && s[at] == ':' &&
      digits(s, ++at, 2) && at < s.size() && s[at] == ' ')
    return at + 1;
  return 0;
}

struct Line {
  std::string_view text;  // prefix stripped, no line break
  int number = 0;         // 1-based
};

std::vector<Line> splitLines(std::string_view text) {
  std::vector<Line> lines;
  std::size_t start = 0;
  int number = 1;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back({stripLogPrefix(line), number++});
    start = end + 1;
  }
  return lines;
}

// `def nvfuser_fusion_id12(fd : FusionDefinition) -> None :` and its frontends' variants.
std::optional<std::string> definedName(std::string_view line) {
  if (!startsWith(line, "def ")) return std::nullopt;
  std::string_view rest = line.substr(4);
  const std::size_t paren = rest.find('(');
  if (paren == std::string_view::npos) return std::nullopt;
  const std::string_view name = trim(rest.substr(0, paren));
  if (!startsWith(name, "nvfuser_")) return std::nullopt;
  const std::string_view args = rest.substr(paren);
  if (args.find("FusionDefinition") == std::string_view::npos) return std::nullopt;
  return std::string(name);
}

int idOf(std::string_view name) {
  constexpr std::string_view kPrefix = "nvfuser_fusion_id";
  if (!startsWith(name, kPrefix) || name.size() == kPrefix.size()) return -1;
  int id = 0;
  for (char c : name.substr(kPrefix.size())) {
    if (!isDigit(c) || id > 100000000) return -1;
    id = id * 10 + (c - '0');
  }
  return id;
}

// `Python definition for segmented group 8:` (csrc/runtime/fusion_kernel_runtime.cpp:433-441 @4a3e6b9).
std::optional<int> segmentGroupHeader(std::string_view line) {
  constexpr std::string_view kHeader = "Python definition for segmented group ";
  line = trim(line);
  if (!startsWith(line, kHeader)) return std::nullopt;
  int group = 0;
  bool any = false;
  for (char c : line.substr(kHeader.size())) {
    if (!isDigit(c)) break;
    if (group > 100000000) return std::nullopt;  // no fusion has that many groups: not a header
    group = group * 10 + (c - '0');
    any = true;
  }
  return any ? std::optional<int>(group) : std::nullopt;
}

bool isErrorHeader(std::string_view line) {
  return line.find("An error occurred while ") != std::string_view::npos &&
         line.find("nvFuser FusionDefinition") != std::string_view::npos;
}

// ```python, ``` or a pasted \```python.
bool isFence(std::string_view line) {
  line = trim(line);
  if (startsWith(line, "\\")) line.remove_prefix(1);
  return startsWith(line, "```");
}

bool isBodyLine(std::string_view line) { return startsWith(line, "    ") || startsWith(line, "\t"); }

// The def block at `at`: the header and every indented line after it (nvFuser prints no blank
// line inside). Returns one past its last line.
std::size_t defEnd(const std::vector<Line>& lines, std::size_t at) {
  std::size_t end = at + 1;
  while (end < lines.size() && isBodyLine(lines[end].text)) ++end;
  return end;
}

std::string joined(const std::vector<Line>& lines, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) {
    out += lines[i].text;
    out += '\n';
  }
  return out;
}

// A found definition before duplicates are merged.
struct Found {
  EntryKind kind = EntryKind::Definition;
  std::string name;
  std::size_t defLine = 0;  // index into lines
  std::string script;
  int scriptLine = 1;
  std::string body;  // the def's statements, the key for "the same definition printed again"
};

class Splitter {
 public:
  Splitter(const std::vector<Line>& lines, std::string file, ModelRun& run)
      : lines_(lines), file_(std::move(file)), run_(run) {}

  // One pass: repros (fenced, or up to the traceback when a paste dropped the fences),
  // segment definitions, and plain definitions.
  void split(std::vector<Found>& found, std::vector<std::pair<std::size_t, SegmentDefinition>>& segments) {
    std::size_t errorAt = kNoError;  // the last error header not yet followed by its script
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      const std::string_view text = lines_[i].text;
      if (isErrorHeader(text)) {
        errorAt = i;
        continue;
      }
      if (errorAt != kNoError && i - errorAt > kErrorToScript) errorAt = kNoError;  // a message without its script
      if (errorAt != kNoError && isFence(text)) {
        i = repro(errorAt, i + 1, true, found);
        errorAt = kNoError;
        continue;
      }
      if (errorAt != kNoError && text.find("Here's a script to reproduce") != std::string_view::npos) {
        const std::size_t next = nextNonBlank(i + 1);
        if (next < lines_.size() && isFence(lines_[next].text)) continue;  // the fence comes next
        i = repro(errorAt, i + 1, false, found);                           // a paste that dropped the fences
        errorAt = kNoError;
        continue;
      }
      const std::optional<std::string> name = definedName(text);
      if (!name) continue;
      const std::size_t end = defEnd(lines_, i);
      if (const std::optional<int> group = previousSegmentHeader(i)) {
        segments.emplace_back(i, SegmentDefinition{*group, lines_[i].number, joined(lines_, i, end)});
      } else {
        Found f;
        f.name = *name;
        f.defLine = i;
        f.script = joined(lines_, i, end);
        f.scriptLine = lines_[i].number;
        f.body = joined(lines_, i + 1, end);
        if (end == i + 1) cutShort(i, "has no statements (cut short?)");
        found.push_back(std::move(f));
      }
      i = end - 1;
    }
  }

 private:
  // Lines from the error message to its script's fence: the message, the issue URL line and
  // "Here's a script ..." in every version, with room for blank lines a paste adds.
  static constexpr std::size_t kErrorToScript = 8;
  static constexpr std::size_t kNoError = static_cast<std::size_t>(-1);

  std::size_t nextNonBlank(std::size_t at) const {
    while (at < lines_.size() && trim(lines_[at].text).empty()) ++at;
    return at;
  }

  std::optional<int> previousSegmentHeader(std::size_t at) const {
    for (std::size_t k = at; k-- > 0;) {
      if (trim(lines_[k].text).empty()) continue;
      return segmentGroupHeader(lines_[k].text);
    }
    return std::nullopt;
  }

  void cutShort(std::size_t at, const std::string& what) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.file = file_;
    d.loc = {lines_[at].number, 1};
    d.message = "the definition here " + what;
    d.sourceLine = std::string(lines_[at].text);
    run_.diagnostics.push_back(std::move(d));
  }

  // The repro script from `from`: up to the closing fence, or (no fence) up to its
  // fd.execute line or the traceback. Returns the index of its last line.
  std::size_t repro(std::size_t message, std::size_t from, bool fenced, std::vector<Found>& found) {
    std::size_t end = from;
    bool closed = false;
    for (; end < lines_.size(); ++end) {
      const std::string_view text = lines_[end].text;
      if (fenced && isFence(text)) {
        closed = true;
        break;
      }
      if (!fenced && (startsWith(trim(text), "Traceback (most recent call last)") || isErrorHeader(text))) break;
      if (!fenced && startsWith(trim(text), "fd.execute(")) {
        ++end;
        break;
      }
    }
    std::size_t def = from;
    while (def < end && !definedName(lines_[def].text)) ++def;
    if (def == end) {
      cutShort(message, "is an error repro with no fusion definition in it");
      return end;
    }
    Found f;
    f.kind = EntryKind::ErrorRepro;
    f.name = *definedName(lines_[def].text);
    f.defLine = def;
    f.script = joined(lines_, from, end);
    f.scriptLine = lines_[from].number;
    f.body = joined(lines_, def + 1, defEnd(lines_, def));
    if (fenced && !closed) cutShort(def, "is an error repro whose closing fence is missing (cut short?)");
    found.push_back(std::move(f));
    return end;
  }

  const std::vector<Line>& lines_;
  std::string file_;
  ModelRun& run_;
};

// The entry a found definition belongs to: the same statements printed again are one fusion.
// A repro brings an inputs footer, so it replaces a footer-less copy's script.
void addFound(ModelRun& run, const std::string& file, Found f, std::map<std::string, std::size_t>& byBody,
              std::vector<std::pair<std::size_t, std::size_t>>& starts) {
  const auto it = byBody.find(f.body);
  if (it != byBody.end()) {
    FusionEntry& e = run.fusions[it->second];
    ++e.occurrences;
    if (f.kind == EntryKind::ErrorRepro && e.kind == EntryKind::Definition) {
      e.kind = f.kind;
      e.script = std::move(f.script);
      e.scriptLine = f.scriptLine;
    }
    starts.emplace_back(f.defLine, it->second);
    return;
  }
  FusionEntry e;
  e.name = f.name;
  e.id = idOf(f.name);
  e.file = file;
  e.kind = f.kind;
  e.script = std::move(f.script);
  e.scriptLine = f.scriptLine;
  e.key = structureKey(e.script);
  byBody.emplace(std::move(f.body), run.fusions.size());
  starts.emplace_back(f.defLine, run.fusions.size());
  e.line = 0;
  run.fusions.push_back(std::move(e));
}

// The entry whose span holds line `number`: the last definition that starts at or before it.
std::optional<std::size_t> ownerOf(const std::vector<std::pair<int, std::size_t>>& spans, int number) {
  auto it = std::upper_bound(spans.begin(), spans.end(), number,
                             [](int n, const std::pair<int, std::size_t>& s) { return n < s.first; });
  if (it == spans.begin()) return std::nullopt;
  return std::prev(it)->second;
}

// The fusion text nvFuser printed for a runtime, whichever dump the log has.
const nvlog::FusionText* printedFusion(const nvlog::Runtime& r) {
  if (r.original) return &*r.original;
  if (r.beforePasses) return &*r.beforePasses;
  if (r.afterPasses) return &*r.afterPasses;
  if (r.segmented && r.segmented->rewritten) return &*r.segmented->rewritten;
  return nullptr;
}

// Runtimes printed before any definition in this file (a dump pasted with no script) become
// fusions of their own, nvFuser's view only; two runtimes of one printed fusion are one entry.
void addDumpOnlyEntries(ModelRun& run, const std::string& file, std::vector<nvlog::Runtime>& runtimes,
                        int firstDefinition, std::vector<std::pair<int, std::size_t>>& spans) {
  std::map<std::string, std::size_t> byKey;
  const std::size_t first = run.fusions.size();
  for (nvlog::Runtime& r : runtimes) {
    if (r.line >= firstDefinition) break;
    const std::string key = dumpKey(r);
    auto [it, fresh] = byKey.emplace(key, run.fusions.size());
    if (fresh) {
      FusionEntry e;
      e.file = file;
      e.line = r.line;
      e.kind = EntryKind::NvFuserDump;
      e.key = key;
      run.fusions.push_back(std::move(e));
      spans.emplace_back(r.line, it->second);
    } else {
      ++run.fusions[it->second].occurrences;
    }
    run.fusions[it->second].runtimes.push_back(std::move(r));
    r.line = -1;  // taken
  }
  // Named after the file: a pasted dump has no fusion id.
  const std::string stem = std::filesystem::path(file).stem().string();
  const std::size_t count = run.fusions.size() - first;
  for (std::size_t i = first; i < run.fusions.size(); ++i)
    run.fusions[i].name = count == 1 ? stem + "_dump" : stem + "_dump" + std::to_string(i - first + 1);
}

void attachDumps(ModelRun& run, std::size_t firstEntry, std::vector<nvlog::Runtime> runtimes,
                 std::vector<nvlog::KernelTime> kernels, const std::vector<std::pair<int, std::size_t>>& spans) {
  for (nvlog::Runtime& r : runtimes)
    if (r.line >= 0)
      if (const auto owner = ownerOf(spans, r.line)) run.fusions[*owner].runtimes.push_back(std::move(r));
  for (nvlog::KernelTime& k : kernels) {
    std::optional<std::size_t> owner;
    for (std::size_t i = firstEntry; i < run.fusions.size() && !owner; ++i)
      if (k.fusion >= 0 && run.fusions[i].id == k.fusion) owner = i;
    if (!owner && !k.lines.empty()) owner = ownerOf(spans, k.lines.front());
    if (owner) run.fusions[*owner].kernels.push_back(std::move(k));
  }
}

// Lines as an editor numbers them: a last line without its newline counts.
std::size_t lineCount(std::string_view text) {
  const auto newlines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  return newlines + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

bool looksBinary(std::string_view text) {
  const std::size_t probe = std::min<std::size_t>(text.size(), 8192);
  return std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(probe), '\0') > 0;
}

// Every nvFusionN region of a Thunder trace printout, each a fusion (problems included).
void readThunderInto(ModelRun& run, std::string_view text, const std::string& file) {
  for (ThunderRegion& r : readThunderTrace(text, file)) {
    FusionEntry e;
    e.name = r.name;
    e.file = file;
    e.line = r.line;
    e.kind = EntryKind::ThunderRegion;
    e.script = std::move(r.script);
    e.problem = std::move(r.problem);
    e.translated = true;
    e.key = structureKey(e.script.empty() ? file + ":" + std::to_string(e.line) : e.script);
    run.fusions.push_back(std::move(e));
  }
}

void readLogInto(ModelRun& run, std::string_view text, const std::string& file) {
  run.files.push_back(file);
  if (!looksBinary(text) && looksLikeThunderTrace(text)) {
    run.lines += lineCount(text);
    readThunderInto(run, text, file);
    return;
  }
  if (looksBinary(text)) {
    Diagnostic d;
    d.file = file;
    d.loc = {1, 1};
    d.message = "binary data, not a log: skipped";
    run.diagnostics.push_back(std::move(d));
    return;
  }
  const std::vector<Line> lines = splitLines(text);
  run.lines += lines.size();
  std::vector<Found> found;
  std::vector<std::pair<std::size_t, SegmentDefinition>> segments;
  Splitter(lines, file, run).split(found, segments);
  Result<nvlog::NvLog> log = nvlog::readNvLog(text, file);
  // Without a segmenter dump the reader refuses the text; profiler tables may still be there.
  std::vector<nvlog::Runtime> runtimes = log ? std::move(log->runtimes) : std::vector<nvlog::Runtime>{};
  std::vector<nvlog::KernelTime> kernels = log ? std::move(log->kernels) : nvlog::readKernelTimes(text);
  const std::size_t firstEntry = run.fusions.size();
  std::vector<std::pair<int, std::size_t>> spans;  // (first line number, entry), ascending
  const int firstDefinition = found.empty() ? std::numeric_limits<int>::max() : lines[found.front().defLine].number;
  addDumpOnlyEntries(run, file, runtimes, firstDefinition, spans);
  std::map<std::string, std::size_t> byBody;
  std::vector<std::pair<std::size_t, std::size_t>> starts;  // (line index, entry)
  for (Found& f : found) {
    const std::size_t defLine = f.defLine;
    addFound(run, file, std::move(f), byBody, starts);
    FusionEntry& e = run.fusions[starts.back().second];
    if (e.line == 0) e.line = lines[defLine].number;
  }
  for (const auto& [index, entry] : starts) spans.emplace_back(lines[index].number, entry);
  for (auto& [index, segment] : segments)
    if (const auto owner = ownerOf(spans, lines[index].number)) run.fusions[*owner].segments.push_back(segment);
  attachDumps(run, firstEntry, std::move(runtimes), std::move(kernels), spans);
  if (run.fusions.size() == firstEntry) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.file = file;
    d.loc = {1, 1};
    d.message = "no nvFuser fusion definition (def nvfuser_fusion_idN) and no nvFuser dump in this file";
    run.diagnostics.push_back(std::move(d));
  }
}

// A ThunderFX report names an nvFusion region's scripts `<region>_repro_nvfuser.py` and
// `<region>_benchmark_nvfuser.py` (thunder/dynamo/report.py, ThunderFusionReport): the region's
// name is the fusion's.
std::string scriptName(const std::string& file) {
  std::string stem = std::filesystem::path(file).stem().string();
  for (const std::string_view suffix : {"_repro_nvfuser", "_benchmark_nvfuser"})
    if (stem.size() > suffix.size() && stem.compare(stem.size() - suffix.size(), suffix.size(), suffix) == 0)
      return stem.substr(0, stem.size() - suffix.size());
  return stem;
}

void readScriptInto(ModelRun& run, std::string text, const std::string& file) {
  run.files.push_back(file);
  run.lines += lineCount(text);
  const std::string name = scriptName(file);
  const std::string key = structureKey(text);
  // A region's repro and its benchmark hold the same definition: one fusion, the repro its source.
  for (FusionEntry& e : run.fusions)
    if (e.kind == EntryKind::Script && e.name == name && e.key == key) {
      ++e.occurrences;
      if (file.find("_repro_nvfuser") != std::string::npos) {
        e.file = file;
        e.script = std::move(text);
      }
      return;
    }
  FusionEntry e;
  e.name = name;
  e.file = file;
  e.line = 1;
  e.kind = EntryKind::Script;
  e.script = std::move(text);
  e.key = key;
  run.fusions.push_back(std::move(e));
}

// Torch-only scripts found in a folder (a ThunderFX report's FX graph, eager and inductor
// repros): no fusion in them, so one note lists them instead of a warning each.
void noteTorchOnlyScripts(ModelRun& run, const std::vector<std::string>& skipped) {
  if (skipped.empty()) return;
  Diagnostic d;
  d.severity = Severity::Note;
  d.file = skipped.front();
  d.loc = {1, 1};
  d.message = std::to_string(skipped.size()) + " Python file" + (skipped.size() == 1 ? " holds" : "s hold") +
              " no nvFuser fusion (torch, Thunder or inductor repros), skipped:";
  for (std::size_t i = 0; i < skipped.size() && i < 8; ++i)
    d.message += (i ? ", " : " ") + std::filesystem::path(skipped[i]).filename().string();
  if (skipped.size() > 8) d.message += ", ...";
  run.diagnostics.push_back(std::move(d));
}

bool isLogName(const std::filesystem::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".log" || ext == ".txt" || ext == ".out";
}

// The def's statements with T/S/V names renumbered by first appearance and spaces dropped.
std::string normalizedBody(std::string_view script) {
  std::vector<Line> lines = splitLines(script);
  std::size_t at = 0;
  while (at < lines.size() && !definedName(lines[at].text)) ++at;
  if (at == lines.size()) return std::string(script);
  std::map<std::string, std::string> renamed;
  int counts[3] = {0, 0, 0};
  std::string out;
  for (std::size_t i = at + 1; i < lines.size() && isBodyLine(lines[i].text); ++i) {
    const std::string_view text = lines[i].text;
    for (std::size_t k = 0; k < text.size();) {
      const char c = text[k];
      const bool boundary = k == 0 || !(std::isalnum(static_cast<unsigned char>(text[k - 1])) || text[k - 1] == '_');
      const int kind = c == 'T' ? 0 : c == 'S' ? 1 : c == 'V' ? 2 : -1;
      if (boundary && kind >= 0 && k + 1 < text.size() && isDigit(text[k + 1])) {
        std::size_t end = k + 1;
        while (end < text.size() && isDigit(text[end])) ++end;
        if (end == text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) {
          const std::string name(text.substr(k, end - k));
          auto [it, fresh] = renamed.emplace(name, std::string());
          if (fresh) it->second = std::string(1, c) + std::to_string(counts[kind]++);
          out += it->second;
          k = end;
          continue;
        }
      }
      if (!std::isspace(static_cast<unsigned char>(c))) out += c;
      ++k;
    }
    out += '\n';
  }
  return out;
}

// FNV-1a, 64 bits, as hex: stable across builds and platforms (baselines are stored).
std::string hashed(std::string_view text) {
  std::uint64_t h = 1469598103934665603ull;
  for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  static const char* const kHex = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[static_cast<std::size_t>(i)] = kHex[h & 15];
  return out;
}

}  // namespace

std::string structureKey(std::string_view script) { return hashed(normalizedBody(script)); }

std::string dumpKey(const nvlog::Runtime& runtime) {
  std::string ops = "dump:";
  if (const nvlog::FusionText* fusion = printedFusion(runtime)) {
    ops += std::to_string(fusion->inputs.size()) + "->" + std::to_string(fusion->outputs.size()) + ":";
    for (const nvlog::LoggedExpr& e : fusion->exprs) ops += e.op + ";";
  } else if (runtime.segmented) {
    for (const nvlog::GroupLine& g : runtime.segmented->groups)
      ops += g.scheduler + std::to_string(g.exprNames.size()) + ";";
  }
  return hashed(ops);
}

std::string_view entryKindName(EntryKind kind) {
  switch (kind) {
    case EntryKind::Definition: return "python_definition";
    case EntryKind::ErrorRepro: return "error_repro";
    case EntryKind::Script: return "script";
    case EntryKind::ThunderRegion: return "thunder_region";
    case EntryKind::NvFuserDump: return "nvfuser_dump";
  }
  return "python_definition";
}

std::string_view stripLogPrefix(std::string_view line) {
  for (bool again = true; again;) {
    again = false;
    if (const std::size_t n = timestampLength(line); n > 0) {
      line.remove_prefix(n);
      again = true;
    }
    if (startsWith(line, "[rank")) {
      const std::size_t close = line.find("]:");
      if (close != std::string_view::npos && close < 12) {
        line.remove_prefix(close + 2);
        if (startsWith(line, " ")) line.remove_prefix(1);  // torchrun writes "[rankN]: " before each line
        again = true;
      }
    }
    for (std::string_view logger : {"ERROR:nvfuser:", "WARNING:nvfuser:"})
      if (startsWith(line, logger)) {
        line.remove_prefix(logger.size());
        again = true;
      }
    // pytest: `ERROR    nvfuser:__init__.py:330 An error occurred ...`
    if (startsWith(line, "ERROR    nvfuser:")) {
      const std::size_t space = line.find(' ', 17);
      line.remove_prefix(space == std::string_view::npos ? line.size() : space + 1);
      again = true;
    }
  }
  return line;
}

ModelRun readModelRunText(std::string_view text, const std::string& file) {
  ModelRun run;
  readLogInto(run, text, file);
  return run;
}

Result<ModelRun> readModelRun(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, bool>> files;  // (path, found in a folder)
  for (const std::string& path : paths) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::vector<std::string> inside;
      for (fs::recursive_directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec) && (isLogName(it->path()) || it->path().extension() == ".py"))
          inside.push_back(it->path().string());
      if (ec) return makeError("cannot list " + path + ": " + ec.message());
      std::sort(inside.begin(), inside.end());
      for (std::string& f : inside) files.emplace_back(std::move(f), true);
    } else {
      files.emplace_back(path, false);
    }
  }
  ModelRun run;
  std::vector<std::string> torchOnly;
  for (const auto& [file, inFolder] : files) {
    Result<std::string> text = support::readTextFile(file);
    if (!text) return makeError(text.error().message);
    const bool python = fs::path(file).extension() == ".py";
    // A .py that holds a log (or several definitions) is read as a log; a repro script is one fusion.
    const bool script = python && text->find("\ndef nvfuser_") != std::string::npos &&
                        text->find("FusionDefinition() as fd") != std::string::npos;
    if (script) {
      readScriptInto(run, std::move(text.value()), file);
    } else if (python && inFolder && text->find("FusionDefinition") == std::string::npos &&
               !looksLikeThunderTrace(text.value())) {
      torchOnly.push_back(file);
    } else {
      readLogInto(run, text.value(), file);
    }
  }
  noteTorchOnlyScripts(run, torchOnly);
  return run;
}

}  // namespace segscope::model
