// The expression emitter's core: memoized values per (val, index), loads through strides,
// stores, scalars, and the tables of sizes and kernel parameters.
#include "exec/cuda/codegen/emitter.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "exec/cuda/codegen/prelude.h"

namespace segscope::exec::cuda::codegen {

namespace {

std::string locText(SourceLoc loc) {
  return loc.known() ? " at line " + std::to_string(loc.line) + ":" + std::to_string(loc.column) : "";
}

}  // namespace

std::vector<std::string> vectorAccessGuard(const std::string& param, int elementBytes,
                                           const std::vector<std::int64_t>& sizes, std::int64_t width, bool hostChecked,
                                           std::optional<std::size_t> along) {
  const std::size_t lanes = along.value_or(sizes.size() - 1);
  const std::string w = std::to_string(width);
  const std::string aligned =
      "((unsigned long long)" + param + " % " + std::to_string(width * elementBytes) + "ULL) == 0";
  // The runner checks 16-byte alignment (cuMemAlloc gives 256): wider accesses keep theirs.
  const bool checkedByTheRunner = hostChecked && width * elementBytes <= 16;
  std::vector<std::string> guard{checkedByTheRunner ? "(sg_host_checked || " + aligned + ")" : aligned,
                                 ArgTable::stride(param, lanes) + " == 1"};
  for (std::size_t d = 0; d < sizes.size(); ++d)
    if (d != lanes && sizes[d] > 1) guard.push_back(ArgTable::stride(param, d) + " % " + w + "LL == 0");
  return guard;
}

std::string guardCondition(const std::vector<std::string>& conditions) {
  std::string condition;
  for (const std::string& c : conditions) condition += (condition.empty() ? "" : " &&\n      ") + c;
  return condition.empty() ? std::string("true") : condition;
}

bool isIdentifier(const std::string& s, bool orNumber) {
  if (s.empty()) return false;
  if (!orNumber && !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

Error unsupported(const ir::Expr& e, const std::string& why) {
  return makeError("cuda codegen: " + std::string(e.opName()) + locText(e.loc()) + ": " + why, e.loc());
}

std::vector<std::int64_t> contiguousStrides(const std::vector<std::int64_t>& sizes) {
  std::vector<std::int64_t> strides(sizes.size(), 1);
  for (std::size_t d = sizes.size(); d-- > 1;) strides[d - 1] = strides[d] * std::max<std::int64_t>(sizes[d], 1);
  return strides;
}

std::vector<std::int64_t> declaredStrides(const ir::Val* v, const std::vector<std::int64_t>& sizes) {
  const auto* tv = dynamic_cast<const ir::TensorView*>(v);
  return stridesInOrder(sizes, tv ? tv->strideOrder() : std::vector<std::int64_t>{});
}

std::vector<std::int64_t> stridesInOrder(const std::vector<std::int64_t>& sizes,
                                         const std::vector<std::int64_t>& order) {
  if (order.size() != sizes.size()) return contiguousStrides(sizes);
  // order[d] is dim d's rank by stride, 0 innermost: walk the ranks from the innermost out.
  std::vector<std::int64_t> strides(sizes.size(), 1);
  std::int64_t next = 1;
  for (std::int64_t rank = 0; rank < static_cast<std::int64_t>(order.size()); ++rank) {
    const auto d = static_cast<std::size_t>(std::find(order.begin(), order.end(), rank) - order.begin());
    if (d >= sizes.size()) return contiguousStrides(sizes);  // not a permutation
    strides[d] = next;
    next *= std::max<std::int64_t>(sizes[d], 1);
  }
  return strides;
}

std::int64_t numelOf(const std::vector<std::int64_t>& sizes) {
  std::int64_t n = 1;
  for (std::int64_t s : sizes) n *= s;
  return n;
}

// ---------------------------------------------------------------- SizeTable

SizeTable::SizeTable(const scheduler::RuntimeInfo& info, const segmenter::Segment& seg, const ir::Fusion& segmentFusion)
    : info_(info) {
  // Exported vals keep their complete-fusion ids, so an info bound on the complete fusion
  // answers through the segment's own (complete-fusion) vals.
  const auto note = [&](const ir::Val* v) { complete_.emplace(v->id(), v); };
  for (const ir::Val* v : seg.inputs) note(v);
  for (const ir::Val* v : seg.outputs) note(v);
  for (const ir::Expr* e : seg.exprs) {
    for (const ir::Val* v : e->inputs()) note(v);
    for (const ir::Val* v : e->outputs()) note(v);
  }
  for (const ir::Val* v : segmentFusion.vals()) {
    if (!v->isTensor()) continue;
    for (const ir::Dim& d : v->asTensor()->dims())
      if (!d.extent.isConst()) extents_.insert(d.extent.sym);
  }
}

const ir::Val* SizeTable::completeVal(const ir::Val* v) const {
  auto it = complete_.find(v->id());
  return it == complete_.end() ? nullptr : it->second;
}

Result<std::vector<std::int64_t>> SizeTable::sizes(const ir::Val* v) const {
  if (!v->isTensor()) return std::vector<std::int64_t>{};
  if (auto s = info_.sizes(v)) return *s;
  if (const ir::Val* c = completeVal(v))
    if (auto s = info_.sizes(c)) return *s;
  // Constant extents need no binding.
  std::vector<std::int64_t> out;
  for (const ir::Dim& d : v->asTensor()->dims()) {
    if (!d.extent.isConst()) return makeError("cuda codegen: no concrete size for " + v->name(), v->loc());
    out.push_back(d.extent.value);
  }
  return out;
}

std::optional<std::int64_t> SizeTable::intValue(const ir::Val* v) const {
  if (v->isScalar()) {
    const auto* s = static_cast<const ir::Scalar*>(v);
    if (s->isConstant()) return static_cast<std::int64_t>(ir::scalarAsDouble(*s->value()));
  }
  if (auto i = info_.intValue(v)) return i;
  if (const ir::Val* c = completeVal(v)) return info_.intValue(c);
  return std::nullopt;
}

Result<std::int64_t> SizeTable::resolve(const ir::SymInt& s, const ir::Expr& user) const {
  if (s.isConst()) return s.value;
  if (auto v = intValue(s.sym)) return *v;
  return unsupported(user, "the value of " + s.sym->name() + " is not known on the host");
}

// ---------------------------------------------------------------- ArgTable

std::string ArgTable::tensor(const ir::Val* v, KernelArg::Kind kind, const std::vector<std::int64_t>& sizes,
                             const std::vector<std::int64_t>& strides) {
  for (const Entry& e : entries_)
    if (e.arg.valId == v->id() && e.arg.kind == kind) return e.name;
  const char* prefix = kind == KernelArg::Kind::Input ? "in" : kind == KernelArg::Kind::Output ? "out" : "tmp";
  Entry e;
  e.arg.kind = kind;
  e.arg.valId = v->id();
  e.arg.dtype = v->dtype();
  e.arg.sizes = sizes;
  const auto planned = planned_.find(v);
  // Inputs come in the layout their definition declares; outputs and temps are row-major
  // unless planned otherwise (CodegenOptions::outputAllocationOrder).
  if (!strides.empty())
    e.arg.strides = strides;
  else if (planned != planned_.end())
    e.arg.strides = planned->second;
  else
    e.arg.strides = kind == KernelArg::Kind::Input ? declaredStrides(v, sizes) : contiguousStrides(sizes);
  e.name = prefix + std::to_string(v->id());
  e.rank = static_cast<int>(sizes.size());
  entries_.push_back(e);
  return e.name;
}

std::string ArgTable::scratch(int id, ir::DataType dtype, const std::vector<std::int64_t>& sizes,
                              const std::string& name) {
  for (const Entry& e : entries_)
    if (e.arg.valId == id && e.arg.kind == KernelArg::Kind::Temp) return e.name;
  Entry e;
  e.arg.kind = KernelArg::Kind::Temp;
  e.arg.valId = id;
  e.arg.dtype = dtype;
  e.arg.sizes = sizes;
  e.arg.strides = contiguousStrides(sizes);
  e.name = name;
  e.rank = static_cast<int>(sizes.size());
  entries_.push_back(e);
  return e.name;
}

std::string ArgTable::scalar(const ir::Val* v) {
  for (const Entry& e : entries_)
    if (e.arg.valId == v->id() && e.arg.kind == KernelArg::Kind::Scalar) return e.name;
  Entry e;
  e.arg.kind = KernelArg::Kind::Scalar;
  e.arg.valId = v->id();
  e.arg.dtype = v->dtype();
  e.name = "s" + std::to_string(v->id());
  entries_.push_back(e);
  return e.name;
}

std::vector<KernelArg> ArgTable::args() const {
  std::vector<KernelArg> out;
  for (const Entry& e : entries_)
    if (e.arg.isTensor()) out.push_back(e.arg);
  for (const Entry& e : entries_)
    if (!e.arg.isTensor()) out.push_back(e.arg);
  return out;
}

std::string ArgTable::signature(bool unnamedStrides) const {
  std::string s;
  const auto add = [&](const std::string& p) { s += (s.empty() ? "" : ",\n    ") + p; };
  for (const Entry& e : entries_) {
    if (!e.arg.isTensor()) continue;
    const std::string type = storageType(e.arg.dtype).value_or("void");
    const std::string constness = e.arg.kind == KernelArg::Kind::Input ? "const " : "";
    std::string p = constness + type + "* __restrict__ " + e.name;
    for (int d = 0; d < e.rank; ++d)
      p += unnamedStrides ? ", long long" : ", long long " + stride(e.name, static_cast<std::size_t>(d));
    add(p);
  }
  for (const Entry& e : entries_)
    if (!e.arg.isTensor()) add(scalarParamType(e.arg.dtype) + " " + e.name);
  return s;
}

std::string ArgTable::literalStrides(const std::string& indent) const {
  std::string s;
  for (const Entry& e : entries_)
    for (int d = 0; d < e.rank && e.arg.isTensor(); ++d)
      s += indent + "[[maybe_unused]] const sg_ix " + stride(e.name, static_cast<std::size_t>(d)) + " = " +
           std::to_string(e.arg.strides.at(static_cast<std::size_t>(d))) + ";\n";
  return s;
}

std::int64_t ArgTable::largestSpan() const {
  std::int64_t largest = 0;
  for (const Entry& e : entries_) {
    if (!e.arg.isTensor()) continue;
    std::int64_t span = 1;
    for (std::size_t d = 0; d < e.arg.sizes.size(); ++d)
      span += std::max<std::int64_t>(e.arg.sizes[d] - 1, 0) * std::abs(e.arg.strides.at(d));
    largest = std::max(largest, span);
  }
  return largest;
}

// ---------------------------------------------------------------- Emitter

Emitter::Emitter(const SizeTable& sizes, ArgTable& args, std::set<const ir::Val*> inMemory)
    : sizes_(sizes), args_(args), inMemory_(std::move(inMemory)) {}

void Emitter::line(const std::string& text) {
  text_ += std::string(static_cast<std::size_t>(indent_) * 2, ' ') + text + "\n";
}

void Emitter::open(const std::string& header) {
  line(header + " {");
  ++indent_;
  memo_.emplace_back();
  scopeValues_.emplace_back();
  boundNames_.emplace_back();
}

void Emitter::close() {
  --indent_;
  line("}");
  memo_.pop_back();
  scopeValues_.pop_back();
  boundNames_.pop_back();
}

std::string Emitter::bind(const std::string& type, const std::string& expr, const std::string& prefix) {
  const std::string name = fresh(prefix);
  line("const " + type + " " + name + " = " + expr + ";");
  boundNames_.back().insert(name);
  return name;
}

std::string Emitter::bindIndex(const std::string& expr) {
  if (isIdentifier(expr, /*orNumber=*/true)) return expr;
  for (auto it = memo_.rbegin(); it != memo_.rend(); ++it)
    if (auto f = it->find("#idx " + expr); f != it->end()) return f->second;
  const std::string name = bind(indexType(), expr, "i");
  memo_.back()["#idx " + expr] = name;
  return name;
}

std::string Emitter::offset(const std::string& param, const Index& idx) {
  std::string o;
  for (std::size_t d = 0; d < idx.size(); ++d) {
    if (idx[d] == "0") continue;
    o += (o.empty() ? "" : " + ") + idx[d] + " * " + ArgTable::stride(param, d);
  }
  return o.empty() ? "0" : o;
}

std::string Emitter::laneIndex(const std::string& base, std::int64_t lane) {
  const std::string index = lane == 0 ? base : "(" + base + " + " + std::to_string(lane) + ")";
  laneForms_[index] = {base, lane};
  return index;
}

Index Emitter::unravel(const std::string& linear, const std::vector<std::int64_t>& sizes, const std::string& prefix) {
  Index idx(sizes.size(), "0");
  const std::vector<std::int64_t> strides = contiguousStrides(sizes);
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 1) continue;
    std::string e = linear;
    if (strides[d] != 1) e = "(" + e + " / " + indexLiteral(strides[d]) + ")";
    if (d > 0) e = e + " % " + indexLiteral(sizes[d]);
    const std::string name = prefix + std::to_string(d);
    line("const " + indexType() + " " + name + " = " + e + ";");
    idx[d] = name;
  }
  return idx;
}

Result<Index> Emitter::normalized(const ir::Val* v, const Index& idx) {
  SEGSCOPE_TRY(auto sizes, sizes_.sizes(v));
  if (sizes.size() != idx.size())
    return makeError("cuda codegen: index of rank " + std::to_string(idx.size()) + " for " + v->name() + " of rank " +
                         std::to_string(sizes.size()),
                     v->loc());
  Index out = idx;
  for (std::size_t d = 0; d < sizes.size(); ++d)
    if (sizes[d] == 1) out[d] = "0";
  return out;
}

Result<std::string> Emitter::value(const ir::Val* v, const Index& rawIdx) {
  if (v->isScalar()) return scalarValue(v);
  SEGSCOPE_TRY(Index idx, normalized(v, rawIdx));
  // An empty tensor has nothing to read: whoever asks (cat, pad at a clamped index) discards it.
  SEGSCOPE_TRY(auto sizes, sizes_.sizes(v));
  if (numelOf(sizes) == 0) return "(" + computeTypeName(v->dtype()) + ")0";
  std::string key = std::to_string(v->id());
  for (const std::string& i : idx) key += "," + i;
  for (auto it = memo_.rbegin(); it != memo_.rend(); ++it)
    if (auto f = it->find(key); f != it->end()) return f->second;
  std::string name;
  if (auto c = carried.find(key); c != carried.end()) {
    name = bind(computeTypeName(v->dtype()), c->second);
  } else {
    SEGSCOPE_TRY(name, inMemory_.count(v) ? load(v, idx) : compute(v, idx));
  }
  memo_.back()[key] = name;
  scopeValues_.back().push_back({key, name, v, boundNames_.back().count(name) > 0, idx});
  return name;
}

Result<std::string> Emitter::load(const ir::Val* v, const Index& idx) {
  if (!storageType(v->dtype()))
    return makeError(
        "cuda codegen: dtype " + std::string(ir::dataTypeName(v->dtype())) + " of " + v->name() + " is not supported",
        v->loc());
  SEGSCOPE_TRY(auto sizes, sizes_.sizes(v));
  const std::string p = args_.tensor(v, temps.count(v) ? KernelArg::Kind::Temp : KernelArg::Kind::Input, sizes);
  std::string element = p + "[" + offset(p, idx) + "]";
  if (onLoad)
    if (auto redirected = onLoad(v, idx, element)) element = *redirected;
  return bind(computeTypeName(v->dtype()), "sg_ld(" + element + ")");
}

Result<std::string> Emitter::store(const ir::Val* v, KernelArg::Kind kind, const Index& rawIdx,
                                   const std::string& value) {
  if (!storageType(v->dtype()))
    return makeError(
        "cuda codegen: dtype " + std::string(ir::dataTypeName(v->dtype())) + " of " + v->name() + " is not supported",
        v->loc());
  SEGSCOPE_TRY(auto sizes, sizes_.sizes(v));
  SEGSCOPE_TRY(Index idx, normalized(v, rawIdx));
  const std::string p = args_.tensor(v, kind, sizes);
  line("sg_st(&" + p + "[" + offset(p, idx) + "], " + value + ");");
  return p;
}

Result<std::string> Emitter::scalarValue(const ir::Val* v) {
  const auto* s = static_cast<const ir::Scalar*>(v);
  if (s->isConstant()) {
    const ir::ScalarValue& c = *s->value();
    if (std::holds_alternative<std::complex<double>>(c))
      return makeError("cuda codegen: complex constant " + v->name() + " is not supported", v->loc());
    return literal(ir::scalarAsDouble(c), v->dtype());
  }
  // Extents (and integer inputs the host knows) are baked in like the sizes: the kernel is
  // specialized on them, and the source hash keys the compile cache.
  if (sizes_.isExtent(v) || (!v->definition() && ir::isIntegral(v->dtype())))
    if (auto i = sizes_.intValue(v)) return literal(static_cast<double>(*i), ir::DataType::Int);
  if (v->definition()) {  // a scalar the segment computes (ScalarMode::Duplicate)
    const std::string key = "#scalar " + std::to_string(v->id());
    for (auto& m : memo_)
      if (auto f = m.find(key); f != m.end()) return f->second;
    SEGSCOPE_TRY(std::string name, compute(v, {}));
    memo_.back()[key] = name;  // a name bound in this scope: only valid here and deeper
    return name;
  }
  return args_.scalar(v);
}

Result<std::string> Emitter::compute(const ir::Val* v, const Index& idx) {
  const ir::Expr* e = v->definition();
  if (!e)
    return makeError("cuda codegen: " + v->name() + " is neither computed in the segment nor passed in", v->loc());
  if (!storageType(v->dtype()) && v->dtype() != ir::DataType::Null)
    return unsupported(*e, "dtype " + std::string(ir::dataTypeName(v->dtype())) + " is not supported");
  switch (e->family()) {
    case ir::OpFamily::Unary:
    case ir::OpFamily::Binary:
    case ir::OpFamily::Ternary:
    case ir::OpFamily::Cast: return elementwise(*e, idx);
    case ir::OpFamily::Reduction:
    case ir::OpFamily::Var:
    case ir::OpFamily::VarMean:
    case ir::OpFamily::Welford: {
      if (!onReduction) return unsupported(*e, "a reduction inside a pointwise kernel");
      std::size_t output = 0;
      while (e->output(output) != v) ++output;
      return onReduction(*e, output, idx);
    }
    case ir::OpFamily::Gather:
    case ir::OpFamily::IndexSelect:
    case ir::OpFamily::Select:
    case ir::OpFamily::Size: return indexing(*e, idx);
    case ir::OpFamily::Full:
    case ir::OpFamily::Iota: return creation(*e, idx);
    case ir::OpFamily::Broadcast:
    case ir::OpFamily::BroadcastInDim:
    case ir::OpFamily::Expand:
    case ir::OpFamily::Squeeze:
    case ir::OpFamily::Reshape:
    case ir::OpFamily::Permute:
    case ir::OpFamily::Set:
    case ir::OpFamily::StrideOrder:
    case ir::OpFamily::Slice:
    case ir::OpFamily::Pad:
    case ir::OpFamily::Cat:
    case ir::OpFamily::Triu: return view(*e, idx);
    default: return unsupported(*e, "no CUDA code generation for this op yet");
  }
}

}  // namespace segscope::exec::cuda::codegen
