// Prints a Fusion as a plain PyTorch module (the oracle segscope-cli export-torch writes):
// `def fusion(...)` with one torch statement per op, data loading and a self-check.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/fusion.h"
#include "support/result.h"

namespace segscope::frontend {

struct TorchWriteOptions {
  std::string sourceName;           // the repro script, named in the module docstring
  std::string_view sourceText;      // when given, each op's trailing comment quotes its line
  std::vector<std::string> header;  // extra comment lines printed first
  /// The data directory `python3 MODULE.py` checks when given none (relative paths are
  /// taken from the module's own folder); empty: the directory must be given.
  std::string defaultDataDir;
};

struct TorchModule {
  std::string text;
  /// Fusion outputs that depend on a random op (uniform, rand_like ...): PyTorch cannot
  /// reproduce our generator bit for bit, so checkers skip their values.
  std::vector<std::string> notComparable;
};

/// Fails, naming the op and its line:col, when an op has no PyTorch spelling.
Result<TorchModule> writeTorchModule(const ir::Fusion& fusion, const TorchWriteOptions& options = {});

/// torch's spelling of a dtype, e.g. "torch.bfloat16" (Index → "torch.int64").
std::string torchDtypeExpr(ir::DataType t);

}  // namespace segscope::frontend
