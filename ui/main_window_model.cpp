// The main window's side of a whole model run: opening it (off the GUI thread, with progress and
// cancel), the run table in the centre, a row opened in the debugger, and back to the table.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QPointer>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTextBrowser>
#include <QThread>

#include "ui/appearance.h"
#include "ui/main_window.h"
#include "ui/panels/model_run_view.h"
#include "ui/panels/nvfuser_groups_page.h"

namespace segscope::ui {
namespace {

constexpr int kModelRunPage = 2;       // panels_.central: start page, canvas, run table,
constexpr int kNvFuserGroupsPage = 3;  // nvFuser's view of a fusion dumped without its definition

QString titleOf(const QStringList& paths) {
  QStringList names;
  for (const QString& p : paths) names << QFileInfo(p).fileName();
  return "Model run: " + names.join(", ");
}

}  // namespace

bool isModelRunFile(const QString& path) {
  const QFileInfo info(path);
  if (info.isDir()) return true;
  const QString suffix = info.suffix().toLower();
  if (suffix == "py" || suffix == "json") return false;
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return false;
  const QByteArray head = f.read(1024 * 1024);
  if (head.contains(" = nvFusion") && head.contains("\ndef ")) return true;  // a Thunder trace printout
  for (qsizetype at = head.indexOf("def nvfuser_"); at >= 0; at = head.indexOf("def nvfuser_", at + 1))
    if (head.indexOf("FusionDefinition", at) > at && head.indexOf("FusionDefinition", at) < at + 120) return true;
  return false;
}

void MainWindow::buildModelRunActions(QMenu* file) {
  actions_.openModel = new QAction("Open &model run…", this);
  actions_.openModel->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_O));
  actions_.openModel->setToolTip(
      "Open a whole run: a log with NVFUSER_DUMP=python_definition among other output, error repros, "
      "python_definition_segments (Ctrl+Alt+O)");
  connect(actions_.openModel, &QAction::triggered, this, [this] {
    const QStringList paths =
        QFileDialog::getOpenFileNames(this, "Open a model run: its logs (or repro scripts)", QDir::currentPath(),
                                      "Run logs (*.log *.txt *.out);;Repro scripts (*.py);;All files (*)");
    if (!paths.isEmpty()) openModelRun(paths);
  });
  addAction(actions_.openModel);
  actions_.openModel->setProperty("segscopeIcon", QString("model-run"));  // re-tinted with the theme
  actions_.openModel->setIcon(themedIcon("model-run"));
  actions_.backToRun = new QAction("&Back to the model run", this);
  actions_.backToRun->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
  actions_.backToRun->setEnabled(false);
  connect(actions_.backToRun, &QAction::triggered, this, &MainWindow::backToModelRun);
  addAction(actions_.backToRun);
  actions_.backToRun->setProperty("segscopeIcon", QString("back-to-run"));
  actions_.backToRun->setIcon(themedIcon("back-to-run"));
  file->addAction(actions_.openModel);
  file->addAction(actions_.backToRun);
  connect(panels_.modelRun, &ModelRunView::rowActivated, this, [this](int row) { openModelRow(row); });
  connect(panels_.modelRun, &ModelRunView::cancelRequested, this, [this] {
    if (runTable_.cancel) *runTable_.cancel = true;
    statusBar()->showMessage("Cancelling: the fusions being segmented finish, the rest are skipped", 5000);
  });
}

bool MainWindow::openModelRun(const QStringList& paths, bool wait) {
  std::vector<std::string> inputs;
  for (const QString& p : paths) inputs.push_back(p.toStdString());
  runTable_.title = titleOf(paths);
  panels_.modelRun->startReading(runTable_.title);
  showRunPage();
  if (runTable_.cancel) *runTable_.cancel = true;  // a run still being read gives way
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  runTable_.cancel = cancel;
  const std::string profile = controls_.profileBox ? controls_.profileBox->currentText().toStdString() : "h100";
  // Reading and segmenting happen on a worker; progress and the result come back queued.
  const auto work = [this, inputs, cancel, profile, wait]() -> bool {
    auto run = comparison::readModelRun(inputs);
    if (!run) {
      const QString message = QString::fromStdString(run.error().message);
      QMetaObject::invokeMethod(this, [this, message] {
        panels_.problems->setPlainText(message);
        panels_.problemsDock->show();
        statusBar()->showMessage(message, 10000);
      });
      return false;
    }
    auto shared = std::make_shared<const model::ModelRun>(std::move(run.value()));
    comparison::ModelRunOptions options;
    options.profile = profile;
    options.cancel = cancel.get();
    QPointer<ModelRunView> view(panels_.modelRun);
    if (!wait)
      options.onProgress = [view](std::size_t done, std::size_t total) {
        QMetaObject::invokeMethod(view, [view, done, total] {
          if (view) view->setProgress(static_cast<int>(done), static_cast<int>(total));
        });
      };
    auto report = std::make_shared<const comparison::ModelRunReport>(comparison::analyzeModelRun(*shared, options));
    if (wait) {
      finishModelRun(shared, report);
    } else {
      QMetaObject::invokeMethod(this, [this, shared, report, cancel] {
        if (runTable_.cancel == cancel) finishModelRun(shared, report);  // else a newer run replaced it
      });
    }
    return true;
  };
  if (wait) return work();
  QThread* thread = QThread::create(work);
  runTable_.threads.push_back(thread);  // owned here: the destructor cancels and waits for it
  thread->start();
  return true;
}

void MainWindow::stopModelRuns() {
  if (runTable_.cancel) *runTable_.cancel = true;
  for (QThread* t : runTable_.threads) {
    t->wait();
    delete t;
  }
  runTable_.threads.clear();
}

void MainWindow::finishModelRun(std::shared_ptr<const model::ModelRun> run,
                                std::shared_ptr<const comparison::ModelRunReport> report) {
  // Reap the readers that are done (the one that sent this is finishing now).
  std::erase_if(runTable_.threads, [](QThread* t) {
    if (!t->isFinished()) return false;
    delete t;
    return true;
  });
  runTable_.run = std::move(run);
  panels_.modelRun->setReport(report, runTable_.title);
  actions_.backToRun->setEnabled(true);
  for (const Diagnostic& d : report->diagnostics) panels_.problems->append(QString::fromStdString(d.format()));
  statusBar()->showMessage(QString("%1: %2 fusions, %3 with nvFuser's output (%4 differ). Enter opens a fusion; "
                                   "Alt+Left comes back")
                               .arg(runTable_.title)
                               .arg(report->rows.size())
                               .arg(report->withNvFuser)
                               .arg(report->differing),
                           12000);
  setWindowTitle(runTable_.title + " — Segscope");
}

bool MainWindow::openModelRow(int row) {
  if (!runTable_.run || row < 0 || static_cast<std::size_t>(row) >= runTable_.run->fusions.size()) return false;
  const model::FusionEntry& entry = runTable_.run->fusions[static_cast<std::size_t>(row)];
  if (entry.kind == model::EntryKind::NvFuserDump) return showNvFuserGroups(entry);
  QApplication::setOverrideCursor(Qt::WaitCursor);
  auto opened = comparison::openModelFusion(entry, controls_.profileBox->currentText().toStdString());
  QApplication::restoreOverrideCursor();
  if (!opened) {
    panels_.problems->setPlainText(QString::fromStdString(opened.error().message));
    panels_.problemsDock->show();
    panels_.problemsDock->raise();
    statusBar()->showMessage(QString::fromStdString(entry.name) + " did not load: see Problems", 10000);
    return false;
  }
  leaveRunPage();
  // nvFuser's output for this fusion is its log: lined up as File ▸ Open nvFuser log does.
  nvLogFile_.log = opened->log ? std::make_shared<const nvlog::NvLog>(*opened->log) : nullptr;
  nvLogFile_.path = QString::fromStdString(entry.file + ":" + std::to_string(entry.line));
  onLoaded(opened->session);
  if (nvLogFile_.log) {
    panels_.nvFuserDock->show();
    panels_.nvFuserDock->raise();
  }
  setWindowTitle(QString::fromStdString(entry.name) + " (" + runTable_.title + ") — Segscope");
  statusBar()->showMessage(QString::fromStdString(entry.name) + ": Alt+Left goes back to the run", 8000);
  return true;
}

// A fusion dumped without its definition: nvFuser's printed groups on a page of their own; the
// debugger's docks stay away (there are no steps), and Back returns to the table.
bool MainWindow::showNvFuserGroups(const model::FusionEntry& entry) {
  const std::optional<graph::GraphModel> view = comparison::nvFuserViewOf(entry);
  if (!view) {
    statusBar()->showMessage(QString::fromStdString(entry.name) +
                                 ": nvFuser printed no groups for it (no segmented_fusion dump): nothing to draw",
                             10000);
    return false;
  }
  if (!panels_.nvFuserGroups) {
    panels_.nvFuserGroups = new NvFuserGroupsPage(this);
    panels_.nvFuserGroups->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    panels_.central->insertWidget(kNvFuserGroupsPage, panels_.nvFuserGroups);
    connect(panels_.nvFuserGroups, &NvFuserGroupsPage::backRequested, this, &MainWindow::backToModelRun);
  }
  panels_.central->setCurrentIndex(kNvFuserGroupsPage);
  const bool drawn = panels_.nvFuserGroups->show(
      *view, QString::fromStdString(view->title) + ", " + QString::number(view->clusters.size()) + " groups.");
  setWindowTitle(QString::fromStdString(entry.name) + " — nvFuser's view (" + runTable_.title + ") — Segscope");
  statusBar()->showMessage(QString::fromStdString(entry.name) + ": nvFuser's view only; Alt+Left goes back to the run",
                           8000);
  return drawn;
}

bool MainWindow::showsNvFuserGroups() const { return panels_.central->currentIndex() == kNvFuserGroupsPage; }

void MainWindow::backToModelRun() {
  if (!panels_.modelRun->report()) return;
  const int keep = panels_.modelRun->selectedRow();
  showRunPage();
  if (keep >= 0) panels_.modelRun->selectRow(keep);
  panels_.modelRun->table().setFocus();
  setWindowTitle(runTable_.title + " — Segscope");
}

// The table takes the window: the debugger's docks say nothing about a whole run, so they are
// put away (their layout kept) until a row is opened.
void MainWindow::showRunPage() {
  if (!showsModelRun() && !showsNvFuserGroups()) {  // nvFuser's page keeps the docks away too
    docks_.beforeRun = saveState();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) dock->hide();
  }
  panels_.central->setCurrentIndex(kModelRunPage);
}

void MainWindow::leaveRunPage() {
  if (!docks_.beforeRun.isEmpty()) restoreState(docks_.beforeRun);
  docks_.beforeRun.clear();
}

bool MainWindow::showsModelRun() const { return panels_.central->currentIndex() == kModelRunPage; }

}  // namespace segscope::ui
