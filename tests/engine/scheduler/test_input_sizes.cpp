// Sizes a definition without a footer fixes by itself (a python_definition dump): constant
// extents reached through the exact map, a reshape's element count, a matmul's contraction, the
// scalars a new shape names; the rest keeps the stated default, and every choice is a note.
#include <QtTest>

#include "frontend/script.h"
#include "scheduler/input_sizes.h"

using namespace segscope;

namespace {

frontend::Script parse(const std::string& body) {
  const std::string text = "def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n" + body;
  frontend::ParseOutcome o = frontend::parseScript(text, {});
  if (!o.ok()) qFatal("%s", o.error.message.c_str());
  return std::move(*o.script);
}

scheduler::InferredSizes infer(const frontend::Script& s) { return scheduler::inferInputSizes(*s.fusion, s.inputs); }

bool noted(const scheduler::InferredSizes& r, const std::string& part) {
  for (const std::string& n : r.notes)
    if (n.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

class TestInputSizes : public QObject {
  Q_OBJECT

 private slots:
  // The held-out case of issue 39: [-1, -1] reshaped to [256, 128, 8, 8] was refused outright.
  void aReshapeToConstantSizesFixesItsInput() {
    const frontend::Script s = parse(
        "    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)\n"
        "    T1 = fd.ops.reshape(T0, new_shape=[256, 128, 8, 8])\n"
        "    fd.add_output(T1)\n");
    const scheduler::InferredSizes r = infer(s);
    QCOMPARE(r.inputs[0].sizes, (std::vector<std::int64_t>{256, 128 * 8 * 8}));
    QCOMPARE(r.fixed, 2);
    QVERIFY(noted(r, "a choice"));
  }

  void oneUnknownDimTakesTheRest() {
    const frontend::Script s = parse(
        "    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)\n"
        "    T1 = fd.ops.broadcast_in_dim(T0, shape=[2048, 1024], broadcast_dims=[0, 1])\n"
        "    T2 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)\n"
        "    T3 = fd.ops.reshape(T2, new_shape=[2048, 16, 64])\n"
        "    T4 = fd.ops.reshape(T1, new_shape=[2048, 16, 64])\n"
        "    T5 = fd.ops.add(T3, T4)\n"
        "    fd.add_output(T5)\n");
    const scheduler::InferredSizes r = infer(s);
    QCOMPARE(r.inputs[0].sizes, (std::vector<std::int64_t>{2048, 1024}));  // from the broadcast's shape
    // T2 meets T1 only after both reshapes: [2048, 1024] is one reading of its 2M elements.
    QCOMPARE(r.inputs[1].sizes, (std::vector<std::int64_t>{2048, 1024}));
    QVERIFY(noted(r, "maps exactly"));
  }

  // linear(x [M, K], w [N, K]): K is one extent, and N is the output's last dim.
  void aLinearsContractionJoinsItsOperands() {
    const frontend::Script s = parse(
        "    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)\n"
        "    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)\n"
        "    T2 = fd.ops.broadcast_in_dim(T0, shape=[256, 512], broadcast_dims=[0, 1])\n"
        "    T3 = fd.ops.linear(T2, T1)\n"
        "    T4 = fd.ops.reshape(T3, new_shape=[256, 8, 64])\n"
        "    fd.add_output(T4)\n");
    const scheduler::InferredSizes r = infer(s);
    QCOMPARE(r.inputs[0].sizes, (std::vector<std::int64_t>{256, 512}));
    QCOMPARE(r.inputs[1].sizes, (std::vector<std::int64_t>{512, 512}));  // N from the reshape, K from x
  }

  void scalarsANewShapeNamesFollowTheInput() {
    const frontend::Script s = parse(
        "    T0 = fd.define_tensor(shape=[-1, -1, -1], contiguity=[True, True, True], dtype=DataType.Float, "
        "is_cpu=False)\n"
        "    S1 = fd.define_scalar(None, dtype=DataType.Int)\n"
        "    S2 = fd.define_scalar(None, dtype=DataType.Int)\n"
        "    S3 = fd.ops.size(T0, dim=0)\n"
        "    S4 = fd.ops.size(T0, dim=1)\n"
        "    T5 = fd.ops.reshape(T0, new_shape=[S3, S4, S1, S2])\n"
        "    fd.add_output(T5)\n");
    const scheduler::InferredSizes r = infer(s);
    const std::int64_t s1 = std::get<std::int64_t>(*r.inputs[1].value);
    const std::int64_t s2 = std::get<std::int64_t>(*r.inputs[2].value);
    QCOMPARE(s1 * s2, std::int64_t{8});  // T0's last dim keeps the default 8
    QVERIFY(noted(r, "S1 ="));
  }

  void whatNothingFixesKeepsTheDefault() {
    const frontend::Script s = parse(
        "    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)\n"
        "    T1 = fd.ops.exp(T0)\n"
        "    fd.add_output(T1)\n");
    const scheduler::InferredSizes r = infer(s);
    QCOMPARE(r.inputs[0].sizes, s.inputs[0].sizes);
    QCOMPARE(r.fixed, 0);
    QCOMPARE(r.defaulted, 2);
    QVERIFY(r.notes.empty());
  }

  // A new shape whose element count does not fit in 64 bits fixes nothing (and computes no
  // overflowing product on the way).
  void aShapeBeyondSixtyFourBitsFixesNothing() {
    const frontend::Script s = parse(
        "    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)\n"
        "    T1 = fd.ops.reshape(T0, new_shape=[4611686018427387904, 4611686018427387904, 8])\n"
        "    fd.add_output(T1)\n");
    const scheduler::InferredSizes r = infer(s);
    QCOMPARE(r.inputs[0].sizes, s.inputs[0].sizes);
  }

  // A reshape whose element count the input cannot meet is left for the pipeline to report.
  void anImpossibleReshapeChangesNothing() {
    const frontend::Script s = parse(
        "    T0 = fd.define_tensor(shape=[-1, 3], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)\n"
        "    T1 = fd.ops.reshape(T0, new_shape=[7, 5])\n"
        "    fd.add_output(T1)\n");
    const scheduler::InferredSizes r = infer(s);
    QCOMPARE(r.inputs[0].sizes, s.inputs[0].sizes);
  }
};

QTEST_GUILESS_MAIN(TestInputSizes)
#include "test_input_sizes.moc"
