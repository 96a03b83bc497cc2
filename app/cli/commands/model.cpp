// segscope-cli model: a whole model run (logs, dumps, repro folders) as one table, one row per
// fusion with Segscope's segments beside nvFuser's, totals, and why fusions were split.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands/commands.h"
#include "cli/commands/common.h"
#include "comparison/model_run.h"
#include "pipeline/pipeline.h"
#include "support/file_io.h"

namespace segscope::cli {
namespace {

using nlohmann::json;

std::string joinedSchedulers(const std::vector<std::string>& schedulers) {
  std::string out;
  for (std::size_t i = 0; i < schedulers.size();) {
    std::size_t j = i;
    while (j < schedulers.size() && schedulers[j] == schedulers[i]) ++j;
    out += (out.empty() ? "" : " ") + (j - i > 1 ? std::to_string(j - i) + "×" : std::string()) + schedulers[i];
    i = j;
  }
  return out;
}

json rowJson(const comparison::ModelFusionRow& r) {
  json row{{"name", r.name},
           {"key", r.key},
           {"source", r.file + ":" + std::to_string(r.line)},
           {"kind", r.kind},
           {"occurrences", r.occurrences},
           {"ops", r.ops},
           {"segscope", nullptr},
           {"diagnostic", nullptr},
           {"nvfuser", nullptr},
           {"agree", nullptr},
           {"divergence", r.divergence},
           {"boundary_bytes", r.boundaryBytes},
           {"merge_attempts", r.mergeAttempts},
           {"merges_refused", r.mergesRefused},
           {"split_by", r.splitBy},
           {"warnings", r.warnings},
           {"sizes", r.sizes},
           {"ms", r.milliseconds}};
  if (r.loaded) row["segscope"] = json{{"segments", r.segments}, {"schedulers", r.schedulers}};
  if (!r.diagnostic.empty()) row["diagnostic"] = r.diagnostic;
  if (r.nvfuser)
    row["nvfuser"] = json{{"segments", r.nvfuser->segments},
                          {"schedulers", r.nvfuser->schedulers},
                          {"kernel_ms", r.nvfuser->kernelMs < 0 ? json(nullptr) : json(r.nvfuser->kernelMs)},
                          {"complete", r.nvfuser->complete},
                          {"source", r.nvfuser->source},
                          {"runtimes", r.nvfuser->runtimes},
                          {"split_by", r.nvfuser->splitBy}};
  if (r.nvfuser && !r.nvfuser->definitions.empty()) {
    json definitions = json::array();
    for (const comparison::SegmentDefinitionMatch& m : r.nvfuser->definitions)
      definitions.push_back({{"group", m.group},
                             {"line", m.line},
                             {"ops", m.ops},
                             {"segscope_segment", m.ourSegment < 0 ? json(nullptr) : json(m.ourSegment)},
                             {"same", m.same},
                             {"problem", m.problem.empty() ? json(nullptr) : json(m.problem)}});
    row["nvfuser"]["segment_definitions"] = definitions;
  }
  if (r.agree) row["agree"] = *r.agree;
  return row;
}

json reportJson(const comparison::ModelRunReport& report) {
  json rows = json::array();
  for (const comparison::ModelFusionRow& r : report.rows) rows.push_back(rowJson(r));
  json reasons = json::array();
  for (const comparison::ReasonCount& c : report.reasons)
    reasons.push_back(
        {{"reason", c.reason}, {"title", c.title}, {"segscope", c.segscope}, {"nvfuser", c.nvfuser}, {"rows", c.rows}});
  json diagnostics = json::array();
  for (const Diagnostic& d : report.diagnostics) diagnostics.push_back(d.format());
  return json{{"files", report.files},
              {"fusions", rows},
              {"totals",
               {{"fusions", report.rows.size()},
                {"loaded", report.loaded},
                {"segments", report.segments},
                {"with_nvfuser", report.withNvFuser},
                {"nvfuser_segments", report.nvfuserSegments},
                {"agree", report.agreeing},
                {"differ", report.differing},
                {"ms", report.milliseconds}}},
              {"split_reasons", reasons},
              {"diagnostics", diagnostics},
              {"cancelled", report.cancelled}};
}

// Where a row comes from: its line when the run is one file, else file:line.
std::string whereOf(const comparison::ModelRunReport& report, const comparison::ModelFusionRow& r) {
  return (report.files.size() == 1 ? std::string() : r.file + ":") + std::to_string(r.line);
}

// The table: name, where, ops, our segments and schedulers, nvFuser's, agree, sizes, time.
// The name and source columns are as wide as their longest entry (within reason).
void printTable(const comparison::ModelRunReport& report) {
  int nameWidth = 24, whereWidth = report.files.size() == 1 ? 6 : 8;
  for (const comparison::ModelFusionRow& r : report.rows) {
    nameWidth = std::max(nameWidth, std::min(48, static_cast<int>(r.name.size())));
    whereWidth = std::max(whereWidth, std::min(72, static_cast<int>(whereOf(report, r).size())));
  }
  std::printf("%-*s %-*s %6s %5s  %-34s %4s  %-6s  %-10s %7s\n", nameWidth, "fusion", whereWidth,
              report.files.size() == 1 ? "line" : "source", "ops", "segs", "schedulers", "nvf", "agree", "sizes", "ms");
  for (const comparison::ModelFusionRow& r : report.rows) {
    const std::string where = whereOf(report, r);
    const std::string nvf = r.nvfuser && r.nvfuser->segments > 0 ? std::to_string(r.nvfuser->segments) : "-";
    if (r.kind == model::entryKindName(model::EntryKind::NvFuserDump)) {
      const std::string theirs =
          r.nvfuser && r.nvfuser->segments > 0 ? "nvFuser: " + joinedSchedulers(r.nvfuser->schedulers) : "-";
      std::printf("%-*s %-*s %6d %5s  %-34s %4s  %-6s  %-10s %7s\n", nameWidth, r.name.c_str(), whereWidth,
                  where.c_str(), r.ops, "-", theirs.c_str(), nvf.c_str(), "-", "-", "-");
      std::printf("    %s\n", std::string(comparison::kDumpOnly).c_str());
      continue;
    }
    if (!r.loaded) {
      std::printf("%-*s %-*s %6s %5s  %s\n", nameWidth, r.name.c_str(), whereWidth, where.c_str(), "-", "-",
                  r.diagnostic.c_str());
      continue;
    }
    const std::string agree = !r.agree ? "-" : *r.agree ? "agree" : "DIFFER";
    std::printf("%-*s %-*s %6d %5d  %-34s %4s  %-6s  %-10s %7.1f\n", nameWidth, r.name.c_str(), whereWidth,
                where.c_str(), r.ops, r.segments, joinedSchedulers(r.schedulers).c_str(), nvf.c_str(), agree.c_str(),
                r.sizes.c_str(), r.milliseconds);
    if (r.agree && !*r.agree && !r.divergence.empty()) std::printf("    first divergence: %s\n", r.divergence.c_str());
  }
  int madeUp = 0, fromDefinition = 0;
  for (const comparison::ModelFusionRow& r : report.rows) {
    madeUp += r.sizes == "default" ? 1 : 0;
    fromDefinition += r.sizes == "definition" ? 1 : 0;
  }  // "static" and "footer" rows state their sizes
  std::printf("\n%zu fusions (%d loaded), %d segments; nvFuser's output for %d: %d agree, %d differ; %.0f ms\n",
              report.rows.size(), report.loaded, report.segments, report.withNvFuser, report.agreeing, report.differing,
              report.milliseconds);
  if (madeUp + fromDefinition > 0)
    std::printf(
        "sizes: %d fusion%s with open sizes and no footer: %d sized partly by their definition; the other open "
        "sizes are 8 (--json lists every choice)\n",
        madeUp + fromDefinition, madeUp + fromDefinition == 1 ? "" : "s", fromDefinition);
  if (!report.reasons.empty()) {
    std::printf("\nwhy fusions were split (segscope / nvfuser):\n");
    for (const comparison::ReasonCount& c : report.reasons)
      std::printf("  %4d / %-4d %s\n", c.segscope, c.nvfuser, c.title.c_str());
  }
  for (const Diagnostic& d : report.diagnostics) std::fprintf(stderr, "%s\n", d.format().c_str());
}

// A row of a `model --json` file, as much as compareRuns reads.
comparison::ModelFusionRow rowFromJson(const json& j) {
  comparison::ModelFusionRow r;
  r.name = j.value("name", "");
  r.key = j.value("key", "");
  const std::string source = j.value("source", "");
  const std::size_t colon = source.rfind(':');
  r.file = source.substr(0, colon);
  if (colon != std::string::npos) r.line = std::atoi(source.c_str() + colon + 1);
  r.diagnostic = j.contains("diagnostic") && j["diagnostic"].is_string() ? j["diagnostic"].get<std::string>() : "";
  if (j.contains("segscope") && j["segscope"].is_object()) {
    r.loaded = true;
    r.segments = j["segscope"].value("segments", 0);
    r.schedulers = j["segscope"].value("schedulers", std::vector<std::string>{});
  }
  if (j.contains("nvfuser") && j["nvfuser"].is_object()) {
    const json& n = j["nvfuser"];
    comparison::NvFuserView v;
    v.segments = n.value("segments", 0);
    v.schedulers = n.value("schedulers", std::vector<std::string>{});
    v.kernelMs = n.contains("kernel_ms") && n["kernel_ms"].is_number() ? n["kernel_ms"].get<double>() : -1;
    v.complete = n.value("complete", false);
    r.nvfuser = v;
  }
  return r;
}

Result<std::vector<comparison::ModelFusionRow>> baselineRows(const std::string& path) {
  Result<std::string> text = support::readTextFile(path);
  if (!text) return makeError(text.error().message);
  try {
    const json j = json::parse(text.value());
    std::vector<comparison::ModelFusionRow> rows;
    for (const json& row : j.at("fusions")) rows.push_back(rowFromJson(row));
    return rows;
  } catch (const std::exception& e) {
    return makeError(path + ": not a `segscope-cli model --json` file: " + e.what());
  }
}

json changesJson(const std::vector<comparison::RunChange>& changes) {
  json out = json::array();
  for (const comparison::RunChange& c : changes) {
    const char* kind = c.kind == comparison::RunChange::Kind::Changed   ? "changed"
                       : c.kind == comparison::RunChange::Kind::OnlyNow ? "only_now"
                                                                        : "only_before";
    out.push_back({{"kind", kind}, {"name", c.name}, {"before", c.before}, {"source", c.source}, {"what", c.what}});
  }
  return out;
}

void printChanges(const std::vector<comparison::RunChange>& changes, const std::string& against) {
  std::printf("\nagainst %s: %zu change%s\n", against.c_str(), changes.size(), changes.size() == 1 ? "" : "s");
  for (const comparison::RunChange& c : changes) {
    if (c.kind == comparison::RunChange::Kind::OnlyNow) {
      std::printf("  only in this run:    %s (%s)\n", c.name.c_str(), c.source.c_str());
    } else if (c.kind == comparison::RunChange::Kind::OnlyBefore) {
      std::printf("  only in the earlier: %s (%s)\n", c.name.c_str(), c.source.c_str());
    } else {
      std::printf("  changed: %s (was %s, %s)\n", c.name.c_str(), c.before.c_str(), c.source.c_str());
      for (const std::string& w : c.what) std::printf("      %s\n", w.c_str());
    }
  }
}

// The earlier run to compare with: --against inputs (segmented here) or a --baseline file.
Result<std::optional<std::pair<std::string, std::vector<comparison::ModelFusionRow>>>> earlierRun(
    const Arguments& args, const comparison::ModelRunOptions& options) {
  using Earlier = std::optional<std::pair<std::string, std::vector<comparison::ModelFusionRow>>>;
  const std::vector<std::string> against = args.all("--against");
  if (!against.empty()) {
    Result<model::ModelRun> old = comparison::readModelRun(against);
    if (!old) return makeError(old.error().message);
    std::string name;
    for (const std::string& a : against) name += (name.empty() ? "" : " ") + a;
    return Earlier(std::make_pair(name, comparison::analyzeModelRun(old.value(), options).rows));
  }
  const auto baseline = args.value("--baseline");
  if (!baseline || args.has("--update")) return Earlier();
  Result<std::vector<comparison::ModelFusionRow>> rows = baselineRows(*baseline);
  if (!rows) return makeError(rows.error().message);
  return Earlier(std::make_pair(*baseline, std::move(rows.value())));
}

}  // namespace

int modelRun(const Arguments& args) {
  comparison::ModelRunOptions options;
  if (auto p = args.value("--profile")) options.profile = *p;
  pipeline::PipelineOptions named;
  readNvfuserOptions(args, named);
  if (auto checked = pipeline::resolveNvfuserOptions(named.enableOptions, named.disableOptions); !checked) {
    std::cerr << "segscope-cli: error: " << checked.error().message << "\n";
    return kBadInput;
  }
  options.enableOptions = std::move(named.enableOptions);
  options.disableOptions = std::move(named.disableOptions);
  if (auto j = args.value("--jobs")) {
    try {
      options.jobs = std::stoi(*j);
    } catch (const std::exception&) {
      std::cerr << "segscope-cli: error: --jobs needs a number, not '" << *j << "'\n";
      return kBadInput;
    }
  }
  Result<model::ModelRun> run = comparison::readModelRun(args.files);
  if (!run) {
    std::cerr << "segscope-cli: error: " << run.error().message << "\n";
    return kBadInput;
  }
  const comparison::ModelRunReport report = comparison::analyzeModelRun(run.value(), options);
  auto earlier = earlierRun(args, options);
  if (!earlier) {
    std::cerr << "segscope-cli: error: " << earlier.error().message << "\n";
    return kBadInput;
  }
  std::vector<comparison::RunChange> changes;
  if (earlier.value()) changes = comparison::compareRuns(report.rows, earlier.value()->second);
  json out = reportJson(report);
  if (earlier.value()) out["changes"] = changesJson(changes);
  if (const auto baseline = args.value("--baseline"); baseline && args.has("--update")) {
    if (auto st = writeOutput(baseline, out.dump(2) + "\n"); !st) {
      std::cerr << "segscope-cli: error: " << st.error().message << "\n";
      return kBadInput;
    }
    std::cerr << "wrote the baseline " << *baseline << " (" << report.rows.size() << " fusions)\n";
  }
  const auto jsonOut = args.value("--json");
  if (jsonOut) {
    if (auto st = writeOutput(jsonOut, out.dump(2) + "\n"); !st) {
      std::cerr << "segscope-cli: error: " << st.error().message << "\n";
      return kBadInput;
    }
  }
  if (jsonOut != std::optional<std::string>("-")) {
    printTable(report);
    if (earlier.value()) printChanges(changes, earlier.value()->first);
  }
  // As survey: a baseline is a guard, so any change fails the run.
  const bool guarded = args.value("--baseline") && !args.has("--update");
  return guarded && !changes.empty() ? kRuntimeFailure : kOk;
}

}  // namespace segscope::cli
