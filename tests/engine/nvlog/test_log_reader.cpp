// The nvFuser log reader on logs written from nvFuser's printing code (tests/data/nvlog/synthetic,
// one per format era) and on real excerpts users pasted (tests/data/nvlog/real: each file's first
// line is its source URL, then notes, then `----` sections of verbatim text).
#include <QDir>
#include <QtTest>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "nvlog/ir_text.h"
#include "nvlog/nvlog.h"

using namespace segscope;
using namespace segscope::nvlog;

namespace {

std::string dataPath(const std::string& name) { return std::string(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/" + name; }

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The verbatim sections of a real excerpt: the text between `----` lines after the header.
std::vector<std::string> sectionsOf(const std::string& path) {
  std::vector<std::string> sections;
  std::istringstream in(readAll(path));
  std::string line;
  bool inHeader = true;
  while (std::getline(in, line)) {
    if (line.starts_with("----")) {
      sections.emplace_back();
      inHeader = false;
      continue;
    }
    if (!inHeader) sections.back() += line + "\n";
  }
  return sections;
}

NvLog read(const std::string& name) {
  auto log = readNvLogFile(dataPath(name));
  if (!log) qFatal("%s: %s", name.c_str(), log.error().message.c_str());
  return std::move(log).value();
}

std::vector<std::string> schedulersOf(const SegmentedDump& d) {
  std::vector<std::string> out;
  for (const GroupDetail& g : d.details) out.push_back(g.scheduler);
  return out;
}

// `# states[K]: groups=N schedulers=a,b,c complete=true|false` in a real excerpt's header: what
// section K states, read by hand. A field the section leaves ambiguous is left out (a `# note:`
// says why); schedulers are a sorted multiset in today's spelling, `?` for a group whose
// scheduler the text does not show.
struct StatedFacts {
  int section = -1;
  std::optional<int> groups;
  std::optional<std::vector<std::string>> schedulers;
  std::optional<bool> complete;
  std::string malformed;  // why the line could not be read; empty when it could
};

std::optional<int> parseCount(std::string_view s) {
  int n = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || end != s.data() + s.size() || n < 0) return std::nullopt;
  return n;
}

StatedFacts parseStated(const std::string& line) {
  StatedFacts s;
  const std::string tag = "# states[";
  const std::size_t close = line.find("]:", tag.size());
  const auto section = close == std::string::npos
                           ? std::nullopt
                           : parseCount(std::string_view(line).substr(tag.size(), close - tag.size()));
  if (!section) {
    s.malformed = "no section index in '" + line + "'";
    return s;
  }
  s.section = *section;
  std::istringstream fields(line.substr(close + 2));
  std::string field;
  while (fields >> field) {
    const std::size_t eq = field.find('=');
    const std::string key = field.substr(0, eq);
    const std::string value = eq == std::string::npos ? std::string() : field.substr(eq + 1);
    if (eq == std::string::npos) {
      s.malformed = "field '" + field + "' has no value";
    } else if (key == "groups") {
      s.groups = parseCount(value);
      if (!s.groups) s.malformed = "groups=" + value + " is not a count";
    } else if (key == "schedulers") {
      std::vector<std::string> names;
      for (std::size_t start = 0; start <= value.size();) {
        const std::size_t comma = std::min(value.find(',', start), value.size());
        names.push_back(value.substr(start, comma - start));
        start = comma + 1;
      }
      std::sort(names.begin(), names.end());
      s.schedulers = std::move(names);
    } else if (key == "complete" && (value == "true" || value == "false")) {
      s.complete = value == "true";
    } else {
      s.malformed = "unknown field '" + field + "'";
    }
    if (!s.malformed.empty()) return s;
  }
  return s;
}

// Every `# states[K]:` line of a real excerpt's header (before its first `----`).
std::vector<StatedFacts> statedFactsOf(const std::string& path) {
  std::vector<StatedFacts> out;
  std::istringstream in(readAll(path));
  std::string line;
  while (std::getline(in, line) && !line.starts_with("----")) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.starts_with("# states[")) out.push_back(parseStated(line));
  }
  return out;
}

// The scheduler of each group a dump shows, sorted: its group lines' (old `g{…}` lines take
// theirs from the details, or kUnknownScheduler), or, with no group list, its group details'.
std::vector<std::string> groupSchedulersOf(const SegmentedDump& d) {
  std::vector<std::string> out;
  if (!d.groups.empty()) {
    for (const GroupLine& g : d.groups) out.push_back(g.scheduler);
  } else {
    for (const GroupDetail& g : d.details) out.push_back(g.scheduler);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ",") + n;
  return out;
}

}  // namespace

class TestLogReader : public QObject {
  Q_OBJECT
 private slots:
  // TensorView strings of every era (csrc/tensor_view.cpp:64-123; #2889, #3444).
  void tensorStringsOfEveryEra() {
    const auto tv = tensorAt("T3_g_float[iS6{i0}, bS7{1 ex 32}]", 0);
    QVERIFY(tv);
    QCOMPARE(tv->number, 3);
    QCOMPARE(tv->memory, std::string("g"));
    QCOMPARE(tv->dtype, std::string("float"));
    QCOMPARE(tv->dims.size(), std::size_t{2});
    QCOMPARE(tv->dims[1], std::string("bS7{1 ex 32}"));
    const auto old = tensorAt("T30_g[ rS55{i0} ]", 0);
    QVERIFY(old && old->dtype.empty() && old->dims.size() == 1 && old->reductionDims() == 1);
    const auto bf16 = tensorAt("T0_g___bfloat[bS0{1}, iS1{8192}]", 0);
    QVERIFY(bf16 && bf16->dtype == "__bfloat");
    const auto scalar0 = tensorAt("T2_g[ 0 ]", 0);  // 2023's 0-dim tensor
    QVERIFY(scalar0 && scalar0->dims.empty());
    const auto extents = tensorAt("T5_l_float[iS1{( ceilDiv(i0, 32) )}, iS2{i1}]", 0);
    QVERIFY(extents && extents->dims.size() == 2);
    QVERIFY(!tensorAt("xT3_g_float[iS6{i0}]", 1));  // inside an identifier
    QVERIFY(!tensorAt("T3_q_float[iS6{i0}]", 0));   // no such memory type
    QVERIFY(!tensorAt("T3_g_float[iS6{i0}", 0));    // cut off
  }

  void expressionsSplitAndDescribed() {
    const std::vector<std::pair<int, std::string>> lines{
        {1, "T4_l_float[iS8{4096}, iS9{1024}]"},
        {2, "   = T1_l_float[iS2{4096}, iS3{1024}]"},
        {3, "   - T3_l_float[iS6{4096}, bS7{1}];"},
        {4, "(3)"},
        {5,
         "T24_l[ iS71{56}, bS72{1 ex 1024}, iS73{1024} ] = expand( T23_g[ iS283{56}, bS69{1}, iS284{1024} ], {56, "
         "1024, 1024} )"},
        {6, "T5_l_float[iS1{i0}](Avg),"},
        {7, "T6_l_float[iS2{i0}](Var),"},
        {8, "T7_l_int64_t[iS3{i0}](Count)"},
        {9, " = Welford ( T4_g_float[iS0{i0}, rS4{i1}](Avg),"},
        {10, "  allreduce = false )"},
        {11, "d18 = (double)(1);"},
        {12, "T9_g___half[iS24{4096}, iS25{1024}]"},
        {13, "   = __float2half(T8_l_float[iS16{4096}, iS17{1024}]);"},
    };
    const std::vector<LoggedExpr> exprs = splitExprs(lines);
    QCOMPARE(exprs.size(), std::size_t{5});
    QCOMPARE(exprs[0].op, std::string("sub"));
    QCOMPARE(exprs[0].name, 3);
    QCOMPARE(exprs[0].outputs.size(), std::size_t{1});
    QCOMPARE(exprs[0].inputs.size(), std::size_t{2});
    QCOMPARE(exprs[1].op, std::string("expand"));
    QCOMPARE(exprs[2].op, std::string("Welford"));
    QCOMPARE(exprs[2].outputs.size(), std::size_t{3});
    QCOMPARE(exprs[2].line, 6);
    QCOMPARE(exprs[3].op, std::string("cast"));
    QVERIFY(exprs[3].outputs.empty());  // a scalar expression
    QCOMPARE(exprs[4].op, std::string("cast"));
  }

  // HEAD's format (2026): pre-segmenter passes with their own notes, the whole fusion accepted,
  // `%kernel {` + TransformPrinter in the re-written fusion, one group.
  void theCurrentFormat() {
    const NvLog log = read("synthetic/softmax_2026.log");
    QCOMPARE(log.runtimes.size(), std::size_t{1});
    const Runtime& rt = log.runtimes[0];
    QVERIFY(rt.beforePasses);
    QCOMPARE(rt.beforePasses->inputs.size(), std::size_t{1});
    QCOMPARE(rt.beforePasses->exprs.size(), std::size_t{9});
    QCOMPARE(rt.passes.size(), std::size_t{3});
    QCOMPARE(rt.passes[1].name, std::string("ExactMappedExtentSubstitutionPass"));
    QCOMPARE(rt.passes[1].notes.size(), std::size_t{8});  // its DisjointSets printouts
    QCOMPARE(rt.passes[2].name, std::string("PreSegmenter"));
    QCOMPARE(rt.candidates.size(), std::size_t{1});
    QVERIFY(rt.candidates[0].wholeFusion);
    QCOMPARE(rt.candidates[0].rejections.size(), std::size_t{7});
    QCOMPARE(rt.candidates[0].accepted, std::string("inner_persistent"));
    QVERIFY(rt.segmented && rt.segmented->complete);
    QCOMPARE(rt.segmented->rewritten->exprs.size(), std::size_t{9});  // the transforms are not exprs
    QCOMPARE(rt.segmented->groups.size(), std::size_t{1});
    QCOMPARE(rt.segmented->groups[0].scheduler, std::string("inner_persistent"));
    QCOMPARE(rt.segmented->groups[0].exprNames.size(), std::size_t{9});
    QCOMPARE(rt.segmented->details.size(), std::size_t{1});
    QCOMPARE(rt.segmented->details[0].id, 0);
    QCOMPARE(rt.segmented->details[0].exprs.size(), std::size_t{9});
    QCOMPARE(rt.segmented->details[0].exprs[8].name, 8);
    QCOMPARE(rt.segmented->details[0].exprs[1].op, std::string("reduction"));
    QVERIFY2(log.unknown.empty(), log.unknown.empty() ? "" : log.unknown.front().text.c_str());
  }

  // 2025 (`%kernel_math`, no spaces in TVs): the whole fusion refused by every scheduler, then
  // one block per candidate, and two groups listed in topological order, not by id.
  void aSegmentedFusionOf2025() {
    const NvLog log = read("synthetic/two_reductions_2025.log");
    QCOMPARE(log.runtimes.size(), std::size_t{1});
    const Runtime& rt = log.runtimes[0];
    QVERIFY(rt.triedSegmented);
    QVERIFY(rt.original);
    QCOMPARE(rt.candidates.size(), std::size_t{6});
    QVERIFY(rt.candidates[0].wholeFusion && rt.candidates[0].accepted.empty());
    QCOMPARE(rt.candidates[0].rejections.size(), std::size_t{10});
    QCOMPARE(rt.candidates[1].accepted, std::string("reduction"));
    QCOMPARE(rt.candidates[3].accepted, std::string("pointwise"));
    QCOMPARE(rt.candidates[3].exprs.size(), std::size_t{2});
    QCOMPARE(rt.candidates[5].exprs.size(), std::size_t{4});
    QVERIFY(rt.candidates[5].accepted.empty());
    QCOMPARE(rt.candidates[5].rejections.back().scheduler, std::string("inner_outer_persistent"));
    QVERIFY(rt.segmented && rt.segmented->complete);
    QCOMPARE(schedulersOf(*rt.segmented), (std::vector<std::string>{"reduction", "inner_persistent"}));
    QCOMPARE(rt.segmented->details[0].id, 1);
    QVERIFY(rt.segmented->edges.empty());
    QVERIFY(log.unknown.empty());
  }

  // Mid-2024: TVs without dtype, inputs as `T0_g[...], float`, group lines `g{0, 1}` with a
  // blank line after each, edges over three lines, a segment-hint runtime, and a candidate with
  // no verdict (the segment_set refusal).
  void theFormatOfMid2024() {
    const NvLog log = read("synthetic/reduction_epilogue_2024-08.log");
    QCOMPARE(log.runtimes.size(), std::size_t{1});
    const Runtime& rt = log.runtimes[0];
    QCOMPARE(rt.beforePasses->inputs[0], std::string("T0_g[ iS0{i0}, iS1{i2} ]"));
    QVERIFY(rt.segmentHints);
    QCOMPARE(rt.candidates.size(), std::size_t{1});
    QVERIFY(rt.candidates[0].noVerdict());
    QCOMPARE(rt.candidates[0].exprs.size(), std::size_t{3});
    const SegmentedDump& d = *rt.segmented;
    QCOMPARE(d.groups.size(), std::size_t{2});
    QCOMPARE(d.groups[0].scheduler, std::string("reduction"));  // `g{0, 1}`: from its details
    QVERIFY(d.groups[0].schedulerFromDetails);
    QCOMPARE(d.edges[0].from.scheduler, std::string("reduction"));
    QCOMPARE(d.groups[0].exprNames, (std::vector<int>{0, 1}));
    QCOMPARE(d.edges.size(), std::size_t{1});
    QCOMPARE(d.edges[0].from.exprNames, (std::vector<int>{0, 1}));
    QCOMPARE(d.edges[0].to.exprNames, (std::vector<int>{2}));
    QCOMPARE(d.edges[0].value, std::string("T2_g[ rS7{i0}, iS4{i2} ]"));
    QCOMPARE(schedulersOf(d), (std::vector<std::string>{"reduction", "pointwise"}));
    QCOMPARE(d.details[1].inputs.size(), std::size_t{2});
    QVERIFY(log.unknown.empty());
  }

  // Two runtimes back to back in one stream, CRLF line ends, CI timestamps, a Python print
  // between two passes, and the text cut inside the second runtime's group details.
  void aStreamOfTwoRuntimesCutShort() {
    const NvLog log = read("synthetic/stream_crlf_timestamps.log");
    QCOMPARE(log.runtimes.size(), std::size_t{2});
    QCOMPARE(log.runtimes[0].candidates[0].accepted, std::string("inner_persistent"));
    QVERIFY(log.runtimes[0].segmented && !log.runtimes[0].segmented->complete);
    const Runtime& second = log.runtimes[1];
    QCOMPARE(second.candidates.size(), std::size_t{6});
    QVERIFY(second.segmented && !second.segmented->complete);
    QCOMPARE(second.segmented->groups.size(), std::size_t{2});
    QCOMPARE(second.segmented->details.size(), std::size_t{1});
    QCOMPARE(second.segmented->details[0].id, 1);
    // The print lands in a pass's notes (it came before a pass header), not in an expression.
    bool printKept = false;
    for (const PassDump& p : log.runtimes[0].passes)
      for (const std::string& n : p.notes) printKept = printKept || n == "step 1: loss = 0.6931";
    QVERIFY(printKept);
    // The other lands inside a printout, mid-expression: reported, and the expression intact.
    const PassDump& last = log.runtimes[0].passes.back();
    QCOMPARE(last.fusion.exprs.size(), std::size_t{9});
    QCOMPARE(last.fusion.exprs[0].op, std::string("cast"));
    QCOMPARE(log.unknown.size(), std::size_t{1});
    QCOMPARE(log.unknown[0].text, std::string("loss: 0.5"));
  }

  // Every real excerpt reads (they are cut anywhere), and what each states is what comes out.
  void realExcerpts_data() {
    QTest::addColumn<QString>("file");
    const QDir real(QString::fromStdString(dataPath("real")));
    const QStringList files = real.entryList({"*.txt"}, QDir::Files, QDir::Name);
    QVERIFY2(files.size() >= 20, qPrintable("too few real excerpts in " + real.path()));
    for (const QString& f : files) QTest::newRow(qPrintable(f)) << f;
  }
  void realExcerpts() {
    QFETCH(QString, file);
    const std::string name = file.toStdString();
    const std::string path = dataPath("real/" + name);
    const std::vector<std::string> sections = sectionsOf(path);
    int read = 0;
    for (const std::string& section : sections) {
      auto log = readNvLog(section, name);
      read += log.ok();
    }
    // These two hold only what passes print inside pre_segmenter_logging (disjoint sets, a
    // printout without its header): nothing that says which dump or runtime it belongs to.
    const bool headerless = file == "NVIDIA_Fuser_1642.txt" || file == "NVIDIA_Fuser_2668.txt";
    QCOMPARE(read > 0, !headerless);

    // `# states[K]:` lines: what section K states, against what the reader makes of it.
    for (const StatedFacts& stated : statedFactsOf(path)) {
      const std::string where = name + " section " + std::to_string(stated.section);
      QVERIFY2(stated.malformed.empty(), (name + ": " + stated.malformed).c_str());
      QVERIFY2(stated.section < static_cast<int>(sections.size()),
               (where + ": the file has " + std::to_string(sections.size()) + " sections").c_str());
      const auto log = readNvLog(sections[static_cast<std::size_t>(stated.section)], name);
      QVERIFY2(log, (where + ": " + (log ? std::string() : log.error().message)).c_str());
      const SegmentedDump* dump = nullptr;
      int dumps = 0;
      for (const Runtime& rt : log->runtimes)
        if (rt.segmented) {
          dump = &*rt.segmented;
          ++dumps;
        }
      QVERIFY2(dumps == 1, (where + ": segmented dumps: stated 1, read " + std::to_string(dumps)).c_str());
      const std::vector<std::string> schedulers = groupSchedulersOf(*dump);
      if (stated.groups)
        QVERIFY2(static_cast<int>(schedulers.size()) == *stated.groups,
                 (where + ": groups: stated " + std::to_string(*stated.groups) + ", read " +
                  std::to_string(schedulers.size()) + " (" + std::to_string(dump->groups.size()) + " group lines, " +
                  std::to_string(dump->details.size()) + " details)")
                     .c_str());
      if (stated.schedulers)
        QVERIFY2(
            schedulers == *stated.schedulers,
            (where + ": schedulers: stated " + joined(*stated.schedulers) + ", read " + joined(schedulers)).c_str());
      if (stated.complete)
        QVERIFY2(dump->complete == *stated.complete,
                 (where + ": complete: stated " + (*stated.complete ? "true" : "false") + ", read " +
                  (dump->complete ? "true" : "false"))
                     .c_str());
    }
  }

  // https://github.com/NVIDIA/Fuser/pull/1942: the un-segmented attempt's verdicts, then the
  // hint runtime; the third snippet is cut mid-reason.
  void realSegmenterLogOf2024() {
    const auto sections = sectionsOf(dataPath("real/NVIDIA_Fuser_1942.txt"));
    QCOMPARE(sections.size(), std::size_t{3});
    const auto first = readNvLog(sections[0], "1942");
    QVERIFY(first);
    QCOMPARE(first->runtimes.size(), std::size_t{1});
    QCOMPARE(first->runtimes[0].candidates[0].rejections.size(), std::size_t{8});
    QVERIFY(first->runtimes[0].triedSegmented);
    QCOMPARE(first->runtimes[0].candidates[0].rejections[5].reason,
             std::string("inconsistent reduction root size: T30_g[ rS55{i0} ], expected: 2"));
    const auto second = readNvLog(sections[1], "1942");
    QVERIFY(second && second->runtimes[0].segmentHints && second->runtimes[0].triedSegmented);
  }

  // https://github.com/NVIDIA/Fuser/pull/1813: an empty candidate accepted as no_op.
  void realEmptyCandidate() {
    const auto log = readNvLog(sectionsOf(dataPath("real/NVIDIA_Fuser_1813.txt"))[0], "1813");
    QVERIFY(log);
    QCOMPARE(log->runtimes[0].candidates.size(), std::size_t{1});
    QVERIFY(log->runtimes[0].candidates[0].exprs.empty());
    QCOMPARE(log->runtimes[0].candidates[0].accepted, std::string("no_op"));
    QCOMPARE(log->unknown.size(), std::size_t{3});  // the command line and the author's two "..."
  }

  // https://github.com/NVIDIA/Fuser/issues/2846: a candidate every scheduler refused, with
  // DeviceMesh suffixes, followed by a test framework's line.
  void realRefusedCandidate() {
    const auto log = readNvLog(sectionsOf(dataPath("real/NVIDIA_Fuser_2846.txt"))[0], "2846");
    QVERIFY(log);
    const Candidate& c = log->runtimes[0].candidates[0];
    QCOMPARE(c.exprs.size(), std::size_t{1});
    QCOMPARE(c.exprs[0].op, std::string("SegmenterSet"));
    QCOMPARE(c.rejections.size(), std::size_t{9});
    QVERIFY(c.accepted.empty());
    QCOMPARE(log->unknown.size(), std::size_t{1});
    QCOMPARE(log->unknown[0].text, std::string("unknown file: Failure"));
  }

  // https://github.com/NVIDIA/Fuser/pull/3776: group details pasted alone (headers only).
  void realGroupDetailsAlone() {
    const auto sections = sectionsOf(dataPath("real/NVIDIA_Fuser_3776.txt"));
    const auto log = readNvLog(sections[0], "3776");
    QVERIFY(log);
    const GroupDetail& g = log->runtimes[0].segmented->details[0];
    QCOMPARE(g.scheduler, std::string("resize"));
    QCOMPARE(g.id, 6);
    QCOMPARE(g.inputs.size(), std::size_t{3});
    QCOMPARE(g.outputs.size(), std::size_t{3});
  }
  // https://github.com/csarofeen/pytorch/issues/709 (2021): group lines and edges without their
  // `groups:` / `edges:` headings, and a group's exprs joined by lines starting ` , `.
  void realSegmentedDumpOf2021() {
    const auto log = readNvLog(sectionsOf(dataPath("real/csarofeen_pytorch_709.txt"))[0], "709");
    QVERIFY(log);
    QCOMPARE(log->runtimes.size(), std::size_t{1});
    const SegmentedDump& d = *log->runtimes[0].segmented;
    QCOMPARE(d.groups.size(), std::size_t{4});
    QCOMPARE(d.edges.size(), std::size_t{4});
    QCOMPARE(d.details.size(), std::size_t{4});
    QCOMPARE(d.details[1].exprs.size(), std::size_t{2});
    QCOMPARE(d.details[2].exprs.size(), std::size_t{3});
    QCOMPARE(d.details[2].exprs[2].op, std::string("div"));
    QCOMPARE(d.groups[3].scheduler, std::string("normalization"));
    QVERIFY(!d.complete);
  }

  // https://github.com/NVIDIA/Fuser/issues/1902: a dump pasted inside a markdown list, every line
  // indented; the fusion reads as if it were not.
  void realIndentedPaste() {
    const auto log = readNvLog(sectionsOf(dataPath("real/NVIDIA_Fuser_1902.txt"))[0], "1902");
    QVERIFY(log);
    QVERIFY(!log->runtimes.empty() && log->runtimes[0].segmented && log->runtimes[0].segmented->rewritten);
    QVERIFY(log->runtimes[0].segmented->rewritten->exprs.size() >= 5);
    // Only the line the index cut in half is not understood.
    QCOMPARE(log->unknown.size(), std::size_t{1});
    QCOMPARE(log->unknown[0].text, std::string("T17_l[ iS49{16}, iS50{128}, i"));
  }

  // https://github.com/NVIDIA/Fuser/issues/785 (2023): `}` closes %kernel_math.
  void realSegmentedDumpOf2023() {
    const auto log = readNvLog(sectionsOf(dataPath("real/NVIDIA_Fuser_785.txt"))[0], "785");
    QVERIFY(log);
    const Runtime& rt = log->runtimes[0];
    QVERIFY(rt.original);
    QCOMPARE(rt.original->inputs[0], std::string("T0_g[ iS0{i0}, iS1{i1}, iS2{i2} ]"));
    QCOMPARE(rt.original->exprs.size(), std::size_t{2});
    QCOMPARE(rt.original->exprs[1].op, std::string("pow"));
    QVERIFY(rt.segmented && rt.segmented->rewritten);
    QCOMPARE(rt.segmented->rewritten->exprs.size(), std::size_t{2});
    // `groups:` then `g{2}` / `g{1}`: expr names, no scheduler. The first group's details
    // name it; the second's were cut off, so it is unknown and the dump is not complete.
    QCOMPARE(rt.segmented->groups.size(), std::size_t{2});
    QCOMPARE(rt.segmented->groups[0].exprNames, std::vector<int>{2});
    QCOMPARE(rt.segmented->groups[0].scheduler, std::string("reduction"));
    QVERIFY(rt.segmented->groups[0].schedulerFromDetails);
    QCOMPARE(rt.segmented->groups[1].scheduler, std::string(nvlog::kUnknownScheduler));
    QVERIFY(!rt.segmented->complete);
  }

  // An excerpt that keeps the end marker but leaves groups out: finalize numbers groups
  // 0..n-1, so details with ids 0 and 5 are two of at least six groups.
  void detailsWithMissingGroupIdsAreAnExcerpt() {
    const std::string detail =
        "inputs:\nT0_g[ iS0{i0} ] float\noutputs:\nT1_g[ iS1{i0} ] float\n\n\n"
        "T1_g[ iS1{i0} ]\n   = -T0_g[ iS0{i0} ];\n}\n\n";
    const std::string text =
        "Segmented_Fusion Dump: -- fusion segments:\nSegmented_Fusion{\ngroup details:\n"
        "g{(pointwise)\ngroup id: 0\n" +
        detail + "g{(pointwise)\ngroup id: 5\n" + detail + "} //Segmented_Fusion\n";
    const auto log = readNvLog(text, "excerpt.txt");
    QVERIFY(log);
    const SegmentedDump& d = *log->runtimes.at(0).segmented;
    QCOMPARE(d.details.size(), std::size_t{2});
    QCOMPARE(d.details[1].id, 5);
    QVERIFY(!d.complete);
    std::string whole = text;
    whole.replace(whole.find("group id: 5"), 11, "group id: 1");
    const auto numbered = readNvLog(whole, "whole.txt");
    QVERIFY(numbered);
    QVERIFY(numbered->runtimes.at(0).segmented->complete);
  }

  // A 2023 dump whose group list holds several expr names per group, every group detailed,
  // pasted under a label instead of nvFuser's header; `no-op` is today's no_op.
  void oldGroupListUnderALabel() {
    const char* text =
        "Segmented Fusion:\n"
        "groups:\n"
        "g{0, 46, 62}\n"
        "\n"
        "g{3}\n"
        "\n"
        "edges:\n"
        "\n"
        "group details:\n"
        "g{(pointwise)\n"
        "inputs:\n"
        "T0_g[ iS0{i0} ] float\n"
        "outputs:\n"
        "T2_g[ iS4{i0} ] float\n"
        "\n"
        "\n"
        "T2_g[ iS4{i0} ]\n"
        "   = T0_g[ iS0{i0} ]\n"
        "   + T0_g[ iS0{i0} ];\n"
        "}\n"
        "\n"
        "g{(no-op)\n"
        "inputs:\n"
        "T2_g[ iS4{i0} ] float\n"
        "outputs:\n"
        "T3_g[ iS5{i0} ] float\n"
        "\n"
        "\n"
        "T3_g[ iS5{i0} ]\n"
        "   = Set( T2_g[ iS4{i0} ] )\n"
        "}\n"
        "\n"
        "} //Segmented_Fusion\n";
    const auto log = readNvLog(text, "label.txt");
    QVERIFY2(log, log ? "" : log.error().message.c_str());
    const SegmentedDump& d = *log->runtimes.at(0).segmented;
    QCOMPARE(d.groups.size(), std::size_t{2});
    QCOMPARE(d.groups[0].exprNames, (std::vector<int>{0, 46, 62}));
    QCOMPARE(d.groups[0].scheduler, std::string("pointwise"));
    QCOMPARE(d.groups[1].scheduler, std::string("no_op"));
    QCOMPARE(d.details[1].scheduler, std::string("no_op"));
    QVERIFY(d.complete);
  }

  // A file that is no nvFuser log at all says so, at its first line.
  void notAnNvFuserLog() {
    const auto log = readNvLog("import torch\nprint('hello')\n", "script.py");
    QVERIFY(!log);
    QCOMPARE(log.error().loc.line, 1);
    QVERIFY(log.error().message.starts_with("not an nvFuser log"));
    QVERIFY2(log.error().message.find("import torch") != std::string::npos, log.error().message.c_str());
    QVERIFY(!readNvLog("", "empty.log"));
    QVERIFY(!readNvLogFile(dataPath("no_such_file.log")));
  }

  // Kernel names: nvfuser_<scheduler>_f<F>_c<C>_r<R>_g<G> (compiled_kernel.cpp createKernelId).
  void kernelNames() {
    nvlog::KernelTime k;
    QVERIFY(nvlog::parseKernelName("nvfuser_inner_outer_persistent_f3_c1_r2_g7(Tensor<float, 2, 2>)", k));
    QCOMPARE(k.scheduler, std::string("inner_outer_persistent"));
    QCOMPARE(k.fusion, 3);
    QCOMPARE(k.concrete, 1);
    QCOMPARE(k.runtime, 2);
    QCOMPARE(k.group, 7);
    QCOMPARE(k.name, std::string("nvfuser_inner_outer_persistent_f3_c1_r2_g7"));
    QVERIFY(!nvlog::parseKernelName("nvfuser_pointwise_f0_c1", k));
    QVERIFY(!nvlog::parseKernelName("nvfuser_f0_c1_r0_g0", k));
    QVERIFY(!nvlog::parseKernelName("kernel1", k));
  }

  // Profiler output in a log: nsys stats CSV (the median column), its GPU trace (each launch,
  // the median taken here), and NVFUSER_PROF=print (the S-KerTm column); its rows are no
  // "unknown" lines.
  void kernelTimes() {
    auto nsys = nvlog::readNvLogFile(dataPath("synthetic/reduction_epilogue_a100_nsys.log"));
    QVERIFY(nsys);
    QCOMPARE(nsys->kernels.size(), std::size_t(2));
    QCOMPARE(nsys->kernels[0].group, 1);
    QCOMPARE(nsys->kernels[0].source, std::string("nsys cuda_gpu_kern_sum"));
    QVERIFY(std::abs(nsys->kernels[0].ms - 0.35488) < 1e-9);
    QVERIFY(std::abs(nsys->kernels[1].ms - 0.14144) < 1e-9);
    for (const nvlog::UnknownLine& u : nsys->unknown) QVERIFY(u.text.find("nvfuser_") == std::string::npos);

    auto prof = nvlog::readNvLogFile(dataPath("synthetic/reduction_epilogue_a100_prof.log"));
    QVERIFY(prof);
    QCOMPARE(prof->kernels.size(), std::size_t(2));
    QCOMPARE(prof->kernels[0].samples, 3);
    QVERIFY(std::abs(prof->kernels[0].ms - 0.355) < 1e-9);  // the median of 0.361, 0.355, 0.354
    QVERIFY(std::abs(prof->kernels[1].ms - 0.142) < 1e-9);
    QCOMPARE(prof->kernels[1].source, std::string("NVFUSER_PROF=print"));
    QVERIFY(prof->unknown.empty());  // the table's header is understood too

    const std::string trace =
        "Start (ns),Duration (ns),CorrId,GrdX,GrdY,GrdZ,BlkX,BlkY,BlkZ,Reg/Trd,StcSMem (MB),DymSMem (MB),Bytes (MB),"
        "Throughput (MBps),SrcMemKd,DstMemKd,Device,Ctx,Strm,Name\n"
        "100,2000,1,1,1,1,128,1,1,32,0,0,,,,,NVIDIA H100 (0),1,7,\"nvfuser_pointwise_f0_c1_r0_g0(Tensor<float, 1, "
        "1>)\"\n"
        "200,4000,2,1,1,1,128,1,1,32,0,0,,,,,NVIDIA H100 (0),1,7,\"nvfuser_pointwise_f0_c1_r0_g0(Tensor<float, 1, "
        "1>)\"\n"
        "300,3000,3,1,1,1,128,1,1,32,0,0,,,,,NVIDIA H100 (0),1,7,\"nvfuser_pointwise_f0_c1_r0_g0(Tensor<float, 1, "
        "1>)\"\n";
    const auto times = nvlog::readKernelTimes(trace);
    QCOMPARE(times.size(), std::size_t(1));
    QCOMPARE(times[0].samples, 3);
    QVERIFY(std::abs(times[0].ms - 0.003) < 1e-12);
    QCOMPARE(times[0].source, std::string("nsys cuda_gpu_trace"));
  }
};

QTEST_MAIN(TestLogReader)
#include "test_log_reader.moc"
