// CodegenOptions by name: a table of keys onto members, parsed and described in one place.
#include "exec/cuda/codegen/codegen_options.h"

#include <charconv>
#include <cstdint>
#include <variant>

namespace segscope::exec::cuda {

namespace {

using Member = std::variant<int CodegenOptions::*, std::int64_t CodegenOptions::*, bool CodegenOptions::*>;

struct Entry {
  const char* key;
  Member member;
  const char* description;
};

const std::vector<Entry>& entries() {
  static const std::vector<Entry> table = {
      {"pointwise_block", &CodegenOptions::pointwiseBlock, "threads per block of pointwise kernels"},
      {"max_vector_bytes", &CodegenOptions::maxVectorBytes, "widest pointwise vector access in bytes (<2: none)"},
      {"max_grid_x", &CodegenOptions::maxGridX, "most blocks along x; grid-stride loops cover the rest"},
      {"max_reduction_block", &CodegenOptions::maxReductionBlock, "threads per block of block-per-row kernels"},
      {"warp_rows_per_block", &CodegenOptions::warpRowsPerBlock, "rows per block of warp-per-row kernels (1: off)"},
      {"register_row_values", &CodegenOptions::registerRowValues, "most row values per thread kept in registers"},
      {"register_row_max_steps", &CodegenOptions::registerRowMaxSteps, "most vector steps of a register-resident row"},
      {"register_row_min_occupancy_threads", &CodegenOptions::registerRowMinOccupancyThreads,
       "resident threads per SM asked of ptxas for register rows (1024: 64 registers)"},
      {"row_cache_bytes", &CodegenOptions::rowCacheBytes, "shared memory holding a row between passes (0: off)"},
      {"outer_split_target_blocks", &CodegenOptions::outerSplitTargetBlocks,
       "column blocks under which outer reductions split their rows (0: off)"},
      {"min_rows_per_split", &CodegenOptions::minRowsPerSplit, "fewest reduced rows per split block"},
      {"min_inner_split_chunk", &CodegenOptions::minInnerSplitChunk,
       "fewest elements per chunk of a split inner row (0: off)"},
      {"row_broadcast_outputs", &CodegenOptions::rowBroadcastOutputs,
       "per-row values broadcast to full-shape outputs with stride 0"},
      {"force_unfused", &CodegenOptions::forceUnfused, "one kernel per reduction (testing)"},
      {"two_pass_row_stats", &CodegenOptions::twoPassRowStats,
       "register-resident rows: mean by a block sum, then squared deviations (no Welford merge)"},
      {"transpose_tile", &CodegenOptions::transposeTile,
       "T x T output tiles staging inputs read across the innermost dim in shared memory (0: off)"},
      {"column_vector", &CodegenOptions::columnVector,
       "plain outer reductions read 16 bytes of adjacent columns per thread (partials + finish)"},
      {"group_unfused_reductions", &CodegenOptions::groupUnfusedReductions,
       "unfused plans: one row kernel per consecutive run of same-shape reductions"},
      {"host_layout", &CodegenOptions::hostLayout,
       "a second entry per kernel with literal strides, chosen at launch when the layout matches"},
      {"index32", &CodegenOptions::index32, "with host_layout: 32-bit indices where every tensor fits"},
      {"vector_lanes", &CodegenOptions::vectorLanes,
       "pointwise vector paths follow lanes through slices and reshapes; one-to-one outputs too"},
      {"reverse_reread", &CodegenOptions::reverseReread,
       "block-per-row kernels walk later passes from the row's end (L2 still holds the tail)"},
      {"inner_outer", &CodegenOptions::innerOuter,
       "row sums and column sums of one input in one persistent row kernel with column partials"},
      {"row_width_from_inputs", &CodegenOptions::rowWidthFromInputs,
       "row kernels take their vector width from what they load (a wider output stores 32 bytes)"},
      {"column_vector_welford", &CodegenOptions::columnVectorWelford,
       "column_vector for var / var_mean / welford over the outer dims (batch norm statistics)"},
      {"row_cluster", &CodegenOptions::rowCluster,
       "rows too long for one block's cache run on a cluster of this many blocks (2-8, sm_90; 0: off)"},
      {"output_allocation_order", &CodegenOptions::outputAllocationOrder,
       "pointwise kernels write outputs in their allocation order (nvFuser's inferred stride order)"},
      {"reduction_unroll", &CodegenOptions::reductionUnroll,
       "unroll of reduction loops not held in registers: loads in flight per thread (1-16)"},
      {"prefetch_next_row", &CodegenOptions::prefetchNextRow,
       "row kernels ask L2 for the next row they will take while working on this one"},
      {"fast_math", &CodegenOptions::fastMath,
       "approximate tanh/exp/sigmoid: 0 never, 1 kernels with only half/bf16 outputs, 2 always"},
  };
  return table;
}

std::string valueText(const CodegenOptions& o, const Member& m) {
  return std::visit(
      [&](auto member) -> std::string {
        using T = std::remove_cvref_t<decltype(o.*member)>;
        if constexpr (std::is_same_v<T, bool>)
          return o.*member ? "1" : "0";
        else
          return std::to_string(o.*member);
      },
      m);
}

std::optional<std::int64_t> parseInteger(std::string_view text) {
  if (text == "true" || text == "on") return 1;
  if (text == "false" || text == "off") return 0;
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

std::string knownKeys() {
  std::string s;
  for (const Entry& e : entries()) {
    if (!s.empty()) s += ", ";
    s += e.key;
  }
  return s;
}

}  // namespace

const std::vector<CodegenOptionInfo>& codegenOptionList() {
  static const std::vector<CodegenOptionInfo> list = [] {
    std::vector<CodegenOptionInfo> out;
    const CodegenOptions defaults;
    for (const Entry& e : entries()) out.push_back({e.key, e.description, valueText(defaults, e.member)});
    return out;
  }();
  return list;
}

Status applyCodegenOption(CodegenOptions& options, std::string_view keyEqualsValue) {
  const std::size_t eq = keyEqualsValue.find('=');
  if (eq == std::string_view::npos)
    return makeError("codegen option '" + std::string(keyEqualsValue) + "' is not KEY=VALUE");
  const std::string_view key = keyEqualsValue.substr(0, eq);
  const std::string_view text = keyEqualsValue.substr(eq + 1);
  for (const Entry& e : entries()) {
    if (key != e.key) continue;
    const std::optional<std::int64_t> v = parseInteger(text);
    if (!v || *v < 0)
      return makeError("codegen option " + std::string(key) + " needs a non-negative whole number, not '" +
                       std::string(text) + "'");
    std::visit(
        [&](auto member) {
          using T = std::remove_cvref_t<decltype(options.*member)>;
          options.*member = static_cast<T>(*v);
        },
        e.member);
    return {};
  }
  return makeError("unknown codegen option '" + std::string(key) + "' (known: " + knownKeys() + ")");
}

std::string describeNonDefault(const CodegenOptions& options) {
  const CodegenOptions defaults;
  std::string s;
  for (const Entry& e : entries()) {
    const std::string v = valueText(options, e.member);
    if (v == valueText(defaults, e.member)) continue;
    if (!s.empty()) s += ' ';
    s.append(e.key).append("=").append(v);
  }
  return s;
}

}  // namespace segscope::exec::cuda
