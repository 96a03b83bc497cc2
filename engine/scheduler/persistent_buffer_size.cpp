// Scoped persistent-buffer size of a segment (see persistent_buffer_size.h).
#include "scheduler/persistent_buffer_size.h"

#include <algorithm>
#include <array>
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
  if (!def || ir::isReductionOp(def)) return false;
  bool any = false;
  for (const ir::Val* in : def->inputs()) {
    if (!in->isTensor()) continue;
    if (!buffers.count(in)) return false;
    any = true;
  }
  return any;
}

// The entries in the order their tensors are computed, an input still next to its buffer
// entry: a run of 64 then covers one stretch of the segment (see persistentBufferSize).
std::vector<Live> byStart(const std::vector<Live>& entries) {
  std::vector<std::size_t> units;  // first entry of each unit (a buffer and its input are one)
  for (std::size_t e = 0; e < entries.size(); ++e)
    if (entries[e].aliasOf < 0) units.push_back(e);
  std::stable_sort(units.begin(), units.end(),
                   [&](std::size_t a, std::size_t b) { return entries[a].from < entries[b].from; });
  std::vector<Live> sorted;
  sorted.reserve(entries.size());
  for (const std::size_t u : units) {
    sorted.push_back(entries[u]);
    if (u + 1 < entries.size() && entries[u + 1].aliasOf == static_cast<int>(u)) {
      sorted.push_back(entries[u + 1]);
      sorted.back().aliasOf = static_cast<int>(sorted.size()) - 2;
    }
  }
  return sorted;
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
  return byStart(entries);
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

// The bytes of the live entries of one run, a table lookup per byte of the live word: long
// lived entries (inputs) are live at most values, and a bit at a time was most of the size.
class RunSums {
 public:
  RunSums(const std::vector<Live>& entries, std::size_t start, std::size_t end) {
    for (std::size_t e = start; e < end; ++e) {
      const Live& entry = entries[e];
      const auto bit = static_cast<int>(e - start);
      if (entry.persistent) persistent_[bit] = entry.bytes;
      if (entry.projected) projected_[bit] = entry.bytes;
      // masked_dot_product counts a tensor once when it is both a buffer and an input.
      if (entry.projected && entry.aliasOf >= 0 && entries[static_cast<std::size_t>(entry.aliasOf)].projected)
        aliases_.push_back(
            {(std::uint64_t{1} << bit) | (std::uint64_t{1} << (entry.aliasOf - static_cast<int>(start))), entry.bytes});
    }
    fill(persistent_, persistentTable_);
    fill(projected_, projectedTable_);
  }
  std::int64_t persistent(std::uint64_t live) const { return sum(persistentTable_, live); }
  std::int64_t projected(std::uint64_t live) const {
    std::int64_t bytes = sum(projectedTable_, live);
    for (const auto& [both, counted] : aliases_)
      if ((live & both) == both) bytes -= counted;
    return bytes;
  }

 private:
  using Table = std::array<std::array<std::int64_t, 256>, 8>;
  static void fill(const std::array<std::int64_t, 64>& bytes, Table& table) {
    for (std::size_t chunk = 0; chunk < 8; ++chunk) {
      table[chunk][0] = 0;
      for (unsigned x = 1; x < 256; ++x)
        table[chunk][x] = table[chunk][x & (x - 1)] + bytes[chunk * 8 + static_cast<std::size_t>(__builtin_ctz(x))];
    }
  }
  static std::int64_t sum(const Table& table, std::uint64_t live) {
    std::int64_t bytes = 0;
    for (std::size_t chunk = 0; live; ++chunk, live >>= 8) bytes += table[chunk][live & 0xff];
    return bytes;
  }
  std::array<std::int64_t, 64> persistent_{}, projected_{};
  Table persistentTable_, projectedTable_;
  std::vector<std::pair<std::uint64_t, std::int64_t>> aliases_;  // both bits, the input's bytes
};

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
  const ValueIndex& index = valueIndexOf(view);
  const std::vector<Live> entries = liveEntries(view, index, info, rt);
  const BufferProjection& proj = info.projection;
  std::vector<int> projectablePos;  // position of each projectable buffer in the value numbering
  for (const ir::Val* b : proj.buffers) projectablePos.push_back(index.indexOf(b));

  std::vector<std::int64_t> persistentAt(index.size(), 0), projectedAt(index.size(), 0);
  for (const auto& [start, end] : wordsOf(entries)) {
    // A buffer is live from its tensor to its resolution points, so one run's answers lie in
    // [earliest start, latest resolution point]; an input's reach is not known beforehand, so
    // a run holding one sweeps to the end. Entries sorted by start keep the windows short and
    // the whole size linear in a chain, where full sweeps per 64 buffers were quadratic.
    int lo = static_cast<int>(index.size()), hi = 0;
    for (std::size_t e = start; e < end; ++e) {
      lo = std::min(lo, entries[e].from);
      if (entries[e].input >= 0) hi = static_cast<int>(index.size());
      if (entries[e].buffer < 0) continue;
      for (const ir::Val* p : info.buffers[static_cast<std::size_t>(entries[e].buffer)].resolutionPoints)
        hi = std::max(hi, index.indexOf(p) + 1);
    }
    if (lo >= hi) continue;
    const auto at = [&](int v) { return static_cast<std::size_t>(v - lo); };
    ValueIndex::Words self(static_cast<std::size_t>(hi - lo), 0);
    std::uint64_t inputBits = 0;
    for (std::size_t e = start; e < end; ++e) {
      const std::uint64_t bit = std::uint64_t{1} << (e - start);
      self[at(entries[e].from)] |= bit;
      if (entries[e].input >= 0) inputBits |= bit;
    }
    const ValueIndex::Words after = index.forwardIn(lo, hi, [&](int v) { return self[at(v)]; });
    ValueIndex::Words seeds(self.size(), 0);
    for (std::size_t e = start; e < end; ++e) {
      if (entries[e].buffer < 0) continue;
      for (const ir::Val* p : info.buffers[static_cast<std::size_t>(entries[e].buffer)].resolutionPoints)
        if (const int v = index.indexOf(p); v >= lo) seeds[at(v)] |= std::uint64_t{1} << (e - start);
    }
    // :915-952: an input is live up to the resolution points of the projectable buffers made
    // from it. nvFuser reads those points at the projectable buffer's position in the list of
    // all buffers (persistent_buffer_resolution_points[projectable_persistent_buffer_i]),
    // which is another buffer's points when some buffer before it cannot be projected: kept.
    for (std::size_t j = 0; j < projectablePos.size() && inputBits; ++j) {
      if (projectablePos[j] < lo) continue;  // computed before every entry of the run
      const std::uint64_t from = after[at(projectablePos[j])] & inputBits;
      if (!from || j >= info.buffers.size()) continue;
      for (const ir::Val* p : info.buffers[j].resolutionPoints)
        if (const int v = index.indexOf(p); v >= lo) seeds[at(v)] |= from;
    }
    const ValueIndex::Words before = index.backwardIn(lo, hi, [&](int v) { return seeds[at(v)]; });
    view.memo().work += 2 * self.size();
    const RunSums sums(entries, start, end);
    for (int v = lo; v < hi; ++v) {
      const std::uint64_t live = after[at(v)] & before[at(v)] & ~self[at(v)];
      if (!live) continue;
      persistentAt[static_cast<std::size_t>(v)] += sums.persistent(live);
      projectedAt[static_cast<std::size_t>(v)] += sums.projected(live);
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
