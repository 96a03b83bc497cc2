// The Merge log dock: one table row per merge attempt (step, phase, round, groups, ops,
// result, scheduler, reason), sortable, filtered by result and by text.
#pragma once

#include <QWidget>

#include "ui/models/merge_log_model.h"
#include "ui/models/step_choice.h"
#include "ui/session.h"

class QComboBox;
class QLineEdit;
class QModelIndex;
class QTableView;

namespace segscope::ui {

class StepCursor;

class MergeLogFilter;

class MergeLogView : public QWidget {
  Q_OBJECT

 public:
  enum Column {
    StepColumn = kStepColumn,
    PhaseColumn = kPhaseColumn,
    RoundColumn = kRoundColumn,
    GroupsColumn = kGroupsColumn,
    OpsColumn = kOpsColumn,
    ResultColumn = kResultColumn,
    SchedulerColumn = kSchedulerColumn,
    ReasonColumn = kReasonColumn,
    ColumnCount = kMergeLogColumnCount
  };
  /// The choices of the result filter, in the combo box's order.
  /// Indices of the result box, as MergeLogFilter::Result has them.
  enum ResultFilter { AllResults, AcceptedOnly, RefusedOnly };

  explicit MergeLogView(QWidget* parent = nullptr);
  ~MergeLogView() override;

  void setSession(SessionPtr session);
  /// Follows the window's cursor: its session and its step.
  void follow(const StepCursor& cursor);
  /// Selects the row of step `index` when the step is a listed merge step; clears the
  /// selection otherwise. Never emits stepActivated.
  void setCurrentStep(int index);

  QTableView* table() const { return table_; }
  QComboBox* resultFilterBox() const { return resultFilter_; }
  QLineEdit* textFilterBox() const { return textFilter_; }

 signals:
  void stepActivated(int index);

 private:
  void rebuildModel();
  void onRowChosen(const QModelIndex& proxyIndex);
  void onFilterChanged();

  SessionPtr session_;
  QComboBox* resultFilter_ = nullptr;
  QLineEdit* textFilter_ = nullptr;
  QTableView* table_ = nullptr;
  MergeLogModel* model_ = nullptr;
  MergeLogFilter* filter_ = nullptr;
  StepChoice choice_;
};

}  // namespace segscope::ui
