// PreSegmenter: the ordered pass list. Each comment says why a pass sits where it does.
#include "passes/pre_segmenter.h"

#include "passes/consecutive_cast.h"
#include "passes/dead_code_elimination.h"
#include "passes/move_pad.h"
#include "passes/move_split_cat.h"
#include "passes/remove_empty.h"
#include "passes/translate_repeat_to_expand.h"

namespace segscope::passes {

const std::vector<const Pass*>& preSegmenterPasses() {
  static const DeadCodeElimination deadCode;
  static const RemoveEmpty removeEmpty;
  static const TranslateRepeatToExpand translateRepeatToExpand;
  static const ConsecutiveCast consecutiveCast;
  static const MoveSplitCat moveSplitCat;
  static const MovePad movePad;
  static const std::vector<const Pass*> passes = {
      // First, so no later pass spends effort on (or fires because of) values nobody reads.
      &deadCode,
      // First rewrite (as in nvFuser): work on empty tensors would otherwise let later passes match it.
      &removeEmpty,
      // Before ConsecutiveCast: the broadcast/expand/reshape it leaves can expose cast chains to fold.
      &translateRepeatToExpand,
      // After the repeat translation and before MoveSplitCat, which needs equal (folded) per-slice chains.
      &consecutiveCast,
      // [slot add_axioms]
      // After ConsecutiveCast (chains compare equal) and before MovePad, so no pad is pushed into a split.
      &moveSplitCat,
      // After MoveSplitCat, as in nvFuser; off by default, since nvFuser runs it only without the resize scheduler.
      &movePad,
      // [slot exact_mapped_extent_substitution]
      // [slot remove_bcast_squeeze]
      // [slot segment_inplace_update]
      // [slot mark_aliases_prepare]
      // [slot allocation_domain]
  };
  return passes;
}

const Pass* findPass(std::string_view name) {
  for (const Pass* p : preSegmenterPasses())
    if (p->name() == name) return p;
  return nullptr;
}

bool runPreSegmenter(ir::Fusion& fusion, trace::Recorder* recorder) {
  PassRunner runner(fusion, recorder);
  bool modified = false;
  for (const Pass* pass : preSegmenterPasses()) modified = runner.run(*pass) || modified;
  return modified;
}

}  // namespace segscope::passes
