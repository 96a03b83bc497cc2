// The Why apart dock: for two ops the user picked (click one, Ctrl+click the other), every merge
// attempt that held both, with the verdicts that refused it; a row click goes to its step.
#pragma once

#include <QWidget>

#include "pipeline/why_apart.h"

class QLabel;
class QTreeWidget;

namespace segscope::ui {

class WhyApartView : public QWidget {
  Q_OBJECT

 public:
  explicit WhyApartView(QWidget* parent = nullptr);

  void setAnswer(const pipeline::WhyApart& answer);
  /// What could not be answered (an input picked, a pass removed the op …).
  void setProblem(const QString& message);
  void clear();

  QTreeWidget* tree() const { return tree_; }
  /// The one-line answer above the attempts ("T12 = add ends in segment 3 (pointwise); …").
  QString summaryText() const;
  /// The last setProblem message, plain (empty after an answer).
  QString problemText() const { return problem_; }

 signals:
  void stepActivated(int step);

 private:
  QLabel* summary_ = nullptr;
  QTreeWidget* tree_ = nullptr;
  QString problem_;
};

}  // namespace segscope::ui
