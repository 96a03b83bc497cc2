// The Merge log's filter and sort: rows matching the result choice (all, accepted, refused) and
// containing the text in any column; numbers sort as numbers.
#pragma once

#include <QSortFilterProxyModel>
#include <QString>

#include "ui/models/merge_log_model.h"

namespace segscope::ui {

class MergeLogFilter final : public QSortFilterProxyModel {
 public:
  enum Result { AllResults, AcceptedOnly, RefusedOnly };

  explicit MergeLogFilter(QObject* parent) : QSortFilterProxyModel(parent) { setSortRole(kMergeSortRole); }

  void setCriteria(Result result, QString needle);

 protected:
  bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

 private:
  Result result_ = AllResults;
  QString needle_;
};

}  // namespace segscope::ui
