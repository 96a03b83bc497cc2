// Builds a standalone Fusion per segment (ids kept), its script and its index maps.
#include "segmenter/segment_export.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

#include "frontend/script.h"
#include "frontend/writer.h"
#include "scheduler/runtime_info.h"

namespace segscope::segmenter {
namespace {

using ir::SymInt;

int maxValId(const ir::Fusion& f) {
  int m = -1;
  for (const ir::Val* v : f.vals()) m = std::max(m, v->id());
  return m;
}

bool isConstant(const ir::Val* v) { return v->isScalar() && static_cast<const ir::Scalar*>(v)->isConstant(); }

// Copies one segment of the complete fusion into a fresh Fusion, value by value.
class Exporter {
 public:
  Exporter(const ir::Fusion& full, const Segment& segment)
      : full_(full), segment_(segment), nextFreshId_(maxValId(full) + 1) {}

  Result<std::unique_ptr<ir::Fusion>> build() {
    f_ = std::make_unique<ir::Fusion>();
    f_->setName((full_.name().empty() ? std::string("nvfuser_fusion_id0") : full_.name()) + "_segment" +
                std::to_string(segment_.id));
    addInputs();
    for (const ir::Expr* e : segment_.exprs)
      if (Status st = copyExpr(*e); !st) return st.error();
    if (Status st = addOutputs(); !st) return st.error();
    for (const ir::Val* a : full_.axioms())
      if (auto it = map_.find(a); it != map_.end()) f_->addAxiom(it->second);
    if (Status st = f_->verify(); !st)
      return makeError(where() + "the exported fusion is invalid: " + st.error().message);
    return std::move(f_);
  }

 private:
  std::string where() const { return "segment " + std::to_string(segment_.id) + ": "; }

  void named(ir::Val* copy, const ir::Val* original) {
    f_->setName(copy, original->name());
    copy->setLoc(original->loc());
    map_[original] = copy;
  }

  ir::Scalar* copyScalar(const ir::Scalar* s) {
    ir::Scalar* copy = f_->restoreScalar(s->id(), s->dtype(), s->value());
    named(copy, s);
    return copy;
  }

  // A new extent measuring dim `dim` of `owner` (a tensor of the segment fusion).
  ir::Scalar* freshExtent(ir::TensorView* owner, int dim) {
    ir::Scalar* s = f_->restoreScalar(nextFreshId_++, ir::DataType::Index, std::nullopt);
    f_->setName(s, "i" + std::to_string(s->id()));
    s->setExtentOf(owner, dim);
    return s;
  }

  // A tensor copy whose extents are set afterwards (they may measure the copy itself).
  ir::TensorView* copyTensorShell(const ir::TensorView* t) {
    std::vector<ir::Dim> dims = t->dims();
    for (ir::Dim& d : dims) d.extent = SymInt::constant(d.extent.isConst() ? d.extent.value : 1);
    ir::TensorView* copy = f_->restoreTensor(t->id(), t->dtype(), std::move(dims));
    copy->setContiguity(t->contiguity());
    copy->setStrideOrder(t->strideOrder());
    copy->setCpu(t->isCpu());
    named(copy, t);
    return copy;
  }

  // Scalars first, so that a complete-fusion input's own extents (which may also be
  // scalar inputs of the segment) exist when its tensor is copied.
  void addInputs() {
    for (const ir::Val* v : segment_.inputs)
      if (v->isScalar()) copyScalar(static_cast<const ir::Scalar*>(v));
    for (const ir::Val* v : segment_.inputs)
      if (const ir::TensorView* t = v->asTensor()) {
        ir::TensorView* copy = copyTensorShell(t);
        // An intermediate has no contiguity; as a segment input it arrives dense.
        copy->setContiguity(frontend::contiguityOrDense(*copy));
        bindInputExtents(t, copy);
      }
    for (const ir::Val* v : segment_.inputs) f_->addInput(map_.at(v));
  }

  // Every symbolic dim of a segment input is measured on that input, so no extent depends
  // on a value outside the segment.
  void bindInputExtents(const ir::TensorView* t, ir::TensorView* copy) {
    for (int d = 0; d < t->rank(); ++d) {
      const SymInt& e = t->dim(static_cast<std::size_t>(d)).extent;
      if (e.isConst()) continue;
      const auto* s = static_cast<const ir::Scalar*>(e.sym);
      ir::Scalar* extent = nullptr;
      if (s->extentOf() == t && s->extentDim() == d) {
        auto it = map_.find(s);
        extent = it != map_.end() ? static_cast<ir::Scalar*>(it->second) : copyScalar(s);
      } else {
        extent = freshExtent(copy, d);
        standIn_.emplace(s, extent);  // the first segment tensor carrying it stands in
      }
      extent->setExtentOf(copy, d);
      copy->setExtent(static_cast<std::size_t>(d), SymInt::symbolic(extent));
    }
  }

  SymInt mapExtent(const SymInt& e, ir::TensorView* owner, int dim) {
    if (e.isConst()) return e;
    if (auto it = map_.find(e.sym); it != map_.end()) return SymInt::symbolic(it->second);
    if (auto it = standIn_.find(e.sym); it != standIn_.end()) return SymInt::symbolic(it->second);
    ir::Scalar* fresh = freshExtent(owner, dim);
    standIn_.emplace(e.sym, fresh);
    return SymInt::symbolic(fresh);
  }

  Result<ir::Val*> operand(const ir::Val* v, const ir::Expr& e) {
    if (auto it = map_.find(v); it != map_.end()) return it->second;
    if (isConstant(v)) return static_cast<ir::Val*>(copyScalar(static_cast<const ir::Scalar*>(v)));
    return makeError(where() + e.toString() + " reads " + v->name() +
                     ", which is neither a segment input nor computed earlier in the segment");
  }

  Result<SymInt> attribute(const SymInt& s, const ir::Expr& e) {
    if (s.isConst()) return s;
    SEGSCOPE_TRY(ir::Val * v, operand(s.sym, e));
    return SymInt::symbolic(v);
  }

  Status mapAttributes(ir::ExprAttributes& attrs, const ir::Expr& e) {
    for (std::vector<SymInt>* list : attrs.symbolicLists())
      for (SymInt& s : *list) {
        SEGSCOPE_TRY(s, attribute(s, e));
      }
    return {};
  }

  Status copyExpr(const ir::Expr& e) {
    std::vector<ir::Val*> operands, outputs;
    for (std::size_t i = 0; i < e.numOperands(); ++i) {
      SEGSCOPE_TRY(ir::Val * v, operand(e.operand(i), e));
      operands.push_back(v);
    }
    ir::ExprAttributes attrs = e.attrs();
    if (Status st = mapAttributes(attrs, e); !st) return st;
    for (const ir::Val* out : e.outputs()) {
      if (map_.count(out)) return makeError(where() + out->name() + " is computed twice");
      if (const ir::TensorView* t = out->asTensor()) {
        ir::TensorView* copy = copyTensorShell(t);
        for (int d = 0; d < t->rank(); ++d)
          copy->setExtent(static_cast<std::size_t>(d), mapExtent(t->dim(static_cast<std::size_t>(d)).extent, copy, d));
        outputs.push_back(copy);
      } else {
        ir::Scalar* copy = f_->restoreScalar(out->id(), out->dtype(), std::nullopt);
        named(copy, out);
        outputs.push_back(copy);
      }
    }
    ir::Expr* copy = f_->restoreExpr(e.id(), e.op(), std::move(operands), std::move(outputs), std::move(attrs));
    copy->setLoc(e.loc());
    return {};
  }

  // A fusion output keeps its stride order, and its alias when the aliased input is a
  // segment input too.
  Status addOutputs() {
    for (const ir::Val* v : segment_.outputs) {
      auto it = map_.find(v);
      if (it == map_.end() || !it->second->definition())
        return makeError(where() + "output " + v->name() + " is not computed by the segment");
      const auto o = std::find_if(full_.outputs().begin(), full_.outputs().end(),
                                  [v](const ir::FusionOutput& fo) { return fo.val == v; });
      if (o == full_.outputs().end()) {
        f_->addOutput(it->second);
        continue;
      }
      ir::Val* alias = nullptr;
      if (o->aliasOf)
        if (auto a = map_.find(o->aliasOf); a != map_.end() && f_->isInput(a->second)) alias = a->second;
      f_->addOutput(it->second, alias, o->strideOrder);
    }
    return {};
  }

  const ir::Fusion& full_;
  const Segment& segment_;
  int nextFreshId_;
  std::unique_ptr<ir::Fusion> f_;
  std::unordered_map<const ir::Val*, ir::Val*> map_;         // complete fusion → copy
  std::unordered_map<const ir::Val*, ir::Scalar*> standIn_;  // unseen extent → fresh extent
};

int indexOf(const std::vector<ir::Val*>& list, const ir::Val* v) {
  auto it = std::find(list.begin(), list.end(), v);
  return it == list.end() ? -1 : static_cast<int>(it - list.begin());
}

int outputIndexOf(const ir::Fusion& f, const ir::Val* v) {
  const auto& outs = f.outputs();
  auto it = std::find_if(outs.begin(), outs.end(), [v](const ir::FusionOutput& o) { return o.val == v; });
  return it == outs.end() ? -1 : static_cast<int>(it - outs.begin());
}

int producerOf(const Segmentation& s, const ir::Val* v) {
  for (const Segment& seg : s.segments)
    if (std::find(seg.outputs.begin(), seg.outputs.end(), v) != seg.outputs.end()) return seg.id;
  return -1;
}

Status fillIndexMaps(const Segmentation& s, const Segment& seg, SegmentExport& x) {
  const ir::Fusion& full = *s.fusion;
  for (const ir::Val* v : seg.inputs) {
    const int index = indexOf(full.inputs(), v);
    const int producer = producerOf(s, v);
    const auto* scalar = v->isScalar() ? static_cast<const ir::Scalar*>(v) : nullptr;
    ArgSource source = ArgSource::FusionInput;
    if (index < 0 && producer >= 0)
      source = ArgSource::Segment;
    else if (index < 0 && scalar && scalar->extentOf())
      source = ArgSource::Extent;
    else if (index < 0)
      return makeError("segment " + std::to_string(seg.id) + " reads " + v->name() +
                       ", which is not a fusion input, not produced by a segment and not an extent");
    x.inputValId.push_back(v->id());
    x.inputIndex.push_back(index);
    x.inputSource.push_back(source);
    x.inputProducer.push_back(producer);
  }
  for (const ir::Val* v : seg.outputs) {
    x.outputValId.push_back(v->id());
    x.outputIndex.push_back(outputIndexOf(full, v));
  }
  return {};
}

std::vector<std::string> scriptHeader(const Segmentation& s, const Segment& seg) {
  std::string kind = seg.host ? "host" : "device";
  return {"# Segment " + std::to_string(seg.id) + " of " + std::to_string(s.segments.size()) + " (" +
          std::string(scheduler::schedulerName(seg.scheduler)) + ", " + kind + ") exported by Segscope"};
}

// Row-major strides with 0 for expanded broadcast dims (they arrive with stride 0, as
// their None contiguity says); empty when nothing is expanded.
std::vector<std::int64_t> expandedStrides(const ir::TensorView& t, const std::vector<std::int64_t>& sizes) {
  const bool expanded = std::any_of(t.dims().begin(), t.dims().end(),
                                    [](const ir::Dim& d) { return d.kind == ir::IterKind::ExpandedBroadcast; });
  if (!expanded || sizes.size() != t.dims().size()) return {};
  std::vector<std::int64_t> strides(sizes.size(), 0);
  std::int64_t next = 1;
  for (std::size_t d = sizes.size(); d-- > 0;) {
    if (t.dim(d).kind == ir::IterKind::ExpandedBroadcast) continue;
    strides[d] = next;
    next *= std::max<std::int64_t>(sizes[d], 1);
  }
  return strides;
}

// An intermediate's footer entry from the sizes and host scalar values the complete
// fusion's input specs imply, so the script runs on consistent inputs.
void refineSpec(ir::InputSpec& spec, const ir::Val* v, const scheduler::RuntimeInfo& rt) {
  if (const ir::TensorView* t = v->asTensor()) {
    if (auto sizes = rt.sizes(v)) spec.sizes = *sizes;
    spec.strides = expandedStrides(*t, spec.sizes);
  } else if (ir::isIntegral(v->dtype())) {
    if (auto i = rt.intValue(v)) spec.value = ir::ScalarValue(*i);
  } else if (ir::isFloating(v->dtype())) {
    if (auto d = rt.doubleValue(v)) spec.value = ir::ScalarValue(*d);
  }
}

std::string segmentScript(const Segmentation& s, const Segment& seg, const SegmentExport& x,
                          const ExportOptions& options, const scheduler::RuntimeInfo* rt) {
  std::vector<ir::InputSpec> specs = frontend::defaultInputs(*x.fusion);
  for (std::size_t i = 0; i < specs.size() && options.fusionInputs; ++i) {
    const int index = x.inputIndex[i];
    if (index >= 0 && static_cast<std::size_t>(index) < options.fusionInputs->size())
      specs[i] = (*options.fusionInputs)[static_cast<std::size_t>(index)];
    else if (rt)
      refineSpec(specs[i], s.fusion->valById(x.inputValId[i]), *rt);
  }
  frontend::WriteOptions write;
  write.header = scriptHeader(s, seg);
  return frontend::writeScript(*x.fusion, specs, write);
}

// Sizes and host scalars of the complete fusion, when its input specs are given and bind.
std::optional<scheduler::RuntimeInfo> bindRuntime(const Segmentation& s, const ExportOptions& options) {
  if (!options.writeScript || !options.fusionInputs) return std::nullopt;
  auto rt = scheduler::RuntimeInfo::bind(*s.fusion, *options.fusionInputs);
  if (!rt) return std::nullopt;  // the footer falls back to defaults; the script is still valid
  return std::move(rt.value());
}

Result<SegmentExport> exportOne(const Segmentation& segmentation, int segmentId, const ExportOptions& options,
                                const scheduler::RuntimeInfo* rt) {
  if (!segmentation.fusion) return makeError("segment export: the segmentation has no fusion");
  if (segmentId < 0 || static_cast<std::size_t>(segmentId) >= segmentation.segments.size())
    return makeError("segment export: there is no segment " + std::to_string(segmentId));
  const Segment& seg = segmentation.segments[static_cast<std::size_t>(segmentId)];
  SegmentExport x;
  x.segment = seg.id;
  x.host = seg.host;
  x.scheduler = seg.scheduler;
  SEGSCOPE_TRY(x.fusion, Exporter(*segmentation.fusion, seg).build());
  if (Status st = fillIndexMaps(segmentation, seg, x); !st) return st.error();
  if (options.writeScript) x.script = segmentScript(segmentation, seg, x, options, rt);
  return x;
}

}  // namespace

Result<SegmentExport> exportSegment(const Segmentation& segmentation, int segmentId, const ExportOptions& options) {
  if (!segmentation.fusion) return makeError("segment export: the segmentation has no fusion");
  const auto rt = bindRuntime(segmentation, options);
  return exportOne(segmentation, segmentId, options, rt ? &*rt : nullptr);
}

Result<std::vector<SegmentExport>> exportAllSegments(const Segmentation& segmentation, const ExportOptions& options) {
  if (!segmentation.fusion) return makeError("segment export: the segmentation has no fusion");
  const auto rt = bindRuntime(segmentation, options);  // once for every segment
  std::vector<SegmentExport> all;
  all.reserve(segmentation.runOrder.size());
  for (int id : segmentation.runOrder) {
    SEGSCOPE_TRY(SegmentExport x, exportOne(segmentation, id, options, rt ? &*rt : nullptr));
    all.push_back(std::move(x));
  }
  return all;
}

std::string_view argSourceName(ArgSource source) {
  switch (source) {
    case ArgSource::FusionInput: return "fusion_input";
    case ArgSource::Segment: return "segment";
    case ArgSource::Extent: return "extent";
  }
  return "?";
}

}  // namespace segscope::segmenter
