// Building the two sides of a step diff.
#include "ui/panels/diff_view.h"

#include <QLabel>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

#include "graph/graph_builder.h"
#include "layout/step_export.h"
#include "trace/diff.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/layout_service.h"

namespace segscope::ui {
namespace {

const char* const kTextStyle =
    "body { font-family: 'DejaVu Sans Mono', monospace; font-size: 9pt; color: #212529; }"
    "div { white-space: pre; padding: 0 4px; }"
    ".added { background: #d3f9d8; } .removed { background: #ffe3e3; } .changed { background: #fff4e6; }"
    ".muted { color: #868e96; }";

// The fusion's printed IR with each line that a change touches colored.
QString coloredIr(const ir::Fusion& fusion, const std::map<std::string, const char*>& classOfExpr) {
  QString html = QString("<html><head><style>%1</style></head><body>").arg(kTextStyle);
  const std::string text = fusion.print();
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    const std::string line = text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    pos = nl == std::string::npos ? text.size() : nl + 1;
    const char* cls = "";
    for (const auto& [exprText, c] : classOfExpr)
      if (line.rfind("    " + exprText + "  ->", 0) == 0) cls = c;
    html += QString("<div class=\"%1\">%2</div>").arg(cls, QString::fromStdString(line).toHtmlEscaped());
  }
  return html + "</body></html>";
}

QString partitionText(const trace::Step& step, const Session::StepDiff& diff) {
  QString html = QString("<html><head><style>%1</style></head><body>").arg(kTextStyle);
  QStringList lines;
  if (diff.partition)
    lines = QString::fromStdString(diff.partition->toText(step.after->fusion.get())).split('\n', Qt::SkipEmptyParts);
  for (const QString& line : lines) {
    const char* cls = line.startsWith('+') ? "added" : line.startsWith('-') ? "removed" : "changed";
    html += QString("<div class=\"%1\">%2</div>").arg(cls, line.toHtmlEscaped());
  }
  // A step that renames groups (finalize's "number segments") moves no op: say so rather than
  // leave the pane blank, and show what the step's log says it renamed.
  if (lines.isEmpty()) {
    html += "<div class=\"muted\">No op changes group at this step.</div>";
    for (const std::string& line : step.log)
      html += QString("<div class=\"muted\">%1</div>").arg(QString::fromStdString(line).toHtmlEscaped());
  }
  return html + "</body></html>";
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
  auto* graphs = new QSplitter(Qt::Horizontal);
  graphs->addWidget(beforeView_);
  graphs->addWidget(afterView_);
  auto* texts = new QSplitter(Qt::Horizontal);
  texts->addWidget(beforeText_);
  texts->addWidget(afterText_);
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(graphs);
  split->addWidget(texts);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  split->setSizes({600, 400});  // the pictures first: they say at a glance what moved
  auto* box = new QVBoxLayout(this);
  box->setContentsMargins(0, 0, 0, 0);
  box->setSpacing(0);
  box->addWidget(caption_);
  box->addWidget(split, 1);
  const auto show = [](GraphScene* scene, GraphView* view) {
    return [scene, view](int, const graph::GraphModel& model, const layout::Geometry& geometry) {
      scene->setGraph(model, geometry);
      view->fitToView();
    };
  };
  connect(beforeLayout_, &LayoutService::ready, this, show(beforeScene_, beforeView_));
  connect(afterLayout_, &LayoutService::ready, this, show(afterScene_, afterView_));
  clear();
}

void DiffView::clear() {
  beforeScene_->clearGraph();
  afterScene_->clearGraph();
  beforeText_->clear();
  afterText_->clear();
  caption_->setText("<span style='color:#868e96'>Select a step to compare before and after.</span>");
}

bool DiffView::layoutsPending() const { return beforeLayout_->busy() || afterLayout_->busy(); }

QString DiffView::beforeText() const { return beforeText_->toPlainText(); }
QString DiffView::afterText() const { return afterText_->toPlainText(); }

// The texts below still show the whole change when the graphs are too big to lay out.
void DiffView::requestOrExplain(graph::GraphModel model, LayoutService& layout, GraphScene& scene) {
  if (model.nodes.size() <= kMaxLayoutNodes) {
    layout.request(std::move(model));
    return;
  }
  layout.cancel();
  scene.showPlaceholder(
      QString("%L1 nodes: too many to lay out here; the IR text below shows the change.").arg(model.nodes.size()));
}

void DiffView::showStep(const trace::Step& step) {
  if (!step.before || !step.after) {
    clear();
    caption_->setText(QString("<b>%1</b> — nothing to compare (no earlier picture)")
                          .arg(QString::fromStdString(step.name).toHtmlEscaped()));
    if (step.after) afterText_->setPlainText(QString::fromStdString(step.after->fusion->print()));
    return;
  }
  const graph::BuildOptions options = layout::stepDrawing(step);
  requestOrExplain(graph::buildStepGraph(step, graph::StepSide::Before, options), *beforeLayout_, *beforeScene_);
  requestOrExplain(graph::buildStepGraph(step, graph::StepSide::After, options), *afterLayout_, *afterScene_);

  // Diffs come from the session (computed once per step, shared with the Inspector).
  const std::shared_ptr<const Session::StepDiff> diff =
      session_ ? session_->diffOf(static_cast<std::size_t>(step.index)) : std::make_shared<const Session::StepDiff>();
  const bool fusionChanged = step.before->fusion != step.after->fusion;
  QString what = fusionChanged ? "IR changed" : (step.modified ? "groups changed" : "nothing changed");
  caption_->setText(QString("<b>before | after</b> step %1 · %2 — %3 &nbsp; "
                            "<span style='background:#d3f9d8'>&nbsp;added&nbsp;</span> "
                            "<span style='background:#ffe3e3'>&nbsp;removed&nbsp;</span> "
                            "<span style='background:#fff4e6'>&nbsp;changed&nbsp;</span>")
                        .arg(step.index)
                        .arg(QString::fromStdString(step.name).toHtmlEscaped(), what));
  if (!fusionChanged) {
    beforeText_->setHtml(partitionText(step, *diff));
    afterText_->setPlainText(QString::fromStdString(step.after->fusion->print()));
    return;
  }
  const trace::FusionDiff d = diff->fusion.value_or(trace::FusionDiff{});
  std::map<std::string, const char*> before, after;
  for (const trace::Change& c : d.exprs) {
    if (c.kind != trace::ChangeKind::Added)
      before[c.before] = c.kind == trace::ChangeKind::Removed ? "removed" : "changed";
    if (c.kind != trace::ChangeKind::Removed) after[c.after] = c.kind == trace::ChangeKind::Added ? "added" : "changed";
  }
  beforeText_->setHtml(coloredIr(*step.before->fusion, before));
  afterText_->setHtml(coloredIr(*step.after->fusion, after));
  // Start both texts at the first change rather than at the inputs.
  for (QTextBrowser* text : {beforeText_, afterText_}) {
    const QStringList lines = text->toPlainText().split('\n');
    const auto& marks = text == beforeText_ ? before : after;
    for (int i = 0; i < lines.size(); ++i)
      if (std::any_of(marks.begin(), marks.end(),
                      [&](const auto& m) { return lines[i].trimmed().startsWith(QString::fromStdString(m.first)); })) {
        QTextCursor c(text->document()->findBlockByNumber(std::max(0, i - 2)));
        text->setTextCursor(c);
        text->ensureCursorVisible();
        break;
      }
  }
}

}  // namespace segscope::ui
