// The expression tree's own queries.
#include "frontend/syntax_tree.h"

namespace segscope::frontend {

std::string Node::dottedName() const {
  if (kind == Kind::Name) return text;
  if (kind == Kind::Attribute && !items.empty()) {
    std::string base = items[0]->dottedName();
    return base.empty() ? std::string() : base + "." + text;
  }
  return {};
}

}  // namespace segscope::frontend
