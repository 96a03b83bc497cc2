// A kernel's entry points: its body as one __global__ function, or (CodegenOptions::hostLayout)
// as an entry specialized on the planned layout beside a generic one the runner falls back on.
#include "exec/cuda/codegen/kernels.h"
#include "exec/cuda/codegen/prelude.h"

namespace segscope::exec::cuda::codegen {

namespace {

// 32-bit indices need every offset and every grid-stride loop counter under 2^31. A loop
// counter overshoots its bound by at most one grid of threads times the vector width
// (65536 x 1024 x 8 = 2^29), so spans under 2^30 leave room for it.
constexpr std::int64_t kIndex32Span = std::int64_t{1} << 30;

std::string launchBounds(std::int64_t maxThreads, std::int64_t minBlocks) {
  if (maxThreads <= 0) return "";
  const std::string blocks = minBlocks > 0 ? ", " + std::to_string(minBlocks) : "";
  return "__launch_bounds__(" + std::to_string(maxThreads) + blocks + ") ";
}

std::string entry(const std::string& bounds, const std::string& name, const std::string& signature,
                  const std::string& prologue, const std::string& body) {
  return "\nextern \"C\" __global__ void " + bounds + name + "(\n    " + signature + ") {\n" + prologue + body + "}\n";
}

// What each entry declares before the shared body: the index type, whether the runner checked
// the alignment, and (specialized entry) the strides.
std::string prologue(const std::string& indexType, bool hostChecked) {
  return "  using sg_ix [[maybe_unused]] = " + indexType +
         ";\n  [[maybe_unused]] const bool sg_host_checked = " + (hostChecked ? "true" : "false") + ";\n";
}

}  // namespace

void finishKernel(Kernel& k, const ArgTable& args, const std::string& body, const CodegenOptions& options,
                  std::int64_t maxThreads, std::int64_t minBlocks) {
  const std::string bounds = launchBounds(maxThreads, minBlocks);
  k.args = args.args();
  if (!options.hostLayout) {
    k.genericName.clear();
    k.source = prelude() + entry(bounds, k.name, args.signature(), "", body);
    return;
  }
  const bool narrow = options.index32 && args.largestSpan() < kIndex32Span;
  k.genericName = k.name + "_generic";
  const std::string specialized = prologue(narrow ? "int" : "long long", true) + args.literalStrides("  ");
  k.source = prelude() + entry(bounds, k.name, args.signature(/*unnamedStrides=*/true), specialized, body) +
             entry(bounds, k.genericName, args.signature(), prologue("long long", false), body);
}

}  // namespace segscope::exec::cuda::codegen
