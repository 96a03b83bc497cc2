// The Segments dock: one row per segment of the final segmentation (id, scheduler with its
// colour, ops, bytes in and out, and the time of the last run), sortable; a click focuses the
// segment on the graph.
#pragma once

#include <QWidget>
#include <map>

#include "pipeline/segment_overview.h"

class QLabel;
class QTreeWidget;

namespace segscope::ui {

class SegmentsView : public QWidget {
  Q_OBJECT

 public:
  enum Column { IdColumn, SchedulerColumn, OpsColumn, BytesInColumn, BytesOutColumn, TimeColumn, ColumnCount };

  explicit SegmentsView(QWidget* parent = nullptr);

  void setOverview(const pipeline::Overview& overview);
  /// Times of the last run by segment id ("1.234 ms"); empty clears the column.
  void setTimes(const std::map<int, QString>& times);

  QTreeWidget* tree() const { return tree_; }
  /// "18 segments: 6 inner_persistent, …" above the table.
  QString summaryText() const;

 signals:
  void segmentActivated(int id);

 private:
  QLabel* summary_ = nullptr;
  QTreeWidget* tree_ = nullptr;
};

/// support::bytesText, or "—" for unknown (negative).
QString byteText(std::int64_t bytes);

}  // namespace segscope::ui
