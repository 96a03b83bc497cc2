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

constexpr int kModelRunPage = 2;       // central_: start page, canvas, run table,
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
  openModelAction_ = new QAction("Open &model run…", this);
  openModelAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_O));
  openModelAction_->setToolTip(
      "Open a whole run: a log with NVFUSER_DUMP=python_definition among other output, error repros, "
      "python_definition_segments (Ctrl+Alt+O)");
  connect(openModelAction_, &QAction::triggered, this, [this] {
    const QStringList paths =
        QFileDialog::getOpenFileNames(this, "Open a model run: its logs (or repro scripts)", QDir::currentPath(),
                                      "Run logs (*.log *.txt *.out);;Repro scripts (*.py);;All files (*)");
    if (!paths.isEmpty()) openModelRun(paths);
  });
  addAction(openModelAction_);
  openModelAction_->setProperty("segscopeIcon", QString("model-run"));  // re-tinted with the theme
  openModelAction_->setIcon(themedIcon("model-run"));
  backToRunAction_ = new QAction("&Back to the model run", this);
  backToRunAction_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
  backToRunAction_->setEnabled(false);
  connect(backToRunAction_, &QAction::triggered, this, &MainWindow::backToModelRun);
  addAction(backToRunAction_);
  backToRunAction_->setProperty("segscopeIcon", QString("back-to-run"));
  backToRunAction_->setIcon(themedIcon("back-to-run"));
  file->addAction(openModelAction_);
  file->addAction(backToRunAction_);
  connect(modelRun_, &ModelRunView::rowActivated, this, [this](int row) { openModelRow(row); });
  connect(modelRun_, &ModelRunView::cancelRequested, this, [this] {
    if (modelRunCancel_) *modelRunCancel_ = true;
    statusBar()->showMessage("Cancelling: the fusions being segmented finish, the rest are skipped", 5000);
  });
}

bool MainWindow::openModelRun(const QStringList& paths, bool wait) {
  std::vector<std::string> inputs;
  for (const QString& p : paths) inputs.push_back(p.toStdString());
  modelRunTitle_ = titleOf(paths);
  modelRun_->startReading(modelRunTitle_);
  showRunPage();
  if (modelRunCancel_) *modelRunCancel_ = true;  // a run still being read gives way
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  modelRunCancel_ = cancel;
  const std::string profile = profileBox_ ? profileBox_->currentText().toStdString() : "h100";
  // Reading and segmenting happen on a worker; progress and the result come back queued.
  const auto work = [this, inputs, cancel, profile, wait]() -> bool {
    auto run = pipeline::readModelRun(inputs);
    if (!run) {
      const QString message = QString::fromStdString(run.error().message);
      QMetaObject::invokeMethod(this, [this, message] {
        problems_->setPlainText(message);
        problemsDock_->show();
        statusBar()->showMessage(message, 10000);
      });
      return false;
    }
    auto shared = std::make_shared<const model::ModelRun>(std::move(run.value()));
    pipeline::ModelRunOptions options;
    options.profile = profile;
    options.cancel = cancel.get();
    QPointer<ModelRunView> view(modelRun_);
    if (!wait)
      options.onProgress = [view](std::size_t done, std::size_t total) {
        QMetaObject::invokeMethod(view, [view, done, total] {
          if (view) view->setProgress(static_cast<int>(done), static_cast<int>(total));
        });
      };
    auto report = std::make_shared<const pipeline::ModelRunReport>(pipeline::analyzeModelRun(*shared, options));
    if (wait) {
      finishModelRun(shared, report);
    } else {
      QMetaObject::invokeMethod(this, [this, shared, report, cancel] {
        if (modelRunCancel_ == cancel) finishModelRun(shared, report);  // else a newer run replaced it
      });
    }
    return true;
  };
  if (wait) return work();
  QThread* thread = QThread::create(work);
  modelThreads_.push_back(thread);  // owned here: the destructor cancels and waits for it
  thread->start();
  return true;
}

void MainWindow::stopModelRuns() {
  if (modelRunCancel_) *modelRunCancel_ = true;
  for (QThread* t : modelThreads_) {
    t->wait();
    delete t;
  }
  modelThreads_.clear();
}

void MainWindow::finishModelRun(std::shared_ptr<const model::ModelRun> run,
                                std::shared_ptr<const pipeline::ModelRunReport> report) {
  // Reap the readers that are done (the one that sent this is finishing now).
  std::erase_if(modelThreads_, [](QThread* t) {
    if (!t->isFinished()) return false;
    delete t;
    return true;
  });
  modelRunData_ = std::move(run);
  modelRun_->setReport(report, modelRunTitle_);
  backToRunAction_->setEnabled(true);
  for (const Diagnostic& d : report->diagnostics) problems_->append(QString::fromStdString(d.format()));
  statusBar()->showMessage(QString("%1: %2 fusions, %3 with nvFuser's output (%4 differ). Enter opens a fusion; "
                                   "Alt+Left comes back")
                               .arg(modelRunTitle_)
                               .arg(report->rows.size())
                               .arg(report->withNvFuser)
                               .arg(report->differing),
                           12000);
  setWindowTitle(modelRunTitle_ + " — Segscope");
}

bool MainWindow::openModelRow(int row) {
  if (!modelRunData_ || row < 0 || static_cast<std::size_t>(row) >= modelRunData_->fusions.size()) return false;
  const model::FusionEntry& entry = modelRunData_->fusions[static_cast<std::size_t>(row)];
  if (entry.kind == model::EntryKind::NvFuserDump) return showNvFuserGroups(entry);
  QApplication::setOverrideCursor(Qt::WaitCursor);
  auto opened = pipeline::openModelFusion(entry, profileBox_->currentText().toStdString());
  QApplication::restoreOverrideCursor();
  if (!opened) {
    problems_->setPlainText(QString::fromStdString(opened.error().message));
    problemsDock_->show();
    problemsDock_->raise();
    statusBar()->showMessage(QString::fromStdString(entry.name) + " did not load: see Problems", 10000);
    return false;
  }
  leaveRunPage();
  // nvFuser's output for this fusion is its log: lined up as File ▸ Open nvFuser log does.
  nvLog_ = opened->log ? std::make_shared<const nvlog::NvLog>(*opened->log) : nullptr;
  nvLogPath_ = QString::fromStdString(entry.file + ":" + std::to_string(entry.line));
  onLoaded(opened->session);
  if (nvLog_) {
    nvFuserDock_->show();
    nvFuserDock_->raise();
  }
  setWindowTitle(QString::fromStdString(entry.name) + " (" + modelRunTitle_ + ") — Segscope");
  statusBar()->showMessage(QString::fromStdString(entry.name) + ": Alt+Left goes back to the run", 8000);
  return true;
}

// A fusion dumped without its definition: nvFuser's printed groups on a page of their own; the
// debugger's docks stay away (there are no steps), and Back returns to the table.
bool MainWindow::showNvFuserGroups(const model::FusionEntry& entry) {
  const std::optional<graph::GraphModel> view = pipeline::nvFuserViewOf(entry);
  if (!view) {
    statusBar()->showMessage(QString::fromStdString(entry.name) +
                                 ": nvFuser printed no groups for it (no segmented_fusion dump): nothing to draw",
                             10000);
    return false;
  }
  if (!nvFuserGroups_) {
    nvFuserGroups_ = new NvFuserGroupsPage(this);
    nvFuserGroups_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    central_->insertWidget(kNvFuserGroupsPage, nvFuserGroups_);
    connect(nvFuserGroups_, &NvFuserGroupsPage::backRequested, this, &MainWindow::backToModelRun);
  }
  central_->setCurrentIndex(kNvFuserGroupsPage);
  const bool drawn = nvFuserGroups_->show(
      *view, QString::fromStdString(view->title) + ", " + QString::number(view->clusters.size()) + " groups.");
  setWindowTitle(QString::fromStdString(entry.name) + " — nvFuser's view (" + modelRunTitle_ + ") — Segscope");
  statusBar()->showMessage(QString::fromStdString(entry.name) + ": nvFuser's view only; Alt+Left goes back to the run",
                           8000);
  return drawn;
}

bool MainWindow::showsNvFuserGroups() const { return central_->currentIndex() == kNvFuserGroupsPage; }

void MainWindow::backToModelRun() {
  if (!modelRun_->report()) return;
  const int keep = modelRun_->selectedRow();
  showRunPage();
  if (keep >= 0) modelRun_->selectRow(keep);
  modelRun_->table().setFocus();
  setWindowTitle(modelRunTitle_ + " — Segscope");
}

// The table takes the window: the debugger's docks say nothing about a whole run, so they are
// put away (their layout kept) until a row is opened.
void MainWindow::showRunPage() {
  if (!showsModelRun() && !showsNvFuserGroups()) {  // nvFuser's page keeps the docks away too
    docksBeforeRun_ = saveState();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) dock->hide();
  }
  central_->setCurrentIndex(kModelRunPage);
}

void MainWindow::leaveRunPage() {
  if (!docksBeforeRun_.isEmpty()) restoreState(docksBeforeRun_);
  docksBeforeRun_.clear();
}

bool MainWindow::showsModelRun() const { return central_->currentIndex() == kModelRunPage; }

}  // namespace segscope::ui
