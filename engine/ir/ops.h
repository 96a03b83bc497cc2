// Op builders: the one place where shapes are inferred and types promoted, so the
// parser, the passes and the tests build IR identically. Each returns an Error (without
// a location; callers add it) when the operands do not fit the op.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/fusion.h"

namespace segscope::ir::ops {

using ValResult = Result<Val*>;
using ValsResult = Result<std::vector<Val*>>;

Scalar* constant(Fusion& f, ScalarValue value, DataType dtype);

ValResult unary(Fusion& f, OpType op, Val* x);
ValResult binary(Fusion& f, OpType op, Val* a, Val* b);
/// where/lerp/clamp/threshold/add_alpha/sub_alpha take 3 operands, addcmul 4.
ValResult ternary(Fusion& f, OpType op, const std::vector<Val*>& args);
ValResult cast(Fusion& f, Val* x, DataType dtype);

/// dims index the input and may be negative; empty dims reduce every dim.
ValResult reduction(Fusion& f, OpType op, Val* x, std::vector<std::int64_t> dims, bool keepdim, DataType dtype);
ValResult var(Fusion& f, Val* x, std::vector<std::int64_t> dims, std::int64_t correction, bool keepdim);
ValsResult varMean(Fusion& f, Val* x, std::vector<std::int64_t> dims, std::int64_t correction, bool keepdim);
ValsResult welford(Fusion& f, Val* x, std::vector<std::int64_t> dims);

ValResult broadcast(Fusion& f, Val* x, std::vector<bool> isBroadcastDim);
ValResult broadcastInDim(Fusion& f, Val* x, std::vector<SymInt> shape, std::vector<std::int64_t> broadcastDims);
ValResult expand(Fusion& f, Val* x, std::vector<SymInt> shape);
ValResult squeeze(Fusion& f, Val* x, std::vector<std::int64_t> dims, bool squeezeExpanded);
ValResult reshape(Fusion& f, Val* x, std::vector<SymInt> newShape);
ValResult permute(Fusion& f, Val* x, std::vector<std::int64_t> dims);
ValResult set(Fusion& f, OpType op, Val* x);  // set or segment_set
ValResult strideOrder(Fusion& f, Val* x, std::vector<std::int64_t> order);

ValResult slice(Fusion& f, Val* x, std::vector<SymInt> starts, std::vector<SymInt> ends, std::vector<SymInt> steps,
                bool manualNormalization);
/// widths: (left, right) pairs starting from the last dim, constants or integer scalars;
/// value may be null (zero). Padding nothing gives a set, as in nvFuser.
ValResult pad(Fusion& f, Val* x, std::vector<SymInt> widths, Val* value);
ValResult pad(Fusion& f, Val* x, const std::vector<std::int64_t>& widths, Val* value);
ValResult cat(Fusion& f, const std::vector<Val*>& xs, std::int64_t dim, bool manualPadding);

ValResult full(Fusion& f, std::vector<SymInt> shape, Val* fillValue, DataType dtype);
ValResult iota(Fusion& f, Val* length, Val* start, Val* step, DataType dtype);
/// uniform(minval, maxval, shape) / normal(mean, std, shape); seed and offset optional.
ValResult randomFill(Fusion& f, OpType op, Val* a, Val* b, std::vector<SymInt> shape, Val* seed, Val* offset,
                     DataType dtype);
ValResult randLike(Fusion& f, OpType op, Val* x, Val* seed, Val* offset);

ValResult gather(Fusion& f, OpType op, Val* x, Val* index, std::int64_t dim);  // gather / take_along_axis
ValResult indexSelect(Fusion& f, Val* x, Val* index, std::int64_t dim);
ValResult select(Fusion& f, Val* x, Val* index, std::int64_t dim);

ValResult matmul(Fusion& f, Val* a, Val* b);
ValResult linear(Fusion& f, Val* x, Val* weight, Val* bias);
/// → out, logsumexp, philox_seed, philox_offset. Null scalars mean "not given".
ValsResult sdpaFwd(Fusion& f, Val* q, Val* k, Val* v, Val* dropoutP, Val* isCausal, Val* scale);
/// → grad_query, grad_key, grad_value.
ValsResult sdpaBwd(Fusion& f, Val* gradOut, Val* q, Val* k, Val* v, Val* out, Val* logsumexp, Val* dropoutP,
                   Val* isCausal, Val* philoxSeed, Val* philoxOffset, Val* scale);
/// optional scalars: padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse (null = None).
ValResult embeddingFwd(Fusion& f, Val* indices, Val* weight, const std::vector<Val*>& options);

ValResult size(Fusion& f, Val* x, std::int64_t dim);
ValResult triu(Fusion& f, Val* x, std::int64_t diagonal);
ValResult cumsum(Fusion& f, Val* x, std::int64_t dim);

/// Normalizes a possibly negative dim against `rank` (Python rules).
Result<std::int64_t> normalizeDim(std::int64_t dim, int rank, const char* what);

}  // namespace segscope::ir::ops
