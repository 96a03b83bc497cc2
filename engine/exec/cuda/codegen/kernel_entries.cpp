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

std::string launchBounds(std::int64_t maxThreads, std::int64_t minBlocks, std::int64_t clusterCtas) {
  const std::string cluster =
      clusterCtas > 1 ? "__cluster_dims__(" + std::to_string(clusterCtas) + ", 1, 1) " : std::string();
  if (maxThreads <= 0) return cluster;
  const std::string blocks = minBlocks > 0 ? ", " + std::to_string(minBlocks) : "";
  return cluster + "__launch_bounds__(" + std::to_string(maxThreads) + blocks + ") ";
}

// Thread-block clusters (CodegenOptions::rowCluster), only in the kernels that use them: this
// CTA's rank, the cluster barrier, and one value per CTA combined through distributed shared
// memory in rank order (the same order in every CTA, so every CTA gets the same result). The
// host emulation's single block is a cluster of one.
const char* const kClusterHelpers =
    "#ifndef SG_CLUSTER_HELPERS  // once per translation unit (the emulation joins kernels)\n"
    "#define SG_CLUSTER_HELPERS\n"
    "#if defined(__CUDACC__)\n"
    "#define SG_CLUSTER(n) (n)\n"
    "#define SG_CLUSTERED(device, host) (device)\n"
    "SG_DEV unsigned sg_cluster_rank() { unsigned r; asm volatile(\"mov.u32 %0, %%cluster_ctarank;\" : \"=r\"(r)); "
    "return r; }\n"
    "SG_DEV void sg_cluster_sync() {\n"
    "  asm volatile(\"barrier.cluster.arrive.release;\\n\\tbarrier.cluster.wait.acquire;\" ::: \"memory\");\n"
    "}\n"
    "// The generic address of *p in the shared memory of cluster CTA `rank` (mapa), read as usual.\n"
    "template <class T> SG_DEV T sg_cluster_ld(const T* p, unsigned rank) {\n"
    "  unsigned long long remote;\n"
    "  asm volatile(\"mapa.u64 %0, %1, %2;\" : \"=l\"(remote) : \"l\"(p), \"r\"(rank));\n"
    "  return *(const T*)remote;\n"
    "}\n"
    "template <class T, class F> __device__ T sg_cluster_reduce(T v, F f, unsigned ctas) {\n"
    "  __shared__ T sg_cslot;\n"
    "  if (threadIdx.x == 0) sg_cslot = v;\n"
    "  sg_cluster_sync();\n"
    "  T acc = sg_cluster_ld(&sg_cslot, 0u);\n"
    "  for (unsigned r = 1; r < ctas; ++r) acc = f(acc, sg_cluster_ld(&sg_cslot, r));\n"
    "  sg_cluster_sync();  // no CTA writes its slot again before every CTA has read it\n"
    "  return acc;\n"
    "}\n"
    "#else\n"
    "#define SG_CLUSTER(n) 1\n"
    "#define SG_CLUSTERED(device, host) (host)\n"
    "static inline unsigned sg_cluster_rank() { return 0; }\n"
    "template <class T, class F> T sg_cluster_reduce(T v, F, unsigned) { return v; }\n"
    "#endif\n"
    "#endif\n";

std::string entry(const std::string& bounds, const std::string& name, const std::string& signature,
                  const std::string& prologue, const std::string& body) {
  return "\nextern \"C\" __global__ void " + bounds + name + "(\n    " + signature + ") {\n" + prologue + body + "}\n";
}

// What each entry declares before the shared body: the index type, whether the runner checked
// the alignment, and (specialized entry) the strides.
std::string entryPrologue(const std::string& indexType, bool hostChecked) {
  return "  using sg_ix [[maybe_unused]] = " + indexType +
         ";\n  [[maybe_unused]] const bool sg_host_checked = " + (hostChecked ? "true" : "false") + ";\n";
}

}  // namespace

void finishKernel(Kernel& k, const ArgTable& args, const std::string& body, const CodegenOptions& options,
                  std::int64_t maxThreads, std::int64_t minBlocks, std::int64_t clusterCtas) {
  const std::string bounds = launchBounds(maxThreads, minBlocks, clusterCtas);
  const std::string preamble = prelude() + (clusterCtas > 1 ? kClusterHelpers : "");
  k.args = args.args();
  if (!options.hostLayout) {
    k.genericName.clear();
    k.source = preamble + entry(bounds, k.name, args.signature(), "", body);
    return;
  }
  const bool narrow = options.index32 && args.largestSpan() < kIndex32Span;
  k.genericName = k.name + "_generic";
  const std::string specialized = entryPrologue(narrow ? "int" : "long long", true) + args.literalStrides("  ");
  k.source = preamble + entry(bounds, k.name, args.signature(/*unnamedStrides=*/true), specialized, body) +
             entry(bounds, k.genericName, args.signature(), entryPrologue("long long", false), body);
}

}  // namespace segscope::exec::cuda::codegen
