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
#include "ui/panels/fx_graph_page.h"
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
  actions_.open = make("&Open…", QKeySequence::Open, [this] {
    const QString path = QFileDialog::getOpenFileName(
        this, "Open a fusion script or a saved trace", QFileInfo(document_->path()).path(),
        "Fusion scripts and traces (*.py *.json);;PyTorch FX graphs and logs (*.txt *.log);;All files (*)");
    if (!path.isEmpty()) openFile(path);
  });
  actions_.openLog = make("Open n&vFuser log…", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), [this] {
    const QString path = QFileDialog::getOpenFileName(
        this, "Open nvFuser's log of this script (NVFUSER_DUMP=segmenter_logging,segmented_fusion)",
        QFileInfo(document_->path()).path(), "nvFuser logs (*.log *.txt);;All files (*)");
    if (!path.isEmpty()) openNvFuserLog(path);
  });
  actions_.openLog->setToolTip("Open nvFuser's own log of this script beside Segscope's model (Ctrl+Shift+O)");
  actions_.divergence = make("Go to first &divergence from nvFuser", QKeySequence(Qt::Key_D), [this] {
    if (!goToFirstDivergence())
      statusBar()->showMessage(cursor_->logComparison()
                                   ? "nvFuser's log and Segscope agree: no divergence"
                                   : "D needs an nvFuser log: File ▸ Open nvFuser log…, or drop one on the window",
                               5000);
  });
  actions_.divergence->setToolTip("Show where nvFuser's own log first disagrees with Segscope (D)");
  actions_.reload = make("&Reload", QKeySequence(Qt::Key_F5), [this] {
    if (showsFxGraph())
      openFxGraph(fxGraphPage()->path());
    else
      document_->reload();
  });
  actions_.exportSvg =
      make("&Export SVG of this step…", QKeySequence(Qt::CTRL | Qt::Key_E), [this] { exportSvgDialog(); });
  actions_.exportPng =
      make("Export &PNG of this step…", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E), [this] { exportPngDialog(); });
  actions_.exportAll = make("Export SVG of &all steps…", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
                            [this] { exportAllStepsDialog(); });
  actions_.saveTrace = make("&Save trace…", QKeySequence::Save, [this] { saveTraceDialog(); });
  actions_.first = make("&First step", QKeySequence(Qt::Key_Home), [this] { firstStep(); });
  actions_.prev = make("&Previous step", QKeySequence(Qt::Key_Left), [this] { previousStep(); });
  actions_.next = make("&Next step", QKeySequence(Qt::Key_Right), [this] { nextStep(); });
  actions_.last = make("&Last step", QKeySequence(Qt::Key_End), [this] { lastStep(); });
  actions_.prev->setShortcuts({QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_K)});
  actions_.next->setShortcuts({QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_J)});
  actions_.rejected = make("Run to next &rejected merge", QKeySequence(Qt::Key_R), [this] { nextRejectedMerge(); });
  actions_.regroup = make("Run to where the selected op changes &group", QKeySequence(Qt::Key_G),
                          [this] { nextRegroupOfSelection(); });
  actions_.play = make("&Play", QKeySequence(Qt::Key_Space), [this] { setPlaying(!play_.isActive()); });
  actions_.fit = make("&Fit to view", QKeySequence(Qt::Key_F), [this] { view_->fitToView(); });
  actions_.regions = make("&Regions overlay", QKeySequence(Qt::SHIFT | Qt::Key_R), [this] { updateRegionOverlay(); });
  actions_.regions->setCheckable(true);
  // Hundreds of groups in the collapsed view: tiles in run order (on), or the segment graph.
  actions_.tiles = make("Overview as &tiles", QKeySequence(Qt::SHIFT | Qt::Key_T), [this] {
    picture_.first = true;  // another picture altogether: fitted, as when the file opened
    requestPicture();
  });
  actions_.tiles->setCheckable(true);
  actions_.tiles->setChecked(true);
  actions_.group = make("&Group runs between barriers", QKeySequence(Qt::SHIFT | Qt::Key_G), [this] {
    picture_.openGroups.clear();
    picture_.first = true;
    requestPicture();
  });
  actions_.group->setCheckable(true);
  actions_.group->setToolTip(
      "Overview: fold each run of segments that no edge from before crosses (a layer) into one "
      "tile; double-click one to open it");
  actions_.tiles->setToolTip(
      QString("Collapsed view of more than %1 groups: a tile per segment in run order, shaped like "
              "the canvas (off: the segment graph, every edge drawn)")
          .arg(graph::kOverviewAbove));
  actions_.run =
      make("&Run segmented fusion", QKeySequence(Qt::CTRL | Qt::Key_R), [] {});  // connected once the Run dock exists
  actions_.run->setToolTip(
      "Run the final segmentation, time each segment and check it against the unsegmented fusion (Ctrl+R)");
  actions_.find = make("&Find in graph…", QKeySequence::Find, [this] { panels_.findBar->open(); });
  actions_.find->setToolTip(
      "Find ops and tensors in the picture by name, op type, dtype or shape (Ctrl+F); Enter "
      "cycles through the matches");
  actions_.findStep = make("Find &step…", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), [this] {
    if (auto* dock = panels_.timeline->parentWidget()) dock->raise();
    panels_.timeline->searchBox()->setFocus(Qt::ShortcutFocusReason);
    panels_.timeline->searchBox()->selectAll();
  });
  actions_.findStep->setToolTip("Search the steps by name, phase or log (Ctrl+Shift+F)");
  iconed(actions_.find, "find");
  actions_.find->setIconText("Find");
  actions_.expand = make("&Expand or fold in place", QKeySequence(Qt::Key_E), [this] {
    if (!toggleExpansion(cursor_->selection()))
      statusBar()->showMessage("E draws a segment's ops in place: select a segment in the Collapsed view", 4000);
  });
  actions_.expand->setToolTip(
      "Collapsed view: draw the selected segment (or run) as its ops, or fold it back (E, "
      "or double-click)");
  actions_.diffFull = make("&Diff full window", QKeySequence(Qt::CTRL | Qt::Key_D), [] {});
  actions_.diffFull->setCheckable(true);
  actions_.diffFull->setToolTip("Compare before and after across the whole window (Ctrl+D)");
  connect(actions_.diffFull, &QAction::toggled, this, [this](bool on) { setDiffFullWindow(on); });
  // Escape stops what is running: a layout first, then a run; otherwise it leaves the full-window diff.
  actions_.cancelLayout = make("&Cancel layout or run", QKeySequence(Qt::Key_Escape), [this] {
    if (showsComparison())
      closeComparison();
    else if (layoutPending())
      cancelLayout();
    else if (panels_.run->running())
      panels_.run->cancel();
    else
      setDiffFullWindow(false);
  });
  actions_.drawAnyway = make("&Draw this step anyway", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), [this] {
    picture_.drawAnywayStep = cursor_->index();
    requestPicture();
  });
  // Menu-only actions get their icons here, the toolbar's in buildToolBar.
  iconed(actions_.exportAll, "export");
  iconed(actions_.exportPng, "export");
  iconed(actions_.openLog, "nvfuser-log");
  iconed(actions_.divergence, "divergence");
  iconed(actions_.saveTrace, "save-trace");
  iconed(actions_.fit, "fit");
  iconed(actions_.run, "run");
  actions_.regions->setToolTip("Fusible regions (inductor-style) as hulls with their DRAM cost (Shift+R)");
  actions_.first->setToolTip("First step (Home)");
  actions_.prev->setToolTip("Previous step (Left or K)");
  actions_.next->setToolTip("Next step (Right or J)");
  actions_.last->setToolTip("Last step (End)");
  actions_.rejected->setToolTip("Run to the next merge the schedulers refused (R)");
  actions_.play->setToolTip("Play through the steps (Space)");
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu("&File");
  file->addAction(actions_.open);
  controls_.recentMenu = file->addMenu("Open &Recent");
  file->addAction(actions_.openLog);
  buildModelRunActions(file);
  file->addAction(actions_.reload);
  file->addSeparator();
  file->addAction(actions_.saveTrace);
  file->addAction(actions_.exportSvg);
  file->addAction(actions_.exportPng);
  file->addAction(actions_.exportAll);
  file->addSeparator();
  QAction* quit = file->addAction("&Quit", this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  iconed(quit, "quit");
  iconed(controls_.recentMenu->menuAction(), "recent");
  iconed(actions_.regroup, "follow-op");
  iconed(actions_.findStep, "find-step");
  iconed(actions_.cancelLayout, "cancel");
  iconed(actions_.drawAnyway, "draw-anyway");
  iconed(actions_.diffFull, "diff-full");
  iconed(actions_.expand, "expand");
  QMenu* step = menuBar()->addMenu("&Step");
  for (QAction* a : {actions_.first, actions_.prev, actions_.next, actions_.last}) step->addAction(a);
  step->addSeparator();
  step->addAction(actions_.play);
  step->addAction(actions_.rejected);
  step->addAction(actions_.regroup);
  step->addAction(actions_.findStep);
  step->addAction(actions_.divergence);
  step->addSeparator();
  step->addAction(actions_.run);
  controls_.passMenu = menuBar()->addMenu("&Passes");
  rebuildPassMenu();
  QMenu* viewMenu = menuBar()->addMenu("&View");
  viewMenu->addAction(actions_.find);
  viewMenu->addAction(actions_.fit);
  iconed(viewMenu->addAction("Zoom &in", QKeySequence::ZoomIn, this, [this] { view_->zoomBy(1.25); }), "zoom-in");
  iconed(viewMenu->addAction("Zoom &out", QKeySequence::ZoomOut, this, [this] { view_->zoomBy(0.8); }), "zoom-out");
  viewMenu->addAction(actions_.regions);
  viewMenu->addAction(actions_.tiles);
  viewMenu->addAction(actions_.group);
  viewMenu->addAction(actions_.expand);
  viewMenu->addAction(actions_.diffFull);
  viewMenu->addAction(actions_.drawAnyway);
  buildCompareMenu(viewMenu);
  viewMenu->addAction(actions_.cancelLayout);
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
  if (QAction* play = actions_.play) play->setIcon(themedIcon(play_.isActive() ? "pause" : "play"));
  if (persistent_) QSettings().setValue("appearance/theme", themeName(theme));
  if (auto* a = findChild<QAction*>("theme-" + themeName(theme))) a->setChecked(true);
  scene_->setBackgroundBrush(canvasColor());
  requestPicture();
  // The docks that paint their own colours (Inspector, Diff, Compare) follow the palette change
  // themselves (their changeEvent), not at the next step.
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
  controls_.nvfuserOptionsMenu = new QMenu(this);
  QAction* note = controls_.nvfuserOptionsMenu->addAction("nvFuser options for this fusion (re-segments)");
  note->setEnabled(false);
  const auto [enable, disable] = pipeline::modelledNvfuserOptions();
  const auto add = [this](const std::string& name, bool enabling) {
    const QString q = QString::fromStdString(name);
    QAction* a = controls_.nvfuserOptionsMenu->addAction((enabling ? "NVFUSER_ENABLE=" : "NVFUSER_DISABLE=") + q);
    a->setCheckable(true);
    a->setData(QStringList{enabling ? "enable" : "disable", q});
    a->setObjectName("nvfuser-option-" + q);
    connect(a, &QAction::toggled, this, [this] { applyOptions(); });
  };
  for (const std::string& name : enable) add(name, true);
  for (const std::string& name : disable) add(name, false);
  controls_.nvfuserOptionsButton = new QToolButton(this);
  controls_.nvfuserOptionsButton->setObjectName("nvfuser-options");
  controls_.nvfuserOptionsButton->setMenu(controls_.nvfuserOptionsMenu);
  controls_.nvfuserOptionsButton->setPopupMode(QToolButton::InstantPopup);
  controls_.nvfuserOptionsButton->setText("defaults");
  controls_.nvfuserOptionsButton->setToolTip(
      "NVFUSER_ENABLE / NVFUSER_DISABLE options the segmentation runs with: those checked here and those the "
      "script's fd.execute(inputs, _enable_options=[...], _disable_options=[...]) sets");
}

void MainWindow::rebuildPassMenu() {
  controls_.passMenu->clear();
  controls_.passMenu->setToolTipsVisible(true);  // each pass says what it does
  QAction* note = controls_.passMenu->addAction("Pre-segmentation passes (re-runs on change)");
  note->setEnabled(false);
  for (const pipeline::PassInfo& p : pipeline::preSegmenterPassList()) {
    QAction* a = controls_.passMenu->addAction(QString::fromStdString(p.name));
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
  iconed(actions_.open, "open");
  actions_.open->setIconText("Open");
  iconed(actions_.reload, "reload");
  actions_.reload->setIconText("Reload");
  bar->addAction(actions_.open);
  bar->addAction(actions_.reload);
  bar->addSeparator();
  // Stepping buttons are icons (their keys are in the tooltips); the rest carry words.
  iconed(actions_.first, "step-first");
  iconed(actions_.prev, "step-prev");
  iconed(actions_.play, "play");
  iconed(actions_.next, "step-next");
  iconed(actions_.last, "step-last");
  for (QAction* a : {actions_.first, actions_.prev, actions_.play, actions_.next, actions_.last}) {
    bar->addAction(a);
    if (auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(a)))
      button->setToolButtonStyle(Qt::ToolButtonIconOnly);
  }
  controls_.speedBox = new QComboBox(this);
  controls_.speedBox->addItems({"0.5 steps/s", "1 step/s", "2 steps/s", "5 steps/s", "10 steps/s"});
  controls_.speedBox->setCurrentIndex(2);
  controls_.speedBox->setToolTip("Playback speed");
  bar->addWidget(controls_.speedBox);
  iconed(actions_.rejected, "next-refused");
  actions_.rejected->setIconText("Next refused merge");
  bar->addAction(actions_.rejected);
  bar->addSeparator();
  const auto labelled = [&](const QString& text, QWidget* box) {
    auto* l = new QLabel(text, this);
    l->setContentsMargins(8, 0, 4, 0);
    bar->addWidget(l);
    bar->addWidget(box);
  };
  controls_.profileBox = new QComboBox(this);
  controls_.profileBox->setObjectName("deviceProfile");
  controls_.profileBox->addItems({"h100", "h200", "a100"});
  controls_.profileBox->setToolTip("Device profile: persistent-buffer budgets depend on it (re-segments)");
  labelled("Device", controls_.profileBox);
  controls_.scalarBox = new QComboBox(this);
  controls_.scalarBox->addItems({"host_segment", "duplicate"});
  controls_.scalarBox->setToolTip(
      "host_segment: scalar math runs once on the host; duplicate: nvFuser's per-kernel copies");
  labelled("Scalars", controls_.scalarBox);
  buildNvfuserOptions();
  labelled("Options", controls_.nvfuserOptionsButton);
  controls_.viewBox = new QComboBox(this);
  controls_.viewBox->addItems({"Segments", "Collapsed", "Fusion"});
  controls_.viewBox->setToolTip("Ops in their groups, one node per group, or the fusion alone");
  labelled("View", controls_.viewBox);
  iconed(actions_.regions, "regions");
  actions_.regions->setIconText("Regions");
  bar->addAction(actions_.regions);
  bar->addSeparator();
  iconed(actions_.exportSvg, "export");
  actions_.exportSvg->setIconText("Export SVG");
  bar->addAction(actions_.exportSvg);
  actions_.run->setIconText("Run");
  bar->addAction(actions_.run);
  bar->addSeparator();
  bar->addAction(actions_.find);
  connect(controls_.profileBox, &QComboBox::currentTextChanged, this, [this] {
    // A device picked by hand wins over the script header's for this file.
    if (cursor_->session()) profileChosenFor_ = QString::fromStdString(cursor_->session()->file);
    applyOptions();
  });
  connect(controls_.scalarBox, &QComboBox::currentTextChanged, this, [this] { applyOptions(); });
  connect(controls_.viewBox, &QComboBox::currentIndexChanged, this, [this](int i) {
    picture_.viewMode = i == 1 ? graph::View::Collapsed : i == 2 ? graph::View::Fusion : graph::View::Segments;
    // With something selected the new picture opens with it where it was on screen; else fitted.
    picture_.selectionOnScreen.reset();
    if (const QRectF r = selectionRect(); !r.isNull()) picture_.selectionOnScreen = view_->mapFromScene(r.center());
    picture_.first = !picture_.selectionOnScreen;
    requestPicture();
  });
  connect(controls_.speedBox, &QComboBox::currentIndexChanged, this, [this] {
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
  if (picture_.tilesAspect <= 0 || view_->viewport()->height() <= 0) return;
  const double now = double(view_->viewport()->width()) / view_->viewport()->height();
  if (std::abs(now / picture_.tilesAspect - 1) < 0.15) return;
  reflow_.start();
}

// The sizes buildDocks asks for are clamped by the window's size at construction (640×480),
// so a first start drew the Timeline cut to "g3…" and the Segments table without its last
// columns. Once the window has its real size, the side columns get a share of it: enough for
// the Timeline's "✓ g12 + g13" rows and the Segments dock's six columns.
void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (docks_.sizesSet || docks_.sizesRestored || docks_.compact) return;
  docks_.sizesSet = true;
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
  if (on == docks_.diffFullWindow) return;
  docks_.diffFullWindow = on;
  if (on) {
    docks_.beforeFullDiff = saveState();
    for (QDockWidget* d : findChildren<QDockWidget*>())
      if (d != panels_.diffDock) d->hide();
    centralWidget()->hide();
    panels_.diffDock->show();
    panels_.diffDock->raise();
  } else {
    centralWidget()->show();
    restoreState(docks_.beforeFullDiff);
  }
  panels_.diff->setFullWindow(on);
  const QSignalBlocker quiet(actions_.diffFull);
  actions_.diffFull->setChecked(on);
}

void MainWindow::giveCanvasRoom() {
  if (docks_.diffFullWindow) return;  // the diff was asked to take the window
  // A really small window (800×600) keeps one side column: the right docks join the left ones
  // as tabs, and come back where they were when the window grows.
  const bool compact = width() < kCompactWidth || height() < kCompactHeight;
  if (compact != docks_.compact) setCompactDocks(compact);
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
        docks_.squeezed.try_emplace(d, size);  // the size it gets back when the window grows again
        out << d;
        sizes << cap;
      }
    return out;
  };
  // A small window (a laptop's half screen, 800×600) gives the canvas more: the docks give
  // way sooner there.
  const bool small = width() < 1100 || height() < 750;
  if (!small && !docks_.squeezed.empty()) {
    // Big again: the docks that gave way get their sizes back.
    QList<QDockWidget*> wide, tall;
    QList<int> widths, heights;
    for (const auto& [d, size] : docks_.squeezed) {
      if (d->isHidden() || d->isFloating()) continue;
      const bool bottomDock = dockWidgetArea(d) == Qt::BottomDockWidgetArea;
      (bottomDock ? tall : wide) << d;
      (bottomDock ? heights : widths) << size;
    }
    docks_.squeezed.clear();
    if (!wide.isEmpty()) resizeDocks(wide, widths, Qt::Horizontal);
    if (!tall.isEmpty()) resizeDocks(tall, heights, Qt::Vertical);
    return;
  }
  if (sideWidth > width() * (small ? 35 : 50) / 100) {
    QList<int> widths;
    const QList<QDockWidget*> wide = capAt(sides, width() * 20 / 100, true, widths);
    if (!wide.isEmpty()) resizeDocks(wide, widths, Qt::Horizontal);
  }
  if (bottomHeight > height() * (docks_.compact ? 22 : small ? 28 : 40) / 100) {
    QList<int> heights;
    const QList<QDockWidget*> tall = capAt(bottom, height() * (docks_.compact ? 20 : 24) / 100, false, heights);
    if (!tall.isEmpty()) resizeDocks(tall, heights, Qt::Vertical);
  }
}

void MainWindow::setCompactDocks(bool on) {
  docks_.compact = on;
  // The left column is narrow when compact and holds four or five tabs: along its side each
  // tab keeps its whole title ("Timeline", "Source", "Segments", "Inspector"), where tabs below
  // it were cut to "T…", "So…" and scrolled.
  setTabPosition(Qt::LeftDockWidgetArea, on ? QTabWidget::West : QTabWidget::South);
  if (!on) {
    restoreState(docks_.beforeCompact);
    return;
  }
  docks_.beforeCompact = saveState();
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
  QDockWidget* timeline = dock(this, "Timeline", "timelineDock", panels_.timeline);
  QDockWidget* source = dock(this, "Source", "sourceDock", panels_.source);
  QDockWidget* inspector = dock(this, "Inspector", "inspectorDock", panels_.inspector);
  QDockWidget* mergeLog = dock(this, "Merge log", "mergeLogDock", panels_.mergeLog);
  panels_.diffDock = dock(this, "Diff", "diffDock", panels_.diff);
  panels_.problemsDock = dock(this, "Problems", "problemsDock", panels_.problems);
  QDockWidget* runDock = dock(this, "Run", "runDock", panels_.run);
  QDockWidget* segmentsDock = dock(this, "Segments", "segmentsDock", panels_.segments);
  panels_.whyDock = dock(this, "Why apart", "whyApartDock", panels_.whyApart);
  panels_.nvFuser = new NvFuserView(this);
  panels_.nvFuserDock = dock(this, "nvFuser", "nvFuserDock", panels_.nvFuser);
  addDockWidget(Qt::LeftDockWidgetArea, timeline);
  addDockWidget(Qt::LeftDockWidgetArea, source);
  tabifyDockWidget(timeline, source);
  timeline->raise();
  addDockWidget(Qt::RightDockWidgetArea, segmentsDock);
  addDockWidget(Qt::RightDockWidgetArea, inspector);  // below the segments
  addDockWidget(Qt::BottomDockWidgetArea, mergeLog);
  addDockWidget(Qt::BottomDockWidgetArea, panels_.diffDock);
  addDockWidget(Qt::BottomDockWidgetArea, panels_.problemsDock);
  addDockWidget(Qt::BottomDockWidgetArea, runDock);
  addDockWidget(Qt::BottomDockWidgetArea, panels_.whyDock);
  addDockWidget(Qt::BottomDockWidgetArea, panels_.nvFuserDock);
  tabifyDockWidget(mergeLog, panels_.diffDock);
  tabifyDockWidget(panels_.diffDock, panels_.problemsDock);
  tabifyDockWidget(panels_.problemsDock, runDock);
  tabifyDockWidget(runDock, panels_.whyDock);
  tabifyDockWidget(panels_.whyDock, panels_.nvFuserDock);
  mergeLog->raise();
  resizeDocks({timeline, inspector}, {330, 380}, Qt::Horizontal);
  resizeDocks({mergeLog}, {230}, Qt::Vertical);
  resizeDocks({segmentsDock, inspector}, {200, 480}, Qt::Vertical);
  // Every dock that shows the session follows the cursor; none is pushed a step by hand.
  panels_.timeline->follow(*cursor_);
  panels_.source->follow(*cursor_);
  panels_.inspector->follow(*cursor_);
  panels_.mergeLog->follow(*cursor_);
  panels_.diff->follow(*cursor_);
  panels_.run->follow(*cursor_);
  panels_.nvFuser->follow(*cursor_);
  connect(panels_.segments, &SegmentsView::segmentActivated, this, &MainWindow::focusSegment);
  panels_.problems->setPlaceholderText("No problems.");
  panels_.problems->setOpenLinks(false);
  connect(panels_.problems, &QTextBrowser::anchorClicked, this, [this] { showProblemInSource(); });
  panels_.problems->setStyleSheet("font-family: 'DejaVu Sans Mono', monospace;");
  connect(panels_.diff, &DiffView::fullWindowToggled, this, [this](bool on) { setDiffFullWindow(on); });
  if (QMenu* viewMenu = menuBar()->findChild<QMenu*>("viewMenu"))
    for (QDockWidget* d : {timeline, source, segmentsDock, inspector, mergeLog, panels_.diffDock, panels_.problemsDock,
                           runDock, panels_.whyDock, panels_.nvFuserDock})
      viewMenu->addAction(d->toggleViewAction());
  connect(actions_.run, &QAction::triggered, this, [this, runDock] {
    runDock->show();
    runDock->raise();
    panels_.run->run();
  });
  connect(panels_.run, &RunView::timesReady, this, [this](const std::map<int, QString>& times) {
    picture_.runTimes = times;
    panels_.segments->setTimes(times);
    applySegmentBadges();
  });
  connect(panels_.run, &RunView::segmentClicked, this, &MainWindow::focusSegment);
  connect(panels_.nvFuser, &NvFuserView::segmentActivated, this, &MainWindow::focusSegment);
  connect(panels_.nvFuser, &NvFuserView::divergenceRequested, this, [this] { goToFirstDivergence(); });
}

void MainWindow::buildStatusBar() {
  controls_.stepLabel = new QLabel(this);
  controls_.layoutLabel = new QLabel(this);
  controls_.busy = new QProgressBar(this);
  controls_.busy->setRange(0, 0);  // indeterminate: dot gives no progress
  controls_.busy->setMaximumWidth(140);
  controls_.busy->setVisible(false);
  controls_.cancel = new QPushButton("Cancel layout", this);
  controls_.cancel->setVisible(false);
  connect(controls_.cancel, &QPushButton::clicked, this, [this] { cancelLayout(); });
  controls_.overviewLabel = new QLabel(this);
  controls_.overviewLabel->setTextFormat(Qt::RichText);
  controls_.overviewLabel->setContentsMargins(0, 0, 14, 0);
  statusBar()->addPermanentWidget(controls_.overviewLabel);
  statusBar()->addPermanentWidget(controls_.busy);
  statusBar()->addPermanentWidget(controls_.cancel);
  statusBar()->addPermanentWidget(controls_.layoutLabel);
  statusBar()->addPermanentWidget(controls_.stepLabel);
}

}  // namespace segscope::ui
