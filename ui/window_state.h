// What the debugger window remembers between events, by concern: the picture on the canvas,
// Find in graph, where the docks were, the model run, the comparison and the nvFuser log.
#pragma once

#include <QByteArray>
#include <QPointF>
#include <QString>
#include <QTimer>

#include <atomic>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "comparison/log_comparison.h"  // nvlog::NvLog
#include "comparison/model_run.h"       // model::ModelRun
#include "comparison/segmentation_comparison.h"
#include "graph/find_ops.h"
#include "graph/graph_builder.h"
#include "graph/op_texts.h"
#include "pipeline/why_apart.h"

class QDockWidget;
class QThread;

namespace segscope::ui {

/// The picture on the canvas: which step it shows, how it is drawn, and what the next one keeps.
struct PictureState {
  int ticket = 0;                // the layout asked for last; older answers are dropped
  int shownStep = -1;            // the step whose picture is on screen
  bool shown = false;            // a picture is on screen
  bool first = true;             // the next picture is fitted, as when a file opens
  int drawAnywayStep = -1;       // the step the user asked to draw despite its size
  int pendingSegment = -1;       // focusSegment's target, until its picture is drawn
  bool focusCandidates = false;  // the next picture zooms onto its merge attempt
  graph::View viewMode = graph::View::Segments;
  graph::OpTexts opTexts;                    // the shown fusion's op texts, for the next step's picture
  std::optional<QPointF> anchorOnScreen;     // where the active group was in the viewport
  std::optional<QPointF> selectionOnScreen;  // where the selection was when the view switched
  std::set<int> expandedAround;              // collapsed view: groups holding these exprs are drawn in place
  std::set<int> runsExpandedAround;          // and runs holding these
  std::set<int> openGroups;                  // groups the user opened (first exprs of a member)
  double tilesAspect = 0;                    // the canvas's width / height the shown overview was laid out for; 0: none
  QString regionsProblem;                    // why the current step has no regions, for the status bar
  std::map<int, QString> runTimes;           // per segment id, from the last run (painted on the final step)
  /// The Why apart answer on show: its path and separators stay marked on every picture.
  std::optional<pipeline::WhyApart> whyShown;
};

/// Find in graph: the step's matches and the one on show.
struct FindState {
  std::vector<graph::FindHit> hits;  // the step's matching ops and inputs, exact names first
  int index = -1;
  bool fresh = false;         // the query changed and Enter has not moved on yet
  bool afterPicture = false;  // a segment is being drawn in place: show the match when drawn
};

/// Where the docks were before the window moved them, to put them back.
struct DockArrangement {
  std::map<QDockWidget*, int> squeezed;  // docks a small window narrowed, with their size before
  bool sizesRestored = false;            // the saved layout came back: its dock sizes stand
  bool sizesSet = false;                 // the first show sized the docks for the window
  bool compact = false;                  // a small window: the right docks are tabs of the left column
  QByteArray beforeCompact;
  bool diffFullWindow = false;
  QByteArray beforeFullDiff;
  QByteArray beforeRun;      // the debugger's docks, hidden while the run table shows
  QByteArray beforeCompare;  // and while a comparison shows
};

/// The model run in the run table, and the threads still reading one.
struct RunTableState {
  std::shared_ptr<const model::ModelRun> run;
  QString title;
  std::shared_ptr<std::atomic<bool>> cancel;
  std::vector<QThread*> threads;
};

/// The other side of a comparison, while it is segmented off the GUI thread.
struct ComparisonState {
  std::future<Result<comparison::SegmentationComparison>> pending;
  QTimer poll;
};

/// The nvFuser log open beside the session.
struct NvLogFile {
  QString path;
  std::shared_ptr<const nvlog::NvLog> log;
};

}  // namespace segscope::ui
