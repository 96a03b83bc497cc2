// What survey compares against: expected segmentations (tests/fidelity/expectations.json) or a
// baseline of earlier rows, and the disagreements it finds.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "support/result.h"

namespace segscope::cli {

/// One fusion as survey saw it.
struct SurveyRow {
  std::string file;  // as given or found
  std::string key;   // the file relative to the expectations/baseline folder
  bool loaded = false;
  std::string diagnostic;  // when !loaded: the first line of the error
  int segments = 0;        // nvFuser-comparable groups (no host_scalars segment)
  int hostScalarSegments = 0;
  std::vector<std::string> schedulers;  // sorted multiset of the comparable groups
  int mergeAttempts = 0;
  int mergesRefused = 0;
  double milliseconds = 0;
};

/// One case of an expectations file (or one row of a baseline).
struct SurveyExpectation {
  std::string key;     // path of the script relative to the file's folder
  std::string source;  // "tests/cpp/test_alias.cpp:123 AliasTest.View"
  std::optional<int> segments;
  std::optional<bool> segmented;                       // only "segmented" / "not segmented" asserted
  std::optional<std::vector<std::string>> schedulers;  // the whole multiset, sorted
  std::vector<std::string> contains;                   // schedulers that must appear at least once
  std::map<std::string, int> containsTimes;            // gtest's Contains(...).Times(n): exactly n
  std::vector<std::string> disabledPasses;             // options the case runs with
  std::string profile;                                 // device profile the case needs ("" = survey's)
  bool failsToLoad = false;                            // a baseline row that did not load
  std::string knownDisagreement;                       // why Segscope still differs (docs/fidelity.md)
  std::string note;
};

struct SurveyExpectations {
  std::string folder;  // the expectations file's folder; keys are relative to it
  std::vector<SurveyExpectation> cases;
  const SurveyExpectation* find(const std::string& key) const;
};

struct SurveyDisagreement {
  std::string key;
  std::string source;
  std::string expected;
  std::string got;
};

/// Reads tests/fidelity/expectations.json ({"cases": [...]}) or a baseline written by
/// `survey --json` ({"rows": [...]}); the error names the file and what is wrong.
Result<SurveyExpectations> readExpectations(const std::string& path);

/// Every way `row` differs from `expected`; empty when they agree.
std::vector<SurveyDisagreement> compareRow(const SurveyRow& row, const SurveyExpectation& expected);

/// The parts of an expectation, checked one by one (for the agreement figures).
bool countAgrees(const SurveyRow& row, const SurveyExpectation& expected);     // segments / segmented
bool multisetAgrees(const SurveyRow& row, const SurveyExpectation& expected);  // schedulers and contains

/// "2 × pointwise, inner_persistent" style text of a sorted scheduler multiset.
std::string multisetText(const std::vector<std::string>& schedulers);

/// The rows as survey's JSON (also the baseline format).
std::string surveyJson(const std::vector<SurveyRow>& rows, const std::string& profile);

}  // namespace segscope::cli
