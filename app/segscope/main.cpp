// segscope: the desktop debugger. `segscope FILE [--step N] [--find Q] [--why A,B] [--screenshot OUT.png]`
// renders one step and exits (tests, docs); without --screenshot it opens the window.
#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFileInfo>
#include <QSettings>
#include <cstdio>

#include "cli/huge_pages.h"
#include "pipeline/why_apart.h"
#include "ui/appearance.h"
#include "ui/find_bar.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/main_window.h"
#include "ui/panels/collectives_view.h"
#include "ui/panels/compare_view.h"
#include "ui/panels/diff_view.h"
#include "ui/panels/fx_graph_page.h"
#include "ui/panels/model_run_view.h"
#include "ui/panels/run_view.h"
#include "ui/panels/why_apart_view.h"

namespace {

QSize parseSize(const QString& text, bool& ok) {
  const QStringList parts = text.toLower().split('x');
  int w = 0, h = 0;
  ok = parts.size() == 2;
  if (ok) w = parts[0].toInt(&ok);
  if (ok) h = parts[1].toInt(&ok);
  ok = ok && w >= 320 && h >= 240;
  return {w, h};
}

}  // namespace

int main(int argc, char** argv) {
  segscope::cli::preferHugePages();  // before Qt allocates: see cli/huge_pages.cpp
  QApplication app(argc, argv);
  QApplication::setApplicationName("segscope");
  QApplication::setOrganizationName("Segscope");
  QApplication::setApplicationDisplayName("Segscope");
  QApplication::setDesktopFileName("segscope");

  QCommandLineParser parser;
  parser.setApplicationDescription("Step through fusion segmentation: passes, merge decisions and their reasons.");
  parser.addHelpOption();
  parser.addPositionalArgument(
      "file", "A fusion repro script (.py), a saved trace (.json), a model run's log or a PyTorch FX graph printout.",
      "[FILE]");
  const QCommandLineOption stepOption("step", "Show step N (negative: from the end; default: the last).", "N");
  const QCommandLineOption shotOption("screenshot", "Render the window to OUT.png and exit.", "OUT.png");
  const QCommandLineOption sizeOption("size", "Window size for --screenshot (default 1600x1000).", "WxH", "1600x1000");
  const QCommandLineOption diffOption("diff", "Bring the Diff dock to the front (with --screenshot).");
  const QCommandLineOption themeOption("theme", "system (the default, or what View ▸ Theme chose), light or dark.",
                                       "THEME");
  const QCommandLineOption expandOption(
      "expand", "Collapsed view: draw segment SEG in place (and its run RUN, counted from 1, as ops).", "SEG[,RUN]");
  const QCommandLineOption fitOption("fit", "Fit the whole picture to the window (F) before the screenshot.");
  const QCommandLineOption diffFullOption("diff-full", "Let the Diff dock take the whole window (Ctrl+D).");
  const QCommandLineOption regionsOption("regions", "Draw the fusion-regions overlay (View → Regions overlay).");
  const QCommandLineOption viewOption("view", "Graph view: segments, collapsed or fusion (with --screenshot).", "VIEW",
                                      "segments");
  const QCommandLineOption runOption(
      "run", "Run the final segmentation (CPU reference) and show the Run dock (with --screenshot).");
  const QCommandLineOption findOption(
      "find", "Find QUERY in the picture, show its first match and the list of matches (Ctrl+F, Down).", "QUERY");
  const QCommandLineOption whyOption(
      "why", "Why apart: the merge attempts that held A and B, ops or final segments (\"T3,T30\", \"T3,seg:1\").",
      "A,B");
  const QCommandLineOption nvlogOption("nvfuser-log",
                                       "Open nvFuser's own log of FILE beside it (File ▸ Open nvFuser log…).", "LOG");
  const QCommandLineOption divergenceOption("divergence",
                                            "Go to the first divergence from the nvFuser log (D), with --nvfuser-log.");
  const QCommandLineOption rowOption(
      "row", "With a model run (a log of many fusions, or a folder): open its row N in the debugger.", "N");
  const QCommandLineOption showOption(
      "show", "With a model run: which rows the table shows (all, differ, nvfuser, failed).", "WHICH");
  const QCommandLineOption compareOption(
      "compare",
      "Compare the segmentation side by side with another (View ▸ Compare with): profile=NAME, "
      "scalar-mode=MODE, options=+ENABLE,-DISABLE, file=OTHER.py or nvfuser=LOG.",
      "WITH");
  const QCommandLineOption groupOption(
      "group-runs",
      "Overview: fold the runs of segments between barriers into one tile each (View ▸ Group runs, Shift+G).");
  const QCommandLineOption collectiveOption(
      "collective", "With a PyTorch FX graph: show collective N's span (counted from 1; Collectives dock).", "N");
  parser.addOptions({groupOption,   compareOption,    stepOption, shotOption,  sizeOption,
                     diffOption,    diffFullOption,   fitOption,  themeOption, expandOption,
                     regionsOption, viewOption,       runOption,  findOption,  whyOption,
                     nvlogOption,   divergenceOption, rowOption,  showOption,  collectiveOption});
  parser.process(app);

  const QStringList files = parser.positionalArguments();
  const bool headless = parser.isSet(shotOption);
  if (headless && files.isEmpty()) {
    std::fprintf(stderr, "segscope: --screenshot needs a FILE\n");
    return 2;
  }
  bool sizeOk = true;
  const QSize size = parseSize(parser.value(sizeOption), sizeOk);
  if (!sizeOk) {
    std::fprintf(stderr, "segscope: --size wants WxH, at least 320x240 (got '%s')\n",
                 qPrintable(parser.value(sizeOption)));
    return 2;
  }

  // The theme asked for, else the one the user chose last time (a screenshot does not read it).
  const QString themeText =
      parser.isSet(themeOption)
          ? parser.value(themeOption)
          : (headless ? QString("system") : QSettings().value("appearance/theme", "system").toString());
  if (!QStringList{"system", "light", "dark"}.contains(themeText.toLower())) {
    std::fprintf(stderr, "segscope: --theme wants system, light or dark (got '%s')\n", qPrintable(themeText));
    return 2;
  }
  const segscope::ui::Theme theme = segscope::ui::themeFromName(themeText);
  segscope::ui::applyAppearance(app, theme);
  segscope::ui::MainWindow window(nullptr, /*persistent=*/!headless);
  window.setTheme(theme);
  if (headless) {
    window.resize(size);
    window.show();
    window.openFile(files.first(), /*wait=*/true);
    if (window.showsFxGraph()) {  // a PyTorch graph: its page and the Collectives dock
      window.fxGraphPage()->waitForPicture();
      if (parser.isSet(collectiveOption))
        window.collectivesView()->activate(parser.value(collectiveOption).toInt() - 1);
      QApplication::processEvents();
      const QString out = parser.value(shotOption);
      if (!window.grab().save(out)) return 1;
      std::printf("wrote %s (the FX graph)\n", qPrintable(QFileInfo(out).absoluteFilePath()));
      return 0;
    }
    if (window.showsModelRun()) {  // the run table, or one of its rows in the debugger
      if (parser.isSet(showOption)) window.modelRunView().setShow(parser.value(showOption));
      if (!parser.isSet(rowOption)) {
        QApplication::processEvents();
        const QString out = parser.value(shotOption);
        if (!window.grab().save(out)) return 1;
        std::printf("wrote %s (the model run table)\n", qPrintable(QFileInfo(out).absoluteFilePath()));
        return 0;
      }
      if (!window.openModelRow(parser.value(rowOption).toInt())) {
        std::fprintf(stderr, "%s\n", qPrintable(window.problemsText()));
        return 2;
      }
      if (window.showsNvFuserGroups()) {  // a fusion dumped without its definition: no steps
        QApplication::processEvents();
        const QString out = parser.value(shotOption);
        if (!window.grab().save(out)) return 1;
        std::printf("wrote %s (nvFuser's view of the row)\n", qPrintable(QFileInfo(out).absoluteFilePath()));
        return 0;
      }
    }
    if (window.stepCount() == 0) {
      std::fprintf(stderr, "%s\n", qPrintable(window.problemsText()));
      return 2;
    }
    if (parser.isSet(diffOption)) {
      auto* diff = window.findChild<QDockWidget*>("diffDock");
      diff->raise();
      window.resizeDocks({diff}, {size.height() * 11 / 20}, Qt::Vertical);  // room for both graphs
    }
    if (parser.isSet(viewOption) && !window.setViewName(parser.value(viewOption))) {
      std::fprintf(stderr, "segscope: --view wants segments, collapsed or fusion (got '%s')\n",
                   qPrintable(parser.value(viewOption)));
      return 2;
    }
    if (parser.isSet(groupOption)) window.setGroupRuns(true);
    window.goToStep(parser.isSet(stepOption) ? parser.value(stepOption).toInt() : -1);
    if (parser.isSet(divergenceOption) && !parser.isSet(nvlogOption) && window.showsModelRun() == false)
      window.goToFirstDivergence();  // a model-run row carries its own nvFuser output
    if (parser.isSet(diffFullOption)) window.setDiffFullWindow(true);
    window.waitForPicture();
    if (parser.isSet(nvlogOption)) {
      if (!window.openNvFuserLog(parser.value(nvlogOption))) {
        std::fprintf(stderr, "%s\n", qPrintable(window.problemsText()));
        return 2;
      }
      auto* dock = window.findChild<QDockWidget*>("nvFuserDock");
      window.resizeDocks({dock}, {size.height() * 2 / 5}, Qt::Vertical);
      if (parser.isSet(divergenceOption) && !window.goToFirstDivergence()) {
        std::fprintf(stderr, "segscope: --divergence: the log and Segscope agree\n");
        return 2;
      }
      window.waitForPicture();
    }
    if (parser.isSet(regionsOption)) window.setRegionsOverlay(true);
    if (parser.isSet(runOption)) {
      auto* run = window.findChild<QDockWidget*>("runDock");
      run->raise();
      window.resizeDocks({run}, {size.height() * 3 / 10}, Qt::Vertical);
      window.runView().run(/*wait=*/true);
      window.waitForPicture();
    }
    if (parser.isSet(findOption)) {
      window.findInGraph(parser.value(findOption));
      window.findBar().showResults(true);
      window.waitForPicture();
    }
    if (parser.isSet(whyOption)) {
      const QStringList sides = parser.value(whyOption).split(',');
      if (sides.size() != 2 || !window.askWhyApart(sides[0], sides[1])) {
        std::fprintf(stderr, "segscope: --why: %s\n",
                     sides.size() != 2 ? "wants two names, as in T3,T30 or T3,seg:1"
                                       : qPrintable(window.whyApartView().problemText()));
        return 2;
      }
    }
    if (parser.isSet(expandOption)) {
      const QStringList parts = parser.value(expandOption).split(',');
      const auto expand = [&](const std::string& nodeId) {
        segscope::ui::Selection s = window.scene().selectionOfNode(nodeId);
        return !s.empty() && window.toggleExpansion(s) && window.waitForPicture();
      };
      if (!expand("s" + parts[0].trimmed().toStdString())) {
        std::fprintf(stderr, "segscope: --expand: no segment %s in the collapsed view\n", qPrintable(parts[0]));
        return 2;
      }
      if (parts.size() > 1) {
        std::string run;
        for (const auto& n : window.scene().model().nodes)
          if (n.id.starts_with('r') && n.label.starts_with("run " + parts[1].trimmed().toStdString() + " of"))
            run = n.id;
        if (run.empty() || !expand(run)) {
          std::fprintf(stderr, "segscope: --expand: segment %s has no run %s\n", qPrintable(parts[0]),
                       qPrintable(parts[1]));
          return 2;
        }
      }
    }
    if (parser.isSet(fitOption)) window.view().fitToView();
    if (parser.isSet(compareOption)) {
      if (!window.compareWith(parser.value(compareOption), /*wait=*/true)) {
        std::fprintf(stderr, "segscope: --compare: %s\n", qPrintable(window.problemsText()));
        return 2;
      }
      const QString out = parser.value(shotOption);
      if (!window.grab().save(out)) return 1;
      const std::size_t differences = window.compareView().comparison()->differences.size();
      std::printf("wrote %s (the comparison: %s)\n", qPrintable(QFileInfo(out).absoluteFilePath()),
                  differences == 0
                      ? "the same segmentation"
                      : qPrintable(QString("%1 difference%2").arg(differences).arg(differences == 1 ? "" : "s")));
      return 0;
    }
    const QString out = parser.value(shotOption);
    if (!window.grab().save(out)) {
      std::fprintf(stderr, "segscope: cannot write %s\n", qPrintable(out));
      return 1;
    }
    std::printf("wrote %s (step %d; steps are 0..%d)\n", qPrintable(QFileInfo(out).absoluteFilePath()),
                window.currentStep(), window.stepCount() - 1);
    return 0;
  }
  window.show();
  if (!files.isEmpty()) window.openFile(files.first());
  if (parser.isSet(nvlogOption)) window.openNvFuserLog(parser.value(nvlogOption));
  if (parser.isSet(compareOption) && !files.isEmpty()) {
    window.waitForPicture();
    window.compareWith(parser.value(compareOption));
  }
  return app.exec();
}
