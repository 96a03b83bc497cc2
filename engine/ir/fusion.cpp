// Fusion ownership, naming, topological order, printing, verification and cloning.
#include "ir/fusion.h"

#include <algorithm>
#include <queue>
#include <unordered_map>
#include <unordered_set>

namespace segscope::ir {

Fusion::Fusion() = default;
Fusion::~Fusion() = default;

Scalar* Fusion::newScalar(DataType dtype, std::optional<ScalarValue> value) {
  auto owned = std::make_unique<Scalar>(nextValId_++, dtype, std::move(value));
  Scalar* s = owned.get();
  appendVal(std::move(owned));
  setName(s, "S" + std::to_string(s->id()));
  return s;
}

TensorView* Fusion::newTensor(DataType dtype, std::vector<Dim> dims) {
  auto owned = std::make_unique<TensorView>(nextValId_++, dtype, std::move(dims));
  TensorView* t = owned.get();
  appendVal(std::move(owned));
  setName(t, "T" + std::to_string(t->id()));
  return t;
}

Expr* Fusion::newExpr(OpType op, std::vector<Val*> operands, std::vector<Val*> outputs, ExprAttributes attrs) {
  auto owned = std::make_unique<Expr>(nextExprId_++, op, std::move(operands), std::move(outputs), std::move(attrs));
  Expr* e = owned.get();
  appendExpr(std::move(owned));
  exprGraphChanged();
  indexExpr(e, e);
  for (Val* out : e->outputs()) out->definition_ = e;
  // e is new: it is in a use list only if an earlier operand of e was this value, and then
  // it is last there (searching the list made building a fusion quadratic in a shared input).
  for (Val* in : e->inputs())
    if (in->uses_.empty() || in->uses_.back() != e) in->uses_.push_back(e);
  return e;
}

void Fusion::addInput(Val* v) {
  boundaryChanged();
  inputs_.push_back(v);
}

void Fusion::addOutput(Val* v, Val* aliasOf, std::vector<std::int64_t> strideOrder) {
  boundaryChanged();
  outputs_.push_back(FusionOutput{v, aliasOf, std::move(strideOrder)});
}

void Fusion::setName(Val* v, const std::string& wanted) {
  if (!v->name_.empty()) {
    auto it = byName_.find(v->name_);
    if (it != byName_.end() && it->second == v) byName_.erase(it);
  }
  std::string name = wanted;
  for (int suffix = 1; byName_.count(name); ++suffix) name = wanted + "_" + std::to_string(suffix);
  v->name_ = name;
  byName_[name] = v;
}

void Fusion::boundaryChanged() {
  const std::lock_guard lock(cacheMutex_);
  boundaryValid_ = false;
}

void Fusion::exprGraphChanged() {
  const std::lock_guard lock(cacheMutex_);
  orderValid_ = false;
}

// The id index follows each added or removed expr (ids are unique in a fusion): rebuilding it
// on the next exprById after every change made a pass that looks exprs up while it rewrites
// (consecutive_cast) quadratic.
void Fusion::indexExpr(const Expr* e, Expr* entry) {
  const std::lock_guard lock(cacheMutex_);
  if (!exprOfIdValid_ || e->id() < 0) return;
  const auto at = static_cast<std::size_t>(e->id());
  if (exprOfId_.size() <= at) exprOfId_.resize(at + 1, nullptr);
  if (entry || exprOfId_[at] == e) exprOfId_[at] = entry;
}

void Fusion::removeExpr(Expr* e) {
  exprGraphChanged();
  indexExpr(e, nullptr);
  for (Val* in : e->inputs()) std::erase(in->uses_, e);
  for (Val* out : e->outputs())
    if (out->definition_ == e) out->definition_ = nullptr;
  dropExpr(e);
}

void Fusion::appendExpr(std::unique_ptr<Expr> e) {
  if (e->id() >= 0) {
    const auto id = static_cast<std::size_t>(e->id());
    if (exprSlot_.size() <= id) exprSlot_.resize(id + 1, 0);
    exprSlot_[id] = exprs_.size();
  }
  exprs_.push_back(std::move(e));
}

void Fusion::dropExpr(const Expr* e) {
  const std::lock_guard lock(cacheMutex_);
  std::size_t slot = exprs_.size();
  if (e->id() >= 0 && static_cast<std::size_t>(e->id()) < exprSlot_.size()) {
    const std::size_t at = exprSlot_[static_cast<std::size_t>(e->id())];
    if (at < exprs_.size() && exprs_[at].get() == e) slot = at;
  }
  if (slot == exprs_.size())  // an id given twice (restored traces): search
    slot = static_cast<std::size_t>(
        std::find_if(exprs_.begin(), exprs_.end(), [e](const std::unique_ptr<Expr>& p) { return p.get() == e; }) -
        exprs_.begin());
  if (slot == exprs_.size()) return;
  exprs_[slot].reset();
  ++deadExprs_;
  if (deadExprs_ * 2 > exprs_.size()) compactExprs();
}

void Fusion::compactExprs() const {
  if (deadExprs_ == 0) return;
  std::erase_if(exprs_, [](const std::unique_ptr<Expr>& p) { return !p; });
  deadExprs_ = 0;
  for (std::size_t i = 0; i < exprs_.size(); ++i)
    if (const int id = exprs_[i]->id(); id >= 0 && static_cast<std::size_t>(id) < exprSlot_.size())
      exprSlot_[static_cast<std::size_t>(id)] = i;
}

void Fusion::appendVal(std::unique_ptr<Val> v) {
  const auto id = static_cast<std::size_t>(v->id());
  if (valSlotsIndexed_ && v->id() >= 0) {  // else indexed when first needed (most fusions never are)
    if (valSlot_.size() <= id) valSlot_.resize(std::max(id + 1, valSlot_.size() * 2), kNoSlot);
    valSlot_[id] = vals_.size();
  }
  vals_.push_back(std::move(v));
}

void Fusion::compactVals() const {
  if (deadVals_ == 0) return;
  std::erase_if(vals_, [](const std::unique_ptr<Val>& p) { return !p; });
  deadVals_ = 0;
  reindexValSlots();
}

void Fusion::reindexValSlots() const {
  if (valSlotsIndexed_) indexValSlots();
}

// A slot per id up to the largest: only where the ids are dense (the fusion a script built;
// an exported segment holds a few values with ids from the whole fusion, and finds them by a
// binary search instead).
void Fusion::indexValSlots() const {
  int maxId = -1;
  for (const auto& v : vals_) maxId = std::max(maxId, v->id());
  if (static_cast<std::size_t>(maxId + 1) > 4 * vals_.size() + 64) return;
  valSlotsIndexed_ = true;
  for (std::size_t i = 0; i < vals_.size(); ++i)
    if (const int id = vals_[i]->id(); id >= 0) {
      if (valSlot_.size() <= static_cast<std::size_t>(id)) valSlot_.resize(static_cast<std::size_t>(id) + 1, kNoSlot);
      valSlot_[static_cast<std::size_t>(id)] = i;
    }
}

std::size_t Fusion::slotOfId(int id) const {
  if (id < 0 || static_cast<std::size_t>(id) >= valSlot_.size()) return kNoSlot;
  const std::size_t at = valSlot_[static_cast<std::size_t>(id)];
  return at < vals_.size() && vals_[at] && vals_[at]->id() == id ? at : kNoSlot;
}

const std::vector<std::unique_ptr<Val>>& Fusion::liveVals() const {
  compactVals();
  return vals_;
}

void Fusion::replaceUse(Expr* use, Val* from, Val* to) {
  exprGraphChanged();
  use->replaceInput(from, to);
  std::erase(from->uses_, use);
  if (std::find(to->uses_.begin(), to->uses_.end(), use) == to->uses_.end()) to->uses_.push_back(use);
}

void Fusion::replaceAllUsesWith(Val* from, Val* to) {
  for (Expr* use : std::vector<Expr*>(from->uses_)) replaceUse(use, from, to);
  replaceOutput(from, to);
  if (!from->asScalar()) return;  // only a scalar can be an extent
  for (const auto& v : liveVals())
    if (TensorView* tv = v->asTensor())
      for (std::size_t d = 0; d < tv->dims().size(); ++d)
        if (tv->dim(d).extent.sym == from) tv->setExtent(d, SymInt::symbolic(to));
}

void Fusion::replaceOutput(Val* from, Val* to) {
  // Only a replaced output changes the boundary: a pass rewriting thousands of uses of
  // intermediate values then keeps the cached sets instead of rebuilding them each time.
  bool changed = false;
  for (FusionOutput& o : outputs_)
    if (o.val == from) {
      o.val = to;
      changed = true;
    }
  if (changed) boundaryChanged();
}

void Fusion::setOutputStrideOrder(std::size_t index, std::vector<std::int64_t> order) {
  boundaryChanged();
  outputs_.at(index).strideOrder = std::move(order);
}

int Fusion::removeDeadCode() {
  std::unordered_set<const Val*> live;
  std::vector<const Val*> work;
  for (const FusionOutput& o : outputs_) work.push_back(o.val);
  while (!work.empty()) {
    const Val* v = work.back();
    work.pop_back();
    if (!live.insert(v).second) continue;
    if (const Expr* def = v->definition()) {
      for (const Val* in : def->inputs()) work.push_back(in);
      for (const Val* out : def->outputs()) live.insert(out);  // siblings live with their expr
    }
    if (const TensorView* tv = v->asTensor())
      for (const Dim& d : tv->dims())
        if (d.extent.sym) work.push_back(d.extent.sym);
  }
  int removed = 0;
  const std::vector<Expr*> order = exprs();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    Expr* e = *it;
    const bool used =
        std::any_of(e->outputs().begin(), e->outputs().end(), [&](const Val* o) { return live.count(o) > 0; });
    if (used) continue;
    removeExpr(e);
    ++removed;
  }
  // Values nothing refers to any more (outputs of removed exprs, orphaned constants).
  std::unordered_set<const Val*> doomed;
  for (const auto& v : liveVals()) {
    const bool orphan =
        !live.count(v.get()) && !v->definition() && v->uses().empty() && !isInput(v.get()) && !isAxiom(v.get());
    const auto* s = v->asScalar();
    if (orphan && !(s && s->extentOf() && live.count(s->extentOf()))) doomed.insert(v.get());
  }
  // A scalar that a surviving tensor still uses as an extent stays (the extents of an
  // input nothing reads, or an extent that a pass made two tensors share).
  for (const auto& v : vals_) {
    const TensorView* tv = v->asTensor();
    if (!tv || doomed.count(tv)) continue;
    for (const Dim& d : tv->dims())
      if (d.extent.sym) doomed.erase(d.extent.sym);
  }
  // A surviving extent must not point at a removed tensor: re-home it on a live one.
  for (const auto& v : vals_) {
    auto* s = v->asScalar();
    if (!s || doomed.count(s) || !s->extentOf() || !doomed.count(s->extentOf())) continue;
    s->setExtentOf(nullptr, -1);
    for (const auto& t : vals_) {
      const TensorView* tv = t->asTensor();
      if (!tv || doomed.count(tv)) continue;
      for (int d = 0; d < tv->rank() && !s->extentOf(); ++d)
        if (tv->dim(static_cast<std::size_t>(d)).extent.sym == s) s->setExtentOf(tv, d);
    }
  }
  std::erase_if(vals_, [&](const std::unique_ptr<Val>& v) {
    if (!doomed.count(v.get())) return false;
    auto n = byName_.find(v->name());
    if (n != byName_.end() && n->second == v.get()) byName_.erase(n);
    return true;
  });
  reindexValSlots();
  return removed;
}

// v's index in vals_: its slot by id, checked, else (vals_ being in creation order and so, but
// for restored values, in id order) a binary search, checked, and a walk when the check fails.
// vals_.size() when absent.
std::size_t Fusion::positionOf(const Val* v) const {
  if (const std::size_t at = slotOfId(v->id()); at != kNoSlot && vals_[at].get() == v) return at;
  // Slots are indexed on first need (a copy has none: snapshots never remove values).
  compactVals();
  indexValSlots();
  if (const std::size_t at = slotOfId(v->id()); at != kNoSlot && vals_[at].get() == v) return at;
  const auto it = std::lower_bound(vals_.begin(), vals_.end(), v->id(),
                                   [](const std::unique_ptr<Val>& p, int id) { return p->id() < id; });
  if (it != vals_.end() && it->get() == v) return static_cast<std::size_t>(it - vals_.begin());
  for (std::size_t i = 0; i < vals_.size(); ++i)
    if (vals_[i].get() == v) return i;
  return vals_.size();
}

Status Fusion::removeVal(Val* v) {
  // The usual case: a tensor no scalar measures (passes remove many dead intermediates, and a
  // walk over every value per removal made a 100k-op fusion's passes quadratic).
  if (const TensorView* tv = v->asTensor(); tv && tv->measuredBy() == 0) {
    const std::size_t at = positionOf(v);
    if (at == vals_.size())
      return makeError("cannot remove " + v->name() + ": it does not belong to fusion '" + name_ + "'");
    if (v->definition() || !v->uses().empty() || isInput(v) || isOutput(v) || isAxiom(v))
      return makeError("cannot remove " + v->name() + ": it is still referenced");
    if (auto n = byName_.find(v->name()); n != byName_.end() && n->second == v) byName_.erase(n);
    dropVal(at);
    return {};
  }
  // One walk over the values finds what the checks need (passes remove many values, and a
  // walk per question, per extent scalar, made each removal several passes over the fusion).
  // Only a scalar can be a tensor's extent, and only a tensor can be measured by a scalar.
  compactVals();
  std::size_t at = vals_.size();  // v's position
  bool isExtentOfATensor = false;
  std::vector<Scalar*> measuring;  // scalars that measure v, in value order
  const bool isScalar = v->asScalar() != nullptr;
  for (std::size_t i = 0; i < vals_.size(); ++i) {
    const auto& p = vals_[i];
    if (p.get() == v) at = i;
    if (isScalar) {
      if (const TensorView* tv = p->asTensor())
        for (const Dim& d : tv->dims())
          if (d.extent.sym == v) isExtentOfATensor = true;
    } else if (Scalar* s = p->asScalar(); s && s->extentOf() == v) {
      measuring.push_back(s);
    }
  }
  if (at == vals_.size())
    return makeError("cannot remove " + v->name() + ": it does not belong to fusion '" + name_ + "'");
  if (v->definition() || !v->uses().empty() || isInput(v) || isOutput(v) || isAxiom(v) || isExtentOfATensor)
    return makeError("cannot remove " + v->name() + ": it is still referenced");
  // For each scalar measuring `v`: the tensor other than `v` with that extent that is
  // computed first (inputs before any expr; the first in value order on a tie), so the
  // scalar can be read off it before anything else needs it.
  std::vector<const TensorView*> home(measuring.size(), nullptr);
  if (!measuring.empty()) {
    std::unordered_map<const Val*, std::size_t> position;
    const auto rank = [&](const TensorView* t) {
      if (position.empty()) {
        std::size_t i = 0;
        for (const Val* in : inputs_) position[in] = i++;
        for (const Expr* e : exprs())
          for (const Val* out : e->outputs()) position[out] = i++;
      }
      auto it = position.find(t);
      return it == position.end() ? vals_.size() + position.size() : it->second;
    };
    for (const auto& p : vals_) {
      const TensorView* tv = p->asTensor();
      if (!tv || tv == v) continue;
      for (std::size_t i = 0; i < measuring.size(); ++i) {
        const bool has = std::any_of(tv->dims().begin(), tv->dims().end(),
                                     [&](const Dim& d) { return d.extent.sym == measuring[i]; });
        if (has && (!home[i] || rank(tv) < rank(home[i]))) home[i] = tv;
      }
    }
  }
  // Scalars measuring `v`: re-homed on a tensor that shares the extent, or removed with it.
  std::vector<std::pair<Scalar*, const TensorView*>> rehome;
  std::vector<Val*> doomed{v};
  for (std::size_t i = 0; i < measuring.size(); ++i) {
    Scalar* s = measuring[i];
    if (home[i]) {
      rehome.emplace_back(s, home[i]);
    } else if (s->uses().empty() && !isInput(s) && !isOutput(s) && !isAxiom(s)) {
      doomed.push_back(s);
    } else {
      return makeError("cannot remove " + v->name() + ": its extent " + s->name() + " is still used");
    }
  }
  for (auto [s, tv] : rehome) {
    for (int d = 0; d < tv->rank(); ++d)
      if (tv->dim(static_cast<std::size_t>(d)).extent.sym == s) {
        s->setExtentOf(tv, d);
        break;
      }
  }
  for (const Val* gone : doomed)
    if (auto n = byName_.find(gone->name()); n != byName_.end() && n->second == gone) byName_.erase(n);
  if (doomed.size() == 1) {  // the usual case: no second walk over the values
    dropVal(at);
    return {};
  }
  std::erase_if(vals_, [&](const std::unique_ptr<Val>& p) {
    return std::find(doomed.begin(), doomed.end(), p.get()) != doomed.end();
  });
  reindexValSlots();
  return {};
}

void Fusion::addAxiom(Val* positiveExtent) {
  if (axiomSet_.insert(positiveExtent).second) axioms_.push_back(positiveExtent);
}

Scalar* Fusion::restoreScalar(int id, DataType dtype, std::optional<ScalarValue> value) {
  auto owned = std::make_unique<Scalar>(id, dtype, std::move(value));
  Scalar* s = owned.get();
  appendVal(std::move(owned));
  nextValId_ = std::max(nextValId_, id + 1);
  return s;
}

TensorView* Fusion::restoreTensor(int id, DataType dtype, std::vector<Dim> dims) {
  auto owned = std::make_unique<TensorView>(id, dtype, std::move(dims));
  TensorView* t = owned.get();
  appendVal(std::move(owned));
  nextValId_ = std::max(nextValId_, id + 1);
  return t;
}

Expr* Fusion::restoreExpr(int id, OpType op, std::vector<Val*> operands, std::vector<Val*> outputs,
                          ExprAttributes attrs) {
  const int saved = nextExprId_;
  nextExprId_ = id;
  Expr* e = newExpr(op, std::move(operands), std::move(outputs), std::move(attrs));
  nextExprId_ = std::max(saved, id + 1);
  return e;
}

bool Fusion::inBoundarySet(BoundarySet set, const Val* v) const {
  const std::lock_guard lock(cacheMutex_);
  if (!boundaryValid_) rebuildBoundary();
  return (this->*set).count(v) != 0;
}

bool Fusion::isInput(const Val* v) const { return inBoundarySet(&Fusion::inputSet_, v); }
bool Fusion::isOutput(const Val* v) const { return inBoundarySet(&Fusion::outputSet_, v); }
bool Fusion::isAliasedOutput(const Val* v) const { return inBoundarySet(&Fusion::aliasedOutputSet_, v); }
bool Fusion::hasOutputStrideOrder(const Val* v) const { return inBoundarySet(&Fusion::orderedOutputSet_, v); }

void Fusion::rebuildBoundary() const {
  inputSet_ = std::unordered_set<const Val*>(inputs_.begin(), inputs_.end());
  outputSet_.clear();
  aliasedOutputSet_.clear();
  orderedOutputSet_.clear();
  for (const FusionOutput& o : outputs_) {
    outputSet_.insert(o.val);
    if (o.aliasOf) aliasedOutputSet_.insert(o.val);
    if (!o.strideOrder.empty()) orderedOutputSet_.insert(o.val);
  }
  boundaryValid_ = true;
}

std::vector<Expr*> Fusion::exprs() const {
  const std::lock_guard lock(cacheMutex_);
  compactExprs();
  if (!orderValid_) {
    order_ = sortExprs();
    orderValid_ = true;
  }
  return order_;
}

std::vector<Expr*> Fusion::sortExprs() const {
  // Kahn's algorithm, breaking ties by creation order so the order is stable. Positions come
  // from exprSlot_ and repeated producers are told apart by a stamp per position: a hash map
  // and two hash sets per expr were most of a sort, and passes sort after every change.
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::unordered_map<const Expr*, std::size_t> slow;  // only for ids given twice
  const auto positionOf = [&](const Expr* e) {
    if (const int id = e->id(); id >= 0 && static_cast<std::size_t>(id) < exprSlot_.size()) {
      const std::size_t at = exprSlot_[static_cast<std::size_t>(id)];
      if (at < exprs_.size() && exprs_[at].get() == e) return at;
    }
    if (slow.empty())
      for (std::size_t i = 0; i < exprs_.size(); ++i) slow.emplace(exprs_[i].get(), i);
    const auto it = slow.find(e);
    return it == slow.end() ? kNone : it->second;
  };
  const std::size_t n = exprs_.size();
  std::vector<int> pending(n, 0);
  std::vector<std::size_t> stamp(n, kNone);  // the expr that last counted this position
  for (std::size_t i = 0; i < n; ++i)
    for (const Val* in : exprs_[i]->inputs()) {
      if (!in->definition()) continue;
      const std::size_t p = positionOf(in->definition());
      if (p != kNone && stamp[p] != i) {
        stamp[p] = i;
        ++pending[i];
      }
    }
  std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> ready;
  for (std::size_t i = 0; i < n; ++i)
    if (pending[i] == 0) ready.push(i);
  std::fill(stamp.begin(), stamp.end(), kNone);
  std::vector<Expr*> order;
  order.reserve(n);
  while (!ready.empty()) {
    const std::size_t at = ready.top();
    ready.pop();
    Expr* e = exprs_[at].get();
    order.push_back(e);
    for (const Val* out : e->outputs())
      for (const Expr* use : out->uses()) {
        const std::size_t c = positionOf(use);
        if (c == kNone || stamp[c] == at) continue;
        stamp[c] = at;
        if (--pending[c] == 0) ready.push(c);
      }
  }
  return order;  // shorter than exprs_ only when there is a cycle; verify() reports it
}

// Leaves an empty slot, dropped on the next read: erasing from the middle of vals_ per removal
// made passes that remove many values (consecutive_cast, dead code) quadratic.
void Fusion::dropVal(std::size_t at) {
  vals_[at].reset();
  ++deadVals_;
}

std::vector<Val*> Fusion::vals() const {
  compactVals();
  std::vector<Val*> v;
  v.reserve(vals_.size());
  for (const auto& p : vals_) v.push_back(p.get());
  return v;
}

// vals_ is in creation order, so ids ascend: a search (passes ask this once per substituted
// extent, and a walk per question was quadratic), with a walk as the fallback.
Val* Fusion::valById(int id) const {
  if (const std::size_t at = slotOfId(id); at != kNoSlot) return vals_[at].get();
  compactVals();
  const auto it = std::lower_bound(vals_.begin(), vals_.end(), id,
                                   [](const std::unique_ptr<Val>& p, int key) { return p->id() < key; });
  if (it != vals_.end() && (*it)->id() == id) return it->get();
  for (const auto& p : vals_)
    if (p->id() == id) return p.get();
  return nullptr;
}

Expr* Fusion::exprById(int id) const {
  const std::lock_guard lock(cacheMutex_);
  if (!exprOfIdValid_) {
    exprOfId_.clear();
    for (const auto& p : exprs_) {
      if (!p) continue;  // removed; dropped on the next exprs()
      const auto at = static_cast<std::size_t>(p->id());
      if (exprOfId_.size() <= at) exprOfId_.resize(at + 1, nullptr);
      if (!exprOfId_[at]) exprOfId_[at] = p.get();  // the first, as the scan it replaces found
    }
    exprOfIdValid_ = true;
  }
  const auto at = static_cast<std::size_t>(id);
  return id >= 0 && at < exprOfId_.size() ? exprOfId_[at] : nullptr;
}

Val* Fusion::valByName(const std::string& name) const {
  auto it = byName_.find(name);
  return it == byName_.end() ? nullptr : it->second;
}

namespace {

std::string typeText(const Val* v) {
  std::string s(shortName(v->dtype()));
  if (const TensorView* tv = v->asTensor()) s += tv->shapeString();
  return s;
}

std::string layoutText(const TensorView* tv) {
  std::string s;
  if (!tv->contiguity().empty()) {
    s += " contiguity=[";
    for (std::size_t i = 0; i < tv->contiguity().size(); ++i) {
      const auto& c = tv->contiguity()[i];
      s += (i ? ", " : "") + std::string(!c ? "None" : (*c ? "True" : "False"));
    }
    s += "]";
  }
  if (!tv->strideOrder().empty()) {
    s += " stride_order=[";
    for (std::size_t i = 0; i < tv->strideOrder().size(); ++i)
      s += (i ? ", " : "") + std::to_string(tv->strideOrder()[i]);
    s += "]";
  }
  if (tv->isCpu()) s += " cpu";
  return s;
}

}  // namespace

std::vector<Fusion::PrintedLine> Fusion::printedLines() const {
  std::vector<PrintedLine> lines;
  lines.push_back({"#fusion", "fusion " + (name_.empty() ? std::string("<unnamed>") : name_) + " {"});
  lines.push_back({"#inputs", "  inputs:"});
  for (const Val* in : inputs_) {
    std::string s = "    " + in->name() + ": " + typeText(in);
    if (const TensorView* tv = in->asTensor()) s += layoutText(tv);
    lines.push_back({"v" + std::to_string(in->id()), std::move(s)});
  }
  lines.push_back({"#body", "  body:"});
  for (const Expr* e : exprs()) {
    std::string s = "    " + e->toString() + "  -> ";
    for (std::size_t i = 0; i < e->outputs().size(); ++i) s += (i ? ", " : "") + typeText(e->output(i));
    lines.push_back({"e" + std::to_string(e->id()), std::move(s)});
  }
  if (!axioms_.empty()) {
    lines.push_back({"#axioms", "  axioms:"});
    for (const Val* a : axioms_)
      lines.push_back(
          {"a" + std::to_string(a->id()), "    " + SymInt::symbolic(const_cast<Val*>(a)).toString() + " > 0"});
  }
  lines.push_back({"#outputs", "  outputs:"});
  for (std::size_t k = 0; k < outputs_.size(); ++k) {
    const FusionOutput& o = outputs_[k];
    std::string s = "    " + o.val->name();
    if (o.aliasOf) s += " (in place of " + o.aliasOf->name() + ")";
    if (!o.strideOrder.empty()) {
      s += " stride_order=[";
      for (std::size_t i = 0; i < o.strideOrder.size(); ++i) s += (i ? ", " : "") + std::to_string(o.strideOrder[i]);
      s += "]";
    }
    lines.push_back({"o" + std::to_string(k), std::move(s)});
  }
  lines.push_back({"#end", "}"});
  return lines;
}

std::string Fusion::print() const {
  std::string s;
  for (const PrintedLine& line : printedLines()) s += line.text + "\n";
  return s;
}

Status Fusion::verify() const {
  const std::vector<Expr*> order = exprs();
  if (order.size() != exprs_.size()) return makeError("fusion '" + name_ + "' has a cycle");
  std::unordered_set<const Val*> known;
  for (const auto& v : liveVals()) {
    const auto* s = v->asScalar();
    if (s && (s->isConstant() || s->extentOf())) known.insert(s);
  }
  for (const Val* in : inputs_) {
    if (in->definition()) return makeError("input " + in->name() + " has a definition", in->loc());
    known.insert(in);
  }
  // A value read by thousands of exprs (a shared input) is searched through a sorted copy of
  // its uses; a linear search per reader made verify quadratic in such fusions.
  std::unordered_map<const Val*, std::vector<const Expr*>> sortedUses;
  const auto listsUse = [&](const Val* v, const Expr* e) {
    constexpr std::size_t kLinear = 16;
    if (v->uses().size() <= kLinear) return std::find(v->uses().begin(), v->uses().end(), e) != v->uses().end();
    auto [it, fresh] = sortedUses.try_emplace(v);
    if (fresh) {
      it->second.assign(v->uses().begin(), v->uses().end());
      std::sort(it->second.begin(), it->second.end());
    }
    return std::binary_search(it->second.begin(), it->second.end(), e);
  };
  for (const Expr* e : order) {
    for (const Val* in : e->inputs()) {
      if (!known.count(in))
        return makeError(e->toString() + ": operand " + in->name() + " is used before it is defined", e->loc());
      if (!listsUse(in, e))
        return makeError(e->toString() + ": " + in->name() + " does not list it as a use", e->loc());
    }
    for (const Val* out : e->outputs()) {
      if (out->definition() != e) return makeError(out->name() + " does not point back at its definition", e->loc());
      known.insert(out);
    }
  }
  for (const auto& v : vals_) {
    if (const TensorView* tv = v->asTensor()) {
      if (!tv->contiguity().empty() && tv->contiguity().size() != tv->dims().size())
        return makeError(tv->name() + ": contiguity has " + std::to_string(tv->contiguity().size()) +
                             " entries for rank " + std::to_string(tv->rank()),
                         tv->loc());
      for (const Dim& d : tv->dims())
        if (d.extent.sym && !known.count(d.extent.sym) && !d.extent.sym->definition())
          return makeError(tv->name() + ": extent " + d.extent.sym->name() + " is never defined", tv->loc());
    }
  }
  for (const FusionOutput& o : outputs_) {
    if (!known.count(o.val)) return makeError("output " + o.val->name() + " is not computed", o.val->loc());
    if (o.aliasOf && !isInput(o.aliasOf))
      return makeError("output " + o.val->name() + " aliases " + o.aliasOf->name() + ", which is not an input");
  }
  return {};
}

namespace {

// Original value -> its copy, by id: ids are unique within a fusion and below nextValId_, so a
// vector replaces the hash map a snapshot of a 10k-op fusion filled and threw away each time.
// A value whose id slot holds another (ids restored from a file may repeat) falls back to a map.
template <typename T>
class CopyIndex {
 public:
  explicit CopyIndex(std::size_t ids) : byId_(ids) {}
  void add(const T* original, T* copy) {
    const auto id = static_cast<std::size_t>(original->id());
    if (id < byId_.size() && !byId_[id].first)
      byId_[id] = {original, copy};
    else
      spill_[original] = copy;
  }
  T* at(const T* original) const {
    const auto id = static_cast<std::size_t>(original->id());
    if (id < byId_.size() && byId_[id].first == original) return byId_[id].second;
    return spill_.at(original);  // throws for a value of another fusion, as the map did
  }

 private:
  std::vector<std::pair<const T*, T*>> byId_;
  std::unordered_map<const T*, T*> spill_;
};

}  // namespace

std::unique_ptr<Fusion> Fusion::copy() const {
  {
    const std::lock_guard lock(cacheMutex_);
    compactExprs();
  }
  compactVals();
  auto result = std::make_unique<Fusion>();
  Fusion& f = *result;
  f.name_ = name_;
  f.nextValId_ = nextValId_;
  f.nextExprId_ = nextExprId_;
  CopyIndex<Val> vals(static_cast<std::size_t>(std::max(nextValId_, 0)));
  const auto mapSym = [&](const SymInt& s) { return s.sym ? SymInt{s.value, vals.at(s.sym)} : s; };
  f.vals_.reserve(vals_.size());
  f.exprs_.reserve(exprs_.size());
  // Scalars first: tensor extents refer to them.
  for (const auto& v : vals_) {
    if (const auto* s = v->asScalar()) {
      auto copy = std::make_unique<Scalar>(s->id(), s->dtype(), s->value());
      vals.add(s, copy.get());
      f.vals_.push_back(std::move(copy));
    } else {
      f.vals_.push_back(nullptr);  // placeholder keeps creation order
    }
  }
  for (std::size_t i = 0; i < vals_.size(); ++i) {
    const TensorView* tv = vals_[i]->asTensor();
    if (!tv) continue;
    std::vector<Dim> dims = tv->dims();
    for (Dim& d : dims) d.extent = mapSym(d.extent);
    auto copy = std::make_unique<TensorView>(tv->id(), tv->dtype(), std::move(dims));
    copy->setContiguity(tv->contiguity());
    copy->setStrideOrder(tv->strideOrder());
    copy->setCpu(tv->isCpu());
    vals.add(tv, copy.get());
    f.vals_[i] = std::move(copy);
  }
  for (std::size_t i = 0; i < vals_.size(); ++i) {
    Val* copy = f.vals_[i].get();
    copy->name_ = vals_[i]->name_;
    copy->loc_ = vals_[i]->loc_;
    if (const auto* s = vals_[i]->asScalar(); s && s->extentOf())
      static_cast<Scalar*>(copy)->setExtentOf(static_cast<const TensorView*>(vals.at(s->extentOf())), s->extentDim());
  }
  // The name index copied whole and repointed: its nodes keep their cached hashes, where
  // inserting every name again hashed each string (a tenth of a snapshot's cost).
  f.byName_ = byName_;
  for (auto& named : f.byName_) named.second = vals.at(named.second);
  for (const auto& e : exprs_) {
    std::vector<Val*> operands, outputs;
    operands.reserve(e->numOperands());
    outputs.reserve(e->outputs().size());
    for (std::size_t i = 0; i < e->numOperands(); ++i) operands.push_back(vals.at(e->operand(i)));
    for (const Val* o : e->outputs()) outputs.push_back(vals.at(o));
    std::unique_ptr<Expr> copy;
    if (e->attrs().namesScalars()) {  // repointed at this copy's scalars, which adds them as inputs again
      ExprAttributes attrs = e->attrs();
      for (std::vector<SymInt>* list : attrs.symbolicLists())
        for (SymInt& s : *list) s = mapSym(s);
      copy = std::make_unique<Expr>(e->id(), e->op(), std::move(operands), std::move(outputs), std::move(attrs));
    } else {
      copy = std::make_unique<Expr>(e->id(), e->op(), std::move(operands), std::move(outputs), e->sharedAttrs());
    }
    copy->setLoc(e->loc());
    Expr* c = copy.get();
    f.appendExpr(std::move(copy));
    for (Val* out : c->outputs()) out->definition_ = c;
    // An input read twice by c is already last in its use list: no search of a shared
    // input's uses per reader (a wide fusion's inputs have thousands).
    for (Val* in : c->inputs())
      if (in->uses_.empty() || in->uses_.back() != c) in->uses_.push_back(c);
  }
  for (const Val* in : inputs_) f.inputs_.push_back(vals.at(in));
  for (const Val* a : axioms_) f.addAxiom(vals.at(a));
  for (const FusionOutput& o : outputs_)
    f.outputs_.push_back(FusionOutput{vals.at(o.val), o.aliasOf ? vals.at(o.aliasOf) : nullptr, o.strideOrder});
  return result;
}

// copy() keeps the order of values and exprs, so the maps pair them up by position.
CloneResult Fusion::clone() const {
  CloneResult r;
  r.fusion = copy();
  r.vals.reserve(vals_.size());
  r.exprs.reserve(exprs_.size());
  for (std::size_t i = 0; i < vals_.size(); ++i) r.vals[vals_[i].get()] = r.fusion->vals_[i].get();
  for (std::size_t i = 0; i < exprs_.size(); ++i) r.exprs[exprs_[i].get()] = r.fusion->exprs_[i].get();
  return r;
}

}  // namespace segscope::ir
