// The widgets the debugger window is made of: its panels and docks, the actions other code
// reaches after the menus are built, and the toolbar's and status bar's controls.
#pragma once

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTextBrowser;
class QToolButton;

namespace segscope::ui {

class CollectivesView;
class CompareView;
class DiffView;
class FindBar;
class FxGraphPage;
class InspectorView;
class MergeLogView;
class ModelRunView;
class NvFuserGroupsPage;
class NvFuserView;
class RunView;
class SegmentsView;
class SourceView;
class StartPage;
class TimelineView;
class WhyApartView;

/// The panels around the canvas and the pages that take its place; owned by the window.
struct WindowPanels {
  TimelineView* timeline = nullptr;
  InspectorView* inspector = nullptr;
  MergeLogView* mergeLog = nullptr;
  SourceView* source = nullptr;
  RunView* run = nullptr;
  SegmentsView* segments = nullptr;
  WhyApartView* whyApart = nullptr;
  DiffView* diff = nullptr;
  QTextBrowser* problems = nullptr;
  NvFuserView* nvFuser = nullptr;
  FindBar* findBar = nullptr;  // above the canvas, hidden until Ctrl+F
  // The docks whose visibility the window changes itself (the others only the user).
  QDockWidget* whyDock = nullptr;
  QDockWidget* problemsDock = nullptr;
  QDockWidget* diffDock = nullptr;
  QDockWidget* nvFuserDock = nullptr;
  // The centre: the start page, the canvas, the run table, a dump-only fusion's groups, a comparison.
  QStackedWidget* central = nullptr;
  StartPage* start = nullptr;
  ModelRunView* modelRun = nullptr;
  NvFuserGroupsPage* nvFuserGroups = nullptr;  // made when a dump-only fusion is first opened
  CompareView* compare = nullptr;
  // A PyTorch FX graph printout and its Collectives dock, made when one is first opened
  // (main_window_fx.cpp).
  FxGraphPage* fxGraph = nullptr;
  CollectivesView* collectives = nullptr;
  QDockWidget* collectivesDock = nullptr;
};

/// The actions that code outside their menu enables, checks or triggers (the shortcut sheet
/// reads every action from the menus).
struct WindowActions {
  // File
  QAction* open = nullptr;
  QAction* openLog = nullptr;
  QAction* openModel = nullptr;
  QAction* backToRun = nullptr;
  QAction* reload = nullptr;
  QAction* exportSvg = nullptr;
  QAction* exportPng = nullptr;
  QAction* exportAll = nullptr;
  QAction* saveTrace = nullptr;
  // Step
  QAction* first = nullptr;
  QAction* prev = nullptr;
  QAction* next = nullptr;
  QAction* last = nullptr;
  QAction* rejected = nullptr;
  QAction* regroup = nullptr;
  QAction* divergence = nullptr;
  QAction* play = nullptr;
  QAction* run = nullptr;
  // View
  QAction* fit = nullptr;
  QAction* regions = nullptr;
  QAction* tiles = nullptr;
  QAction* group = nullptr;  // Group runs between barriers
  QAction* expand = nullptr;
  QAction* drawAnyway = nullptr;
  QAction* cancelLayout = nullptr;
  QAction* find = nullptr;
  QAction* findStep = nullptr;
  QAction* diffFull = nullptr;
};

/// The toolbar's and status bar's controls, and the menus rebuilt as the session changes.
struct WindowControls {
  QComboBox* profileBox = nullptr;
  QComboBox* scalarBox = nullptr;
  QToolButton* nvfuserOptionsButton = nullptr;  // NVFUSER_ENABLE / NVFUSER_DISABLE for this fusion
  QMenu* nvfuserOptionsMenu = nullptr;
  QComboBox* viewBox = nullptr;
  QComboBox* speedBox = nullptr;
  QLabel* stepLabel = nullptr;
  QLabel* overviewLabel = nullptr;
  QLabel* layoutLabel = nullptr;
  QProgressBar* busy = nullptr;
  QPushButton* cancel = nullptr;
  QMenu* recentMenu = nullptr;
  QMenu* passMenu = nullptr;
};

}  // namespace segscope::ui
