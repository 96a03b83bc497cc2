// Scoped persistent-buffer size of a segment (see persistent_buffer_size.h).
#include "scheduler/persistent_buffer_size.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "scheduler/analysis.h"
#include "scheduler/value_index.h"
#include "scheduler/view_memo.h"

namespace segscope::scheduler::analysis {
namespace {

std::int64_t elementsOf(const ir::Val* tv, const std::vector<int>& dims, const RuntimeInfo& rt) {
  const auto sizes = rt.sizes(tv);
  if (!sizes || dims.empty()) return 0;
  std::int64_t n = 1;
  for (int d : dims) n *= (*sizes)[static_cast<std::size_t>(d)];
  return n;
}

// csrc/scheduler/utils.cpp:548-564 getUpCastInputOf: an intermediate made by widening a cast
// of another intermediate is kept in the narrower type.
int bufferElementBytes(const SegmentView& view, const ir::Val* tv) {
  const ir::Expr* def = view.definitionInside(tv);
  if (def && def->family() == ir::OpFamily::Cast && !view.isSegmentInput(def->operand(0)) &&
      ir::byteSize(def->operand(0)->dtype()) < ir::byteSize(tv->dtype()))
    return ir::byteSize(def->operand(0)->dtype());
  return ir::byteSize(tv->dtype());
}

// One entry of nvFuser's all_buffers: a buffer, or a projected input, live from `from` to
// the values its resolution points are computed from.
struct Live {
  int from = ValueIndex::kNone;
  std::int64_t bytes = 0;
  bool persistent = false;  // persistent_mask
  bool projected = false;   // projected_mask
  int buffer = -1;          // index into info.buffers, for a buffer
  int input = -1;           // index into projection.inputs, for an input
  int aliasOf = -1;         // position of the buffer entry of the same tensor (counted once)
};

// utils.cpp:961-974 canProjectToPersistentProducer: a buffer made only from other buffers is
// counted through them.
bool madeOfBuffers(const SegmentView& view, const ir::Val* tv, const std::unordered_set<const ir::Val*>& buffers) {
  const ir::Expr* def = view.definitionInside(tv);
  if (!def || isReductionOp(def)) return false;
  bool any = false;
  for (const ir::Val* in : def->inputs()) {
    if (!in->isTensor()) continue;
    if (!buffers.count(in)) return false;
    any = true;
  }
  return any;
}

std::vector<Live> liveEntries(const SegmentView& view, const ValueIndex& index, const PersistentBufferInfo& info,
                              const RuntimeInfo& rt) {
  const BufferProjection& proj = info.projection;
  std::unordered_set<const ir::Val*> bufferSet, projectable(proj.buffers.begin(), proj.buffers.end());
  for (const PersistentBuffer& b : info.buffers) bufferSet.insert(b.tv);
  std::unordered_map<const ir::Val*, int> inputPos;
  for (std::size_t k = 0; k < proj.inputs.size(); ++k) inputPos[proj.inputs[k]] = static_cast<int>(k);
  auto inputEntry = [&](int k) {
    const ir::Val* in = proj.inputs[static_cast<std::size_t>(k)];
    Live e{index.indexOf(in),
           elementsOf(in, proj.inputDims[static_cast<std::size_t>(k)], rt) * bufferElementBytes(view, in), false, true};
    e.input = k;
    return e;
  };
  std::vector<Live> entries;
  std::vector<bool> inputPlaced(proj.inputs.size(), false);
  for (std::size_t i = 0; i < info.buffers.size(); ++i) {
    const PersistentBuffer& b = info.buffers[i];
    auto asInput = inputPos.find(b.tv);
    // :991-1004: a buffer that is also a projected input holds the input's dims.
    const std::vector<int>& dims =
        asInput != inputPos.end() ? proj.inputDims[static_cast<std::size_t>(asInput->second)] : b.dims;
    Live e{index.indexOf(b.tv), elementsOf(b.tv, dims, rt) * bufferElementBytes(view, b.tv),
           !madeOfBuffers(view, b.tv, bufferSet), !projectable.count(b.tv)};
    e.buffer = static_cast<int>(i);
    entries.push_back(e);
    if (asInput != inputPos.end()) {  // kept next to its buffer entry: both land in one word
      entries.push_back(inputEntry(asInput->second));
      entries.back().aliasOf = static_cast<int>(entries.size()) - 2;
      inputPlaced[static_cast<std::size_t>(asInput->second)] = true;
    }
  }
  for (std::size_t k = 0; k < proj.inputs.size(); ++k)
    if (!inputPlaced[k]) entries.push_back(inputEntry(static_cast<int>(k)));
  return entries;
}

// Splits the entries into runs of at most 64, never parting an input from its buffer entry.
std::vector<std::pair<std::size_t, std::size_t>> wordsOf(const std::vector<Live>& entries) {
  std::vector<std::pair<std::size_t, std::size_t>> runs;
  std::size_t start = 0;
  while (start < entries.size()) {
    std::size_t end = std::min(entries.size(), start + 64);
    if (end < entries.size() && entries[end].aliasOf == static_cast<int>(end) - 1) --end;
    runs.emplace_back(start, end);
    start = end;
  }
  return runs;
}

}  // namespace

BufferSize persistentBufferSize(const SegmentView& view, const RuntimeInfo& rt) {
  const PersistentBufferInfo& info = persistentBufferInfo(view, &rt);
  BufferSize size;
  if (info.buffers.empty()) return size;
  std::int64_t largest = -1;
  for (const PersistentBuffer& b : info.buffers) {
    const std::int64_t bytes = elementsOf(b.tv, b.dims, rt) * bufferElementBytes(view, b.tv);
    if (bytes > largest) {
      largest = bytes;
      size.largestName = b.tv->name();
    }
  }
  const ValueIndex index(view);
  const std::vector<Live> entries = liveEntries(view, index, info, rt);
  const BufferProjection& proj = info.projection;
  std::vector<int> projectablePos;  // position of each projectable buffer in the value numbering
  for (const ir::Val* b : proj.buffers) projectablePos.push_back(index.indexOf(b));

  std::vector<std::int64_t> persistentAt(index.size(), 0), projectedAt(index.size(), 0);
  for (const auto& [start, end] : wordsOf(entries)) {
    ValueIndex::Words self(index.size(), 0);
    std::uint64_t inputBits = 0;
    for (std::size_t e = start; e < end; ++e) {
      const std::uint64_t bit = std::uint64_t{1} << (e - start);
      self[static_cast<std::size_t>(entries[e].from)] |= bit;
      if (entries[e].input >= 0) inputBits |= bit;
    }
    const ValueIndex::Words after = index.forward([&](int v) { return self[static_cast<std::size_t>(v)]; });
    ValueIndex::Words seeds(index.size(), 0);
    for (std::size_t e = start; e < end; ++e) {
      if (entries[e].buffer < 0) continue;
      for (const ir::Val* p : info.buffers[static_cast<std::size_t>(entries[e].buffer)].resolutionPoints)
        seeds[static_cast<std::size_t>(index.indexOf(p))] |= std::uint64_t{1} << (e - start);
    }
    // :915-952: an input is live up to the resolution points of the projectable buffers made
    // from it. nvFuser reads those points at the projectable buffer's position in the list of
    // all buffers (persistent_buffer_resolution_points[projectable_persistent_buffer_i]),
    // which is another buffer's points when some buffer before it cannot be projected: kept.
    for (std::size_t j = 0; j < projectablePos.size() && inputBits; ++j) {
      const std::uint64_t from = after[static_cast<std::size_t>(projectablePos[j])] & inputBits;
      if (!from || j >= info.buffers.size()) continue;
      for (const ir::Val* p : info.buffers[j].resolutionPoints)
        seeds[static_cast<std::size_t>(index.indexOf(p))] |= from;
    }
    const ValueIndex::Words before = index.backward([&](int v) { return seeds[static_cast<std::size_t>(v)]; });
    view.memo().work += 2 * index.size();
    for (std::size_t v = 0; v < index.size(); ++v) {
      const std::uint64_t live = after[v] & before[v] & ~self[v];
      if (!live) continue;
      forEachBit(live, [&](int b) {
        const Live& e = entries[start + static_cast<std::size_t>(b)];
        if (e.persistent) persistentAt[v] += e.bytes;
        // masked_dot_product counts a tensor once when it is both a buffer and an input.
        const bool aliasCounted = e.aliasOf >= 0 && entries[static_cast<std::size_t>(e.aliasOf)].projected &&
                                  (live >> (e.aliasOf - static_cast<int>(start)) & 1);
        if (e.projected && !aliasCounted) projectedAt[v] += e.bytes;
      });
    }
  }
  size.persistentBytes = *std::max_element(persistentAt.begin(), persistentAt.end());
  size.projectedBytes = *std::max_element(projectedAt.begin(), projectedAt.end());
  size.canProject = !info.hasViewOps && size.projectedBytes > 0 && size.projectedBytes < size.persistentBytes;
  size.projectionIsFree = !proj.withExp;
  size.projectionHasRng = proj.withRng;
  return size;
}

}  // namespace segscope::scheduler::analysis
