// Pointwise / transpose / resize segments: one thread per output element, grid-stride
// loops with 64-bit indices, every op in registers. Outputs of another shape (a smaller
// broadcast output, a slice) get their own loop in the same kernel.
#include <algorithm>
#include <map>

#include "exec/cuda/codegen/kernels.h"
#include "exec/cuda/codegen/prelude.h"

namespace segscope::exec::cuda::codegen {

std::string kernelSource(const std::string& name, const std::string& signature, const std::string& body) {
  return prelude() + "\nextern \"C\" __global__ void " + name + "(\n    " + signature + ") {\n" + body + "}\n";
}

Result<Kernel> pointwiseKernel(const KernelContext& ctx, const std::vector<const ir::Val*>& outputs,
                               const std::string& name) {
  // Distinct output shapes, the largest first (the reference output sets the launch).
  std::vector<std::pair<std::vector<std::int64_t>, std::vector<const ir::Val*>>> groups;
  for (const ir::Val* o : outputs) {
    SEGSCOPE_TRY(auto s, ctx.sizes.sizes(o));
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == s; });
    if (it == groups.end())
      groups.push_back({s, {o}});
    else
      it->second.push_back(o);
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const auto& a, const auto& b) { return numelOf(a.first) > numelOf(b.first); });

  ArgTable args;
  Emitter em(ctx.sizes, args, ctx.inMemory);
  em.temps = ctx.temps;
  em.line("const long long sg_stride = (long long)gridDim.x * blockDim.x;");
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const auto& [shape, vals] = groups[g];
    em.open("for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < " +
            std::to_string(numelOf(shape)) + "LL; i += sg_stride)");
    const Index idx = em.unravel("i", shape, "d");
    for (const ir::Val* o : vals) {
      SEGSCOPE_TRY(std::string v, em.value(o, idx));
      SEGSCOPE_TRY(std::string ignored, em.store(o, ctx.kindOf(o), idx, v));
      (void)ignored;
    }
    em.close();
  }
  Kernel k;
  k.name = name;
  k.source = kernelSource(name, args.signature(), em.take());
  k.args = args.args();
  const std::int64_t n = groups.empty() ? 0 : numelOf(groups.front().first);
  const std::int64_t block = ctx.options.pointwiseBlock;
  k.launch.block.x = block;
  k.launch.grid.x = std::clamp<std::int64_t>((n + block - 1) / block, 1, ctx.options.maxGridX);
  return k;
}

}  // namespace segscope::exec::cuda::codegen
