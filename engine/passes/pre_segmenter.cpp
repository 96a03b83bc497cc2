// PreSegmenter: the ordered pass list. Each comment says why a pass sits where it does.
// Order and defaults follow PreSegmenter::runPass (csrc/preseg_passes/pre_segmenter.cpp:47-105
// @ 81c4b22). Not modelled: FMinFMaxPromotion (:54, kernel code only: the graph does not change),
// TranslateScatterAccumulate (:91, the IR has no scatter op) and the multi-device passes
// (:93-95 PropagateShardings, DecomposeReshardings, ReorderShardedAxis; :104 FinalizeMultideviceDomains).
#include "passes/pre_segmenter.h"

#include "passes/add_axioms.h"
#include "passes/allocation_domain.h"
#include "passes/consecutive_cast.h"
#include "passes/dead_code_elimination.h"
#include "passes/exact_mapped_extent_substitution.h"
#include "passes/mark_aliases_prepare.h"
#include "passes/move_gather.h"
#include "passes/move_pad.h"
#include "passes/move_repeat_forward.h"
#include "passes/move_split_cat.h"
#include "passes/remove_bcast_squeeze.h"
#include "passes/remove_empty.h"
#include "passes/segment_inplace_update.h"
#include "passes/translate_no_reduction_matmul_to_mul_squeeze.h"
#include "passes/translate_repeat_to_expand.h"

namespace segscope::passes {

const std::vector<const Pass*>& preSegmenterPasses() {
  static const DeadCodeElimination deadCode;
  static const RemoveEmpty removeEmpty;
  static const TranslateNoReductionMatmulToMulSqueeze translateNoReductionMatmul;
  static const TranslateRepeatToExpand translateRepeatToExpand;
  static const ConsecutiveCast consecutiveCast;
  static const AddAxioms addAxioms;
  static const MoveSplitCat moveSplitCat;
  static const MovePad movePad;
  static const ExactMappedExtentSubstitution exactMappedExtentSubstitution;
  static const RemoveBcastSqueeze removeBcastSqueeze;
  static const SegmentInplaceUpdate segmentInplaceUpdate;
  static const MoveRepeatForward moveRepeatForward;
  static const MoveGather moveGather;
  static const MarkAliasesPrepare markAliasesPrepare;
  static const AllocationDomain allocationDomain;
  static const std::vector<const Pass*> passes = {
      // Segscope's own, first: nvFuser's exprs() walks back from the outputs and never sees dead
      // exprs, so no later pass may spend effort on (or fire because of) values nobody reads.
      &deadCode,
      // First rewrite (as in nvFuser): work on empty tensors would otherwise let later passes match it.
      &removeEmpty,
      // Right after RemoveEmpty (csrc/preseg_passes/pre_segmenter.cpp:49): the mul it leaves is
      // ordinary pointwise work for every later pass.
      &translateNoReductionMatmul,
      // Before ConsecutiveCast: the broadcast/expand/reshape it leaves can expose cast chains to fold.
      &translateRepeatToExpand,
      // After the repeat translation and before MoveSplitCat, which needs equal (folded) per-slice chains.
      &consecutiveCast,
      // After the rewrites that add or drop tensors (as in nvFuser): the facts cover the extents that remain.
      &addAxioms,
      // After ConsecutiveCast (chains compare equal) and before MovePad, so no pad is pushed into a split.
      &moveSplitCat,
      // After MoveSplitCat, as in nvFuser; off by default, since nvFuser runs it only with the resize
      // scheduler disabled (pre_segmenter.cpp:71-73), which is on unless NVFUSER_DISABLE=resize_scheduler.
      &movePad,
      // After MoveSplitCat/MovePad (as in nvFuser): the cat/pad/slice ops whose dims it maps are final.
      &exactMappedExtentSubstitution,
      // Before the passes that add segment_sets: one would split a pair or keep a cancellable broadcast.
      &removeBcastSqueeze,
      // After the broadcast clean-up (only real broadcasts force a copy); MarkAliasesPrepare then skips it.
      &segmentInplaceUpdate,
      // After SegmentInplaceUpdate, as in nvFuser (pre_segmenter.cpp:89); before MarkAliasesPrepare,
      // which then sees the repeat where it ends up.
      &moveRepeatForward,
      // After MoveRepeatForward, as in nvFuser (pre_segmenter.cpp:90).
      &moveGather,
      // Late, as in nvFuser: the op graph is final, so the meta-only output tails it bookends are too.
      &markAliasesPrepare,
      // Last, as in nvFuser: only outputs still without a layout once the graph is final get one.
      &allocationDomain,
  };
  return passes;
}

const Pass* findPass(std::string_view name) {
  for (const Pass* p : preSegmenterPasses())
    if (p->name() == name) return p;
  return nullptr;
}

std::optional<std::string> firstUnknownPass(const PassSelection& selection) {
  for (const auto* names : {&selection.disabled, &selection.enabled})
    for (const std::string& n : *names)
      if (!findPass(n)) return n;
  return std::nullopt;
}

std::string passNames() {
  std::string out;
  for (const Pass* p : preSegmenterPasses()) out += (out.empty() ? "" : " ") + std::string(p->name());
  return out;
}

bool runPreSegmenter(ir::Fusion& fusion, trace::Recorder* recorder, PassSelection selection, trace::SnapshotPtr current,
                     const PassInstrumentations& hooks) {
  PassRunner runner(fusion, recorder, std::move(selection));
  runner.startFrom(std::move(current));
  for (const auto& hook : hooks) runner.addInstrumentation(hook);
  bool modified = false;
  for (const Pass* pass : preSegmenterPasses()) modified = runner.run(*pass) || modified;
  return modified;
}

}  // namespace segscope::passes
