// The reference's blocked, threaded gemm gives bit for bit the naive i-k-j loop's sums, on
// ragged sizes (edge tiles), sizes big enough to split over threads, and when C starts non-zero.
#include <QtTest>

#include <random>
#include <vector>

#include "reference/ref_gemm.h"

namespace {

// The loop the reference used before: each C element sums its K products in order.
std::vector<double> naive(const std::vector<double>& a, const std::vector<double>& b, std::vector<double> c,
                          std::int64_t m, std::int64_t k, std::int64_t n) {
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t p = 0; p < k; ++p)
      for (std::int64_t j = 0; j < n; ++j) c[i * n + j] += a[i * k + p] * b[p * n + j];
  return c;
}

std::vector<double> randomMatrix(std::int64_t rows, std::int64_t cols, unsigned seed) {
  std::mt19937_64 rng(seed);
  // Values of mixed magnitude, so a different summation order would show in the last bits.
  std::uniform_real_distribution<double> mantissa(-1.0, 1.0);
  std::uniform_int_distribution<int> exponent(-20, 20);
  std::vector<double> m(static_cast<std::size_t>(rows * cols));
  for (double& x : m) x = std::ldexp(mantissa(rng), exponent(rng));
  return m;
}

}  // namespace

class TestRefGemm : public QObject {
  Q_OBJECT

 private slots:
  void matchesTheNaiveLoopBitForBit_data() {
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("n");
    QTest::newRow("1x1x1") << 1 << 1 << 1;
    QTest::newRow("vector times matrix") << 1 << 37 << 19;
    QTest::newRow("matrix times vector") << 23 << 41 << 1;
    QTest::newRow("ragged edges") << 37 << 53 << 29;
    QTest::newRow("whole tiles") << 64 << 32 << 64;
    QTest::newRow("threaded, ragged") << 301 << 257 << 263;  // over the per-thread work threshold
  }
  void matchesTheNaiveLoopBitForBit() {
    QFETCH(int, m);
    QFETCH(int, k);
    QFETCH(int, n);
    const auto a = randomMatrix(m, k, 1), b = randomMatrix(k, n, 2);
    for (const bool startsAtZero : {true, false}) {
      std::vector<double> c =
          startsAtZero ? std::vector<double>(static_cast<std::size_t>(m * n)) : randomMatrix(m, n, 3);
      const std::vector<double> expected = naive(a, b, c, m, k, n);
      segscope::exec::ref::gemmAccumulate(a.data(), b.data(), c.data(), m, k, n);
      QVERIFY(c == expected);  // exact: the same products summed in the same order
    }
  }

  void emptyDimensionsLeaveCUntouched() {
    std::vector<double> c{1.0, 2.0};
    segscope::exec::ref::gemmAccumulate(nullptr, nullptr, c.data(), 1, 0, 2);
    QCOMPARE(c, (std::vector<double>{1.0, 2.0}));
  }
};

QTEST_APPLESS_MAIN(TestRefGemm)
#include "test_ref_gemm.moc"
