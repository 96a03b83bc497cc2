// segscope-cli survey: segments every fusion it is given (files, or *.py under folders), prints
// one row per fusion and, with --expect or --baseline, every disagreement; a CI guard for
// segment counts (exit 1 on any disagreement).
#include "cli/survey.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/survey_expectations.h"
#include "frontend/file_io.h"
#include "passes/pass.h"
#include "scheduler/device_profile.h"
#include "trace/pipeline.h"

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
      for (auto it = fs::recursive_directory_iterator(a, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
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

SurveyRow surveyOne(const std::string& file, const std::string& profile, const std::vector<std::string>& disabledPasses) {
  SurveyRow row;
  row.file = file;
  trace::PipelineOptions options;
  options.profile = profile;
  options.disabledPasses = disabledPasses;
  const auto start = std::chrono::steady_clock::now();
  try {
    auto outcome = trace::runPipelineOnFile(file, options);
    row.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (auto* error = std::get_if<trace::PipelineError>(&outcome)) {
      row.diagnostic = firstLine(error->diagnostic.loc.known() ? error->diagnostic.format() : error->diagnostic.message);
      return row;
    }
    const auto& run = std::get<trace::PipelineRun>(outcome);
    row.loaded = true;
    for (const segmenter::Segment& s : run.result.segmentation.segments) {
      if (s.hostScalars) {
        ++row.hostScalarSegments;
        continue;
      }
      ++row.segments;
      row.schedulers.emplace_back(scheduler::schedulerName(s.scheduler));
    }
    std::sort(row.schedulers.begin(), row.schedulers.end());
    for (const trace::Step& s : run.trace.steps())
      if (s.merge && s.phase != "whole_fusion") {
        ++row.mergeAttempts;
        row.mergesRefused += s.merge->ok() ? 0 : 1;
      }
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
  std::printf("%8d  %-44s %9s %9.1f  %s\n", r.segments, multisetText(r.schedulers).c_str(), merges.c_str(), r.milliseconds,
              r.key.c_str());
}

void printDisagreements(const std::vector<SurveyDisagreement>& ds) {
  std::printf("\n%zu disagreement%s:\n", ds.size(), ds.size() == 1 ? "" : "s");
  for (const SurveyDisagreement& d : ds) {
    std::printf("  %s\n    expected %s\n    got      %s\n", d.key.c_str(), d.expected.c_str(), d.got.c_str());
    if (!d.source.empty()) std::printf("    source   %s\n", d.source.c_str());
  }
}

}  // namespace

int survey(const Arguments& args) {
  const std::string profile = args.value("--profile").value_or("h100");
  if (profile != "detected" && !scheduler::profileByName(profile)) {
    std::cerr << "segscope-cli: error: unknown profile '" << profile << "'\n";
    return kBadInput;
  }
  auto files = collectFiles(args.files);
  if (!files) {
    std::cerr << "segscope-cli: error: " << files.error().message << "\n";
    return kBadInput;
  }
  const std::optional<std::string> against = args.value("--expect") ? args.value("--expect") : args.value("--baseline");
  const bool update = args.has("--update");
  SurveyExpectations expectations;
  if (against && !(update && !fs::exists(*against))) {
    auto read = readExpectations(*against);
    if (!read) {
      std::cerr << "segscope-cli: error: " << read.error().message << "\n";
      return kBadInput;
    }
    expectations = std::move(read.value());
  } else if (against) {
    expectations.folder = fs::absolute(fs::path(*against)).parent_path().lexically_normal().string();
  }

  std::printf("%8s  %-44s %9s %9s  %s\n", "segments", "schedulers", "merges", "ms", "fusion");
  std::vector<SurveyRow> rows;
  std::vector<SurveyDisagreement> disagreements;
  int unloaded = 0, unexpected = 0;
  for (const std::string& file : files.value()) {
    const std::string key = keyOf(file, expectations.folder);
    const SurveyExpectation* expected = expectations.find(key);
    const std::string caseProfile = expected && !expected->profile.empty() ? expected->profile : profile;
    SurveyRow row = surveyOne(file, caseProfile, expected ? expected->disabledPasses : std::vector<std::string>{});
    row.key = key;
    printRow(row);
    std::fflush(stdout);
    unloaded += row.loaded ? 0 : 1;
    if (against && !update) {
      if (expected) {
        for (SurveyDisagreement& d : compareRow(row, *expected)) disagreements.push_back(std::move(d));
      } else {
        ++unexpected;
      }
    }
    rows.push_back(std::move(row));
  }
  for (const SurveyExpectation& e : expectations.cases)
    if (!update && std::none_of(rows.begin(), rows.end(), [&](const SurveyRow& r) { return r.key == e.key; }))
      disagreements.push_back({e.key, e.source, "a case file", "no such file among the surveyed ones"});

  int agreeing = 0;
  for (const SurveyRow& r : rows)
    if (expectations.find(r.key) &&
        std::none_of(disagreements.begin(), disagreements.end(), [&](const SurveyDisagreement& d) { return d.key == r.key; }))
      ++agreeing;
  std::printf("\n%zu fusion%s, %d did not load", rows.size(), rows.size() == 1 ? "" : "s", unloaded);
  if (against && !update) std::printf(", %d of %zu cases agree", agreeing, expectations.cases.size());
  if (unexpected) std::printf(", %d without an expectation", unexpected);
  std::printf("\n");

  const std::string report = surveyJson(rows, profile);
  if (auto out = args.value("--json")) {
    if (*out == "-") std::cout << report;
    else if (auto st = frontend::writeFileAtomically(*out, report); !st) {
      std::cerr << "error: " << st.error().message << "\n";
      return kRuntimeFailure;
    }
  }
  if (update) {
    if (auto st = frontend::writeFileAtomically(*args.value("--baseline"), report); !st) {
      std::cerr << "error: " << st.error().message << "\n";
      return kRuntimeFailure;
    }
    std::printf("baseline %s updated (%zu rows)\n", args.value("--baseline")->c_str(), rows.size());
    return kOk;
  }
  if (!disagreements.empty()) {
    printDisagreements(disagreements);
    return kRuntimeFailure;
  }
  return against || unloaded == 0 ? kOk : kBadInput;
}

}  // namespace segscope::cli
