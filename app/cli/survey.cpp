// segscope-cli survey: segments every fusion it is given (files, or *.py under folders), prints
// one row per fusion and, with --expect or --baseline, every disagreement; a CI guard for
// segment counts (exit 1 on any disagreement).
#include "cli/survey.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "cli/commands/commands.h"
#include "cli/commands/common.h"
#include "cli/survey_expectations.h"
#include "pipeline/pipeline.h"
#include "support/file_io.h"

namespace segscope::cli {
namespace {

namespace fs = std::filesystem;

// Folders are searched recursively for *.py, in a stable (sorted) order.
Result<std::vector<std::string>> collectFiles(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  for (const std::string& a : args) {
    std::error_code ec;
    if (fs::is_directory(a, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(a, ec); !ec && it != fs::recursive_directory_iterator();
           it.increment(ec))
        if (it->is_regular_file() && it->path().extension() == ".py") found.push_back(it->path().string());
      if (ec) return makeError(a + ": " + ec.message());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(a, ec)) {
      files.push_back(a);
    } else {
      return makeError(a + ": no such file or folder");
    }
  }
  return files;
}

std::string keyOf(const std::string& file, const std::string& folder) {
  if (folder.empty()) return file;
  const fs::path rel = fs::absolute(file).lexically_normal().lexically_relative(folder);
  return rel.empty() ? file : rel.generic_string();
}

std::string firstLine(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  return line.empty() ? text : line;
}

SurveyRow surveyOne(const std::string& file, const std::string& profile, const std::vector<std::string>& disabledPasses,
                    const pipeline::PipelineOptions& nvfuserOptions) {
  SurveyRow row;
  row.file = file;
  pipeline::PipelineOptions options;
  options.profile = profile;
  options.enableOptions = nvfuserOptions.enableOptions;
  options.disableOptions = nvfuserOptions.disableOptions;
  options.passes.disabled.insert(disabledPasses.begin(), disabledPasses.end());
  const auto start = std::chrono::steady_clock::now();
  try {
    auto outcome = pipeline::runPipelineOnFile(file, options);
    row.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (auto* error = std::get_if<pipeline::PipelineError>(&outcome)) {
      row.diagnostic =
          firstLine(error->diagnostic.loc.known() ? error->diagnostic.format() : error->diagnostic.message);
      return row;
    }
    const auto& run = std::get<pipeline::Session>(outcome);
    row.loaded = true;
    for (const segmenter::Segment& s : run.segmentation->segmentation.segments) {
      if (s.hostScalars) {
        ++row.hostScalarSegments;
        continue;
      }
      ++row.segments;
      row.schedulers.emplace_back(scheduler::schedulerName(s.scheduler));
    }
    std::sort(row.schedulers.begin(), row.schedulers.end());
    const trace::Trace::MergeCounts merges = run.trace->mergeCounts();
    row.mergeAttempts = merges.attempts;
    row.mergesRefused = merges.refused;
  } catch (const std::exception& e) {  // a bug must cost one row, not the survey
    row.loaded = false;
    row.diagnostic = file + ": internal error: " + e.what();
  }
  return row;
}

void printRow(const SurveyRow& r) {
  if (!r.loaded) {
    std::printf("%8s  %-44s %9s %9s  %s\n           %s\n", "error", "-", "-", "-", r.key.c_str(), r.diagnostic.c_str());
    return;
  }
  const std::string merges = std::to_string(r.mergeAttempts) + "/" + std::to_string(r.mergesRefused);
  std::printf("%8d  %-44s %9s %9.1f  %s\n", r.segments, multisetText(r.schedulers).c_str(), merges.c_str(),
              r.milliseconds, r.key.c_str());
}

// --expect / --baseline (a missing baseline is fine with --update: it is about to be written).
std::optional<SurveyExpectations> loadExpectations(const std::optional<std::string>& against, bool update) {
  SurveyExpectations expectations;
  if (against && !(update && !fs::exists(*against))) {
    auto read = readExpectations(*against);
    if (!read) {
      std::cerr << "segscope-cli: error: " << read.error().message << "\n";
      return std::nullopt;
    }
    expectations = std::move(read.value());
  } else if (against) {
    expectations.folder = fs::absolute(fs::path(*against)).parent_path().lexically_normal().string();
  }
  return expectations;
}

// What the comparison found: the agreement figures and the disagreements, split into new
// ones and those the expectations mark as known (with --allow-known).
struct Comparison {
  int cases = 0, countAgree = 0, multisetAsserted = 0, multisetAgree = 0, withoutExpectation = 0;
  // The count agreement split by what the case asserts: an exact segment count, only
  // "segmented" (or not), or no count at all (the case only has to load and segment).
  int exactAsserted = 0, exactAgree = 0, segmentedAsserted = 0, segmentedAgree = 0, nothingAsserted = 0,
      nothingAgree = 0;
  std::vector<SurveyDisagreement> disagreements, known, staleKnown;

  void add(const SurveyRow& row, const SurveyExpectation& e, bool allowKnown) {
    ++cases;
    const bool count = countAgrees(row, e);
    countAgree += count ? 1 : 0;
    int& asserted = e.segments ? exactAsserted : e.segmented ? segmentedAsserted : nothingAsserted;
    int& agreeing = e.segments ? exactAgree : e.segmented ? segmentedAgree : nothingAgree;
    ++asserted;
    agreeing += count ? 1 : 0;
    if (e.schedulers || !e.contains.empty() || !e.containsTimes.empty()) {
      ++multisetAsserted;
      multisetAgree += multisetAgrees(row, e) ? 1 : 0;
    }
    std::vector<SurveyDisagreement> found = compareRow(row, e);
    const bool markedKnown = allowKnown && !e.knownDisagreement.empty();
    if (markedKnown && found.empty())
      staleKnown.push_back({row.key, e.source, "a disagreement (" + e.knownDisagreement + ")", "agreement"});
    for (SurveyDisagreement& d : found) {
      if (markedKnown) d.got += "  [known: " + e.knownDisagreement + "]";
      (markedKnown ? known : disagreements).push_back(std::move(d));
    }
  }
  bool failed() const { return !disagreements.empty() || !staleKnown.empty(); }
};

double percent(int part, int whole) { return whole ? 100.0 * part / whole : 100.0; }

void printSummary(const std::vector<SurveyRow>& rows, int unloaded, const Comparison* c) {
  std::printf("\n%zu fusion%s, %d did not load\n", rows.size(), rows.size() == 1 ? "" : "s", unloaded);
  if (!c) return;
  std::printf(
      "segment count agrees for %d of %d cases (%.1f %%); scheduler multiset agrees for %d of %d that "
      "assert one (%.1f %%)\n",
      c->countAgree, c->cases, percent(c->countAgree, c->cases), c->multisetAgree, c->multisetAsserted,
      percent(c->multisetAgree, c->multisetAsserted));
  std::printf(
      "  by what is asserted: exact segment count %d of %d; only \"segmented\" %d of %d; no count (loads and "
      "segments) %d of %d\n",
      c->exactAgree, c->exactAsserted, c->segmentedAgree, c->segmentedAsserted, c->nothingAgree, c->nothingAsserted);
  if (c->withoutExpectation) std::printf("%d fusions have no expectation\n", c->withoutExpectation);
}

void printList(const char* title, const std::vector<SurveyDisagreement>& ds) {
  if (ds.empty()) return;
  std::printf("\n%zu %s:\n", ds.size(), title);
  for (const SurveyDisagreement& d : ds) {
    std::printf("  %s\n    expected %s\n    got      %s\n", d.key.c_str(), d.expected.c_str(), d.got.c_str());
    if (!d.source.empty()) std::printf("    source   %s\n", d.source.c_str());
  }
}

Status writeReports(const Arguments& args, const std::string& report) {
  if (auto out = args.value("--json")) {
    if (*out == "-")
      std::cout << report;
    else if (auto st = support::writeFileAtomically(*out, report); !st)
      return st;
  }
  if (args.has("--update")) return support::writeFileAtomically(*args.value("--baseline"), report);
  return {};
}

}  // namespace

int survey(const Arguments& args) {
  const std::string profile = args.value("--profile").value_or("h100");
  // The options are checked once, before hundreds of fusions each report the same mistake.
  pipeline::PipelineOptions nvfuserOptions;
  nvfuserOptions.profile = profile;
  readNvfuserOptions(args, nvfuserOptions);
  if (Status checked = pipeline::checkOptions(nvfuserOptions); !checked) {
    std::cerr << "segscope-cli: error: " << checked.error().message << "\n";
    return kBadInput;
  }
  auto files = collectFiles(args.files);
  if (!files) {
    std::cerr << "segscope-cli: error: " << files.error().message << "\n";
    return kBadInput;
  }
  const std::optional<std::string> against = args.value("--expect") ? args.value("--expect") : args.value("--baseline");
  const bool update = args.has("--update");
  const auto expectations = loadExpectations(against, update);
  if (!expectations) return kBadInput;
  const bool compare = against && !update;
  const bool quiet = args.value("--json") == std::optional<std::string>("-");  // JSON on stdout stands alone

  if (!quiet) std::printf("%8s  %-44s %9s %9s  %s\n", "segments", "schedulers", "merges", "ms", "fusion");
  std::vector<SurveyRow> rows;
  Comparison comparison;
  int unloaded = 0;
  for (const std::string& file : files.value()) {
    const std::string key = keyOf(file, expectations->folder);
    const SurveyExpectation* expected = expectations->find(key);
    const std::string caseProfile = expected && !expected->profile.empty() ? expected->profile : profile;
    SurveyRow row =
        surveyOne(file, caseProfile, expected ? expected->disabledPasses : std::vector<std::string>{}, nvfuserOptions);
    row.key = key;
    if (!quiet) printRow(row);
    std::fflush(stdout);
    unloaded += row.loaded ? 0 : 1;
    if (compare && expected)
      comparison.add(row, *expected, args.has("--allow-known"));
    else if (compare)
      ++comparison.withoutExpectation;
    rows.push_back(std::move(row));
  }
  if (compare)
    for (const SurveyExpectation& e : expectations->cases)
      if (std::none_of(rows.begin(), rows.end(), [&](const SurveyRow& r) { return r.key == e.key; }))
        comparison.disagreements.push_back({e.key, e.source, "a case file", "no such file among the surveyed ones"});

  if (auto st = writeReports(args, surveyJson(rows, profile)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  if (quiet) return compare && comparison.failed() ? kRuntimeFailure : kOk;
  printSummary(rows, unloaded, compare ? &comparison : nullptr);
  if (update) std::printf("baseline %s updated (%zu rows)\n", args.value("--baseline")->c_str(), rows.size());
  printList("known disagreements (docs/fidelity.md)", comparison.known);
  printList("disagreements", comparison.disagreements);
  printList("cases marked as known disagreements that now agree (remove the mark)", comparison.staleKnown);
  if (compare) return comparison.failed() ? kRuntimeFailure : kOk;
  return unloaded == 0 ? kOk : kBadInput;
}

}  // namespace segscope::cli
