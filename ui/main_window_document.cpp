// Opening files in the debugger window: the document's and layout's signals, loaded and failed.
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTextBrowser>
#include <QToolButton>
#include <limits>
#include <utility>

#include "pipeline/header_device.h"
#include "ui/graph_scene.h"
#include "ui/layout_service.h"
#include "ui/main_window.h"
#include "ui/panels/diff_view.h"
#include "ui/panels/inspector_view.h"
#include "ui/panels/merge_log_view.h"
#include "ui/panels/run_view.h"
#include "ui/panels/source_view.h"
#include "ui/panels/timeline_view.h"

namespace segscope::ui {

void MainWindow::connectDocument() {
  connect(document_, &Document::loaded, this, &MainWindow::onLoaded);
  connect(document_, &Document::failed, this, &MainWindow::onFailed);
  connect(document_, &Document::loadingChanged, this, [this](bool loading) {
    statusBar()->showMessage(loading ? "Loading…" : QString(), loading ? 0 : 1);
    controls_.busy->setVisible(loading || document_->detailsPending() || layout_->busy());
  });
  connect(document_, &Document::progress, this, [this](const QString& text) {
    statusBar()->showMessage((document_->detailsPending() ? "Recording every verdict… " : "Loading… ") + text);
  });
  // A big fusion is shown from its quick load while every verdict is recorded: the busy light
  // stays on and the status bar says what is still coming.
  connect(document_, &Document::detailsPendingChanged, this, [this](bool pending) {
    controls_.busy->setVisible(pending || document_->loading() || layout_->busy());
    controls_.busy->setToolTip(pending ? "Recording every merge verdict in the background: the Merge log's reasons and "
                                         "Why apart fill in when it is done"
                                       : QString());
    if (pending)
      statusBar()->showMessage(
          "Quick view: each merge's outcome is shown; every verdict is being recorded for the "
          "Merge log and Why apart",
          8000);
    else if (!document_->loading())
      statusBar()->showMessage("Every merge verdict recorded: the Merge log and Why apart are complete", 5000);
  });
  connect(document_, &Document::fileVanished, this, [this](const QString& path) {
    const QString message =
        QString("%1 is no longer on disk (deleted or moved): showing what was loaded; it reloads when the file is back")
            .arg(QFileInfo(path).fileName());
    panels_.problems->setPlainText(message);
    statusBar()->showMessage(message, 10000);
  });
  connect(layout_, &LayoutService::ready, this, &MainWindow::onPicture);
  connect(layout_, &LayoutService::failed, this, [this](int, const QString& message) {
    picture_.shown = true;
    statusBar()->showMessage("layout failed: " + message, 8000);
  });
  connect(layout_, &LayoutService::busyChanged, this, [this](bool busy) {
    controls_.busy->setVisible(busy || document_->loading() || document_->detailsPending());
    controls_.cancel->setVisible(busy);
  });
}

// ---------------------------------------------------------------------------- loading

void MainWindow::openFile(const QString& path, bool wait) {
  if (isFxGraphFile(path)) {  // a PyTorch graph, not a fusion: its regions and collectives
    openFxGraph(path);
    return;
  }
  if (panels_.collectivesDock) panels_.collectivesDock->hide();
  if (isModelRunFile(path)) {  // many fusions: the run table, a row opens one
    openModelRun({path}, wait);
    return;
  }
  if (isNvFuserLogFile(path)) {  // an nvFuser log opens beside the script, not instead of it
    if (document_->session() || document_->loading())
      openNvFuserLog(path);
    else
      openModelRun({path}, wait);  // nothing to line it up with: nvFuser's own view, as a run
    return;
  }
  leaveRunPage();
  pickProfileFromHeader(path);
  if (wait)
    document_->openNow(path);
  else
    document_->open(path);
}

// The script's header names the GPU it ran on ("# CUDA devices:" / "#  0: NVIDIA A100 ..."):
// its profile is the one to segment for, unless the user picked a device for this file.
void MainWindow::pickProfileFromHeader(const QString& path) {
  static const QString kTip = "Device profile: persistent-buffer budgets depend on it (re-segments)";
  if (path == profileChosenFor_) return;
  profileChosenFor_.clear();
  controls_.profileBox->setToolTip(kTip);
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return;
  const auto device = pipeline::headerDevice(file.read(16 * 1024).toStdString());
  if (!device) return;
  const QString gpu = QString::fromStdString(device->gpu);
  if (device->profile.empty()) {
    controls_.profileBox->setToolTip(
        kTip + QString("\nThe script's header names %1, which has no built-in profile.").arg(gpu));
    return;
  }
  const QString profile = QString::fromStdString(device->profile);
  controls_.profileBox->setToolTip(
      QString("%1: the GPU the script's header names (%2). Pick another device to override it.").arg(profile, gpu));
  if (controls_.profileBox->currentText() == profile) return;
  {
    const QSignalBlocker quiet(controls_.profileBox);  // not the user's choice: no override recorded
    controls_.profileBox->setCurrentText(profile);
  }
  applyOptions();
  statusBar()->showMessage(
      QString("Device %1, from the script's header (%2); pick another under Device to override").arg(profile, gpu),
      8000);
}

void MainWindow::applyOptions() {
  DocumentOptions o;
  o.profile = controls_.profileBox->currentText();
  o.scalarMode =
      controls_.scalarBox->currentIndex() == 1 ? segmenter::ScalarMode::Duplicate : segmenter::ScalarMode::HostSegment;
  for (QAction* a : controls_.passMenu->actions())
    if (a->isCheckable() && !a->isChecked()) o.disabledPasses << a->text();
  for (QAction* a : controls_.nvfuserOptionsMenu->actions()) {
    const QStringList kindAndName = a->data().toStringList();
    if (!a->isChecked() || kindAndName.size() != 2) continue;
    (kindAndName[0] == "enable" ? o.enableOptions : o.disableOptions) << kindAndName[1];
  }
  document_->setOptions(o);
}

void MainWindow::showNvfuserOptions() {
  QStringList shown;
  if (cursor_->session()) {
    for (const std::string& n : cursor_->session()->enabledOptionNames()) shown << "+" + QString::fromStdString(n);
    for (const std::string& n : cursor_->session()->disabledOptionNames()) shown << "-" + QString::fromStdString(n);
  }
  controls_.nvfuserOptionsButton->setText(shown.isEmpty() ? "defaults" : shown.join(" "));
}

void MainWindow::onLoaded(SessionPtr session) {
  const bool sameFile = cursor_->session() && cursor_->session()->file == session->file;
  // At the final segmentation the user stays there when the session with every verdict (more
  // steps) replaces the quick one, or the file is reloaded.
  const int keep =
      cursor_->index() >= 0 && cursor_->index() == stepCount() - 1 ? std::numeric_limits<int>::max() : cursor_->index();
  cursor_->setSession(std::move(session));
  picture_.whyShown.reset();  // its expr ids belong to the previous session
  if (!sameFile) picture_.openGroups.clear();
  showNvfuserOptions();
  rememberRecent(QString::fromStdString(cursor_->session()->file));  // only files that loaded
  // A comparison stays on show while its own fusion is reloaded (the quick load's full session).
  if (showsComparison() && !sameFile) closeComparison();
  if (!showsComparison()) panels_.central->setCurrentIndex(1);  // the canvas
  panels_.problems->clear();
  updateOverview();
  updateLogComparison();
  picture_.first = !sameFile;
  picture_.drawAnywayStep = -1;
  // A big fusion opens on its collapsed segment graph: readable, and laid out in a second
  // rather than minutes. The view box says so and the user can switch back.
  if (!sameFile && picture_.viewMode != graph::View::Collapsed && stepCount() > 0 &&
      cursor_->session()->trace->steps().back().exprsAfter > kAutoCollapseOps) {
    const QSignalBlocker quiet(controls_.viewBox);
    controls_.viewBox->setCurrentIndex(1);
    picture_.viewMode = graph::View::Collapsed;
    statusBar()->showMessage(QString("%L1 ops: showing the collapsed segment graph (View: Segments draws every op)")
                                 .arg(cursor_->session()->trace->steps().back().exprsAfter),
                             10000);
  }
  // Reloading the same file keeps the user's place; a new file opens on its final segmentation.
  goToStep(sameFile && keep >= 0 ? std::min(keep, stepCount() - 1) : stepCount() - 1);
}

void MainWindow::onFailed(const LoadProblem& problem) {
  lastProblem_ = problem;
  // The diagnostic's "file:line:col" is a link: it opens the script at that place in Source.
  QString html = problem.message.toHtmlEscaped();
  if (problem.line > 0) {
    const QString where = QString(":%1:%2").arg(problem.line).arg(problem.column);
    if (const qsizetype end = html.indexOf(where); end >= 0) {
      const qsizetype start = html.lastIndexOf('\n', end) + 1;
      const qsizetype stop = end + where.size();
      html = html.left(start) + "<a href=\"problem:0\">" + html.mid(start, stop - start) + "</a>" + html.mid(stop);
    }
  }
  panels_.problems->setHtml("<pre style=\"font-family: 'DejaVu Sans Mono', monospace\">" + html + "</pre>");
  panels_.problemsDock->show();
  panels_.problemsDock->raise();
  const QString kept = cursor_->session() ? "the previous fusion stays on screen" : "nothing is loaded";
  statusBar()->showMessage(problem.line > 0 ? QString("%1:%2:%3: error — %4")
                                                  .arg(QFileInfo(problem.file).fileName())
                                                  .arg(problem.line)
                                                  .arg(problem.column)
                                                  .arg(kept)
                                            : QString("could not open %1; %2").arg(problem.file, kept),
                           10000);
}

}  // namespace segscope::ui
