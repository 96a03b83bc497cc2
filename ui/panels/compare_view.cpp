// Drawing two segmentations side by side and keeping them in step (compare_view.h).
#include "ui/panels/compare_view.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QScrollBar>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>
#include <map>
#include <set>

#include "graph/graph_builder.h"
#include "ui/appearance.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/layout_service.h"

namespace segscope::ui {
namespace {

using comparison::MatchKind;

std::string nodeOf(int segment) { return "s" + std::to_string(segment); }

QString idsText(const std::vector<int>& ids) {
  QStringList parts;
  for (std::size_t i = 0; i < ids.size() && i < 6; ++i) parts << QString::number(ids[i]);
  if (ids.size() > 6) parts << QString("… %1 more").arg(ids.size() - 6);
  return parts.join(", ");
}

// One side's segments as the collapsed view draws them, each filled by how it matches the
// other side; the detail line says with which segments there.
graph::GraphModel sideModel(const comparison::ComparedSide& side, const std::vector<comparison::SegmentMatch>& matches,
                            const std::string& otherLabel) {
  if (!side.fusion) return {};
  graph::BuildOptions options;
  options.view = graph::View::Collapsed;
  options.clusterWord = "segment";
  options.overview = side.segments.size() > graph::kOverviewAbove;  // tiles, as the window draws hundreds
  graph::GraphModel model = graph::buildGraph(*side.snapshot(), options);
  model.title = side.label;
  for (graph::Node& n : model.nodes) {
    if (n.kind != graph::NodeKind::Segment || n.segment < 0) continue;
    const comparison::SegmentMatch* m = nullptr;
    for (const comparison::SegmentMatch& candidate : matches)
      if (candidate.segment == n.segment) m = &candidate;
    const comparison::ComparedSide::Segment* s = side.segment(n.segment);
    if (!m || !s || s->hostScalars) continue;
    const auto [fill, pen] = CompareView::matchColors(m->kind);
    n.fillColor = fill.name().toStdString();
    n.penColor = pen.name().toStdString();
    const QString there = m->counterparts.empty() ? QString("only here") : "⇄ " + idsText(m->counterparts);
    n.detail += " · " + there.toStdString();
    n.tooltip =
        n.label + " (" + s->scheduler + "): " + std::string(comparison::matchKindName(m->kind)) +
        (m->counterparts.empty() ? ""
                                 : "; with " + otherLabel + ": segment(s) " + idsText(m->counterparts).toStdString()) +
        (m->opsOnlyHere ? "\n" + std::to_string(m->opsOnlyHere) + " of its ops are not in the other fusion" : "");
  }
  return model;
}

}  // namespace

std::pair<QColor, QColor> CompareView::matchColors(MatchKind kind) {
  const auto pair = [](const char* fill, const char* pen) { return std::pair{themedFill(QColor(fill)), QColor(pen)}; };
  switch (kind) {
    case MatchKind::Same: return pair("#d3f9d8", "#2b8a3e");
    case MatchKind::OtherScheduler: return pair("#ffe8cc", "#e8590c");
    case MatchKind::OtherOps: return pair("#fff3bf", "#e67700");
    case MatchKind::SplitThere: return pair("#d0ebff", "#1971c2");
    case MatchKind::MergedThere: return pair("#e5dbff", "#6741d9");
    case MatchKind::Regrouped: return pair("#ffdeeb", "#c2255c");
    case MatchKind::OnlyHere: return pair("#ffe3e3", "#e03131");
  }
  return pair("#f1f3f5", "#868e96");
}

CompareView::CompareView(QWidget* parent)
    : QWidget(parent),
      caption_(new QLabel(this)),
      leftTitle_(new QLabel(this)),
      rightTitle_(new QLabel(this)),
      close_(new QToolButton(this)),
      leftScene_(new GraphScene(this)),
      rightScene_(new GraphScene(this)),
      leftView_(new GraphView(this)),
      rightView_(new GraphView(this)),
      leftLayout_(new LayoutService(this)),
      rightLayout_(new LayoutService(this)),
      differences_(new QListWidget(this)) {
  setObjectName("compareView");
  caption_->setTextFormat(Qt::RichText);
  caption_->setWordWrap(true);
  caption_->setContentsMargins(8, 6, 8, 6);
  close_->setText("Close comparison");
  close_->setToolTip("Back to the debugger (Esc)");
  close_->setAutoRaise(true);
  connect(close_, &QToolButton::clicked, this, &CompareView::closeRequested);
  auto* header = new QHBoxLayout;
  header->setContentsMargins(0, 0, 6, 0);
  header->addWidget(caption_, 1);
  header->addWidget(close_, 0, Qt::AlignTop);

  leftView_->setScene(leftScene_);
  rightView_->setScene(rightScene_);
  auto* graphs = new QSplitter(Qt::Horizontal);
  for (auto [title, view] : {std::pair{leftTitle_, leftView_}, std::pair{rightTitle_, rightView_}}) {
    auto* pane = new QWidget(this);
    auto* box = new QVBoxLayout(pane);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(0);
    title->setTextFormat(Qt::RichText);
    title->setContentsMargins(8, 3, 8, 3);
    box->addWidget(title);
    box->addWidget(view, 1);
    graphs->addWidget(pane);
  }
  differences_->setAlternatingRowColors(true);
  differences_->setWordWrap(true);
  differences_->setToolTip("Click a difference to show its segments on both sides");
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(graphs);
  split->addWidget(differences_);
  split->setStretchFactor(0, 4);
  split->setStretchFactor(1, 1);
  split->setSizes({700, 180});
  auto* box = new QVBoxLayout(this);
  box->setContentsMargins(0, 0, 0, 0);
  box->setSpacing(0);
  box->addLayout(header);
  box->addWidget(split, 1);

  for (const auto& pair : {std::pair{leftView_, rightView_}, std::pair{rightView_, leftView_}}) {
    GraphView* a = pair.first;  // named, not bound: a lambda cannot capture a structured binding (clang 14)
    GraphView* b = pair.second;
    const auto follower = [this, a, b] { follow(a, b); };
    connect(a, &GraphView::zoomChanged, this, follower);
    connect(a->horizontalScrollBar(), &QScrollBar::valueChanged, this, follower);
    connect(a->verticalScrollBar(), &QScrollBar::valueChanged, this, follower);
  }
  connect(leftScene_, &GraphScene::picked, this, [this](const Selection& s) { onPicked(true, s); });
  connect(rightScene_, &GraphScene::picked, this, [this](const Selection& s) { onPicked(false, s); });
  const auto show = [this](GraphScene* scene, bool& ready) {
    return [this, scene, &ready](int, graph::GraphModel& model, layout::Geometry& geometry) {
      scene->setGraph(std::move(model), std::move(geometry));
      ready = true;
      pictureReady();
    };
  };
  connect(leftLayout_, &LayoutService::ready, this, show(leftScene_, leftReady_));
  connect(rightLayout_, &LayoutService::ready, this, show(rightScene_, rightReady_));
  connect(differences_, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row < 0) return;
    const int match = differences_->item(row)->data(Qt::UserRole).toInt();
    if (match >= 0) showMatch(match);
  });
  showNote("Nothing compared yet.");
}

// QWidget deletes the children (the two views and their scroll bars) after this object's own part
// is gone, and their signals would still reach follow(): cut them first (UBSan caught the call).
CompareView::~CompareView() {
  for (GraphView* v : {leftView_, rightView_}) {
    disconnect(v, nullptr, this, nullptr);
    disconnect(v->horizontalScrollBar(), nullptr, this, nullptr);
    disconnect(v->verticalScrollBar(), nullptr, this, nullptr);
  }
}

QString CompareView::captionText() const { return caption_->text(); }

bool CompareView::layoutsPending() const { return leftLayout_->busy() || rightLayout_->busy(); }

void CompareView::showNote(const QString& text) {
  comparison_.reset();
  leftScene_->clearGraph();
  rightScene_->clearGraph();
  differences_->clear();
  leftTitle_->clear();
  rightTitle_->clear();
  caption_->setText(text);
}

void CompareView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) refreshTheme();
  QWidget::changeEvent(event);
}

void CompareView::refreshTheme() {
  for (GraphView* v : {leftView_, rightView_}) v->setBackgroundBrush(canvasColor());
  if (comparison_) requestPictures();
}

void CompareView::showComparison(std::shared_ptr<const comparison::SegmentationComparison> comparison) {
  comparison_ = std::move(comparison);
  const auto& c = *comparison_;
  const auto count = [](const comparison::ComparedSide& side) {
    const int n = comparison::SegmentationComparison::segmentCount(side);
    return QString("%1 segment%2%3")
        .arg(n)
        .arg(n == 1 ? "" : "s")
        .arg(n != static_cast<int>(side.segments.size()) ? " + host scalars" : "");
  };
  const auto label = [](const comparison::ComparedSide& side) {
    return QString::fromStdString(side.label).toHtmlEscaped();
  };
  // The legend names the kinds this comparison has, with how many segments (both sides) are of each.
  std::map<MatchKind, std::pair<int, int>> kinds;
  for (const auto& m : c.leftSegments)
    if (!c.left.segment(m.segment)->hostScalars) ++kinds[m.kind].first;
  for (const auto& m : c.rightSegments)
    if (!c.right.segment(m.segment)->hostScalars) ++kinds[m.kind].second;
  QString legend;
  for (const auto& [k, n] : kinds) {
    const auto [fill, pen] = matchColors(k);
    legend += QString(" <span style='background:%1; color:%2'>&nbsp;%3&nbsp;</span>&nbsp;%4&nbsp;")
                  .arg(fill.name(), pen.name(), QString::fromStdString(std::string(comparison::matchKindName(k))))
                  .arg(n.first + n.second);
  }
  caption_->setText(
      QString("<b>%1</b> | <b>%2</b> — %3 &nbsp;·&nbsp; %4 ops matched%5<br>%6")
          .arg(label(c.left), label(c.right),
               c.same()
                   ? QString("the same segmentation")
                   : QString("%1 difference%2").arg(c.differences.size()).arg(c.differences.size() == 1 ? "" : "s"))
          .arg(c.matchedOps)
          .arg(c.leftOnlyOps || c.rightOnlyOps
                   ? QString(" (%1 only left, %2 only right)").arg(c.leftOnlyOps).arg(c.rightOnlyOps)
                   : QString())
          .arg(legend));
  leftTitle_->setText(QString("<b>%1</b> · %2").arg(label(c.left), count(c.left)));
  rightTitle_->setText(QString("<b>%1</b> · %2").arg(label(c.right), count(c.right)));
  differences_->clear();
  // The rows name the match they stand for (-1: a count or scheduler line, no segment).
  std::map<std::string, int> matchOfText;
  for (std::size_t i = 0; i < c.matches.size(); ++i) matchOfText[c.matches[i].text] = static_cast<int>(i);
  for (const std::string& d : c.differences) {
    auto* item = new QListWidgetItem(QString::fromStdString(d), differences_);
    auto it = matchOfText.find(d);
    item->setData(Qt::UserRole, it == matchOfText.end() ? -1 : it->second);
    if (it != matchOfText.end()) {  // a swatch of the match's colour, as its segments are drawn
      QPixmap swatch(12, 12);
      const auto [fill, pen] = matchColors(c.matches[static_cast<std::size_t>(it->second)].leftKind);
      swatch.fill(fill);
      QPainter paint(&swatch);
      paint.setPen(pen);
      paint.drawRect(0, 0, 11, 11);
      item->setIcon(QIcon(swatch));
    }
  }
  if (c.same())
    new QListWidgetItem("No difference: every segment has its counterpart with the same ops and scheduler.",
                        differences_);
  requestPictures();
}

void CompareView::requestPictures() {
  leftReady_ = rightReady_ = false;
  // An overview's tiles take each side's canvas shape (its segments are more than kOverviewAbove).
  const auto tilesFor = [](const comparison::ComparedSide& side, const GraphView* view) {
    layout::LayoutOptions options;
    if (side.segments.size() > graph::kOverviewAbove && view->viewport()->height() > 0)
      options.tileAspect = double(view->viewport()->width()) / view->viewport()->height();
    return options;
  };
  leftLayout_->request(sideModel(comparison_->left, comparison_->leftSegments, comparison_->right.label),
                       tilesFor(comparison_->left, leftView_));
  rightLayout_->request(sideModel(comparison_->right, comparison_->rightSegments, comparison_->left.label),
                        tilesFor(comparison_->right, rightView_));
}

void CompareView::pictureReady() {
  if (!leftReady_ || !rightReady_) return;
  following_ = true;
  leftView_->fitToView();
  rightView_->fitToView();
  following_ = false;
}

// Zoom and pan follow the other side, anchored on the segment nearest the centre and its
// counterpart there (the two layouts differ, so a plain scroll position would not do).
void CompareView::follow(GraphView* from, GraphView* to) {
  if (following_ || !comparison_ || !leftReady_ || !rightReady_) return;
  const bool fromLeft = from == leftView_;
  const GraphScene& fromScene = fromLeft ? *leftScene_ : *rightScene_;
  const GraphScene& toScene = fromLeft ? *rightScene_ : *leftScene_;
  const QPointF centre = from->mapToScene(from->viewport()->rect().center());
  const std::string anchor = fromScene.nodeNearest(centre, /*segmentsOnly=*/true);
  const graph::Node* node = fromScene.model().node(anchor);
  if (!node) return;
  const comparison::SegmentMatch* m = comparison_->matchOf(fromLeft, node->segment);
  if (!m || m->counterparts.empty()) return;
  const QRectF there = toScene.nodeRect(nodeOf(m->counterparts.front()));
  if (there.isNull()) return;
  following_ = true;
  to->setTransform(from->transform());
  to->centerOn(there.center() + (centre - fromScene.nodeRect(anchor).center()));
  following_ = false;
}

void CompareView::markSegments(bool leftSide, const std::vector<int>& ids) {
  std::set<std::string> nodes;
  for (int id : ids) nodes.insert(nodeOf(id));
  (leftSide ? leftScene_ : rightScene_)->markPath(nodes, {}, {});
}

void CompareView::showSegment(bool leftSide, int id) {
  if (!comparison_) return;
  const comparison::SegmentMatch* m = comparison_->matchOf(leftSide, id);
  if (!m) return;
  GraphScene* here = leftSide ? leftScene_ : rightScene_;
  GraphScene* there = leftSide ? rightScene_ : leftScene_;
  GraphView* thereView = leftSide ? rightView_ : leftView_;
  here->markSelected(nodeOf(id));
  markSegments(leftSide, {id});
  markSegments(!leftSide, m->counterparts);
  QRectF box;
  for (int other : m->counterparts) box |= there->nodeRect(nodeOf(other));
  if (!box.isNull()) {
    following_ = true;
    thereView->reveal(box);
    following_ = false;
  }
}

void CompareView::showMatch(int index) {
  if (!comparison_ || index < 0 || index >= static_cast<int>(comparison_->matches.size())) return;
  const comparison::Match& m = comparison_->matches[static_cast<std::size_t>(index)];
  markSegments(true, m.left);
  markSegments(false, m.right);
  following_ = true;
  for (auto [scene, view, ids] :
       {std::tuple{leftScene_, leftView_, &m.left}, std::tuple{rightScene_, rightView_, &m.right}}) {
    QRectF box;
    for (int id : *ids) box |= scene->nodeRect(nodeOf(id));
    if (!box.isNull()) view->reveal(box);
  }
  following_ = false;
}

void CompareView::onPicked(bool leftSide, const Selection& selection) {
  const GraphScene& scene = leftSide ? *leftScene_ : *rightScene_;
  const graph::Node* node = scene.model().node(selection.nodeId);
  if (node && node->kind == graph::NodeKind::Segment && node->segment >= 0) showSegment(leftSide, node->segment);
}

void CompareView::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_Escape) {
    emit closeRequested();
    return;
  }
  QWidget::keyPressEvent(event);
}

}  // namespace segscope::ui
