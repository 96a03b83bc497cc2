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
  if (!compare_) {
    compare_ = new CompareView(this);
    compare_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);  // see the run table
    central_->addWidget(compare_);
    connect(compare_, &CompareView::closeRequested, this, &MainWindow::closeComparison);
    comparePoll_.setInterval(30);
    connect(&comparePoll_, &QTimer::timeout, this, [this] {
      if (comparing_.valid() && comparing_.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        finishComparison();
    });
  }
  return *compare_;
}

bool MainWindow::showsComparison() const { return compare_ && central_->currentWidget() == compare_; }

bool MainWindow::compareWith(const QString& spec, bool wait) {
  const auto fail = [this](const QString& message) {
    statusBar()->showMessage(message, 10000);
    problems_->setPlainText(message);
    return false;
  };
  if (!cursor_->session() || !cursor_->session()->segmentation)
    return fail("Compare: open a fusion script first (a saved trace cannot be re-segmented)");
  if (comparing_.valid()) return fail("Compare: a comparison is still being made");
  auto with = pipeline::parseCompareWith(spec.toStdString());
  if (!with) return fail(QString::fromStdString(with.error().message));
  CompareView& view = compareView();
  if (!showsComparison()) {
    docksBeforeCompare_ = saveState();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) dock->hide();
    central_->setCurrentWidget(compare_);
  }
  view.showNote(QString("Segmenting <b>%1</b> for the other side…").arg(spec.toHtmlEscaped()));
  compare_->setFocus();
  // The session and options are copied into the task: the window may load another file meanwhile.
  comparing_ = std::async(std::launch::async,
                          [session = cursor_->session(), options = Document::pipelineOptions(document_->options()),
                           with = *with] { return pipeline::compareWith(*session, options, with); });
  comparePoll_.start();
  if (!wait) return true;
  QElapsedTimer t;
  t.start();
  while ((comparing_.valid() || view.layoutsPending()) && t.elapsed() < 120000)
    QApplication::processEvents(QEventLoop::AllEvents, 20);
  QApplication::processEvents();
  return view.comparison() != nullptr;
}

void MainWindow::finishComparison() {
  comparePoll_.stop();
  auto result = comparing_.get();
  if (!result) {
    const QString message = QString::fromStdString(result.error().message);
    compare_->showNote("<b>Cannot compare:</b> " + message.toHtmlEscaped());
    problems_->setPlainText(message);
    statusBar()->showMessage("Compare: " + message.section('\n', 0, 0), 10000);
    return;
  }
  auto comparison = std::make_shared<const pipeline::SegmentationComparison>(std::move(*result));
  statusBar()->showMessage(QString("Compared with %1: %2")
                               .arg(QString::fromStdString(comparison->right.label),
                                    comparison->same() ? QString("the same segmentation")
                                                       : QString("%1 difference%2")
                                                             .arg(comparison->differences.size())
                                                             .arg(comparison->differences.size() == 1 ? "" : "s")),
                           8000);
  compare_->showComparison(std::move(comparison));
}

void MainWindow::closeComparison() {
  if (!showsComparison()) return;
  central_->setCurrentIndex(1);  // the canvas
  if (!docksBeforeCompare_.isEmpty()) restoreState(docksBeforeCompare_);
  docksBeforeCompare_.clear();
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
    for (int i = 0; i < profileBox_->count(); ++i)  // the profiles the Device box offers
      if (profileBox_->itemText(i) != now.profile)
        offer(profiles, profileBox_->itemText(i), "profile=" + profileBox_->itemText(i));
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
      QString path = nvLogPath_;
      if (path.isEmpty())
        path = QFileDialog::getOpenFileName(this, "Compare with nvFuser's log",
                                            QFileInfo(QString::fromStdString(cursor_->session()->file)).path(),
                                            "nvFuser logs (*.log *.txt);;All files (*)");
      if (!path.isEmpty()) compareWith("nvfuser=" + path);
    });
    log->setEnabled(open);
    log->setToolTip(nvLogPath_.isEmpty() ? "A log of NVFUSER_DUMP=segmenter_logging,segmented_fusion"
                                         : "The log open beside the fusion: " + nvLogPath_);
    menu->addSeparator();
    QAction* close = menu->addAction("Close comparison", this, [this] { closeComparison(); });
    close->setEnabled(showsComparison());
  });
}

}  // namespace segscope::ui
