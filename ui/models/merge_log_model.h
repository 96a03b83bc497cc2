// The Merge log's table model: one row per merge step of a trace, read from the trace on
// demand (a 10k-op fusion has ~10k merge attempts; an item per cell cost a tenth of its open).
#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <memory>
#include <vector>

#include "trace/trace.h"

namespace segscope::ui {

/// Roles of the Merge log's cells (kStepIndexRole, Qt::UserRole + 1, is the Timeline's too).
constexpr int kMergeAcceptedRole = Qt::UserRole + 2;
constexpr int kMergeSortRole = Qt::UserRole + 3;  // numbers as numbers, so 9 sorts before 10

enum MergeLogColumn {
  kStepColumn,
  kPhaseColumn,
  kRoundColumn,
  kGroupsColumn,
  kOpsColumn,
  kResultColumn,
  kSchedulerColumn,
  kReasonColumn,
  kMergeLogColumnCount
};

class MergeLogModel final : public QAbstractTableModel {
 public:
  explicit MergeLogModel(QObject* parent) : QAbstractTableModel(parent) {}

  /// Lists the trace's merge steps (none for a null trace); resets the model.
  void setTrace(std::shared_ptr<const trace::Trace> trace);
  /// The row of step `index`, or -1 when that step is not a merge step.
  int rowOfStep(int index) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  const trace::Step& stepAt(int row) const { return trace_->steps()[rows_[static_cast<std::size_t>(row)]]; }
  QString text(int row, int column) const;
  /// Groups and reasons are built once, when a row is first shown, filtered or sorted on.
  const QString& cachedText(std::vector<QString>& cache, std::vector<bool>& done, int row, int column) const;

  std::shared_ptr<const trace::Trace> trace_;
  std::vector<std::size_t> rows_;  // row -> position in trace_->steps()
  std::vector<int> rowOfStep_;     // step index -> row, -1 off merge steps
  mutable std::vector<QString> groups_, reasons_;
  mutable std::vector<bool> groupsDone_, reasonsDone_;
};

}  // namespace segscope::ui
