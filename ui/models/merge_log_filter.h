// The Merge log's filter and sort: rows matching the result choice (all, accepted, refused) and
// containing the text in any column; numbers sort as numbers.
#pragma once

#include <QSortFilterProxyModel>
#include <QString>

namespace segscope::ui {

/// Roles of the Merge log's cells (kStepIndexRole, Qt::UserRole + 1, is the Timeline's too).
constexpr int kMergeAcceptedRole = Qt::UserRole + 2;
constexpr int kMergeSortRole = Qt::UserRole + 3;  // numbers as numbers, so 9 sorts before 10

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
