// The Inspector dock: HTML pages built from plain engine data (steps, snapshots, GraphModel).
#include "ui/panels/inspector_view.h"

#include <QEvent>
#include <QLocale>
#include <QStringList>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

#include "ir/data_type.h"
#include "ir/expr.h"
#include "ir/fusion.h"
#include "ir/val.h"
#include "support/text.h"
#include "trace/diff.h"
#include "ui/appearance.h"
#include "ui/models/step_cursor.h"
#include "ui/step_text.h"

namespace segscope::ui {

namespace {

// Kept at namespace scope (not in the class) so moc never sees it. Muted palette: the page
// sits next to a colourful graph and should not compete with it.
const char* const kStyleSheet = R"css(
body { color: #263238; }
h2 { font-size: large; font-weight: 600; margin-top: 2px; margin-bottom: 2px; }
h3 { font-size: medium; font-weight: 600; color: #455a64; margin-top: 10px; margin-bottom: 3px; }
.muted { color: #78909c; }
.code { font-family: monospace; white-space: pre-wrap; }
pre { font-family: monospace; color: #37474f; background-color: #f5f7f8; margin: 2px; white-space: pre-wrap; }
td { padding-right: 10px; padding-top: 1px; padding-bottom: 1px; vertical-align: top; }
td.key { color: #607d8b; white-space: nowrap; }
td.scheduler { white-space: nowrap; }
th { text-align: left; color: #607d8b; font-weight: normal; padding-right: 10px; }
tr.accepted { background-color: #e8f5e9; }
.ok { color: #2e7d32; font-weight: 600; }
.no { color: #c62828; font-weight: 600; }
.refusal { color: #8e2420; background-color: #fbeaea; }
.pending { color: #5c3c00; background-color: #fff3bf; }
.accepted-note { color: #1b5e20; background-color: #e8f5e9; }
)css";

QString esc(const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); }
QString esc(std::string_view text) {
  return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())).toHtmlEscaped();
}
QString esc(const QString& text) { return text.toHtmlEscaped(); }

QString code(const QString& escapedText) { return QStringLiteral("<span class='code'>%1</span>").arg(escapedText); }
QString muted(const QString& escapedText) { return QStringLiteral("<span class='muted'>%1</span>").arg(escapedText); }

// A two-column key/value table; values are already HTML.
class KeyValues {
 public:
  KeyValues& add(const QString& key, const QString& valueHtml) {
    rows_ += QStringLiteral("<tr><td class='key'>%1</td><td>%2</td></tr>").arg(key.toHtmlEscaped(), valueHtml);
    return *this;
  }
  QString html() const { return QStringLiteral("<table cellspacing='0'>%1</table>").arg(rows_); }

 private:
  QString rows_;
};

QString section(const QString& title) { return QStringLiteral("<h3>%1</h3>").arg(title.toHtmlEscaped()); }
QString preformatted(const QString& text) { return QStringLiteral("<pre>%1</pre>").arg(text.toHtmlEscaped()); }

QString yesNo(bool value) { return value ? QStringLiteral("yes") : QStringLiteral("no"); }

// "1.5 MiB (1,572,864 bytes)": the unit the other views show, and the exact count.
QString formatBytes(std::int64_t bytes) {
  const QString exact = QLocale::c().toString(static_cast<qlonglong>(bytes)) + QStringLiteral(" bytes");
  if (bytes < 1024) return exact;
  return QString::fromStdString(support::bytesText(bytes)) + QStringLiteral(" (") + exact + u')';
}

const ir::Fusion* fusionOf(const trace::Step& step) {
  const trace::SnapshotPtr& snap = step.after ? step.after : step.before;
  return snap ? snap->fusion.get() : nullptr;
}

const trace::Partition* partitionOf(const trace::Step& step) {
  const trace::SnapshotPtr& snap = step.after ? step.after : step.before;
  return snap ? snap->partition.get() : nullptr;
}

QString shapeOf(const ir::Val& val) {
  if (const ir::TensorView* tv = val.asTensor()) return QString::fromStdString(tv->shapeString());
  return QStringLiteral("scalar");
}

// The graph's spelling ("bf16 [2048, 1000]"), so the page and the drawing read alike.
QString typeAndShape(const ir::Val& val) { return code(esc(ir::shortName(val.dtype())) + u' ' + esc(shapeOf(val))); }

// ---------------------------------------------------------------------------- step page

QString stepSummary(const trace::Step& step) {
  KeyValues kv;
  kv.add(QStringLiteral("Step"), QString::number(step.index));
  kv.add(QStringLiteral("Kind"), esc(trace::stepKindName(step.kind)));
  if (const std::string_view phase = trace::phaseName(step.phase); !phase.empty())
    kv.add(QStringLiteral("Phase"), esc(std::string(phase)));
  if (step.merge && step.merge->round >= 1) kv.add(QStringLiteral("Round"), QString::number(step.merge->round));
  kv.add(QStringLiteral("Changed"), step.skipped ? QStringLiteral("no (pass disabled)") : yesNo(step.modified));
  // Merge attempts are not timed one by one; a "0.000 ms" would read as a measurement.
  kv.add(QStringLiteral("Time"), step.milliseconds > 0 ? QStringLiteral("%1 ms").arg(step.milliseconds, 0, 'f', 3)
                                                       : muted(QStringLiteral("not timed")));
  // A merge step counts the exprs of its candidate union; the merge section says that better.
  if (!step.merge)
    kv.add(QStringLiteral("Exprs"), step.exprsBefore == step.exprsAfter
                                        ? QString::number(step.exprsAfter)
                                        : QStringLiteral("%1 → %2").arg(step.exprsBefore).arg(step.exprsAfter));
  return kv.html();
}

// One full-width block per distinct answer: the schedulers that gave it as the header (with
// their priority positions), the reason below at the dock's full width. Schedulers refusing
// for the same reason share one block ("reduction, resize, transpose, pointwise: T242 is a
// matmul…"), so five copies of one sentence become one.
QString verdictTable(const trace::MergeInfo& merge) {
  struct Answer {
    bool ok = false;
    std::string reason;
    QStringList schedulers, positions;
  };
  std::vector<Answer> answers;
  for (std::size_t i = 0; i < merge.verdicts.size(); ++i) {
    const trace::SchedulerCheck& v = merge.verdicts[i];
    auto it = std::find_if(answers.begin(), answers.end(),
                           [&](const Answer& a) { return a.ok == v.ok && a.reason == v.reason; });
    if (it == answers.end() || v.ok) it = answers.insert(answers.end(), Answer{v.ok, v.reason, {}, {}});
    it->schedulers << code(esc(v.scheduler));
    it->positions << QString::number(i + 1);
  }
  QString rows;
  for (const Answer& a : answers) {
    rows += QStringLiteral("<tr%1><td class='%2' width='16'>%3</td><td>%4 %5</td></tr>")
                .arg(a.ok ? QStringLiteral(" class='accepted'") : QString(),
                     a.ok ? QStringLiteral("ok") : QStringLiteral("no"),
                     a.ok ? QStringLiteral("✓") : QStringLiteral("✗"), a.schedulers.join(QStringLiteral(", ")),
                     muted(QStringLiteral("(#%1)").arg(a.positions.join(QStringLiteral(", #")))));
    rows += QStringLiteral("<tr><td></td><td class='reason'>%1</td></tr>")
                .arg(a.ok ? muted(QStringLiteral("accepts the union")) : esc(a.reason));
  }
  return QStringLiteral("<table cellspacing='0' cellpadding='2' width='100%'>%1</table>").arg(rows);
}

QString mergeSection(const trace::Step& step) {
  const trace::MergeInfo& merge = *step.merge;
  QString html;
  // The outcome first: a reader opens a merge step to learn why it went the way it did.
  if (!merge.ok()) {
    const QString why = merge.refusal.empty() ? QStringLiteral("No scheduler accepts the union")
                                              : QStringLiteral("Refused before any scheduler was asked: ") +
                                                    QString::fromStdString(merge.refusal);
    html += QStringLiteral("<p class='refusal'>✗ %1</p>").arg(esc(why));
  } else {
    QString note = QStringLiteral("✓ Accepted by ") + code(esc(merge.accepted));
    if (merge.result >= 0) note += QStringLiteral(" → group %1").arg(merge.result);
    html += QStringLiteral("<p class='accepted-note'>%1</p>").arg(note);
  }
  KeyValues kv;
  if (!merge.groups.empty()) kv.add(QStringLiteral("Candidate groups"), esc(mergeGroupsText(merge)));
  kv.add(QStringLiteral("Ops in the union"), QString::number(merge.exprs.size()));
  html += kv.html();
  if (!merge.verdicts.empty())
    html += section(QStringLiteral("Scheduler verdicts (priority order)")) + verdictTable(merge);
  return html;
}

QString changeSection(const trace::Step& step, const Session* session) {
  if (!session || !step.modified || !step.before || !step.after || step.before == step.after) return {};
  const auto diff = session->diffOf(static_cast<std::size_t>(step.index));
  QString html;
  if (step.kind == trace::StepKind::Pass && diff->fusion) {
    const trace::FusionDiff& d = *diff->fusion;
    if (!d.empty()) html += section(QStringLiteral("IR changes")) + preformatted(QString::fromStdString(d.toText()));
  }
  if (diff->partition) {
    const trace::PartitionDiff& d = *diff->partition;
    if (!d.empty())
      html += section(QStringLiteral("Regrouped")) +
              preformatted(QString::fromStdString(d.toText(step.after->fusion.get())));
  }
  return html;
}

QString logSection(const trace::Step& step) {
  if (step.logLines().empty()) return {};
  return section(QStringLiteral("Log")) + preformatted(stepLogText(step));
}

// ----------------------------------------------------------------------- selection pages

QString groupText(const trace::Partition* partition, int group) {
  if (group < 0) return muted(QStringLiteral("none"));
  QString text = QStringLiteral("group %1").arg(group);
  if (const trace::PartitionGroup* g = partition ? partition->group(group) : nullptr) {
    if (g->hostScalars()) return QStringLiteral("host scalars (not a segment of nvFuser's)");
    text += QStringLiteral(" · ") + code(esc(g->scheduler));
    if (g->host) text += QStringLiteral(" · host");
  }
  return text;
}

QString opPage(const trace::Step& step, const ir::Expr& expr, int sourceLine) {
  QString html = QStringLiteral("<h2>Op %1</h2>").arg(code(esc(expr.opName())));
  html += QStringLiteral("<pre>%1</pre>").arg(esc(expr.toString()));
  KeyValues kv;
  const int line = expr.loc().known() ? expr.loc().line : sourceLine;
  kv.add(QStringLiteral("Source"), line > 0 ? QStringLiteral("line %1").arg(line) : muted(QStringLiteral("unknown")));
  for (const ir::Val* out : expr.outputs())
    kv.add(QStringLiteral("Output ") + QString::fromStdString(out->name()), typeAndShape(*out));
  if (const trace::Partition* partition = partitionOf(step)) {
    const auto id = static_cast<std::size_t>(expr.id());
    const std::vector<int>& groupOfExpr = partition->groupOfExpr();
    const int group = id < groupOfExpr.size() ? groupOfExpr[id] : -1;
    kv.add(QStringLiteral("Group"), groupText(partition, group));
  } else {
    kv.add(QStringLiteral("Group"), muted(QStringLiteral("not segmented yet at this step")));
  }
  if (step.merge) {
    const bool candidate = std::ranges::find(step.merge->exprs, expr.id()) != step.merge->exprs.end();
    kv.add(QStringLiteral("In this merge"),
           candidate ? QStringLiteral("yes, part of the candidate set") : QStringLiteral("no"));
  }
  return html + kv.html();
}

QString valueRole(const ir::Fusion& fusion, const ir::Val& val) {
  if (fusion.isInput(&val)) return QStringLiteral("fusion input");
  if (fusion.isOutput(&val)) return QStringLiteral("fusion output");
  return QStringLiteral("intermediate");
}

QString valuePage(const ir::Fusion& fusion, const ir::Val& val) {
  QString html = QStringLiteral("<h2>%1 %2</h2>")
                     .arg(val.isTensor() ? QStringLiteral("Tensor") : QStringLiteral("Scalar"), code(esc(val.name())));
  KeyValues kv;
  kv.add(QStringLiteral("Role"), valueRole(fusion, val));
  kv.add(QStringLiteral("Type"), typeAndShape(val));
  if (val.loc().known()) kv.add(QStringLiteral("Source"), QStringLiteral("line %1").arg(val.loc().line));
  if (const ir::Expr* def = val.definition()) kv.add(QStringLiteral("Defined by"), code(esc(def->toString())));
  kv.add(QStringLiteral("Uses"), QString::number(val.uses().size()));
  return html + kv.html();
}

QString clusterPage(const trace::Step& step, const graph::GraphModel& model, int group) {
  const ir::Fusion* fusion = fusionOf(step);
  const auto cluster = std::ranges::find_if(model.clusters, [&](const graph::Cluster& c) { return c.group == group; });
  const trace::Partition* partition = partitionOf(step);
  const trace::PartitionGroup* pg = partition ? partition->group(group) : nullptr;
  QString html = pg && pg->hostScalars() ? QStringLiteral("<h2>Host scalars</h2>")
                                         : QStringLiteral("<h2>Group %1</h2>").arg(group);
  KeyValues kv;
  // The group's ops from the step's partition, not from the drawing: a collapsed segment
  // draws none of them.
  QStringList ops;
  int opCount = 0;
  constexpr int kListed = 300;
  if (fusion && partition) {
    const std::vector<int>& groupOfExpr = partition->groupOfExpr();
    for (const ir::Expr* e : fusion->exprs()) {
      const auto id = static_cast<std::size_t>(e->id());
      if (id >= groupOfExpr.size() || groupOfExpr[id] != group) continue;
      if (++opCount <= kListed) ops << QString::fromStdString(e->toString());
    }
  } else {
    for (const graph::Node& node : model.nodes)
      if (node.kind == graph::NodeKind::Op && node.group == group && ++opCount <= kListed)
        ops << QString::fromStdString(node.label);
  }
  if (opCount > kListed) ops << QStringLiteral("… and %L1 more").arg(opCount - kListed);
  if (cluster != model.clusters.end()) {
    kv.add(QStringLiteral("Scheduler"), code(esc(cluster->scheduler)));
    kv.add(QStringLiteral("Runs on"), cluster->host ? QStringLiteral("host") : QStringLiteral("device"));
    kv.add(QStringLiteral("Ops"), QString::number(std::max(cluster->opCount, opCount)));
  } else {
    kv.add(QStringLiteral("Group"), groupText(partition, group));
    kv.add(QStringLiteral("Ops"), QString::number(opCount));
  }
  html += kv.html();
  if (!ops.isEmpty()) html += section(QStringLiteral("Ops")) + preformatted(ops.join(u'\n'));
  return html;
}

const graph::Edge* findEdge(const graph::GraphModel& model, const std::string& id) {
  const std::size_t arrow = id.find('>');
  if (arrow == std::string::npos) return nullptr;
  const std::string from = id.substr(0, arrow);
  const std::string to = id.substr(arrow + 1);
  const auto it = std::ranges::find_if(model.edges, [&](const graph::Edge& e) { return e.from == from && e.to == to; });
  return it == model.edges.end() ? nullptr : &*it;
}

QString nodeName(const graph::GraphModel& model, const std::string& id) {
  const graph::Node* node = model.node(id);
  return node ? QString::fromStdString(node->label) : QString::fromStdString(id);
}

QString edgePage(const trace::Step& step, const graph::GraphModel& model, const Selection& selection) {
  const graph::Edge* edge = findEdge(model, selection.nodeId);
  const int valId = edge ? edge->valId : selection.valId;
  const ir::Fusion* fusion = fusionOf(step);
  const ir::Val* val = fusion && valId >= 0 ? fusion->valById(valId) : nullptr;
  QString html = QStringLiteral("<h2>Edge %1</h2>").arg(val ? code(esc(val->name())) : QString());
  KeyValues kv;
  if (edge) {
    kv.add(QStringLiteral("From"), code(esc(nodeName(model, edge->from))));
    kv.add(QStringLiteral("To"), code(esc(nodeName(model, edge->to))));
  }
  if (val) kv.add(QStringLiteral("Value"), typeAndShape(*val));
  if (edge) {
    kv.add(QStringLiteral("Bytes"), formatBytes(edge->bytes));
    kv.add(QStringLiteral("Crosses groups"), yesNo(edge->crossesClusters));
  }
  return html + kv.html();
}

QString nodePage(const trace::Step& step, const graph::GraphModel& model, const Selection& selection) {
  const graph::Node* node = model.node(selection.nodeId);
  if (node && node->kind == graph::NodeKind::Segment) return clusterPage(step, model, node->segment);
  const ir::Fusion* fusion = fusionOf(step);
  const int exprId = selection.exprId >= 0 ? selection.exprId : (node ? node->exprId : -1);
  const int valId = selection.valId >= 0 ? selection.valId : (node ? node->valId : -1);
  const int line = selection.sourceLine > 0 ? selection.sourceLine : (node ? node->sourceLine : 0);
  if (fusion && exprId >= 0)
    if (const ir::Expr* expr = fusion->exprById(exprId)) return opPage(step, *expr, line);
  if (fusion && valId >= 0)
    if (const ir::Val* val = fusion->valById(valId)) return valuePage(*fusion, *val);
  const QString label = node ? QString::fromStdString(node->tooltip.empty() ? node->label : node->tooltip)
                             : QString::fromStdString(selection.nodeId);
  return QStringLiteral("<h2>Node</h2>") + preformatted(label);
}

}  // namespace

InspectorView::InspectorView(QWidget* parent) : QWidget(parent) {
  browser_ = new QTextBrowser(this);
  browser_->setOpenLinks(false);
  browser_->document()->setDocumentMargin(8);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(browser_);
  clear();
}

void InspectorView::clear() { showHtml(muted(QStringLiteral("Select a step or a node."))); }

void InspectorView::showHtml(const QString& body) {
  body_ = body;
  const QString note = pictureNote_.isEmpty()
                           ? QString()
                           : QStringLiteral("<p class='pending'>%1</p>").arg(esc(pictureNote_.toStdString()));
  browser_->document()->setDefaultStyleSheet(themedCss(QString::fromUtf8(kStyleSheet)));  // the theme may change
  browser_->setHtml(QStringLiteral("<html><body>%1%2</body></html>").arg(note, body));
}

void InspectorView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) refreshTheme();
  QWidget::changeEvent(event);
}

void InspectorView::setPictureNote(const QString& note) {
  if (note == pictureNote_) return;
  pictureNote_ = note;
  showHtml(body_);
}

QString InspectorView::plainText() const { return browser_->toPlainText(); }

namespace {

// What the nvFuser log says of this step: the candidate (or pass) it lines up with, nvFuser's
// answers scheduler by scheduler with their reason classes, and where the two sides part.
QString nvFuserSection(const trace::Step& step, const comparison::LogComparison* c) {
  if (!c) return {};
  const comparison::Divergence& d = c->divergence;
  for (std::size_t i = 0; i < d.candidates.size(); ++i) {
    const comparison::CandidateMatch& m = d.candidates[i];
    if (m.step != step.index) continue;
    QString html = section(QStringLiteral("nvFuser's log (line %1)").arg(m.line));
    const bool first = static_cast<int>(i) == d.firstCandidate;
    html +=
        QStringLiteral("<p class='%1'>%2 nvFuser %3%4</p>")
            .arg(m.agree() ? QStringLiteral("accepted-note") : QStringLiteral("refusal"),
                 m.agree() ? QStringLiteral("✓") : QStringLiteral("✗"), esc(comparison::verdictPhrase(m.theirVerdict)),
                 m.agree() ? QStringLiteral(", as Segscope did")
                           : "; Segscope " + esc(comparison::verdictPhrase(m.ourVerdict)));
    if (first) html += QStringLiteral("<p><b>This is the first divergence.</b></p>");
    if (!m.firstDifferentScheduler.empty())
      html += QStringLiteral("<p>They first differ at %1.</p>").arg(code(esc(m.firstDifferentScheduler)));
    QString rows;
    for (const comparison::SchedulerAnswer& a : m.theirs)
      rows +=
          QStringLiteral("<tr%1><td class='%2' width='16'>%3</td><td>%4 %5</td></tr>")
              .arg(a.ok ? QStringLiteral(" class='accepted'") : QString(),
                   a.ok ? QStringLiteral("ok") : QStringLiteral("no"), a.ok ? QStringLiteral("✓") : QStringLiteral("✗"),
                   code(esc(a.scheduler)), a.ok ? QString() : muted("[" + esc(a.reasonClass) + "]")) +
          (a.ok ? QString() : QStringLiteral("<tr><td></td><td class='reason'>%1</td></tr>").arg(esc(a.reason)));
    return html + QStringLiteral("<table cellspacing='0' cellpadding='2' width='100%'>%1</table>").arg(rows);
  }
  for (std::size_t i = 0; i < d.passes.size(); ++i) {
    const comparison::PassMatch& p = d.passes[i];
    if (p.step != step.index || !p.theirsKnown) continue;
    return section(QStringLiteral("nvFuser's log (line %1)").arg(p.line)) +
           QStringLiteral("<p class='%1'>%2 nvFuser's %3 %4%5</p>")
               .arg(p.agree() ? QStringLiteral("accepted-note") : QStringLiteral("refusal"),
                    p.agree() ? QStringLiteral("✓") : QStringLiteral("✗"), code(esc(p.theirs)),
                    p.theirsChanged ? QStringLiteral("changed the fusion (%1 → %2 exprs)")
                                          .arg(p.theirExprsBefore)
                                          .arg(p.theirExprsAfter)
                                    : QStringLiteral("changed nothing"),
                    static_cast<int>(i) == d.firstPass ? QStringLiteral(" — the first divergence") : QString());
  }
  return {};
}

}  // namespace

void InspectorView::showStep(const trace::Step& step) {
  QString html = QStringLiteral("<h2>%1</h2>").arg(esc(step.name));
  html += stepSummary(step);
  // Where nvFuser decided otherwise, its answers come first: that is what the reader came for.
  const QString nvFuser = nvFuserSection(step, comparison_.get());
  const bool disagrees = nvFuser.contains(QStringLiteral("class='refusal'"));
  if (disagrees) html += nvFuser;
  if (step.merge) html += mergeSection(step);
  if (!disagrees) html += nvFuser;
  html += changeSection(step, session_.get());
  html += logSection(step);
  showHtml(html);
}

void InspectorView::showSelection(const trace::Step& step, const graph::GraphModel& model, const Selection& selection) {
  QString html;
  switch (selection.kind) {
    case Selection::Kind::None: showStep(step); return;
    case Selection::Kind::Node: html = nodePage(step, model, selection); break;
    case Selection::Kind::Cluster: html = clusterPage(step, model, selection.group); break;
    case Selection::Kind::Edge: html = edgePage(step, model, selection); break;
  }
  html += QStringLiteral("<p class='muted'>at step %1 · %2</p>").arg(step.index).arg(esc(step.name));
  showHtml(html);
}

void InspectorView::follow(const StepCursor& cursor) {
  connect(&cursor, &StepCursor::sessionChanged, this, [this, &cursor] { setSession(cursor.session()); });
  const auto showCurrentStep = [this, &cursor] {
    if (const trace::Step* s = cursor.step()) showStep(*s);
  };
  connect(&cursor, &StepCursor::stepChanged, this, showCurrentStep);
  connect(&cursor, &StepCursor::selectionChanged, this, [this, &cursor] {
    if (const trace::Step* s = cursor.step(); s && cursor.picture())
      showSelection(*s, *cursor.picture(), cursor.selection());
  });
  connect(&cursor, &StepCursor::pictureNoteChanged, this, [this, &cursor] { setPictureNote(cursor.pictureNote()); });
  connect(&cursor, &StepCursor::logComparisonChanged, this, [this, &cursor, showCurrentStep] {
    setLogComparison(cursor.logComparison());
    showCurrentStep();
  });
}

}  // namespace segscope::ui
