// JSON (de)serialization of traces and fusions. Non-finite doubles are strings ("inf",
// "-inf", "nan") because JSON has no literal for them.
#include "trace/trace_json.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

#include <nlohmann/json.hpp>

namespace segscope::trace {
namespace {

using ir::DataType;
using nlohmann::json;

// 2: snapshots may carry a partition and share fusions/partitions; steps may carry "merge".
// 3: a merge step's partition may be written as its delta on an earlier one (the whole table
// per step made a 10k-op trace 18 GB of JSON in memory).
constexpr int kTraceVersion = 3;

json number(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  return d;
}

double numberFrom(const json& j) {
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    return s == "-inf" ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  }
  return j.get<double>();
}

json scalarValueJson(const ir::ScalarValue& v) {
  struct V {
    json operator()(bool b) const { return {{"bool", b}}; }
    json operator()(std::int64_t i) const { return {{"int", i}}; }
    json operator()(double d) const { return {{"double", number(d)}}; }
    json operator()(const std::complex<double>& c) const { return {{"complex", {number(c.real()), number(c.imag())}}}; }
  };
  return std::visit(V{}, v);
}

ir::ScalarValue scalarValueFrom(const json& j) {
  if (j.contains("bool")) return j["bool"].get<bool>();
  if (j.contains("int")) return j["int"].get<std::int64_t>();
  if (j.contains("double")) return numberFrom(j["double"]);
  return std::complex<double>(numberFrom(j["complex"][0]), numberFrom(j["complex"][1]));
}

json symJson(const ir::SymInt& s) { return s.sym ? json{{"val", s.sym->id()}} : json(s.value); }

const char* iterKindName(ir::IterKind k) {
  switch (k) {
    case ir::IterKind::Broadcast: return "broadcast";
    case ir::IterKind::ExpandedBroadcast: return "expanded";
    default: return "iteration";
  }
}

ir::IterKind iterKindFrom(const std::string& s) {
  if (s == "broadcast") return ir::IterKind::Broadcast;
  if (s == "expanded") return ir::IterKind::ExpandedBroadcast;
  return ir::IterKind::Iteration;
}

json locJson(SourceLoc loc) { return {loc.line, loc.column}; }
SourceLoc locFrom(const json& j) { return SourceLoc{j[0].get<int>(), j[1].get<int>()}; }

json attrsJson(const ir::ExprAttributes& a) {
  json j = json::object();
  const auto syms = [](const std::vector<ir::SymInt>& v) {
    json out = json::array();
    for (const ir::SymInt& s : v) out.push_back(symJson(s));
    return out;
  };
  if (!a.dims.empty()) j["dims"] = a.dims;
  if (!a.flags.empty()) j["flags"] = a.flags;
  if (!a.shape.empty()) j["shape"] = syms(a.shape);
  if (!a.starts.empty()) j["starts"] = syms(a.starts);
  if (!a.ends.empty()) j["ends"] = syms(a.ends);
  if (!a.steps.empty()) j["steps"] = syms(a.steps);
  if (!a.padWidths.empty()) j["pad_widths"] = syms(a.padWidths);
  if (a.axis != 0) j["axis"] = a.axis;
  if (a.correction != 1) j["correction"] = a.correction;
  if (a.keepdim) j["keepdim"] = true;
  if (a.option) j["option"] = true;
  if (a.dtype != DataType::Null) j["dtype"] = std::string(ir::dataTypeName(a.dtype));
  return j;
}

}  // namespace

std::string fusionToJson(const ir::Fusion& fusion) {
  json vals = json::array();
  // By id, so a reloaded fusion (whose creation order differs) serializes identically.
  std::vector<ir::Val*> ordered = fusion.vals();
  std::sort(ordered.begin(), ordered.end(), [](const ir::Val* a, const ir::Val* b) { return a->id() < b->id(); });
  for (const ir::Val* v : ordered) {
    json j = {{"id", v->id()},
              {"name", v->name()},
              {"dtype", std::string(ir::dataTypeName(v->dtype()))},
              {"loc", locJson(v->loc())}};
    if (const ir::TensorView* tv = v->asTensor()) {
      j["kind"] = "tensor";
      json dims = json::array();
      for (const ir::Dim& d : tv->dims())
        dims.push_back({{"extent", symJson(d.extent)}, {"kind", iterKindName(d.kind)}});
      j["dims"] = dims;
      json contiguity = json::array();
      for (const auto& c : tv->contiguity()) contiguity.push_back(c ? json(*c) : json(nullptr));
      j["contiguity"] = contiguity;
      j["stride_order"] = tv->strideOrder();
      if (tv->isCpu()) j["cpu"] = true;
    } else {
      const auto* s = static_cast<const ir::Scalar*>(v);
      j["kind"] = "scalar";
      if (s->value()) j["value"] = scalarValueJson(*s->value());
      if (s->extentOf()) j["extent_of"] = {s->extentOf()->id(), s->extentDim()};
    }
    vals.push_back(j);
  }
  json exprs = json::array();
  for (const ir::Expr* e : fusion.exprs()) {
    json operands = json::array(), outputs = json::array();
    for (std::size_t i = 0; i < e->numOperands(); ++i) operands.push_back(e->operand(i)->id());
    for (const ir::Val* o : e->outputs()) outputs.push_back(o->id());
    exprs.push_back({{"id", e->id()},
                     {"op", std::string(e->opName())},
                     {"operands", operands},
                     {"outputs", outputs},
                     {"attrs", attrsJson(e->attrs())},
                     {"loc", locJson(e->loc())}});
  }
  json inputs = json::array(), outputs = json::array(), axioms = json::array();
  for (const ir::Val* v : fusion.inputs()) inputs.push_back(v->id());
  for (const ir::FusionOutput& o : fusion.outputs())
    outputs.push_back({{"val", o.val->id()},
                       {"alias", o.aliasOf ? json(o.aliasOf->id()) : json(nullptr)},
                       {"stride_order", o.strideOrder}});
  for (const ir::Val* v : fusion.axioms()) axioms.push_back(v->id());
  return json{{"name", fusion.name()}, {"vals", vals},       {"exprs", exprs},
              {"inputs", inputs},      {"outputs", outputs}, {"axioms", axioms}}
      .dump();
}

namespace {

Result<std::unique_ptr<ir::Fusion>> fusionFrom(const json& j) {
  auto f = std::make_unique<ir::Fusion>();
  f->setName(j.at("name").get<std::string>());
  std::unordered_map<int, ir::Val*> byId;
  const auto val = [&](const json& id) -> ir::Val* {
    auto it = byId.find(id.get<int>());
    return it == byId.end() ? nullptr : it->second;
  };
  const auto sym = [&](const json& s) -> ir::SymInt {
    if (s.is_object()) return ir::SymInt::symbolic(val(s["val"]));
    return ir::SymInt::constant(s.get<std::int64_t>());
  };
  const auto dtype = [](const json& s) { return ir::dataTypeFromName(s.get<std::string>()).value_or(DataType::Float); };
  // Scalars first: tensor extents refer to them.
  for (const json& v : j.at("vals")) {
    if (v.at("kind") != "scalar") continue;
    std::optional<ir::ScalarValue> value;
    if (v.contains("value")) value = scalarValueFrom(v["value"]);
    byId[v["id"].get<int>()] = f->restoreScalar(v["id"].get<int>(), dtype(v["dtype"]), value);
  }
  for (const json& v : j.at("vals")) {
    if (v.at("kind") != "tensor") continue;
    std::vector<ir::Dim> dims;
    for (const json& d : v["dims"])
      dims.push_back(ir::Dim{sym(d["extent"]), iterKindFrom(d["kind"].get<std::string>())});
    for (const ir::Dim& d : dims)
      if (d.extent.sym == nullptr && !d.extent.isConst()) return makeError("trace: a dim refers to an unknown value");
    ir::TensorView* tv = f->restoreTensor(v["id"].get<int>(), dtype(v["dtype"]), std::move(dims));
    std::vector<std::optional<bool>> contiguity;
    for (const json& c : v["contiguity"])
      contiguity.push_back(c.is_null() ? std::nullopt : std::optional<bool>(c.get<bool>()));
    tv->setContiguity(std::move(contiguity));
    tv->setStrideOrder(v["stride_order"].get<std::vector<std::int64_t>>());
    tv->setCpu(v.value("cpu", false));
    byId[v["id"].get<int>()] = tv;
  }
  // Names in creation order, so uniquifying suffixes come out the same.
  for (const json& v : j.at("vals")) {
    ir::Val* x = byId.at(v["id"].get<int>());
    f->setName(x, v["name"].get<std::string>());
    x->setLoc(locFrom(v["loc"]));
    if (v.contains("extent_of")) {
      ir::Val* t = val(v["extent_of"][0]);
      if (!t || !t->isTensor()) return makeError("trace: extent_of names an unknown tensor");
      static_cast<ir::Scalar*>(x)->setExtentOf(t->asTensor(), v["extent_of"][1].get<int>());
    }
  }
  for (const json& e : j.at("exprs")) {
    const auto op = ir::opFromName(e["op"].get<std::string>());
    if (!op) return makeError("trace: unknown op '" + e["op"].get<std::string>() + "'");
    std::vector<ir::Val*> operands, outputs;
    for (const json& id : e["operands"]) operands.push_back(val(id));
    for (const json& id : e["outputs"]) outputs.push_back(val(id));
    for (const ir::Val* v : operands)
      if (!v) return makeError("trace: an expr refers to an unknown value");
    const json& a = e["attrs"];
    ir::ExprAttributes attrs;
    const auto syms = [&](const char* key) {
      std::vector<ir::SymInt> out;
      if (a.contains(key))
        for (const json& s : a[key]) out.push_back(sym(s));
      return out;
    };
    if (a.contains("dims")) attrs.dims = a["dims"].get<std::vector<std::int64_t>>();
    if (a.contains("flags")) attrs.flags = a["flags"].get<std::vector<bool>>();
    attrs.shape = syms("shape");
    attrs.starts = syms("starts");
    attrs.ends = syms("ends");
    attrs.steps = syms("steps");
    attrs.padWidths = syms("pad_widths");
    attrs.axis = a.value("axis", std::int64_t{0});
    attrs.correction = a.value("correction", std::int64_t{1});
    attrs.keepdim = a.value("keepdim", false);
    attrs.option = a.value("option", false);
    if (a.contains("dtype")) attrs.dtype = dtype(a["dtype"]);
    ir::Expr* expr = f->restoreExpr(e["id"].get<int>(), *op, operands, outputs, attrs);
    expr->setLoc(locFrom(e["loc"]));
  }
  for (const json& id : j.at("inputs")) f->addInput(val(id));
  for (const json& o : j.at("outputs"))
    f->addOutput(val(o["val"]), o["alias"].is_null() ? nullptr : val(o["alias"]),
                 o["stride_order"].get<std::vector<std::int64_t>>());
  for (const json& id : j.at("axioms")) f->addAxiom(val(id));
  if (const Status st = f->verify(); !st)
    return makeError("trace: the stored fusion is invalid: " + st.error().message);
  return f;
}

}  // namespace

Result<std::unique_ptr<ir::Fusion>> fusionFromJson(const std::string& text) {
  try {
    return fusionFrom(json::parse(text));
  } catch (const json::exception& e) {
    return makeError(std::string("trace: malformed fusion JSON: ") + e.what());
  }
}

namespace {

json groupJson(const PartitionGroup& g) {
  json j = {{"id", g.id}, {"scheduler", g.scheduler}};
  if (g.host) j["host"] = true;
  return j;
}

PartitionGroup groupFrom(const json& g) {
  return PartitionGroup{g.at("id").get<int>(), g.at("scheduler").get<std::string>(), g.value("host", false)};
}

json partitionJson(const PartitionTable& p) {
  json groups = json::array();
  for (const PartitionGroup& g : p.groups) groups.push_back(groupJson(g));
  // One int per expr id: merge steps each carry a partition, so this stays flat.
  return json{{"group_of_expr", p.groupOfExpr}, {"groups", groups}};
}

Result<std::shared_ptr<const Partition>> partitionFrom(const json& j) {
  PartitionTable p;
  p.groupOfExpr = j.at("group_of_expr").get<std::vector<int>>();
  std::set<int> known;
  for (const json& g : j.at("groups")) {
    p.groups.push_back(groupFrom(g));
    known.insert(p.groups.back().id);
  }
  for (std::size_t e = 0; e < p.groupOfExpr.size(); ++e) {
    const int g = p.groupOfExpr[e];
    if (g != -1 && !known.count(g))
      return makeError("trace: partition puts expr " + std::to_string(e) + " in unknown group " + std::to_string(g));
  }
  return std::make_shared<const Partition>(std::move(p));
}

// A delta on the partition that snapshot `of` wrote: the few ints a merge changes instead of
// one per expr, so a trace stays linear in its steps.
json partitionDeltaJson(const Partition& p, int of) {
  if (p.isMove()) {
    json moved = json::array();
    for (const auto& [expr, group] : p.moved()) moved.push_back({expr, group});
    return json{{"of", of}, {"moved", moved}, {"group", groupJson(p.result())}};
  }
  return json{{"of", of}, {"merged", p.merged()}, {"group", groupJson(p.result())}};
}

Result<std::shared_ptr<const Partition>> partitionDeltaFrom(const json& j, const std::shared_ptr<const Partition>& base,
                                                            bool move) {
  if (!base) return makeError("trace: a partition delta names a snapshot without a partition");
  const PartitionGroup group = groupFrom(j.at("group"));
  if (move) {
    std::vector<std::pair<int, int>> moved;
    for (const json& m : j.at("moved")) {
      const int expr = m.at(0).get<int>(), to = m.at(1).get<int>();
      if (expr < 0 || (to != group.id && to != -1 && !base->group(to)))
        return makeError("trace: a partition move puts expr " + std::to_string(expr) + " in unknown group " +
                         std::to_string(to));
      moved.emplace_back(expr, to);
    }
    return Partition::afterMove(base, std::move(moved), group);
  }
  std::vector<int> merged = j.at("merged").get<std::vector<int>>();
  for (const int id : merged)
    if (!base->group(id)) return makeError("trace: a partition merge names unknown group " + std::to_string(id));
  return Partition::afterMerge(base, std::move(merged), group);
}

json mergeJson(const MergeInfo& m) {
  json verdicts = json::array();
  for (const SchedulerCheck& c : m.verdicts)
    verdicts.push_back({{"scheduler", c.scheduler}, {"ok", c.ok}, {"reason", c.reason}});
  json out{{"round", m.round},       {"groups", m.groups},   {"exprs", m.exprs},  {"verdicts", verdicts},
           {"accepted", m.accepted}, {"refusal", m.refusal}, {"result", m.result}};
  if (m.repeats != 1) out["repeats"] = m.repeats;  // only folded outcome-only steps
  if (!m.blockers.empty()) out["blockers"] = m.blockers;
  return out;
}

// Missing keys take the struct's defaults, so hand-written or trimmed traces still load.
MergeInfo mergeFrom(const json& j) {
  MergeInfo m;
  m.round = j.value("round", -1);
  m.groups = j.value("groups", std::vector<int>{});
  m.exprs = j.value("exprs", std::vector<int>{});
  for (const json& c : j.value("verdicts", json::array()))
    m.verdicts.push_back(
        SchedulerCheck{c.at("scheduler").get<std::string>(), c.value("ok", false), c.value("reason", "")});
  m.accepted = j.value("accepted", "");
  m.refusal = j.value("refusal", "");
  m.result = j.value("result", -1);
  m.repeats = std::max(1, j.value("repeats", 1));
  m.blockers = j.value("blockers", std::vector<int>{});
  return m;
}

// A written merge step's log starts with its verdict lines (what logLines() gives); the
// step keeps only the rest, since the verdicts say those lines again. A log written by hand
// without them is kept whole.
void dropVerdictLines(Step& step) {
  const std::vector<std::string> derived = verdictLines(*step.merge);
  if (step.log.size() >= derived.size() && std::equal(derived.begin(), derived.end(), step.log.begin()))
    step.log.erase(step.log.begin(), step.log.begin() + static_cast<std::ptrdiff_t>(derived.size()));
}

}  // namespace

std::string traceToJson(const Trace& trace) {
  // Snapshots are numbered in first-use order. Merge steps make many snapshots over one
  // fusion (and a partition may outlive a fusion change), so a fusion or partition already
  // written by an earlier snapshot is referenced by that snapshot's id instead of repeated.
  // The text is written element by element, never as one document: a 100k-op trace is
  // ~0.7 GB of JSON, and a whole json tree of it held ten times that.
  std::map<const Snapshot*, int> ids;
  std::map<const ir::Fusion*, int> fusionWrittenBy;
  std::map<const Partition*, int> partitionWrittenBy;
  std::string snapshots;
  const auto snapshotId = [&](const SnapshotPtr& s) -> json {
    if (!s) return nullptr;
    auto [it, added] = ids.emplace(s.get(), static_cast<int>(ids.size()));
    if (!added) return it->second;
    // Keys in the order json::dump sorts them: fusion / fusion_of, id, the partition key.
    std::string text = "{";
    if (!s->fusion) {
      text += "\"fusion\":null";
    } else if (auto [f, first] = fusionWrittenBy.emplace(s->fusion.get(), it->second); first) {
      text += "\"fusion\":" + fusionToJson(*s->fusion);
    } else {
      text += "\"fusion_of\":" + std::to_string(f->second);
    }
    text += ",\"id\":" + std::to_string(it->second);
    if (s->partition) {
      if (auto [p, first] = partitionWrittenBy.emplace(s->partition.get(), it->second); !first) {
        text += ",\"partition_of\":" + std::to_string(p->second);
      } else if (const auto base = s->partition->base() ? partitionWrittenBy.find(s->partition->base().get())
                                                        : partitionWrittenBy.end();
                 base != partitionWrittenBy.end()) {
        text += std::string(s->partition->isMove() ? ",\"partition_move\":" : ",\"partition_merge\":") +
                partitionDeltaJson(*s->partition, base->second).dump();
      } else {
        text += ",\"partition\":" + partitionJson(s->partition->expanded()).dump();
      }
    }
    snapshots += (snapshots.empty() ? "" : ",") + text + "}";
    return it->second;
  };
  std::vector<std::pair<json, json>> ends;  // each step's before and after, numbered first
  ends.reserve(trace.size());
  for (const Step& s : trace.steps()) {
    json before = snapshotId(s.before);
    ends.emplace_back(std::move(before), snapshotId(s.after));
  }
  std::string steps;
  for (const Step& s : trace.steps()) {
    const auto& [before, after] = ends[static_cast<std::size_t>(&s - trace.steps().data())];
    json step = {{"index", s.index},
                 {"kind", std::string(stepKindName(s.kind))},
                 {"name", s.name},
                 {"phase", phaseName(s.phase)},
                 {"modified", s.modified},
                 {"skipped", s.skipped},
                 {"before", before},
                 {"after", after},
                 {"exprs_before", s.exprsBefore},
                 {"exprs_after", s.exprsAfter},
                 {"ms", s.milliseconds},
                 {"log", s.logLines()}};
    if (!s.verifyError.empty()) step["verify_error"] = s.verifyError;
    if (s.merge) step["merge"] = mergeJson(*s.merge);
    steps += (steps.empty() ? "" : ",") + step.dump();
  }
  // The top-level keys in json::dump's (sorted) order.
  return "{\"format\":\"segscope-trace\",\"profile\":" + json(trace.profile).dump() + ",\"snapshots\":[" + snapshots +
         "],\"source\":" + json(trace.source).dump() + ",\"steps\":[" + steps +
         "],\"version\":" + std::to_string(kTraceVersion) + "}\n";
}

Result<Trace> traceFromJson(const std::string& text) {
  try {
    const json j = json::parse(text);
    if (j.value("format", "") != "segscope-trace")
      return makeError("not a Segscope trace (missing \"format\": \"segscope-trace\")");
    // Versions 1 (pass steps only) and 2 (every partition whole) are subsets of 3: they load unchanged.
    if (const int v = j.value("version", 0); v < 1 || v > kTraceVersion)
      return makeError("unsupported trace version " + std::to_string(v));
    Trace trace;
    trace.source = j.value("source", "");
    trace.profile = j.value("profile", "");
    std::map<int, SnapshotPtr> snapshots;
    for (const json& s : j.at("snapshots")) {
      const int id = s.at("id").get<int>();
      auto snap = std::make_shared<Snapshot>();
      // "fusion_of"/"partition_of" name an earlier snapshot; sharing it again keeps the
      // loaded trace's memory (and its re-saved text) the same as the original's.
      const auto earlier = [&](const char* key) -> Result<SnapshotPtr> {
        auto it = snapshots.find(s.at(key).get<int>());
        if (it == snapshots.end())
          return makeError("trace: snapshot " + std::to_string(id) + ": \"" + key + "\" names no earlier snapshot");
        return it->second;
      };
      if (s.contains("fusion_of")) {
        auto from = earlier("fusion_of");
        if (!from) return from.error();
        snap->fusion = from.value()->fusion;
      } else if (!s.at("fusion").is_null()) {
        auto fusion = fusionFrom(s.at("fusion"));
        if (!fusion) return fusion.error();
        snap->fusion = std::shared_ptr<const ir::Fusion>(std::move(fusion.value()));
      }
      if (s.contains("partition_of")) {
        auto from = earlier("partition_of");
        if (!from) return from.error();
        snap->partition = from.value()->partition;
      } else if (s.contains("partition")) {
        auto partition = partitionFrom(s.at("partition"));
        if (!partition) return partition.error();
        snap->partition = std::move(partition.value());
      } else if (s.contains("partition_merge") || s.contains("partition_move")) {
        const bool move = s.contains("partition_move");
        const json& delta = s.at(move ? "partition_move" : "partition_merge");
        auto it = snapshots.find(delta.at("of").get<int>());
        if (it == snapshots.end())
          return makeError("trace: snapshot " + std::to_string(id) + ": a partition delta names no earlier snapshot");
        auto partition = partitionDeltaFrom(delta, it->second->partition, move);
        if (!partition) return partition.error();
        snap->partition = std::move(partition.value());
      }
      snapshots[id] = snap;
    }
    const auto snapshot = [&](const json& id) -> SnapshotPtr {
      if (id.is_null()) return nullptr;
      auto it = snapshots.find(id.get<int>());
      return it == snapshots.end() ? nullptr : it->second;
    };
    for (const json& s : j.at("steps")) {
      Step step;
      if (!stepKindFromName(s.at("kind").get<std::string>(), step.kind))
        return makeError("trace: unknown step kind '" + s.at("kind").get<std::string>() + "'");
      step.name = s.at("name").get<std::string>();
      step.phase = phaseFromName(s.at("phase").get<std::string>());
      step.modified = s.at("modified").get<bool>();
      step.skipped = s.at("skipped").get<bool>();
      step.before = snapshot(s.at("before"));
      step.after = snapshot(s.at("after"));
      step.exprsBefore = s.at("exprs_before").get<int>();
      step.exprsAfter = s.at("exprs_after").get<int>();
      step.milliseconds = s.at("ms").get<double>();
      step.log = s.at("log").get<std::vector<std::string>>();
      if (s.contains("verify_error")) step.verifyError = s.at("verify_error").get<std::string>();
      if (s.contains("merge")) {
        step.merge = mergeFrom(s.at("merge"));
        dropVerdictLines(step);
      }
      trace.record(std::move(step));
    }
    return trace;
  } catch (const json::exception& e) {
    return makeError(std::string("malformed trace JSON: ") + e.what());
  }
}

}  // namespace segscope::trace
