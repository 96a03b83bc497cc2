// Wiring the debugger window: actions and keys, docks, stepping, anchoring, settings.
#include "ui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSaveFile>
#include <QScreen>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTextBrowser>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <limits>
#include <utility>

#include "layout/graphviz_layout.h"
#include "layout/step_export.h"
#include "layout/tile_svg.h"
#include "pipeline/segment_overview.h"
#include "support/file_io.h"
#include "trace/diff.h"
#include "trace/trace_json.h"
#include "ui/appearance.h"
#include "ui/find_bar.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/layout_service.h"
#include "ui/panels/diff_view.h"
#include "ui/panels/inspector_view.h"
#include "ui/panels/merge_log_view.h"
#include "ui/panels/model_run_view.h"
#include "ui/panels/run_view.h"
#include "ui/panels/segments_view.h"
#include "ui/panels/source_view.h"
#include "ui/panels/start_page.h"
#include "ui/panels/timeline_view.h"
#include "ui/panels/why_apart_view.h"

namespace segscope::ui {

namespace {

constexpr int kMaxRecent = 10;

}  // namespace

MainWindow::MainWindow(QWidget* parent, bool persistent)
    : QMainWindow(parent),
      cursor_(new StepCursor(this)),
      document_(new Document(this)),
      layout_(new LayoutService(this)),
      scene_(new GraphScene(this)),
      view_(new GraphView(this)) {
  panels_.timeline = new TimelineView(this);
  panels_.inspector = new InspectorView(this);
  panels_.mergeLog = new MergeLogView(this);
  panels_.source = new SourceView(this);
  panels_.run = new RunView(this);
  panels_.segments = new SegmentsView(this);
  panels_.whyApart = new WhyApartView(this);
  panels_.findBar = new FindBar(this);
  panels_.diff = new DiffView(this);
  panels_.problems = new QTextBrowser(this);
  registerResources();  // the toolbar's icons
  panels_.start = new StartPage(this);
  setWindowTitle("Segscope");
  setAcceptDrops(true);
  view_->setScene(scene_);
  auto* canvas = new QWidget(this);  // the Find bar sits above the graph, hidden until Ctrl+F
  auto* canvasLayout = new QVBoxLayout(canvas);
  canvasLayout->setContentsMargins(0, 0, 0, 0);
  canvasLayout->setSpacing(0);
  canvasLayout->addWidget(panels_.findBar);
  canvasLayout->addWidget(view_, 1);
  // Until a fusion is open the centre is the start page (Open, Recent); then the canvas.
  panels_.central = new QStackedWidget(this);
  panels_.central->addWidget(panels_.start);
  panels_.central->addWidget(canvas);
  panels_.modelRun = new ModelRunView(this);  // File ▸ Open model run… (main_window_model.cpp)
  // A page of the stack counts toward the centre's minimum size even when hidden: the table must
  // not hold the docks back in a small window.
  panels_.modelRun->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
  panels_.central->addWidget(panels_.modelRun);
  setCentralWidget(panels_.central);
  connect(panels_.findBar, &FindBar::queryChanged, this, [this] { runFind(); });
  connect(panels_.findBar, &FindBar::next, this, [this] { findNext(1); });
  connect(panels_.findBar, &FindBar::previous, this, [this] { findNext(-1); });
  connect(panels_.findBar, &FindBar::closed, this, [this] { view_->setFocus(); });
  connect(panels_.findBar, &FindBar::resultActivated, this, [this](int index) { showFindResult(index); });
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
  buildActions();
  buildMenus();
  buildToolBar();
  buildDocks();
  buildStatusBar();

  connect(panels_.start, &StartPage::openRequested, actions_.open, &QAction::trigger);
  connect(panels_.start, &StartPage::recentActivated, this, [this](const QString& path) { openFile(path); });
  connectDocument();
  connect(scene_, &GraphScene::picked, this, &MainWindow::onPicked);
  connect(scene_, &GraphScene::activated, this, [this](const Selection& s) { toggleExpansion(s); });
  connect(view_, &GraphView::fileDropped, this, [this](const QString& path) { openFile(path); });
  const auto goToAttempt = [this](int index) {
    if (index == cursor_->index() && picture_.shownStep == cursor_->index())
      return view_->focusOn(scene_->highlightedRect());
    picture_.focusCandidates = true;
    goToStep(index);
  };
  connect(panels_.timeline, &TimelineView::stepActivated, this, goToAttempt);
  connect(panels_.mergeLog, &MergeLogView::stepActivated, this, goToAttempt);
  connect(panels_.whyApart, &WhyApartView::stepActivated, this, goToAttempt);
  connect(scene_, &GraphScene::pickedAlso, this,
          [this](const Selection& second) { askWhyApart(cursor_->selection(), second); });
  connect(panels_.source, &SourceView::lineClicked, this, &MainWindow::onSourceLine);
  reflow_.setSingleShot(true);
  reflow_.setInterval(150);
  connect(&reflow_, &QTimer::timeout, this, [this] {
    picture_.first = true;  // fitted, as when it opened
    requestPicture();
  });
  connect(&play_, &QTimer::timeout, this, [this] {
    if (cursor_->index() + 1 >= stepCount())
      setPlaying(false);
    else
      nextStep();
  });
  persistent_ = persistent;
  if (persistent_) restoreSettings();
  updateTitleAndStatus();
  panels_.central->setCurrentWidget(panels_.start);  // the empty state says what to do first
  panels_.start->openButton()->setFocus();
}

MainWindow::~MainWindow() { stopModelRuns(); }

bool MainWindow::showsStartPage() const { return panels_.central->currentWidget() == panels_.start; }

void MainWindow::restoreSettings() {
  QSettings s;
  // The first start fills most of the screen (the overview needs room); later starts come
  // back where the user left the window.
  if (!restoreGeometry(s.value("window/geometry").toByteArray()))
    if (const QScreen* screen = QGuiApplication::primaryScreen()) {
      const QRect available = screen->availableGeometry();
      resize(available.size() * 0.92);
      move(available.center() - rect().center());
    }
  docks_.sizesRestored = restoreState(s.value("window/state").toByteArray());
  // Docks a small window squeezed when it was closed: they get their sizes back once the window
  // is big again, after a restart too (giveCanvasRoom).
  const QVariantMap squeezed = s.value("window/squeezedDocks").toMap();
  for (auto it = squeezed.begin(); it != squeezed.end(); ++it)
    if (auto* dock = findChild<QDockWidget*>(it.key())) docks_.squeezed[dock] = it.value().toInt();
  controls_.profileBox->setCurrentText(s.value("options/profile", "h100").toString());
  controls_.scalarBox->setCurrentText(s.value("options/scalarMode", "host_segment").toString());
  controls_.viewBox->setCurrentIndex(s.value("options/view", 0).toInt());
  actions_.regions->setChecked(s.value("options/regions", false).toBool());
  const QStringList disabled = s.value("options/disabledPasses").toStringList();
  for (QAction* a : controls_.passMenu->actions())
    if (a->isCheckable() && disabled.contains(a->text())) {
      const QSignalBlocker quiet(a);  // nothing is open yet: no re-run
      a->setChecked(false);
    }
  applyOptions();
  refreshRecentMenu();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  layout_->cancel();
  if (!persistent_) return QMainWindow::closeEvent(event);
  setDiffFullWindow(false);  // the layout to remember is the usual one
  QSettings s;
  s.setValue("window/geometry", saveGeometry());
  s.setValue("window/state", docks_.compact ? docks_.beforeCompact : saveState());  // the full layout
  QVariantMap squeezed;
  for (const auto& [dock, size] : docks_.squeezed) squeezed[dock->objectName()] = size;
  s.setValue("window/squeezedDocks", squeezed);
  s.setValue("options/profile", controls_.profileBox->currentText());
  s.setValue("options/scalarMode", controls_.scalarBox->currentText());
  s.setValue("options/view", controls_.viewBox->currentIndex());
  s.setValue("options/regions", actions_.regions->isChecked());
  s.setValue("options/disabledPasses", document_->options().disabledPasses);
  layout_->cancel();
  QMainWindow::closeEvent(event);
}

void MainWindow::rememberRecent(const QString& path) {
  if (!persistent_) return;
  QSettings s;
  QStringList recent = s.value("recentFiles").toStringList();
  const QString abs = QFileInfo(path).absoluteFilePath();
  recent.removeAll(abs);
  recent.prepend(abs);
  while (recent.size() > kMaxRecent) recent.removeLast();
  s.setValue("recentFiles", recent);
  refreshRecentMenu();
}

void MainWindow::refreshRecentMenu() {
  controls_.recentMenu->clear();
  const QStringList recent = QSettings().value("recentFiles").toStringList();
  for (const QString& f : recent)
    controls_.recentMenu->addAction(QFileInfo(f).fileName() + "  —  " + QFileInfo(f).path(), this,
                                    [this, f] { openFile(f); });
  controls_.recentMenu->setEnabled(!recent.isEmpty());
  panels_.start->setRecent(recent);
}

// ---------------------------------------------------------------------------- stepping

int MainWindow::stepCount() const { return cursor_->stepCount(); }

const trace::Step* MainWindow::step() const { return cursor_->step(); }

void MainWindow::goToStep(int index) {
  const int n = stepCount();
  if (n == 0) return;
  if (index < 0) index = n + index;
  // Remember where the active group sits on screen so the next picture keeps it there.
  const QRectF active = scene_->highlightedRect();
  if (!active.isEmpty()) picture_.anchorOnScreen = view_->mapFromScene(active.center());
  cursor_->setStep(index);  // the docks follow it
  updateTitleAndStatus();
  requestPicture();
  // The inspector already shows the new step; while a layout runs for it, say the graph lags.
  // A cached picture arrives on the next event-loop turn: no note, and no second and third
  // render of the inspector (busy() is true for it too, and asking busy() here rendered the
  // page three times per revisited step).
  if (layout_->computing() && picture_.shownStep >= 0 && picture_.shownStep != cursor_->index())
    cursor_->setPictureNote(
        QString("Laying out step %1… the graph still shows step %2").arg(cursor_->index()).arg(picture_.shownStep));
}

void MainWindow::nextStep() { goToStep(cursor_->index() + 1); }
void MainWindow::previousStep() { goToStep(std::max(0, cursor_->index() - 1)); }
void MainWindow::firstStep() { goToStep(0); }
void MainWindow::lastStep() { goToStep(stepCount() - 1); }

void MainWindow::nextRejectedMerge() {
  for (int i = cursor_->index() + 1; i < stepCount(); ++i) {
    const trace::Step& s = cursor_->session()->trace->step(static_cast<std::size_t>(i));
    if (s.isMergeAttempt() && !s.merge->ok()) {
      picture_.focusCandidates = true;
      return goToStep(i);
    }
  }
  statusBar()->showMessage("no refused merge after this step", 4000);
}

void MainWindow::nextRegroupOfSelection() {
  if (cursor_->selection().exprId < 0) {
    statusBar()->showMessage("select an op first (click it)", 4000);
    return;
  }
  for (int i = cursor_->index() + 1; i < stepCount(); ++i) {
    const trace::Step& s = cursor_->session()->trace->step(static_cast<std::size_t>(i));
    if (!s.modified || !s.before || !s.after || !s.after->partition) continue;
    if (!s.before->partition) return goToStep(i);  // the first step that groups it
    const auto diff = cursor_->session()->diffOf(static_cast<std::size_t>(i));
    for (const trace::RegroupedExpr& r : diff->partition->regrouped)
      if (r.expr == cursor_->selection().exprId) return goToStep(i);
  }
  statusBar()->showMessage("the selected op does not change group after this step", 4000);
}

void MainWindow::setPlaying(bool on) {
  static const int intervals[] = {2000, 1000, 500, 200, 100};
  if (on) {
    if (cursor_->index() + 1 >= stepCount()) goToStep(0);
    play_.start(intervals[std::clamp(controls_.speedBox->currentIndex(), 0, 4)]);
  } else {
    play_.stop();
  }
  actions_.play->setIcon(themedIcon(on ? "pause" : "play"));
  actions_.play->setToolTip(on ? "Pause (Space)" : "Play through the steps (Space)");
}

graph::BuildOptions MainWindow::buildOptions(const trace::Step& s) const {
  graph::BuildOptions o = layout::stepDrawing(s, picture_.viewMode);
  if (cursor_->selection().kind == Selection::Kind::Node) o.selected = {cursor_->selection().nodeId};
  o.expandedAround = picture_.expandedAround;
  o.runsExpandedAround = picture_.runsExpandedAround;
  // Hundreds of groups collapsed: the overview, tiles in run order shaped like the canvas.
  o.overview = actions_.tiles->isChecked() && picture_.viewMode == graph::View::Collapsed &&
               picture_.expandedAround.empty() && picture_.runsExpandedAround.empty() && s.after &&
               s.after->partition && s.after->partition->groups().size() > graph::kOverviewAbove;
  o.groupRuns = o.overview && actions_.group->isChecked();
  o.openGroups = picture_.openGroups;
  return o;
}

void MainWindow::setGroupRuns(bool on) {
  if (actions_.group->isChecked() != on) actions_.group->trigger();
}

void MainWindow::setOverviewTiles(bool on) {
  if (actions_.tiles->isChecked() != on) actions_.tiles->trigger();
}

void MainWindow::requestPicture() {
  const trace::Step* s = step();
  if (!s || !s->after) return;
  const graph::BuildOptions options = buildOptions(*s);
  const auto diff = cursor_->session()->diffOf(static_cast<std::size_t>(cursor_->index()));
  graph::GraphModel model = graph::buildStepGraph(*s, graph::StepSide::After, options, diff.get(), &picture_.opTexts);
  if (model.nodes.size() > kMaxLayoutNodes && picture_.drawAnywayStep != cursor_->index())
    return showTooBigToDraw(model);
  picture_.shown = false;
  layout::LayoutOptions layoutOptions;
  const QSize canvas = view_->viewport()->size();
  if (options.overview) layoutOptions.tileAspect = canvas.height() > 0 ? double(canvas.width()) / canvas.height() : 1.6;
  picture_.tilesAspect = layoutOptions.tileAspect;
  picture_.ticket = layout_->request(std::move(model), layoutOptions);
}

// Run times belong to the final segmentation's segment ids: only its step shows them.
void MainWindow::updateOverview() {
  const pipeline::Overview overview = pipeline::overviewOf(*cursor_->session());
  panels_.segments->setOverview(overview);
  panels_.segments->setTimes(picture_.runTimes);
  // The legend is the summary itself: each scheduler's count behind its cluster colour.
  // The host scalars follow the count as their own kind: nvFuser has no such segment.
  const int count = overview.segmentCount();
  QString text = QString("<b>%1</b>").arg(count == 1 ? QString("1 segment") : QString("%L1 segments").arg(count));
  const auto marker = [](const std::string& kind) {
    const graph::HighlightStyle style = graph::schedulerColors(kind);
    return QString("<span style='color:%1'>&#9632;</span>&nbsp;")
        .arg(QString::fromStdString(style.pen == "#000000" ? style.fill : style.pen));
  };
  if (overview.hostScalars) text += " + " + marker(std::string(trace::kHostScalarsKind)) + QString("host&nbsp;scalars");
  for (std::size_t i = 0; i < overview.perScheduler.size(); ++i) {
    const auto& [scheduler, n] = overview.perScheduler[i];
    text += QString(i ? " &nbsp;" : ": ") + marker(scheduler) +
            (count == 1 ? QString() : QString::number(n) + "&nbsp;") +
            QString::fromStdString(scheduler).toHtmlEscaped();
  }
  controls_.overviewLabel->setText(overview.segments.empty() ? QString() : text);
  controls_.overviewLabel->setToolTip(QString::fromStdString(pipeline::overviewSummary(overview)) +
                                      "\nThe Segments panel lists them; click one to see it on the graph.");
}

QString MainWindow::overviewText() const { return controls_.overviewLabel->toolTip().section('\n', 0, 0); }

void MainWindow::focusSegment(int id) {
  picture_.pendingSegment = id;
  if (cursor_->index() != stepCount() - 1) return goToStep(stepCount() - 1);  // segment ids are the final step's
  if (picture_.shownStep == cursor_->index() && !layout_->busy()) applyPendingFocus();
}

void MainWindow::applyPendingFocus() {
  if (picture_.pendingSegment < 0 || picture_.shownStep != stepCount() - 1) return;
  QRectF r = scene_->clusterRect(picture_.pendingSegment);
  if (r.isNull()) r = scene_->nodeRect("s" + std::to_string(picture_.pendingSegment));  // the collapsed view
  if (!r.isNull()) view_->focusOn(r);
  picture_.pendingSegment = -1;
}

void MainWindow::applySegmentBadges() {
  if (!picture_.shown || scene_->showsPlaceholder()) return;
  scene_->setSegmentBadges(cursor_->index() == stepCount() - 1 ? picture_.runTimes : std::map<int, QString>{});
}

void MainWindow::cancelLayout() {
  if (!layout_->busy()) return;
  layout_->cancel();
  ++picture_.ticket;
  picture_.shown = true;  // nothing more is coming: the previous picture is what there is
  const QString shown = picture_.shownStep >= 0 ? QString("the picture still shows step %1").arg(picture_.shownStep)
                                                : QString("nothing is drawn");
  statusBar()->showMessage(QString("layout of step %1 cancelled; %2").arg(cursor_->index()).arg(shown), 8000);
  controls_.layoutLabel->setText("layout cancelled");
  if (picture_.shownStep != cursor_->index())
    cursor_->setPictureNote("Layout of step " + QString::number(cursor_->index()) + " cancelled; " + shown);
}

void MainWindow::showTooBigToDraw(const graph::GraphModel& model) {
  layout_->cancel();
  ++picture_.ticket;  // a layout still running for an earlier step must not replace the note
  const trace::Step* s = step();
  const bool segmented = s && s->after && s->after->partition;
  const QString hint = segmented ? (picture_.viewMode == graph::View::Collapsed
                                        ? "<li>Steps later in the segmentation have fewer groups to draw.</li>"
                                        : "<li><b>View: Collapsed</b> draws one node per group.</li>")
                                 : "<li>This step comes before segmentation, so there are no groups to collapse; "
                                   "the Inspector and the Diff dock's IR text show what it did.</li>";
  scene_->showPlaceholder(
      QString("<h3>%L1 nodes and %L2 edges: too many to lay out quickly</h3>"
              "<p>Graphviz needs minutes for a picture this size and cannot be interrupted.</p><ul>%3"
              "<li><b>Ctrl+Shift+D</b> (View ▸ Draw this step anyway) lays it out regardless; "
              "<b>Esc</b> gives up on it.</li></ul>")
          .arg(model.nodes.size())
          .arg(model.edges.size())
          .arg(hint));
  cursor_->setPictureNote({});  // the scene explains itself
  picture_.shown = true;
  picture_.shownStep = -1;
  view_->fitToView();
  controls_.layoutLabel->setText("not drawn");
}

bool MainWindow::detailsPending() const { return document_->detailsPending(); }

bool MainWindow::layoutPending() const { return layout_->busy() || !picture_.shown; }

bool MainWindow::waitForPicture(int timeoutMs) {
  QElapsedTimer t;
  t.start();
  while ((document_->loading() || layoutPending() || panels_.diff->layoutsPending()) && t.elapsed() < timeoutMs)
    QApplication::processEvents(QEventLoop::AllEvents, 20);
  QApplication::processEvents();
  return !layoutPending();
}

void MainWindow::onPicture(int ticket, graph::GraphModel& laidOut, layout::Geometry& laidOutGeometry) {
  if (ticket != picture_.ticket) return;
  // One repaint per picture: the new picture's items are repainted in a second pass after the
  // first paint otherwise (GraphView::repaintOnceWhenSettled).
  view_->repaintOnceWhenSettled();
  scene_->setGraph(std::move(laidOut), std::move(laidOutGeometry));
  const layout::Geometry& geometry = scene_->geometry();
  picture_.shown = true;
  picture_.shownStep = cursor_->index();
  cursor_->setPictureNote({});
  if (actions_.regions->isChecked()) updateRegionOverlay();
  applySegmentBadges();
  if (cursor_->selection().kind == Selection::Kind::Node) scene_->markSelected(cursor_->selection().nodeId);
  if (std::optional<QPointF> at = std::exchange(picture_.selectionOnScreen, std::nullopt)) {
    // Another view of the same step: the selection stays where the eye is, at the same zoom.
    if (const QRectF r = selectionRect(); !r.isNull()) {
      if (scene_->nodeRect(cursor_->selection().nodeId).isNull() && cursor_->selection().group >= 0)
        scene_->markSelected("s" + std::to_string(cursor_->selection().group));  // the op's segment, collapsed
      const QPointF delta = view_->mapToScene(at->toPoint()) - view_->mapToScene(view_->viewport()->rect().center());
      view_->centerOn(r.center() - delta);
      picture_.first = false;
      return finishPicture(geometry);
    }
    picture_.first = true;
  }
  // A segment asked for from the Segments or Run panel wins over the usual placement.
  if (picture_.pendingSegment >= 0 && cursor_->index() == stepCount() - 1) {
    picture_.first = false;
    return applyPendingFocus();
  }
  const QRectF active = scene_->highlightedRect();
  // R, a timeline row or a merge-log row: the user asked for that attempt, so it fills the view.
  if (std::exchange(picture_.focusCandidates, false) && !active.isEmpty()) {
    picture_.first = false;
    view_->focusOn(active);
  } else if (picture_.first) {
    picture_.first = false;
    // Fitted, the picture answers the first question (how many segments, which schedulers,
    // where the boundaries are): segment titles stay readable at any zoom. Only a graph so big
    // that fitting makes it a sliver starts readable instead, at the action.
    view_->fitOrStartReadable(scene_->topNodeRect(), active);
  } else if (!active.isEmpty() && picture_.anchorOnScreen) {
    // Keep the active group where the eye already is: shift so its centre lands on the
    // remembered viewport point.
    const QPointF delta =
        view_->mapToScene(picture_.anchorOnScreen->toPoint()) - view_->mapToScene(view_->viewport()->rect().center());
    view_->centerOn(active.center() - delta);
    // But never at the cost of the attempt itself: candidates (and a blocker) that would fall
    // off the edge from there are brought back on screen.
    if (!view_->mapToScene(view_->viewport()->rect()).boundingRect().contains(active)) view_->reveal(active);
  } else if (!active.isEmpty()) {
    view_->reveal(active);
  }
  finishPicture(geometry);
}

void MainWindow::finishPicture(const layout::Geometry& geometry) {
  applyWhyMarks();
  if (panels_.findBar->isVisible()) {
    refreshFindMatches();  // the count follows the picture; the view moves only when asked
    if (std::exchange(find_.afterPicture, false)) showFindMatch();
  }
  controls_.layoutLabel->setText(QString("layout %1 ms").arg(geometry.milliseconds, 0, 'f', 0));
}

QRectF MainWindow::selectionRect() const {
  if (cursor_->selection().empty()) return {};
  if (QRectF r = scene_->nodeRect(cursor_->selection().nodeId); !r.isNull()) return r;
  if (cursor_->selection().exprId >= 0)
    if (QRectF r = scene_->nodeRect("e" + std::to_string(cursor_->selection().exprId)); !r.isNull()) return r;
  if (cursor_->selection().group < 0) return {};
  if (QRectF r = scene_->clusterRect(cursor_->selection().group); !r.isNull()) return r;
  return scene_->nodeRect("s" + std::to_string(cursor_->selection().group));
}

QString MainWindow::viewName() const { return controls_.viewBox->currentText(); }

bool MainWindow::setViewName(const QString& name) {
  for (int i = 0; i < controls_.viewBox->count(); ++i)
    if (controls_.viewBox->itemText(i).compare(name, Qt::CaseInsensitive) == 0) {
      controls_.viewBox->setCurrentIndex(i);
      return true;
    }
  return false;
}

void MainWindow::setRegionsOverlay(bool on) {
  actions_.regions->setChecked(on);
  updateRegionOverlay();
}

bool MainWindow::regionsOverlay() const { return actions_.regions->isChecked(); }

const regions::RegionAnalysis* MainWindow::currentRegions() {
  const trace::Step* s = step();
  if (!s || !s->after || !s->after->fusion) return nullptr;
  // The session computes and keeps each step's regions; the window only keeps them alive.
  auto analysis = cursor_->session()->regionsOf(*s->after->fusion);
  picture_.regionsProblem.clear();
  if (!analysis) {
    picture_.regionsProblem = cursor_->session()->inputs().empty() || !cursor_->session()->profile
                                  ? QString::fromStdString(analysis.error().message)
                                  : "regions: " + QString::fromStdString(analysis.error().message);
    return nullptr;
  }
  return analysis.value().get();
}

// The overlay follows the picture: redrawn for each new step and view, cleared when off.
void MainWindow::updateRegionOverlay() {
  if (!actions_.regions->isChecked() || !picture_.shown) {
    scene_->setRegionShapes({});
    return;
  }
  const regions::RegionAnalysis* analysis = currentRegions();
  if (!analysis) {
    scene_->setRegionShapes({});
    statusBar()->showMessage(picture_.regionsProblem, 8000);
    return;
  }
  const trace::Step* s = step();
  const trace::Partition* partition = s->after->partition.get();
  scene_->setRegionShapes(regionShapes(*analysis, scene_->model(), scene_->geometry(), partition));
  statusBar()->showMessage(regionSummary(*analysis), 8000);
}

void MainWindow::onPicked(const Selection& selection) {
  cursor_->select(selection, &scene_->model());  // the Inspector and Source follow
}

void MainWindow::onSourceLine(int line) {
  const std::string id = scene_->nodeForLine(line);
  if (id.empty()) {
    statusBar()->showMessage(QString("line %1 has no op in this picture").arg(line), 3000);
    return;
  }
  Selection sel = scene_->selectionOfNode(id);
  sel.sourceLine = line;
  scene_->markSelected(id);
  view_->reveal(scene_->nodeRect(id));
  cursor_->select(sel, &scene_->model());
}

void MainWindow::updateTitleAndStatus() {
  const QString file =
      cursor_->session() ? QFileInfo(QString::fromStdString(cursor_->session()->file)).fileName() : QString();
  setWindowTitle(file.isEmpty() ? "Segscope" : file + " — Segscope");
  if (const trace::Step* s = step()) {
    QString text = QString("step %1 of 0–%2 · %3")
                       .arg(cursor_->index())
                       .arg(stepCount() - 1)
                       .arg(QString::fromUtf8(trace::phaseName(s->phase).data()));
    if (s->isMergeAttempt()) text += s->merge->ok() ? " · merged" : " · refused";
    controls_.stepLabel->setText(text);
  } else {
    controls_.stepLabel->setText("Open a fusion script (Ctrl+O) or drop one here");
  }
  const bool has = stepCount() > 0;
  for (QAction* a :
       {actions_.first, actions_.prev, actions_.next, actions_.last, actions_.play, actions_.rejected, actions_.regroup,
        actions_.exportSvg, actions_.exportPng, actions_.exportAll, actions_.saveTrace, actions_.run})
    a->setEnabled(has);
}

// ---------------------------------------------------------------------------- exports

bool MainWindow::exportCurrentSvg(const QString& path) {
  const layout::SvgDecor decor =
      layout::standardDecor(scene_->model(), controls_.profileBox->currentText().toStdString(),
                            controls_.scalarBox->currentText().toStdString());
  // The overview exports as its tiles, in the canvas's shape (Graphviz would make a graph of them).
  const bool tiles = std::any_of(scene_->model().nodes.begin(), scene_->model().nodes.end(),
                                 [](const graph::Node& n) { return n.cssClass.ends_with(" tile"); });
  const QSize canvas = view_->viewport()->size();
  Result<std::string> svg =
      tiles ? Result<std::string>(layout::renderTilesSvg(
                  scene_->model(), decor, canvas.height() > 0 ? double(canvas.width()) / canvas.height() : 1.5))
            : layout::renderSvg(scene_->model(), {}, decor);
  if (!svg) {
    QMessageBox::warning(this, "Export SVG", QString::fromStdString(svg.error().message));
    return false;
  }
  if (Status st = support::writeFileAtomically(path.toStdString(), svg.value()); !st) {
    QMessageBox::warning(this, "Export SVG", QString::fromStdString(st.error().message));
    return false;
  }
  statusBar()->showMessage("wrote " + path, 4000);
  return true;
}

// The whole picture as drawn (theme, marks, run badges), at twice its size for a sharp image,
// scaled down so the longer side stays within kMaxPngSide pixels.
bool MainWindow::exportCurrentPng(const QString& path) {
  constexpr double kMaxPngSide = 12000;
  const QRectF area = scene_->itemsBoundingRect().adjusted(-16, -16, 16, 16);
  if (area.isEmpty()) return false;
  const double scale = std::min(2.0, kMaxPngSide / std::max(area.width(), area.height()));
  QImage image((area.size() * scale).toSize().expandedTo(QSize(1, 1)), QImage::Format_ARGB32_Premultiplied);
  image.fill(scene_->backgroundBrush().color());
  {
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    scene_->render(&painter, QRectF(QPointF(0, 0), QSizeF(image.size())), area);
  }
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit()) {
    QMessageBox::warning(this, "Export PNG", "could not write " + path + ": " + file.errorString());
    return false;
  }
  statusBar()->showMessage(QString("wrote %1 (%2×%3 px)").arg(path).arg(image.width()).arg(image.height()), 4000);
  return true;
}

void MainWindow::exportPngDialog() {
  const QString base = QFileInfo(QString::fromStdString(cursor_->session()->file)).completeBaseName();
  const QString path = QFileDialog::getSaveFileName(
      this, "Export this step as PNG", QString("%1-step-%2.png").arg(base).arg(cursor_->index()), "PNG (*.png)");
  if (!path.isEmpty()) exportCurrentPng(path);
}

void MainWindow::exportSvgDialog() {
  const QString base = QFileInfo(QString::fromStdString(cursor_->session()->file)).completeBaseName();
  const QString path = QFileDialog::getSaveFileName(
      this, "Export this step as SVG", QString("%1-step-%2.svg").arg(base).arg(cursor_->index()), "SVG (*.svg)");
  if (!path.isEmpty()) exportCurrentSvg(path);
}

void MainWindow::exportAllStepsDialog() {
  const QString dir = QFileDialog::getExistingDirectory(this, "Export every step that changed something as SVG");
  if (!dir.isEmpty()) exportAllSteps(dir);
}

// Each file is written whole or not at all (writeFileAtomically); a failure or a cancel stops
// the export and says how many files were written.
int MainWindow::exportAllSteps(const QString& dir) {
  const int total = static_cast<int>(layout::stepsToExport(*cursor_->session()->trace).size());
  QProgressDialog progress("Laying out and writing each step…", "Cancel", 0, total, this);
  progress.setWindowModality(Qt::WindowModal);
  progress.setMinimumDuration(500);
  int reached = 0;
  const auto written = layout::exportStepSvgs(
      *cursor_->session()->trace, cursor_->session()->inputs(), dir.toStdString(),
      [&](int done, int) {
        reached = done;
        progress.setValue(done);
        return !progress.wasCanceled();
      },
      controls_.scalarBox->currentText().toStdString());
  if (!written) {
    progress.cancel();
    QMessageBox::warning(this, "Export",
                         QString("%1\n\n%2 of %3 SVGs were written before this one.")
                             .arg(QString::fromStdString(written.error().message))
                             .arg(reached)
                             .arg(total));
    return reached;
  }
  progress.setValue(total);
  if (written.value() < total)
    statusBar()->showMessage(
        QString("export cancelled: %1 of %2 SVGs written to %3").arg(written.value()).arg(total).arg(dir), 8000);
  else
    statusBar()->showMessage(QString("wrote %1 SVGs to %2").arg(written.value()).arg(dir), 6000);
  return written.value();
}

void MainWindow::saveTraceDialog() {
  const QString base = QFileInfo(QString::fromStdString(cursor_->session()->file)).completeBaseName();
  const QString path = QFileDialog::getSaveFileName(this, "Save trace", base + ".trace.json", "Trace (*.json)");
  if (path.isEmpty()) return;
  if (Status st = support::writeFileAtomically(path.toStdString(), trace::traceToJson(*cursor_->session()->trace)); !st)
    QMessageBox::warning(this, "Save trace", QString::fromStdString(st.error().message));
}

QString MainWindow::problemsText() const { return panels_.problems->toPlainText(); }

void MainWindow::showProblemInSource() {
  if (!lastProblem_ || lastProblem_->line <= 0) return;
  QFile file(lastProblem_->file);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
    statusBar()->showMessage(QString("cannot read %1").arg(lastProblem_->file), 6000);
    return;
  }
  panels_.source->showFailedScript(QString::fromUtf8(file.readAll()), lastProblem_->line, lastProblem_->column);
  if (auto* dock = qobject_cast<QDockWidget*>(panels_.source->parentWidget())) {
    dock->show();
    dock->raise();
  }
  panels_.source->editor()->setFocus(Qt::OtherFocusReason);
}

// ---------------------------------------------------------------------------- drag and drop

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  for (const QUrl& url : event->mimeData()->urls())
    if (url.isLocalFile() && (url.toLocalFile().endsWith(".py") || url.toLocalFile().endsWith(".json") ||
                              isNvFuserLogFile(url.toLocalFile()) || isModelRunFile(url.toLocalFile()) ||
                              isFxGraphFile(url.toLocalFile()))) {
      event->acceptProposedAction();
      return;
    }
}

void MainWindow::dropEvent(QDropEvent* event) {
  for (const QUrl& url : event->mimeData()->urls())
    if (url.isLocalFile()) {
      openFile(url.toLocalFile());
      event->acceptProposedAction();
      return;
    }
}

}  // namespace segscope::ui
