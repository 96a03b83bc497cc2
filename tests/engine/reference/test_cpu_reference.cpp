// The CPU reference executor on numbers: 16-bit floats, arithmetic and elementwise ops, host
// scalars, the input generator, errors and an end-to-end fusion (tensor ops:
// test_cpu_reference_tensor_ops.cpp).
#include <QtTest>

#include <cmath>
#include <cstring>
#include <numeric>
#include <set>

#include "cpu_reference_support.h"
#include "reference/half_float.h"

using namespace segscope;
using namespace segscope::exec;
using namespace segscope::ir;
using namespace segscope::exec::testing;

class TestCpuReference : public QObject {
  Q_OBJECT

 private slots:
  // --- 16-bit floats -------------------------------------------------------------------
  void bfloat16RoundsToNearestEven() {
    QCOMPARE(floatToBFloat16Bits(1.0f + std::ldexp(1.0f, -8)), std::uint16_t{0x3F80});      // tie → even (1.0)
    QCOMPARE(floatToBFloat16Bits(1.0f + 3 * std::ldexp(1.0f, -9)), std::uint16_t{0x3F81});  // 0.75 ulp → up
    QCOMPARE(floatToBFloat16Bits(1.0f + std::ldexp(3.0f, -8)), std::uint16_t{0x3F82});      // tie from odd → even
    QCOMPARE(roundToDtype(1.0 + std::ldexp(1.0, -8), DataType::BFloat16), 1.0);
    QCOMPARE(roundToDtype(1.0 + 3 * std::ldexp(1.0, -9), DataType::BFloat16), 1.0 + std::ldexp(1.0, -7));
    QVERIFY(std::isnan(bfloat16BitsToFloat(floatToBFloat16Bits(std::nanf("")))));
    QVERIFY(std::isfinite(roundToDtype(3.0e38, DataType::BFloat16)));
    QVERIFY(std::isinf(roundToDtype(3.4e38, DataType::BFloat16)));  // past the largest bf16 + half an ulp
    QCOMPARE(floatToBFloat16Bits(-std::numeric_limits<float>::infinity()), std::uint16_t{0xFF80});
  }

  void halfHandlesOverflowSubnormalsAndNan() {
    QVERIFY(std::isinf(roundToDtype(65520.0, DataType::Half)));  // rounds past the largest half
    QCOMPARE(roundToDtype(65519.0, DataType::Half), 65504.0);
    QCOMPARE(floatToHalfBits(std::ldexp(1.0f, -24)), std::uint16_t{0x0001});  // smallest subnormal
    QCOMPARE(halfBitsToFloat(0x0001), std::ldexp(1.0f, -24));
    QCOMPARE(floatToHalfBits(std::ldexp(1.0f, -25)), std::uint16_t{0x0000});         // tie → even (0)
    QCOMPARE(floatToHalfBits(std::ldexp(3.0f, -26)), std::uint16_t{0x0001});         // 0.75 unit → up
    QCOMPARE(floatToHalfBits(std::ldexp(3.0f, -25)), std::uint16_t{0x0002});         // 1.5 units → even 2
    QCOMPARE(floatToHalfBits(std::ldexp(1.0f, -14)), std::uint16_t{0x0400});         // smallest normal
    QCOMPARE(floatToHalfBits(1.0f + std::ldexp(1.0f, -11)), std::uint16_t{0x3C00});  // tie → even
    QCOMPARE(floatToHalfBits(-2.0f), std::uint16_t{0xC000});
    QVERIFY(std::isnan(halfBitsToFloat(floatToHalfBits(std::nanf("")))));
    // Every non-nan half survives a round trip through float.
    for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
      const auto h = static_cast<std::uint16_t>(bits);
      if ((h & 0x7C00) == 0x7C00 && (h & 0x03FF)) continue;
      if (floatToHalfBits(halfBitsToFloat(h)) != h)
        QFAIL(qPrintable(QString("half 0x%1 does not round-trip").arg(bits, 4, 16)));
    }
  }

  void castFloatToIntTruncates() {
    Env e;
    Val* x = e.input(DataType::Float, {6}, {2.7, -2.7, 0.5, -0.5, 1e10, 3.0});
    e.f.addOutput(ok(ops::cast(e.f, x, DataType::Int)));
    e.f.addOutput(ok(ops::cast(e.f, x, DataType::Int32)));
    e.f.addOutput(ok(ops::cast(e.f, x, DataType::Bool)));
    e.f.addOutput(ok(ops::cast(e.f, x, DataType::BFloat16)));
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 2, -2, 0, 0, 1e10, 3);
    EXPECT_VALUES(values(out[1]), 2, -2, 0, 0, 1410065408, 3);  // 1e10 wraps modulo 2^32
    EXPECT_VALUES(values(out[2]), 1, 1, 1, 1, 1, 1);
    QCOMPARE(tensor(out[3]).dtype(), DataType::BFloat16);
    EXPECT_VALUES(values(out[3]), 2.703125, -2.703125, 0.5, -0.5, roundToDtype(1e10, DataType::BFloat16), 3);
  }

  // --- arithmetic ------------------------------------------------------------------------
  void integerArithmeticFollowsTheOps() {
    Env e;
    Val* a = e.input(DataType::Int, {4}, {-7, 7, -7, 7});
    Val* b = e.input(DataType::Int, {4}, {2, -2, -2, 2});
    e.f.addOutput(ok(ops::binary(e.f, OpType::Div, a, b)));        // truncating
    e.f.addOutput(ok(ops::binary(e.f, OpType::Remainder, a, b)));  // sign of the divisor
    e.f.addOutput(ok(ops::binary(e.f, OpType::Fmod, a, b)));       // sign of the dividend
    e.f.addOutput(ok(ops::binary(e.f, OpType::TrueDiv, a, b)));    // always float
    e.f.addOutput(ok(ops::binary(e.f, OpType::BitwiseLeftShift, a, e.ci(1))));
    e.f.addOutput(ok(ops::binary(e.f, OpType::Gcd, a, e.ci(21))));
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), -3, -3, 3, 3);
    EXPECT_VALUES(values(out[1]), 1, -1, -1, 1);
    EXPECT_VALUES(values(out[2]), -1, 1, -1, 1);
    QCOMPARE(tensor(out[3]).dtype(), DataType::Float);
    EXPECT_VALUES(values(out[3]), -3.5, -3.5, 3.5, 3.5);
    EXPECT_VALUES(values(out[4]), -14, 14, -14, 14);
    EXPECT_VALUES(values(out[5]), 7, 7, 7, 7);
  }

  void ternaryOps() {
    Env e;
    Val* x = e.input(DataType::Float, {4}, {-2, -0.5, 0.5, 2});
    Val* y = e.input(DataType::Float, {4}, {10, 20, 30, 40});
    Val* cond = ok(ops::binary(e.f, OpType::Gt, x, e.c(0.0)));
    e.f.addOutput(ok(ops::ternary(e.f, OpType::Where, {cond, x, y})));
    e.f.addOutput(ok(ops::ternary(e.f, OpType::Clamp, {x, e.c(-1.0), e.c(1.0)})));
    e.f.addOutput(ok(ops::ternary(e.f, OpType::Threshold, {x, e.c(0.0), e.c(-9.0)})));
    e.f.addOutput(ok(ops::ternary(e.f, OpType::Lerp, {x, y, e.c(0.25)})));
    e.f.addOutput(ok(ops::ternary(e.f, OpType::Addcmul, {x, x, y, e.c(0.5)})));
    e.f.addOutput(ok(ops::ternary(e.f, OpType::SubAlpha, {y, x, e.c(2.0)})));
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 10, 20, 0.5, 2);
    EXPECT_VALUES(values(out[1]), -1, -0.5, 0.5, 1);
    EXPECT_VALUES(values(out[2]), -9, -9, 0.5, 2);
    EXPECT_VALUES(values(out[3]), 1, 4.625, 7.875, 11.5);
    EXPECT_VALUES(values(out[4]), -12, -5.5, 8, 42);
    EXPECT_VALUES(values(out[5]), 14, 21, 29, 36);
  }

  // Every elementwise op runs on tensors, and the host-scalar path agrees with it.
  void elementwiseOpsRunOnTensorsAndScalars_data() {
    QTest::addColumn<int>("op");
    for (OpType op : allOpTypes()) {
      const OpFamily family = opFamily(op);
      if (op == OpType::Imag) continue;  // complex only; refused for real inputs
      if (family == OpFamily::Unary || family == OpFamily::Binary || family == OpFamily::Ternary)
        QTest::newRow(std::string(opName(op)).c_str()) << static_cast<int>(op);
    }
  }

  void elementwiseOpsRunOnTensorsAndScalars() {
    QFETCH(int, op);
    const auto type = static_cast<OpType>(op);
    const bool integral = resultRule(type) == ResultRule::Integral;
    const DataType dt = integral ? DataType::Int : DataType::Float;
    const std::vector<double> a = integral ? std::vector<double>{6, -4, 3} : std::vector<double>{0.25, -0.5, 2.0};
    const std::vector<double> b = integral ? std::vector<double>{4, 2, 1} : std::vector<double>{1.5, 2.0, -3.0};
    const auto build = [&](Env& e, bool scalars, std::size_t element) -> Val* {
      const auto operand = [&](const std::vector<double>& v) -> Val* {
        if (!scalars) return e.input(dt, {3}, v);
        return integral ? e.scalarInput(DataType::Int, std::int64_t(v[element]))
                        : e.scalarInput(DataType::Double, v[element]);
      };
      switch (opFamily(type)) {
        case OpFamily::Unary: return ok(ops::unary(e.f, type, operand(a)));
        case OpFamily::Binary: return ok(ops::binary(e.f, type, operand(a), operand(b)));
        default: {
          std::vector<Val*> args{operand(a), operand(b), e.c(0.75)};
          if (type == OpType::Where) args[0] = ok(ops::binary(e.f, OpType::Gt, args[0], e.c(0.0)));
          if (type == OpType::Addcmul) args.insert(args.begin() + 2, operand(b));
          return ok(ops::ternary(e.f, type, args));
        }
      }
    };
    Env tensorEnv;
    tensorEnv.f.addOutput(build(tensorEnv, false, 0));
    RUN_OK(tensorEnv, out);
    const std::vector<double> expected = values(out[0]);
    QCOMPARE(expected.size(), std::size_t{3});
    // nextafter steps one ulp of its own type, which differs between Double and Float.
    const std::size_t compared = type == OpType::NextAfter ? 0 : 3;
    for (std::size_t i = 0; i < compared; ++i) {
      Env scalarEnv;
      Val* result = build(scalarEnv, true, i);
      QVERIFY(result->isScalar());
      scalarEnv.f.addOutput(result);
      RUN_OK(scalarEnv, scalarOut);
      // The scalar computes in its own (Double) type, so compare after rounding to the tensor's.
      const double got = roundToDtype(scalarAsDouble(std::get<ScalarValue>(scalarOut[0])), tensor(out[0]).dtype());
      QVERIFY2(got == expected[i] || (std::isnan(got) && std::isnan(expected[i])),
               qPrintable(QString("element %1: scalar %2, tensor %3").arg(i).arg(got).arg(expected[i])));
    }
  }

  void everyOpFamilyIsExercised() {
    // Non-elementwise ops and the tests that run them.
    const std::set<OpType> covered{
        OpType::Cast,       OpType::Sum,         OpType::Prod,          OpType::Max,         OpType::Min,
        OpType::Var,        OpType::VarMean,     OpType::Welford,       OpType::Broadcast,   OpType::BroadcastInDim,
        OpType::Expand,     OpType::Squeeze,     OpType::Reshape,       OpType::Permute,     OpType::Set,
        OpType::SegmentSet, OpType::StrideOrder, OpType::Slice,         OpType::Pad,         OpType::Cat,
        OpType::Full,       OpType::Iota,        OpType::Uniform,       OpType::Normal,      OpType::RandLike,
        OpType::RandnLike,  OpType::Gather,      OpType::TakeAlongAxis, OpType::IndexSelect, OpType::SelectOp,
        OpType::Matmul,     OpType::Linear,      OpType::SdpaFwd,       OpType::SdpaBwd,     OpType::EmbeddingFwd,
        OpType::Size,       OpType::Triu,        OpType::Cumsum,        OpType::Imag};
    for (OpType op : allOpTypes()) {
      const OpFamily family = opFamily(op);
      const bool elementwise = family == OpFamily::Unary || family == OpFamily::Binary || family == OpFamily::Ternary;
      QVERIFY2(elementwise || covered.count(op), ("no execution test for " + std::string(opName(op))).c_str());
    }
  }

  void floatRemainderTakesTheDivisorsSign() {
    Env e;
    Val* a = e.input(DataType::Float, {2}, {-7.5, 7.5});
    e.f.addOutput(ok(ops::binary(e.f, OpType::Remainder, a, e.c(2.0))));
    e.f.addOutput(ok(ops::binary(e.f, OpType::Fmod, a, e.c(2.0))));
    e.f.addOutput(ok(ops::binary(e.f, OpType::Mod, a, e.c(-2.0))));
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 0.5, 1.5);
    EXPECT_VALUES(values(out[1]), -1.5, 1.5);
    EXPECT_VALUES(values(out[2]), -1.5, -0.5);
  }

  void copiesKeepValuesAndRandLikeFollowsTheShape() {
    Env e;
    Val* x = e.input(DataType::Half, {2, 3}, {1, 2, 3, 4, 5, 6});
    e.f.addOutput(ok(ops::set(e.f, OpType::SegmentSet, x)));
    e.f.addOutput(ok(ops::strideOrder(e.f, x, {0, 1})));
    e.f.addOutput(ok(ops::randLike(e.f, OpType::RandLike, x, nullptr, nullptr)));
    e.f.addOutput(ok(ops::randLike(e.f, OpType::RandnLike, x, e.ci(7), e.ci(0))));
    e.f.addOutput(ok(ops::unary(e.f, OpType::Imag, x)));
    auto refused = e.run();
    QVERIFY(!refused.ok());  // imag of a real tensor, as torch refuses it
    QVERIFY(QString::fromStdString(refused.error().message).startsWith("imag"));
    Env e2;
    Val* y = e2.input(DataType::Half, {2, 3}, {1, 2, 3, 4, 5, 6});
    e2.f.addOutput(ok(ops::set(e2.f, OpType::SegmentSet, y)));
    e2.f.addOutput(ok(ops::strideOrder(e2.f, y, {0, 1})));
    e2.f.addOutput(ok(ops::randLike(e2.f, OpType::RandLike, y, nullptr, nullptr)));
    e2.f.addOutput(ok(ops::randLike(e2.f, OpType::RandnLike, y, e2.ci(7), e2.ci(0))));
    RUN_OK(e2, out);
    EXPECT_VALUES(values(out[0]), 1, 2, 3, 4, 5, 6);
    EXPECT_VALUES(values(out[1]), 1, 2, 3, 4, 5, 6);
    QCOMPARE(tensor(out[2]).describe(), std::string("f16[2, 3]"));
    const std::vector<double> u = values(out[2]);
    QVERIFY(std::all_of(u.begin(), u.end(), [](double v) { return v >= 0.0 && v <= 1.0; }));
    QCOMPARE(sizes(out[3]), (std::vector<std::int64_t>{2, 3}));
  }

  void softmaxRowsSumToOne() {
    Env e;
    auto generated = makeInputs({tensorSpec(DataType::Float, {8, 33}, InputFill::Randn)}, 3);
    QVERIFY(generated.ok());
    Val* x = e.input(tensor(generated.value()[0]));
    Val* peak = ok(ops::reduction(e.f, OpType::Max, x, {1}, true, DataType::Null));
    Val* shifted = ok(ops::binary(e.f, OpType::Sub, x, peak));
    Val* ex = ok(ops::unary(e.f, OpType::Exp, shifted));
    Val* total = ok(ops::reduction(e.f, OpType::Sum, ex, {-1}, true, DataType::Null));
    e.f.addOutput(ok(ops::binary(e.f, OpType::Div, ex, total)));
    RUN_OK(e, out);
    const std::vector<double> p = values(out[0]);
    QCOMPARE(sizes(out[0]), (std::vector<std::int64_t>{8, 33}));
    for (int row = 0; row < 8; ++row) {
      double s = 0.0;
      for (int j = 0; j < 33; ++j) {
        QVERIFY(p[static_cast<std::size_t>(row * 33 + j)] > 0.0);
        s += p[static_cast<std::size_t>(row * 33 + j)];
      }
      QVERIFY2(std::fabs(s - 1.0) < 1e-5, qPrintable(QString("row %1 sums to %2").arg(row).arg(s, 0, 'g', 10)));
    }
  }

  void layerNormHasZeroMeanUnitVariance() {
    Env e;
    auto generated = makeInputs({tensorSpec(DataType::Float, {6, 64})}, 11);
    QVERIFY(generated.ok());
    Val* x = e.input(tensor(generated.value()[0]));
    auto vm = ok(ops::varMean(e.f, x, {1}, 0, false));
    Val* var = ok(ops::broadcastInDim(e.f, vm[0], shape({6, 64}), {0}));
    Val* mean = ok(ops::broadcastInDim(e.f, vm[1], shape({6, 64}), {0}));
    Val* centered = ok(ops::binary(e.f, OpType::Sub, x, mean));
    Val* inv = ok(ops::unary(e.f, OpType::Rsqrt, ok(ops::binary(e.f, OpType::Add, var, e.c(1e-5)))));
    e.f.addOutput(ok(ops::binary(e.f, OpType::Mul, centered, inv)));
    RUN_OK(e, out);
    const std::vector<double> y = values(out[0]);
    for (int row = 0; row < 6; ++row) {
      double m = 0.0, v = 0.0;
      for (int j = 0; j < 64; ++j) m += y[static_cast<std::size_t>(row * 64 + j)] / 64.0;
      for (int j = 0; j < 64; ++j) v += std::pow(y[static_cast<std::size_t>(row * 64 + j)] - m, 2) / 64.0;
      QVERIFY2(std::fabs(m) < 1e-5, qPrintable(QString("row %1 mean %2").arg(row).arg(m)));
      QVERIFY2(std::fabs(v - 1.0) < 1e-4, qPrintable(QString("row %1 variance %2").arg(row).arg(v)));
    }
  }

  // --- scalars -----------------------------------------------------------------------------
  void hostScalarsAreEvaluated() {
    Env e;
    Val* x = e.input(DataType::Float, {3, 5}, iotaValues(15));
    Val* n = e.scalarInput(DataType::Int, std::int64_t{4});
    Val* width = ok(ops::size(e.f, x, -1));
    Val* product = ok(ops::binary(e.f, OpType::Mul, width, n));
    e.f.addOutput(product);
    e.f.addOutput(ok(ops::binary(e.f, OpType::Mul, x, product)));
    auto all = runReferenceAll(e.f, e.inputs);
    QVERIFY2(all.ok(), all.ok() ? "" : all.error().message.c_str());
    QCOMPARE(std::get<ScalarValue>(all.value().at(width->id())), ScalarValue(std::int64_t{5}));
    QCOMPARE(std::get<ScalarValue>(all.value().at(product->id())), ScalarValue(std::int64_t{20}));
    QVERIFY(all.value().count(x->id()));
    RUN_OK(e, out);
    QCOMPARE(std::get<ScalarValue>(out[0]), ScalarValue(std::int64_t{20}));
    QCOMPARE(tensor(out[1]).get(14), 280.0);
  }

  void symbolicExtentsAreBoundFromTheInputs() {
    // define_tensor(shape=[-1, -1]): the extents are scalars that measure the input.
    Env e;
    Scalar* rows = e.f.newScalar(DataType::Index);
    Scalar* cols = e.f.newScalar(DataType::Index);
    TensorView* x = e.f.newTensor(DataType::Float, {Dim{SymInt::symbolic(rows)}, Dim{SymInt::symbolic(cols)}});
    rows->setExtentOf(x, 0);
    cols->setExtentOf(x, 1);
    e.f.addInput(x);
    e.inputs.emplace_back(HostTensor::fromValues(DataType::Float, {3, 4}, iotaValues(12)));
    Val* total = ok(ops::reduction(e.f, OpType::Sum, x, {1}, false, DataType::Null));
    Val* back = ok(ops::broadcastInDim(e.f, total, {SymInt::symbolic(rows), SymInt::symbolic(cols)}, {0}));
    Val* flat = ok(ops::reshape(e.f, x, shape({-1})));  // a fresh extent learned at run time
    Val* doubled = ok(ops::binary(e.f, OpType::Mul, ok(ops::size(e.f, flat, 0)), e.ci(2)));
    e.f.addOutput(back);
    e.f.addOutput(flat);
    e.f.addOutput(doubled);
    e.f.addOutput(rows);
    RUN_OK(e, out);
    QCOMPARE(sizes(out[0]), (std::vector<std::int64_t>{3, 4}));
    EXPECT_VALUES(values(out[0]), 6, 6, 6, 6, 22, 22, 22, 22, 38, 38, 38, 38);
    QCOMPARE(sizes(out[1]), (std::vector<std::int64_t>{12}));
    QCOMPARE(std::get<ScalarValue>(out[2]), ScalarValue(std::int64_t{24}));
    QCOMPARE(std::get<ScalarValue>(out[3]), ScalarValue(std::int64_t{3}));
  }

  // --- inputs ------------------------------------------------------------------------------
  void inputsAreDeterministic() {
    std::vector<InputSpec> specs{
        tensorSpec(DataType::BFloat16, {64, 9}), tensorSpec(DataType::Float, {1000}, InputFill::Randn),
        tensorSpec(DataType::Int, {500}, InputFill::Randint), tensorSpec(DataType::Bool, {100})};
    specs[2].low = 0;
    specs[2].high = 7;
    InputSpec scalar;
    scalar.isTensor = false;
    scalar.fill = InputFill::Scalar;
    scalar.dtype = DataType::Double;
    scalar.value = 0.25;
    specs.push_back(scalar);
    auto a = makeInputs(specs, 7), b = makeInputs(specs, 7), c = makeInputs(specs, 8);
    QVERIFY(a.ok() && b.ok() && c.ok());
    for (std::size_t i = 0; i < 4; ++i) {
      QVERIFY(tensor(a.value()[i]).bytes() == tensor(b.value()[i]).bytes());
      QVERIFY(tensor(a.value()[i]).bytes() != tensor(c.value()[i]).bytes());
    }
    const std::vector<double> made = values(a.value()[0]);
    QVERIFY(std::all_of(made.begin(), made.end(), [](double v) { return v >= -9.0 && v <= 9.0; }));
    QCOMPARE(tensor(a.value()[0]).bytes().size(), std::size_t{64 * 9 * 2});
    const double mean = tensor(a.value()[1]).sum() / 1000.0;
    QVERIFY2(std::fabs(mean) < 0.15, qPrintable(QString::number(mean)));
    const std::vector<double> ints = values(a.value()[2]);
    QVERIFY(std::all_of(ints.begin(), ints.end(), [](double v) { return v >= 0 && v < 7 && v == std::floor(v); }));
    QCOMPARE(std::get<ScalarValue>(a.value()[4]), ScalarValue(0.25));
  }

  void stridedInputsAreReadThroughStrides() {
    // A transposed (column-major) [3, 2] layout and a row-padded [2, 3] one.
    HostTensor transposed(DataType::Float, {3, 2}, {1, 3});
    HostTensor padded(DataType::Float, {2, 3}, {4, 1});
    QCOMPARE(transposed.storageElements(), std::int64_t{6});
    QCOMPARE(padded.storageElements(), std::int64_t{7});
    QVERIFY(!transposed.isContiguous());
    for (int i = 0; i < 6; ++i) {
      transposed.set(i, i);
      padded.set(i, 10 * i);
    }
    float raw[6];
    std::memcpy(raw, transposed.bytes().data(), sizeof raw);
    QCOMPARE(raw[1], 2.0f);  // logical (1, 0) sits at storage index 1
    Env e;
    Val* t = e.input(transposed);
    Val* p = e.input(padded);
    e.f.addOutput(ok(ops::set(e.f, OpType::Set, t)));
    e.f.addOutput(ok(ops::reduction(e.f, OpType::Sum, p, {1}, false, DataType::Null)));
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 0, 1, 2, 3, 4, 5);
    EXPECT_VALUES(values(out[1]), 30, 120);
    // Generated strided inputs hold the same logical values as contiguous ones.
    InputSpec spec = tensorSpec(DataType::Float, {4, 3});
    InputSpec strided = spec;
    strided.strides = {1, 4};
    auto dense = makeInputs({spec}, 1), sparse = makeInputs({strided}, 1);
    QVERIFY(dense.ok() && sparse.ok());
    QCOMPARE(values(sparse.value()[0]), values(dense.value()[0]));
    QCOMPARE(tensor(sparse.value()[0]).describe(), std::string("f32[4, 3] strides=[1, 4]"));
  }

  // --- errors ------------------------------------------------------------------------------
  void outOfRangeGatherIndexIsAnError() {
    Env e;
    Val* x = e.input(DataType::Float, {2, 2}, {1, 2, 3, 4});
    Val* idx = e.input(DataType::Int, {2, 2}, {0, 5, 1, 0});
    Val* out = ok(ops::gather(e.f, OpType::Gather, x, idx, 1));
    out->definition()->setLoc(SourceLoc{12, 9});
    e.f.addOutput(out);
    auto r = e.run();
    QVERIFY(!r.ok());
    const QString message = QString::fromStdString(r.error().message);
    QVERIFY2(message.contains("gather") && message.contains("index 5") && message.contains("extent 2"),
             qPrintable(message));
    QCOMPARE(r.error().loc, (SourceLoc{12, 9}));
  }

  void float8CastIsAnError() {
    Env e;
    Val* x = e.input(DataType::Float, {4}, {1, 2, 3, 4});
    Val* out = ok(ops::cast(e.f, x, DataType::Float8_e4m3fn));
    out->definition()->setLoc(SourceLoc{3, 14});
    e.f.addOutput(out);
    auto r = e.run();
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().message),
             QString("cast to Float8_e4m3fn: the CPU reference cannot execute Float8 arithmetic"));
    QCOMPARE(r.error().loc.line, 3);
  }

  void badInputsAreErrors() {
    Env e;
    Val* x = e.input(DataType::Float, {2, 2}, {1, 2, 3, 4});
    e.f.addOutput(ok(ops::unary(e.f, OpType::Neg, x)));
    auto wrongShape = runReference(e.f, {HostTensor::zeros(DataType::Float, {2, 3})});
    QVERIFY(!wrongShape.ok());
    QVERIFY(QString::fromStdString(wrongShape.error().message).contains("dim 1 has extent 3"));
    QVERIFY(!runReference(e.f, {}).ok());
    QVERIFY(!runReference(e.f, {HostTensor::zeros(DataType::Half, {2, 2})}).ok());
    QVERIFY(!runReference(e.f, {ScalarValue(1.0)}).ok());
  }

  // --- end to end --------------------------------------------------------------------------
  void rmsNormEndToEndWithoutFiles() {
    // bf16 RMSNorm as nvFuser repro scripts write it: cast up, normalize, scale, cast down.
    std::vector<InputSpec> specs{tensorSpec(DataType::BFloat16, {16, 32}, InputFill::Randn),
                                 tensorSpec(DataType::BFloat16, {32})};
    auto generated = makeInputs(specs, 2024);
    QVERIFY(generated.ok());
    Env e;
    Val* x = e.input(tensor(generated.value()[0]));
    Val* w = e.input(tensor(generated.value()[1]));
    Val* xf = ok(ops::cast(e.f, x, DataType::Float));
    Val* sq = ok(ops::binary(e.f, OpType::Mul, xf, xf));
    Val* ss = ok(ops::reduction(e.f, OpType::Sum, sq, {1}, false, DataType::Null));
    Val* n = ok(ops::size(e.f, x, 1));
    Val* ms = ok(ops::binary(e.f, OpType::Div, ss, n));
    Val* inv = ok(ops::unary(e.f, OpType::Rsqrt, ok(ops::binary(e.f, OpType::Add, ms, e.c(1e-6)))));
    Val* invb = ok(ops::broadcastInDim(e.f, inv, shape({16, 32}), {0}));
    Val* wb = ok(ops::broadcastInDim(e.f, ok(ops::cast(e.f, w, DataType::Float)), shape({16, 32}), {1}));
    Val* y = ok(ops::cast(e.f, ok(ops::binary(e.f, OpType::Mul, ok(ops::binary(e.f, OpType::Mul, xf, invb)), wb)),
                          DataType::BFloat16));
    e.f.addOutput(y);
    QVERIFY(e.f.verify().ok());
    RUN_OK(e, out);
    const HostTensor& result = tensor(out[0]);
    QCOMPARE(result.describe(), std::string("bf16[16, 32]"));
    const HostTensor& xin = tensor(generated.value()[0]);
    const HostTensor& win = tensor(generated.value()[1]);
    for (int r = 0; r < 16; ++r) {
      double s = 0.0;
      for (int j = 0; j < 32; ++j) s += xin.get(r * 32 + j) * xin.get(r * 32 + j);
      const double scale = 1.0 / std::sqrt(s / 32.0 + 1e-6);
      for (int j = 0; j < 32; ++j) {
        const double expected = roundToDtype(xin.get(r * 32 + j) * scale * win.get(j), DataType::BFloat16);
        const double got = result.get(r * 32 + j);
        // One bf16 ulp of slack: the reference rounds each op to float on the way.
        QVERIFY2(std::fabs(got - expected) <= std::ldexp(std::fabs(expected), -7) + 1e-30,
                 qPrintable(QString("(%1, %2): %3 vs %4").arg(r).arg(j).arg(got).arg(expected)));
      }
    }
  }
};

QTEST_APPLESS_MAIN(TestCpuReference)
#include "test_cpu_reference.moc"
