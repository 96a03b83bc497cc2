// Verification tolerances: the reference's error bounds on long float rows, cancellation and
// 16-bit op chains, and the comparison that uses them.
#include <QtTest>

#include <cmath>

#include "frontend/script.h"
#include "reference/cpu_reference.h"
#include "reference/half_float.h"
#include "reference/input_generator.h"
#include "reference/verify.h"

using namespace segscope;

namespace {

frontend::Script parse(const std::string& body, const std::string& inputs) {
  const std::string text =
      "from nvfuser import FusionDefinition, DataType\n"
      "def fusion(fd : FusionDefinition) -> None :\n" +
      body + "\nwith FusionDefinition() as fd:\n    fusion(fd)\n\ninputs = [\n" + inputs + "]\n";
  frontend::ParseOutcome o = frontend::parseScript(text);
  if (!o.ok()) qFatal("%s", o.error.format().c_str());
  return std::move(*o.script);
}

template <class R>
auto ok(R r) {
  if (!r) qFatal("error: %s", r.error().message.c_str());
  return std::move(r).value();
}

// Sums each row of a [rows, cols] float tensor the way one GPU thread would: in float, in
// order (the worst realistic order: the longest chain of dependent roundings).
exec::HostTensor floatRowSums(const exec::HostTensor& x, std::int64_t firstCols = -1) {
  const std::int64_t rows = x.sizes()[0], cols = x.sizes()[1];
  const std::vector<double> v = x.asDoubles();
  std::vector<double> out;
  for (std::int64_t r = 0; r < rows; ++r) {
    float s = 0.0f;
    for (std::int64_t c = 0; c < (firstCols < 0 ? cols : firstCols); ++c) s += static_cast<float>(v[r * cols + c]);
    out.push_back(s);
  }
  return exec::HostTensor::fromValues(ir::DataType::Float, {rows}, out);
}

double maxOf(const std::vector<double>& v) {
  double m = 0;
  for (double x : v) m = std::max(m, x);
  return m;
}

}  // namespace

class TestVerify : public QObject {
  Q_OBJECT

 private slots:
  // A 131072-long float sum in float drifts past a flat 1e-5 tolerance, but stays within the
  // bound from its length and Σ|x|; summing half the row does not.
  void longFloatRowsUseTheirLengthAndMagnitude() {
    const frontend::Script s = parse(
        "    T0 = fd.define_tensor(shape=[8, 131072], contiguity=[True, True], dtype=DataType.Float)\n"
        "    T1 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)\n"
        "    fd.add_output(T1)\n",
        "    torch.testing.make_tensor((8, 131072), dtype=torch.float32, device='cuda:0'),\n");
    const auto inputs = ok(exec::makeInputs(s.inputs, 3));
    const exec::BoundedOutputs ref = ok(exec::runReferenceBounded(*s.fusion, inputs));
    const exec::HostTensor& x = std::get<exec::HostTensor>(inputs[0]);
    const exec::HostTensor gpuLike = floatRowSums(x);

    const exec::Comparison flat = exec::compareValues(ref.outputs[0], gpuLike);
    QVERIFY2(!flat.ok, "the float drift of this row length should exceed a flat tolerance");
    const exec::Comparison bounded = exec::compareValues(ref.outputs[0], gpuLike, ref.bounds[0]);
    QVERIFY2(bounded.ok, bounded.message.c_str());

    const exec::Comparison halfRow = exec::compareValues(ref.outputs[0], floatRowSums(x, 65536), ref.bounds[0]);
    QVERIFY(!halfRow.ok);
    QVERIFY2(halfRow.message.find("error bound") != std::string::npos, halfRow.message.c_str());
    // A lost 256-element chunk (one thread's share of a row) is still caught.
    const exec::Comparison lostChunk =
        exec::compareValues(ref.outputs[0], floatRowSums(x, 131072 - 256), ref.bounds[0]);
    QVERIFY(!lostChunk.ok);
  }

  // The bound grows with the row: √n for the same magnitudes.
  void boundsGrowWithTheRowLength() {
    const auto boundFor = [](std::int64_t n) {
      const std::string shape = "[4, " + std::to_string(n) + "]";
      const frontend::Script s = parse(
          "    T0 = fd.define_tensor(shape=" + shape + ", contiguity=[True, True], dtype=DataType.Float)\n" +
              "    T1 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)\n"
              "    fd.add_output(T1)\n",
          "    torch.testing.make_tensor((4, " + std::to_string(n) + "), dtype=torch.float32, device='cuda:0'),\n");
      return maxOf(ok(exec::runReferenceBounded(*s.fusion, ok(exec::makeInputs(s.inputs, 1)))).bounds[0]);
    };
    const double small = boundFor(1024), large = boundFor(65536);
    QVERIFY(small > 0);
    // 64× the terms of the same size: Σ|x| grows 64×, √n 8×.
    QVERIFY2(large > 200 * small && large < 1000 * small, qPrintable(QString("%1 vs %2").arg(small).arg(large)));
  }

  // x − mean(x) with a large common offset: the result is small, but it inherits the
  // drift of the mean, which a flat relative tolerance on the result would not allow.
  void cancellationKeepsTheOperandsDrift() {
    const frontend::Script s = parse(
        "    T0 = fd.define_tensor(shape=[4, 16384], contiguity=[True, True], dtype=DataType.Float)\n"
        "    T1 = fd.ops.sum(T0, dims=[1], keepdim=False, dtype=DataType.Null)\n"
        "    S2 = fd.define_scalar(16384., dtype=DataType.Double)\n"
        "    T3 = fd.ops.div(T1, S2)\n"
        "    T4 = fd.ops.broadcast_in_dim(T3, shape=[4, 16384], broadcast_dims=[0])\n"
        "    T5 = fd.ops.sub(T0, T4)\n"
        "    fd.add_output(T5)\n",
        "    torch.testing.make_tensor((4, 16384), dtype=torch.float32, device='cuda:0'),\n");
    std::vector<double> values(4 * 16384);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = 1000.0 + std::sin(static_cast<double>(i));
    const std::vector<exec::Value> inputs{exec::HostTensor::fromValues(ir::DataType::Float, {4, 16384}, values)};
    const exec::BoundedOutputs ref = ok(exec::runReferenceBounded(*s.fusion, inputs));
    // The GPU's way: the mean in float, then x − mean in float.
    const exec::HostTensor sums = floatRowSums(std::get<exec::HostTensor>(inputs[0]));
    const std::vector<double> sum = sums.asDoubles();
    std::vector<double> centred(values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
      centred[i] = static_cast<float>(values[i]) - static_cast<float>(sum[i / 16384] / 16384.0f);
    const exec::HostTensor gpuLike = exec::HostTensor::fromValues(ir::DataType::Float, {4, 16384}, centred);
    QVERIFY(!exec::compareValues(ref.outputs[0], gpuLike).ok);
    const exec::Comparison c = exec::compareValues(ref.outputs[0], gpuLike, ref.bounds[0]);
    QVERIFY2(c.ok, c.message.c_str());
  }

  // A chain of bfloat16 casts: both sides round at each cast, but from float on the GPU and
  // from double in the reference, so a value near a rounding tie can land one ulp apart
  // early and the chain then amplifies it; the bound collects one rounding per cast.
  void bfloat16ChainsCollectOneRoundingPerCast() {
    std::string body =
        "    T0 = fd.define_tensor(shape=[4096], contiguity=[True], dtype=DataType.BFloat16)\n"
        "    S1 = fd.define_scalar(1.0625, dtype=DataType.Double)\n";
    std::string last = "T0";
    for (int i = 0; i < 24; ++i) {
      const std::string m = "T" + std::to_string(100 + i), c = "T" + std::to_string(200 + i);
      body += "    " + m + " = fd.ops.mul(" + last + ", S1)\n";
      body += "    " + c + " = fd.ops.cast(" + m + ", dtype=DataType.BFloat16)\n";
      last = c;
    }
    body += "    fd.add_output(" + last + ")\n";
    const frontend::Script s =
        parse(body, "    torch.testing.make_tensor((4096,), dtype=torch.bfloat16, device='cuda:0'),\n");
    const auto inputs = ok(exec::makeInputs(s.inputs, 2));
    const exec::BoundedOutputs ref = ok(exec::runReferenceBounded(*s.fusion, inputs));
    const auto gpuLike = [&](double firstStepUlps) {
      std::vector<double> out;
      for (double v : std::get<exec::HostTensor>(inputs[0]).asDoubles()) {
        float f = static_cast<float>(v);
        for (int i = 0; i < 24; ++i) {
          f *= 1.0625f;
          if (i == 0) f *= static_cast<float>(1.0 + firstStepUlps / 128.0);  // a tie landing the other way
          f = static_cast<float>(exec::roundToDtype(f, ir::DataType::BFloat16));
        }
        out.push_back(f);
      }
      return exec::HostTensor::fromValues(ir::DataType::BFloat16, {4096}, out);
    };
    const exec::HostTensor flipped = gpuLike(1.0);
    QVERIFY(!exec::compareValues(ref.outputs[0], flipped).ok);
    const exec::Comparison c = exec::compareValues(ref.outputs[0], flipped, ref.bounds[0]);
    QVERIFY2(c.ok, c.message.c_str());
    // Off by a factor (a wrong operand) is far outside the bound.
    QVERIFY(!exec::compareValues(ref.outputs[0], gpuLike(64.0), ref.bounds[0]).ok);
  }

  // Moving data rounds nothing: a permuted input has no bound, and a permuted result keeps
  // its producer's bound, element by element.
  void dataMovementIsExact() {
    const frontend::Script s = parse(
        "    T0 = fd.define_tensor(shape=[16, 8], contiguity=[True, True], dtype=DataType.Float)\n"
        "    T1 = fd.ops.permute(T0, dims=[1, 0])\n"
        "    T2 = fd.ops.exp(T0)\n"
        "    T3 = fd.ops.permute(T2, dims=[1, 0])\n"
        "    fd.add_output(T1)\n"
        "    fd.add_output(T2)\n"
        "    fd.add_output(T3)\n",
        "    torch.testing.make_tensor((16, 8), dtype=torch.float32, device='cuda:0'),\n");
    const exec::BoundedOutputs ref = ok(exec::runReferenceBounded(*s.fusion, ok(exec::makeInputs(s.inputs, 0))));
    QCOMPARE(maxOf(ref.bounds[0]), 0.0);
    QCOMPARE(ref.bounds[1].size(), std::size_t{128});
    QCOMPARE(ref.bounds[2].size(), std::size_t{128});
    QVERIFY(maxOf(ref.bounds[1]) > 0);
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 8; ++c) QCOMPARE(ref.bounds[2][c * 16 + r], ref.bounds[1][r * 8 + c]);
  }
};

QTEST_GUILESS_MAIN(TestVerify)
#include "test_verify.moc"
