// GUI stepping cost: time from "go to step i" until its picture is on screen, for every step
// of a fusion, first uncached (layout runs) then cached (the worker's cache serves it).
// Usage: bench_gui_step [FILE] (offscreen; default samples/synthetic_block_200.py).
#include <QApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "ui/main_window.h"

namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::vector<double> stepThrough(segscope::ui::MainWindow& w) {
  std::vector<double> ms;
  for (int i = 0; i < w.stepCount(); ++i) {
    QElapsedTimer t;
    t.start();
    w.goToStep(i);
    w.waitForPicture();
    ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
  }
  return ms;
}

}  // namespace

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  const QString file =
      argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString(SEGSCOPE_SOURCE_DIR) + "/samples/synthetic_block_200.py";
  segscope::ui::MainWindow w;
  w.resize(1600, 1000);
  w.show();
  QElapsedTimer open;
  open.start();
  w.openFile(file, true);
  w.waitForPicture();
  const double coldMs = static_cast<double>(open.nsecsElapsed()) / 1e6;
  if (w.stepCount() == 0) {
    std::fprintf(stderr, "bench_gui_step: could not open %s\n", qPrintable(file));
    return 2;
  }
  const std::vector<double> uncached = stepThrough(w);
  const std::vector<double> cached = stepThrough(w);
  std::printf("%s: %d steps; open to first picture %.0f ms\n", qPrintable(file), w.stepCount(), coldMs);
  std::printf(
      "  per step, first visit (layout runs unless an identical picture came before): median %.1f ms, max %.1f ms\n",
      median(uncached), *std::max_element(uncached.begin(), uncached.end()));
  std::printf("  per step, revisit (cached): median %.1f ms, max %.1f ms\n", median(cached),
              *std::max_element(cached.begin(), cached.end()));
  return 0;
}
