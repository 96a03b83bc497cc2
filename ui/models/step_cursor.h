// The window's one "where the user is": the session on show, its current step, the selection
// on the picture and the nvFuser log lined up with it. Every dock observes it; none is pushed.
#pragma once

#include <QObject>

#include <memory>

#include "comparison/log_comparison.h"
#include "graph/graph_model.h"
#include "trace/step.h"
#include "ui/session.h"

namespace segscope::ui {

class StepCursor : public QObject {
  Q_OBJECT

 public:
  explicit StepCursor(QObject* parent = nullptr);

  const SessionPtr& session() const { return session_; }
  /// The current step's index; -1 while nothing is shown.
  int index() const { return index_; }
  /// The current step; null while nothing is shown.
  const trace::Step* step() const;
  int stepCount() const;
  const Selection& selection() const { return selection_; }
  /// The drawing the selection's ids refer to (the picture on screen); null before the first.
  const graph::GraphModel* picture() const { return picture_; }
  const std::shared_ptr<const comparison::LogComparison>& logComparison() const { return comparison_; }
  /// Why the picture on screen is not the current step's yet ("Laying out step 7…", a cancelled
  /// layout); empty when it is.
  const QString& pictureNote() const { return pictureNote_; }

  /// A new session (a file opened, or the quick load's full session): observers take it and the
  /// step becomes -1 until setStep names one. The selection stays (a reloaded file keeps it marked).
  void setSession(SessionPtr session);
  /// Shows step `index` (clamped to the session's steps); observers hear of it even when it is
  /// the same step again (a re-shown step repaints).
  void setStep(int index);
  /// The user picked `selection` on `picture` (which must outlive the next pick or step).
  void select(const Selection& selection, const graph::GraphModel* picture);
  /// Takes `selection` without telling the observers: the picture it refers to is being redrawn
  /// (a segment drawn in place), and the window marks it there when it arrives.
  void remember(const Selection& selection);
  /// The nvFuser log lined up with the session; null when none (or it cannot be lined up).
  void setLogComparison(std::shared_ptr<const comparison::LogComparison> comparison);
  /// The window says how far the picture lags the step (observers hear of it when it changes).
  void setPictureNote(const QString& note);

 signals:
  void sessionChanged();
  void stepChanged(int index);
  void selectionChanged();
  void logComparisonChanged();
  void pictureNoteChanged();

 private:
  SessionPtr session_;
  int index_ = -1;
  Selection selection_;
  const graph::GraphModel* picture_ = nullptr;
  std::shared_ptr<const comparison::LogComparison> comparison_;
  QString pictureNote_;
};

}  // namespace segscope::ui
