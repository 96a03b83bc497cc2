// Command-line parsing for segscope-cli: a subcommand, one positional FILE, and
// --options with values; unknown options are usage errors (exit 2).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "support/result.h"

namespace segscope::cli {

struct CommandSpec {
  std::string name;
  std::string summary;
  std::set<std::string> valueOptions;  // --name VALUE
  std::set<std::string> flagOptions;   // --name
  bool needsFile = true;
  bool manyFiles = false;  // FILE... (every positional argument is a file or folder)
};

struct Arguments {
  std::string command;
  std::string file;                // the first positional argument
  std::vector<std::string> files;  // every positional argument (commands with manyFiles)
  std::map<std::string, std::string> values;
  std::set<std::string> flags;
  std::vector<std::string> repeated;  // every value of a repeatable option, in order

  bool has(const std::string& flag) const { return flags.count(flag) > 0; }
  std::optional<std::string> value(const std::string& name) const;
  /// Every value given for a repeatable option, in order.
  std::vector<std::string> all(const std::string& name) const;
};

const std::vector<CommandSpec>& commandSpecs();
std::string usageText();

/// argv without the program name. Errors name the offending argument.
Result<Arguments> parseArguments(const std::vector<std::string>& args);

}  // namespace segscope::cli
