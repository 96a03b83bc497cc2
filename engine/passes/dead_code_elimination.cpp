// Dead-code elimination: a script may compute values it never outputs (Thunder traces
// often do); they would otherwise become kernels' work or whole segments.
#include "passes/dead_code_elimination.h"

#include <map>
#include <set>

namespace segscope::passes {

bool DeadCodeElimination::runPass(ir::Fusion& fusion, PassLog& log) {
  std::set<int> before;
  std::map<int, std::string> text;
  for (const ir::Expr* e : fusion.exprs()) {
    before.insert(e->id());
    text[e->id()] = e->toString();
  }
  const int removed = fusion.removeDeadCode();
  if (removed == 0) return false;
  std::set<int> after;
  for (const ir::Expr* e : fusion.exprs()) after.insert(e->id());
  for (int id : before)
    if (!after.count(id)) log.add("removed " + text[id]);
  return true;
}

}  // namespace segscope::passes
