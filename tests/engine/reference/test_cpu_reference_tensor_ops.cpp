// The CPU reference executor on tensor ops: linear algebra, reductions, views and data
// movement, indexing (numbers and scalars: test_cpu_reference.cpp).
#include <QtTest>

#include <cmath>
#include <set>

#include "cpu_reference_support.h"

using namespace segscope;
using namespace segscope::exec;
using namespace segscope::ir;
using namespace segscope::exec::testing;

class TestCpuReferenceTensorOps : public QObject {
  Q_OBJECT

 private slots:
  // --- linear algebra ----------------------------------------------------------------------
  void matmulMatchesHandComputation() {
    Env e;
    Val* a = e.input(DataType::Float, {2, 3}, {1, 2, 3, 4, 5, 6});
    Val* b = e.input(DataType::Float, {3, 2}, {7, 8, 9, 10, 11, 12});
    Val* batched = e.input(DataType::Float, {2, 2, 3}, {1, 2, 3, 4, 5, 6, 2, 4, 6, 8, 10, 12});
    Val* v = e.input(DataType::Float, {3}, {1, 0, -1});
    e.f.addOutput(ok(ops::matmul(e.f, a, b)));
    e.f.addOutput(ok(ops::matmul(e.f, batched, b)));  // batch dims broadcast over b
    e.f.addOutput(ok(ops::matmul(e.f, a, v)));        // matrix @ vector
    e.f.addOutput(ok(ops::matmul(e.f, v, v)));        // dot → rank 0
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 58, 64, 139, 154);
    QCOMPARE(sizes(out[1]), (std::vector<std::int64_t>{2, 2, 2}));
    EXPECT_VALUES(values(out[1]), 58, 64, 139, 154, 116, 128, 278, 308);
    EXPECT_VALUES(values(out[2]), -2, -2);
    QCOMPARE(sizes(out[3]), std::vector<std::int64_t>{});
    EXPECT_VALUES(values(out[3]), 2);
  }

  void linearAddsBias() {
    Env e;
    Val* x = e.input(DataType::Float, {2, 3}, {1, 2, 3, 4, 5, 6});
    Val* w = e.input(DataType::Float, {2, 3}, {1, 0, 0, 0, 1, 1});
    Val* bias = e.input(DataType::Float, {2}, {0.5, -1});
    e.f.addOutput(ok(ops::linear(e.f, x, w, bias)));
    e.f.addOutput(ok(ops::linear(e.f, x, w, nullptr)));
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 1.5, 4, 4.5, 10);
    EXPECT_VALUES(values(out[1]), 1, 5, 4, 11);
  }

  void sdpaForwardMatchesSoftmaxAttention() {
    Env e;
    // One batch, one head, 2 queries, 3 keys, head_dim 2; scale = 1 keeps the numbers simple.
    Val* q = e.input(DataType::Float, {1, 1, 2, 2}, {1, 0, 0, 1});
    Val* k = e.input(DataType::Float, {1, 1, 3, 2}, {1, 0, 0, 1, 1, 1});
    Val* v = e.input(DataType::Float, {1, 1, 3, 1}, {1, 2, 3});
    auto outs = ok(ops::sdpaFwd(e.f, q, k, v, nullptr, e.cb(true), e.c(1.0)));
    for (Val* o : outs) e.f.addOutput(o);
    RUN_OK(e, out);
    // Causal: query 0 sees key 0 only; query 1 sees keys 0, 1 with scores 0 and 1.
    const double w1 = std::exp(1.0) / (1.0 + std::exp(1.0));
    EXPECT_NEAR(values(out[0]), 1e-6, 1.0, (1 - w1) * 1 + w1 * 2);
    EXPECT_NEAR(values(out[1]), 1e-6, 1.0, std::log(1.0 + std::exp(1.0)));
    EXPECT_VALUES(values(out[2]), 0);
  }

  void sdpaBackwardMatchesFiniteDifferences() {
    // loss = sum(out * g); compare the reference gradient with central differences in double.
    auto specs = std::vector<InputSpec>{tensorSpec(DataType::Double, {1, 2, 3, 4}, InputFill::Randn),
                                        tensorSpec(DataType::Double, {1, 2, 5, 4}, InputFill::Randn),
                                        tensorSpec(DataType::Double, {1, 2, 5, 3}, InputFill::Randn),
                                        tensorSpec(DataType::Double, {1, 2, 3, 3}, InputFill::Randn)};
    auto generated = makeInputs(specs, 5);
    QVERIFY(generated.ok());
    const auto forwardLoss = [&](const std::vector<HostTensor>& qkv) {
      Env e;
      Val* q = e.input(qkv[0]);
      Val* k = e.input(qkv[1]);
      Val* v = e.input(qkv[2]);
      Val* g = e.input(tensor(generated.value()[3]));
      auto outs = ok(ops::sdpaFwd(e.f, q, k, v, nullptr, nullptr, nullptr));
      e.f.addOutput(ok(
          ops::reduction(e.f, OpType::Sum, ok(ops::binary(e.f, OpType::Mul, outs[0], g)), {}, false, DataType::Null)));
      auto r = e.run();
      return r.ok() ? tensor(r.value()[0]).get(0) : std::nan("");
    };
    Env e;
    Val* q = e.input(tensor(generated.value()[0]));
    Val* k = e.input(tensor(generated.value()[1]));
    Val* v = e.input(tensor(generated.value()[2]));
    Val* g = e.input(tensor(generated.value()[3]));
    auto fwd = ok(ops::sdpaFwd(e.f, q, k, v, nullptr, nullptr, nullptr));
    auto grads = ok(ops::sdpaBwd(e.f, g, q, k, v, fwd[0], fwd[1], nullptr, nullptr, fwd[2], fwd[3], nullptr));
    for (Val* gr : grads) e.f.addOutput(gr);
    RUN_OK(e, out);
    std::vector<HostTensor> qkv{tensor(generated.value()[0]), tensor(generated.value()[1]),
                                tensor(generated.value()[2])};
    for (std::size_t which = 0; which < 3; ++which) {
      for (std::int64_t i = 0; i < qkv[which].numel(); i += 5) {
        const double h = 1e-5, original = qkv[which].get(i);
        qkv[which].set(i, original + h);
        const double up = forwardLoss(qkv);
        qkv[which].set(i, original - h);
        const double down = forwardLoss(qkv);
        qkv[which].set(i, original);
        const double numeric = (up - down) / (2 * h), analytic = tensor(out[which]).get(i);
        // logsumexp is stored as Float, which limits the agreement to ~1e-6 relative.
        QVERIFY2(
            std::fabs(numeric - analytic) < 1e-4 * std::max(1.0, std::fabs(numeric)),
            qPrintable(QString("grad %1[%2]: numeric %3 analytic %4").arg(which).arg(i).arg(numeric).arg(analytic)));
      }
    }
  }

  // --- reductions -------------------------------------------------------------------------
  void reductionsHonourKeepdim() {
    Env e;
    Val* x = e.input(DataType::Float, {2, 3}, iotaValues(6, 1));
    e.f.addOutput(ok(ops::reduction(e.f, OpType::Sum, x, {1}, true, DataType::Null)));
    e.f.addOutput(ok(ops::reduction(e.f, OpType::Max, x, {0}, false, DataType::Null)));
    e.f.addOutput(ok(ops::reduction(e.f, OpType::Prod, x, {}, false, DataType::Null)));
    e.f.addOutput(ok(ops::reduction(e.f, OpType::Min, x, {0, 1}, true, DataType::Null)));
    e.f.addOutput(ok(ops::cumsum(e.f, x, 1)));
    RUN_OK(e, out);
    QCOMPARE(sizes(out[0]), (std::vector<std::int64_t>{2, 1}));
    EXPECT_VALUES(values(out[0]), 6, 15);
    QCOMPARE(sizes(out[1]), (std::vector<std::int64_t>{3}));
    EXPECT_VALUES(values(out[1]), 4, 5, 6);
    QCOMPARE(sizes(out[2]), std::vector<std::int64_t>{});
    EXPECT_VALUES(values(out[2]), 720);
    QCOMPARE(sizes(out[3]), (std::vector<std::int64_t>{1, 1}));
    EXPECT_VALUES(values(out[3]), 1);
    EXPECT_VALUES(values(out[4]), 1, 3, 6, 4, 9, 15);
  }

  void varCorrectionMatchesNumpy() {
    Env e;
    Val* x = e.input(DataType::Float, {2, 4}, {1, 2, 3, 4, 2, 4, 6, 8});
    e.f.addOutput(ok(ops::var(e.f, x, {1}, 1, false)));  // np.var(row, ddof=1)
    e.f.addOutput(ok(ops::var(e.f, x, {1}, 0, false)));  // np.var(row)
    e.f.addOutput(ok(ops::var(e.f, x, {0}, 1, true)));   // np.var(x, axis=0, ddof=1, keepdims=True)
    RUN_OK(e, out);
    EXPECT_NEAR(values(out[0]), 1e-7, 5.0 / 3.0, 20.0 / 3.0);
    EXPECT_NEAR(values(out[1]), 1e-7, 1.25, 5.0);
    QCOMPARE(sizes(out[2]), (std::vector<std::int64_t>{1, 4}));
    EXPECT_NEAR(values(out[2]), 1e-7, 0.5, 2, 4.5, 8);
  }

  void welfordGivesMeanM2AndCount() {
    Env e;
    Val* x = e.input(DataType::Float, {2, 4}, {1, 2, 3, 4, 10, 10, 10, 10});
    auto outs = ok(ops::welford(e.f, x, {1}));
    for (Val* o : outs) e.f.addOutput(o);
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 2.5, 10);
    EXPECT_VALUES(values(out[1]), 5, 0);
    QCOMPARE(tensor(out[2]).dtype(), DataType::Index);
    EXPECT_VALUES(values(out[2]), 4, 4);
  }

  // --- views and data movement -------------------------------------------------------------
  void broadcastInDimAndExpand() {
    Env e;
    Val* row = e.input(DataType::Float, {3}, {1, 2, 3});
    Val* col = e.input(DataType::Float, {2, 1}, {10, 20});
    Val* rows = ok(ops::broadcastInDim(e.f, row, shape({2, 3}), {1}));
    Val* cols = ok(ops::expand(e.f, col, shape({2, 3})));
    e.f.addOutput(rows);
    e.f.addOutput(cols);
    e.f.addOutput(ok(ops::binary(e.f, OpType::Add, rows, cols)));
    e.f.addOutput(ok(ops::broadcast(e.f, row, {true, false})));
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 1, 2, 3, 1, 2, 3);
    EXPECT_VALUES(values(out[1]), 10, 10, 10, 20, 20, 20);
    EXPECT_VALUES(values(out[2]), 11, 12, 13, 21, 22, 23);
    QCOMPARE(sizes(out[3]), (std::vector<std::int64_t>{1, 3}));
  }

  void reshapePermuteSqueeze() {
    Env e;
    Val* x = e.input(DataType::Float, {2, 3}, iotaValues(6));
    Val* t = ok(ops::permute(e.f, x, {1, 0}));
    e.f.addOutput(t);
    e.f.addOutput(ok(ops::reshape(e.f, t, shape({-1, 2}))));  // reads the permuted order
    Val* one = ok(ops::reshape(e.f, x, shape({1, 6})));
    e.f.addOutput(ok(ops::squeeze(e.f, one, {0}, false)));
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 0, 3, 1, 4, 2, 5);
    QCOMPARE(sizes(out[1]), (std::vector<std::int64_t>{3, 2}));
    EXPECT_VALUES(values(out[1]), 0, 3, 1, 4, 2, 5);
    QCOMPARE(sizes(out[2]), (std::vector<std::int64_t>{6}));
  }

  void sliceWithNegativeIndices() {
    Env e;
    Val* x = e.input(DataType::Float, {6}, iotaValues(6));
    Val* m = e.input(DataType::Float, {3, 4}, iotaValues(12));
    e.f.addOutput(ok(ops::slice(e.f, x, shape({-4}), shape({-1}), shape({1}), false)));
    e.f.addOutput(ok(ops::slice(e.f, m, shape({-2, 0}), shape({100, 4}), shape({1, 2}), false)));
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 2, 3, 4);
    QCOMPARE(sizes(out[1]), (std::vector<std::int64_t>{2, 2}));
    EXPECT_VALUES(values(out[1]), 4, 6, 8, 10);
  }

  void padWithNegativeWidths() {
    Env e;
    Val* x = e.input(DataType::Float, {2, 4}, iotaValues(8));
    // Last dim: crop 1 on the left, pad 2 on the right; dim 0: pad 1 on top, crop 1 below.
    e.f.addOutput(ok(ops::pad(e.f, x, {-1, 2, 1, -1}, e.c(9.0))));
    e.f.addOutput(ok(ops::pad(e.f, x, {1, 0}, nullptr)));
    RUN_OK(e, out);
    QCOMPARE(sizes(out[0]), (std::vector<std::int64_t>{2, 5}));
    EXPECT_VALUES(values(out[0]), 9, 9, 9, 9, 9, 1, 2, 3, 9, 9);
    EXPECT_VALUES(values(out[1]), 0, 0, 1, 2, 3, 0, 4, 5, 6, 7);
  }

  void catJoinsAlongTheAxis() {
    Env e;
    Val* a = e.input(DataType::Float, {2, 2}, {1, 2, 3, 4});
    Val* b = e.input(DataType::Float, {2, 3}, {5, 6, 7, 8, 9, 10});
    e.f.addOutput(ok(ops::cat(e.f, {a, b}, 1, false)));
    e.f.addOutput(ok(ops::cat(e.f, {a, a}, -2, false)));
    RUN_OK(e, out);
    QCOMPARE(sizes(out[0]), (std::vector<std::int64_t>{2, 5}));
    EXPECT_VALUES(values(out[0]), 1, 2, 5, 6, 7, 3, 4, 8, 9, 10);
    EXPECT_VALUES(values(out[1]), 1, 2, 3, 4, 1, 2, 3, 4);
  }

  void creationOps() {
    Env e;
    e.f.addOutput(ok(ops::iota(e.f, e.ci(5), e.ci(2), e.ci(3), DataType::Int)));
    e.f.addOutput(ok(ops::iota(e.f, e.ci(4), nullptr, nullptr, DataType::Float)));
    e.f.addOutput(ok(ops::full(e.f, shape({2, 2}), e.c(1.5), DataType::Half)));
    Val* x = e.input(DataType::Float, {3, 3}, iotaValues(9, 1));
    e.f.addOutput(ok(ops::triu(e.f, x, 0)));
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 2, 5, 8, 11, 14);
    QCOMPARE(tensor(out[0]).dtype(), DataType::Int);
    EXPECT_VALUES(values(out[1]), 0, 1, 2, 3);
    EXPECT_VALUES(values(out[2]), 1.5, 1.5, 1.5, 1.5);
    EXPECT_VALUES(values(out[3]), 1, 2, 3, 0, 5, 6, 0, 0, 9);
  }

  void randomOpsAreDeterministic() {
    Env e;
    Val* u =
        ok(ops::randomFill(e.f, OpType::Uniform, e.c(2.0), e.c(3.0), shape({1000}), nullptr, nullptr, DataType::Float));
    Val* n =
        ok(ops::randomFill(e.f, OpType::Normal, e.c(0.0), e.c(1.0), shape({1000}), nullptr, nullptr, DataType::Float));
    e.f.addOutput(u);
    e.f.addOutput(n);
    auto first = e.run(), second = e.run(), other = e.run(ReferenceOptions{42});
    QVERIFY(first.ok() && second.ok() && other.ok());
    QVERIFY(tensor(first.value()[0]).bytes() == tensor(second.value()[0]).bytes());
    QVERIFY(tensor(first.value()[0]).bytes() != tensor(other.value()[0]).bytes());
    const std::vector<double> uv = values(first.value()[0]);
    QVERIFY(std::all_of(uv.begin(), uv.end(), [](double v) { return v >= 2.0 && v <= 3.0; }));
    const double mean = tensor(first.value()[1]).sum() / 1000.0;
    QVERIFY2(std::fabs(mean) < 0.15, qPrintable(QString::number(mean)));
  }

  // --- indexing ----------------------------------------------------------------------------
  void gatherAndTakeAlongAxis() {
    Env e;
    Val* x = e.input(DataType::Float, {2, 2}, {1, 2, 3, 4});
    Val* idx = e.input(DataType::Int, {2, 2}, {0, 0, 1, 0});
    Val* wide = e.input(DataType::Float, {2, 3}, {10, 20, 30, 40, 50, 60});
    Val* column = e.input(DataType::Int, {2, 1}, {2, 0});
    Val* shared = e.input(DataType::Int, {1, 2}, {0, 2});
    e.f.addOutput(ok(ops::gather(e.f, OpType::Gather, x, idx, 1)));  // torch.gather's doc example
    e.f.addOutput(ok(ops::gather(e.f, OpType::TakeAlongAxis, wide, column, 1)));
    e.f.addOutput(ok(ops::gather(e.f, OpType::TakeAlongAxis, wide, shared, 1)));  // broadcasts dim 0
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 1, 1, 4, 3);
    EXPECT_VALUES(values(out[1]), 30, 40);
    QCOMPARE(sizes(out[2]), (std::vector<std::int64_t>{2, 2}));
    EXPECT_VALUES(values(out[2]), 10, 30, 40, 60);
  }

  void indexSelectSelectAndEmbedding() {
    Env e;
    Val* x = e.input(DataType::Float, {3, 2}, {1, 2, 3, 4, 5, 6});
    Val* idx = e.input(DataType::Int, {2}, {2, 0});
    Val* tokens = e.input(DataType::Int, {2, 2}, {1, 1, 0, 2});
    Val* rows = e.input(DataType::Int, {1, 3}, {1, 0, 1});  // already broadcast (indexing.cpp:90)
    e.f.addOutput(ok(ops::indexSelect(e.f, x, idx, 0)));
    e.f.addOutput(ok(ops::select(e.f, x, e.ci(-1), 0)));
    e.f.addOutput(ok(ops::embeddingFwd(e.f, tokens, x, {})));
    e.f.addOutput(ok(ops::indexSelect(e.f, x, rows, 1)));
    RUN_OK(e, out);
    EXPECT_VALUES(values(out[0]), 5, 6, 1, 2);
    EXPECT_VALUES(values(out[1]), 5, 6);
    QCOMPARE(sizes(out[2]), (std::vector<std::int64_t>{2, 2, 2}));
    EXPECT_VALUES(values(out[2]), 3, 4, 3, 4, 1, 2, 5, 6);
    QCOMPARE(sizes(out[3]), (std::vector<std::int64_t>{3, 3}));
    EXPECT_VALUES(values(out[3]), 2, 1, 2, 4, 3, 4, 6, 5, 6);
  }
};

QTEST_APPLESS_MAIN(TestCpuReferenceTensorOps)
#include "test_cpu_reference_tensor_ops.moc"
