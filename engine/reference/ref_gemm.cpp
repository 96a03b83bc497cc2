// The reference's matrix product, blocked for the cache and split over threads.
//
// The reference runs every linear of a fusion three times under `run --verify` (the
// unsegmented run, its error bounds, the segments), and a naive i-k-j loop over doubles
// made linears 80 % of the time. The speed comes from three things that keep the
// arithmetic exactly the naive loop's: B is packed a panel of columns at a time so it
// stays in cache, a small tile of C lives in registers while K runs in order, and panels
// are shared among threads (each element is owned by one thread).
#include "reference/ref_gemm.h"

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

namespace segscope::exec::ref {
namespace {

constexpr std::int64_t kTileRows = 4;
constexpr std::int64_t kPanelCols = 8;
// Below this many multiply-adds a thread costs more than it saves.
constexpr std::int64_t kWorkPerThread = std::int64_t{1} << 24;

// Columns [j0, j0 + width) of B, row after row, so the micro-kernel reads them contiguously.
void packPanel(const double* b, std::int64_t k, std::int64_t n, std::int64_t j0, std::int64_t width, double* panel) {
  for (std::int64_t p = 0; p < k; ++p)
    for (std::int64_t j = 0; j < width; ++j) panel[p * kPanelCols + j] = b[p * n + j0 + j];
}

// A kTileRows x kPanelCols tile of C held in registers while K runs in order: eight
// four-wide accumulators, spelled out so the compiler keeps them in registers. Built for
// AVX2 where the CPU has it (without FMA: a fused multiply-add would round differently from
// the portable build) and for baseline x86-64 otherwise.
using Quad = double __attribute__((vector_size(32)));
// Quad never crosses a boundary compiled for a different target (the helpers are inlined
// into both clones), so GCC's note that its ABI differs with and without AVX is moot here.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
static_assert(kTileRows == 4 && kPanelCols == 8, "fullTile is written for a 4 x 8 tile");

Quad loadQuad(const double* p) {
  Quad q;
  std::memcpy(&q, p, sizeof q);
  return q;
}
void storeQuad(double* p, Quad q) { std::memcpy(p, &q, sizeof q); }

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void fullTile(const double* a, const double* panel, double* c, std::int64_t k, std::int64_t n) {
  Quad c00 = loadQuad(c), c01 = loadQuad(c + 4);
  Quad c10 = loadQuad(c + n), c11 = loadQuad(c + n + 4);
  Quad c20 = loadQuad(c + 2 * n), c21 = loadQuad(c + 2 * n + 4);
  Quad c30 = loadQuad(c + 3 * n), c31 = loadQuad(c + 3 * n + 4);
  const double *a0 = a, *a1 = a + k, *a2 = a + 2 * k, *a3 = a + 3 * k;
  for (std::int64_t p = 0; p < k; ++p) {
    const Quad b0 = loadQuad(panel + p * kPanelCols), b1 = loadQuad(panel + p * kPanelCols + 4);
    c00 += a0[p] * b0;
    c01 += a0[p] * b1;
    c10 += a1[p] * b0;
    c11 += a1[p] * b1;
    c20 += a2[p] * b0;
    c21 += a2[p] * b1;
    c30 += a3[p] * b0;
    c31 += a3[p] * b1;
  }
  storeQuad(c, c00), storeQuad(c + 4, c01);
  storeQuad(c + n, c10), storeQuad(c + n + 4, c11);
  storeQuad(c + 2 * n, c20), storeQuad(c + 2 * n + 4, c21);
  storeQuad(c + 3 * n, c30), storeQuad(c + 3 * n + 4, c31);
}

// The ragged edge: fewer rows or columns than a full tile, same order of operations.
void edgeTile(const double* a, const double* panel, double* c, std::int64_t k, std::int64_t n, std::int64_t rows,
              std::int64_t width) {
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t j = 0; j < width; ++j) {
      double sum = c[r * n + j];
      for (std::int64_t p = 0; p < k; ++p) sum += a[r * k + p] * panel[p * kPanelCols + j];
      c[r * n + j] = sum;
    }
}

// Every row of C for the column panels [firstPanel, lastPanel).
void panelRange(const double* a, const double* b, double* c, std::int64_t m, std::int64_t k, std::int64_t n,
                std::int64_t firstPanel, std::int64_t lastPanel) {
  std::vector<double> panel(static_cast<std::size_t>(k * kPanelCols));
  for (std::int64_t q = firstPanel; q < lastPanel; ++q) {
    const std::int64_t j0 = q * kPanelCols;
    const std::int64_t width = std::min(kPanelCols, n - j0);
    packPanel(b, k, n, j0, width, panel.data());
    for (std::int64_t i0 = 0; i0 < m; i0 += kTileRows) {
      const std::int64_t rows = std::min(kTileRows, m - i0);
      double* tile = c + i0 * n + j0;
      if (rows == kTileRows && width == kPanelCols)
        fullTile(a + i0 * k, panel.data(), tile, k, n);
      else
        edgeTile(a + i0 * k, panel.data(), tile, k, n, rows, width);
    }
  }
}

std::int64_t threadsFor(std::int64_t work, std::int64_t panels) {
  const std::int64_t cores = std::max<std::int64_t>(1, std::thread::hardware_concurrency());
  return std::clamp<std::int64_t>(work / kWorkPerThread, 1, std::min(cores, panels));
}

}  // namespace

void gemmAccumulate(const double* a, const double* b, double* c, std::int64_t m, std::int64_t k, std::int64_t n) {
  if (m <= 0 || n <= 0 || k <= 0) return;
  const std::int64_t panels = (n + kPanelCols - 1) / kPanelCols;
  const std::int64_t threads = threadsFor(m * n * k, panels);
  if (threads == 1) return panelRange(a, b, c, m, k, n, 0, panels);
  std::vector<std::thread> workers;
  const std::int64_t share = (panels + threads - 1) / threads;
  for (std::int64_t t = 1; t < threads; ++t) {
    const std::int64_t first = t * share, last = std::min(panels, first + share);
    if (first < last) workers.emplace_back(panelRange, a, b, c, m, k, n, first, last);
  }
  panelRange(a, b, c, m, k, n, 0, std::min(panels, share));
  for (std::thread& w : workers) w.join();
}

}  // namespace segscope::exec::ref
