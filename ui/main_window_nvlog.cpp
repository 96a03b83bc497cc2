// The main window's side of an nvFuser log: opening it, lining it up with each session the
// window shows, and going to the first place where nvFuser and Segscope disagree.
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QStatusBar>
#include <QTextBrowser>

#include "ui/main_window.h"
#include "ui/panels/inspector_view.h"
#include "ui/panels/nvfuser_view.h"
#include "ui/panels/run_view.h"
#include "ui/panels/timeline_view.h"

namespace segscope::ui {

bool isNvFuserLogFile(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == "py" || suffix == "json") return false;
  if (suffix == "log" || suffix == "txt") return true;
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return false;
  const QByteArray head = f.read(64 * 1024);
  for (const char* marker : {"**Segmenter** Considering fusion", "Segmented_Fusion", "***Runtime***",
                             "Fusion before PreSegmenter", "Fusion after pass:"})
    if (head.contains(marker)) return true;
  return false;
}

bool MainWindow::openNvFuserLog(const QString& path) {
  auto log = nvlog::readNvLogFile(path.toStdString());
  if (!log) {
    const QString message = QString("%1:%2:%3: error: %4")
                                .arg(path)
                                .arg(log.error().loc.line)
                                .arg(log.error().loc.column)
                                .arg(QString::fromStdString(log.error().message));
    panels_.problems->setPlainText(message);
    panels_.problemsDock->show();
    panels_.problemsDock->raise();
    statusBar()->showMessage(message, 10000);
    return false;
  }
  nvLogFile_.path = path;
  nvLogFile_.log = std::make_shared<const nvlog::NvLog>(std::move(log).value());
  updateLogComparison();
  panels_.nvFuserDock->show();
  panels_.nvFuserDock->raise();
  return cursor_->logComparison() != nullptr;
}

// Lines the open log up with the session on screen (after every load: a reload or another
// profile changes Segscope's side, not nvFuser's).
void MainWindow::updateLogComparison() {
  std::shared_ptr<const comparison::LogComparison> comparison;
  QString message;  // what the nvFuser dock says in place of a comparison
  if (nvLogFile_.log && !cursor_->session())
    message = QString(
                  "<p><b>nvFuser log %1 is open</b> (%2 runtime%3). Open the script it is for (File ▸ Open…) "
                  "to line them up.</p>")
                  .arg(QFileInfo(nvLogFile_.path).fileName().toHtmlEscaped())
                  .arg(nvLogFile_.log->runtimes.size())
                  .arg(nvLogFile_.log->runtimes.size() == 1 ? "" : "s");
  if (nvLogFile_.log && cursor_->session()) {
    auto c = comparison::compareWithLog(*cursor_->session(), *nvLogFile_.log);
    if (c) {
      comparison = std::make_shared<const comparison::LogComparison>(std::move(c).value());
      statusBar()->showMessage(
          QString("nvFuser log %1: %2")
              .arg(QFileInfo(nvLogFile_.path).fileName(),
                   comparison->agree() ? "agrees with Segscope" : "differs from Segscope (D: the first divergence)"),
          12000);
    } else {
      const QString error = nvLogFile_.path + ": error: " + QString::fromStdString(c.error().message);
      panels_.problems->setPlainText(error);
      statusBar()->showMessage(error, 10000);
      message = "<p><b>nvFuser log " + QFileInfo(nvLogFile_.path).fileName().toHtmlEscaped() +
                " cannot be lined up with this script:</b></p><p>" +
                QString::fromStdString(c.error().message).toHtmlEscaped() + "</p>";
    }
  }
  panels_.nvFuser->setMessage(message);
  cursor_->setLogComparison(std::move(comparison));  // the nvFuser, Timeline, Inspector and Run docks follow
}

bool MainWindow::goToFirstDivergence() {
  const comparison::LogComparison* comparison = cursor_->logComparison().get();
  if (!comparison || comparison->divergence.headline.empty()) return false;
  const comparison::Divergence& d = comparison->divergence;
  panels_.nvFuserDock->show();
  panels_.nvFuserDock->raise();
  if (d.firstPass >= 0 && d.passes[static_cast<std::size_t>(d.firstPass)].step >= 0) {
    goToStep(d.passes[static_cast<std::size_t>(d.firstPass)].step);
  } else if (d.firstPass < 0 && d.firstCandidate >= 0) {
    picture_.focusCandidates = true;
    goToStep(d.candidates[static_cast<std::size_t>(d.firstCandidate)].step);
  } else {
    // A final group that differs: the final segmentation, on the segment that holds its ops.
    for (const comparison::GroupMatch& g : d.groups)
      if (!g.same && !g.undecided) {
        if (!g.ourSegments.empty())
          focusSegment(g.ourSegments.front());
        else
          goToStep(-1);
        break;
      }
  }
  if (auto* dock = panels_.inspector->parentWidget()) dock->raise();
  statusBar()->showMessage("First divergence: both verdicts are in the Inspector and the nvFuser dock", 8000);
  return true;
}

}  // namespace segscope::ui
