// Helpers the rewriting passes share: replacing a tensor by an equivalent one, removing
// exactly the exprs a rewrite left without a reader, and use predicates. (Value predicates
// such as ir::isZeroConstant live in ir/val.h, where the segmenter can use them too.)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/fusion.h"

namespace segscope::passes::rewrite {

/// The stride order of a row-major tensor of `rank` dims (outermost dim first in memory).
std::vector<std::int64_t> rowMajorOrder(int rank);
/// The stride order `tv` has in memory; an empty one means row-major.
std::vector<std::int64_t> effectiveOrder(const ir::TensorView* tv);

/// True when `v` feeds exactly one expr and is not a fusion output, so a rewrite of that
/// one reader may drop it.
bool hasSingleUse(const ir::Fusion& f, const ir::Val* v);

/// Whether a new expr may take `extent` as a shape entry: a constant, or a scalar that is a
/// fusion input, computed by an expr, or measured from a fusion input. An extent measured
/// from an intermediate tensor is not, since that tensor may be the one being replaced.
bool extentIsAvailable(const ir::Fusion& f, const ir::SymInt& extent);

/// The extents of `tv` as a shape list, or nullopt when one is not available (see above).
std::optional<std::vector<ir::SymInt>> availableShape(const ir::Fusion& f, const ir::TensorView* tv);

/// A constant scalar holding `value` in the scalar type that fits `dtype`'s category
/// (Bool, Int, Double or ComplexDouble).
ir::Scalar* constantFor(ir::Fusion& f, ir::DataType dtype, double value);

/// Makes `replacement` stand for `old`: every use and fusion output of `old` reads it
/// instead, and it adopts `old`'s symbolic extents so the consumers' shapes still name
/// measured scalars. Returns false, changing nothing, when the dtype or shape disagree.
bool replaceTensor(ir::Fusion& f, ir::TensorView* old, ir::TensorView* replacement);

/// Removes `e` when no output of it is read or a fusion output, then the producers this
/// leaves without readers, and so on up (with the constants only they used). Dead code
/// that was already there stays: only what this removal orphans goes. Returns the text of
/// each removed expr, consumers first.
std::vector<std::string> removeIfDead(ir::Fusion& f, ir::Expr* e);

/// A name for a tensor a pass creates: "T<n>" one past the highest T-number in use, the way
/// the script itself counts, rather than the id-based default (which may read "T9_1").
std::string nextTensorName(const ir::Fusion& fusion);

/// "T5 f32[0, 8]": a value's name, dtype and shape, for log lines.
std::string describe(const ir::Val* v);

}  // namespace segscope::passes::rewrite
