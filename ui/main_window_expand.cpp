// Expanding segments in place in the collapsed view: a segment node becomes its ops (a big
// one its runs, each expandable in turn) inside its frame, and folds back on request.
#include <QAction>
#include <QStatusBar>

#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/main_window.h"

namespace segscope::ui {
namespace {

// The exprs of `anchors` that lie in `group` of the step's partition.
std::vector<int> anchorsIn(const std::set<int>& anchors, const trace::Step& step, int group) {
  std::vector<int> out;
  if (!step.after || !step.after->partition) return out;
  const std::vector<int>& groupOf = step.after->partition->groupOfExpr();
  for (const int expr : anchors)
    if (expr >= 0 && static_cast<std::size_t>(expr) < groupOf.size() &&
        groupOf[static_cast<std::size_t>(expr)] == group)
      out.push_back(expr);
  return out;
}

}  // namespace

bool MainWindow::toggleExpansion(const Selection& selection) {
  const trace::Step* s = step();
  if (!s || picture_.viewMode != graph::View::Collapsed || selection.empty()) return false;
  const graph::Node* node = selection.kind == Selection::Kind::Node ? scene_->model().node(selection.nodeId) : nullptr;
  QString said;
  if (node && node->id.starts_with('L') && node->anchorExpr >= 0) {  // a group of the overview opens as tiles
    picture_.openGroups.insert(node->anchorExpr);
    said = QString("segments %1 drawn as tiles; Shift+G twice folds every group again")
               .arg(QString::fromStdString(node->label).section(' ', 0, 0));
  } else if (node && node->kind == graph::NodeKind::Segment && node->anchorExpr >= 0) {
    const bool run = node->id.starts_with('r');
    (run ? picture_.runsExpandedAround : picture_.expandedAround).insert(node->anchorExpr);
    said = run ? QString("drawing %1 as its ops; double-click one of them (or E) to fold it")
                     .arg(QString::fromStdString(node->label))
               : QString("drawing %1 in place; double-click its frame (or E) to fold it")
                     .arg(QString::fromStdString(node->label));
  } else if (node && node->kind == graph::NodeKind::Op && node->anchorExpr >= 0) {
    picture_.runsExpandedAround.erase(node->anchorExpr);  // an op of an expanded run: the run folds
    said = "run folded";
  } else if (selection.kind == Selection::Kind::Cluster || (node && node->kind == graph::NodeKind::Op)) {
    const int group = selection.kind == Selection::Kind::Cluster ? selection.group : node->group;
    const std::vector<int> anchors = anchorsIn(picture_.expandedAround, *s, group);
    if (anchors.empty()) return false;
    for (const int expr : anchors) picture_.expandedAround.erase(expr);
    for (const int expr : anchorsIn(picture_.runsExpandedAround, *s, group)) picture_.runsExpandedAround.erase(expr);
    said = QString("segment %1 folded").arg(group);
  } else {
    return false;
  }
  // The new picture keeps what was clicked where it is on screen.
  const QRectF was = selection.kind == Selection::Kind::Cluster ? scene_->clusterRect(selection.group)
                                                                : scene_->nodeRect(selection.nodeId);
  if (!was.isNull()) {
    picture_.selectionOnScreen = view_->mapFromScene(was.center());
    Selection frame;
    frame.kind = Selection::Kind::Cluster;
    frame.group = node ? (node->kind == graph::NodeKind::Segment ? node->segment : node->group) : selection.group;
    cursor_->remember(frame);
  }
  statusBar()->showMessage(said, 5000);
  requestPicture();
  return true;
}

}  // namespace segscope::ui
