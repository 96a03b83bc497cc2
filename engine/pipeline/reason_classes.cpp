// The table that puts nvFuser's rejection texts and Segscope's into shared classes (reason_classes.h).
#include "pipeline/reason_classes.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace segscope::pipeline {
namespace {

struct Entry {
  ReasonClass cls;
  // Lower-case substrings; any one matches. nvFuser's first (with the csrc site of HEAD
  // 81c4b22f), then older nvFuser wordings, then Segscope's own.
  std::vector<std::string_view> patterns;
};

// Order matters: a text is given the first class with a matching pattern, so specific
// wordings come before general ones ("no support for reduction ops" before "no reduction").
const std::vector<Entry>& table() {
  static const std::vector<Entry> entries = {
      {{"resharding", "the fusion moves data between devices"},
       {"fusion is resharding",                      // expr_eval_sched.cpp:49, no_op.cpp:35, pointwise.cpp:233 ...
        "expected the expression to be resharding",  // communication.cpp:35
        "expected only one expression but found"}},  // communication.cpp:26
      {{"sub_byte", "a sub-byte data type"},
       {"does not support sub-byte data types",  // matmul.cpp:29, reduction.cpp:31, transpose.cpp:29 ...
        "has the sub-byte type"}},
      {{"disabled", "the scheduler is disabled"},
       {"matmul aten evaluation was disabled",  // expr_eval_sched.cpp:85
        "disabled"}},                           // greedy.cpp:1525, resize.cpp:68 (exactly "Disabled")
      {{"device", "the GPU does not support it"},
       {"cutlass scheduler only supports",  // cutlass.cpp:77
        "unsupported device compute capability"}},
      {{"expr_eval_single_op", "expr_eval takes a single ATen op, views of inputs or scalar work only"},
       {"must contain only a single expression",  // expr_eval_sched.cpp:60,94 (every era's wording)
        "expr_eval only takes"}},
      {{"unsupported_op", "an op no generated kernel can hold"},
       {"has unsupported ops",  // registry.cpp:45,64
        "only runs as expr_eval (aten), never in a generated kernel"}},
      {{"matmul_in_kernel", "a matmul or linear in a kernel segment"},
       {"matmul ops are not supported",  // registry.cpp:83
        "is a matmul/linear: only the matmul scheduler"}},
      {{"matmul_not_fused", "the matmul scheduler does not take this segment"},
       {"matmul scheduler supports fusions only with a single mma op",  // matmul_utils (2024-25 wording)
        "fuse_matmul",  // matmul_utils.cpp, 2024-: NVFUSER_ENABLE=fuse_matmul
        "mma output tv", "mma operand", "mma output", "matmuldimrole", "canonical dim order must be bmnk",
        "implicit broadcast in matmulop", "without assigned roles", "non-tensorview object",
        "only a single matmul pattern", "the segment has no matmul or linear"}},
      {{"no_op_has_work", "no_op: the segment computes something"},
       {"reduction of non-zero elements",   // no_op.cpp:50 (ours: "a reduction of non-zero elements is work")
        "output has a concrete dimension",  // no_op.cpp:62
        "has a concrete dimension, so it has to be computed"}},
      {{"has_reduction", "a reduction, which this scheduler does not take"},
       {"no support for reduction ops",  // pointwise.cpp:263, transpose.cpp:86, resize.cpp:94
        "; pointwise takes none", "; transpose takes none", "; resize takes none"}},
      {{"no_input", "the segment has no tensor input"},
       {"scheduling not supported with no input",  // reduction.cpp:51, normalization_utils.cpp:1122
        "the segment has no tensor input"}},
      {{"no_reduction", "no reduction to schedule"},
       {"no reduction op to schedule",  // reduction.cpp:45
        "needs a reduction op",         // normalization_utils.cpp:1116
        "no reduction tv",              // normalization_utils.cpp:1203, normalization_inner_outer.cpp:269
        "the segment has no reduction"}},
      {{"non_unique_broadcast", "a broadcast dim expanded to different extents"},
       {"broadcasting dimension might be broadcasting to multiple sizes",  // pointwise.cpp:269, reduction.cpp:82 ...
        "non-unique broadcast"}},
      {{"view_not_reversible", "a reshape that cannot be undone"},
       {"requires view being reversible"}},  // pointwise.cpp:256, reduction.cpp:91, normalization_utils.cpp:1236
      {{"view_interferes", "a reshape interferes with the reduction schedule"},
       {"view may interfere with"}},  // reduction.cpp:100, normalization_utils.cpp:1246 (ours says the same)
      {{"reshapes", "reshapes that cannot be scheduled together"},
       {"cyclic reshapes",          // registry.cpp:107
        "incompatible reshapes"}},  // registry.cpp:116
      {{"unmapped_reduction", "reductions over different dims"},
       {"un-mapped multi-reduction",  // reduction.cpp:150, normalization_utils.cpp:1160
        "does not reduce the dims the other"}},
      {{"inconsistent_root", "reductions of tensors of different rank"},
       {"inconsistent reduction root size"}},  // reduction.cpp:130, normalization_utils.cpp:1273
      {{"reduction_type", "the reductions are not this scheduler's pattern (inner/outer/both)"},
       {"doesn't match with reduction type",  // normalization_utils.cpp:1225, normalization_inner_outer.cpp:278
        "judged by each reduction input's innermost allocation dim"}},
      {{"combined_reduction", "inner and outer reductions that cannot be combined"},
       {"to use combined reduction",  // normalization_inner_outer.cpp:298-378
        "should match to a reduction domain in outer reduction tv", "is not of the form [i.., r..]",
        "is not of the form [r.., i..]", "share no segment input", "may share no consumer",
        "iterates over is not reduced by"}},
      {{"persistent_buffer", "a persistent buffer, which the reduction scheduler does not keep"},
       {"need persistent buffers that reduction scheduler doesn't handle",  // reduction.cpp:164
        "a persistent buffer, so a persistent scheduler's case"}},
      {{"no_persistent_buffer", "no persistent buffer, so not a normalization"},
       {"no persistent buffer identified",  // normalization_utils.cpp:1291
        "no persistent buffer:"}},
      {{"post_reduction", "ops after the reduction that the schedule cannot follow"},
       {"unsupported post reduction",  // normalization_utils.cpp:1298, reduction.cpp:173
        "unsupported post-reduction", "post-reduction broadcast needs a persistent scheduler",
        "after an inner reduction, and the reductions do not read it"}},
      {{"gather_before_reduction", "a gather-like op before the reduction"},
       {"unsupported gather-like ops before"}},  // reduction.cpp:180, normalization_utils.cpp:1305
      {{"reference_coverage", "an output with a dim the reference tensor does not schedule"},
       {"output contains id that's not scheduled by reference tv",  // reduction.cpp:75, normalization_utils.cpp:1214
        "neither iterates over nor reduces", "does not iterate over or reduce"}},
      {{"too_big", "the persistent buffers do not fit"},
       {"not enough registers",  // normalization_inner.cpp:154, normalization_outer.cpp:506, _inner_outer.cpp:466
        "per row, over the", "per column, over the"}},
      {{"over_half_gpu", "one normalization would need over half of the GPU"},
       {"requires over half gpu persistence",  // normalization_inner.cpp:174, normalization_outer.cpp:531
        "sms, over half of", "), over half of"}},
      {{"not_enough_blocks", "too few blocks to fill the GPU"},
       {"not enough blocks"}},  // normalization_inner.cpp:190, normalization_inner_outer.cpp:500
      {{"not_enough_sms", "a grid normalization would keep too few SMs busy"},
       {"not enough used sms",  // normalization_outer.cpp:606,618
        "busy, under half"}},
      {{"outer_vectorization", "too little vectorization for a grid outer normalization"},
       {"not enough vectorized",  // normalization_outer.cpp:549
        "needs vectorization 4 or more"}},
      {{"no_launch_config", "no launch configuration fits"},
       {"no valid launch config found",  // normalization_outer.cpp:563
        "no grid launch configuration"}},
      {{"not_enough_threads", "too few columns per block"},
       {"not enough threads",  // normalization_outer.cpp:581
        "columns fit in registers at once"}},
      {{"non_welford", "grid outer normalization of a non-Welford reduction"},
       {"non-welford not enabled",  // normalization_outer.cpp:635
        "is not a welford"}},
      {{"uneven_iteration", "the iterations do not divide evenly over the grid"},
       {"iteration not evenly divided",  // normalization_outer.cpp:652
        "do not divide evenly over the grid"}},
      {{"no_reference", "no tensor covers every dim (no reference)"},
       {"cannot find reference tensor",  // pointwise.cpp:242
        "no reference found",            // resize.cpp:155
        "no reference tensor"}},
      {{"block_quantization", "a block quantization the schedule cannot vectorize"},
       {"block quantization"}},  // pointwise.cpp:279,333,344
      {{"no_resize", "no slice, pad or cat"},
       {"no resize op to schedule",  // resize.cpp:82
        "the segment has no slice, pad or cat"}},
      {{"resize_broadcast", "a resize to or of a broadcast dim"},
       {"resize to a broadcast id",  // resize.cpp:125
        "resize of a broadcast id",  // resize.cpp:146
        "produces a broadcast dim"}},
      {{"resize_between_outputs", "outputs reached through different resizes"},
       {"resize between reference and output",  // resize.cpp:186
        "go through different slices/pads/cats"}},
      {{"resize_transpose", "a transpose pattern inside a resize segment"},
       {"transpose-like patterns not supported",  // resize.cpp:202
        "a transpose pattern, which resize does not take"}},
      {{"index_on_inner_dim", "an index op on the innermost dim"},
       {"on inner dim is not supported by transpose scheduler",  // transpose.cpp:51,63,76
        "indexes the innermost dim"}},
      {{"no_transpose", "no transpose: the inputs and outputs share the innermost dim"},
       {"cannot find two mismatching inner most dimensions",  // transpose.cpp:99
        "no candidates found",                                // transpose, before 2023
        "requires exact mapping on inner most dimension",     // transpose.cpp:268
        "has the same innermost dim", "has no dim mapped to the innermost dim", "the inner-dim groups of"}},
      {{"transpose_unprofitable", "a transpose too small to pay off (pointwise is better)"},
       {"does not perform well on small problem sizes",    // transpose.cpp:281
        "should be scheduled by the pointwise scheduler",  // transpose.cpp:309
        "splitting of inner most dim",                     // transpose.cpp:317
        "small transpose dimensions and view op",          // transpose.cpp:345
        "incoherent transform propagation",                // transpose.cpp:373
        "transpose does not pay off", "too small to fill a 32x32 tile", "small transpose dimensions with a view op",
        "nvfuser indexing limit"}},
      {{"disconnected", "outputs computed independently of each other"},
       {"connected fusion graph check failed",  // registry.cpp:89
        "are computed independently (not connected)"}},
      {{"id_graph", "the iteration-domain graph cannot be built"},
       {"iter domain graph check failed"}},  // registry.cpp:95
      {{"resize_and_index", "a resize together with an index op"},
       {"has resize-based ops and index ops",  // registry.cpp:101
        "mix a resize with an index op"}},
      {{"global_buffer", "the global-memory buffer requirement"}, {"global buffer requirement"}},  // registry.cpp:123
      {{"non_exact_gather", "a gather that is not take_along_axis-like"},
       {"non-exact gather ops",  // registry.cpp:74
        "gathers an index smaller than its input off the axis"}},
      {{"memory_promotion", "an index or resize of a value computed inside the segment"},
       {"must be fusion input",                        // registry_utils.cpp:96
        "must be fusion output without any consumer",  // registry_utils.cpp:112
        "memory-promotion rule"}},
      {{"greedy_no_op", "nothing for the greedy scheduler"},
       {"no specific op for the greedy scheduler"}},  // greedy.cpp:1535
      {{"not_a_scheduler", "not a scheduler"}, {"none is not a scheduler"}},
      {{"unknown_size", "a size the check needs is unknown"}, {"is unknown", "cannot size"}},
  };
  return entries;
}

std::string lowered(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

}  // namespace

ReasonClass classifyReason(std::string_view reason) {
  const std::string text = lowered(reason);
  for (const Entry& e : table()) {
    const bool exactOnly = e.cls.id == "disabled";
    for (std::string_view p : e.patterns) {
      // "Disabled" alone (greedy, resize) must not match every text that mentions a disabled
      // feature; the longer patterns of the class match anywhere.
      if (exactOnly && p == "disabled" ? text == p : text.find(p) != std::string::npos) return e.cls;
    }
  }
  return {"unknown", "a reason the table does not know"};
}

std::vector<ReasonClass> reasonClasses() {
  std::vector<ReasonClass> out;
  for (const Entry& e : table()) out.push_back(e.cls);
  return out;
}

}  // namespace segscope::pipeline
