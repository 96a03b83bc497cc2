// The Merge log's table model, read from the trace.
#include "ui/models/merge_log_model.h"

#include <QColor>

#include "ui/appearance.h"
#include "ui/models/timeline_filter.h"
#include "ui/step_text.h"

namespace segscope::ui {

namespace {

bool isNumberColumn(int column) { return column == kStepColumn || column == kRoundColumn || column == kOpsColumn; }

}  // namespace

void MergeLogModel::setTrace(std::shared_ptr<const trace::Trace> trace) {
  beginResetModel();
  trace_ = std::move(trace);
  rows_.clear();
  rowOfStep_.clear();
  if (trace_) {
    const std::vector<trace::Step>& steps = trace_->steps();
    for (std::size_t i = 0; i < steps.size(); ++i) {
      if (!steps[i].merge) continue;
      const auto index = static_cast<std::size_t>(steps[i].index);
      if (rowOfStep_.size() <= index) rowOfStep_.resize(index + 1, -1);
      rowOfStep_[index] = static_cast<int>(rows_.size());
      rows_.push_back(i);
    }
  }
  groups_.assign(rows_.size(), QString());
  reasons_.assign(rows_.size(), QString());
  groupsDone_.assign(rows_.size(), false);
  reasonsDone_.assign(rows_.size(), false);
  endResetModel();
}

int MergeLogModel::rowOfStep(int index) const {
  return index >= 0 && static_cast<std::size_t>(index) < rowOfStep_.size() ? rowOfStep_[static_cast<std::size_t>(index)]
                                                                           : -1;
}

int MergeLogModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int MergeLogModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kMergeLogColumnCount; }

const QString& MergeLogModel::cachedText(std::vector<QString>& cache, std::vector<bool>& done, int row,
                                         int column) const {
  const auto r = static_cast<std::size_t>(row);
  if (!done[r]) {
    const trace::Step& step = stepAt(row);
    cache[r] = column == kGroupsColumn ? mergeGroupsText(*step.merge) : refusalSummary(step);
    done[r] = true;
  }
  return cache[r];
}

QString MergeLogModel::text(int row, int column) const {
  const trace::Step& step = stepAt(row);
  const trace::MergeInfo& merge = *step.merge;
  switch (column) {
    case kStepColumn: return QString::number(step.index);
    case kPhaseColumn: return QString::fromUtf8(trace::phaseName(step.phase).data());
    // Round 0 (or -1) means "this phase has no rounds"; only the Herrmann merge counts from 1.
    case kRoundColumn: return merge.round >= 1 ? QString::number(merge.round) : QString();
    case kGroupsColumn: return cachedText(groups_, groupsDone_, row, column);
    case kOpsColumn: return QString::number(merge.exprs.size());
    case kResultColumn: return merge.ok() ? QStringLiteral("✓ accepted") : QStringLiteral("✗ refused");
    case kSchedulerColumn: return QString::fromStdString(merge.accepted);
    case kReasonColumn: return cachedText(reasons_, reasonsDone_, row, column);
    default: return {};
  }
}

QVariant MergeLogModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const int row = index.row(), column = index.column();
  const trace::Step& step = stepAt(row);
  switch (role) {
    case Qt::DisplayRole: return text(row, column);
    case kStepIndexRole: return step.index;
    case kMergeAcceptedRole: return step.merge->ok();
    case kMergeSortRole:
      if (column == kStepColumn) return step.index;
      if (column == kRoundColumn) return step.merge->round;
      if (column == kOpsColumn) return static_cast<int>(step.merge->exprs.size());
      return text(row, column);
    case Qt::TextAlignmentRole:
      return isNumberColumn(column) ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case Qt::ForegroundRole:
      if (column == kResultColumn) return verdictColor(step.merge->ok());
      return {};
    case Qt::ToolTipRole:
      if (column == kReasonColumn) return stepLogText(step);
      if (column == kStepColumn) return QString::fromStdString(step.name);
      if (column == kGroupsColumn) return text(row, column);  // the column may be too narrow for all of them
      return {};
    default: return {};
  }
}

QVariant MergeLogModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  static const char* const kTitles[kMergeLogColumnCount] = {"Step", "Phase",  "Round",     "Groups",
                                                            "Ops",  "Result", "Scheduler", "Reason"};
  return section >= 0 && section < kMergeLogColumnCount ? tr(kTitles[section]) : QVariant();
}

}  // namespace segscope::ui
