// The Merge log's filter.
#include "ui/models/merge_log_filter.h"

namespace segscope::ui {

void MergeLogFilter::setCriteria(Result result, QString needle) {
  result_ = result;
  needle_ = std::move(needle);
  invalidateFilter();
}

bool MergeLogFilter::filterAcceptsRow(int row, const QModelIndex& parent) const {
  const QAbstractItemModel* source = sourceModel();
  const bool accepted = source->index(row, 0, parent).data(kMergeAcceptedRole).toBool();
  if (result_ == AcceptedOnly && !accepted) return false;
  if (result_ == RefusedOnly && accepted) return false;
  if (needle_.isEmpty()) return true;
  for (int column = 0; column < source->columnCount(parent); ++column)
    if (source->index(row, column, parent).data().toString().contains(needle_, Qt::CaseInsensitive)) return true;
  return false;
}

}  // namespace segscope::ui
