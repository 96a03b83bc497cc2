// Turning the merged groups into final segments: forwarded prologues, folded casts,
// scalar placement, scheduler types, run order and the value lists of each segment.
#include "segmenter/finalize.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <queue>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "scheduler/segment_view.h"

namespace segscope::segmenter {
namespace {

using scheduler::SchedulerType;

struct Draft {
  std::vector<const ir::Expr*> exprs;
  SchedulerType type = SchedulerType::None;
  bool host = false;
  std::string origin;        // "g12", "forwarded T3", "host scalars"
  bool hostScalars = false;  // Segscope's own scalar segment, which nvFuser's groups() lacks
  // Values of forwarded prologues this draft recomputes for itself (not its outputs).
  std::unordered_set<const ir::Val*> recomputed = {};
  const SegmentedGroup* group = nullptr;  // the group it was made from, if any
};

using ExprSet = std::unordered_set<const ir::Expr*>;

// The name a draft's group has in the shown partitions: its scheduler, or the host scalars' kind.
std::string partitionKind(const Draft& d) {
  return std::string(d.hostScalars ? trace::kHostScalarsKind : scheduler::schedulerName(d.type));
}

std::shared_ptr<const trace::Partition> partitionOf(const std::vector<Draft>& drafts) {
  trace::PartitionTable p;
  for (std::size_t i = 0; i < drafts.size(); ++i) {
    const int id = static_cast<int>(i);
    p.groups.push_back({id, partitionKind(drafts[i]), drafts[i].host});
    for (const ir::Expr* e : drafts[i].exprs) {
      const auto x = static_cast<std::size_t>(e->id());
      if (p.groupOfExpr.size() <= x) p.groupOfExpr.resize(x + 1, -1);
      if (p.groupOfExpr[x] < 0) p.groupOfExpr[x] = id;
    }
  }
  return std::make_shared<const trace::Partition>(std::move(p));
}

void recordFinalize(FinderState& state, const std::vector<Draft>& drafts, const std::string& name,
                    std::vector<std::string> log, bool modified) {
  state.showPartition(partitionOf(drafts));
  state.recordStep(trace::StepKind::Finalize, name, std::move(log), modified);
}

// The drafts (by index) that hold an expr, kept current as prologues are copied into drafts:
// which drafts read a forwarded input is then found from its uses, not by scanning every
// draft's exprs once per forwarded input.
class DraftsOfExpr {
 public:
  explicit DraftsOfExpr(const std::vector<Draft>& drafts) {
    for (std::size_t i = 0; i < drafts.size(); ++i) add(drafts[i].exprs, i);
  }
  void add(const std::vector<const ir::Expr*>& exprs, std::size_t draft) {
    for (const ir::Expr* e : exprs) {
      std::vector<std::size_t>& holders = of_[e];
      if (std::find(holders.begin(), holders.end(), draft) == holders.end()) holders.push_back(draft);
    }
  }
  /// Drafts with an expr that reads `v`, ascending (= the order a walk over the drafts meets them).
  std::vector<std::size_t> readersOf(const ir::Val* v) const {
    std::vector<std::size_t> out;
    for (const ir::Expr* use : v->uses())
      if (auto it = of_.find(use); it != of_.end()) out.insert(out.end(), it->second.begin(), it->second.end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

 private:
  std::unordered_map<const ir::Expr*, std::vector<std::size_t>> of_;
};

// The partition finalize shows while prologues are copied into drafts: a table kept current,
// and the same as a shared Partition made of small moves on one full copy, so that every
// step's picture costs the exprs that moved, not a copy of the whole table (quadratic in the
// forwarded inputs of a 100k-op fusion, in time and in trace memory).
class ShownPartition {
 public:
  explicit ShownPartition(const std::vector<Draft>& drafts)
      : table_(partitionOf(drafts)->expanded()), shared_(std::make_shared<const trace::Partition>(table_)) {}

  /// partitionOf(drafts) after draft `index` took in more exprs and maybe a new type (or was
  /// added): an expr's group is the first draft that holds it, so only the new exprs can
  /// move, and only down to `index`.
  void update(const std::vector<Draft>& drafts, std::size_t index) {
    const Draft& d = drafts[index];
    const int id = static_cast<int>(index);
    const trace::PartitionGroup group{id, partitionKind(d), d.host};
    if (index < table_.groups.size())
      table_.groups[index] = group;
    else
      table_.groups.push_back(group);
    std::vector<std::pair<int, int>> moved;
    for (const ir::Expr* e : d.exprs) {
      const auto x = static_cast<std::size_t>(e->id());
      if (table_.groupOfExpr.size() <= x) table_.groupOfExpr.resize(x + 1, -1);
      if (table_.groupOfExpr[x] < 0 || table_.groupOfExpr[x] > id) {
        table_.groupOfExpr[x] = id;
        moved.emplace_back(e->id(), id);
      }
    }
    shared_ = trace::Partition::afterMove(shared_, std::move(moved), group);
  }
  const std::shared_ptr<const trace::Partition>& shared() const { return shared_; }

 private:
  trace::PartitionTable table_;
  std::shared_ptr<const trace::Partition> shared_;
};

// nvFuser's resolveForwardedInputs: each consumer of a forwarded input tries to take its
// own copy of the prologue; the prologue stays a segment of its own for those that cannot.
void resolveForwardedInputs(FinderState& state, std::vector<Draft>& drafts) {
  state.phase = trace::Phase::ResolveForwardedInputs;
  if (state.forwarded.empty()) return;
  DraftsOfExpr holders(drafts);
  ShownPartition shown(drafts);
  for (const ForwardedChain& chain : state.forwarded) {
    bool standalone = false;
    for (const std::size_t index : holders.readersOf(chain.forwarded)) {
      Draft& d = drafts[index];
      std::vector<const ir::Expr*> exprs = chain.exprs;
      exprs.insert(exprs.end(), d.exprs.begin(), d.exprs.end());
      // csrc/fusion_segmenter.cpp:4786-4822 resolveNonscalarForwardedInput: every consumer gets
      // its own input group, so the prologue's values are not outputs of this merge.
      std::unordered_set<const ir::Val*> recomputed = d.recomputed;
      for (const ir::Expr* e : chain.exprs)
        for (const ir::Val* out : e->outputs()) recomputed.insert(out);
      const MergeTrial trial = state.askSchedulers(exprs, &recomputed);
      trace::Step step;
      step.kind = trace::StepKind::Merge;
      step.phase = state.phase;
      step.name = std::string(trial.ok() ? "merge" : "refuse") + " prologue of " + chain.forwarded->name() + " into " +
                  d.origin;
      trace::MergeInfo info;
      for (const ir::Expr* e : exprs) info.exprs.push_back(e->id());
      FinderState::describeTrial(trial, info);
      step.before = state.snapshot();
      if (trial.ok()) {
        d.exprs = std::move(exprs);
        d.recomputed = std::move(recomputed);
        d.type = trial.proposal.accepted;
        holders.add(chain.exprs, index);
        shown.update(drafts, index);
        state.showPartition(shown.shared());
      } else {
        standalone = true;
      }
      step.after = state.snapshot();
      step.modified = trial.ok();
      step.merge = std::move(info);
      state.record(std::move(step));
    }
    if (standalone) {
      const MergeTrial alone = state.askSchedulers(chain.exprs);
      drafts.push_back({chain.exprs, alone.ok() ? alone.proposal.accepted : SchedulerType::PointWise, false,
                        "prologue of " + chain.forwarded->name()});
      holders.add(chain.exprs, drafts.size() - 1);
      shown.update(drafts, drafts.size() - 1);
    }
  }
}

class ScalarPlacer {
 public:
  ScalarPlacer(const ir::Fusion& fusion, const std::vector<ir::Expr*>& order) : fusion_(fusion) {
    for (const ir::Expr* e : order)
      if (isScalarExpr(e)) scalarExprs_.push_back(e);
  }

  // Scalar exprs a set of exprs needs, transitively (operands, symbolic attributes and the
  // extents of the tensors it produces).
  std::vector<const ir::Expr*> needed(const std::vector<const ir::Expr*>& exprs) const {
    ExprSet seen;
    std::vector<const ir::Expr*> out, work;
    const auto want = [&](const ir::Val* v) {
      const ir::Expr* def = v ? v->definition() : nullptr;
      if (def && isScalarExpr(def) && seen.insert(def).second) work.push_back(def);
    };
    const auto scan = [&](const ir::Expr* e) {
      for (const ir::Val* in : e->inputs())
        if (in->isScalar()) want(in);
      for (const ir::Val* o : e->outputs())
        if (const ir::TensorView* tv = o->asTensor())
          for (const ir::Dim& d : tv->dims()) want(d.extent.sym);
    };
    for (const ir::Expr* e : exprs) scan(e);
    while (!work.empty()) {
      const ir::Expr* d = work.back();
      work.pop_back();
      out.push_back(d);
      scan(d);
    }
    return out;
  }

  // Computable before any kernel runs: depends only on fusion inputs, constants and the
  // extents of fusion inputs.
  bool onHost(const ir::Expr* e) {
    if (auto it = onHost_.find(e); it != onHost_.end()) return it->second;
    bool ok = true;
    for (const ir::Val* in : e->inputs()) {
      if (in->isTensor())
        ok = ok && fusion_.isInput(in);
      else if (const ir::Expr* def = in->definition())
        ok = ok && isScalarExpr(def) && onHost(def);
      else {
        const auto* s = static_cast<const ir::Scalar*>(in);
        ok = ok && (s->isConstant() || fusion_.isInput(in) || (s->extentOf() && fusion_.isInput(s->extentOf())));
      }
    }
    return onHost_[e] = ok;
  }

  // Scalar exprs whose results are fusion outputs.
  std::vector<const ir::Expr*> producingOutputs() const {
    std::vector<const ir::Expr*> out;
    for (const ir::Expr* e : scalarExprs_)
      if (std::any_of(e->outputs().begin(), e->outputs().end(), [&](const ir::Val* v) { return fusion_.isOutput(v); }))
        out.push_back(e);
    return out;
  }

  const std::vector<const ir::Expr*>& all() const { return scalarExprs_; }

 private:
  const ir::Fusion& fusion_;
  std::vector<const ir::Expr*> scalarExprs_;
  std::unordered_map<const ir::Expr*, bool> onHost_;
};

void append(std::vector<const ir::Expr*>& to, const std::vector<const ir::Expr*>& more) {
  for (const ir::Expr* e : more)
    if (std::find(to.begin(), to.end(), e) == to.end()) to.push_back(e);
}

// Host mode: what kernels need and the host can compute first goes into one host segment;
// the rest (scalars measured from intermediates) is duplicated where needed.
std::vector<std::string> placeScalars(FinderState& state, std::vector<Draft>& drafts,
                                      const std::vector<ir::Expr*>& order) {
  ScalarPlacer placer(state.fusion, order);
  const bool hostMode = state.options.scalarMode == ScalarMode::HostSegment;
  Draft host{{}, SchedulerType::ExprEval, true, "host scalars", true};
  Draft late{{}, SchedulerType::ExprEval, true, "scalar outputs", true};
  int duplicated = 0;
  for (Draft& d : drafts) {
    for (const ir::Expr* e : placer.needed(d.exprs)) {
      if (hostMode && placer.onHost(e))
        append(host.exprs, {e});
      else if (std::find(d.exprs.begin(), d.exprs.end(), e) == d.exprs.end()) {
        d.exprs.push_back(e);
        ++duplicated;
      }
    }
  }
  ExprSet placed;
  for (const Draft& d : drafts) placed.insert(d.exprs.begin(), d.exprs.end());
  placed.insert(host.exprs.begin(), host.exprs.end());
  for (const ir::Expr* e : placer.all()) {
    if (placed.count(e)) continue;
    // Not needed by any kernel: a fusion output (or feeding one) computed on the host.
    std::vector<const ir::Expr*> chain{e};
    append(chain, placer.needed({e}));
    for (const ir::Expr* c : chain) {
      if (placed.count(c)) continue;
      if (placer.onHost(c))
        append(host.exprs, {c});
      else
        append(late.exprs, {c});
      placed.insert(c);
    }
  }
  std::vector<std::string> log;
  if (!host.exprs.empty()) {
    log.push_back("host segment: " + std::to_string(host.exprs.size()) +
                  " scalar exprs computed once before the kernels");
    drafts.insert(drafts.begin(), std::move(host));
  }
  if (!late.exprs.empty()) drafts.push_back(std::move(late));
  if (duplicated) log.push_back(std::to_string(duplicated) + " scalar exprs copied into the segments that need them");
  if (log.empty()) log.push_back("no scalar computations to place");
  return log;
}

struct Wiring {
  std::vector<std::vector<const ir::Val*>> inputs, outputs;
  std::vector<SegmentEdge> edges;  // draft indices
};

// Inputs in first-read order (constants excluded); outputs are fusion outputs and values
// read by segments that do not compute them themselves. The first draft holding an expr owns
// its results, but a draft that computes a forwarded prologue only for itself (its recomputed
// values: nvFuser gives that consumer its own copy) owns them only when no other draft does:
// readers of the value take it from the prologue's own segment, or a consumer that also feeds
// such a reader would read and feed it (a cycle).
Wiring wire(const ir::Fusion& fusion, const std::vector<Draft>& drafts) {
  Wiring w;
  std::unordered_map<const ir::Expr*, int> owner;
  std::vector<ExprSet> members(drafts.size());
  const auto ownCopy = [&](std::size_t i, const ir::Expr* e) {
    return std::any_of(e->outputs().begin(), e->outputs().end(),
                       [&](const ir::Val* v) { return drafts[i].recomputed.count(v) > 0; });
  };
  for (std::size_t i = 0; i < drafts.size(); ++i) {
    members[i].insert(drafts[i].exprs.begin(), drafts[i].exprs.end());
    for (const ir::Expr* e : drafts[i].exprs)
      if (!ownCopy(i, e)) owner.emplace(e, static_cast<int>(i));
  }
  for (std::size_t i = 0; i < drafts.size(); ++i)
    for (const ir::Expr* e : drafts[i].exprs) owner.emplace(e, static_cast<int>(i));
  w.inputs.resize(drafts.size());
  w.outputs.resize(drafts.size());
  for (std::size_t i = 0; i < drafts.size(); ++i) {
    std::unordered_set<const ir::Val*> seen;
    for (const ir::Expr* e : drafts[i].exprs)
      for (const ir::Val* in : e->inputs()) {
        const ir::Expr* def = in->definition();
        if (def && members[i].count(def)) continue;
        if (!def && in->isScalar() && static_cast<const ir::Scalar*>(in)->isConstant()) continue;
        if (!seen.insert(in).second) continue;
        w.inputs[i].push_back(in);
        if (def) w.edges.push_back({owner.at(def), static_cast<int>(i), in});
      }
  }
  for (const SegmentEdge& e : w.edges) {
    auto& outs = w.outputs[static_cast<std::size_t>(e.from)];
    if (std::find(outs.begin(), outs.end(), e.val) == outs.end()) outs.push_back(e.val);
  }
  for (const ir::FusionOutput& o : fusion.outputs()) {
    const ir::Expr* def = o.val->definition();
    if (!def) continue;
    auto& outs = w.outputs[static_cast<std::size_t>(owner.at(def))];
    if (std::find(outs.begin(), outs.end(), o.val) == outs.end()) outs.push_back(o.val);
  }
  return w;
}

// Kahn's order over the edges; ready segments in draft order (the host segment first).
Result<std::vector<int>> runOrderOf(std::size_t count, const std::vector<SegmentEdge>& edges) {
  std::vector<int> pending(count, 0);
  std::vector<std::vector<int>> consumers(count);
  std::set<std::pair<int, int>> seen;
  for (const SegmentEdge& e : edges)
    if (seen.insert({e.from, e.to}).second) {
      ++pending[static_cast<std::size_t>(e.to)];
      consumers[static_cast<std::size_t>(e.from)].push_back(e.to);
    }
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
  for (std::size_t i = 0; i < count; ++i)
    if (pending[i] == 0) ready.push(static_cast<int>(i));
  std::vector<int> order;
  while (!ready.empty()) {
    const int s = ready.top();
    ready.pop();
    order.push_back(s);
    for (int c : consumers[static_cast<std::size_t>(s)])
      if (--pending[static_cast<std::size_t>(c)] == 0) ready.push(c);
  }
  if (order.size() != count) return makeError("segmenter bug: the segments form a cycle");
  return order;
}

void sortTopologically(std::vector<Draft>& drafts, const std::vector<ir::Expr*>& order) {
  std::unordered_map<const ir::Expr*, std::size_t> position;
  for (std::size_t i = 0; i < order.size(); ++i) position[order[i]] = i;
  for (Draft& d : drafts)
    std::sort(d.exprs.begin(), d.exprs.end(),
              [&](const ir::Expr* a, const ir::Expr* b) { return position.at(a) < position.at(b); });
}

bool sameExprs(std::vector<const ir::Expr*> a, std::vector<const ir::Expr*> b) {
  if (a.size() != b.size()) return false;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

// An answer a scheduler gave for a group, with the boundary of the segment it was asked about.
struct KnownAnswer {
  SchedulerType type = SchedulerType::None;
  std::vector<const ir::Val*> inputs, outputs;
};
using KnownAnswers = std::unordered_map<const SegmentedGroup*, KnownAnswer>;

// Still exactly the group a scheduler accepted, in an unchanged fusion: the same answer.
std::optional<SchedulerType> currentAnswer(const FinderState& state, const Draft& d) {
  if (!d.group || !d.recomputed.empty()) return std::nullopt;
  const auto known = state.acceptedTypeOf(d.group);
  return known && sameExprs(d.exprs, d.group->exprs()) ? known : std::nullopt;
}

// Taken before the cast fold changes the fusion: the answers that are current then, with
// their segments' boundaries.
KnownAnswers answersBeforeFold(const FinderState& state, const std::vector<Draft>& drafts) {
  KnownAnswers known;
  for (const Draft& d : drafts)
    if (const auto type = currentAnswer(state, d)) {
      const scheduler::SegmentView view = scheduler::SegmentView::of(state.fusion, d.exprs);
      known.emplace(d.group, KnownAnswer{*type, view.inputs, view.outputs});
    }
  return known;
}

// The fold rewires the reads of the cast copies it removes, which can change the boundary of
// a segment it does not touch (a value read only by a removed copy stops being an output).
// The schedulers read a segment through its view: its exprs, and its inputs and outputs
// (persistent_buffers.cpp and segment_view.cpp filter every use list by the view's exprs). The
// same exprs with the same boundary, in the same order, therefore get the same answer.
std::optional<SchedulerType> answerAfterFold(const FinderState& state, const KnownAnswers& before, const Draft& d) {
  if (!d.group || !d.recomputed.empty()) return std::nullopt;
  const auto known = before.find(d.group);
  if (known == before.end() || !sameExprs(d.exprs, d.group->exprs())) return std::nullopt;
  const scheduler::SegmentView view = scheduler::SegmentView::of(state.fusion, d.exprs);
  if (view.inputs != known->second.inputs || view.outputs != known->second.outputs) return std::nullopt;
  return known->second.type;
}

std::vector<std::string> deriveTypes(FinderState& state, std::vector<Draft>& drafts, const KnownAnswers& beforeFold) {
  std::vector<std::string> log;
  for (Draft& d : drafts) {
    auto known = currentAnswer(state, d);
    if (!known) known = answerAfterFold(state, beforeFold, d);
    if (known) {
      d.type = *known;
      d.host = runsOnHost(d.type, d.exprs);
      log.push_back(d.origin + ": " + std::string(scheduler::schedulerName(d.type)) + ", " +
                    std::to_string(d.exprs.size()) + " exprs");
      continue;
    }
    const MergeTrial trial = state.askSchedulers(d.exprs, &d.recomputed);
    if (trial.ok()) {
      d.type = trial.proposal.accepted;
      d.host = runsOnHost(d.type, d.exprs);
    } else if (d.type == SchedulerType::None) {
      d.type = d.host ? SchedulerType::ExprEval : SchedulerType::PointWise;
    } else {
      log.push_back(d.origin + ": no scheduler accepts the final segment; keeping " +
                    std::string(scheduler::schedulerName(d.type)));
    }
    log.push_back(d.origin + ": " + std::string(scheduler::schedulerName(d.type)) + ", " +
                  std::to_string(d.exprs.size()) + " exprs");
  }
  return log;
}

}  // namespace

Result<Segmentation> finalizeSegments(FinderState& state, const std::vector<PrivatizedCast>& privatized) {
  std::vector<Draft> drafts;
  const bool single = state.groups->groups().size() == 1;
  for (const SegmentedGroup* g : state.groups->groups())
    if (!g->exprs().empty() || single)
      drafts.push_back({g->exprs(),
                        state.typeOf(g),
                        runsOnHost(state.typeOf(g), g->exprs()),
                        "g" + std::to_string(g->id()),
                        false,
                        {},
                        g});
  resolveForwardedInputs(state, drafts);

  state.phase = trace::Phase::Finalize;
  int folded = 0;
  const PrivatizedIndex privatizedIndex(privatized);
  const KnownAnswers beforeFold = privatized.empty() ? KnownAnswers{} : answersBeforeFold(state, drafts);
  for (Draft& d : drafts) folded += revertPrivatizedCasts(state.fusion, privatizedIndex, d.exprs);
  if (folded) state.invalidateSnapshot(true);
  recordFinalize(state, drafts, "fold privatized casts",
                 {std::to_string(folded) + " cast copies folded back into the cast they copied"}, folded > 0);

  const std::vector<ir::Expr*> order = state.fusion.exprs();
  std::vector<std::string> scalarLog = placeScalars(state, drafts, order);
  sortTopologically(drafts, order);
  const bool placedAny = scalarLog.front().rfind("no scalar", 0) != 0;
  recordFinalize(state, drafts,
                 std::string("place scalars (") + std::string(scalarModeName(state.options.scalarMode)) + ")",
                 std::move(scalarLog), placedAny);

  recordFinalize(state, drafts, "derive scheduler types", deriveTypes(state, drafts, beforeFold), true);

  Wiring w = wire(state.fusion, drafts);
  SEGSCOPE_TRY(std::vector<int> runOrder, runOrderOf(drafts.size(), w.edges));
  // Segment ids follow the run order (nvFuser numbers by list order; reading ids in execution
  // order is easier for users, and run_order still says it explicitly).
  std::vector<int> idOf(drafts.size());
  for (std::size_t i = 0; i < runOrder.size(); ++i) idOf[static_cast<std::size_t>(runOrder[i])] = static_cast<int>(i);
  Segmentation result;
  result.scalarMode = state.options.scalarMode;
  result.segments.resize(drafts.size());
  std::vector<Draft> numbered(drafts.size());
  std::vector<std::string> numberLog(drafts.size());
  for (std::size_t i = 0; i < drafts.size(); ++i) {
    const auto id = static_cast<std::size_t>(idOf[i]);
    Segment& s = result.segments[id];
    s.id = idOf[i];
    s.scheduler = drafts[i].type;
    s.host = drafts[i].host;
    s.hostScalars = drafts[i].hostScalars;
    s.exprs = drafts[i].exprs;
    s.inputs = w.inputs[i];
    s.outputs = w.outputs[i];
    numbered[id] = drafts[i];
    numberLog[id] = "segment " + std::to_string(id) + " = " + drafts[i].origin;
  }
  for (const SegmentEdge& e : w.edges)
    result.edges.push_back({idOf[static_cast<std::size_t>(e.from)], idOf[static_cast<std::size_t>(e.to)], e.val});
  for (std::size_t i = 0; i < drafts.size(); ++i) result.runOrder.push_back(static_cast<int>(i));
  recordFinalize(state, numbered, "number segments in run order", std::move(numberLog), true);
  return result;
}

}  // namespace segscope::segmenter
