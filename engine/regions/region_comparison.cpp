// Regions against the segmenter's segments: spanned and split segments and the edge traffic
// a region would keep on chip. Exprs are matched by id (clones keep ids).
#include "regions/region_comparison.h"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace segscope::regions {
namespace {

// Segment ids holding each expr id. A scalar expr may sit in several segments
// (ScalarMode::Duplicate); tensor exprs sit in exactly one.
using SegmentsOfExpr = std::unordered_map<int, std::set<int>>;

SegmentsOfExpr segmentsOfExprs(const segmenter::Segmentation& seg) {
  SegmentsOfExpr out;
  for (const segmenter::Segment& s : seg.segments)
    for (const ir::Expr* e : s.exprs) out[e->id()].insert(s.id);
  return out;
}

bool holdsTensorOpOutside(const segmenter::Segment& s, const std::unordered_set<int>& memberIds) {
  // Scalar exprs do not count: they are host bookkeeping (or duplicated extent math), not
  // work the region would take from the segment.
  return std::any_of(s.exprs.begin(), s.exprs.end(), [&](const ir::Expr* e) {
    return !memberIds.count(e->id()) && classify(e) != OpClass::HostScalar;
  });
}

// Whether a member in segment `to` reads `val` (the edge is an internal edge of the region).
bool readByMemberIn(const ir::Val* val, int to, const std::unordered_set<int>& memberIds, const SegmentsOfExpr& where) {
  for (const ir::Expr* use : val->uses()) {
    if (!memberIds.count(use->id())) continue;
    const auto it = where.find(use->id());
    if (it != where.end() && it->second.count(to)) return true;
  }
  return false;
}

RegionComparison compareOne(const Region& r, const segmenter::Segmentation& seg, const SegmentsOfExpr& where,
                            const scheduler::RuntimeInfo& rt) {
  RegionComparison c;
  c.region = r.id;
  std::unordered_set<int> memberIds;
  std::set<int> spanned;
  for (const ir::Expr* e : r.members) {
    memberIds.insert(e->id());
    if (const auto it = where.find(e->id()); it != where.end()) spanned.insert(it->second.begin(), it->second.end());
  }
  c.segments.assign(spanned.begin(), spanned.end());
  for (int id : c.segments)
    if (holdsTensorOpOutside(seg.segments[static_cast<std::size_t>(id)], memberIds)) c.splits.push_back(id);
  for (const segmenter::SegmentEdge& edge : seg.edges) {
    const ir::Expr* def = edge.val->definition();
    if (def && memberIds.count(def->id()) && readByMemberIn(edge.val, edge.to, memberIds, where))
      c.bytesKeptOnChip += tensorBytes(edge.val, rt);
  }
  return c;
}

}  // namespace

std::vector<RegionComparison> compareWithSegmentation(const RegionAnalysis& analysis,
                                                      const segmenter::Segmentation& segmentation,
                                                      const scheduler::RuntimeInfo& rt) {
  const SegmentsOfExpr where = segmentsOfExprs(segmentation);
  std::vector<RegionComparison> out;
  out.reserve(analysis.regions.size());
  for (const Region& r : analysis.regions) out.push_back(compareOne(r, segmentation, where, rt));
  return out;
}

}  // namespace segscope::regions
