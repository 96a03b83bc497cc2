// CPU reference throughput: how fast the interpreter (the oracle every run is checked against)
// gets through each fusion — median ms of N runs, the fusion's input+output bytes, and the
// elements every op produced per second. Usage: bench_reference [--runs N] FILE...
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "frontend/script.h"
#include "reference/cpu_reference.h"
#include "reference/input_generator.h"

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::int64_t tensorBytes(const std::vector<segscope::exec::Value>& values) {
  std::int64_t bytes = 0;
  for (const auto& v : values)
    if (const auto* t = std::get_if<segscope::exec::HostTensor>(&v))
      bytes += t->numel() * segscope::ir::byteSize(t->dtype());
  return bytes;
}

// Elements every op wrote: the interpreter's unit of work.
std::int64_t producedElements(const segscope::exec::ValueMap& all, const segscope::ir::Fusion& fusion) {
  std::int64_t n = 0;
  for (const segscope::ir::Expr* e : fusion.exprs())
    for (const segscope::ir::Val* out : e->outputs())
      if (auto it = all.find(out->id()); it != all.end())
        if (const auto* t = std::get_if<segscope::exec::HostTensor>(&it->second)) n += t->numel();
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace segscope;
  int runs = 5;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else
      files.push_back(argv[i]);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: bench_reference [--runs N] FILE...\n");
    return 2;
  }
  std::printf(
      "| fusion | ops | in+out bytes | median ms | elements produced | M elements/s | in+out MB/s "
      "|\n|---|---|---|---|---|---|---|\n");
  for (const std::string& file : files) {
    frontend::ParseOutcome parsed = frontend::loadScriptFile(file);
    if (!parsed.ok()) {
      std::fprintf(stderr, "%s\n", parsed.error.format().c_str());
      return 1;
    }
    const ir::Fusion& fusion = *parsed.script->fusion;
    auto inputs = exec::makeInputs(parsed.script->inputs);
    if (!inputs) {
      std::fprintf(stderr, "%s: %s\n", file.c_str(), inputs.error().message.c_str());
      return 1;
    }
    std::vector<double> times;
    std::int64_t elements = 0, bytes = 0;
    for (int r = 0; r < runs; ++r) {
      const auto start = Clock::now();
      auto all = exec::runReferenceAll(fusion, inputs.value());
      times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
      if (!all) {
        std::fprintf(stderr, "%s: %s\n", file.c_str(), all.error().message.c_str());
        return 1;
      }
      elements = producedElements(all.value(), fusion);
      std::vector<exec::Value> outs;
      for (const ir::FusionOutput& o : fusion.outputs())
        if (auto it = all.value().find(o.val->id()); it != all.value().end()) outs.push_back(it->second);
      bytes = tensorBytes(inputs.value()) + tensorBytes(outs);
    }
    const double m = median(times);
    const std::string name = file.substr(file.find_last_of('/') + 1);
    std::printf("| %s | %zu | %lld | %.2f | %lld | %.1f | %.1f |\n", name.c_str(), fusion.exprs().size(),
                static_cast<long long>(bytes), m, static_cast<long long>(elements),
                static_cast<double>(elements) / (m * 1e3), static_cast<double>(bytes) / (m * 1e3));
  }
  return 0;
}
