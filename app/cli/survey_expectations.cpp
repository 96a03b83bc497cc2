// Reading expectations and baselines for survey, and comparing a surveyed row with one.
#include "cli/survey_expectations.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace segscope::cli {
namespace {

using json = nlohmann::json;

std::vector<std::string> stringList(const json& j, const char* key) {
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  for (const json& s : j.at(key)) out.push_back(s.get<std::string>());
  return out;
}

SurveyExpectation caseFromJson(const json& c) {
  SurveyExpectation e;
  e.key = c.at("case").get<std::string>();
  e.source = c.value("source", "");
  if (c.contains("segments") && !c.at("segments").is_null()) e.segments = c.at("segments").get<int>();
  if (c.contains("segmented") && !c.at("segmented").is_null()) e.segmented = c.at("segmented").get<bool>();
  if (c.contains("schedulers") && !c.at("schedulers").is_null()) {
    auto s = stringList(c, "schedulers");
    std::sort(s.begin(), s.end());
    e.schedulers = std::move(s);
  }
  e.contains = stringList(c, "contains");
  if (c.contains("contains_times"))
    for (const auto& [scheduler, times] : c.at("contains_times").items()) e.containsTimes[scheduler] = times.get<int>();
  if (c.contains("options")) {
    e.disabledPasses = stringList(c.at("options"), "disable_pass");
    e.profile = c.at("options").value("profile", "");
  }
  e.note = c.value("note", "");
  e.knownDisagreement = c.value("known_disagreement", "");
  return e;
}

SurveyExpectation baselineRowFromJson(const json& r) {
  SurveyExpectation e;
  e.key = r.at("file").get<std::string>();
  e.source = "baseline";
  e.failsToLoad = !r.value("loaded", true);
  if (!e.failsToLoad) {
    e.segments = r.at("segments").get<int>();
    auto s = stringList(r, "schedulers");
    std::sort(s.begin(), s.end());
    e.schedulers = std::move(s);
  }
  return e;
}

std::string expectedText(const SurveyExpectation& e) {
  if (e.failsToLoad) return "a load error";
  std::string s;
  if (e.segments)
    s = std::to_string(*e.segments) + (*e.segments == 1 ? " segment" : " segments");
  else if (e.segmented)
    s = *e.segmented ? "segmented" : "not segmented";
  if (e.schedulers) s += (s.empty() ? "" : ": ") + multisetText(*e.schedulers);
  for (const std::string& c : e.contains) s += (s.empty() ? "" : ", ") + std::string("contains ") + c;
  for (const auto& [c, n] : e.containsTimes)
    s += (s.empty() ? "" : ", ") + std::string("exactly ") + std::to_string(n) + " " + c;
  return s.empty() ? "loads" : s;
}

std::string gotText(const SurveyRow& row) {
  if (!row.loaded) return "error: " + row.diagnostic;
  return std::to_string(row.segments) + (row.segments == 1 ? " segment: " : " segments: ") +
         multisetText(row.schedulers);
}

}  // namespace

const SurveyExpectation* SurveyExpectations::find(const std::string& key) const {
  for (const SurveyExpectation& e : cases)
    if (e.key == key) return &e;
  return nullptr;
}

Result<SurveyExpectations> readExpectations(const std::string& path) {
  std::ifstream in(path);
  if (!in) return makeError(path + ": cannot read the file");
  SurveyExpectations out;
  out.folder = std::filesystem::absolute(std::filesystem::path(path)).parent_path().lexically_normal().string();
  try {
    const json j = json::parse(in);
    if (j.contains("cases")) {
      for (const json& c : j.at("cases")) out.cases.push_back(caseFromJson(c));
    } else if (j.contains("rows")) {
      for (const json& r : j.at("rows")) out.cases.push_back(baselineRowFromJson(r));
    } else {
      return makeError(path + ": neither an expectations file (\"cases\") nor a survey baseline (\"rows\")");
    }
  } catch (const json::exception& e) {
    return makeError(path + ": " + e.what());
  }
  return out;
}

bool countAgrees(const SurveyRow& row, const SurveyExpectation& e) {
  if (e.failsToLoad || !row.loaded) return e.failsToLoad == !row.loaded;
  if (e.segments && *e.segments != row.segments) return false;
  if (e.segmented && *e.segmented != (row.segments > 1)) return false;
  return true;
}

bool multisetAgrees(const SurveyRow& row, const SurveyExpectation& e) {
  if (e.failsToLoad || !row.loaded) return e.failsToLoad == !row.loaded;
  if (e.schedulers && *e.schedulers != row.schedulers) return false;
  for (const std::string& c : e.contains)
    if (std::find(row.schedulers.begin(), row.schedulers.end(), c) == row.schedulers.end()) return false;
  for (const auto& [c, n] : e.containsTimes)
    if (std::count(row.schedulers.begin(), row.schedulers.end(), c) != n) return false;
  return true;
}

std::vector<SurveyDisagreement> compareRow(const SurveyRow& row, const SurveyExpectation& e) {
  if (countAgrees(row, e) && multisetAgrees(row, e)) return {};
  return {{row.key, e.source, expectedText(e), gotText(row)}};
}

std::string multisetText(const std::vector<std::string>& schedulers) {
  std::string s;
  for (std::size_t i = 0; i < schedulers.size();) {
    std::size_t j = i;
    while (j < schedulers.size() && schedulers[j] == schedulers[i]) ++j;
    s += (s.empty() ? "" : ", ") + (j - i > 1 ? std::to_string(j - i) + "×" : std::string()) + schedulers[i];
    i = j;
  }
  return s.empty() ? "-" : s;
}

std::string surveyJson(const std::vector<SurveyRow>& rows, const std::string& profile) {
  json out = json::array();
  for (const SurveyRow& r : rows) {
    json j = {{"file", r.key}, {"loaded", r.loaded}};
    if (!r.loaded) {
      j["diagnostic"] = r.diagnostic;
    } else {
      j["segments"] = r.segments;
      j["host_scalar_segments"] = r.hostScalarSegments;
      j["schedulers"] = r.schedulers;
      j["merge_attempts"] = r.mergeAttempts;
      j["merges_refused"] = r.mergesRefused;
      j["ms"] = r.milliseconds;
    }
    out.push_back(std::move(j));
  }
  return json{{"profile", profile}, {"rows", out}}.dump(2) + "\n";
}

}  // namespace segscope::cli
