// A session printed in nvFuser's log formats, for the log reader's and compare-log's tests.
#include "engine/comparison/nvlog_writer.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "comparison/log_alignment.h"
#include "ir/ops.h"
#include "scheduler/scheduler_type.h"

namespace segscope::testing {

const char* eraName(LogEra era) {
  switch (era) {
    case LogEra::Era2024: return "2024";
    case LogEra::Era2025: return "2025";
    case LogEra::Era2026: return "2026";
  }
  return "?";
}

namespace {

// nvFuser's `name()` of each pass Segscope models (csrc/preseg_passes/*.h).
std::string nvFuserPassName(const std::string& ours) {
  static const std::map<std::string, std::string> names = {
      {"remove_empty", "RemoveEmptyPass"},
      {"translate_no_reduction_matmul_to_mul_squeeze", "TranslateNoReductionMatmulToMulSqueeze"},
      {"translate_repeat_to_expand", "TranslateRepeatToExpand"},
      {"consecutive_cast", "ConsecutiveCastPass"},
      {"add_axioms", "AddAxiomsPass"},
      {"move_split_cat", "MoveSplitCatPass"},
      {"move_pad", "MovePadPass"},
      {"exact_mapped_extent_substitution", "ExactMappedExtentSubstitutionPass"},
      {"remove_bcast_squeeze", "RemoveBcastSqueeze"},
      {"segment_inplace_update", "SegmentInplaceUpdate"},
      {"move_repeat_forward", "MoveRepeatForwardPass"},
      {"move_gather", "MoveGatherPass"},
      {"mark_aliases_prepare", "MarkAliasesPreparePass"},
      {"allocation_domain", "AllocationDomainPass"},
  };
  auto it = names.find(ours);
  return it == names.end() ? "" : it->second;
}

std::string castName(ir::DataType t) {
  std::string s(comparison::nvFuserDtypeName(t));
  if (s.starts_with("__")) s = s.substr(2);
  if (s == "int64_t") s = "int64";
  return s;
}

const char* infixOf(ir::OpType op) {
  using ir::OpType;
  switch (op) {
    case OpType::Add: return "+";
    case OpType::Sub: return "-";
    case OpType::Mul: return "*";
    case OpType::Div:
    case OpType::TrueDiv: return "/";
    case OpType::Eq: return "==";
    case OpType::Ne: return "!=";
    case OpType::Lt: return "<";
    case OpType::Gt: return ">";
    case OpType::Le: return "<=";
    case OpType::Ge: return ">=";
    case OpType::LogicalAnd: return "&&";
    case OpType::LogicalOr: return "||";
    default: return nullptr;
  }
}

const char* reductionOpOf(ir::OpType op) {
  switch (op) {
    case ir::OpType::Prod: return "mul";
    case ir::OpType::Max: return "fmax";
    case ir::OpType::Min: return "fmin";
    default: return "add";
  }
}

class Printer {
 public:
  Printer(LogEra era, std::map<int, int> numbers) : era_(era), numbers_(std::move(numbers)) {}

  std::string tensor(const ir::Val* v, const ir::Fusion& f) {
    const auto* tv = v->asTensor();
    std::vector<std::string> dims;
    const ir::Expr* def = v->definition();
    if (def && def->family() == ir::OpFamily::Reduction && !def->attrs().keepdim) {
      // nvFuser keeps a reduction's reduced dims on its output, as `rS`.
      const auto* in = def->operand(0)->asTensor();
      std::set<std::int64_t> reduced;
      for (std::int64_t d : def->attrs().dims) reduced.insert(d < 0 ? d + in->rank() : d);
      std::size_t next = 0;
      for (int d = 0; d < in->rank(); ++d) {
        if (reduced.count(d)) {
          dims.push_back("rS" + dimNumber(v->id(), -1 - d) + "{" + extent(in->dim(static_cast<std::size_t>(d))) + "}");
          continue;
        }
        dims.push_back(iterDim(v->id(), static_cast<int>(next), tv->dim(next)));
        ++next;
      }
    } else {
      for (int d = 0; d < tv->rank(); ++d) dims.push_back(iterDim(v->id(), d, tv->dim(static_cast<std::size_t>(d))));
    }
    const bool global = f.isInput(v) || f.isOutput(v);
    // A value only a merge step's fusion has (a segmenter rewrite) gets the next number.
    auto [it, added] = numbers_.emplace(v->id(), static_cast<int>(numbers_.size()));
    std::string s = "T" + std::to_string(it->second) + "_" + (global ? "g" : "l");
    std::string joined;
    for (const std::string& d : dims) joined += (joined.empty() ? "" : ", ") + d;
    if (era_ == LogEra::Era2024) return s + "[ " + joined + " ]";
    return s + "_" + std::string(comparison::nvFuserDtypeName(v->dtype())) + "[" + joined + "]";
  }

  std::string operand(const ir::Val* v, const ir::Fusion& f) {
    if (v->isTensor()) return tensor(v, f);
    if (const ir::Scalar* s = v->asScalar(); s && s->isConstant())
      return "double(" + ir::formatScalarValue(*s->value()) + ")";
    return "d" + std::to_string(v->id());
  }

  std::string expr(const ir::Expr& e, const ir::Fusion& f) {
    std::ostringstream out;
    out << tensor(e.output(), f) << "\n   = ";
    const auto arg = [&](std::size_t i) { return operand(e.operand(i), f); };
    if (const char* infix = infixOf(e.op()); infix && e.numOperands() == 2) {
      out << arg(0) << "\n   " << infix << " " << arg(1) << ";";
    } else if (e.family() == ir::OpFamily::Reduction) {
      out << "reduction( " << arg(0) << ", op = " << reductionOpOf(e.op())
          << ", initial value = float(0), allreduce = false )";
    } else if (e.op() == ir::OpType::Broadcast) {
      std::string flags;
      for (bool b : e.attrs().flags) flags += std::string(flags.empty() ? "" : ", ") + (b ? "true" : "false");
      out << "broadcast( " << arg(0) << ", flags = {" << flags << "} )";
    } else if (e.op() == ir::OpType::Cast) {
      out << "__" << castName(e.operand(0)->dtype()) << "2" << castName(e.output()->dtype()) << "(" << arg(0) << ");";
    } else if (e.op() == ir::OpType::Neg) {
      out << "-" << arg(0) << ";";
    } else if (e.op() == ir::OpType::Set || e.op() == ir::OpType::SegmentSet) {
      out << "Set( " << arg(0) << ", cache_op=Streaming )";
    } else if (e.op() == ir::OpType::Permute) {
      out << "Set.Permute( " << arg(0) << ", cache_op=Streaming )";
    } else if (e.op() == ir::OpType::Reshape) {
      out << "view( " << arg(0) << " )";
    } else {
      out << comparison::nvFuserOpName(e) << "(";
      for (std::size_t i = 0; i < e.numOperands(); ++i) out << (i ? ", " : "") << arg(i);
      out << ");";
    }
    return out.str();
  }

  static bool printable(const ir::Expr& e) { return !e.outputs().empty() && e.output()->isTensor(); }

  std::string fusion(const ir::Fusion& f, bool kernelWithTransforms) {
    std::ostringstream out;
    out << "Inputs:\n";
    for (const ir::Val* v : f.inputs())
      if (v->isTensor()) out << "  " << tensor(v, f) << typeSuffix(v) << "\n";
    out << "Outputs:\n";
    for (const ir::FusionOutput& o : f.outputs())
      if (o.val->isTensor()) out << "  " << tensor(o.val, f) << typeSuffix(o.val) << "\n";
    const char* block = kernelWithTransforms ? "%kernel" : "%kernel_math";
    out << "\n" << block << " {\n";
    for (const ir::Expr* e : f.exprs())
      if (printable(*e)) out << expr(*e, f) << "\n";
    if (kernelWithTransforms) {
      out << "\nTransformPrinter : \n";
      for (const ir::Val* v : f.inputs())
        if (v->isTensor()) out << tensor(v, f) << "\n  logical domain: (...)\n  contiguity: t\n";
    }
    out << "} // " << block << (kernelWithTransforms ? "\n" : " \n");
    return out.str();
  }

 private:
  std::string typeSuffix(const ir::Val* v) const {
    return era_ == LogEra::Era2024 ? ", " + std::string(comparison::nvFuserDtypeName(v->dtype())) : "";
  }
  std::string dimNumber(int val, int dim) {
    auto [it, added] = dimNumbers_.emplace(std::make_pair(val, dim), nextDim_);
    if (added) ++nextDim_;
    return std::to_string(it->second);
  }
  static std::string extent(const ir::Dim& d) {
    return d.extent.isConst() ? std::to_string(d.extent.value) : "i" + std::to_string(d.extent.sym->id());
  }
  std::string iterDim(int val, int dim, const ir::Dim& d) {
    return (d.isBroadcast() ? "bS" : "iS") + dimNumber(val, dim) + "{" + (d.isBroadcast() ? "1" : extent(d)) + "}";
  }

  LogEra era_;
  std::map<int, int> numbers_;  // our tensor's id -> nvFuser's T number
  std::map<std::pair<int, int>, int> dimNumbers_;
  int nextDim_ = 0;
};

std::map<int, int> numberTensors(const pipeline::Session& session) {
  // nvFuser numbers TensorViews in creation order; Segscope's ids grow the same way.
  std::set<int> ids;
  auto collect = [&](const ir::Fusion& f) {
    for (const ir::Val* v : f.vals())
      if (v->isTensor()) ids.insert(v->id());
  };
  if (session.loaded) collect(*session.loaded);
  for (const trace::Step& s : session.trace->steps())
    if (s.kind == trace::StepKind::Pass && s.after && s.after->fusion) collect(*s.after->fusion);
  collect(*session.segmentation->fusion);
  std::map<int, int> numbers;
  for (int id : ids) numbers.emplace(id, static_cast<int>(numbers.size()));
  return numbers;
}

std::string nvVerdictLines(const trace::MergeInfo& m) {
  std::string out;
  for (const trace::SchedulerCheck& c : m.verdicts)
    out += c.ok ? "***Accepted*** as: " + c.scheduler + "\n"
                : "Scheduler _" + c.scheduler + "_ ***rejected*** because : " + c.reason + "\n";
  return out;
}

}  // namespace

std::string writeNvLog(const pipeline::Session& session, LogEra era) {
  std::ostringstream out;
  Printer p(era, numberTensors(session));
  const ir::Fusion& segmented = *session.segmentation->fusion;
  if (era == LogEra::Era2026 && session.loaded) {
    out << "Fusion before PreSegmenter:\n" << p.fusion(*session.loaded, false) << "\n";
    for (const trace::Step& s : session.trace->steps()) {
      if (s.kind != trace::StepKind::Pass || s.skipped || !s.after || !s.after->fusion) continue;
      const std::string name = nvFuserPassName(s.name);
      if (name.empty()) continue;
      out << "========================================\nFusion after pass: " << name << "\n"
          << p.fusion(*s.after->fusion, false) << "\n";
    }
    out << "========================================\n";
  }
  const trace::Step* whole = nullptr;
  for (const trace::Step& s : session.trace->steps())
    if (s.merge && s.phase == trace::Phase::WholeFusion) whole = &s;
  if (whole && !whole->merge->verdicts.empty()) {
    out << "***Runtime***: Try to schedule fusion un-segmented:\n\n" << nvVerdictLines(*whole->merge);
    if (whole->merge->ok()) return out.str();
  } else {
    out << "***Runtime***: Has segment hints, skip un-segmented scheduling.\n";
  }
  out << "\n***Runtime***: Try to schedule fusion segmented:\n\n";
  out << "Segment the fusion (Original Fusion Un-modified): \n" << p.fusion(segmented, false) << "\n";
  for (const trace::Step& s : session.trace->steps()) {
    if (!s.merge || s.phase == trace::Phase::WholeFusion || !s.merge->refusal.empty()) continue;
    const ir::Fusion& f = s.before && s.before->fusion ? *s.before->fusion : segmented;
    out << "\n**Segmenter** Considering fusion:\n";
    std::set<int> ids(s.merge->exprs.begin(), s.merge->exprs.end());
    for (const ir::Expr* e : f.exprs())
      if (ids.count(e->id()) && Printer::printable(*e)) out << p.expr(*e, f) << "\n";
    out << "\n" << nvVerdictLines(*s.merge);
  }
  // SegmentedFusion::print (csrc/fusion_segmenter.cpp): the complete fusion, then the groups.
  out << "Segmented_Fusion Dump: -- Re-written complete fusion:{\n"
      << p.fusion(segmented, era == LogEra::Era2026) << "\n} // {Re-written complete fusion}\n";
  const segmenter::Segmentation& seg = session.segmentation->segmentation;
  std::map<int, int> exprName;  // expr id -> its position, nvFuser's `(n)`
  for (const ir::Expr* e : segmented.exprs()) exprName.emplace(e->id(), static_cast<int>(exprName.size()));
  auto groupText = [&](const segmenter::Segment& s) {
    std::string names;
    for (const ir::Expr* e : s.exprs)
      if (Printer::printable(*e) && exprName.count(e->id()))
        names += (names.empty() ? "" : ", ") + std::to_string(exprName.at(e->id()));
    const std::string head = era == LogEra::Era2024 ? "g" : std::string(scheduler::schedulerName(s.scheduler));
    return head + "{" + names + "}";
  };
  out << "Segmented_Fusion Dump: -- fusion segments:\nSegmented_Fusion{ \ngroups: \n";
  for (int id : seg.runOrder)
    if (!seg.segments[static_cast<std::size_t>(id)].hostScalars)
      out << "  " << groupText(seg.segments[static_cast<std::size_t>(id)]) << "\n";
  out << "edges: \n";
  for (const segmenter::SegmentEdge& e : seg.edges) {
    const auto& from = seg.segments[static_cast<std::size_t>(e.from)];
    const auto& to = seg.segments[static_cast<std::size_t>(e.to)];
    if (from.hostScalars || to.hostScalars || !e.val || !e.val->isTensor()) continue;
    if (era == LogEra::Era2024)
      out << "e{ " << groupText(from) << "\n -> " << groupText(to) << "\n(" << p.tensor(e.val, segmented) << ") }\n";
    else
      out << "  e{ " << groupText(from) << " -> " << groupText(to) << "(" << p.tensor(e.val, segmented) << ") }\n";
  }
  out << "\ngroup details:\n";
  for (int id : seg.runOrder) {
    const segmenter::Segment& s = seg.segments[static_cast<std::size_t>(id)];
    if (s.hostScalars) continue;
    out << "g{(" << scheduler::schedulerName(s.scheduler) << ")\ngroup id: " << s.id << "\ninputs:\n";
    for (const ir::Val* v : s.inputs)
      if (v->isTensor())
        out << "  " << p.tensor(v, segmented) << " " << comparison::nvFuserDtypeName(v->dtype()) << "\n";
    out << "outputs:\n";
    for (const ir::Val* v : s.outputs)
      if (v->isTensor())
        out << "  " << p.tensor(v, segmented) << " " << comparison::nvFuserDtypeName(v->dtype()) << "\n";
    out << "\n\n";
    for (const ir::Expr* e : s.exprs)
      if (Printer::printable(*e) && exprName.count(e->id()))
        out << p.expr(*e, segmented) << "\n(" << exprName.at(e->id()) << ")\n";
    out << "}\n\n";
  }
  out << "} //Segmented_Fusion\n";
  return out.str();
}

}  // namespace segscope::testing
