// Building the two sides of a step diff and keeping them in step with each other.
#include "ui/panels/diff_view.h"

#include <QAbstractTextDocumentLayout>
#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <map>
#include <set>

#include "graph/graph_builder.h"
#include "layout/step_export.h"
#include "trace/diff.h"
#include "ui/appearance.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/layout_service.h"
#include "ui/models/step_cursor.h"

namespace segscope::ui {
namespace {

// The printouts' colours, in the theme's version of the added/removed/changed palette.
QString textStyle() {
  const auto fill = [](const char* hex) { return themedFill(QColor(hex)).name(); };
  return QString(
             "body { font-family: 'DejaVu Sans Mono', monospace; font-size: 9pt; color: %1; }"
             "div { white-space: pre; padding: 0 4px; }"
             ".added { background: %2; } .removed { background: %3; } .changed { background: %4; }"
             ".filler { background: %5; } .muted { color: #868e96; } .why { color: #e8590c; }")
      .arg(themedInk(QColor("#212529")).name(), fill("#d3f9d8"), fill("#ffe3e3"), fill("#fff4e6"), fill("#f1f3f5"));
}

const char* rowClass(trace::RowKind kind) {
  switch (kind) {
    case trace::RowKind::Added: return "added";
    case trace::RowKind::Removed: return "removed";
    case trace::RowKind::Changed: return "changed";
    case trace::RowKind::Same: break;
  }
  return "";
}

// Why each changed line changed, by printout key: an op's own change, or the shape or dtype of
// the value it defines (a pass that maps extents changes no op, only the printed types).
std::map<std::string, std::string> reasonsByKey(const trace::FusionDiff& diff, const ir::Fusion& after) {
  std::map<std::string, std::string> reasons;
  const auto add = [&](const std::string& key, const std::string& why) {
    std::string& r = reasons[key];
    r += (r.empty() ? "" : "; ") + why;
  };
  for (const trace::Change& c : diff.exprs)
    if (c.kind == trace::ChangeKind::Changed && !c.reason.empty()) add("e" + std::to_string(c.id), c.reason);
  for (const trace::Change& c : diff.vals) {
    if (c.kind != trace::ChangeKind::Changed) continue;
    const ir::Val* v = after.valById(c.id);
    if (v && v->definition())
      add("e" + std::to_string(v->definition()->id()), v->name() + " " + c.reason);
    else
      add("v" + std::to_string(c.id), c.reason);
  }
  return reasons;
}

// A merge step moves ops between groups without changing them: a row is a change when its op
// changed group, not when the group was only renumbered.
void markRegrouped(std::vector<trace::AlignedRow>& rows, const trace::PartitionDiff& diff) {
  std::set<std::string> moved;
  for (const trace::RegroupedExpr& r : diff.regrouped) moved.insert("e" + std::to_string(r.expr));
  for (trace::AlignedRow& row : rows)
    if (row.kind == trace::RowKind::Same || row.kind == trace::RowKind::Changed)
      row.kind = moved.count(row.key) ? trace::RowKind::Changed : trace::RowKind::Same;
}

QString htmlLine(const char* cls, const std::string& text, const std::string& why = {}) {
  QString line = QString::fromStdString(text).toHtmlEscaped();
  if (!why.empty())
    line += QString("<span class=\"why\">   ‹%1›</span>").arg(QString::fromStdString(why).toHtmlEscaped());
  return QString("<div class=\"%1\">%2</div>").arg(cls, line.isEmpty() ? "&nbsp;" : line);
}

GraphView* makeView(GraphScene* scene, QWidget* parent) {
  auto* view = new GraphView(parent);
  view->setScene(scene);
  return view;
}

}  // namespace

DiffView::DiffView(QWidget* parent)
    : QWidget(parent),
      caption_(new QLabel(this)),
      fullWindow_(new QToolButton(this)),
      beforeScene_(new GraphScene(this)),
      afterScene_(new GraphScene(this)),
      beforeView_(makeView(beforeScene_, this)),
      afterView_(makeView(afterScene_, this)),
      beforeText_(new QTextBrowser(this)),
      afterText_(new QTextBrowser(this)),
      beforeLayout_(new LayoutService(this)),
      afterLayout_(new LayoutService(this)) {
  caption_->setTextFormat(Qt::RichText);
  caption_->setContentsMargins(6, 4, 6, 4);
  fullWindow_->setText("Full window");
  fullWindow_->setCheckable(true);
  fullWindow_->setToolTip("Let the diff take the whole window (Ctrl+D)");
  fullWindow_->setAutoRaise(true);
  connect(fullWindow_, &QToolButton::toggled, this, &DiffView::fullWindowToggled);
  auto* header = new QHBoxLayout;
  header->setContentsMargins(0, 0, 4, 0);
  header->addWidget(caption_, 1);
  header->addWidget(fullWindow_);

  auto* graphs = new QSplitter(Qt::Horizontal);
  graphs->addWidget(beforeView_);
  graphs->addWidget(afterView_);
  auto* texts = new QSplitter(Qt::Horizontal);
  texts->addWidget(beforeText_);
  texts->addWidget(afterText_);
  for (QTextBrowser* text : {beforeText_, afterText_}) text->setLineWrapMode(QTextEdit::NoWrap);
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(graphs);
  split->addWidget(texts);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  split->setSizes({600, 400});  // the pictures first: they say at a glance what moved
  auto* box = new QVBoxLayout(this);
  box->setContentsMargins(0, 0, 0, 0);
  box->setSpacing(0);
  box->addLayout(header);
  box->addWidget(split, 1);

  // The two printouts have the same rows, so one scroll position serves both.
  for (auto [a, b] : {std::pair{beforeText_, afterText_}, std::pair{afterText_, beforeText_}}) {
    connect(a->verticalScrollBar(), &QScrollBar::valueChanged, b->verticalScrollBar(), &QScrollBar::setValue);
    connect(a->horizontalScrollBar(), &QScrollBar::valueChanged, b->horizontalScrollBar(), &QScrollBar::setValue);
  }
  // The two pictures follow each other's zoom and pan, anchored on a node both show.
  for (const auto& pair : {std::pair{beforeView_, afterView_}, std::pair{afterView_, beforeView_}}) {
    GraphView* a = pair.first;  // named, not bound: a lambda cannot capture a structured binding (clang 14)
    GraphView* b = pair.second;
    const auto follower = [this, a, b] { matchView(a, b); };
    connect(a, &GraphView::zoomChanged, this, follower);
    connect(a->horizontalScrollBar(), &QScrollBar::valueChanged, this, follower);
    connect(a->verticalScrollBar(), &QScrollBar::valueChanged, this, follower);
    a->viewport()->installEventFilter(this);
  }
  const auto show = [this](GraphScene* scene, bool& ready) {
    return [this, scene, &ready](int, graph::GraphModel& model, layout::Geometry& geometry) {
      scene->setGraph(std::move(model), std::move(geometry));
      ready = true;
      pictureReady();
    };
  };
  connect(beforeLayout_, &LayoutService::ready, this, show(beforeScene_, beforeReady_));
  connect(afterLayout_, &LayoutService::ready, this, show(afterScene_, afterReady_));
  clear();
}

// QWidget deletes the children (the two views and their scroll bars) after this object's own part
// is gone, and their signals would still reach matchView(): cut them first (UBSan caught the call).
DiffView::~DiffView() {
  for (GraphView* v : {beforeView_, afterView_}) {
    disconnect(v, nullptr, this, nullptr);
    disconnect(v->horizontalScrollBar(), nullptr, this, nullptr);
    disconnect(v->verticalScrollBar(), nullptr, this, nullptr);
  }
}

void DiffView::clear() {
  beforeScene_->clearGraph();
  afterScene_->clearGraph();
  beforeText_->clear();
  afterText_->clear();
  rows_.clear();
  firstChange_ = 0;
  noteRows_ = 0;
  caption_->setText("<span style='color:#868e96'>Select a step to compare before and after.</span>");
}

void DiffView::setFullWindow(bool on) {
  const QSignalBlocker quiet(fullWindow_);
  fullWindow_->setChecked(on);
}

bool DiffView::layoutsPending() const { return beforeLayout_->busy() || afterLayout_->busy(); }

QString DiffView::beforeText() const { return beforeText_->toPlainText(); }
QString DiffView::afterText() const { return afterText_->toPlainText(); }

int DiffView::topVisibleRow(bool after) const {
  const QTextBrowser* text = after ? afterText_ : beforeText_;
  return text->cursorForPosition(QPoint(2, 2)).blockNumber() - noteRows_;
}

// The texts below still show the whole change when the graphs are too big to lay out.
void DiffView::requestOrExplain(graph::GraphModel model, LayoutService& layout, GraphScene& scene, bool& ready) {
  if (model.nodes.size() <= kMaxLayoutNodes) {
    layout.request(std::move(model));
    return;
  }
  layout.cancel();
  scene.showPlaceholder(
      QString("%L1 nodes: too many to lay out here; the IR text below shows the change.").arg(model.nodes.size()));
  ready = true;
}

void DiffView::pictureReady() {
  if (beforeReady_ && afterReady_) {
    focusFirstChange();
    return;
  }
  (beforeReady_ ? beforeView_ : afterView_)->fitToView();  // until the other side arrives
}

// Both pictures open on what changed: the side that shows the change is fitted to it (the
// whole picture when it is small enough to read), and the other side follows.
void DiffView::focusFirstChange() {
  const bool afterShowsIt = !afterScene_->highlightedRect().isEmpty();
  GraphView* lead = afterShowsIt ? afterView_ : beforeView_;
  GraphScene* leadScene = afterShowsIt ? afterScene_ : beforeScene_;
  const QRectF changed = leadScene->highlightedRect();
  lead->fitToView();
  if (!changed.isEmpty() && lead->zoom() < 0.6) lead->focusOn(changed);
  matchView(lead, lead == afterView_ ? beforeView_ : afterView_);
}

void DiffView::matchView(GraphView* from, GraphView* to) {
  if (following_) return;
  const GraphScene& fromScene = from == afterView_ ? *afterScene_ : *beforeScene_;
  const GraphScene& toScene = to == afterView_ ? *afterScene_ : *beforeScene_;
  if (fromScene.model().nodes.empty() || toScene.model().nodes.empty()) return;
  following_ = true;
  const QPointF centre = from->mapToScene(from->viewport()->rect().center());
  QPointF target = centre;
  const std::string anchor = fromScene.nodeNearest(centre);
  const QRectF there = toScene.nodeRect(anchor);
  if (!anchor.empty() && !there.isNull()) target = there.center() + (centre - fromScene.nodeRect(anchor).center());
  to->setTransform(from->transform());
  to->centerOn(target);
  following_ = false;
}

bool DiffView::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Wheel || event->type() == QEvent::MouseButtonPress) userMoved_ = true;
  return QWidget::eventFilter(watched, event);
}

void DiffView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (!userMoved_ && beforeReady_ && afterReady_) focusFirstChange();
}

void DiffView::scrollTextsTo(int row) {
  const QTextBlock block = beforeText_->document()->findBlockByNumber(std::max(0, row));
  if (!block.isValid()) return;
  const QRectF box = beforeText_->document()->documentLayout()->blockBoundingRect(block);
  beforeText_->verticalScrollBar()->setValue(static_cast<int>(box.top()));
  afterText_->verticalScrollBar()->setValue(static_cast<int>(box.top()));
}

// Both printouts, row for row; `notes` (what a step that moves no op did) go above them.
void DiffView::showRows(const trace::Step& step, const Session::StepDiff& diff, const std::vector<std::string>& notes) {
  std::map<std::string, std::string> reasons;
  if (diff.fusion) reasons = reasonsByKey(*diff.fusion, *step.after->fusion);
  QString before = QString("<html><head><style>%1</style></head><body>").arg(textStyle());
  QString after = before;
  for (const std::string& note : notes) {
    before += htmlLine("muted", note);
    after += htmlLine("filler", "");
  }
  noteRows_ = static_cast<int>(notes.size());
  firstChange_ = -1;
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const trace::AlignedRow& r = rows_[i];
    const char* cls = rowClass(r.kind);
    if (r.kind != trace::RowKind::Same && firstChange_ < 0) firstChange_ = static_cast<int>(i);
    before += htmlLine(r.kind == trace::RowKind::Added ? "filler" : cls, r.before);
    const auto why = reasons.find(r.key);
    after += htmlLine(r.kind == trace::RowKind::Removed ? "filler" : cls, r.after,
                      r.kind == trace::RowKind::Changed && why != reasons.end() ? why->second : std::string());
  }
  beforeText_->setHtml(before + "</body></html>");
  afterText_->setHtml(after + "</body></html>");
  if (firstChange_ < 0) firstChange_ = 0;
  scrollTextsTo(firstChange_ > 3 ? noteRows_ + firstChange_ - 3 : 0);
}

void DiffView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) refreshTheme();
  QWidget::changeEvent(event);
}

void DiffView::refreshTheme() {
  for (GraphScene* scene : {beforeScene_, afterScene_}) scene->setBackgroundBrush(canvasColor());
  showCursorStep();
}

void DiffView::follow(const StepCursor& cursor) {
  cursor_ = &cursor;
  connect(&cursor, &StepCursor::sessionChanged, this, [this, &cursor] { setSession(cursor.session()); });
  connect(&cursor, &StepCursor::stepChanged, this, [this] {
    if (onScreen()) showCursorStep();
  });
  if (auto* dock = qobject_cast<QDockWidget*>(parentWidget()))
    connect(dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
      if (visible) showCursorStep();
    });
}

// A dock tabbed behind another reports isVisible(): only the front tab has a visible region.
bool DiffView::onScreen() const { return isVisible() && !visibleRegion().isEmpty(); }

void DiffView::showCursorStep() {
  if (const trace::Step* s = cursor_ ? cursor_->step() : nullptr) showStep(*s);
}

QColor DiffView::canvasColorShown() const { return afterScene_->backgroundBrush().color(); }

void DiffView::showStep(const trace::Step& step) {
  beforeReady_ = afterReady_ = false;
  userMoved_ = false;
  if (!step.before || !step.after) {
    clear();
    caption_->setText(QString("<b>%1</b> — nothing to compare (no earlier picture)")
                          .arg(QString::fromStdString(step.name).toHtmlEscaped()));
    if (step.after) afterText_->setPlainText(QString::fromStdString(step.after->fusion->print()));
    return;
  }
  const graph::BuildOptions options = layout::stepDrawing(step);
  // The step's diff, once, for both pictures and the printouts (a saved trace's too).
  const std::shared_ptr<const Session::StepDiff> diff =
      session_ ? session_->diffOf(static_cast<std::size_t>(step.index))
               : std::make_shared<const Session::StepDiff>(trace::diffOf(step));
  requestOrExplain(graph::buildStepGraph(step, graph::StepSide::Before, options, diff.get()), *beforeLayout_,
                   *beforeScene_, beforeReady_);
  requestOrExplain(graph::buildStepGraph(step, graph::StepSide::After, options, diff.get()), *afterLayout_,
                   *afterScene_, afterReady_);

  const bool fusionChanged = step.before->fusion != step.after->fusion;
  const QString what = fusionChanged ? "IR changed" : (step.modified ? "groups changed" : "nothing changed");
  const auto swatch = [](const char* hex, const char* word) {
    return QString("<span style='background:%1'>&nbsp;%2&nbsp;</span>").arg(themedFill(QColor(hex)).name(), word);
  };
  caption_->setText(QString("<b>before | after</b> step %1 · %2 — %3 &nbsp; %4 %5 %6")
                        .arg(step.index)
                        .arg(QString::fromStdString(step.name).toHtmlEscaped(), what, swatch("#d3f9d8", "added"),
                             swatch("#ffe3e3", "removed"), swatch("#fff4e6", "changed")));
  std::vector<std::string> notes;
  if (fusionChanged) {
    rows_ = trace::alignPrintouts(step.before->fusion->printedLines(), step.after->fusion->printedLines());
  } else {
    // Same IR: the rows carry each op's group, and the ops that changed group are marked.
    rows_ = trace::alignPrintouts(trace::printedWithGroups(*step.before->fusion, step.before->partition.get()),
                                  trace::printedWithGroups(*step.after->fusion, step.after->partition.get()));
    if (diff->partition) markRegrouped(rows_, *diff->partition);
    if (!diff->partition || diff->partition->regrouped.empty()) {
      // A step that renames groups (finalize's "number segments") moves no op: say so, with
      // what the step's log says it renamed.
      notes.push_back("No op changes group at this step.");
      const std::vector<std::string> log = step.logLines();
      notes.insert(notes.end(), log.begin(), log.end());
    }
  }
  showRows(step, *diff, notes);
}

}  // namespace segscope::ui
