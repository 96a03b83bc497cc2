// GUI stepping cost: time from "go to step i" until its picture is on screen, for every step
// of a fusion, first uncached (layout runs) then cached (the worker's cache serves it).
// Usage: bench_gui_step [--view segments|collapsed|fusion] [--steps N | --run N] [--no-tiles] [FILE]
//        bench_gui_step --open FILE: as a user opens it (loaded off the GUI thread), the time to
//        the first picture and to the session with every verdict (a big fusion loads twice).
// (offscreen; default samples/synthetic_block_200.py). --steps visits N steps spread evenly
// over the trace instead of all of them; --run steps through N consecutive steps from the
// middle of the trace, as a user pressing Right does.
#include <QApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "ui/main_window.h"

namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::vector<int> stepsToVisit(int count, int wanted, bool consecutive) {
  std::vector<int> steps;
  if (consecutive) {
    for (int i = count / 2; i < count && static_cast<int>(steps.size()) < wanted; ++i) steps.push_back(i);
    return steps;
  }
  if (wanted <= 0 || wanted >= count) {
    for (int i = 0; i < count; ++i) steps.push_back(i);
    return steps;
  }
  if (wanted == 1) return {count - 1};  // the final segmentation (spreading one step divided by zero)
  for (int k = 0; k < wanted; ++k)
    steps.push_back(static_cast<int>(static_cast<long long>(k) * (count - 1) / (wanted - 1)));
  steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
  return steps;
}

std::vector<double> stepThrough(segscope::ui::MainWindow& w, const std::vector<int>& steps) {
  std::vector<double> ms;
  for (const int i : steps) {
    QElapsedTimer t;
    t.start();
    w.goToStep(i);
    w.waitForPicture();
    ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
  }
  return ms;
}

// Opens `file` as the window does for a user and reports when the first picture is on screen
// and when the session with every verdict has replaced the quick one.
int openAsAUserDoes(segscope::ui::MainWindow& w, const QString& file) {
  QElapsedTimer t;
  t.start();
  w.openFile(file, false);
  while ((w.stepCount() == 0 || w.layoutPending()) && t.elapsed() < 600000)
    QApplication::processEvents(QEventLoop::AllEvents, 5);
  const double firstMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
  const bool quick = w.detailsPending();
  const int quickSteps = w.stepCount();
  while (w.detailsPending() && t.elapsed() < 600000) QApplication::processEvents(QEventLoop::AllEvents, 20);
  w.waitForPicture();
  const double allMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
  std::printf("%s: open to first picture %.0f ms (%s, %d steps); every verdict after %.0f ms (%d steps)\n",
              qPrintable(file), firstMs, quick ? "quick load" : "every verdict", quickSteps, allMs, w.stepCount());
  return w.stepCount() > 0 ? 0 : 2;
}

}  // namespace

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QString file = QString(SEGSCOPE_SOURCE_DIR) + "/samples/synthetic_block_200.py", view;
  int wantedSteps = 0;
  bool consecutive = false, asUser = false, tiles = true;
  for (int i = 1; i < argc; ++i) {
    const QString arg = QString::fromLocal8Bit(argv[i]);
    if (arg == "--open")
      asUser = true;
    else if (arg == "--no-tiles")  // the collapsed view of hundreds of groups as a graph (before the overview)
      tiles = false;
    else if (arg == "--view" && i + 1 < argc)
      view = QString::fromLocal8Bit(argv[++i]);
    else if ((arg == "--steps" || arg == "--run") && i + 1 < argc) {
      consecutive = arg == "--run";
      wantedSteps = std::atoi(argv[++i]);
    } else
      file = arg;
  }
  segscope::ui::MainWindow w(nullptr, false);
  w.resize(1600, 1000);
  w.show();
  w.setOverviewTiles(tiles);
  QElapsedTimer open;
  open.start();
  if (asUser) return openAsAUserDoes(w, file);
  w.openFile(file, true);
  w.waitForPicture();
  const double coldMs = static_cast<double>(open.nsecsElapsed()) / 1e6;
  if (w.stepCount() == 0) {
    std::fprintf(stderr, "bench_gui_step: could not open %s\n", qPrintable(file));
    return 2;
  }
  if (!view.isEmpty() && !w.setViewName(view)) {
    std::fprintf(stderr, "bench_gui_step: unknown view %s\n", qPrintable(view));
    return 2;
  }
  w.waitForPicture();
  const std::vector<int> steps = stepsToVisit(w.stepCount(), wantedSteps, consecutive);
  const std::vector<double> uncached = stepThrough(w, steps);
  const std::vector<double> cached = stepThrough(w, steps);
  std::printf("%s (%s view): %d steps, %zu visited%s; open to first picture %.0f ms\n", qPrintable(file),
              qPrintable(w.viewName()), w.stepCount(), steps.size(), consecutive ? " in a row" : "", coldMs);
  std::printf(
      "  per step, first visit (layout runs unless an identical picture came before): median %.1f ms, max %.1f ms\n",
      median(uncached), *std::max_element(uncached.begin(), uncached.end()));
  std::printf("  per step, revisit (cached): median %.1f ms, max %.1f ms\n", median(cached),
              *std::max_element(cached.begin(), cached.end()));
  return 0;
}
