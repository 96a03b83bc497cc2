// What the second side of a comparison is and how it is made: the pipeline again with one
// thing changed, another script, or nvFuser's groups from a log (segmentation_comparison.h).
#include <algorithm>
#include <filesystem>
#include <sstream>

#include "comparison/log_comparison.h"
#include "comparison/segmentation_comparison.h"
#include "nvlog/nvlog.h"
#include "segmenter/segmentation.h"

namespace segscope::comparison {

namespace {

std::vector<std::string> splitList(std::string_view text) {
  std::vector<std::string> out;
  std::string item;
  for (char ch : std::string(text) + ",") {
    if (ch == ',') {
      if (!item.empty()) out.push_back(item);
      item.clear();
    } else if (ch != ' ') {
      item += ch;
    }
  }
  return out;
}

std::string joined(const std::vector<std::string>& items, std::string_view prefix) {
  std::string out;
  for (const std::string& i : items) out += (out.empty() ? "" : ",") + std::string(prefix) + i;
  return out;
}

std::string fileName(const std::string& path) { return std::filesystem::path(path).filename().string(); }

std::string optionsLabel(const std::vector<std::string>& enable, const std::vector<std::string>& disable) {
  std::string text = joined(enable, "+");
  const std::string off = joined(disable, "-");
  if (!off.empty()) text += (text.empty() ? "" : ",") + off;
  return text.empty() ? "default options" : text;
}

/// The session's own options and the caller's, as one label ("+fuse_matmul").
std::string sessionOptionsLabel(const pipeline::Session& session) {
  return optionsLabel(session.enabledOptionNames(), session.disabledOptionNames());
}

Result<ComparedSide> nvFuserSide(const pipeline::Session& session, const std::string& logPath) {
  // The log's own errors name neither the file nor the comparison: say both.
  const auto named = [&](const Error& e) {
    return makeError(e.message.starts_with(logPath) ? e.message : logPath + ": " + e.message);
  };
  auto log = nvlog::readNvLogFile(logPath);
  if (!log) return named(log.error());
  auto logged = compareWithLog(session, *log);
  if (!logged) return named(logged.error());
  ComparedSide side;
  side.label = "nvFuser's log";
  side.file = logPath;
  side.fromLog = true;
  side.fusion = session.segmentation->fusion;
  for (const GroupMatch& g : logged->divergence.groups) {
    ComparedSide::Segment s;
    s.id = g.id >= 0 ? g.id : g.index;
    s.scheduler = g.scheduler;
    s.host = g.scheduler == "expr_eval";
    s.exprs = g.exprs;
    side.segments.push_back(std::move(s));
  }
  if (side.segments.empty()) return makeError(logPath + ": the log states no final groups to compare with");
  if (std::all_of(side.segments.begin(), side.segments.end(), [](const auto& s) { return s.exprs.empty(); }))
    return makeError(logPath + ": the log's groups list no ops that Segscope can join to its own (" +
                     std::to_string(side.segments.size()) + " groups by count only)");
  return side;
}

Result<pipeline::Session> rerun(const std::string& file, pipeline::PipelineOptions options) {
  options.recordSnapshots = false;
  options.recordMergeDetails = false;
  pipeline::Outcome outcome = runPipelineOnFile(file, options);
  if (auto* error = std::get_if<pipeline::PipelineError>(&outcome)) return makeError(error->diagnostic.format());
  return std::move(std::get<pipeline::Session>(outcome));
}

}  // namespace

std::string_view compareWithUsage() {
  return "profile=NAME | scalar-mode=host_segment|duplicate | options=+ENABLE,-DISABLE | enable=OPT | "
         "disable=OPT | file=OTHER.py | nvfuser=LOG";
}

Result<CompareWith> parseCompareWith(std::string_view text) {
  const auto eq = text.find('=');
  const std::string key(text.substr(0, eq == std::string_view::npos ? text.size() : eq));
  const std::string value(eq == std::string_view::npos ? "" : text.substr(eq + 1));
  const auto bad = [&](const std::string& why) {
    return makeError("--compare " + std::string(text) + ": " + why + " (wants " + std::string(compareWithUsage()) +
                     ")");
  };
  if (eq == std::string_view::npos || value.empty()) return bad("no value after '='");
  CompareWith with;
  with.value = value;
  if (key == "profile") {
    with.kind = CompareWith::Kind::Profile;
  } else if (key == "scalar-mode" || key == "scalar_mode" || key == "scalars") {
    with.kind = CompareWith::Kind::ScalarMode;
    std::replace(with.value.begin(), with.value.end(), '-', '_');
    segmenter::ScalarMode mode;
    if (!segmenter::scalarModeFromName(with.value, mode)) return bad("no scalar mode '" + value + "'");
  } else if (key == "options" || key == "enable" || key == "disable") {
    with.kind = CompareWith::Kind::Options;
    for (const std::string& item : splitList(value)) {
      const bool off = key == "disable" || item.front() == '-';
      const std::string name = item.front() == '+' || item.front() == '-' ? item.substr(1) : item;
      if (name.empty()) return bad("an empty option name");
      (off ? with.disable : with.enable).push_back(name);
    }
  } else if (key == "file") {
    with.kind = CompareWith::Kind::File;
  } else if (key == "nvfuser" || key == "nvfuser-log" || key == "log") {
    with.kind = CompareWith::Kind::NvFuserLog;
  } else {
    return bad("no comparison called '" + key + "'");
  }
  return with;
}

Result<SegmentationComparison> compareWith(const pipeline::Session& session, const pipeline::PipelineOptions& options,
                                           const CompareWith& with) {
  if (!session.segmentation) return makeError(session.file + ": nothing to compare: the fusion was not segmented");
  pipeline::PipelineOptions other = options;
  other.onProgress = nullptr;
  std::string leftLabel, rightLabel;
  std::string otherFile = session.file;
  switch (with.kind) {
    case CompareWith::Kind::Profile: {
      auto profile = pipeline::resolveProfile(with.value);
      if (!profile) return profile.error();
      other.profile = with.value;
      leftLabel = session.profile ? session.profile->name : options.profile;
      rightLabel = profile->name;
      break;
    }
    case CompareWith::Kind::ScalarMode:
      segmenter::scalarModeFromName(with.value, other.segmenter.scalarMode);
      leftLabel = "scalars " + std::string(segmenter::scalarModeName(options.segmenter.scalarMode));
      rightLabel = "scalars " + with.value;
      break;
    case CompareWith::Kind::Options: {
      for (const std::string& name : with.enable) {
        std::erase(other.disableOptions, name);
        other.enableOptions.push_back(name);
      }
      for (const std::string& name : with.disable) {
        std::erase(other.enableOptions, name);
        other.disableOptions.push_back(name);
      }
      auto resolved = pipeline::resolveNvfuserOptions(other.enableOptions, other.disableOptions);
      if (!resolved) return resolved.error();
      leftLabel = sessionOptionsLabel(session);
      break;
    }
    case CompareWith::Kind::File:
      otherFile = with.value;
      leftLabel = fileName(session.file);
      rightLabel = fileName(with.value);
      if (leftLabel == rightLabel) {
        leftLabel = session.file;
        rightLabel = with.value;
      }
      break;
    case CompareWith::Kind::NvFuserLog: {
      auto theirs = nvFuserSide(session, with.value);
      if (!theirs) return theirs.error();
      return compareSegmentations(comparedSideOf(session, "Segscope"), std::move(*theirs));
    }
  }
  auto second = rerun(otherFile, other);
  if (!second) return second.error();
  if (with.kind == CompareWith::Kind::Options) {
    rightLabel = sessionOptionsLabel(*second);
    if (rightLabel == leftLabel) rightLabel += " (" + optionsLabel(with.enable, with.disable) + " asked)";
  }
  return compareSegmentations(comparedSideOf(session, leftLabel), comparedSideOf(*second, rightLabel));
}

std::string segmentationComparisonText(const SegmentationComparison& c) {
  std::ostringstream out;
  const auto side = [&](const ComparedSide& s, const std::vector<SegmentMatch>& matches) {
    out << s.label << ": " << SegmentationComparison::segmentCount(s) << " segment"
        << (SegmentationComparison::segmentCount(s) == 1 ? "" : "s")
        << (SegmentationComparison::segmentCount(s) != static_cast<int>(s.segments.size()) ? " + host scalars" : "")
        << "  (" << s.file << ")\n";
    for (std::size_t i = 0; i < s.segments.size(); ++i) {
      const SegmentMatch& m = matches[i];
      if (s.segments[i].hostScalars) {
        out << "  host scalars  " << s.segments[i].exprs.size() << " scalar ops\n";
        continue;
      }
      out << "  segment " << m.segment << "  " << s.segments[i].scheduler << "  " << m.ops << " ops  "
          << matchKindName(m.kind);
      if (!m.counterparts.empty()) {
        out << " (";
        for (std::size_t k = 0; k < m.counterparts.size(); ++k) out << (k ? ", " : "") << m.counterparts[k];
        out << ")";
      }
      out << "\n";
    }
  };
  side(c.left, c.leftSegments);
  side(c.right, c.rightSegments);
  out << c.matchedOps << " ops matched";
  if (c.leftOnlyOps || c.rightOnlyOps)
    out << ", " << c.leftOnlyOps << " only left, " << c.rightOnlyOps << " only right";
  out << "\n";
  if (c.same()) {
    out << "The same segmentation.\n";
    return out.str();
  }
  out << c.differences.size() << (c.differences.size() == 1 ? " difference:\n" : " differences:\n");
  for (const std::string& d : c.differences) out << "  - " << d << "\n";
  return out.str();
}

}  // namespace segscope::comparison
