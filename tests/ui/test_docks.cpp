// The four docks (Timeline, Merge log, Inspector, Source) on real traces of the samples:
// every step listed once, filters, signals on user input only, verdict reasons, source lines.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTreeView>
#include <QTreeWidget>

#include <QTextBlock>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "graph/graph_builder.h"
#include "ir/expr.h"
#include "pipeline/pipeline.h"
#include "pipeline/segment_overview.h"
#include "test_files.h"
#include "trace/diff.h"
#include "ui/models/step_cursor.h"
#include "ui/panels/inspector_view.h"
#include "ui/panels/merge_log_view.h"
#include "ui/panels/segments_view.h"
#include "ui/panels/source_view.h"
#include "ui/panels/timeline_view.h"

using namespace segscope;
using segscope::ui::SessionPtr;

namespace {

SessionPtr sessionFor(const QString& path) {
  auto result = pipeline::runPipelineOnFile(path.toStdString(), {});
  auto* session = std::get_if<pipeline::Session>(&result);
  if (!session) return nullptr;
  return std::make_shared<const pipeline::Session>(std::move(*session));
}

QString samplePath(const char* name) { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + name; }

void collectSteps(const QAbstractItemModel& model, const QModelIndex& parent, std::vector<int>& steps) {
  for (int row = 0; row < model.rowCount(parent); ++row) {
    const QModelIndex index = model.index(row, 0, parent);
    const int step = index.data(ui::TimelineView::StepIndexRole).toInt();
    if (step >= 0) steps.push_back(step);
    collectSteps(model, index, steps);
  }
}

/// The step indices the timeline shows, in tree order.
std::vector<int> visibleSteps(const ui::TimelineView& view) {
  std::vector<int> steps;
  collectSteps(*view.tree()->model(), {}, steps);
  return steps;
}

QModelIndex timelineRowOf(const ui::TimelineView& view, int step, const QModelIndex& parent = {}) {
  const QAbstractItemModel& model = *view.tree()->model();
  for (int row = 0; row < model.rowCount(parent); ++row) {
    const QModelIndex index = model.index(row, 0, parent);
    if (index.data(ui::TimelineView::StepIndexRole).toInt() == step) return index;
    if (const QModelIndex below = timelineRowOf(view, step, index); below.isValid()) return below;
  }
  return {};
}

int stepOfTableRow(const ui::MergeLogView& view, int row) {
  return view.table()->model()->index(row, ui::MergeLogView::StepColumn).data().toInt();
}

const trace::Step* firstStep(const trace::Trace& trace, const std::function<bool(const trace::Step&)>& pred) {
  for (const trace::Step& s : trace.steps())
    if (pred(s)) return &s;
  return nullptr;
}

bool isAcceptedMerge(const trace::Step& s) { return s.merge && s.merge->ok(); }

}  // namespace

class TestDocks : public QObject {
  Q_OBJECT

  SessionPtr crossEntropy_;

 private slots:
  void initTestCase() {
    crossEntropy_ = sessionFor(samplePath("cross_entropy.py"));
    QVERIFY(crossEntropy_);
    QVERIFY(crossEntropy_->trace->size() > 20);
  }

  // ------------------------------------------------------------------------- segments

  // One row per segment with its scheduler, ops and bytes; the summary line counts them per
  // scheduler; a click on a row asks for that segment; times fill in after a run.
  void segmentsPanelListsTheFinalSegmentation() {
    ui::SegmentsView view;
    const pipeline::Overview overview = pipeline::overviewOf(*crossEntropy_);
    view.setOverview(overview);
    QCOMPARE(view.tree()->topLevelItemCount(), static_cast<int>(overview.segments.size()));
    QCOMPARE(view.summaryText(), QString::fromStdString(pipeline::overviewSummary(overview)));
    QVERIFY(view.summaryText().startsWith(QString("%1 segments: ").arg(overview.segments.size())));
    for (int row = 0; row < view.tree()->topLevelItemCount(); ++row) {
      const QTreeWidgetItem* item = view.tree()->topLevelItem(row);
      const pipeline::SegmentOverview& s = overview.segments[static_cast<std::size_t>(row)];
      QCOMPARE(item->text(ui::SegmentsView::IdColumn).toInt(), s.id);
      QVERIFY(item->text(ui::SegmentsView::SchedulerColumn).startsWith(QString::fromStdString(s.scheduler)));
      QCOMPARE(item->text(ui::SegmentsView::OpsColumn).toInt(), s.ops);
      QVERIFY(!item->icon(ui::SegmentsView::SchedulerColumn).isNull());
    }
    view.resize(600, 300);
    view.show();
    QSignalSpy asked(&view, &ui::SegmentsView::segmentActivated);
    QTreeWidgetItem* last = view.tree()->topLevelItem(view.tree()->topLevelItemCount() - 1);
    QTest::mouseClick(view.tree()->viewport(), Qt::LeftButton, {}, view.tree()->visualItemRect(last).center());
    QCOMPARE(asked.count(), 1);
    QCOMPARE(asked.at(0).at(0).toInt(), overview.segments.back().id);
    view.setTimes({{overview.segments.back().id, "12.50 µs"}});
    QCOMPARE(last->text(ui::SegmentsView::TimeColumn), QString("12.50 µs"));
    QCOMPARE(last->data(ui::SegmentsView::TimeColumn, Qt::UserRole).toDouble(), 0.0125);
  }

  // ------------------------------------------------------------------------- timeline

  void timelineListsEveryStepExactlyOnce() {
    QVERIFY(testing::sampleFiles().size() >= 10);
    for (const QString& file : testing::sampleFiles()) {
      const SessionPtr session = sessionFor(file);
      QVERIFY2(session, qPrintable(file));
      ui::TimelineView view;
      view.setSession(session);
      std::vector<int> steps = visibleSteps(view);
      QCOMPARE(steps.size(), session->trace->size());
      std::ranges::sort(steps);
      for (std::size_t i = 0; i < steps.size(); ++i) QCOMPARE(steps[i], static_cast<int>(i));
    }
  }

  void timelineGroupsTheSegmenterByPhaseAndRound() {
    ui::TimelineView view;
    view.setSession(crossEntropy_);
    const QAbstractItemModel& model = *view.tree()->model();
    QStringList top;
    for (int row = 0; row < model.rowCount(); ++row) top << model.index(row, 0).data().toString();
    QCOMPARE(top, (QStringList{"Load", "Passes", "Segmenter", "Finalize"}));
    const QModelIndex segmenter = model.index(2, 0);
    QStringList phases;
    for (int row = 0; row < model.rowCount(segmenter); ++row)
      phases << model.index(row, 0, segmenter).data().toString();
    QVERIFY2(phases.contains("herrmann_merge") && phases.contains("final_merge"), qPrintable(phases.join(", ")));
    QVERIFY(phases.indexOf("herrmann_merge") < phases.indexOf("final_merge"));
    const QModelIndex herrmann = model.index(static_cast<int>(phases.indexOf("herrmann_merge")), 0, segmenter);
    QCOMPARE(model.index(0, 0, herrmann).data().toString(), QString("round 1"));
    // A refused merge reads as such, with the whole log in the tooltip.
    const trace::Step* refusedStep = firstStep(*crossEntropy_->trace, [](const trace::Step& s) {
      return s.merge && !s.merge->ok() && s.phase != trace::Phase::WholeFusion;
    });
    QVERIFY(refusedStep);
    const QModelIndex refused = timelineRowOf(view, refusedStep->index);
    QVERIFY(refused.data().toString().startsWith(QString::fromUtf8("✗")));
    QVERIFY(refused.data(Qt::ToolTipRole).toString().contains("expr_eval"));
  }

  // "Hide steps that changed nothing" keeps refused merges (the decisions a reader came for);
  // "Hide refused merges" is its own box; both together leave the steps that changed something.
  void hideUnchangedKeepsRefusalsAndRefusalsHaveTheirOwnBox() {
    ui::TimelineView view;
    view.setSession(crossEntropy_);
    QVERIFY(!view.hideUnchangedBox()->isChecked());
    QVERIFY(!view.hideRefusedBox()->isChecked());
    const auto refused = [](const trace::Step& s) { return s.merge && !s.merge->ok(); };
    const auto shownSorted = [&] {
      std::vector<int> shown = visibleSteps(view);
      std::ranges::sort(shown);
      return shown;
    };
    const auto stepsWhere = [&](const std::function<bool(const trace::Step&)>& keep) {
      std::vector<int> out;
      for (const trace::Step& s : crossEntropy_->trace->steps())
        if (keep(s)) out.push_back(s.index);
      return out;
    };
    view.hideUnchangedBox()->setChecked(true);
    QCOMPARE(shownSorted(), stepsWhere([&](const trace::Step& s) { return !s.changedNothing() || refused(s); }));
    QVERIFY(!stepsWhere(refused).empty());
    view.hideRefusedBox()->setChecked(true);
    QCOMPARE(shownSorted(), stepsWhere([&](const trace::Step& s) { return !s.changedNothing(); }));
    view.hideUnchangedBox()->setChecked(false);
    QCOMPARE(shownSorted(), stepsWhere([&](const trace::Step& s) { return !refused(s); }));
    view.hideRefusedBox()->setChecked(false);
    QCOMPARE(visibleSteps(view).size(), crossEntropy_->trace->size());
  }

  void searchFindsFinalMergeSteps() {
    ui::TimelineView view;
    view.setSession(crossEntropy_);
    view.searchBox()->setText("FINAL_merge");
    const std::vector<int> shown = visibleSteps(view);
    std::vector<int> expected;
    for (const trace::Step& s : crossEntropy_->trace->steps())
      if (s.phase == trace::Phase::FinalMerge) expected.push_back(s.index);
    QVERIFY(!expected.empty());
    QCOMPARE(shown, expected);
    view.searchBox()->setText("take_along_axis");  // log text only
    QVERIFY(!visibleSteps(view).empty());
    view.searchBox()->setText("no step says this");
    QVERIFY(visibleSteps(view).empty());
  }

  void timelineEmitsOnUserInputOnly() {
    ui::TimelineView view;
    view.resize(400, 900);
    view.setSession(crossEntropy_);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy spy(&view, &ui::TimelineView::stepActivated);

    view.setCurrentStep(5);
    QCOMPARE(spy.count(), 0);
    QCOMPARE(view.tree()->currentIndex().data(ui::TimelineView::StepIndexRole).toInt(), 5);

    const QModelIndex row = timelineRowOf(view, 7);
    view.tree()->scrollTo(row);
    QTest::mouseClick(view.tree()->viewport(), Qt::LeftButton, {}, view.tree()->visualRect(row).center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.takeFirst().at(0).toInt(), 7);

    QTest::keyClick(view.tree(), Qt::Key_Down);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.takeFirst().at(0).toInt(), 8);

    // A group row stands for its first step.
    const QModelIndex passes = view.tree()->model()->index(1, 0);
    QTest::mouseClick(view.tree()->viewport(), Qt::LeftButton, {}, view.tree()->visualRect(passes).center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.takeFirst().at(0).toInt(), 1);
  }

  // ------------------------------------------------------------------------ merge log

  void mergeLogListsEveryMergeStep() {
    ui::MergeLogView view;
    view.setSession(crossEntropy_);
    std::vector<int> expected;
    for (const trace::Step& s : crossEntropy_->trace->steps())
      if (s.merge) expected.push_back(s.index);
    std::vector<int> listed;
    for (int row = 0; row < view.table()->model()->rowCount(); ++row) listed.push_back(stepOfTableRow(view, row));
    QCOMPARE(listed, expected);
    // The final refused merge names the verdict of a scheduler that runs one of its groups.
    const QAbstractItemModel& model = *view.table()->model();
    const int last = model.rowCount() - 1;
    QCOMPARE(model.index(last, ui::MergeLogView::ResultColumn).data().toString(), QString::fromUtf8("✗ refused"));
    QVERIFY(model.index(last, ui::MergeLogView::ReasonColumn).data().toString().contains("take_along_axis"));
  }

  // A host (expr_eval) group tried with a kernel group: the reason shown is the kernel
  // scheduler's, not expr_eval's generic "T50 is computed, not a view of a segment input".
  void mergeLogPrefersTheKernelSchedulersRefusal() {
    const SessionPtr block = sessionFor(samplePath("synthetic_block_200.py"));
    QVERIFY(block);
    ui::MergeLogView view;
    view.setSession(block);
    const QAbstractItemModel& model = *view.table()->model();
    int checked = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
      const trace::Step& s = block->trace->step(static_cast<std::size_t>(stepOfTableRow(view, row)));
      if (!s.merge || s.merge->ok() || !s.merge->refusal.empty() || !s.before || !s.before->partition) continue;
      std::set<std::string> schedulers;
      for (int g : s.merge->groups)
        if (const trace::PartitionGroup* group = s.before->partition->group(g)) schedulers.insert(group->scheduler);
      if (!schedulers.count("expr_eval") || schedulers.size() < 2) continue;
      const QString reason = model.index(row, ui::MergeLogView::ReasonColumn).data().toString();
      QVERIFY2(!reason.startsWith("expr_eval:"), qPrintable(reason));
      ++checked;
    }
    QVERIFY(checked > 0);
  }

  void mergeLogFiltersAndSorts() {
    ui::MergeLogView view;
    view.setSession(crossEntropy_);
    const trace::Trace& trace = *crossEntropy_->trace;
    int refused = 0;
    for (const trace::Step& s : trace.steps()) refused += s.merge && !s.merge->ok();
    QVERIFY(refused > 0);

    view.resultFilterBox()->setCurrentIndex(ui::MergeLogView::RefusedOnly);
    QAbstractItemModel& model = *view.table()->model();
    QCOMPARE(model.rowCount(), refused);
    for (int row = 0; row < model.rowCount(); ++row)
      QVERIFY(!trace.step(static_cast<std::size_t>(stepOfTableRow(view, row))).merge->ok());

    view.resultFilterBox()->setCurrentIndex(ui::MergeLogView::AllResults);
    view.textFilterBox()->setText("herrmann");
    QVERIFY(model.rowCount() > 0);
    for (int row = 0; row < model.rowCount(); ++row)
      QCOMPARE(model.index(row, ui::MergeLogView::PhaseColumn).data().toString(), QString("herrmann_merge"));
    view.textFilterBox()->clear();

    view.table()->sortByColumn(ui::MergeLogView::StepColumn, Qt::DescendingOrder);
    for (int row = 1; row < model.rowCount(); ++row) QVERIFY(stepOfTableRow(view, row - 1) > stepOfTableRow(view, row));
    // The current step's row is found through the sort (the last row is now the first merge)...
    const int firstMerge = stepOfTableRow(view, model.rowCount() - 1);
    view.setCurrentStep(firstMerge);
    QCOMPARE(view.table()->currentIndex().row(), model.rowCount() - 1);
    // ...and a step the filter hides selects nothing.
    const bool firstMergeOk = trace.step(static_cast<std::size_t>(firstMerge)).merge->ok();
    view.resultFilterBox()->setCurrentIndex(firstMergeOk ? ui::MergeLogView::RefusedOnly
                                                         : ui::MergeLogView::AcceptedOnly);
    QVERIFY(view.table()->selectionModel()->selectedRows().isEmpty());
    view.resultFilterBox()->setCurrentIndex(ui::MergeLogView::AllResults);
    view.table()->sortByColumn(ui::MergeLogView::StepColumn, Qt::AscendingOrder);
    for (int row = 1; row < model.rowCount(); ++row) QVERIFY(stepOfTableRow(view, row - 1) < stepOfTableRow(view, row));
  }

  void mergeLogEmitsOnClickOnly() {
    ui::MergeLogView view;
    view.resize(900, 500);
    view.setSession(crossEntropy_);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy spy(&view, &ui::MergeLogView::stepActivated);

    view.setCurrentStep(stepOfTableRow(view, 1));
    QCOMPARE(spy.count(), 0);
    QCOMPARE(view.table()->currentIndex().row(), 1);
    view.setCurrentStep(3);  // a pass: no row
    QVERIFY(view.table()->selectionModel()->selectedRows().isEmpty());

    const QModelIndex cell = view.table()->model()->index(2, ui::MergeLogView::PhaseColumn);
    QTest::mouseClick(view.table()->viewport(), Qt::LeftButton, {}, view.table()->visualRect(cell).center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.takeFirst().at(0).toInt(), stepOfTableRow(view, 2));
  }

  // ------------------------------------------------------------------------ inspector

  void inspectorShowsEveryVerdictOfARefusedMerge() {
    const trace::Step* step = firstStep(*crossEntropy_->trace, [](const trace::Step& s) {
      return s.merge && !s.merge->ok() && s.phase == trace::Phase::FinalMerge;
    });
    QVERIFY(step);
    ui::InspectorView view;
    view.setSession(crossEntropy_);
    view.showStep(*step);
    const QString text = view.plainText();
    QVERIFY(text.contains("No scheduler accepts the union"));
    QVERIFY(step->merge->verdicts.size() >= 5);
    for (const trace::SchedulerCheck& v : step->merge->verdicts) {
      QVERIFY2(text.contains(QString::fromStdString(v.scheduler)), v.scheduler.c_str());
      QVERIFY2(text.contains(QString::fromStdString(v.reason)), v.reason.c_str());
    }
  }

  // Schedulers refusing for the same reason share one block: the reason appears once, after
  // every scheduler that gave it.
  void inspectorGroupsIdenticalRefusals() {
    int checked = 0;
    for (const QString& file : {samplePath("synthetic_block_200.py"), samplePath("cross_entropy.py")}) {
      const SessionPtr session = sessionFor(file);
      QVERIFY(session);
      ui::InspectorView view;
      view.setSession(session);
      for (const trace::Step& s : session->trace->steps()) {
        if (!s.merge || checked >= 5) continue;
        std::map<std::string, int> uses;
        for (const trace::SchedulerCheck& v : s.merge->verdicts)
          if (!v.ok) ++uses[v.reason];
        const auto repeated = std::find_if(uses.begin(), uses.end(), [](const auto& u) { return u.second > 1; });
        if (repeated == uses.end()) continue;
        view.showStep(s);
        const QString text = view.plainText().section("\nLog\n", 0, 0);  // the verdicts, not the log
        const QString reason = QString::fromStdString(repeated->first).simplified();
        QCOMPARE(text.simplified().count(reason), 1);
        for (const trace::SchedulerCheck& v : s.merge->verdicts)
          QVERIFY2(text.contains(QString::fromStdString(v.scheduler)), v.scheduler.c_str());
        ++checked;
      }
    }
    QVERIFY2(checked > 0, "no merge step with two schedulers refusing for the same reason");
  }

  void inspectorShowsAnAcceptedMergeAndAPassDiff() {
    const trace::Step* accepted = firstStep(*crossEntropy_->trace, isAcceptedMerge);
    QVERIFY(accepted);
    ui::InspectorView view;
    view.setSession(crossEntropy_);
    view.showStep(*accepted);
    QVERIFY(view.plainText().contains("Accepted by " + QString::fromStdString(accepted->merge->accepted)));
    QVERIFY(view.plainText().contains("Regrouped"));

    const SessionPtr session = sessionFor(samplePath("cast_chain.py"));
    QVERIFY(session);
    const trace::Step* pass =
        firstStep(*session->trace, [](const trace::Step& s) { return s.kind == trace::StepKind::Pass && s.modified; });
    QVERIFY(pass);
    view.setSession(session);
    view.showStep(*pass);
    const std::string diffText = trace::diff(*pass->before->fusion, *pass->after->fusion).toText();
    const QString firstLine = QString::fromStdString(diffText).section('\n', 0, 0);
    QVERIFY(!firstLine.isEmpty());
    QVERIFY2(view.plainText().contains(firstLine), qPrintable(firstLine));
  }

  void inspectorShowsAnOpsSourceLineAndGroup() {
    const trace::Step* step = firstStep(*crossEntropy_->trace, isAcceptedMerge);
    QVERIFY(step);
    const graph::GraphModel model = graph::buildStepGraph(*step, graph::StepSide::After, {});
    const ir::Fusion& fusion = *step->after->fusion;
    const graph::Node* op = nullptr;
    for (const graph::Node& n : model.nodes) {
      const ir::Expr* expr = n.kind == graph::NodeKind::Op ? fusion.exprById(n.exprId) : nullptr;
      if (expr && expr->toString().find("max(") != std::string::npos) op = &n;
    }
    QVERIFY(op);
    ui::Selection selection;
    selection.kind = ui::Selection::Kind::Node;
    selection.nodeId = op->id;
    selection.exprId = op->exprId;
    ui::InspectorView view;
    view.showSelection(*step, model, selection);
    const QString text = view.plainText();
    QVERIFY2(text.contains("line 13"), qPrintable(text));  // T3 = fd.ops.max(...) in the script
    QVERIFY(text.contains("T3"));
    QVERIFY(text.contains("part of the candidate set"));
    QVERIFY(text.contains("inner_persistent"));

    // A cluster and an edge of the same drawing.
    QVERIFY(!model.clusters.empty());
    selection = {};
    selection.kind = ui::Selection::Kind::Cluster;
    selection.group = model.clusters.front().group;
    view.showSelection(*step, model, selection);
    QVERIFY(view.plainText().contains(QString::fromStdString(model.clusters.front().scheduler)));
    const auto edge = std::ranges::find_if(model.edges, [](const graph::Edge& e) { return e.bytes > 0; });
    QVERIFY(edge != model.edges.end());
    selection = {};
    selection.kind = ui::Selection::Kind::Edge;
    selection.nodeId = edge->from + ">" + edge->to;
    view.showSelection(*step, model, selection);
    QVERIFY2(view.plainText().contains(QLocale::c().toString(static_cast<qlonglong>(edge->bytes)) + " bytes"),
             qPrintable(view.plainText()));
  }

  // A segment node of the collapsed view draws none of its ops; the inspector lists them anyway,
  // from the step's partition.
  void inspectorListsTheOpsOfACollapsedSegment() {
    const trace::Step& last = crossEntropy_->trace->steps().back();
    graph::BuildOptions options;
    options.view = graph::View::Collapsed;
    const graph::GraphModel model = graph::buildStepGraph(last, graph::StepSide::After, options);
    const auto segment =
        std::ranges::find_if(model.nodes, [](const graph::Node& n) { return n.kind == graph::NodeKind::Segment; });
    QVERIFY(segment != model.nodes.end());
    int ops = 0;
    for (int g : last.after->partition->groupOfExpr()) ops += g == segment->segment;
    QVERIFY(ops > 0);
    ui::Selection selection;
    selection.kind = ui::Selection::Kind::Node;
    selection.nodeId = segment->id;
    selection.group = segment->segment;
    ui::InspectorView view;
    view.showSelection(last, model, selection);
    const QString text = view.plainText();
    QVERIFY2(text.contains(QString("Ops\n%1\n").arg(ops)), qPrintable(text));
    for (const ir::Expr* e : last.after->fusion->exprs())
      if (last.after->partition->groupOfExpr()[static_cast<std::size_t>(e->id())] == segment->segment) {
        QVERIFY2(text.contains(QString::fromStdString(e->toString())), qPrintable(text));
        break;
      }
  }

  // --------------------------------------------------------------------------- source

  void sourceViewHighlightsAndReportsLines() {
    ui::SourceView view;
    view.resize(700, 500);
    view.setSession(crossEntropy_);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QPlainTextEdit& editor = *view.editor();
    QVERIFY(editor.toPlainText().contains("take_along_axis"));

    view.highlightLine(13);
    QCOMPARE(view.highlightedLine(), 13);
    QCOMPARE(editor.extraSelections().size(), 1);
    QCOMPARE(editor.extraSelections().front().cursor.blockNumber(), 12);
    view.highlightLine(0);
    QVERIFY(editor.extraSelections().isEmpty());
    QCOMPARE(view.highlightedLine(), 0);

    QSignalSpy spy(&view, &ui::SourceView::lineClicked);
    const QRect line3 = editor.cursorRect(QTextCursor(editor.document()->findBlockByNumber(2)));
    QTest::mouseClick(editor.viewport(), Qt::LeftButton, {}, line3.center() + QPoint(30, 0));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.takeFirst().at(0).toInt(), 3);
  }

  void sourceViewWithoutTextShowsAPlaceholder() {
    auto session = std::make_shared<ui::Session>();  // a saved trace whose script is gone: no text
    session->file = crossEntropy_->file;
    session->trace = crossEntropy_->trace;
    ui::SourceView view;
    view.setSession(session);
    QVERIFY(view.editor()->toPlainText().isEmpty());
    QCOMPARE(view.editor()->placeholderText(), QString("No script text for this trace"));
  }

  // ---------------------------------------------------------------------------- cursor

  // The docks follow one cursor, no window needed: a session, a step, a pick and a log reach
  // every dock that shows them, and no dock reports the cursor's moves as the user's choice.
  void docksFollowTheCursor() {
    ui::StepCursor cursor;
    ui::TimelineView timeline;
    ui::MergeLogView mergeLog;
    ui::InspectorView inspector;
    ui::SourceView source;
    for (auto* dock : std::initializer_list<QWidget*>{&timeline, &mergeLog, &inspector, &source})
      dock->resize(700, 400);
    timeline.follow(cursor);
    mergeLog.follow(cursor);
    inspector.follow(cursor);
    source.follow(cursor);
    QSignalSpy timelineSpy(&timeline, &ui::TimelineView::stepActivated);
    QSignalSpy mergeLogSpy(&mergeLog, &ui::MergeLogView::stepActivated);

    cursor.setSession(crossEntropy_);
    QCOMPARE(cursor.index(), -1);
    QVERIFY(source.editor()->toPlainText().contains("take_along_axis"));
    QCOMPARE(mergeLog.table()->model()->rowCount(),
             static_cast<int>(std::count_if(crossEntropy_->trace->steps().begin(), crossEntropy_->trace->steps().end(),
                                            [](const trace::Step& s) { return s.merge.has_value(); })));

    const int merge = stepOfTableRow(mergeLog, 1);
    cursor.setStep(merge);
    QCOMPARE(cursor.index(), merge);
    QCOMPARE(timeline.currentStep(), merge);
    QCOMPARE(mergeLog.table()->currentIndex().row(), 1);
    const trace::Step& step = crossEntropy_->trace->step(static_cast<std::size_t>(merge));
    QVERIFY2(inspector.plainText().contains(QString::fromStdString(step.name)), qPrintable(inspector.plainText()));
    cursor.setStep(1000000);  // clamped to the last step
    QCOMPARE(cursor.index(), static_cast<int>(crossEntropy_->trace->size()) - 1);
    QCOMPARE(timeline.currentStep(), cursor.index());
    QCOMPARE(timelineSpy.count(), 0);
    QCOMPARE(mergeLogSpy.count(), 0);
    // The picture's lag is the cursor's too: the Inspector says it, and drops it when it is over.
    cursor.setPictureNote("Laying out step 9… the graph still shows step 8");
    QVERIFY2(inspector.plainText().contains("the graph still shows step 8"), qPrintable(inspector.plainText()));
    cursor.setPictureNote({});
    QVERIFY(!inspector.plainText().contains("the graph still shows"));

    // A pick of an op with a source line: the Source dock marks it, the Inspector describes it.
    const graph::GraphModel picture = graph::buildStepGraph(*cursor.step(), graph::StepSide::After, {});
    const graph::Node* op = nullptr;
    for (const graph::Node& n : picture.nodes)
      if (n.exprId >= 0 && n.sourceLine > 0) {
        op = &n;
        break;
      }
    QVERIFY(op);
    ui::Selection pick;
    pick.kind = ui::Selection::Kind::Node;
    pick.nodeId = op->id;
    pick.exprId = op->exprId;
    pick.sourceLine = op->sourceLine;
    cursor.select(pick, &picture);
    QCOMPARE(source.highlightedLine(), op->sourceLine);
    QVERIFY2(inspector.plainText().contains(QString("line %1").arg(op->sourceLine)), qPrintable(inspector.plainText()));
    cursor.setStep(0);  // a new step clears the mark, the selection stays for the next picture
    QCOMPARE(source.highlightedLine(), 0);
    QCOMPARE(cursor.selection().exprId, op->exprId);
  }
};

QTEST_MAIN(TestDocks)
#include "test_docks.moc"
