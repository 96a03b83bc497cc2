// Reduction kernels of the CPU reference: sum/prod/max/min, var/var_mean, welford, cumsum.
#include <cmath>
#include <limits>
#include <string>

#include "reference/half_float.h"
#include "reference/ref_kernels.h"

namespace segscope::exec::ref {
namespace {

using ir::DataType;
using ir::OpType;

// The input rearranged as a dense [rows, cols] matrix: kept dims outermost, reduced dims
// innermost, so each output element reduces one contiguous row. Reducing the trailing
// dims of a contiguous tensor (the common case) needs no copy.
struct RowMatrix {
  RefTensor values;
  std::int64_t rows = 1, cols = 1;
  Shape outSizes;  // the result's shape, with or without the kept size-1 dims
};

RowMatrix arrangeRows(const RefTensor& x, const Shape& dims, bool keepdim, std::string_view op) {
  std::vector<bool> reduced(x.sizes.size(), false);
  for (std::int64_t d : dims) {
    if (d < 0 || d >= x.rank()) fail(std::string(op) + ": dim " + std::to_string(d) + " is out of range");
    reduced[static_cast<std::size_t>(d)] = true;
  }
  Shape order, sizes, strides;
  RowMatrix m;
  for (std::size_t d = 0; d < reduced.size(); ++d) {
    if (reduced[d]) {
      if (keepdim) m.outSizes.push_back(1);
      continue;
    }
    order.push_back(static_cast<std::int64_t>(d));
    m.outSizes.push_back(x.sizes[d]);
    m.rows *= x.sizes[d];
  }
  for (std::size_t d = 0; d < reduced.size(); ++d)
    if (reduced[d]) {
      order.push_back(static_cast<std::int64_t>(d));
      m.cols *= x.sizes[d];
    }
  for (std::int64_t d : order) {
    sizes.push_back(x.sizes[static_cast<std::size_t>(d)]);
    strides.push_back(x.strides[static_cast<std::size_t>(d)]);
  }
  m.values = contiguous(viewOf(x, sizes, strides, x.offset));
  return m;
}

double reduceRow(OpType op, const double* row, std::int64_t n) {
  switch (op) {
    case OpType::Sum: {
      double s = 0.0;
      for (std::int64_t i = 0; i < n; ++i) s += row[i];
      return s;
    }
    case OpType::Prod: {
      double p = 1.0;
      for (std::int64_t i = 0; i < n; ++i) p *= row[i];
      return p;
    }
    case OpType::Max:
    case OpType::Min: {
      const bool isMax = op == OpType::Max;
      double best = row[0];
      for (std::int64_t i = 1; i < n && !std::isnan(best); ++i) {  // nan wins, as in torch
        const double v = row[i];
        if (std::isnan(v) || (isMax ? v > best : v < best)) best = v;
      }
      return best;
    }
    default: fail(std::string(ir::opName(op)) + ": not a reduction");
  }
}

struct Moments {
  double mean, m2;
};

// Two passes (mean, then squared deviations) in double: exact enough to be the oracle.
Moments moments(const double* row, std::int64_t n) {
  double sum = 0.0;
  for (std::int64_t i = 0; i < n; ++i) sum += row[i];
  const double mean = sum / static_cast<double>(n);
  double m2 = 0.0;
  for (std::int64_t i = 0; i < n; ++i) m2 += (row[i] - mean) * (row[i] - mean);
  return {mean, m2};
}

RefTensor permuteView(const RefTensor& x, const Shape& order) {
  Shape sizes, strides;
  for (std::int64_t d : order) {
    sizes.push_back(x.sizes[static_cast<std::size_t>(d)]);
    strides.push_back(x.strides[static_cast<std::size_t>(d)]);
  }
  return viewOf(x, sizes, strides, x.offset);
}

}  // namespace

RefTensor reduce(OpType op, const RefTensor& x, const Shape& dims, bool keepdim, DataType out) {
  const std::string name(ir::opName(op));
  const RowMatrix m = arrangeRows(x, dims, keepdim, name);
  if (m.cols == 0 && (op == OpType::Max || op == OpType::Min) && m.rows > 0)
    fail(name + ": cannot reduce a dimension of extent 0 (there is no identity)");
  RefTensor result = newUninitialized(out, m.outSizes);
  const double* src = m.values.base();
  double* dst = result.mutableBase();
  for (std::int64_t r = 0; r < m.rows; ++r) dst[r] = reduceRow(op, src + r * m.cols, m.cols);
  roundBufferToDtype(dst, m.rows, out);
  return result;
}

VarMeanResult varMean(const RefTensor& x, const Shape& dims, std::int64_t correction, bool keepdim, DataType varType,
                      DataType meanType) {
  const RowMatrix m = arrangeRows(x, dims, keepdim, "var_mean");
  VarMeanResult r{newUninitialized(varType, m.outSizes), newUninitialized(meanType, m.outSizes)};
  // torch divides by max(0, N - correction): 0 gives inf (or nan when M2 is 0 too).
  const double divisor = std::max(0.0, static_cast<double>(m.cols - correction));
  for (std::int64_t row = 0; row < m.rows; ++row) {
    const Moments mo = moments(m.values.base() + row * m.cols, m.cols);
    r.var.mutableBase()[row] = mo.m2 / divisor;
    r.mean.mutableBase()[row] = mo.mean;
  }
  roundBufferToDtype(r.var.mutableBase(), m.rows, varType);
  roundBufferToDtype(r.mean.mutableBase(), m.rows, meanType);
  return r;
}

WelfordResult welford(const RefTensor& x, const Shape& dims, DataType avgType, DataType m2Type, DataType nType) {
  const RowMatrix m = arrangeRows(x, dims, false, "welford");
  WelfordResult r{newUninitialized(avgType, m.outSizes), newUninitialized(m2Type, m.outSizes),
                  newUninitialized(nType, m.outSizes)};
  for (std::int64_t row = 0; row < m.rows; ++row) {
    const Moments mo = moments(m.values.base() + row * m.cols, m.cols);
    r.avg.mutableBase()[row] = mo.mean;
    r.m2.mutableBase()[row] = mo.m2;
    r.n.mutableBase()[row] = static_cast<double>(m.cols);
  }
  roundBufferToDtype(r.avg.mutableBase(), m.rows, avgType);
  roundBufferToDtype(r.m2.mutableBase(), m.rows, m2Type);
  return r;
}

RefTensor cumsum(const RefTensor& x, std::int64_t dim, DataType out) {
  if (dim < 0 || dim >= x.rank()) fail("cumsum: dim " + std::to_string(dim) + " is out of range");
  // Scan rows of the input with `dim` moved innermost, then move it back.
  Shape order, inverse(x.sizes.size());
  for (std::int64_t d = 0; d < x.rank(); ++d)
    if (d != dim) order.push_back(d);
  order.push_back(dim);
  for (std::size_t i = 0; i < order.size(); ++i)
    inverse[static_cast<std::size_t>(order[i])] = static_cast<std::int64_t>(i);
  const RefTensor rows = contiguous(permuteView(x, order));
  RefTensor scanned = newUninitialized(out, rows.sizes);
  const std::int64_t len = x.sizes[static_cast<std::size_t>(dim)];
  const std::int64_t count = len == 0 ? 0 : rows.numel() / len;
  for (std::int64_t r = 0; r < count; ++r) {
    double running = 0.0;
    for (std::int64_t i = 0; i < len; ++i) {
      running += rows.base()[r * len + i];
      scanned.mutableBase()[r * len + i] = running;
    }
  }
  roundBufferToDtype(scanned.mutableBase(), scanned.numel(), out);
  return contiguous(permuteView(scanned, inverse));
}

}  // namespace segscope::exec::ref
