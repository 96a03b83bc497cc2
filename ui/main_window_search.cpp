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
  panels_.findBar->open();
  if (panels_.findBar->query() == query)
    runFind();
  else
    panels_.findBar->edit()->setText(query);  // runs the search
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
  find_.hits =
      shown ? graph::findInSnapshot(*shown, panels_.findBar->query().toStdString()) : std::vector<graph::FindHit>{};
  if (find_.hits.empty())
    find_.index = -1;
  else
    find_.index = std::clamp(find_.index, 0, static_cast<int>(find_.hits.size()) - 1);
  panels_.findBar->setCount(find_.index, static_cast<int>(find_.hits.size()));
  QList<QStringList> rows;
  for (std::size_t i = 0; i < find_.hits.size() && i < kFindListLimit; ++i) rows.push_back(resultRow(find_.hits[i]));
  panels_.findBar->setResults(rows, find_.index, static_cast<int>(find_.hits.size()));
}

void MainWindow::runFind() {
  find_.index = 0;
  find_.fresh = true;
  refreshFindMatches();
  showFindMatch();
}

void MainWindow::findNext(int delta) {
  if (find_.hits.empty()) return runFind();
  const int n = static_cast<int>(find_.hits.size());
  // Enter right after typing a name goes to that name: it is already shown, so stay on it.
  const bool stay =
      std::exchange(find_.fresh, false) && delta > 0 && find_.hits[static_cast<std::size_t>(find_.index)].exact;
  if (!stay) find_.index = ((find_.index + delta) % n + n) % n;
  panels_.findBar->setCount(find_.index, n);
  panels_.findBar->setCurrentResult(find_.index);
  showFindMatch();
}

void MainWindow::showFindResult(int index) {
  if (index < 0 || index >= static_cast<int>(find_.hits.size())) return;
  find_.index = index;
  find_.fresh = false;
  panels_.findBar->setCount(find_.index, static_cast<int>(find_.hits.size()));
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
  if (find_.index < 0 || find_.index >= static_cast<int>(find_.hits.size())) return;
  const graph::FindHit& hit = find_.hits[static_cast<std::size_t>(find_.index)];
  if (const std::string id = nodeOfFindHit(hit); !id.empty()) {
    const Selection sel = scene_->selectionOfNode(id);
    if (sel.empty()) return;
    scene_->markSelected(id);
    onPicked(sel);
    view_->focusOn(scene_->nodeRect(id));
    return;
  }
  if (picture_.viewMode != graph::View::Collapsed || find_.afterPicture) return;
  if (hit.exprId < 0) {
    find_.afterPicture = true;
    statusBar()->showMessage("Find: opening the op view to show the input…", 3000);
    setViewName("Segments");
    return;
  }
  if (picture_.expandedAround.count(hit.exprId)) return;  // drawn in place already (or too big to draw)
  find_.afterPicture = true;
  picture_.expandedAround.insert(hit.exprId);
  picture_.runsExpandedAround.insert(hit.exprId);
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
    if (segment && s.group >= 0) return pipeline::ApartSide::segment(picture_.shownStep, s.group);
    return std::nullopt;
  };
  const std::optional<pipeline::ApartSide> sideA = side(a), sideB = side(b);
  if (!sideA || !sideB) {
    panels_.whyDock->show();
    panels_.whyDock->raise();
    panels_.whyApart->setProblem(
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
  panels_.whyDock->show();
  panels_.whyDock->raise();
  if (!answer) {
    panels_.whyApart->setProblem(QString::fromStdString(answer.error().message));
    return false;
  }
  panels_.whyApart->setAnswer(answer.value());
  picture_.whyShown = answer.value();
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
  if (answer->exprB < 0 && answer->segmentB >= 0 && picture_.shownStep == stepCount() - 1 &&
      scene_->markedCluster() < 0)
    scene_->markAlsoSelectedCluster(answer->segmentB);
  statusBar()->showMessage(
      QString("Why apart: %1 and %2").arg(QString::fromStdString(answer->a), QString::fromStdString(answer->b)), 4000);
  return true;
}

// Why apart's path on the picture: the ops on a data path between the two (any step: expr ids
// are stable), and at the final step the collapsed view's segment nodes holding them.
void MainWindow::applyWhyMarks() {
  std::set<std::string> path, separators, ends;
  if (picture_.whyShown && !picture_.whyShown->together) {
    const pipeline::WhyApart& w = *picture_.whyShown;
    const auto has = [](const std::vector<int>& ids, int id) { return std::binary_search(ids.begin(), ids.end(), id); };
    const bool finalStep = picture_.shownStep == stepCount() - 1;
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
