// MainWindow: comparing the open fusion's segmentation with another (View ▸ Compare with).
// The other side is segmented off the GUI thread through the pipeline; the comparison takes
// the window on a page of its own, the debugger's docks put away until it closes.
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTextBrowser>
#include <chrono>

#include "ui/graph_view.h"
#include "ui/main_window.h"
#include "ui/panels/compare_view.h"

namespace segscope::ui {

CompareView& MainWindow::compareView() {
  if (!panels_.compare) {
    panels_.compare = new CompareView(this);
    panels_.compare->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);  // see the run table
    panels_.central->addWidget(panels_.compare);
    connect(panels_.compare, &CompareView::closeRequested, this, &MainWindow::closeComparison);
    comparison_.poll.setInterval(30);
    connect(&comparison_.poll, &QTimer::timeout, this, [this] {
      if (comparison_.pending.valid() &&
          comparison_.pending.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        finishComparison();
    });
  }
  return *panels_.compare;
}

bool MainWindow::showsComparison() const {
  return panels_.compare && panels_.central->currentWidget() == panels_.compare;
}

bool MainWindow::compareWith(const QString& spec, bool wait) {
  const auto fail = [this](const QString& message) {
    statusBar()->showMessage(message, 10000);
    panels_.problems->setPlainText(message);
    return false;
  };
  if (!cursor_->session() || !cursor_->session()->segmentation)
    return fail("Compare: open a fusion script first (a saved trace cannot be re-segmented)");
  if (comparison_.pending.valid()) return fail("Compare: a comparison is still being made");
  auto with = comparison::parseCompareWith(spec.toStdString());
  if (!with) return fail(QString::fromStdString(with.error().message));
  CompareView& view = compareView();
  if (!showsComparison()) {
    docks_.beforeCompare = saveState();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) dock->hide();
    panels_.central->setCurrentWidget(panels_.compare);
  }
  view.showNote(QString("Segmenting <b>%1</b> for the other side…").arg(spec.toHtmlEscaped()));
  panels_.compare->setFocus();
  // The session and options are copied into the task: the window may load another file meanwhile.
  comparison_.pending = std::async(
      std::launch::async, [session = cursor_->session(), options = Document::pipelineOptions(document_->options()),
                           with = *with] { return comparison::compareWith(*session, options, with); });
  comparison_.poll.start();
  if (!wait) return true;
  QElapsedTimer t;
  t.start();
  while ((comparison_.pending.valid() || view.layoutsPending()) && t.elapsed() < 120000)
    QApplication::processEvents(QEventLoop::AllEvents, 20);
  QApplication::processEvents();
  return view.comparison() != nullptr;
}

void MainWindow::finishComparison() {
  comparison_.poll.stop();
  auto result = comparison_.pending.get();
  if (!result) {
    const QString message = QString::fromStdString(result.error().message);
    panels_.compare->showNote("<b>Cannot compare:</b> " + message.toHtmlEscaped());
    panels_.problems->setPlainText(message);
    statusBar()->showMessage("Compare: " + message.section('\n', 0, 0), 10000);
    return;
  }
  auto comparison = std::make_shared<const comparison::SegmentationComparison>(std::move(*result));
  statusBar()->showMessage(QString("Compared with %1: %2")
                               .arg(QString::fromStdString(comparison->right.label),
                                    comparison->same() ? QString("the same segmentation")
                                                       : QString("%1 difference%2")
                                                             .arg(comparison->differences.size())
                                                             .arg(comparison->differences.size() == 1 ? "" : "s")),
                           8000);
  panels_.compare->showComparison(std::move(comparison));
}

void MainWindow::closeComparison() {
  if (!showsComparison()) return;
  panels_.central->setCurrentIndex(1);  // the canvas
  if (!docks_.beforeCompare.isEmpty()) restoreState(docks_.beforeCompare);
  docks_.beforeCompare.clear();
  view_->setFocus();
}

// View ▸ Compare with: what can go beside the open fusion, offered from what it is now (the
// other profiles, the other scalar mode, each modelled option flipped, a file, a log).
void MainWindow::buildCompareMenu(QMenu* view) {
  QMenu* menu = view->addMenu("Compare &with");
  menu->menuAction()->setProperty("segscopeIcon", QString("compare"));  // redrawn on a theme change
  menu->setIcon(themedIcon("compare"));
  menu->setToolTipsVisible(true);
  connect(menu, &QMenu::aboutToShow, this, [this, menu] {
    menu->clear();
    const DocumentOptions& now = document_->options();
    const bool open = cursor_->session() && cursor_->session()->segmentation;
    const auto offer = [&](QMenu* into, const QString& text, const QString& spec) {
      QAction* a = into->addAction(text, this, [this, spec] { compareWith(spec); });
      a->setEnabled(open);
      a->setToolTip(spec);
    };
    QMenu* profiles = menu->addMenu("Device profile");
    for (int i = 0; i < controls_.profileBox->count(); ++i)  // the profiles the Device box offers
      if (controls_.profileBox->itemText(i) != now.profile)
        offer(profiles, controls_.profileBox->itemText(i), "profile=" + controls_.profileBox->itemText(i));
    const bool host = now.scalarMode == segmenter::ScalarMode::HostSegment;
    offer(menu, host ? "Scalars recomputed in each segment (nvFuser's way)" : "Scalars in one host segment",
          host ? "scalar-mode=duplicate" : "scalar-mode=host_segment");
    QMenu* options = menu->addMenu("nvFuser option");
    const auto [enable, disable] = pipeline::modelledNvfuserOptions();
    for (const std::string& name : enable) {
      const QString n = QString::fromStdString(name);
      const bool on = now.enableOptions.contains(n) ||
                      (cursor_->session() && std::count(cursor_->session()->enabledOptionNames().begin(),
                                                        cursor_->session()->enabledOptionNames().end(), name));
      offer(options, (on ? "without NVFUSER_ENABLE=" : "NVFUSER_ENABLE=") + n, (on ? "disable=" : "enable=") + n);
    }
    for (const std::string& name : disable) {
      const QString n = QString::fromStdString(name);
      offer(options, "NVFUSER_DISABLE=" + n, "disable=" + n);
    }
    menu->addSeparator();
    QAction* file = menu->addAction("Another version of the fusion…", this, [this] {
      const QString path = QFileDialog::getOpenFileName(
          this, "Compare with another fusion script",
          QFileInfo(QString::fromStdString(cursor_->session()->file)).path(), "Fusion scripts (*.py);;All files (*)");
      if (!path.isEmpty()) compareWith("file=" + path);
    });
    file->setEnabled(open);
    QAction* log = menu->addAction("nvFuser's segments from its log…", this, [this] {
      QString path = nvLogFile_.path;
      if (path.isEmpty())
        path = QFileDialog::getOpenFileName(this, "Compare with nvFuser's log",
                                            QFileInfo(QString::fromStdString(cursor_->session()->file)).path(),
                                            "nvFuser logs (*.log *.txt);;All files (*)");
      if (!path.isEmpty()) compareWith("nvfuser=" + path);
    });
    log->setEnabled(open);
    log->setToolTip(nvLogFile_.path.isEmpty() ? "A log of NVFUSER_DUMP=segmenter_logging,segmented_fusion"
                                              : "The log open beside the fusion: " + nvLogFile_.path);
    menu->addSeparator();
    QAction* close = menu->addAction("Close comparison", this, [this] { closeComparison(); });
    close->setEnabled(showsComparison());
  });
}

}  // namespace segscope::ui
