// PreSegmenter: the ordered pass list. Each comment says why a pass sits where it does.
#include "passes/pre_segmenter.h"

#include "passes/dead_code_elimination.h"

namespace segscope::passes {

const std::vector<const Pass*>& preSegmenterPasses() {
  static const DeadCodeElimination deadCode;
  static const std::vector<const Pass*> passes = {
      // First, so no later pass spends effort on (or fires because of) values nobody reads.
      &deadCode,
      // [slot remove_empty]
      // [slot translate_repeat_to_expand]
      // [slot consecutive_cast]
      // [slot add_axioms]
      // [slot move_split_cat]
      // [slot move_pad]
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
