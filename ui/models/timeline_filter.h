// The Timeline's filter: the steps that match the search (name, phase, label, log) and the
// "hide steps that changed nothing" choice, with the group rows above them.
#pragma once

#include <QSortFilterProxyModel>
#include <QString>
#include <memory>

#include "trace/trace.h"

namespace segscope::ui {

/// Item data role holding a row's step index (-1 on group rows), in the Timeline and the Merge log.
constexpr int kStepIndexRole = Qt::UserRole + 1;
/// Set on the rows of the Timeline's nvFuser lane (what nvFuser's log says), which the step
/// filters do not hide: only the search does.
constexpr int kNvFuserLaneRole = Qt::UserRole + 2;

/// Whether `needle` (case-insensitive) is in the step's name, phase, short label or log.
bool stepMatches(const trace::Step& step, const QString& needle);

/// Recursive filtering keeps the parents of every accepted row.
class TimelineFilter final : public QSortFilterProxyModel {
 public:
  explicit TimelineFilter(QObject* parent) : QSortFilterProxyModel(parent) { setRecursiveFilteringEnabled(true); }

  void setTrace(std::shared_ptr<const trace::Trace> trace);
  /// `hideUnchanged` hides steps that changed nothing except refused merges (the decisions a
  /// reader came for); `hideRefused` hides refused merges.
  void setCriteria(QString needle, bool hideUnchanged, bool hideRefused = false);

 protected:
  bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

 private:
  std::shared_ptr<const trace::Trace> trace_;
  QString needle_;
  bool hideUnchanged_ = false;
  bool hideRefused_ = false;
};

}  // namespace segscope::ui
