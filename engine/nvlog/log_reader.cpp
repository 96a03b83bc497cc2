// The reader of nvFuser's segmentation dumps (nvlog.h): a pass over the log's lines that opens a
// section at each framing line nvFuser prints and keeps whatever it does not recognise.
#include <algorithm>
#include <cctype>
#include <utility>

#include "nvlog/ir_text.h"
#include "nvlog/nvlog.h"
#include "support/file_io.h"

namespace segscope::nvlog {
namespace {

struct Line {
  int number = 0;
  std::string_view text;  // into the text being read, which outlives the reader
};

std::string_view trimBlanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool isDecimalDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// GitHub Actions prefixes every line with `2024-06-12T10:14:38.3201786Z `.
std::string_view withoutTimestamp(std::string_view s) {
  if (s.size() < 21 || !isDecimalDigit(s[0]) || s[4] != '-' || s[7] != '-' || s[10] != 'T') return s;
  const std::size_t z = s.find('Z', 19);
  if (z == std::string_view::npos || z > 40) return s;
  return s.substr(std::min(s.size(), z + 2));
}

std::vector<Line> splitLines(std::string_view text) {
  std::vector<Line> lines;
  int number = 0;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(Line{++number, withoutTimestamp(line)});
    if (end == text.size()) break;
    start = end + 1;
  }
  if (!lines.empty() && lines.back().text.empty()) lines.pop_back();
  // A log pasted inside a markdown list or quote is indented as a whole; nvFuser's own output
  // always has unindented lines (its headers), so a shared indent is the paste's, not the log's.
  std::size_t indent = std::string_view::npos;
  for (const Line& l : lines)
    if (const auto first = l.text.find_first_not_of(" \t"); first != std::string_view::npos)
      indent = std::min(indent, first);
  if (indent != std::string_view::npos && indent > 0)
    for (Line& l : lines) l.text.remove_prefix(std::min(indent, l.text.size()));
  return lines;
}

// The framing lines nvFuser prints (research: csrc file:line in each comment).
constexpr std::string_view kBeforePreSegmenter = "Fusion before PreSegmenter:";  // preseg_passes/pre_segmenter.cpp:40
constexpr std::string_view kAfterPass = "Fusion after pass: ";                   // optimization_pass.h:66
// NVFUSER_DUMP=fusion_ir_preseg (runtime/fusion_kernel_runtime.cpp:76-84): the same printout
// grammar, the fusion the segmenter starts from.
constexpr std::string_view kAfterPreSegmenter = "Fusion IR after pre-segmenter optimization passes:";
constexpr std::string_view kUnsegmented =
    "***Runtime***: Try to schedule fusion un-segmented:";               // fusion_segmenter.cpp:1649
constexpr std::string_view kHints = "***Runtime***: Has segment hints";  // :1658
constexpr std::string_view kSegmented = "***Runtime***: Try to schedule fusion segmented:";  // :1662
constexpr std::string_view kConsidering = "**Segmenter** Considering fusion:";               // :2160, :2182
constexpr std::string_view kRejectedMark = "_ ***rejected*** because :";                     // debug_utils.h:35-41
constexpr std::string_view kAccepted = "***Accepted*** as:";                                 // registry.cpp:221
constexpr std::string_view kOriginal =
    "Segment the fusion (Original Fusion Un-modified):";  // fusion_segmenter.cpp:1637
constexpr std::string_view kRewritten = "Segmented_Fusion Dump: -- Re-written complete fusion:";  // :1413
constexpr std::string_view kRewrittenEnd = "} // {Re-written complete fusion}";                   // :1415
constexpr std::string_view kSegments = "Segmented_Fusion Dump: -- fusion segments:";              // :1394
constexpr std::string_view kSegmentsEnd = "} //Segmented_Fusion";
// The segments dump pasted without nvFuser's own header: under a label of the user's, or from
// its `Segmented_Fusion{` line on.
constexpr std::string_view kSegmentsLabel = "Segmented Fusion:";
constexpr std::string_view kSegmentsOpen = "Segmented_Fusion{";  // :1408

bool isRule(std::string_view t) { return t.size() >= 20 && t.find_first_not_of('=') == std::string_view::npos; }

bool isRejection(std::string_view t) {
  return t.starts_with("Scheduler _") && t.find(kRejectedMark) != std::string_view::npos;
}

// A line that opens a section of its own: every sub-reader stops before one.
bool isFraming(std::string_view t) {
  return t.starts_with(kBeforePreSegmenter) || t.starts_with(kAfterPass) || t.starts_with(kAfterPreSegmenter) ||
         t.starts_with("***Runtime***") || t.starts_with(kConsidering) || isRejection(t) || t.starts_with(kAccepted) ||
         t.starts_with(kOriginal) || t.starts_with(kRewritten) || t.starts_with(kSegments) ||
         t.starts_with(kRewrittenEnd) || t.starts_with(kSegmentsEnd);
}

// A reason that quotes an expression (communication.cpp:35, greedy.cpp) goes on with the
// expression's lines: indented ones, or a TensorView at column 0. Anything else after a
// rejection is the next thing in the log.
bool continuesReason(std::string_view raw) {
  if (raw.empty()) return false;
  if (raw.front() == ' ' || raw.front() == '\t') return !isFraming(trimBlanks(raw));
  return tensorAt(raw, 0).has_value();
}

std::optional<int> parseInt(std::string_view s) {
  s = trimBlanks(s);
  if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), isDecimalDigit)) return std::nullopt;
  return std::stoi(std::string(s));
}

// `pointwise{0, 1, 2}` or `g{1, 2}`, with an optional ` (merged)`; what follows the `}` is
// returned in `rest`.
std::optional<GroupLine> parseGroupLine(std::string_view t, std::string_view* rest = nullptr) {
  t = trimBlanks(t);
  const std::size_t open = t.find('{');
  const std::size_t close = t.find('}');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open || open == 0)
    return std::nullopt;
  GroupLine g;
  g.scheduler = std::string(t.substr(0, open));
  if (!std::all_of(g.scheduler.begin(), g.scheduler.end(),
                   [](char c) { return std::islower(static_cast<unsigned char>(c)) || c == '_'; }))
    return std::nullopt;
  std::string_view names = t.substr(open + 1, close - open - 1);
  while (!trimBlanks(names).empty()) {
    const std::size_t comma = names.find(',');
    const auto n = parseInt(names.substr(0, comma));
    if (!n) return std::nullopt;
    g.exprNames.push_back(*n);
    if (comma == std::string_view::npos) break;
    names.remove_prefix(comma + 1);
  }
  std::string_view after = trimBlanks(t.substr(close + 1));
  if (after.starts_with("(merged)")) {
    g.merged = true;
    after = trimBlanks(after.substr(8));
  }
  if (rest)
    *rest = after;
  else if (!after.empty())
    return std::nullopt;
  return g;
}

// `e{ <group> -> <group>(<value>) }`, the old three-line form joined with spaces.
std::optional<EdgeLine> parseEdge(std::string_view t) {
  t = trimBlanks(t);
  if (!t.starts_with("e{") || !t.ends_with("}")) return std::nullopt;
  t = trimBlanks(t.substr(2, t.size() - 3));
  const std::size_t arrow = t.find("->");
  if (arrow == std::string_view::npos) return std::nullopt;
  EdgeLine e;
  auto from = parseGroupLine(t.substr(0, arrow));
  std::string_view rest;
  auto to = parseGroupLine(t.substr(arrow + 2), &rest);
  if (!from || !to || !rest.starts_with('(') || !rest.ends_with(')')) return std::nullopt;
  e.from = std::move(*from);
  e.to = std::move(*to);
  e.value = std::string(trimBlanks(rest.substr(1, rest.size() - 2)));
  return e;
}

// `  T0_g[ iS0{i0} ], float` (before 2024-09-03) is `T0_g[ iS0{i0} ]`: the dtype is in the name now.
std::string valueEntry(std::string_view t) {
  t = trimBlanks(t);
  const std::size_t bracket = t.rfind(']');
  if (bracket != std::string_view::npos && t.substr(bracket + 1).starts_with(", ")) t = t.substr(0, bracket + 1);
  return std::string(t);
}

class Reader {
 public:
  Reader(std::vector<Line> lines, std::string file) : lines_(std::move(lines)) { log_.file = std::move(file); }

  Result<NvLog> run() {
    log_.lines = static_cast<int>(lines_.size());
    while (i_ < lines_.size()) step();
    if (log_.runtimes.empty()) {
      const std::string first = lines_.empty() ? std::string("the file is empty") : "it starts '" + firstLine() + "'";
      return makeError(
          "not an nvFuser log: no line comes from NVFUSER_DUMP=pre_segmenter_logging, "
          "segmenter_logging or segmented_fusion; " +
              first,
          SourceLoc{1, 1});
    }
    for (Runtime& rt : log_.runtimes) {
      normalizeSchedulers(rt);
      if (rt.segmented) markExcerpt(*rt.segmented);
    }
    return std::move(log_);
  }

 private:
  // One spelling per scheduler, whatever the era printed (no-op until 2023-11, #1125), and a
  // scheduler for each group line: before 2024-08 a group line printed `g{<expr names>}`, no
  // scheduler; the group details, printed in the same order, name it. A group whose details
  // were cut off gets kUnknownScheduler, and the dump is not complete.
  // A pasted excerpt of a dump that did reach its end marker: finalize numbers the groups
  // 0..n-1 in order (csrc/fusion_segmenter.cpp:4856-4861), so details whose ids skip one, or
  // fewer details than group lines, leave groups out.
  static void markExcerpt(SegmentedDump& d) {
    if (!d.groups.empty() && !d.details.empty() && d.details.size() < d.groups.size()) d.complete = false;
    std::vector<bool> seen(d.details.size(), false);
    for (const GroupDetail& g : d.details) {
      if (g.id < 0) continue;
      if (static_cast<std::size_t>(g.id) >= seen.size()) {
        d.complete = false;
        return;
      }
      seen[static_cast<std::size_t>(g.id)] = true;
    }
    const bool numbered =
        std::any_of(d.details.begin(), d.details.end(), [](const GroupDetail& g) { return g.id >= 0; });
    if (numbered && std::find(seen.begin(), seen.end(), false) != seen.end()) d.complete = false;
  }

  static void normalizeSchedulers(Runtime& rt) {
    for (Candidate& c : rt.candidates) {
      c.accepted = canonicalSchedulerName(c.accepted);
      for (Rejection& r : c.rejections) r.scheduler = canonicalSchedulerName(r.scheduler);
    }
    if (!rt.segmented) return;
    SegmentedDump& d = *rt.segmented;
    for (GroupDetail& g : d.details) g.scheduler = canonicalSchedulerName(g.scheduler);
    for (std::size_t i = 0; i < d.groups.size(); ++i) {
      GroupLine& g = d.groups[i];
      g.scheduler = canonicalSchedulerName(g.scheduler);
      if (g.scheduler != "g") continue;
      g.schedulerFromDetails = true;
      if (i < d.details.size()) {
        g.scheduler = d.details[i].scheduler.empty() ? std::string("none") : d.details[i].scheduler;
      } else {
        g.scheduler = std::string(kUnknownScheduler);
        d.complete = false;
      }
    }
    // An edge names its groups as the group lines do: the same scheduler for the same group.
    for (EdgeLine& e : d.edges)
      for (GroupLine* end : {&e.from, &e.to}) {
        end->scheduler = canonicalSchedulerName(end->scheduler);
        for (const GroupLine& g : d.groups)
          if (end->scheduler == "g" && g.schedulerFromDetails && g.exprNames == end->exprNames) {
            end->scheduler = g.scheduler;
            end->schedulerFromDetails = true;
          }
      }
  }

  std::string_view text() const { return lines_[i_].text; }
  std::string_view line() const { return trimBlanks(lines_[i_].text); }
  int number() const { return lines_[i_].number; }
  std::string firstLine() const { return std::string(trimBlanks(lines_.front().text).substr(0, 80)); }

  Runtime& newRuntime() {
    log_.runtimes.emplace_back();
    log_.runtimes.back().line = number();
    open_ = -1;
    return log_.runtimes.back();
  }
  // The runtime a section belongs to: a new one when the current has already moved past it.
  Runtime& runtimeFor(bool (*startsNew)(const Runtime&)) {
    if (log_.runtimes.empty() || startsNew(log_.runtimes.back())) return newRuntime();
    return log_.runtimes.back();
  }

  void step() {
    const std::size_t before = i_;
    const std::size_t unknownBefore = log_.unknown.size();
    const bool filler = line().empty() || isRule(line());
    readSection();
    const bool wasUnknown =
        log_.unknown.size() > unknownBefore && log_.unknown[unknownBefore].line == lines_[before].number;
    if (!filler && !wasUnknown && i_ > before) sectionEnd_ = lines_[i_ - 1].number;
  }

  void readSection() {
    const std::string_view t = line();
    if (t.empty() || isRule(t)) {
      ++i_;
      if (t.empty()) lastRejection_ = nullptr;
      return;
    }
    if (lastRejection_ && !continuesReason(text())) lastRejection_ = nullptr;
    if (lastRejection_) {  // a reason that quotes an expression goes on over several lines
      lastRejection_->reason += '\n';
      lastRejection_->reason += t;
      ++i_;
      return;
    }
    if (t.starts_with(kBeforePreSegmenter)) {
      Runtime& rt =
          runtimeFor([](const Runtime& r) { return r.beforePasses || !r.passes.empty() || touchedSegmenter(r); });
      ++i_;
      rt.beforePasses = readFusion();
    } else if (t.starts_with(kAfterPass)) {
      Runtime& rt = runtimeFor([](const Runtime& r) { return touchedSegmenter(r); });
      PassDump pass{std::string(trimBlanks(t.substr(kAfterPass.size()))), number(), {}, {}};
      // What the pass printed before its header (DisjointSets…, Alias analysis result…) came in
      // as unknown lines since the previous section: it is the pass's own.
      const auto since = std::find_if(log_.unknown.begin(), log_.unknown.end(),
                                      [&](const UnknownLine& u) { return u.line > sectionEnd_; });
      for (auto u = since; u != log_.unknown.end(); ++u) pass.notes.push_back(std::move(u->text));
      log_.unknown.erase(since, log_.unknown.end());
      ++i_;
      pass.fusion = readFusion();
      rt.passes.push_back(std::move(pass));
    } else if (t.starts_with(kAfterPreSegmenter)) {
      Runtime& rt = runtimeFor([](const Runtime& r) { return r.afterPasses || touchedSegmenter(r); });
      ++i_;
      rt.afterPasses = readFusion();
    } else if (t.starts_with(kRewrittenEnd) || t.starts_with(kSegmentsEnd)) {
      ++i_;  // a closer whose section was read (or cut) before it
    } else if (t.starts_with(kUnsegmented) || t.starts_with(kHints)) {
      Runtime& rt = runtimeFor([](const Runtime& r) { return touchedSegmenter(r); });
      if (t.starts_with(kHints)) {
        rt.segmentHints = true;
      } else {
        rt.candidates.push_back(Candidate{number(), true, {}, {}, {}});
        open_ = static_cast<int>(rt.candidates.size()) - 1;
      }
      ++i_;
    } else if (t.starts_with(kSegmented)) {
      runtimeFor([](const Runtime& r) { return r.segmented.has_value(); }).triedSegmented = true;
      open_ = -1;
      ++i_;
    } else if (t.starts_with(kConsidering)) {
      readCandidate();
    } else if (isRejection(t)) {
      addRejection(t);
    } else if (t.starts_with(kAccepted)) {
      Candidate* c = openCandidate();
      if (c) c->accepted = std::string(trimBlanks(t.substr(kAccepted.size())));
      if (!c) unknown();
      open_ = -1;
      ++i_;
    } else if (t.starts_with(kOriginal)) {
      Runtime& rt = runtimeFor([](const Runtime& r) { return r.original || r.segmented; });
      ++i_;
      rt.original = readFusion();
    } else if (t.starts_with(kRewritten)) {
      Runtime& rt = runtimeFor([](const Runtime& r) { return r.segmented.has_value(); });
      rt.segmented.emplace();
      rt.segmented->line = number();
      ++i_;
      rt.segmented->rewritten = readFusion();
      open_ = -1;
    } else if (t.starts_with("g{(") || t == "g{") {  // group details pasted on their own
      Runtime& rt = log_.runtimes.empty() ? newRuntime() : log_.runtimes.back();
      if (!rt.segmented) {
        rt.segmented.emplace();
        rt.segmented->line = number();
      }
      readDetail(*rt.segmented);
    } else if (t.starts_with(kSegments) || t == kSegmentsLabel || t == kSegmentsOpen) {
      Runtime& rt = runtimeFor([](const Runtime& r) { return r.segmented && !r.segmented->groups.empty(); });
      if (!rt.segmented) {
        rt.segmented.emplace();
        rt.segmented->line = number();
      }
      if (t != kSegmentsOpen) ++i_;
      readSegments(*rt.segmented);
      open_ = -1;
    } else {
      unknown();
      ++i_;
    }
  }

  static bool touchedSegmenter(const Runtime& r) {
    return !r.candidates.empty() || r.segmentHints || r.triedSegmented || r.original || r.segmented;
  }

  void unknown() { log_.unknown.push_back(UnknownLine{number(), std::string(text())}); }

  // The expressions of a printout; lines no expression starts with are kept as unknown.
  std::vector<LoggedExpr> exprsOf(const std::vector<std::pair<int, std::string>>& lines) {
    std::vector<std::pair<int, std::string>> foreign;
    std::vector<LoggedExpr> exprs = splitExprs(lines, &foreign);
    for (auto& [number, text] : foreign) log_.unknown.push_back(UnknownLine{number, std::move(text)});
    return exprs;
  }

  Candidate* openCandidate() {
    if (open_ < 0 || log_.runtimes.empty()) return nullptr;
    return &log_.runtimes.back().candidates[static_cast<std::size_t>(open_)];
  }

  void addRejection(std::string_view t) {
    const std::size_t mark = t.find(kRejectedMark);
    Rejection r{std::string(t.substr(11, mark - 11)), std::string(trimBlanks(t.substr(mark + kRejectedMark.size()))),
                number()};
    if (Candidate* c = openCandidate()) {
      c->rejections.push_back(std::move(r));
      lastRejection_ = &c->rejections.back();
    } else {
      Runtime& rt = log_.runtimes.empty() ? newRuntime() : log_.runtimes.back();
      rt.laterRejections.push_back(std::move(r));
      lastRejection_ = &rt.laterRejections.back();
    }
    ++i_;
  }

  // `**Segmenter** Considering fusion:`, the candidate's exprs up to the blank line that
  // canScheduleMessage adds, then its verdicts (read by step()).
  void readCandidate() {
    Runtime& rt = runtimeFor([](const Runtime& r) { return r.segmented.has_value(); });
    Candidate c{number(), false, {}, {}, {}};
    ++i_;
    std::vector<std::pair<int, std::string>> exprLines;
    for (; i_ < lines_.size() && !line().empty() && !isFraming(line()); ++i_) exprLines.emplace_back(number(), text());
    c.exprs = exprsOf(exprLines);
    rt.candidates.push_back(std::move(c));
    open_ = static_cast<int>(rt.candidates.size()) - 1;
  }

  // printMath (fusion.cpp:632-666) or print (:518-545): Inputs, Outputs, then the exprs between
  // `%kernel_math {` / `%kernel {` and their closer (`} // %kernel_math`, `} // %kernel`, or a
  // bare `}` before 2024-07-09); print's `TransformPrinter :` part is skipped.
  FusionText readFusion() {
    FusionText f;
    f.line = i_ < lines_.size() ? number() : 0;
    enum class Part { None, Inputs, Outputs, Math, Transforms } part = Part::None;
    std::vector<std::pair<int, std::string>> math;
    for (; i_ < lines_.size(); ++i_) {
      const std::string_view t = line();
      if (part == Part::Math || part == Part::Transforms) {
        if (t.starts_with("} // %kernel") || t == "}") {
          ++i_;
          break;
        }
        if (t.starts_with("TransformPrinter")) part = Part::Transforms;
        if (part == Part::Math && !isFraming(t)) math.emplace_back(number(), text());
        if (isFraming(t)) break;  // cut short: the next section starts
        continue;
      }
      if (isFraming(t) || isRule(t)) break;
      if (t == "Inputs:") {
        part = Part::Inputs;
      } else if (t == "Outputs:") {
        part = Part::Outputs;
      } else if (t.starts_with("%kernel") && t.ends_with("{")) {
        part = Part::Math;
      } else if (t.empty()) {
        if (part == Part::Outputs) part = Part::None;
      } else if (part == Part::Inputs) {
        f.inputs.push_back(valueEntry(t));
      } else if (part == Part::Outputs) {
        f.outputs.push_back(valueEntry(t));
      } else {
        break;  // not part of a fusion printout
      }
    }
    f.exprs = exprsOf(math);
    return f;
  }

  // The segments dump (fusion_segmenter.cpp:1355-1410): groups, edges, then group details.
  void readSegments(SegmentedDump& dump) {
    enum class Part { None, Groups, Edges, Details } part = Part::None;
    while (i_ < lines_.size()) {
      const std::string_view t = line();
      if (t.starts_with(kSegmentsEnd)) {
        dump.complete = true;
        ++i_;
        return;
      }
      if (isFraming(t)) return;  // cut short
      if (t == "Segmented_Fusion{" || t.empty()) {
      } else if (t == "groups:") {
        part = Part::Groups;
      } else if (t == "edges:") {
        part = Part::Edges;
      } else if (t == "group details:") {
        part = Part::Details;
      } else if ((part == Part::Groups || part == Part::None) && parseGroupLine(t)) {
        // Before the `groups:` heading existed (2021) the group lines followed the opening line.
        dump.groups.push_back(*parseGroupLine(t));
        dump.groups.back().line = number();
      } else if (part != Part::Details && t.starts_with("e{")) {  // likewise the edges
        readEdge(dump);
        continue;
      } else if (part == Part::Details && t.starts_with("g{")) {
        readDetail(dump);
        continue;
      } else {
        unknown();
      }
      ++i_;
    }
  }

  // Before 2024-08-16 a group line ended in a newline, so an edge spanned three lines.
  void readEdge(SegmentedDump& dump) {
    const int first = number();
    std::string joined;
    int balance = 0;
    for (int taken = 0; i_ < lines_.size() && taken < 4; ++taken) {
      const std::string_view t = line();
      if (taken > 0 && (t.empty() || t.starts_with("e{") || isFraming(t))) break;
      joined += (joined.empty() ? "" : " ") + std::string(t);
      for (char c : t) balance += c == '{' ? 1 : c == '}' ? -1 : 0;
      ++i_;
      if (balance <= 0) break;
    }
    if (auto e = parseEdge(joined)) {
      e->line = first;
      dump.edges.push_back(std::move(*e));
    } else {
      log_.unknown.push_back(UnknownLine{first, joined});
    }
  }

  // `g{(<scheduler>)`, `group id:`, `inputs:`, `outputs:`, two blank lines, then each expr with
  // its `(n)`, and `}` alone.
  void readDetail(SegmentedDump& dump) {
    GroupDetail g;
    g.line = number();
    const std::string_view head = line();
    if (head.size() > 4 && head[2] == '(' && head.back() == ')')
      g.scheduler = std::string(head.substr(3, head.size() - 4));
    ++i_;
    enum class Part { Header, Inputs, Outputs, Exprs } part = Part::Header;
    std::vector<std::pair<int, std::string>> exprLines;
    for (; i_ < lines_.size(); ++i_) {
      const std::string_view t = line();
      if (t == "}") {
        ++i_;
        break;
      }
      if (isFraming(t) || t.starts_with("g{")) break;  // cut short
      if (t.starts_with("group id:")) {
        g.id = parseInt(t.substr(9)).value_or(-1);
      } else if (t == "inputs:") {
        part = Part::Inputs;
      } else if (t == "outputs:") {
        part = Part::Outputs;
      } else if (t.empty()) {
        if (part == Part::Outputs) part = Part::Exprs;
      } else if (part == Part::Inputs) {
        g.inputs.emplace_back(t);
      } else if (part == Part::Outputs) {
        g.outputs.emplace_back(t);
      } else if (t.starts_with(", ")) {
        // 2021: a group's exprs were joined by lines starting ` , ` (each starts an expr).
        exprLines.emplace_back(number(), std::string(t.substr(2)));
      } else {
        exprLines.emplace_back(number(), text());
      }
    }
    g.exprs = exprsOf(exprLines);
    dump.details.push_back(std::move(g));
  }

  std::vector<Line> lines_;
  std::size_t i_ = 0;
  NvLog log_;
  int open_ = -1;                       // the candidate of the last runtime that takes verdicts
  int sectionEnd_ = 0;                  // the last line of the last section recognised
  Rejection* lastRejection_ = nullptr;  // takes continuation lines until a blank or framing line
};

}  // namespace

std::string canonicalSchedulerName(std::string_view printed) {
  // csrc/scheduler/heuristic_types.cpp before #1125 (2023-11-09): "no-op".
  if (printed == "no-op") return "no_op";
  return std::string(printed);
}

Result<NvLog> readNvLog(std::string_view text, std::string file) {
  auto log = Reader(splitLines(text), std::move(file)).run();
  if (!log) return log;
  // Profiler tables (headers and rows) are not nvFuser's dumps, but they are understood: not
  // "unknown" lines.
  std::vector<int> timed;
  log->kernels = readKernelTimes(text, &timed);
  for (const KernelTime& k : log->kernels) timed.insert(timed.end(), k.lines.begin(), k.lines.end());
  std::sort(timed.begin(), timed.end());
  std::erase_if(log->unknown,
                [&](const UnknownLine& u) { return std::binary_search(timed.begin(), timed.end(), u.line); });
  return log;
}

Result<NvLog> readNvLogFile(const std::string& path) {
  SEGSCOPE_TRY(const std::string text, support::readTextFile(path));
  return readNvLog(text, path);
}

}  // namespace segscope::nvlog
