// MainWindow's questions about the picture: Find in graph (Ctrl+F) and Why apart (Ctrl+click).
#include <QDockWidget>
#include <QLineEdit>
#include <QStatusBar>
#include <algorithm>

#include "pipeline/why_apart.h"
#include "ui/find_bar.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/main_window.h"
#include "ui/panels/why_apart_view.h"

namespace segscope::ui {

void MainWindow::findInGraph(const QString& query) {
  findBar_->open();
  if (findBar_->query() == query)
    runFind();
  else
    findBar_->edit()->setText(query);  // runs the search
}

void MainWindow::refreshFindMatches() {
  findMatches_ = graph::findNodes(scene_->model(), findBar_->query().toStdString());
  if (findMatches_.empty())
    findIndex_ = -1;
  else
    findIndex_ = std::clamp(findIndex_, 0, static_cast<int>(findMatches_.size()) - 1);
  findBar_->setCount(findIndex_, static_cast<int>(findMatches_.size()));
}

void MainWindow::runFind() {
  findIndex_ = 0;
  refreshFindMatches();
  if (!findMatches_.empty()) return showFindMatch();
  if (viewMode_ == graph::View::Collapsed && !findBar_->query().trimmed().isEmpty() && stepCount() > 0)
    expandSegmentOfFirstMatch();
}

// The collapsed picture has a node per segment, not the ops: search the step's ops, draw the
// segment (and, in a big one, the run) holding the first match in place, and show the match
// once that picture is drawn. A match that is not an op (an input tensor) opens the op view.
void MainWindow::expandSegmentOfFirstMatch() {
  const trace::Step* s = step();
  if (!s || !s->after) return;
  graph::BuildOptions ops = buildOptions(*s);
  ops.view = graph::View::Segments;
  const graph::GraphModel model = graph::buildStepGraph(*s, graph::StepSide::After, ops);
  int expr = -1, group = -1;
  for (const std::string& id : graph::findNodes(model, findBar_->query().toStdString()))
    if (const graph::Node* n = model.node(id); n && n->kind == graph::NodeKind::Op && n->exprId >= 0) {
      expr = n->exprId;
      group = n->group;
      break;
    }
  findAfterPicture_ = true;
  if (expr < 0) {
    statusBar()->showMessage("Find: opening the op view to search its tensors…", 3000);
    setViewName("Segments");
    return;
  }
  expandedAround_.insert(expr);
  runsExpandedAround_.insert(expr);
  statusBar()->showMessage(QString("Find: drawing segment %1 in place to show the match…").arg(group), 3000);
  requestPicture();
}

void MainWindow::findNext(int delta) {
  if (findMatches_.empty()) return runFind();
  const int n = static_cast<int>(findMatches_.size());
  findIndex_ = ((findIndex_ + delta) % n + n) % n;
  findBar_->setCount(findIndex_, n);
  showFindMatch();
}

void MainWindow::showFindMatch() {
  if (findIndex_ < 0 || findIndex_ >= static_cast<int>(findMatches_.size())) return;
  const std::string& id = findMatches_[static_cast<std::size_t>(findIndex_)];
  const Selection sel = scene_->selectionOfNode(id);
  if (sel.empty()) return;
  scene_->markSelected(id);
  onPicked(sel);
  view_->focusOn(scene_->nodeRect(id));
}

bool MainWindow::askWhyApart(int exprA, int exprB) {
  return askWhyApart(pipeline::ApartSide::op(exprA), pipeline::ApartSide::op(exprB));
}

bool MainWindow::askWhyApart(const Selection& a, const Selection& b) {
  // An op is asked about as an op; a segment node or a segment frame as its whole group at the
  // step on screen; inputs and tensors belong to no merge.
  const auto side = [this](const Selection& s) -> std::optional<pipeline::ApartSide> {
    if (s.exprId >= 0) return pipeline::ApartSide::op(s.exprId);
    const graph::Node* node = s.kind == Selection::Kind::Node ? scene_->model().node(s.nodeId) : nullptr;
    const bool segment = s.kind == Selection::Kind::Cluster || (node && node->kind == graph::NodeKind::Segment);
    if (segment && s.group >= 0) return pipeline::ApartSide::segment(shownStep_, s.group);
    return std::nullopt;
  };
  const std::optional<pipeline::ApartSide> sideA = side(a), sideB = side(b);
  if (!sideA || !sideB) {
    whyDock_->show();
    whyDock_->raise();
    whyApart_->setProblem(
        "Why apart compares ops and segments; one of the two picked is neither (an input or a tensor). "
        "Click an op or a segment, then Ctrl+click another.");
    return false;
  }
  return askWhyApart(*sideA, *sideB);
}

bool MainWindow::askWhyApart(const QString& a, const QString& b) {
  if (!session_) return showWhyApart(makeError("nothing is loaded"));
  return showWhyApart(pipeline::whyApart(*session_, a.trimmed().toStdString(), b.trimmed().toStdString()));
}

bool MainWindow::askWhyApart(const pipeline::ApartSide& a, const pipeline::ApartSide& b) {
  if (!session_) return showWhyApart(makeError("nothing is loaded"));
  return showWhyApart(pipeline::whyApart(*session_, a, b));
}

bool MainWindow::showWhyApart(const Result<pipeline::WhyApart>& answer) {
  whyDock_->show();
  whyDock_->raise();
  if (!answer) {
    whyApart_->setProblem(QString::fromStdString(answer.error().message));
    return false;
  }
  whyApart_->setAnswer(answer.value());
  // Ops asked about stay marked on the picture (when it draws them).
  std::string idA, idB;
  for (const graph::Node& n : scene_->model().nodes) {
    if (n.kind != graph::NodeKind::Op || n.exprId < 0) continue;
    if (n.exprId == answer->exprA) idA = n.id;
    if (n.exprId == answer->exprB) idB = n.id;
  }
  if (!idA.empty()) scene_->markSelected(idA);
  if (!idB.empty()) scene_->markAlsoSelected(idB);
  // A final segment asked for by name (seg:N) is marked when the final step is on screen; a
  // frame Ctrl+clicked was marked by the click.
  if (answer->exprB < 0 && answer->segmentB >= 0 && shownStep_ == stepCount() - 1 && scene_->markedCluster() < 0)
    scene_->markAlsoSelectedCluster(answer->segmentB);
  statusBar()->showMessage(
      QString("Why apart: %1 and %2").arg(QString::fromStdString(answer->a), QString::fromStdString(answer->b)), 4000);
  return true;
}

}  // namespace segscope::ui
