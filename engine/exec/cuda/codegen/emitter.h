// Expression emitter shared by all kernel kinds: the value of any segment val at a
// multi-index, as CUDA C++ statements computed in registers, reading inputs through strides.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "exec/cuda/codegen/kernel_plan.h"

namespace segscope::exec::cuda::codegen {

/// One index expression per dim of a tensor; "0" for extent-1 dims.
using Index = std::vector<std::string>;

/// Concrete sizes and host-known scalar values of the segment's vals.
class SizeTable {
 public:
  SizeTable(const scheduler::RuntimeInfo& info, const segmenter::Segment& seg, const ir::Fusion& segmentFusion);
  Result<std::vector<std::int64_t>> sizes(const ir::Val* v) const;
  std::optional<std::int64_t> intValue(const ir::Val* v) const;
  Result<std::int64_t> resolve(const ir::SymInt& s, const ir::Expr& user) const;
  /// Scalars that are extents of some tensor: baked into the source as constants.
  bool isExtent(const ir::Val* v) const { return extents_.count(v) > 0; }

 private:
  const ir::Val* completeVal(const ir::Val* v) const;
  const scheduler::RuntimeInfo& info_;
  std::unordered_map<int, const ir::Val*> complete_;
  std::set<const ir::Val*> extents_;
};

/// The parameters a kernel uses, named and in first-use order per kind.
class ArgTable {
 public:
  /// The parameter of `v` (registered on first use, contiguous unless `strides` is given).
  std::string tensor(const ir::Val* v, KernelArg::Kind kind, const std::vector<std::int64_t>& sizes,
                     const std::vector<std::int64_t>& strides = {});
  /// The strides `v` gets when it is registered without explicit ones (an output's allocation
  /// order, CodegenOptions::outputAllocationOrder).
  void planStrides(const ir::Val* v, std::vector<std::int64_t> strides) { planned_[v] = std::move(strides); }
  std::string scalar(const ir::Val* v);
  /// A Temp tensor no IR val stands for (partials of split reductions): `id` < 0, contiguous.
  std::string scratch(int id, ir::DataType dtype, const std::vector<std::int64_t>& sizes, const std::string& name);
  /// Tensor args first (in first-use order), then scalars.
  std::vector<KernelArg> args() const;
  /// The parameter list; `unnamedStrides` leaves the stride parameters unnamed (an entry that
  /// declares them as literals instead).
  std::string signature(bool unnamedStrides = false) const;
  /// "const sg_ix in3_s0 = 4096;" per stride of every tensor parameter: its KernelArg::strides.
  std::string literalStrides(const std::string& indent) const;
  /// The largest element span of any tensor parameter under its KernelArg::strides.
  std::int64_t largestSpan() const;
  static std::string stride(const std::string& param, std::size_t dim) { return param + "_s" + std::to_string(dim); }

 private:
  struct Entry {
    KernelArg arg;
    std::string name;
    int rank = 0;
  };
  std::vector<Entry> entries_;
  std::map<const ir::Val*, std::vector<std::int64_t>> planned_;
};

std::vector<std::int64_t> contiguousStrides(const std::vector<std::int64_t>& sizes);
std::int64_t numelOf(const std::vector<std::int64_t>& sizes);
/// A tensor's dense strides in its declared stride order (fd.define_tensor(stride_order=...)):
/// the layout its input is expected in. Row-major without one.
std::vector<std::int64_t> declaredStrides(const ir::Val* v, const std::vector<std::int64_t>& sizes);
/// Dense strides of `sizes` in stride order `order` (order[d]: dim d's rank by stride, 0
/// innermost); row-major when `order` is not a permutation of the dims.
std::vector<std::int64_t> stridesInOrder(const std::vector<std::int64_t>& sizes,
                                         const std::vector<std::int64_t>& order);
Error unsupported(const ir::Expr& e, const std::string& why);

/// What lets tensor parameter `param` move `width` elements of `elementBytes` each as one access
/// at run time: aligned to the access, innermost stride 1, the other strides (of dims wider than
/// 1) multiples of the width. A stride-0 broadcast, a permuted or an offset view fails it.
/// `hostChecked`: the kernel has host-checked entries (CodegenOptions::hostLayout), where the
/// runner already checked 16-byte alignment (`sg_host_checked` is true there): accesses of at
/// most 16 bytes skip their alignment check in that entry.
/// `along`: the dim the lanes run along (the innermost by default).
std::vector<std::string> vectorAccessGuard(const std::string& param, int elementBytes,
                                           const std::vector<std::int64_t>& sizes, std::int64_t width,
                                           bool hostChecked = false, std::optional<std::size_t> along = std::nullopt);
/// The conditions of a kernel's `if (...) { vector body } else { scalar body }`, one per line
/// ("true" when there are none).
std::string guardCondition(const std::vector<std::string>& conditions);

/// True when `s` is one C identifier; with `orNumber`, also any run of letters, digits and
/// underscores (a literal such as 42 needs no binding either).
bool isIdentifier(const std::string& s, bool orNumber = false);

class Emitter {
 public:
  /// Answers a reduction output's value at `idx`, or an Error when this kernel cannot.
  using ReductionHook = std::function<Result<std::string>(const ir::Expr& e, std::size_t output, const Index& idx)>;

  Emitter(const SizeTable& sizes, ArgTable& args, std::set<const ir::Val*> inMemory);

  /// The value of `v` at `idx` (its own dims), as a name or literal of its compute type.
  Result<std::string> value(const ir::Val* v, const Index& idx);
  /// Writes `value` to output/temp tensor `v` at `idx` (contiguous).
  Result<std::string> store(const ir::Val* v, KernelArg::Kind kind, const Index& idx, const std::string& value);
  /// The element offset of `idx` in tensor parameter `param`, through its stride parameters.
  static std::string offset(const std::string& param, const Index& idx);
  /// Index expressions of a linear index over `sizes` (row-major), emitted as variables.
  Index unravel(const std::string& linear, const std::vector<std::int64_t>& sizes, const std::string& prefix);

  void line(const std::string& text);
  void open(const std::string& header);  // "header {" and indent
  void close();                          // "}" and drop the values computed inside
  std::string fresh(const std::string& prefix) { return prefix + std::to_string(counter_++); }
  std::string take() { return std::move(text_); }
  const std::string& text() const { return text_; }
  int indent() const { return indent_; }
  void setIndent(int indent) { indent_ = indent; }

  /// A tensor value asked for in the innermost open scope: its memo key, name and val;
  /// `bound`: the name was declared in this scope (not a name from an enclosing one).
  struct ScopeValue {
    std::string key, name;
    const ir::Val* val = nullptr;
    bool bound = false;
    Index index;  // the (normalized) index it was asked for at
  };
  const std::vector<ScopeValue>& scopeValues() const { return scopeValues_.back(); }
  /// Lvalues that answer (val, index) memo keys that no open scope holds: values an earlier
  /// loop kept in registers for a later one (a row kernel's register-resident row).
  std::map<std::string, std::string> carried;
  /// Inserts `text` at byte `pos` of the text emitted so far (declarations known only later).
  void insert(std::size_t pos, const std::string& text) { text_.insert(pos, text); }

  ReductionHook onReduction;
  /// May redirect a load of `v` at `idx` from `globalElement` ("in3[...]"): returns another
  /// lvalue of the storage type to read (a shared-memory copy of the row), or nullopt.
  std::function<std::optional<std::string>(const ir::Val* v, const Index& idx, const std::string& globalElement)>
      onLoad;
  /// Vals in memory that an earlier kernel of an unfused plan wrote (Temp, not Input, args).
  std::set<const ir::Val*> temps;
  /// tanh, exp, sigmoid and silu through the prelude's hardware approximations (sg_ftanh,
  /// sg_fexp, sg_fdiv); the kernel's context decides (KernelContext::fastMath).
  bool fastMath = false;
  /// Index variables as `sg_ix` and index literals without the LL suffix: the kernel's entries
  /// declare sg_ix (CodegenOptions::hostLayout), so that one body serves a 32-bit entry too.
  bool hostLayout = false;
  std::string indexType() const { return hostLayout ? "sg_ix" : "long long"; }
  std::string indexLiteral(std::int64_t v) const { return std::to_string(v) + (hostLayout ? "" : "LL"); }
  /// Vector lanes through views (CodegenOptions::vectorLanes): > 0 while a vector path of this
  /// many lanes is emitted. An index in lane form (base, j) is `base + j` with base a multiple of
  /// the width: the lanes of one run. Slices (step 1, start a multiple of the width) and reshapes
  /// (both innermost extents multiples of the width) keep the form, so that a tensor read through
  /// them moves as one vector too. 0: every lane is emitted on its own.
  std::int64_t laneWidth = 0;
  /// `base` itself for lane 0, else "(base + j)"; either way recorded in lane form.
  std::string laneIndex(const std::string& base, std::int64_t lane);
  std::optional<std::pair<std::string, std::int64_t>> laneForm(const std::string& index) const {
    auto it = laneForms_.find(index);
    return it == laneForms_.end() ? std::nullopt : std::optional<std::pair<std::string, std::int64_t>>(it->second);
  }
  const SizeTable& sizes() const { return sizes_; }

 private:
  Result<std::string> compute(const ir::Val* v, const Index& idx);
  Result<std::string> load(const ir::Val* v, const Index& idx);
  Result<std::string> scalarValue(const ir::Val* v);
  Result<std::string> elementwise(const ir::Expr& e, const Index& idx);
  Result<std::string> view(const ir::Expr& e, const Index& idx);
  Result<std::string> indexing(const ir::Expr& e, const Index& idx);
  Result<std::string> creation(const ir::Expr& e, const Index& idx);
  Result<Index> normalized(const ir::Val* v, const Index& idx);
  std::string bind(const std::string& type, const std::string& expr, const std::string& prefix = "v");
  std::string bindIndex(const std::string& expr);

  const SizeTable& sizes_;
  ArgTable& args_;
  std::set<const ir::Val*> inMemory_;
  std::string text_;
  int indent_ = 1;
  int counter_ = 0;
  std::vector<std::map<std::string, std::string>> memo_{1};                // (val, index) -> name, per scope
  std::vector<std::vector<ScopeValue>> scopeValues_{1};                    // the tensor entries of memo_, in order
  std::vector<std::set<std::string>> boundNames_{1};                       // names declared per scope
  std::map<std::string, std::pair<std::string, std::int64_t>> laneForms_;  // see laneWidth
};

}  // namespace segscope::exec::cuda::codegen
