// A step's before | after: two graphs (removed red, added green, changed amber) with linked
// zoom and pan, and the IR printouts side by side, row for row, in the same colors. Merge
// steps show each op's group on both sides. The dock can take the whole window.
#pragma once

#include <QWidget>

#include <string>
#include <vector>

#include "graph/graph_model.h"
#include "trace/aligned_printout.h"
#include "trace/step.h"
#include "ui/session.h"

class QLabel;
class QTextBrowser;
class QToolButton;

namespace segscope::ui {

class StepCursor;

class GraphScene;
class GraphView;
class LayoutService;

class DiffView : public QWidget {
  Q_OBJECT

 public:
  explicit DiffView(QWidget* parent = nullptr);
  ~DiffView() override;

  /// The session whose steps are shown: their diffs come from Session::diffOf (computed once).
  void setSession(SessionPtr session) { session_ = std::move(session); }
  /// Follows the window's cursor: its session, and its step while the dock is on screen (a dock
  /// tabbed behind another catches up when it is raised; two layouts per step are not free).
  void follow(const StepCursor& cursor);

  void showStep(const trace::Step& step);
  /// After a theme switch: the canvases take the new colour and the step followed is drawn again.
  void refreshTheme();
  QColor canvasColorShown() const;
  void clear();
  /// Keeps the "Full window" button in step with the window's state.
  void setFullWindow(bool on);

  /// For tests: the pictures and rows currently shown.
  const GraphScene& beforeScene() const { return *beforeScene_; }
  const GraphScene& afterScene() const { return *afterScene_; }
  const GraphView& beforeView() const { return *beforeView_; }
  const GraphView& afterView() const { return *afterView_; }
  GraphView& afterView() { return *afterView_; }
  QString beforeText() const;
  QString afterText() const;
  const std::vector<trace::AlignedRow>& rows() const { return rows_; }
  /// The row the texts were opened at (the first change; 0 when none).
  int firstChangedRow() const { return firstChange_; }
  int topVisibleRow(bool after) const;
  bool layoutsPending() const;

 signals:
  void fullWindowToggled(bool on);

 protected:
  void resizeEvent(QResizeEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;
  /// A new palette (the light or dark theme) repaints both canvases at once.
  void changeEvent(QEvent* event) override;

 private:
  void requestOrExplain(graph::GraphModel model, LayoutService& layout, GraphScene& scene, bool& ready);
  void pictureReady();
  void focusFirstChange();
  void matchView(GraphView* from, GraphView* to);  // `to` takes `from`'s zoom and centre
  void showRows(const trace::Step& step, const Session::StepDiff& diff, const std::vector<std::string>& notes);
  void scrollTextsTo(int row);

  bool onScreen() const;
  void showCursorStep();

  SessionPtr session_;
  const StepCursor* cursor_ = nullptr;
  QLabel* caption_;
  QToolButton* fullWindow_;
  GraphScene* beforeScene_;
  GraphScene* afterScene_;
  GraphView* beforeView_;
  GraphView* afterView_;
  QTextBrowser* beforeText_;
  QTextBrowser* afterText_;
  LayoutService* beforeLayout_;
  LayoutService* afterLayout_;
  std::vector<trace::AlignedRow> rows_;
  int firstChange_ = 0;
  int noteRows_ = 0;  // rows above the printout (a merge step's note)
  bool beforeReady_ = false;
  bool afterReady_ = false;
  bool following_ = false;  // one view is being moved to follow the other
  bool userMoved_ = false;  // the user zoomed or panned: a resize no longer refits
};

}  // namespace segscope::ui
