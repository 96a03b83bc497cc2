// MainWindow's chrome: its actions and shortcuts, menus, toolbar (icons from resources/), docks
// and status bar. The stepping, loading and export logic is in main_window.cpp.
#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QStyle>
#include <QTextBrowser>
#include <QToolBar>
#include <QToolButton>
#include "layout/graphviz_layout.h"
#include "layout/step_export.h"
#include "pipeline/pipeline.h"
#include "support/file_io.h"
#include "trace/diff.h"
#include "trace/trace_json.h"
#include "ui/appearance.h"
#include "ui/find_bar.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/layout_service.h"
#include "ui/main_window.h"
#include "ui/panels/diff_view.h"
#include "ui/panels/inspector_view.h"
#include "ui/panels/merge_log_view.h"
#include "ui/panels/nvfuser_view.h"
#include "ui/panels/run_view.h"
#include "ui/panels/segments_view.h"
#include "ui/panels/source_view.h"
#include "ui/panels/timeline_view.h"
#include "ui/panels/why_apart_view.h"

namespace segscope::ui {
namespace {

// An action's icon, by its name in resources/icons; kept on the action so a theme change can
// draw it again in the other ink.
void iconed(QAction* action, const char* name) {
  action->setProperty("segscopeIcon", QString(name));
  action->setIcon(themedIcon(name));
}

}  // namespace
namespace {

QDockWidget* dock(QMainWindow* window, const QString& title, const QString& name, QWidget* content) {
  auto* d = new QDockWidget(title, window);
  d->setObjectName(name);  // saveState() needs names
  // An explicit minimum overrides the one the content's layout asks for (a row of check boxes,
  // two graphs side by side), so docks can give way to the canvas in a small window.
  content->setMinimumSize(140, 90);
  d->setWidget(content);
  return d;
}

}  // namespace

void MainWindow::buildActions() {
  const auto make = [this](const QString& text, const QKeySequence& key, auto slot) {
    auto* a = new QAction(text, this);
    if (!key.isEmpty()) a->setShortcut(key);
    a->setShortcutContext(Qt::WindowShortcut);
    connect(a, &QAction::triggered, this, slot);
    addAction(a);
    return a;
  };
  openAction_ = make("&Open…", QKeySequence::Open, [this] {
    const QString path =
        QFileDialog::getOpenFileName(this, "Open a fusion script or a saved trace", QFileInfo(document_->path()).path(),
                                     "Fusion scripts and traces (*.py *.json);;All files (*)");
    if (!path.isEmpty()) openFile(path);
  });
  openLogAction_ = make("Open n&vFuser log…", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), [this] {
    const QString path = QFileDialog::getOpenFileName(
        this, "Open nvFuser's log of this script (NVFUSER_DUMP=segmenter_logging,segmented_fusion)",
        QFileInfo(document_->path()).path(), "nvFuser logs (*.log *.txt);;All files (*)");
    if (!path.isEmpty()) openNvFuserLog(path);
  });
  openLogAction_->setToolTip("Open nvFuser's own log of this script beside Segscope's model (Ctrl+Shift+O)");
  divergenceAction_ = make("Go to first &divergence from nvFuser", QKeySequence(Qt::Key_D), [this] {
    if (!goToFirstDivergence())
      statusBar()->showMessage(cursor_->logComparison()
                                   ? "nvFuser's log and Segscope agree: no divergence"
                                   : "D needs an nvFuser log: File ▸ Open nvFuser log…, or drop one on the window",
                               5000);
  });
  divergenceAction_->setToolTip("Show where nvFuser's own log first disagrees with Segscope (D)");
  reloadAction_ = make("&Reload", QKeySequence(Qt::Key_F5), [this] { document_->reload(); });
  exportAction_ = make("&Export SVG of this step…", QKeySequence(Qt::CTRL | Qt::Key_E), [this] { exportSvgDialog(); });
  exportPngAction_ =
      make("Export &PNG of this step…", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E), [this] { exportPngDialog(); });
  exportAllAction_ = make("Export SVG of &all steps…", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
                          [this] { exportAllStepsDialog(); });
  saveTraceAction_ = make("&Save trace…", QKeySequence::Save, [this] { saveTraceDialog(); });
  firstAction_ = make("&First step", QKeySequence(Qt::Key_Home), [this] { firstStep(); });
  prevAction_ = make("&Previous step", QKeySequence(Qt::Key_Left), [this] { previousStep(); });
  nextAction_ = make("&Next step", QKeySequence(Qt::Key_Right), [this] { nextStep(); });
  lastAction_ = make("&Last step", QKeySequence(Qt::Key_End), [this] { lastStep(); });
  prevAction_->setShortcuts({QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_K)});
  nextAction_->setShortcuts({QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_J)});
  rejectedAction_ = make("Run to next &rejected merge", QKeySequence(Qt::Key_R), [this] { nextRejectedMerge(); });
  regroupAction_ = make("Run to where the selected op changes &group", QKeySequence(Qt::Key_G),
                        [this] { nextRegroupOfSelection(); });
  playAction_ = make("&Play", QKeySequence(Qt::Key_Space), [this] { setPlaying(!play_.isActive()); });
  fitAction_ = make("&Fit to view", QKeySequence(Qt::Key_F), [this] { view_->fitToView(); });
  regionsAction_ = make("&Regions overlay", QKeySequence(Qt::SHIFT | Qt::Key_R), [this] { updateRegionOverlay(); });
  regionsAction_->setCheckable(true);
  // Hundreds of groups in the collapsed view: tiles in run order (on), or the segment graph.
  tilesAction_ = make("Overview as &tiles", QKeySequence(Qt::SHIFT | Qt::Key_T), [this] {
    firstPicture_ = true;  // another picture altogether: fitted, as when the file opened
    requestPicture();
  });
  tilesAction_->setCheckable(true);
  tilesAction_->setChecked(true);
  groupAction_ = make("&Group runs between barriers", QKeySequence(Qt::SHIFT | Qt::Key_G), [this] {
    openGroups_.clear();
    firstPicture_ = true;
    requestPicture();
  });
  groupAction_->setCheckable(true);
  groupAction_->setToolTip(
      "Overview: fold each run of segments that no edge from before crosses (a layer) into one "
      "tile; double-click one to open it");
  tilesAction_->setToolTip(
      QString("Collapsed view of more than %1 groups: a tile per segment in run order, shaped like "
              "the canvas (off: the segment graph, every edge drawn)")
          .arg(graph::kOverviewAbove));
  runAction_ =
      make("&Run segmented fusion", QKeySequence(Qt::CTRL | Qt::Key_R), [] {});  // connected once the Run dock exists
  runAction_->setToolTip(
      "Run the final segmentation, time each segment and check it against the unsegmented fusion (Ctrl+R)");
  findAction_ = make("&Find in graph…", QKeySequence::Find, [this] { findBar_->open(); });
  findAction_->setToolTip(
      "Find ops and tensors in the picture by name, op type, dtype or shape (Ctrl+F); Enter "
      "cycles through the matches");
  findStepAction_ = make("Find &step…", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), [this] {
    if (auto* dock = timeline_->parentWidget()) dock->raise();
    timeline_->searchBox()->setFocus(Qt::ShortcutFocusReason);
    timeline_->searchBox()->selectAll();
  });
  findStepAction_->setToolTip("Search the steps by name, phase or log (Ctrl+Shift+F)");
  iconed(findAction_, "find");
  findAction_->setIconText("Find");
  expandAction_ = make("&Expand or fold in place", QKeySequence(Qt::Key_E), [this] {
    if (!toggleExpansion(cursor_->selection()))
      statusBar()->showMessage("E draws a segment's ops in place: select a segment in the Collapsed view", 4000);
  });
  expandAction_->setToolTip(
      "Collapsed view: draw the selected segment (or run) as its ops, or fold it back (E, "
      "or double-click)");
  diffFullAction_ = make("&Diff full window", QKeySequence(Qt::CTRL | Qt::Key_D), [] {});
  diffFullAction_->setCheckable(true);
  diffFullAction_->setToolTip("Compare before and after across the whole window (Ctrl+D)");
  connect(diffFullAction_, &QAction::toggled, this, [this](bool on) { setDiffFullWindow(on); });
  // Escape stops what is running: a layout first, then a run; otherwise it leaves the full-window diff.
  cancelLayoutAction_ = make("&Cancel layout or run", QKeySequence(Qt::Key_Escape), [this] {
    if (showsComparison())
      closeComparison();
    else if (layoutPending())
      cancelLayout();
    else if (run_->running())
      run_->cancel();
    else
      setDiffFullWindow(false);
  });
  drawAnywayAction_ = make("&Draw this step anyway", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), [this] {
    drawAnywayStep_ = cursor_->index();
    requestPicture();
  });
  // Menu-only actions get their icons here, the toolbar's in buildToolBar.
  iconed(exportAllAction_, "export");
  iconed(exportPngAction_, "export");
  iconed(openLogAction_, "nvfuser-log");
  iconed(divergenceAction_, "divergence");
  iconed(saveTraceAction_, "save-trace");
  iconed(fitAction_, "fit");
  iconed(runAction_, "run");
  regionsAction_->setToolTip("Fusible regions (inductor-style) as hulls with their DRAM cost (Shift+R)");
  firstAction_->setToolTip("First step (Home)");
  prevAction_->setToolTip("Previous step (Left or K)");
  nextAction_->setToolTip("Next step (Right or J)");
  lastAction_->setToolTip("Last step (End)");
  rejectedAction_->setToolTip("Run to the next merge the schedulers refused (R)");
  playAction_->setToolTip("Play through the steps (Space)");
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu("&File");
  file->addAction(openAction_);
  recentMenu_ = file->addMenu("Open &Recent");
  file->addAction(openLogAction_);
  buildModelRunActions(file);
  file->addAction(reloadAction_);
  file->addSeparator();
  file->addAction(saveTraceAction_);
  file->addAction(exportAction_);
  file->addAction(exportPngAction_);
  file->addAction(exportAllAction_);
  file->addSeparator();
  QAction* quit = file->addAction("&Quit", this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  iconed(quit, "quit");
  iconed(recentMenu_->menuAction(), "recent");
  iconed(regroupAction_, "follow-op");
  iconed(findStepAction_, "find-step");
  iconed(cancelLayoutAction_, "cancel");
  iconed(drawAnywayAction_, "draw-anyway");
  iconed(diffFullAction_, "diff-full");
  iconed(expandAction_, "expand");
  QMenu* step = menuBar()->addMenu("&Step");
  for (QAction* a : {firstAction_, prevAction_, nextAction_, lastAction_}) step->addAction(a);
  step->addSeparator();
  step->addAction(playAction_);
  step->addAction(rejectedAction_);
  step->addAction(regroupAction_);
  step->addAction(findStepAction_);
  step->addAction(divergenceAction_);
  step->addSeparator();
  step->addAction(runAction_);
  passMenu_ = menuBar()->addMenu("&Passes");
  rebuildPassMenu();
  QMenu* viewMenu = menuBar()->addMenu("&View");
  viewMenu->addAction(findAction_);
  viewMenu->addAction(fitAction_);
  iconed(viewMenu->addAction("Zoom &in", QKeySequence::ZoomIn, this, [this] { view_->zoomBy(1.25); }), "zoom-in");
  iconed(viewMenu->addAction("Zoom &out", QKeySequence::ZoomOut, this, [this] { view_->zoomBy(0.8); }), "zoom-out");
  viewMenu->addAction(regionsAction_);
  viewMenu->addAction(tilesAction_);
  viewMenu->addAction(groupAction_);
  viewMenu->addAction(expandAction_);
  viewMenu->addAction(diffFullAction_);
  viewMenu->addAction(drawAnywayAction_);
  buildCompareMenu(viewMenu);
  viewMenu->addAction(cancelLayoutAction_);
  QMenu* themes = viewMenu->addMenu("&Theme");
  iconed(themes->menuAction(), "theme");
  auto* themeGroup = new QActionGroup(themes);
  for (const Theme t : {Theme::System, Theme::Light, Theme::Dark}) {
    QAction* a = themes->addAction(t == Theme::System ? "Follow the &system" : t == Theme::Light ? "&Light" : "&Dark");
    a->setCheckable(true);
    a->setChecked(t == theme_);
    a->setObjectName("theme-" + themeName(t));
    themeGroup->addAction(a);
    connect(a, &QAction::triggered, this, [this, t] { setTheme(t); });
  }
  viewMenu->addSeparator();
  viewMenu->setObjectName("viewMenu");
  QMenu* help = menuBar()->addMenu("&Help");
  QAction* keys = help->addAction("&Keyboard shortcuts", this, [this] { showShortcutSheet(); });
  keys->setShortcuts({QKeySequence(Qt::Key_Question), QKeySequence(Qt::Key_F1)});
  keys->setObjectName("shortcutSheetAction");
  iconed(keys, "keyboard");
  QAction* about = help->addAction("&About Segscope", this, [this] {
    QMessageBox::about(this, "About Segscope",
                       "<h3>Segscope</h3><p>A debugger for fusion segmentation: step through nvFuser's "
                       "pre-segmentation passes and merge decisions, see why each merge was accepted or "
                       "refused, and run the segments on the CPU reference or the GPU.</p>"
                       "<p>Open a repro script (<code>NVFUSER_DUMP=python_definition</code>) or a saved trace. "
                       "Press <b>?</b> for the keyboard shortcuts.</p>");
  });
  iconed(about, "about");
}

// The light or dark theme, now: palette, stylesheet, icons and the pictures all follow.
void MainWindow::setTheme(Theme theme) {
  theme_ = theme;
  if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance())) applyAppearance(*app, theme);
  for (QAction* a : findChildren<QAction*>())
    if (const QVariant name = a->property("segscopeIcon"); name.isValid()) a->setIcon(themedIcon(name.toString()));
  if (QAction* play = playAction_) play->setIcon(themedIcon(play_.isActive() ? "pause" : "play"));
  if (persistent_) QSettings().setValue("appearance/theme", themeName(theme));
  if (auto* a = findChild<QAction*>("theme-" + themeName(theme))) a->setChecked(true);
  scene_->setBackgroundBrush(canvasColor());
  requestPicture();
  // Every dock that paints its own colours follows now, not at the next step.
  inspector_->refreshTheme();
  diff_->refreshTheme();
}

// Every action with a shortcut, read from the menus, so the sheet never falls behind them.
QString MainWindow::shortcutSheet() const {
  QString rows;
  for (QAction* menu : menuBar()->actions()) {
    if (!menu->menu()) continue;
    QString section;
    for (QAction* a : menu->menu()->actions()) {
      if (a->shortcuts().isEmpty() || a->text().isEmpty()) continue;
      QStringList keys;
      for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText).toHtmlEscaped();
      section += QString("<tr><td>%1</td><td><b>%2</b></td></tr>")
                     .arg(QString(a->text()).remove('&').toHtmlEscaped(), keys.join(", "));
    }
    if (!section.isEmpty())
      rows += QString("<tr><td colspan='2'><h4>%1</h4></td></tr>").arg(QString(menu->text()).remove('&')) + section;
  }
  return "<table cellspacing='4'>" + rows + "</table>";
}

void MainWindow::showShortcutSheet() {
  QMessageBox box(this);
  box.setWindowTitle("Keyboard shortcuts");
  box.setTextFormat(Qt::RichText);
  box.setText(shortcutSheet());
  box.exec();
}

// The nvFuser options Segscope models, as checkable entries: what the user sets here is added
// to what the script's fd.execute(..., _enable_options=[...]) sets, and the button says what the
// segmentation on screen ran with.
void MainWindow::buildNvfuserOptions() {
  nvfuserOptionsMenu_ = new QMenu(this);
  QAction* note = nvfuserOptionsMenu_->addAction("nvFuser options for this fusion (re-segments)");
  note->setEnabled(false);
  const auto [enable, disable] = pipeline::modelledNvfuserOptions();
  const auto add = [this](const std::string& name, bool enabling) {
    const QString q = QString::fromStdString(name);
    QAction* a = nvfuserOptionsMenu_->addAction((enabling ? "NVFUSER_ENABLE=" : "NVFUSER_DISABLE=") + q);
    a->setCheckable(true);
    a->setData(QStringList{enabling ? "enable" : "disable", q});
    a->setObjectName("nvfuser-option-" + q);
    connect(a, &QAction::toggled, this, [this] { applyOptions(); });
  };
  for (const std::string& name : enable) add(name, true);
  for (const std::string& name : disable) add(name, false);
  nvfuserOptionsButton_ = new QToolButton(this);
  nvfuserOptionsButton_->setObjectName("nvfuser-options");
  nvfuserOptionsButton_->setMenu(nvfuserOptionsMenu_);
  nvfuserOptionsButton_->setPopupMode(QToolButton::InstantPopup);
  nvfuserOptionsButton_->setText("defaults");
  nvfuserOptionsButton_->setToolTip(
      "NVFUSER_ENABLE / NVFUSER_DISABLE options the segmentation runs with: those checked here and those the "
      "script's fd.execute(inputs, _enable_options=[...], _disable_options=[...]) sets");
}

void MainWindow::rebuildPassMenu() {
  passMenu_->clear();
  passMenu_->setToolTipsVisible(true);  // each pass says what it does
  QAction* note = passMenu_->addAction("Pre-segmentation passes (re-runs on change)");
  note->setEnabled(false);
  for (const pipeline::PassInfo& p : pipeline::preSegmenterPassList()) {
    QAction* a = passMenu_->addAction(QString::fromStdString(p.name));
    a->setToolTip(QString::fromStdString(p.description));
    a->setCheckable(true);
    a->setChecked(p.onByDefault && !document_->options().disabledPasses.contains(a->text()));
    connect(a, &QAction::toggled, this, [this] { applyOptions(); });
  }
}

void MainWindow::buildToolBar() {
  QToolBar* bar = addToolBar("Main");
  bar->setObjectName("mainToolBar");
  bar->setMovable(false);
  bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  bar->setIconSize(QSize(16, 16));
  iconed(openAction_, "open");
  openAction_->setIconText("Open");
  iconed(reloadAction_, "reload");
  reloadAction_->setIconText("Reload");
  bar->addAction(openAction_);
  bar->addAction(reloadAction_);
  bar->addSeparator();
  // Stepping buttons are icons (their keys are in the tooltips); the rest carry words.
  iconed(firstAction_, "step-first");
  iconed(prevAction_, "step-prev");
  iconed(playAction_, "play");
  iconed(nextAction_, "step-next");
  iconed(lastAction_, "step-last");
  for (QAction* a : {firstAction_, prevAction_, playAction_, nextAction_, lastAction_}) {
    bar->addAction(a);
    if (auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(a)))
      button->setToolButtonStyle(Qt::ToolButtonIconOnly);
  }
  speedBox_ = new QComboBox(this);
  speedBox_->addItems({"0.5 steps/s", "1 step/s", "2 steps/s", "5 steps/s", "10 steps/s"});
  speedBox_->setCurrentIndex(2);
  speedBox_->setToolTip("Playback speed");
  bar->addWidget(speedBox_);
  iconed(rejectedAction_, "next-refused");
  rejectedAction_->setIconText("Next refused merge");
  bar->addAction(rejectedAction_);
  bar->addSeparator();
  const auto labelled = [&](const QString& text, QWidget* box) {
    auto* l = new QLabel(text, this);
    l->setContentsMargins(8, 0, 4, 0);
    bar->addWidget(l);
    bar->addWidget(box);
  };
  profileBox_ = new QComboBox(this);
  profileBox_->setObjectName("deviceProfile");
  profileBox_->addItems({"h100", "h200", "a100"});
  profileBox_->setToolTip("Device profile: persistent-buffer budgets depend on it (re-segments)");
  labelled("Device", profileBox_);
  scalarBox_ = new QComboBox(this);
  scalarBox_->addItems({"host_segment", "duplicate"});
  scalarBox_->setToolTip("host_segment: scalar math runs once on the host; duplicate: nvFuser's per-kernel copies");
  labelled("Scalars", scalarBox_);
  buildNvfuserOptions();
  labelled("Options", nvfuserOptionsButton_);
  viewBox_ = new QComboBox(this);
  viewBox_->addItems({"Segments", "Collapsed", "Fusion"});
  viewBox_->setToolTip("Ops in their groups, one node per group, or the fusion alone");
  labelled("View", viewBox_);
  iconed(regionsAction_, "regions");
  regionsAction_->setIconText("Regions");
  bar->addAction(regionsAction_);
  bar->addSeparator();
  iconed(exportAction_, "export");
  exportAction_->setIconText("Export SVG");
  bar->addAction(exportAction_);
  runAction_->setIconText("Run");
  bar->addAction(runAction_);
  bar->addSeparator();
  bar->addAction(findAction_);
  connect(profileBox_, &QComboBox::currentTextChanged, this, [this] {
    // A device picked by hand wins over the script header's for this file.
    if (cursor_->session()) profileChosenFor_ = QString::fromStdString(cursor_->session()->file);
    applyOptions();
  });
  connect(scalarBox_, &QComboBox::currentTextChanged, this, [this] { applyOptions(); });
  connect(viewBox_, &QComboBox::currentIndexChanged, this, [this](int i) {
    viewMode_ = i == 1 ? graph::View::Collapsed : i == 2 ? graph::View::Fusion : graph::View::Segments;
    // With something selected the new picture opens with it where it was on screen; else fitted.
    selectionOnScreen_.reset();
    if (const QRectF r = selectionRect(); !r.isNull()) selectionOnScreen_ = view_->mapFromScene(r.center());
    firstPicture_ = !selectionOnScreen_;
    requestPicture();
  });
  connect(speedBox_, &QComboBox::currentIndexChanged, this, [this] {
    if (play_.isActive()) setPlaying(true);
  });
}

void MainWindow::resizeEvent(QResizeEvent* event) {
  QMainWindow::resizeEvent(event);
  giveCanvasRoom();
  reflowTilesSoon();
}

// An overview laid out for another shape of canvas is laid out again (tiles cost ~1 ms), fitted,
// once the resize settles.
void MainWindow::reflowTilesSoon() {
  if (tilesAspect_ <= 0 || view_->viewport()->height() <= 0) return;
  const double now = double(view_->viewport()->width()) / view_->viewport()->height();
  if (std::abs(now / tilesAspect_ - 1) < 0.15) return;
  reflow_.start();
}

// The sizes buildDocks asks for are clamped by the window's size at construction (640×480),
// so a first start drew the Timeline cut to "g3…" and the Segments table without its last
// columns. Once the window has its real size, the side columns get a share of it: enough for
// the Timeline's "✓ g12 + g13" rows and the Segments dock's six columns.
void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (dockSizesSet_ || dockSizesRestored_ || compact_) return;
  dockSizesSet_ = true;
  auto* timeline = findChild<QDockWidget*>("timelineDock");
  auto* segments = findChild<QDockWidget*>("segmentsDock");
  if (!timeline || !segments) return;
  const int left = std::clamp(width() * 17 / 100, 220, 320);
  const int right = std::clamp(width() * 25 / 100, 300, 440);
  resizeDocks({timeline, segments}, {left, right}, Qt::Horizontal);
}

// Docks keep their pixel sizes when the window shrinks, so at 800×600 the canvas was a sliver
// between them. Only when the docks would take more than half the window's width (sides) or
// 40 % of its height (bottom) do they give way, to 20 % and 24 %; sooner in a small window. A
// dock the user widened in a big window keeps its size across later resizes.
// The diff takes the window: every other dock and the canvas step aside, and come back as
// they were.
void MainWindow::setDiffFullWindow(bool on) {
  if (on == diffFullWindow_) return;
  diffFullWindow_ = on;
  if (on) {
    stateBeforeFullDiff_ = saveState();
    for (QDockWidget* d : findChildren<QDockWidget*>())
      if (d != diffDock_) d->hide();
    centralWidget()->hide();
    diffDock_->show();
    diffDock_->raise();
  } else {
    centralWidget()->show();
    restoreState(stateBeforeFullDiff_);
  }
  diff_->setFullWindow(on);
  const QSignalBlocker quiet(diffFullAction_);
  diffFullAction_->setChecked(on);
}

void MainWindow::giveCanvasRoom() {
  if (diffFullWindow_) return;  // the diff was asked to take the window
  // A really small window (800×600) keeps one side column: the right docks join the left ones
  // as tabs, and come back where they were when the window grows.
  const bool compact = width() < kCompactWidth || height() < kCompactHeight;
  if (compact != compact_) setCompactDocks(compact);
  QList<QDockWidget*> sides, bottom;
  int sideWidth = 0, bottomHeight = 0;
  for (QDockWidget* d : findChildren<QDockWidget*>()) {
    if (d->isFloating() || d->isHidden()) continue;
    switch (dockWidgetArea(d)) {
      case Qt::LeftDockWidgetArea:
      case Qt::RightDockWidgetArea: sides << d; break;
      case Qt::BottomDockWidgetArea: bottom << d; break;
      default: break;
    }
  }
  // Tabified docks share one column, so a column counts once: by its widest member per area.
  int leftWidth = 0, rightWidth = 0;
  for (QDockWidget* d : sides) {
    int& column = dockWidgetArea(d) == Qt::LeftDockWidgetArea ? leftWidth : rightWidth;
    column = std::max(column, d->width());
  }
  sideWidth = leftWidth + rightWidth;
  for (QDockWidget* d : bottom) bottomHeight = std::max(bottomHeight, d->height());
  const auto capAt = [this](const QList<QDockWidget*>& docks, int cap, bool horizontal, QList<int>& sizes) {
    QList<QDockWidget*> out;
    for (QDockWidget* d : docks)
      if (const int size = horizontal ? d->width() : d->height(); size > cap) {
        squeezed_.try_emplace(d, size);  // the size it gets back when the window grows again
        out << d;
        sizes << cap;
      }
    return out;
  };
  // A small window (a laptop's half screen, 800×600) gives the canvas more: the docks give
  // way sooner there.
  const bool small = width() < 1100 || height() < 750;
  if (!small && !squeezed_.empty()) {
    // Big again: the docks that gave way get their sizes back.
    QList<QDockWidget*> wide, tall;
    QList<int> widths, heights;
    for (const auto& [d, size] : squeezed_) {
      if (d->isHidden() || d->isFloating()) continue;
      const bool bottomDock = dockWidgetArea(d) == Qt::BottomDockWidgetArea;
      (bottomDock ? tall : wide) << d;
      (bottomDock ? heights : widths) << size;
    }
    squeezed_.clear();
    if (!wide.isEmpty()) resizeDocks(wide, widths, Qt::Horizontal);
    if (!tall.isEmpty()) resizeDocks(tall, heights, Qt::Vertical);
    return;
  }
  if (sideWidth > width() * (small ? 35 : 50) / 100) {
    QList<int> widths;
    const QList<QDockWidget*> wide = capAt(sides, width() * 20 / 100, true, widths);
    if (!wide.isEmpty()) resizeDocks(wide, widths, Qt::Horizontal);
  }
  if (bottomHeight > height() * (compact_ ? 22 : small ? 28 : 40) / 100) {
    QList<int> heights;
    const QList<QDockWidget*> tall = capAt(bottom, height() * (compact_ ? 20 : 24) / 100, false, heights);
    if (!tall.isEmpty()) resizeDocks(tall, heights, Qt::Vertical);
  }
}

void MainWindow::setCompactDocks(bool on) {
  compact_ = on;
  // The left column is narrow when compact and holds four or five tabs: along its side each
  // tab keeps its whole title ("Timeline", "Source", "Segments", "Inspector"), where tabs below
  // it were cut to "T…", "So…" and scrolled.
  setTabPosition(Qt::LeftDockWidgetArea, on ? QTabWidget::West : QTabWidget::South);
  if (!on) {
    restoreState(stateBeforeCompact_);
    return;
  }
  stateBeforeCompact_ = saveState();
  QDockWidget* column = nullptr;  // the left column's front dock (any of it, before the first paint)
  QList<QDockWidget*> right;
  for (QDockWidget* d : findChildren<QDockWidget*>()) {
    if (d->isFloating() || d->isHidden()) continue;
    if (dockWidgetArea(d) == Qt::RightDockWidgetArea) right << d;
    if (dockWidgetArea(d) == Qt::LeftDockWidgetArea && (!column || !d->visibleRegion().isEmpty())) column = d;
  }
  if (!column) return;
  for (QDockWidget* d : right) tabifyDockWidget(column, d);
  column->raise();
}

void MainWindow::buildDocks() {
  QDockWidget* timeline = dock(this, "Timeline", "timelineDock", timeline_);
  QDockWidget* source = dock(this, "Source", "sourceDock", source_);
  QDockWidget* inspector = dock(this, "Inspector", "inspectorDock", inspector_);
  QDockWidget* mergeLog = dock(this, "Merge log", "mergeLogDock", mergeLog_);
  diffDock_ = dock(this, "Diff", "diffDock", diff_);
  problemsDock_ = dock(this, "Problems", "problemsDock", problems_);
  QDockWidget* runDock = dock(this, "Run", "runDock", run_);
  QDockWidget* segmentsDock = dock(this, "Segments", "segmentsDock", segments_);
  whyDock_ = dock(this, "Why apart", "whyApartDock", whyApart_);
  nvFuser_ = new NvFuserView(this);
  nvFuserDock_ = dock(this, "nvFuser", "nvFuserDock", nvFuser_);
  addDockWidget(Qt::LeftDockWidgetArea, timeline);
  addDockWidget(Qt::LeftDockWidgetArea, source);
  tabifyDockWidget(timeline, source);
  timeline->raise();
  addDockWidget(Qt::RightDockWidgetArea, segmentsDock);
  addDockWidget(Qt::RightDockWidgetArea, inspector);  // below the segments
  addDockWidget(Qt::BottomDockWidgetArea, mergeLog);
  addDockWidget(Qt::BottomDockWidgetArea, diffDock_);
  addDockWidget(Qt::BottomDockWidgetArea, problemsDock_);
  addDockWidget(Qt::BottomDockWidgetArea, runDock);
  addDockWidget(Qt::BottomDockWidgetArea, whyDock_);
  addDockWidget(Qt::BottomDockWidgetArea, nvFuserDock_);
  tabifyDockWidget(mergeLog, diffDock_);
  tabifyDockWidget(diffDock_, problemsDock_);
  tabifyDockWidget(problemsDock_, runDock);
  tabifyDockWidget(runDock, whyDock_);
  tabifyDockWidget(whyDock_, nvFuserDock_);
  mergeLog->raise();
  resizeDocks({timeline, inspector}, {330, 380}, Qt::Horizontal);
  resizeDocks({mergeLog}, {230}, Qt::Vertical);
  resizeDocks({segmentsDock, inspector}, {200, 480}, Qt::Vertical);
  // Every dock that shows the session follows the cursor; none is pushed a step by hand.
  timeline_->follow(*cursor_);
  source_->follow(*cursor_);
  inspector_->follow(*cursor_);
  mergeLog_->follow(*cursor_);
  diff_->follow(*cursor_);
  run_->follow(*cursor_);
  nvFuser_->follow(*cursor_);
  connect(segments_, &SegmentsView::segmentActivated, this, &MainWindow::focusSegment);
  problems_->setPlaceholderText("No problems.");
  problems_->setOpenLinks(false);
  connect(problems_, &QTextBrowser::anchorClicked, this, [this] { showProblemInSource(); });
  problems_->setStyleSheet("font-family: 'DejaVu Sans Mono', monospace;");
  connect(diff_, &DiffView::fullWindowToggled, this, [this](bool on) { setDiffFullWindow(on); });
  if (QMenu* viewMenu = menuBar()->findChild<QMenu*>("viewMenu"))
    for (QDockWidget* d : {timeline, source, segmentsDock, inspector, mergeLog, diffDock_, problemsDock_, runDock,
                           whyDock_, nvFuserDock_})
      viewMenu->addAction(d->toggleViewAction());
  connect(runAction_, &QAction::triggered, this, [this, runDock] {
    runDock->show();
    runDock->raise();
    run_->run();
  });
  connect(run_, &RunView::timesReady, this, [this](const std::map<int, QString>& times) {
    runTimes_ = times;
    segments_->setTimes(times);
    applySegmentBadges();
  });
  connect(run_, &RunView::segmentClicked, this, &MainWindow::focusSegment);
  connect(nvFuser_, &NvFuserView::segmentActivated, this, &MainWindow::focusSegment);
  connect(nvFuser_, &NvFuserView::divergenceRequested, this, [this] { goToFirstDivergence(); });
}

void MainWindow::buildStatusBar() {
  stepLabel_ = new QLabel(this);
  layoutLabel_ = new QLabel(this);
  busy_ = new QProgressBar(this);
  busy_->setRange(0, 0);  // indeterminate: dot gives no progress
  busy_->setMaximumWidth(140);
  busy_->setVisible(false);
  cancel_ = new QPushButton("Cancel layout", this);
  cancel_->setVisible(false);
  connect(cancel_, &QPushButton::clicked, this, [this] { cancelLayout(); });
  overviewLabel_ = new QLabel(this);
  overviewLabel_->setTextFormat(Qt::RichText);
  overviewLabel_->setContentsMargins(0, 0, 14, 0);
  statusBar()->addPermanentWidget(overviewLabel_);
  statusBar()->addPermanentWidget(busy_);
  statusBar()->addPermanentWidget(cancel_);
  statusBar()->addPermanentWidget(layoutLabel_);
  statusBar()->addPermanentWidget(stepLabel_);
}

}  // namespace segscope::ui
