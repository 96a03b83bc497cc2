// The Inspector dock: what the current step did (verdicts, log, IR diff) or what the user
// selected on the graph (an op, a value, a group, an edge), as a styled rich-text page.
#pragma once

#include <QWidget>

#include <memory>

#include "comparison/log_comparison.h"
#include "graph/graph_model.h"
#include "trace/step.h"
#include "ui/session.h"

class QTextBrowser;

namespace segscope::ui {

class StepCursor;

class InspectorView : public QWidget {
  Q_OBJECT

 public:
  explicit InspectorView(QWidget* parent = nullptr);

  /// The session whose steps are shown: their diffs come from Session::diffOf (computed once).
  void setSession(SessionPtr session) { session_ = std::move(session); }
  /// Follows the window's cursor: the step page for each step, the selection page for each
  /// pick, nvFuser's verdicts while a log is lined up.
  void follow(const StepCursor& cursor);
  /// An nvFuser log lined up with the session: a step it speaks of (a pass, a merge candidate)
  /// gets a section with nvFuser's own verdicts beside ours. Null removes it.
  void setLogComparison(std::shared_ptr<const comparison::LogComparison> comparison) {
    comparison_ = std::move(comparison);
  }

  /// The step page: kind, name, phase, round, changed?, time, expr counts, the merge's
  /// verdicts (refusal first, accepted scheduler highlighted), the IR diff of a pass, the log.
  void showStep(const trace::Step& step);
  /// After a theme switch: the page shown is styled again in the new colours.
  void refreshTheme() { showHtml(body_); }
  /// The selection page for `selection` in `model` (the drawing of `step`); falls back to
  /// the step page when nothing is selected.
  void showSelection(const trace::Step& step, const graph::GraphModel& model, const Selection& selection);
  void clear();
  /// A line above every page while the graph does not show the page's step yet ("laying out
  /// step 12…"); empty removes it. The page itself stays.
  void setPictureNote(const QString& note);

  QTextBrowser* browser() const { return browser_; }
  /// The page's text without markup (tests, copy).
  QString plainText() const;

 protected:
  /// A new palette (the light or dark theme) repaints the page with its colours at once.
  void changeEvent(QEvent* event) override;

 private:
  void showHtml(const QString& body);

  QTextBrowser* browser_ = nullptr;
  SessionPtr session_;
  std::shared_ptr<const comparison::LogComparison> comparison_;
  QString body_;  // the page, without the note
  QString pictureNote_;
};

}  // namespace segscope::ui
