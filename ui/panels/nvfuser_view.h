// The nvFuser dock: what nvFuser's own log says it did, beside Segscope's model: the final
// segments of both side by side (in the scheduler colours of the graph) and the first divergence.
#pragma once

#include <QWidget>
#include <memory>

#include "comparison/log_comparison.h"
#include "ui/session.h"

class QLabel;
class QPushButton;
class QStackedWidget;
class QTreeWidget;

namespace segscope::ui {

class StepCursor;

class NvFuserView : public QWidget {
  Q_OBJECT

 public:
  explicit NvFuserView(QWidget* parent = nullptr);

  /// Shows `comparison` of `session` with its log; null shows how to capture and open one.
  void setComparison(std::shared_ptr<const comparison::LogComparison> comparison, SessionPtr session);
  /// Follows the window's cursor: its nvFuser log lined up with its session.
  void follow(const StepCursor& cursor);
  const comparison::LogComparison* comparison() const { return comparison_.get(); }
  /// Without a comparison: what stands in its place (a log waiting for its script, or why the
  /// log could not be lined up); empty shows how to capture and open a log.
  void setMessage(const QString& html);

  QTreeWidget* theirTree() const { return theirs_; }
  QTreeWidget* ourTree() const { return ours_; }
  /// The verdict line and the first divergence, as plain text (tests).
  QString summaryText() const;

 signals:
  void segmentActivated(int id);
  void divergenceRequested();

 private:
  void fillTheirs();
  void fillOurs();

  std::shared_ptr<const comparison::LogComparison> comparison_;
  SessionPtr session_;
  QStackedWidget* pages_ = nullptr;
  QLabel* howTo_ = nullptr;
  QLabel* verdict_ = nullptr;
  QLabel* divergence_ = nullptr;
  QPushButton* goButton_ = nullptr;
  QTreeWidget* theirs_ = nullptr;
  QTreeWidget* ours_ = nullptr;
};

}  // namespace segscope::ui
