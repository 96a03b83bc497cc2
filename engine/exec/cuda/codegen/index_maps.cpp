// Index maps of the data-movement ops: an output index becomes the operand's index
// (broadcast, expand, permute, reshape, squeeze, slice, pad, cat, gather, select), plus
// the creation ops (full, iota) whose value is a function of the index.
#include <algorithm>

#include "exec/cuda/codegen/emitter.h"
#include "exec/cuda/codegen/prelude.h"

namespace segscope::exec::cuda::codegen {

namespace {

// "a + b" without the noise of adding zero.
std::string plus(const Emitter& em, const std::string& a, std::int64_t b) {
  if (b == 0) return a;
  if (a == "0") return em.indexLiteral(b);
  return "(" + a + (b > 0 ? " + " + em.indexLiteral(b) : " - " + em.indexLiteral(-b)) + ")";
}

std::int64_t wrapDim(std::int64_t d, std::size_t rank) { return d < 0 ? d + static_cast<std::int64_t>(rank) : d; }

}  // namespace

Result<std::string> Emitter::view(const ir::Expr& e, const Index& idx) {
  const ir::ExprAttributes& a = e.attrs();
  const ir::Val* x = e.operand(0);
  SEGSCOPE_TRY(auto inSizes, sizes_.sizes(x));
  SEGSCOPE_TRY(auto outSizes, sizes_.sizes(e.output()));
  const std::size_t inRank = inSizes.size();
  switch (e.family()) {
    case ir::OpFamily::Set:
    case ir::OpFamily::StrideOrder:
    case ir::OpFamily::Expand: return value(x, idx);  // extent-1 dims read index 0
    case ir::OpFamily::Broadcast: {
      Index in;
      for (std::size_t d = 0; d < idx.size(); ++d)
        if (d >= a.flags.size() || !a.flags[d]) in.push_back(idx[d]);
      return value(x, in);
    }
    case ir::OpFamily::BroadcastInDim: {
      Index in(inRank, "0");
      for (std::size_t i = 0; i < inRank && i < a.dims.size(); ++i)
        in[i] = idx.at(static_cast<std::size_t>(wrapDim(a.dims[i], idx.size())));
      return value(x, in);
    }
    case ir::OpFamily::Squeeze: {
      std::vector<bool> squeezed(inRank, false);
      for (std::int64_t d : a.dims) squeezed.at(static_cast<std::size_t>(wrapDim(d, inRank))) = true;
      Index in;
      std::size_t next = 0;
      for (std::size_t d = 0; d < inRank; ++d) in.push_back(squeezed[d] ? "0" : idx.at(next++));
      return value(x, in);
    }
    case ir::OpFamily::Permute: {
      Index in(inRank, "0");
      for (std::size_t i = 0; i < idx.size(); ++i)
        in.at(static_cast<std::size_t>(wrapDim(a.dims.at(i), inRank))) = idx[i];
      return value(x, in);
    }
    case ir::OpFamily::Reshape: {
      // Through the linear index: both sides are logically row-major. Lane j of a run (lane
      // form) goes through lane 0's linear index: with both innermost extents multiples of the
      // width, the run stays inside one innermost row of the input, j further on.
      const std::vector<std::int64_t> strides = contiguousStrides(outSizes);
      const bool wide = laneWidth > 0 && !outSizes.empty() && !inSizes.empty() && outSizes.back() % laneWidth == 0 &&
                        inSizes.back() % laneWidth == 0;
      const auto form = wide ? laneForm(idx.back()) : std::nullopt;
      std::string linear;
      for (std::size_t d = 0; d < idx.size(); ++d) {
        const std::string& at = form && d + 1 == idx.size() ? form->first : idx[d];
        if (at == "0") continue;
        const std::string term = strides[d] == 1 ? at : at + " * " + indexLiteral(strides[d]);
        linear += (linear.empty() ? "" : " + ") + term;
      }
      const std::string lin = bindIndex(linear.empty() ? "0" : linear);
      const std::vector<std::int64_t> inStrides = contiguousStrides(inSizes);
      Index in(inRank, "0");
      for (std::size_t d = 0; d < inRank; ++d) {
        if (inSizes[d] == 1) continue;
        std::string t = inStrides[d] == 1 ? lin : "(" + lin + " / " + indexLiteral(inStrides[d]) + ")";
        if (d > 0) t += " % " + indexLiteral(inSizes[d]);
        in[d] = bindIndex(t);
      }
      if (form) in.back() = laneIndex(in.back(), form->second);
      return value(x, in);
    }
    case ir::OpFamily::Slice: {
      Index in(inRank, "0");
      for (std::size_t d = 0; d < inRank; ++d) {
        std::int64_t start = 0, end = inSizes[d], step = 1;
        if (d < a.starts.size()) {
          SEGSCOPE_TRY(start, sizes_.resolve(a.starts[d], e));
        }
        if (d < a.ends.size()) {
          SEGSCOPE_TRY(end, sizes_.resolve(a.ends[d], e));
        }
        if (d < a.steps.size()) {
          SEGSCOPE_TRY(step, sizes_.resolve(a.steps[d], e));
        }
        if (!a.option) {  // the reference's python-style normalization
          if (start < 0) start += inSizes[d];
          start = std::clamp<std::int64_t>(start, 0, inSizes[d]);
        }
        (void)end;
        const std::string scaled = step == 1 || idx[d] == "0" ? idx[d] : idx[d] + " * " + indexLiteral(step);
        const auto form = laneWidth > 0 && step == 1 && start % laneWidth == 0 ? laneForm(idx[d]) : std::nullopt;
        if (form)  // lane j of a run that starts `start` further on
          in[d] = laneIndex(bindIndex(plus(*this, form->first, start)), form->second);
        else
          in[d] = bindIndex(plus(*this, scaled, start));
      }
      return value(x, in);
    }
    case ir::OpFamily::Pad: {
      // Out-of-range positions take the pad value; the operand is read at a clamped index
      // so the (discarded) load stays in bounds.
      Index in = idx;
      std::string inside;
      for (std::size_t i = 0; i < a.padWidths.size() / 2 && i < inRank; ++i) {
        const std::size_t d = inRank - 1 - i;
        SEGSCOPE_TRY(const std::int64_t left, sizes_.resolve(a.padWidths[2 * i], e));
        if (left == 0 && outSizes[d] == inSizes[d]) continue;
        const std::string raw = bindIndex(plus(*this, idx[d], -left));
        inside += (inside.empty() ? "" : " && ") + raw + " >= 0 && " + raw + " < " + indexLiteral(inSizes[d]);
        in[d] = bindIndex("sg_clampi(" + raw + ", 0, " + indexLiteral(std::max<std::int64_t>(inSizes[d] - 1, 0)) + ")");
      }
      const bool hasValue = !a.flags.empty() && a.flags[0] && e.numOperands() > 1;
      std::string padValue = "0";
      if (hasValue) {
        SEGSCOPE_TRY(padValue, value(e.operand(1), {}));
      }
      SEGSCOPE_TRY(std::string v, value(x, in));
      if (inside.empty()) return v;
      const std::string type = computeTypeName(e.output()->dtype());
      return bind(
          type, "(" + inside + ") ? (" + type + ")" + v + " : (" + type + ")" + roundTo(e.output()->dtype(), padValue));
    }
    case ir::OpFamily::Cat: {
      const std::size_t axis = static_cast<std::size_t>(wrapDim(a.axis, outSizes.size()));
      const std::string type = computeTypeName(e.output()->dtype());
      std::vector<std::pair<std::int64_t, std::string>> parts;  // (end offset, value)
      std::int64_t offset = 0;
      for (std::size_t k = 0; k < e.numOperands(); ++k) {
        SEGSCOPE_TRY(auto ks, sizes_.sizes(e.operand(k)));
        Index in = idx;
        in[axis] = bindIndex("sg_clampi(" + plus(*this, idx[axis], -offset) + ", 0, " +
                             indexLiteral(std::max<std::int64_t>(ks[axis] - 1, 0)) + ")");
        SEGSCOPE_TRY(std::string v, value(e.operand(k), in));
        offset += ks[axis];
        parts.emplace_back(offset, v);
      }
      std::string sel = "(" + type + ")" + parts.back().second;
      for (std::size_t k = parts.size() - 1; k-- > 0;)
        sel = idx[axis] + " < " + indexLiteral(parts[k].first) + " ? (" + type + ")" + parts[k].second + " : " + sel;
      return bind(type, sel);
    }
    case ir::OpFamily::Triu: {
      if (idx.size() < 2) return unsupported(e, "triu needs rank >= 2");
      SEGSCOPE_TRY(std::string v, value(x, idx));
      const std::string type = computeTypeName(e.output()->dtype());
      return bind(type, "(" + idx[idx.size() - 1] + " - " + idx[idx.size() - 2] + " >= " + indexLiteral(a.axis) +
                            ") ? (" + type + ")" + v + " : (" + type + ")0");
    }
    default: return unsupported(e, "not a view op");
  }
}

Result<std::string> Emitter::indexing(const ir::Expr& e, const Index& idx) {
  const ir::ExprAttributes& a = e.attrs();
  if (e.family() == ir::OpFamily::Size) {
    SEGSCOPE_TRY(auto s, sizes_.sizes(e.operand(0)));
    const std::size_t axis = static_cast<std::size_t>(wrapDim(a.axis, s.size()));
    if (axis >= s.size()) return unsupported(e, "dim out of range");
    return std::to_string(s[axis]) + "LL";  // a value in arithmetic: keep it 64-bit
  }
  const ir::Val* x = e.operand(0);
  SEGSCOPE_TRY(auto xs, sizes_.sizes(x));
  const std::size_t axis = static_cast<std::size_t>(wrapDim(a.axis, xs.size()));
  if (axis >= xs.size()) return unsupported(e, "dim out of range");
  const std::string extent = indexLiteral(xs[axis]);
  // Negative indices count from the end, as in torch.
  const auto wrapIndex = [&](const std::string& i) {
    return bindIndex("sg_clampi(" + i + " < 0 ? " + i + " + " + extent + " : " + i + ", 0, " +
                     indexLiteral(xs[axis] - 1) + ")");
  };
  switch (e.family()) {
    case ir::OpFamily::Select: {
      SEGSCOPE_TRY(std::string i, value(e.operand(1), {}));
      Index in = idx;
      in.insert(in.begin() + static_cast<std::ptrdiff_t>(axis), wrapIndex("(long long)(" + i + ")"));
      return value(x, in);
    }
    case ir::OpFamily::IndexSelect: {
      SEGSCOPE_TRY(auto is, sizes_.sizes(e.operand(1)));
      // A 1-D index is read at the output's position along axis; an index of the output's rank
      // (broadcast everywhere else, csrc/ops/indexing.cpp:90) at that position of its own axis.
      Index at = is.empty() ? Index{} : Index(is.size(), "0");
      if (at.size() == idx.size())
        at[axis] = idx[axis];
      else if (!at.empty())
        at.back() = idx[axis];
      SEGSCOPE_TRY(std::string i, value(e.operand(1), at));
      Index in = idx;
      in[axis] = wrapIndex("(long long)" + i);
      return value(x, in);
    }
    default: {  // gather / take_along_axis: the index tensor has the output's rank
      SEGSCOPE_TRY(std::string i, value(e.operand(1), idx));
      Index in = idx;
      in[axis] = wrapIndex("(long long)" + i);
      return value(x, in);
    }
  }
}

Result<std::string> Emitter::creation(const ir::Expr& e, const Index& idx) {
  const ir::ExprAttributes& a = e.attrs();
  const ir::DataType out = e.output()->dtype();
  const std::string type = computeTypeName(out);
  if (e.family() == ir::OpFamily::Full) {
    SEGSCOPE_TRY(std::string v, value(e.operand(0), {}));
    return bind(type, roundTo(out, "(" + type + ")(" + v + ")"));
  }
  // iota(length, start?, step?): start + i * step, rounded to the dtype.
  const bool hasStart = a.flags.size() > 0 && a.flags[0], hasStep = a.flags.size() > 1 && a.flags[1];
  std::string start = "0", step = "1";
  if (hasStart) {
    SEGSCOPE_TRY(start, value(e.operand(1), {}));
  }
  if (hasStep) {
    SEGSCOPE_TRY(step, value(e.operand(hasStart ? 2 : 1), {}));
  }
  const std::string i = idx.empty() ? "0" : idx[0];
  return bind(type, roundTo(out, "(" + type + ")((double)" + start + " + (double)" + i + " * (double)" + step + ")"));
}

}  // namespace segscope::exec::cuda::codegen
