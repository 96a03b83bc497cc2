// Shape and type helpers the op builders share (ops.cpp, ops_reduction.cpp, ops_linalg.cpp);
// not part of the IR's interface.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/fusion.h"

namespace segscope::ir::ops::detail {

std::string opLabel(OpType op);
Result<TensorView*> requireTensor(Val* v, OpType op, const char* role = "operand");
Status requireScalar(Val* v, OpType op, const char* role);
SymInt freshExtent(Fusion& f);
TensorView* finishTensor(TensorView* tv);
Dim dimFromExtent(const SymInt& e);
std::string extentText(const SymInt& e);
Result<Dim> mergeDims(const Dim& a, const Dim& b, std::size_t pos, OpType op);
Result<std::vector<Dim>> broadcastShapes(const std::vector<Val*>& operands, OpType op);
bool anyTensor(const std::vector<Val*>& vals);
DataType promoteAll(const std::vector<Val*>& vals);
DataType realTypeOf(DataType t);
bool keepsNarrowType(OpType op);
Result<DataType> elementwiseType(OpType op, const std::vector<Val*>& promoted);
Result<std::vector<std::int64_t>> normalizeDims(std::vector<std::int64_t> dims, int rank, OpType op);
std::vector<Dim> reducedDims(const TensorView* x, const std::vector<std::int64_t>& dims, bool keepdim);
std::vector<std::int64_t> allDims(int rank);
bool isPermutation(const std::vector<std::int64_t>& dims, int rank);
Status checkShapeEntries(const std::vector<SymInt>& shape, OpType op, bool allowMinusOne);
std::vector<Dim> dimsFromShape(const std::vector<SymInt>& shape);

}  // namespace segscope::ir::ops::detail
