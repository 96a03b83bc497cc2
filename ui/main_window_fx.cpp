// The main window's side of a PyTorch FX graph printout: its page in the centre and the
// Collectives dock, made the first time one is opened; the Device box re-prices it.
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTextBrowser>
#include <QToolBar>

#include "ui/document.h"
#include "ui/main_window.h"
#include "ui/panels/collectives_view.h"
#include "ui/panels/fx_graph_page.h"

namespace segscope::ui {

bool isFxGraphFile(const QString& path) {
  const QFileInfo info(path);
  if (info.isDir() || info.suffix().toLower() == "py" || info.suffix().toLower() == "json") return false;
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return false;
  return pipeline::isFxText(f.read(1024 * 1024).toStdString());
}

bool MainWindow::openFxGraph(const QString& path) {
  if (!panels_.fxGraph) {
    panels_.fxGraph = new FxGraphPage(this);
    panels_.fxGraph->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    panels_.central->addWidget(panels_.fxGraph);
    panels_.collectives = new CollectivesView(this);
    panels_.collectivesDock = new QDockWidget("Collectives", this);
    panels_.collectivesDock->setObjectName("collectivesDock");  // saveState() needs names
    panels_.collectives->setMinimumSize(140, 90);
    panels_.collectivesDock->setWidget(panels_.collectives);
    addDockWidget(Qt::BottomDockWidgetArea, panels_.collectivesDock);
    connect(panels_.fxGraph, &FxGraphPage::analysed, this,
            [this] { panels_.collectives->setAnalysis(panels_.fxGraph->analysis()); });
    connect(panels_.fxGraph, &FxGraphPage::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(panels_.fxGraph, &FxGraphPage::fileDropped, this, [this](const QString& dropped) { openFile(dropped); });
    connect(panels_.collectives, &CollectivesView::collectiveActivated, panels_.fxGraph, &FxGraphPage::showCollective);
    connect(panels_.collectives, &CollectivesView::nodeActivated, panels_.fxGraph, &FxGraphPage::showNode);
  }
  LoadProblem problem;
  if (!panels_.fxGraph->open(path, controls_.profileBox->currentText(), problem)) {
    onFailed(problem);
    return false;
  }
  // The fusion's docks (Timeline, Merge log, Segments…) say nothing of an FX graph: they make
  // way, as for a model run, and come back as they were when a fusion is opened again.
  if (!showsFxGraph() && !showsModelRun() && !showsNvFuserGroups()) {
    docks_.beforeRun = saveState();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) dock->hide();
    // The toolbar steps through a fusion's segmentation; the page has its own bar (graph,
    // rules, device, sizes). restoreState() brings it back with the docks.
    for (QToolBar* bar : findChildren<QToolBar*>()) bar->hide();
  }
  panels_.central->setCurrentWidget(panels_.fxGraph);
  panels_.collectivesDock->show();
  panels_.collectivesDock->raise();
  resizeDocks({panels_.collectivesDock}, {height() / 4}, Qt::Vertical);
  // What the reader skipped (a graph that does not read among several, an unknown dtype)
  // goes to Problems, formatted as the CLI prints it.
  QString warnings;
  for (const Diagnostic& d : panels_.fxGraph->warnings()) warnings += QString::fromStdString(d.format());
  panels_.problems->setPlainText(warnings);
  setWindowTitle(QFileInfo(path).fileName() + " — FX graph — Segscope");
  rememberRecent(path);
  const auto* a = panels_.fxGraph->analysis();
  const auto warningCount = panels_.fxGraph->warnings().size();
  statusBar()->showMessage(QString("%1: %2 nodes, %3 regions, %4 collectives%5")
                               .arg(QFileInfo(path).fileName())
                               .arg(a ? a->graph->nodes.size() : 0)
                               .arg(a ? a->regions.regions.size() : 0)
                               .arg(a ? a->collectives.collectives.size() : 0)
                               .arg(warningCount ? QString("; %1 warnings in Problems").arg(warningCount) : QString()),
                           8000);
  return true;
}

bool MainWindow::showsFxGraph() const { return panels_.fxGraph && panels_.central->currentWidget() == panels_.fxGraph; }

}  // namespace segscope::ui
