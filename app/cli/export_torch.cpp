// export-torch: writes the PyTorch module (stdout or --out) and with --data DIR the data that
// checks it (pipeline::writeTorchData: inputs, reference outputs and bounds, manifest.json).
#include "cli/export_torch.h"

#include <filesystem>
#include <iostream>

#include "cli/commands/commands.h"
#include "pipeline/exports.h"
#include "support/file_io.h"

namespace segscope::cli {
namespace {

// The data directory as the module finds it: relative to the module's folder when possible,
// so the pair can be moved together.
std::string dataDirFromModule(const std::string& dataDir, const std::string& modulePath) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path data = fs::absolute(dataDir, ec);
  const fs::path folder = fs::absolute(modulePath, ec).parent_path();
  const fs::path relative = data.lexically_relative(folder);
  return ec || relative.empty() ? data.string() : relative.string();
}

}  // namespace

int exportTorch(const Arguments& args, const frontend::Script& script) {
  std::uint64_t seed = 0;
  try {
    seed = std::stoull(args.value("--seed").value_or("0"));
  } catch (const std::exception&) {
    std::cerr << "error: --seed needs a non-negative integer\n";
    return kBadInput;
  }
  const auto source = support::readTextFile(args.file);
  const std::string sourceText = source ? source.value() : std::string();
  pipeline::TorchWriteOptions options;
  options.sourceName = std::filesystem::path(args.file).filename().string();
  options.sourceText = sourceText;
  const auto out = args.value("--out");
  const auto dataDir = args.value("--data");
  if (dataDir && out && *out != "-") options.defaultDataDir = dataDirFromModule(*dataDir, *out);
  auto module = pipeline::torchModule(script, options);
  if (!module) {
    std::cerr << makeDiagnostic(module.error(), args.file, sourceText).format();
    return kBadInput;
  }
  if (out && *out != "-") {
    // Like --data, --out makes the folder it names (the module and its data usually go together).
    if (const std::filesystem::path parent = std::filesystem::path(*out).parent_path(); !parent.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(parent, ec);
    }
    if (auto st = support::writeFileAtomically(*out, module->text); !st) {
      std::cerr << "error: " << st.error().message << "\n";
      return kRuntimeFailure;
    }
  } else {
    std::cout << module->text;
  }
  if (dataDir) {
    if (auto st = pipeline::writeTorchData(*dataDir, script, seed, module.value(), args.file); !st) {
      std::cerr << makeDiagnostic(st.error(), args.file, sourceText).format();
      return kRuntimeFailure;
    }
    std::cerr << "wrote the inputs, the reference outputs and manifest.json to " << *dataDir << "\n";
  }
  return kOk;
}

}  // namespace segscope::cli
