// Random but valid fusions for property tests: pointwise chains, casts, reductions with
// broadcasts back, host scalar arithmetic and segment hints over [R, C] tensors.
#pragma once

#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "ir/fusion.h"
#include "ir/input_spec.h"
#include "ir/ops.h"

namespace segscope::testing {

struct RandomFusion {
  std::unique_ptr<ir::Fusion> fusion;
  std::vector<ir::InputSpec> inputs;
};

/// `pick(n)` returns a choice in [0, n): a seeded generator for property tests, the fuzzer's
/// bytes for fuzzing (so libFuzzer mutates the fusion's structure, not just a seed).
inline RandomFusion makeFusionFrom(const std::function<int(int)>& pick, int ops, const std::string& name) {
  using ir::DataType;
  using ir::OpType;
  RandomFusion r;
  r.fusion = std::make_unique<ir::Fusion>();
  ir::Fusion& f = *r.fusion;
  f.setName(name);
  const std::int64_t rows = 2 + pick(7), cols = 2 + pick(9);
  std::vector<ir::Val*> tensors;  // every [R, C] value so far
  const int inputs = 1 + pick(3);
  for (int i = 0; i < inputs; ++i) {
    const DataType dt = pick(4) == 0 ? DataType::Half : DataType::Float;
    ir::TensorView* tv = f.newTensor(dt, {ir::Dim{ir::SymInt::constant(rows)}, ir::Dim{ir::SymInt::constant(cols)}});
    tv->setContiguity({true, true});
    f.setName(tv, "T" + std::to_string(i));
    f.addInput(tv);
    tensors.push_back(tv);
    ir::InputSpec spec;
    spec.dtype = dt;
    spec.sizes = {rows, cols};
    spec.low = -2;
    spec.high = 2;
    r.inputs.push_back(spec);
  }
  // A host scalar input and a scalar chain on it (Adam-like), used by some pointwise ops.
  ir::Scalar* s = f.newScalar(DataType::Double);
  f.setName(s, "S" + std::to_string(inputs));
  f.addInput(s);
  ir::InputSpec sspec;
  sspec.isTensor = false;
  sspec.dtype = DataType::Double;
  sspec.fill = ir::InputFill::Scalar;
  sspec.value = ir::ScalarValue{0.5 + pick(4)};
  r.inputs.push_back(sspec);
  ir::Val* scalar = s;
  const auto any = [&]() { return tensors[static_cast<std::size_t>(pick(static_cast<int>(tensors.size())))]; };
  const auto recent = [&]() {
    const int n = static_cast<int>(tensors.size());
    return tensors[static_cast<std::size_t>(n - 1 - pick(std::min(n, 3)))];
  };
  const OpType unaries[] = {OpType::Neg, OpType::Abs, OpType::Relu, OpType::Exp, OpType::Sigmoid, OpType::Tanh};
  const OpType binaries[] = {OpType::Add, OpType::Mul, OpType::Sub, OpType::Maximum};
  for (int i = 0; i < ops; ++i) {
    ir::Val* out = nullptr;
    switch (pick(10)) {
      case 0:
      case 1: out = ir::ops::unary(f, unaries[pick(6)], recent()).value(); break;
      case 2:
      case 3:
      case 4: out = ir::ops::binary(f, binaries[pick(4)], recent(), any()).value(); break;
      case 5:
        out =
            ir::ops::cast(f, recent(), recent()->dtype() == DataType::Float ? DataType::Half : DataType::Float).value();
        break;
      case 6: {  // reduction and broadcast back: splits unless a normalization scheduler takes it
        const std::int64_t axis = pick(2);
        const OpType op = pick(2) ? OpType::Sum : OpType::Max;
        ir::Val* red = ir::ops::reduction(f, op, recent(), {axis}, false, DataType::Null).value();
        ir::Val* b = ir::ops::broadcast(f, red, {axis == 0, axis == 1}).value();
        out = ir::ops::binary(f, OpType::Sub, any(), b).value();
        break;
      }
      case 7: {  // host scalar arithmetic feeding a kernel
        scalar = ir::ops::binary(f, pick(2) ? OpType::Mul : OpType::Add, scalar,
                                 ir::ops::constant(f, ir::ScalarValue{1.5}, DataType::Double))
                     .value();
        out = ir::ops::binary(f, OpType::Mul, recent(), scalar).value();
        break;
      }
      case 8: out = ir::ops::set(f, pick(4) == 0 ? OpType::SegmentSet : OpType::Set, recent()).value(); break;
      default: {
        const std::int64_t axis = pick(2);
        ir::Val* red = ir::ops::reduction(f, OpType::Sum, recent(), {axis}, true, DataType::Null).value();
        out = ir::ops::binary(f, OpType::Mul, recent(), red).value();
        break;
      }
    }
    tensors.push_back(out);
  }
  f.addOutput(tensors.back());
  for (int extra = pick(3); extra > 0; --extra) {
    ir::Val* v = tensors[static_cast<std::size_t>(inputs + pick(static_cast<int>(tensors.size()) - inputs))];
    if (!f.isOutput(v)) f.addOutput(v);
  }
  f.removeDeadCode();
  return r;
}

inline RandomFusion makeRandomFusion(unsigned seed, int ops) {
  std::mt19937 rng(seed);
  return makeFusionFrom([&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }, ops,
                        "random_" + std::to_string(seed));
}

}  // namespace segscope::testing
