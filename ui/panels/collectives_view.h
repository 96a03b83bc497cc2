// The Collectives dock: each collective of the FX graph on show, its ring time, the compute
// between it and its wait (regions, matmuls, other kernels) and the verdict; clicking a row
// shows the collective's span on the graph, clicking what hides it shows that node or region.
#pragma once

#include <QWidget>

#include "pipeline/fx_analysis.h"

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace segscope::ui {

class CollectivesView : public QWidget {
  Q_OBJECT

 public:
  explicit CollectivesView(QWidget* parent = nullptr);

  /// Shows the collectives of `analysis` (null: none open).
  void setAnalysis(const pipeline::FxAnalysis* analysis);
  int rowCount() const;
  /// Selects collective `index`'s row (and emits collectiveActivated).
  void activate(int index);

 signals:
  void collectiveActivated(int index);
  /// A node the user picked among what lies between a collective and its wait.
  void nodeActivated(int node);

 private:
  void onItem(QTreeWidgetItem* item);

  QLabel* model_ = nullptr;
  QTreeWidget* tree_ = nullptr;
};

}  // namespace segscope::ui
