// Joining an nvFuser log's TensorViews to the session's values (log_alignment.h).
#include "comparison/log_alignment.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <unordered_set>

#include "nvlog/ir_text.h"

namespace segscope::comparison {

int TensorJoin::valOf(int number) const {
  auto it = valOf_.find(number);
  return it == valOf_.end() ? -1 : it->second;
}

int TensorJoin::numberOf(int id) const {
  auto it = numberOf_.find(id);
  return it == numberOf_.end() ? -1 : it->second;
}

bool TensorJoin::join(int number, int id) {
  if (valOf_.count(number) || numberOf_.count(id)) return false;
  valOf_.emplace(number, id);
  numberOf_.emplace(id, number);
  return true;
}

std::string_view nvFuserDtypeName(ir::DataType t) {
  // csrc/type.cpp data_type2string: the C++ spellings nvFuser prints after T<n>_<memory>_.
  switch (t) {
    case ir::DataType::Bool: return "bool";
    case ir::DataType::Int: return "int64_t";
    case ir::DataType::Int32: return "int";
    case ir::DataType::UInt64: return "uint64_t";
    case ir::DataType::Index: return "nvfuser_index_t";
    case ir::DataType::Half: return "__half";
    case ir::DataType::BFloat16: return "__bfloat";
    case ir::DataType::Float: return "float";
    case ir::DataType::Double: return "double";
    case ir::DataType::ComplexFloat: return "std::complex<float>";
    case ir::DataType::ComplexDouble: return "std::complex<double>";
    case ir::DataType::Float8_e4m3fn: return "__e4m3";
    case ir::DataType::Float8_e5m2: return "__e5m2";
    case ir::DataType::Float8_e8m0fnu: return "__e8m0";
    case ir::DataType::Float4_e2m1fn: return "__e2m1";
    case ir::DataType::Null: return "";
  }
  return "";
}

std::string_view nvFuserOpName(const ir::Expr& e) {
  using ir::OpType;
  switch (e.op()) {
    // csrc/ir/internal_nodes.cpp: reductions print as `reduction( ..., op = add )`, Welford-based
    // ops as `Welford`, reshape as `view`, permute as a Set with a permutation.
    case OpType::Sum:
    case OpType::Prod:
    case OpType::Max:
    case OpType::Min: return "reduction";
    case OpType::Var:
    case OpType::VarMean:
    case OpType::Welford: return "Welford";
    case OpType::BroadcastInDim: return "broadcast";
    case OpType::Reshape: return "view";
    case OpType::Permute:
    case OpType::StrideOrder:
    case OpType::SegmentSet: return "set";
    case OpType::TrueDiv: return "div";
    case OpType::Maximum: return "fmax";
    case OpType::Minimum: return "fmin";
    case OpType::LogicalNot: return "not";
    case OpType::TakeAlongAxis: return "gather";
    default: return e.opName();
  }
}

std::string ourPassName(std::string_view pass) {
  if (pass.ends_with("Pass")) pass.remove_suffix(4);
  std::string out;
  for (std::size_t i = 0; i < pass.size(); ++i) {
    const char c = pass[i];
    // A capital starts a word unless it continues an acronym ("FMinFMax" -> f_min_f_max).
    if (std::isupper(static_cast<unsigned char>(c)) && i > 0 &&
        (std::islower(static_cast<unsigned char>(pass[i - 1])) ||
         (i + 1 < pass.size() && std::islower(static_cast<unsigned char>(pass[i + 1])))))
      out += '_';
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::vector<int> joinedOutputs(const std::vector<nvlog::LoggedExpr>& exprs, const TensorJoin& join) {
  std::vector<int> out;
  std::unordered_set<int> seen;
  for (const nvlog::LoggedExpr& e : exprs)
    for (const nvlog::LoggedTensor& t : e.outputs)
      if (int id = join.valOf(t.number); id >= 0 && seen.insert(id).second) out.push_back(id);
  return out;
}

namespace {

int loggedRank(const nvlog::LoggedTensor& t) { return static_cast<int>(t.dims.size()) - t.reductionDims(); }

bool sameKind(const nvlog::LoggedTensor& theirs, const ir::Val& ours) {
  if (!ours.isTensor()) return false;
  // Pasted logs elide dims ("T3_g[ ... ]"); a printout without dims says nothing of the rank.
  if (!theirs.dims.empty() && loggedRank(theirs) != ours.asTensor()->rank()) return false;
  return theirs.dtype.empty() || theirs.dtype == nvFuserDtypeName(ours.dtype());
}

// Joins one printout. Our side is indexed once: each tensor's position in creation order (the
// order nvFuser's numbers follow) and, per value, the exprs that use it.
class Joiner {
 public:
  Joiner(const ir::Fusion& ours, TensorJoin& join) : ours_(ours), join_(join) {
    int position = 0;
    for (const ir::Val* v : ours.vals())
      if (v->isTensor()) {
        if (ours.isInput(v)) inputByPosition_[position] = v;
        creationIndex_[v->id()] = position++;
      }
  }

  void inputs(const std::vector<std::string>& printed) {
    std::vector<nvlog::LoggedTensor> theirs;
    for (const std::string& s : printed)
      if (auto t = nvlog::tensorAt(s, 0)) theirs.push_back(*t);
    std::vector<const ir::Val*> mine;
    for (const ir::Val* v : ours_.inputs())
      if (v->isTensor()) mine.push_back(v);
    for (std::size_t i = 0; i < theirs.size() && i < mine.size(); ++i)
      if (join_.valOf(theirs[i].number) < 0 && sameKind(theirs[i], *mine[i]) &&
          join_.join(theirs[i].number, mine[i]->id()))
        ++join_.byPosition;
  }

  void expr(const nvlog::LoggedExpr& e) {
    for (const nvlog::LoggedTensor& in : e.inputs) joinAsFusionInput(in);
    std::set<int> sources;
    for (const nvlog::LoggedTensor& in : e.inputs) addSourcesOf(in.number, sources);
    for (const nvlog::LoggedTensor& out : e.outputs) {
      if (join_.valOf(out.number) >= 0) continue;
      if (const ir::Val* mine = bestMatch(e, out, sources); mine && join_.join(out.number, mine->id())) {
        ++join_.byStructure;
        continue;
      }
      theirSources_[out.number] = sources;
    }
  }

 private:
  // A block without the fusion's input list (a candidate, a group) reads fusion inputs by
  // number: nvFuser creates them first, so T<n> is our n-th tensor when that is an input.
  void joinAsFusionInput(const nvlog::LoggedTensor& t) {
    if (join_.valOf(t.number) >= 0 || theirSources_.count(t.number)) return;
    auto it = inputByPosition_.find(t.number);
    if (it != inputByPosition_.end() && sameKind(t, *it->second) && join_.join(t.number, it->second->id()))
      ++join_.byPosition;
  }

  // What an nvFuser value was computed from, as our values: itself when joined, else what its
  // (unjoined) definition read.
  void addSourcesOf(int number, std::set<int>& sources) const {
    if (int id = join_.valOf(number); id >= 0) {
      sources.insert(id);
      return;
    }
    if (auto it = theirSources_.find(number); it != theirSources_.end())
      sources.insert(it->second.begin(), it->second.end());
  }

  // The same for ours: tensor operands, through values nvFuser has no counterpart for.
  void ourSourcesOf(const ir::Val* v, std::set<int>& sources, int depth) const {
    const ir::Expr* def = v->definition();
    if (!def || depth > 8) return;
    for (std::size_t i = 0; i < def->numOperands(); ++i) {
      const ir::Val* in = def->operand(i);
      if (!in->isTensor()) continue;
      if (join_.numberOf(in->id()) >= 0)
        sources.insert(in->id());
      else
        ourSourcesOf(in, sources, depth + 1);
    }
  }

  // Candidates: unjoined tensors downstream of the sources through unjoined values; for an
  // op that reads no tensor (full, iota, rand), every unjoined tensor without tensor operands.
  std::vector<const ir::Val*> candidates(const std::set<int>& sources) const {
    std::vector<const ir::Val*> out;
    std::unordered_set<int> seen;
    std::vector<std::pair<const ir::Val*, int>> stack;
    if (sources.empty()) {
      for (const ir::Expr* e : ours_.exprs())
        for (const ir::Val* o : e->outputs())
          if (o->isTensor() && join_.numberOf(o->id()) < 0) out.push_back(o);
      return out;
    }
    for (int id : sources)
      if (const ir::Val* v = ours_.valById(id)) stack.emplace_back(v, 0);
    while (!stack.empty()) {
      auto [v, depth] = stack.back();
      stack.pop_back();
      for (const ir::Expr* use : v->uses())
        for (const ir::Val* o : use->outputs()) {
          if (!o->isTensor() || !seen.insert(o->id()).second || join_.numberOf(o->id()) >= 0) continue;
          out.push_back(o);
          if (depth < 4) stack.emplace_back(o, depth + 1);
        }
    }
    return out;
  }

  bool readsOnlyJoined(const nvlog::LoggedExpr& e) const {
    for (const nvlog::LoggedTensor& in : e.inputs)
      if (join_.valOf(in.number) < 0) return false;
    return true;
  }
  bool readsOnlyJoined(const ir::Expr& e) const {
    for (std::size_t i = 0; i < e.numOperands(); ++i)
      if (e.operand(i)->isTensor() && join_.numberOf(e.operand(i)->id()) < 0) return false;
    return true;
  }

  const ir::Val* bestMatch(const nvlog::LoggedExpr& e, const nvlog::LoggedTensor& out, const std::set<int>& sources) {
    const ir::Val* best = nullptr;
    long bestScore = 0;
    for (const ir::Val* c : candidates(sources)) {
      if (!sameKind(out, *c)) continue;
      std::set<int> mine;
      ourSourcesOf(c, mine, 0);
      if (mine != sources) continue;
      const ir::Expr* def = c->definition();
      const bool sameOp = def && !e.op.empty() && nvFuserOpName(*def) == e.op;
      // An expr that reads joined values directly is one of ours that reads them directly, not
      // one further down through values only we have: old printouts show no dtypes, and
      // creation order alone then picks a later cast of the same sources.
      const bool sameDepth = readsOnlyJoined(e) == (def && readsOnlyJoined(*def));
      auto it = creationIndex_.find(c->id());
      const long distance = it == creationIndex_.end() ? 1'000'000 : std::labs(it->second - out.number);
      const long score = (sameOp ? 0 : 10'000'000) + (sameDepth ? 0 : 2'000'000) + distance;
      if (!best || score < bestScore) best = c, bestScore = score;
    }
    return best;
  }

  const ir::Fusion& ours_;
  TensorJoin& join_;
  std::unordered_map<int, int> creationIndex_;
  std::unordered_map<int, const ir::Val*> inputByPosition_;
  std::unordered_map<int, std::set<int>> theirSources_;
};

}  // namespace

void joinTensors(const nvlog::FusionText& theirs, const ir::Fusion& ours, TensorJoin& join) {
  Joiner joiner(ours, join);
  joiner.inputs(theirs.inputs);
  for (const nvlog::LoggedExpr& e : theirs.exprs) joiner.expr(e);
}

void joinExprs(const std::vector<nvlog::LoggedExpr>& theirs, const ir::Fusion& ours, TensorJoin& join) {
  Joiner joiner(ours, join);
  for (const nvlog::LoggedExpr& e : theirs) joiner.expr(e);
}

}  // namespace segscope::comparison
