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
  whyDock_->show();
  whyDock_->raise();
  if (!session_) {
    whyApart_->setProblem("nothing is loaded");
    return false;
  }
  const Result<pipeline::WhyApart> answer = pipeline::whyApart(*session_, exprA, exprB);
  if (!answer) {
    whyApart_->setProblem(QString::fromStdString(answer.error().message));
    return false;
  }
  whyApart_->setAnswer(answer.value());
  // Both ops stay marked on the picture (when it draws them).
  std::string idA, idB;
  for (const graph::Node& n : scene_->model().nodes) {
    if (n.kind != graph::NodeKind::Op) continue;
    if (n.exprId == exprA) idA = n.id;
    if (n.exprId == exprB) idB = n.id;
  }
  if (!idA.empty()) scene_->markSelected(idA);
  if (!idB.empty()) scene_->markAlsoSelected(idB);
  statusBar()->showMessage(
      QString("Why apart: %1 and %2").arg(QString::fromStdString(answer->a), QString::fromStdString(answer->b)), 4000);
  return true;
}

}  // namespace segscope::ui
