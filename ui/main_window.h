// The debugger window: the graph in the middle, the timeline, inspector, merge log, source,
// diff and problems around it, and every action (open, step, play, export) with its key.
#pragma once

#include <QMainWindow>
#include <QTimer>
#include <atomic>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "comparison/log_comparison.h"
#include "comparison/model_run.h"
#include "comparison/segmentation_comparison.h"
#include "graph/find_ops.h"
#include "graph/graph_builder.h"
#include "graph/op_texts.h"
#include "layout/geometry.h"
#include "pipeline/why_apart.h"
#include "ui/appearance.h"
#include "ui/document.h"
#include "ui/models/step_cursor.h"
#include "ui/session.h"
#include "ui/window_parts.h"
#include "ui/window_state.h"

namespace segscope::ui {

class GraphScene;
class GraphView;
class LayoutService;

/// An nvFuser log rather than a script or trace: a .log or .txt file, or another file (not .py
/// or .json) whose first lines hold nvFuser's dump markers.
bool isNvFuserLogFile(const QString& path);

/// A whole model run rather than one script: a log (not .py or .json) whose first megabyte holds a
/// fusion definition (`def nvfuser_…(fd : FusionDefinition)`), or a folder.
bool isModelRunFile(const QString& path);

/// A PyTorch FX graph printout (post-grad graph, print_readable, TORCH_LOGS) rather than a script.
bool isFxGraphFile(const QString& path);

/// Files above this many ops open on the collapsed segment graph.
inline constexpr int kAutoCollapseOps = graph::kAutoCollapseOps;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  /// `persistent`: restore and save window state, recent files and options (QSettings). Off
  /// for headless screenshots, so they look the same on every machine.
  explicit MainWindow(QWidget* parent = nullptr, bool persistent = true);
  ~MainWindow() override;

  Document& document() { return *document_; }
  /// Opens a script or trace (asynchronously; blocking when `wait`).
  void openFile(const QString& path, bool wait = false);
  /// Shows step `index` (clamped; negative counts from the end).
  void goToStep(int index);
  int currentStep() const { return cursor_->index(); }
  int stepCount() const;
  /// True while a layout is running (tests and --screenshot wait for it).
  bool layoutPending() const;
  /// Processes events until the current picture is drawn (or `timeoutMs` passes).
  bool waitForPicture(int timeoutMs = 30000);

  // Parts, for tests.
  GraphScene& scene() { return *scene_; }
  GraphView& view() { return *view_; }
  InspectorView& inspector() { return *panels_.inspector; }
  DiffView& diff() { return *panels_.diff; }
  TimelineView& timeline() { return *panels_.timeline; }
  MergeLogView& mergeLog() { return *panels_.mergeLog; }
  SourceView& source() { return *panels_.source; }
  RunView& runView() { return *panels_.run; }
  SegmentsView& segmentsView() { return *panels_.segments; }
  WhyApartView& whyApartView() { return *panels_.whyApart; }
  StartPage& startPage() { return *panels_.start; }
  /// Nothing has loaded yet: the centre shows the start page (Open, Recent), not the canvas.
  bool showsStartPage() const;
  /// Why are these two ops apart? Fills and raises the Why apart dock (click one op, Ctrl+click
  /// the other); false when it could not answer (the dock says why).
  bool askWhyApart(int exprA, int exprB);
  /// The same for two picks on the picture on screen: ops, segment nodes or segment frames (an
  /// op and a segment: every attempt that held the op and any of the segment's ops).
  bool askWhyApart(const Selection& a, const Selection& b);
  /// The same by name, as the CLI takes them ("T3", "seg:2" for final segment 2).
  bool askWhyApart(const QString& a, const QString& b);
  /// Find in graph (Ctrl+F): opens the bar with `query` and shows its first match. Matches are
  /// the step's ops and inputs (graph::findInSnapshot), the same in every view; in the collapsed
  /// view the segment holding a match is drawn in place to show it.
  void findInGraph(const QString& query);
  /// Shows the next (or, negative, previous) match, wrapping around. The first Enter after
  /// typing an exact name stays on it (T324 does not move on to T325).
  void findNext(int delta = 1);
  /// Shows match `index` of the current query (the results list's rows).
  void showFindResult(int index);
  const std::vector<graph::FindHit>& findHits() const { return find_.hits; }
  const Selection& selection() const { return cursor_->selection(); }
  int findIndex() const { return find_.index; }
  FindBar& findBar() { return *panels_.findBar; }
  /// Collapsed view (double-click, E): a segment or run node is drawn in place as its ops (a
  /// big segment as its runs); an expanded segment's frame, or an op of an expanded run, folds
  /// back. False when `selection` is none of these.
  bool toggleExpansion(const Selection& selection);
  const std::set<int>& expandedAround() const { return picture_.expandedAround; }
  /// Opens nvFuser's own log of the open script (NVFUSER_DUMP=pre_segmenter_logging,
  /// segmenter_logging,segmented_fusion) beside the session: the nvFuser dock (both final
  /// segmentations side by side), the Timeline's nvFuser lane and nvFuser's verdicts in the
  /// Inspector. Kept across reloads and re-opened scripts; false (with the reason in Problems)
  /// when the file is no nvFuser log.
  bool openNvFuserLog(const QString& path);
  /// The first place where the log and the session disagree (D): its step, with both sides'
  /// verdicts in the Inspector and the nvFuser dock raised. False when no log is open or they agree.
  bool goToFirstDivergence();
  NvFuserView& nvFuserView() { return *panels_.nvFuser; }
  /// File ▸ Open model run… (main_window_model.cpp): reads `paths` as one run and segments every
  /// fusion off the GUI thread (blocking when `wait`), into the run table; false when nothing
  /// could be read (the reason in Problems).
  bool openModelRun(const QStringList& paths, bool wait = false);
  /// Opens row `row` of the run in the debugger with nvFuser's output for it lined up.
  bool openModelRow(int row);
  /// Back from a fusion to the run table (Alt+Left), its selection kept.
  void backToModelRun();
  bool showsModelRun() const;
  /// Opens a PyTorch FX graph printout (main_window_fx.cpp): its regions and collectives on a
  /// page of their own, each collective with what hides it in the Collectives dock. False (the
  /// reason in Problems) when it does not read.
  bool openFxGraph(const QString& path);
  bool showsFxGraph() const;
  FxGraphPage* fxGraphPage() { return panels_.fxGraph; }
  CollectivesView* collectivesView() { return panels_.collectives; }
  /// The fusion shown is its quick load; the session with every verdict is on its way.
  bool detailsPending() const;
  /// A row dumped without its definition shows nvFuser's printed groups on a page of their own.
  bool showsNvFuserGroups() const;
  const NvFuserGroupsPage* nvFuserGroupsPage() const { return panels_.nvFuserGroups; }
  ModelRunView& modelRunView() { return *panels_.modelRun; }
  /// View ▸ Compare with: the open fusion's segmentation beside another (`profile=a100`,
  /// `scalar-mode=duplicate`, `options=+fuse_matmul`, `file=OTHER.py`, `nvfuser=LOG`; see
  /// comparison::parseCompareWith) on a page of its own; the other side is segmented off the GUI
  /// thread (blocking when `wait`, until both pictures are laid out). False, with the reason in
  /// the status bar and Problems, when it cannot be compared.
  bool compareWith(const QString& spec, bool wait = false);
  void closeComparison();
  bool showsComparison() const;
  CompareView& compareView();
  /// Help ▸ Keyboard shortcuts (? or F1): every menu action with a shortcut, as HTML.
  QString shortcutSheet() const;
  /// The status bar's overview: "18 segments: 6 inner_persistent, …" (plain text).
  QString overviewText() const;
  /// Shows segment `id` of the final segmentation: goes to the last step and, once its
  /// picture is drawn, zooms to the segment's cluster (or its node in the collapsed view).
  void focusSegment(int id);
  QString problemsText() const;
  /// Opens the script of the last load error in the Source dock at its line and column (the
  /// link in the Problems dock).
  void showProblemInSource();
  /// Switches the graph view by name ("segments", "collapsed", "fusion"); false if unknown.
  bool setViewName(const QString& name);
  /// Shows or hides the fusion-regions overlay (View → Regions overlay, Shift+R).
  void setRegionsOverlay(bool on);
  /// View ▸ Overview as tiles (on by default): the collapsed view of hundreds of groups as tiles.
  void setOverviewTiles(bool on);
  /// View ▸ Group runs between barriers (Shift+G, off by default): the overview folds each run of
  /// segments between two barriers into one tile (a transformer's layers).
  void setGroupRuns(bool on);
  bool regionsOverlay() const;
  /// The region analysis of the current step's fusion; null when it cannot be computed
  /// (no step, or a saved trace whose script and its input sizes are gone).
  const regions::RegionAnalysis* currentRegions();
  /// Gives up on the running layout (Cancel layout): the previous picture stays, and the
  /// status bar says which step it shows.
  void cancelLayout();
  /// The graph view's name ("Segments", "Collapsed", "Fusion").
  QString viewName() const;
  /// Writes the current step's picture as SVG; false (after a message) on failure.
  bool exportCurrentSvg(const QString& path);
  /// File ▸ Export PNG: the picture as drawn, written whole or not at all.
  bool exportCurrentPng(const QString& path);
  /// Writes an SVG of every step that changed something into `dir` (with a cancellable
  /// progress dialog); returns how many were written.
  int exportAllSteps(const QString& dir);
  /// The Diff dock takes the whole window (Ctrl+D), or goes back to where it was.
  void setDiffFullWindow(bool on);
  bool diffFullWindow() const { return docks_.diffFullWindow; }
  /// View ▸ Theme: follow the system, light or dark (remembered).
  void setTheme(Theme theme);
  Theme theme() const { return theme_; }

 public slots:
  void nextStep();
  void previousStep();
  void firstStep();
  void lastStep();
  void nextRejectedMerge();
  void nextRegroupOfSelection();

 protected:
  void closeEvent(QCloseEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  bool askWhyApart(const pipeline::ApartSide& a, const pipeline::ApartSide& b);
  bool showWhyApart(const Result<pipeline::WhyApart>& answer);
  void buildActions();
  void buildMenus();
  void buildToolBar();
  void buildDocks();
  void buildStatusBar();
  void connectDocument();  // the document's and layout's signals (main_window_document.cpp)
  void restoreSettings();
  void rememberRecent(const QString& path);
  void refreshRecentMenu();
  void rebuildPassMenu();
  void buildNvfuserOptions();

  void onLoaded(SessionPtr session);
  void onFailed(const LoadProblem& problem);
  void onPicture(int ticket, graph::GraphModel& laidOut, layout::Geometry& laidOutGeometry);
  void finishPicture(const layout::Geometry& geometry);
  void onPicked(const Selection& selection);
  void onSourceLine(int line);
  void requestPicture();
  void applyOptions();
  /// The options button's text: the options the segmentation on screen ran with.
  void showNvfuserOptions();
  void setPlaying(bool on);
  void exportSvgDialog();
  void exportPngDialog();
  void pickProfileFromHeader(const QString& path);
  void exportAllStepsDialog();
  void saveTraceDialog();
  void updateTitleAndStatus();
  void updateRegionOverlay();
  void showTooBigToDraw(const graph::GraphModel& model);
  void applySegmentBadges();
  void updateOverview();
  void showShortcutSheet();
  void applyPendingFocus();
  void giveCanvasRoom();
  /// The selection in the current picture: its node, else its op's node, else its group's
  /// frame or collapsed segment node (null when the picture shows none of them).
  QRectF selectionRect() const;
  void runFind();
  void refreshFindMatches();
  void showFindMatch();
  /// The node of the picture on screen that shows find hit `hit`; empty when it is not drawn.
  std::string nodeOfFindHit(const graph::FindHit& hit) const;
  const trace::Step* step() const;
  graph::BuildOptions buildOptions(const trace::Step& step) const;

  // The nvFuser log beside the session (main_window_nvlog.cpp).
  void updateLogComparison();
  // The model run (main_window_model.cpp).
  void buildModelRunActions(QMenu* file);
  void finishModelRun(std::shared_ptr<const model::ModelRun> run,
                      std::shared_ptr<const comparison::ModelRunReport> report);
  void showRunPage();
  bool showNvFuserGroups(const model::FusionEntry& entry);
  void leaveRunPage();  // the debugger's docks back, as they were
  /// Cancels the runs still being read and waits for their threads (they call back into this).
  void stopModelRuns();
  // The comparison page (main_window_compare.cpp).
  void buildCompareMenu(QMenu* view);
  void finishComparison();
  /// The Why apart answer on show: its path and separators stay marked on every picture.
  void applyWhyMarks();
  // The overview's tiles follow the canvas's shape: a resize that changes it lays them out again.
  void reflowTilesSoon();
  void setCompactDocks(bool on);

  static constexpr int kCompactWidth = 1000, kCompactHeight = 680;

  /// The session, step, selection and nvFuser log on show: every dock follows it.
  StepCursor* cursor_;
  Document* document_;
  LayoutService* layout_;
  GraphScene* scene_;  // the canvas
  GraphView* view_;
  WindowPanels panels_;
  WindowActions actions_;
  WindowControls controls_;
  PictureState picture_;
  FindState find_;
  DockArrangement docks_;
  RunTableState runTable_;
  ComparisonState comparison_;
  NvLogFile nvLogFile_;
  std::optional<LoadProblem> lastProblem_;
  QTimer play_;
  QTimer reflow_;             // a resize that changes the canvas's shape lays the overview's tiles out again
  QString profileChosenFor_;  // the file whose device the user picked by hand (the header's is not used)
  Theme theme_ = Theme::System;
  bool persistent_ = true;
};

}  // namespace segscope::ui
