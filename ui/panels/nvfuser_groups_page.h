// The centre page for a fusion of a model run that came without its definition: nvFuser's own
// printed groups drawn as a graph, under a banner saying that this is nvFuser's view only.
#pragma once

#include <QWidget>

#include "graph/graph_model.h"

class QLabel;

namespace segscope::ui {

class GraphScene;
class GraphView;

class NvFuserGroupsPage : public QWidget {
  Q_OBJECT

 public:
  explicit NvFuserGroupsPage(QWidget* parent = nullptr);

  /// Lays out and draws `model`; `note` says where it came from. False (and a message on the
  /// page) when it cannot be laid out.
  bool show(const graph::GraphModel& model, const QString& note);
  const GraphScene& scene() const { return *scene_; }

 signals:
  /// The banner's "Back to the run" link.
  void backRequested();

 private:
  QLabel* banner_ = nullptr;
  GraphScene* scene_ = nullptr;
  GraphView* view_ = nullptr;
};

}  // namespace segscope::ui
