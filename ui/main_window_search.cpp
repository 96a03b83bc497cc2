// MainWindow's questions about the picture: Find in graph (Ctrl+F) and Why apart (Ctrl+click).
#include <QDockWidget>
#include <QLineEdit>
#include <QStatusBar>
#include <algorithm>
#include <set>

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

namespace {

// The results list's bound: past it the list says how many more there are.
constexpr std::size_t kFindListLimit = 2000;

QStringList resultRow(const graph::FindHit& hit) {
  return {QString::fromStdString(hit.name), QString::fromStdString(hit.type),
          hit.group >= 0 ? QString::number(hit.group) : QString()};
}

}  // namespace

// The step's ops and inputs, searched in its fusion rather than in the drawing, so every view
// finds the same matches in the same order.
void MainWindow::refreshFindMatches() {
  const trace::Step* s = step();
  const trace::SnapshotPtr& shown = s ? (s->after ? s->after : s->before) : nullptr;
  findHits_ = shown ? graph::findInSnapshot(*shown, findBar_->query().toStdString()) : std::vector<graph::FindHit>{};
  if (findHits_.empty())
    findIndex_ = -1;
  else
    findIndex_ = std::clamp(findIndex_, 0, static_cast<int>(findHits_.size()) - 1);
  findBar_->setCount(findIndex_, static_cast<int>(findHits_.size()));
  QList<QStringList> rows;
  for (std::size_t i = 0; i < findHits_.size() && i < kFindListLimit; ++i) rows.push_back(resultRow(findHits_[i]));
  findBar_->setResults(rows, findIndex_, static_cast<int>(findHits_.size()));
}

void MainWindow::runFind() {
  findIndex_ = 0;
  findFresh_ = true;
  refreshFindMatches();
  showFindMatch();
}

void MainWindow::findNext(int delta) {
  if (findHits_.empty()) return runFind();
  const int n = static_cast<int>(findHits_.size());
  // Enter right after typing a name goes to that name: it is already shown, so stay on it.
  const bool stay =
      std::exchange(findFresh_, false) && delta > 0 && findHits_[static_cast<std::size_t>(findIndex_)].exact;
  if (!stay) findIndex_ = ((findIndex_ + delta) % n + n) % n;
  findBar_->setCount(findIndex_, n);
  findBar_->setCurrentResult(findIndex_);
  showFindMatch();
}

void MainWindow::showFindResult(int index) {
  if (index < 0 || index >= static_cast<int>(findHits_.size())) return;
  findIndex_ = index;
  findFresh_ = false;
  findBar_->setCount(findIndex_, static_cast<int>(findHits_.size()));
  showFindMatch();
}

std::string MainWindow::nodeOfFindHit(const graph::FindHit& hit) const {
  for (const graph::Node& n : scene_->model().nodes) {
    if (hit.exprId >= 0 && n.kind == graph::NodeKind::Op && n.exprId == hit.exprId) return n.id;
    if (hit.exprId < 0 && n.kind == graph::NodeKind::Input && n.valId == hit.valId) return n.id;
  }
  return {};
}

// The match on screen, selected. A match the picture does not draw (an op inside a collapsed
// segment) has its segment drawn in place, and is shown once that picture is laid out; an input
// the collapsed view does not draw opens the op view.
void MainWindow::showFindMatch() {
  if (findIndex_ < 0 || findIndex_ >= static_cast<int>(findHits_.size())) return;
  const graph::FindHit& hit = findHits_[static_cast<std::size_t>(findIndex_)];
  if (const std::string id = nodeOfFindHit(hit); !id.empty()) {
    const Selection sel = scene_->selectionOfNode(id);
    if (sel.empty()) return;
    scene_->markSelected(id);
    onPicked(sel);
    view_->focusOn(scene_->nodeRect(id));
    return;
  }
  if (viewMode_ != graph::View::Collapsed || findAfterPicture_) return;
  if (hit.exprId < 0) {
    findAfterPicture_ = true;
    statusBar()->showMessage("Find: opening the op view to show the input…", 3000);
    setViewName("Segments");
    return;
  }
  if (expandedAround_.count(hit.exprId)) return;  // drawn in place already (or too big to draw)
  findAfterPicture_ = true;
  expandedAround_.insert(hit.exprId);
  runsExpandedAround_.insert(hit.exprId);
  statusBar()->showMessage(
      QString("Find: drawing segment %1 in place to show %2…").arg(hit.group).arg(QString::fromStdString(hit.name)),
      3000);
  requestPicture();
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
  if (!cursor_->session()) return showWhyApart(makeError("nothing is loaded"));
  return showWhyApart(pipeline::whyApart(*cursor_->session(), a.trimmed().toStdString(), b.trimmed().toStdString()));
}

bool MainWindow::askWhyApart(const pipeline::ApartSide& a, const pipeline::ApartSide& b) {
  if (!cursor_->session()) return showWhyApart(makeError("nothing is loaded"));
  return showWhyApart(pipeline::whyApart(*cursor_->session(), a, b));
}

bool MainWindow::showWhyApart(const Result<pipeline::WhyApart>& answer) {
  whyDock_->show();
  whyDock_->raise();
  if (!answer) {
    whyApart_->setProblem(QString::fromStdString(answer.error().message));
    return false;
  }
  whyApart_->setAnswer(answer.value());
  whyShown_ = answer.value();
  applyWhyMarks();
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

// Why apart's path on the picture: the ops on a data path between the two (any step: expr ids
// are stable), and at the final step the collapsed view's segment nodes holding them.
void MainWindow::applyWhyMarks() {
  std::set<std::string> path, separators, ends;
  if (whyShown_ && !whyShown_->together) {
    const pipeline::WhyApart& w = *whyShown_;
    const auto has = [](const std::vector<int>& ids, int id) { return std::binary_search(ids.begin(), ids.end(), id); };
    const bool finalStep = shownStep_ == stepCount() - 1;
    for (const graph::Node& n : scene_->model().nodes) {
      if (n.kind == graph::NodeKind::Op && n.exprId >= 0) {
        if (has(w.separatorExprs, n.exprId))
          separators.insert(n.id);
        else if (has(w.pathExprs, n.exprId))
          path.insert(n.id);
        else if (n.exprId == w.exprA || n.exprId == w.exprB)
          ends.insert(n.id);
      } else if (n.kind == graph::NodeKind::Segment && finalStep && n.segment >= 0) {
        if (n.segment == w.segmentA || n.segment == w.segmentB)
          ends.insert(n.id);
        else if (has(w.separatorSegments, n.segment))
          separators.insert(n.id);
        else if (has(w.pathSegments, n.segment))
          path.insert(n.id);
      }
    }
  }
  scene_->markPath(path, separators, ends);
}

}  // namespace segscope::ui
