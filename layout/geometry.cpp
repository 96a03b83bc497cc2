// Lookups and comparison on layout geometry.
#include "geometry.h"

#include <algorithm>

namespace segscope::layout {

namespace {

template <class T>
const T* findById(const std::vector<T>& items, std::string_view id) {
  const auto it = std::find_if(items.begin(), items.end(), [&](const T& item) { return item.id == id; });
  return it == items.end() ? nullptr : &*it;
}

}  // namespace

const NodeGeometry* Geometry::node(std::string_view id) const { return findById(nodes, id); }
const EdgeGeometry* Geometry::edge(std::string_view id) const { return findById(edges, id); }
const ClusterGeometry* Geometry::cluster(std::string_view id) const { return findById(clusters, id); }

bool Geometry::sameLayout(const Geometry& other) const {
  return bounds == other.bounds && nodes == other.nodes && edges == other.edges && clusters == other.clusters &&
         warnings == other.warnings;
}

}  // namespace segscope::layout
