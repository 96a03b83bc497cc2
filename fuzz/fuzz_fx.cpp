// libFuzzer target: the FX printout reader and the region and collective analyses on arbitrary
// text. It must never crash or hang; a rejection must say why at a line the text has; every
// node it reads must point at such a line, and its inputs at earlier nodes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "fx/fx_reader.h"
#include "regions/collectives.h"
#include "regions/fx_regions.h"
#include "scheduler/device_profile.h"

namespace {

int lineCount(std::string_view text) {
  int lines = 1;
  for (char c : text) lines += c == '\n';
  return lines;
}

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace segscope;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const int lines = lineCount(text);
  auto doc = fx::readFxText(text);
  if (!doc) {
    check(!doc.error().message.empty() && doc.error().loc.line >= 1 && doc.error().loc.line <= lines);
    return 0;
  }
  static const scheduler::DeviceProfile device = *scheduler::profileByName("h100");
  for (const fx::Graph& g : doc->graphs) {
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
      check(g.nodes[i].loc.line >= 1 && g.nodes[i].loc.line <= lines);
      for (int in : g.nodes[i].inputs) check(in >= 0 && static_cast<std::size_t>(in) < i);
    }
    for (regions::FxRuleSet rules : {regions::FxRuleSet::Seed, regions::FxRuleSet::Current}) {
      const auto regions = regions::findFxRegions(g, rules, {{"s0", 3}}, device);
      for (const regions::FxRegion& r : regions.regions) check(r.members.size() >= 2 && r.bytes >= 0);
      const auto collectives = regions::findCollectives(g, regions, {}, device, {});
      for (const regions::CollectiveSpan& c : collectives.collectives) check(c.commMs >= 0 && c.computeMs >= 0);
    }
  }
  return 0;
}
