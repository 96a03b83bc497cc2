// `export-segments`: one runnable script per segment plus index_maps.json.
#include "cli/commands/commands.h"

#include <filesystem>
#include <iostream>

#include "cli/commands/common.h"
#include "cli/report.h"
#include "pipeline/exports.h"

namespace segscope::cli {

int exportSegments(const Arguments& args) {
  const auto dir = args.value("--dir");
  if (!dir) {
    std::cerr << "segscope-cli: error: export-segments needs --dir OUT\n";
    return kBadInput;
  }
  int code = kOk;
  auto p = sessionFor(args, code);
  if (!p) return code;
  auto exports = pipeline::exportSegments(*p);
  if (!exports) {
    std::cerr << args.file << ": error: " << exports.error().message << "\n";
    return kRuntimeFailure;
  }
  std::error_code ec;
  std::filesystem::create_directories(*dir, ec);
  if (ec) {
    std::cerr << "error: cannot create " << *dir << ": " << ec.message() << "\n";
    return kRuntimeFailure;
  }
  const std::filesystem::path out(*dir);
  for (const segmenter::SegmentExport& x : exports.value()) {
    if (auto st = writeOutput((out / segmentScriptFileName(x.segment)).string(), x.script); !st) {
      std::cerr << "error: " << st.error().message << "\n";
      return kRuntimeFailure;
    }
  }
  const std::string maps = segmentIndexMapsJson(exports.value(), *p->segmentation->fusion, args.file);
  if (auto st = writeOutput((out / "index_maps.json").string(), maps); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  std::cout << "wrote " << exports->size() << " segment scripts and index_maps.json to " << *dir << "\n";
  return kOk;
}

}  // namespace segscope::cli
