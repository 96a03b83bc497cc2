// A whole model run as a table (File ▸ Open model run…): one row per fusion, Segscope's segments
// beside nvFuser's, sortable and filterable, with why fusions were split; a row opens the fusion.
#pragma once

#include <QWidget>
#include <memory>

#include "comparison/model_run.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace segscope::ui {

class ModelRunFilter;

class ModelRunView : public QWidget {
  Q_OBJECT

 public:
  explicit ModelRunView(QWidget* parent = nullptr);

  /// Reading `title` has started: the table empties and the progress bar shows.
  void startReading(const QString& title);
  void setProgress(int done, int total);
  void setReport(std::shared_ptr<const comparison::ModelRunReport> report, const QString& title);
  std::shared_ptr<const comparison::ModelRunReport> report() const { return report_; }

  /// The report row selected in the table, -1 when none.
  int selectedRow() const;
  void selectRow(int row);
  /// Rows the filters let through.
  int visibleRows() const;
  /// "all", "differ", "failed", "nvfuser": which rows the Show box keeps.
  void setShow(const QString& which);
  /// Keeps only the rows split for reason class `reason` (a histogram bar); empty: every reason.
  void setReasonFilter(const QString& reason);
  void setTextFilter(const QString& text);
  QTableView& table() { return *table_; }

 signals:
  void rowActivated(int row);
  void cancelRequested();

 private:
  void fillTable();
  void fillReasons();
  void updateCount();

  std::shared_ptr<const comparison::ModelRunReport> report_;
  QLabel* title_;
  QLabel* totals_;
  QLineEdit* filterEdit_;
  QComboBox* showBox_;
  QProgressBar* progress_;
  QPushButton* cancel_;
  QTableView* table_;
  QStandardItemModel* model_;
  ModelRunFilter* filter_;
  QListWidget* reasons_;
};

}  // namespace segscope::ui
