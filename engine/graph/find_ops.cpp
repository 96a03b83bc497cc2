// Find over a step's fusion: the matches every view and the results list share.
#include "graph/find_ops.h"

#include <algorithm>
#include <cctype>

#include "graph/graph_model.h"

namespace segscope::graph {
namespace {

std::string lowercased(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string typeOf(const ir::Val* v) {
  std::string s(ir::shortName(v->dtype()));
  if (const ir::TensorView* tv = v->asTensor()) s += " " + tv->shapeString();
  return s;
}

bool containsAll(const std::string& text, const std::vector<std::string>& words) {
  return std::all_of(words.begin(), words.end(),
                     [&](const std::string& w) { return text.find(w) != std::string::npos; });
}

// True when the query is one word naming one of `defined` (T12 for T12, not for T120).
template <class Vals>
bool namesOneOf(const std::vector<std::string>& words, const Vals& defined) {
  return words.size() == 1 && std::any_of(defined.begin(), defined.end(),
                                          [&](const ir::Val* v) { return lowercased(v->name()) == words[0]; });
}

}  // namespace

std::vector<FindHit> findInSnapshot(const trace::Snapshot& snapshot, std::string_view query, std::size_t limit) {
  const std::vector<std::string> words = queryWords(query);
  std::vector<FindHit> exact, ops, inputs;
  if (words.empty() || !snapshot.fusion) return exact;
  const ir::Fusion& fusion = *snapshot.fusion;
  const std::vector<int>* groupOfExpr = snapshot.partition ? &snapshot.partition->groupOfExpr() : nullptr;
  for (const ir::Expr* e : fusion.exprs()) {
    FindHit hit;
    hit.exprId = e->id();
    hit.op = std::string(e->opName());
    for (const ir::Val* v : e->outputs()) hit.name += (hit.name.empty() ? "" : ", ") + v->name();
    hit.name += " = " + hit.op;
    if (!e->outputs().empty()) {
      hit.valId = e->output()->id();
      hit.type = typeOf(e->output());
    }
    if (!containsAll(lowercased(hit.name + "\n" + hit.type + "\n" + e->toString()), words)) continue;
    const auto id = static_cast<std::size_t>(e->id());
    if (groupOfExpr && id < groupOfExpr->size()) hit.group = (*groupOfExpr)[id];
    hit.exact = namesOneOf(words, e->outputs());
    (hit.exact ? exact : ops).push_back(std::move(hit));
  }
  for (const ir::Val* v : fusion.inputs()) {
    FindHit hit;
    hit.valId = v->id();
    hit.name = v->name();
    hit.op = "input";
    hit.type = typeOf(v);
    if (!containsAll(lowercased(hit.name + "\n" + hit.type + "\ninput"), words)) continue;
    hit.exact = namesOneOf(words, std::vector<const ir::Val*>{v});
    (hit.exact ? exact : inputs).push_back(std::move(hit));
  }
  for (auto* tier : {&ops, &inputs}) exact.insert(exact.end(), tier->begin(), tier->end());
  if (limit && exact.size() > limit) exact.resize(limit);
  return exact;
}

}  // namespace segscope::graph
