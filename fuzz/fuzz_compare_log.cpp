// libFuzzer target: an arbitrary nvFuser log lined up with real sessions (compare-log and the
// GUI's nvFuser dock): the tensor join, the pass, candidate and group matching and the report
// must never crash or hang, whatever the log holds.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "comparison/log_comparison.h"
#include "nvlog/nvlog.h"
#include "pipeline/pipeline.h"

namespace {

using namespace segscope;

// Sessions the logs are compared with, made once: a normalization, a split one and a pointwise
// chain with a reshape (what the corpus' logs are of).
const std::vector<pipeline::Session>& sessions() {
  static const std::vector<pipeline::Session> all = [] {
    std::vector<pipeline::Session> out;
    for (const char* file : {"/samples/softmax.py", "/samples/reduction_epilogue.py", "/samples/cast_chain.py",
                             "/tests/data/nvlog/synthetic/two_reductions.py"}) {
      auto outcome = pipeline::runPipelineOnFile(std::string(SEGSCOPE_SOURCE_DIR) + file, {});
      if (auto* s = std::get_if<pipeline::Session>(&outcome)) out.push_back(std::move(*s));
    }
    if (out.size() != 4) std::abort();
    return out;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto log = nvlog::readNvLog(text, "fuzz.log");
  if (!log) return 0;
  const auto& all = sessions();
  const pipeline::Session& session = all[size % all.size()];
  for (int runtime = -1; runtime < static_cast<int>(log->runtimes.size()) && runtime < 3; ++runtime) {
    auto c = comparison::compareWithLog(session, *log, runtime);
    if (!c) continue;
    const std::string report = comparison::comparisonText(*c);
    const comparison::Divergence& d = c->divergence;
    if (d.firstCandidate >= static_cast<int>(d.candidates.size()) || d.firstPass >= static_cast<int>(d.passes.size()))
      std::abort();
    if (report.empty() || (!d.headline.empty() && report.find(d.headline) == std::string::npos)) std::abort();
  }
  return 0;
}
