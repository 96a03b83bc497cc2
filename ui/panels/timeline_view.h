// The Timeline dock: every step of the trace as a tree (Load, Passes, Segmenter phases and
// rounds, Finalize, Run), with a search box and "hide steps that changed nothing".
#pragma once

#include <QWidget>

#include <vector>

#include "comparison/log_comparison.h"
#include "ui/models/step_choice.h"
#include "ui/models/timeline_filter.h"
#include "ui/session.h"

class QCheckBox;
class QLineEdit;
class QModelIndex;
class QStandardItem;
class QStandardItemModel;
class QTreeView;

namespace segscope::ui {

class StepCursor;

class TimelineFilter;

class TimelineView : public QWidget {
  Q_OBJECT

 public:
  /// Item data role holding a row's step index (-1 on group rows).
  static constexpr int StepIndexRole = kStepIndexRole;

  explicit TimelineView(QWidget* parent = nullptr);
  ~TimelineView() override;

  void setSession(SessionPtr session);
  /// Follows the window's cursor: its session, its step and its nvFuser lane.
  void follow(const StepCursor& cursor);
  /// The nvFuser lane under the steps: nvFuser's passes, merge candidates and final groups as
  /// its log states them, each row on the step of ours it lines up with (a click goes there),
  /// marked ✓ where both agree and ✗ where not. Null removes the lane.
  void setNvFuserLane(std::shared_ptr<const comparison::LogComparison> comparison);
  /// Selects and scrolls to the row of step `index` without emitting stepActivated; clears
  /// the selection when the step is filtered out or out of range.
  void setCurrentStep(int index);
  int currentStep() const { return choice_.current(); }

  QTreeView* tree() const { return tree_; }
  QLineEdit* searchBox() const { return search_; }
  QCheckBox* hideUnchangedBox() const { return hideUnchanged_; }
  QCheckBox* hideRefusedBox() const { return hideRefused_; }

 signals:
  /// The user chose a step (click, Enter, arrow keys); group rows stand for their first step.
  void stepActivated(int index);

 private:
  void rebuildModel();
  void onRowChosen(const QModelIndex& proxyIndex);
  void onFilterChanged();
  int firstStepUnder(const QModelIndex& proxyIndex) const;

  void appendNvFuserLane();

  SessionPtr session_;
  std::shared_ptr<const comparison::LogComparison> lane_;
  QLineEdit* search_ = nullptr;
  QCheckBox* hideUnchanged_ = nullptr;
  QCheckBox* hideRefused_ = nullptr;
  QTreeView* tree_ = nullptr;
  QStandardItemModel* model_ = nullptr;
  TimelineFilter* filter_ = nullptr;
  std::vector<QStandardItem*> itemOfStep_;  // by step index
  StepChoice choice_;
};

}  // namespace segscope::ui
