// Trace core: diffs name what changed and why; fusions and whole traces survive a JSON
// round trip with every id; snapshots are shared when a step changed nothing; merge steps
// keep their partitions and merge info; traces saved before partitions existed still load.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>

#include "frontend/script.h"
#include "ir/ops.h"
#include "passes/pre_segmenter.h"
#include "support/file_io.h"
#include "test_files.h"
#include "trace/aligned_printout.h"
#include "trace/diff.h"
#include "trace/trace.h"
#include "trace/trace_json.h"

using namespace segscope;

namespace {

std::unique_ptr<ir::Fusion> load(const QString& path) {
  frontend::ParseOutcome o = frontend::loadScriptFile(path.toStdString());
  return o.ok() ? std::move(o.script->fusion) : nullptr;
}

// Three pointwise exprs in a chain: exp, neg, cast.
std::unique_ptr<ir::Fusion> chain() {
  auto f = std::make_unique<ir::Fusion>();
  ir::TensorView* x = f->newTensor(ir::DataType::Float, {ir::Dim{ir::SymInt::constant(4)}});
  f->setName(x, "T0");
  f->addInput(x);
  ir::Val* a = ir::ops::unary(*f, ir::OpType::Exp, x).value();
  ir::Val* b = ir::ops::unary(*f, ir::OpType::Neg, a).value();
  f->addOutput(ir::ops::cast(*f, b, ir::DataType::Half).value());
  return f;
}

// Expr ids of `f` in topological order.
std::vector<int> exprIds(const ir::Fusion& f) {
  std::vector<int> ids;
  for (const ir::Expr* e : f.exprs()) ids.push_back(e->id());
  return ids;
}

// A partition of `ids` (a group id per expr, in the same order); other expr ids are in no group.
std::shared_ptr<const trace::Partition> partition(const std::vector<int>& ids, const std::vector<int>& groupOf,
                                                  std::vector<trace::PartitionGroup> groups) {
  trace::PartitionTable p;
  p.groupOfExpr.assign(static_cast<std::size_t>(*std::max_element(ids.begin(), ids.end()) + 1), -1);
  for (std::size_t i = 0; i < ids.size(); ++i) p.groupOfExpr[static_cast<std::size_t>(ids[i])] = groupOf[i];
  p.groups = std::move(groups);
  return std::make_shared<const trace::Partition>(std::move(p));
}

trace::SnapshotPtr snapshot(std::shared_ptr<const ir::Fusion> fusion, std::shared_ptr<const trace::Partition> p) {
  auto s = std::make_shared<trace::Snapshot>();
  s->fusion = std::move(fusion);
  s->partition = std::move(p);
  return s;
}

trace::Step mergeStep(trace::SnapshotPtr before, trace::SnapshotPtr after, trace::MergeInfo info) {
  trace::Step s;
  s.kind = trace::StepKind::Merge;
  s.name = "merge";
  s.phase = trace::Phase::HerrmannMerge;
  s.modified = info.ok();
  s.before = std::move(before);
  s.after = std::move(after);
  s.exprsBefore = s.exprsAfter = 3;
  s.milliseconds = 0.25;
  s.merge = std::move(info);
  return s;
}

// What the segmenter will record: load, a pass that changed nothing, an accepted merge,
// a merge every scheduler refused, a merge refused before asking (a hint), and a finalize
// step that changes the fusion but keeps the partition.
trace::Trace mergeTrace() {
  trace::Trace t;
  t.source = "chain.py";
  t.profile = "h100";
  auto f = chain();
  const std::vector<int> e = exprIds(*f);
  trace::Step load;
  load.kind = trace::StepKind::Load;
  load.name = "load";
  load.phase = trace::Phase::Load;
  load.modified = true;
  load.after = trace::snapshotOf(*f);
  load.exprsAfter = 3;
  load.log = {"loaded chain"};
  const trace::SnapshotPtr loaded = load.after;
  t.record(std::move(load));

  trace::Step pass;
  pass.name = "consecutive_cast";
  pass.phase = trace::Phase::PreSegmentation;
  pass.before = pass.after = loaded;
  pass.exprsBefore = pass.exprsAfter = 3;
  t.record(std::move(pass));

  const auto p0 = partition(e, {0, 1, 2}, {{0, "pointwise", false}, {1, "pointwise", false}, {2, "expr_eval", true}});
  const auto p1 = partition(e, {3, 3, 2}, {{2, "expr_eval", true}, {3, "pointwise", false}});
  const trace::SnapshotPtr s0 = snapshot(loaded->fusion, p0);
  const trace::SnapshotPtr s1 = snapshot(loaded->fusion, p1);

  trace::MergeInfo accepted;
  accepted.round = 0;
  accepted.groups = {0, 1};
  accepted.exprs = {e[0], e[1]};
  accepted.verdicts = {{"reduction", false, "no reduction"}, {"pointwise", true, ""}};
  accepted.accepted = "pointwise";
  accepted.result = 3;
  t.record(mergeStep(s0, s1, accepted));

  trace::MergeInfo refused;
  refused.round = 1;
  refused.groups = {3, 2};
  refused.exprs = {e[0], e[1], e[2]};
  refused.verdicts = {{"expr_eval", false, "kernel exprs"}, {"pointwise", false, "host segment"}};
  t.record(mergeStep(s1, s1, refused));

  trace::MergeInfo hinted;
  hinted.round = 1;
  hinted.groups = {2, 3};
  hinted.exprs = {e[0], e[1], e[2]};
  hinted.refusal = "would swallow a segment_set hint";
  t.record(mergeStep(s1, s1, hinted));

  trace::Step finalize;
  finalize.kind = trace::StepKind::Finalize;
  finalize.name = "finalize";
  finalize.phase = trace::Phase::Finalize;
  finalize.modified = true;
  finalize.before = s1;
  finalize.after = snapshot(trace::snapshotOf(*f)->fusion, p1);
  t.record(std::move(finalize));
  return t;
}

bool samePartition(const trace::SnapshotPtr& a, const trace::SnapshotPtr& b) {
  if (!a || !b) return !a && !b;
  if (!a->partition || !b->partition) return !a->partition && !b->partition;
  return *a->partition == *b->partition;
}

// A trace as version 1 wrote it: one neg expr, a load step and a pass that changed nothing.
constexpr const char* kVersion1Trace = R"({"format":"segscope-trace","version":1,"source":"old.py","profile":"h100",
"snapshots":[{"id":0,"fusion":{"name":"old",
  "vals":[{"id":0,"name":"T0","dtype":"Float","loc":[1,1],"kind":"tensor","dims":[{"extent":4,"kind":"iteration"}],
           "contiguity":[true],"stride_order":[]},
          {"id":1,"name":"T1","dtype":"Float","loc":[2,1],"kind":"tensor","dims":[{"extent":4,"kind":"iteration"}],
           "contiguity":[true],"stride_order":[]}],
  "exprs":[{"id":0,"op":"neg","operands":[0],"outputs":[1],"attrs":{},"loc":[2,1]}],
  "inputs":[0],"outputs":[{"val":1,"alias":null,"stride_order":[]}],"axioms":[]}}],
"steps":[{"index":0,"kind":"load","name":"load","phase":"load","modified":true,"skipped":false,"before":null,"after":0,
          "exprs_before":0,"exprs_after":1,"ms":0.5,"log":["loaded old"]},
         {"index":1,"kind":"pass","name":"consecutive_cast","phase":"pre-segmentation","modified":false,"skipped":false,
          "before":0,"after":0,"exprs_before":1,"exprs_after":1,"ms":0.125,"log":[]}]})";

}  // namespace

class TestTrace : public QObject {
  Q_OBJECT

 private slots:
  void diffOfIdenticalFusionsIsEmpty() {
    auto f = load(QString(SEGSCOPE_SOURCE_DIR) + "/samples/softmax.py");
    QVERIFY(f);
    const ir::CloneResult c = f->clone();
    QVERIFY(trace::diff(*f, *c.fusion).empty());
  }

  void diffNamesAddedRemovedAndChanged() {
    ir::Fusion f;
    ir::TensorView* x = f.newTensor(ir::DataType::Float, {ir::Dim{ir::SymInt::constant(4)}});
    f.setName(x, "T0");
    f.addInput(x);
    ir::Val* a = ir::ops::unary(f, ir::OpType::Exp, x).value();
    ir::Val* b = ir::ops::unary(f, ir::OpType::Neg, a).value();
    f.addOutput(b);
    const ir::CloneResult before = f.clone();
    // Rewrite: neg now reads x directly, exp is gone, a cast is added after.
    f.replaceUse(b->definition(), a, x);
    f.removeExpr(a->definition());
    ir::Val* c = ir::ops::cast(f, b, ir::DataType::Half).value();
    f.replaceOutput(b, c);
    const trace::FusionDiff d = trace::diff(*before.fusion, f);
    int added = 0, removed = 0, changed = 0;
    for (const trace::Change& ch : d.exprs) {
      added += ch.kind == trace::ChangeKind::Added;
      removed += ch.kind == trace::ChangeKind::Removed;
      if (ch.kind == trace::ChangeKind::Changed) {
        ++changed;
        QVERIFY2(
            QString::fromStdString(ch.reason).contains("inputs [" + QString::fromStdString(a->name()) + "] -> [T0]"),
            ch.reason.c_str());
      }
    }
    QCOMPARE(added, 1);
    QCOMPARE(removed, 1);
    QCOMPARE(changed, 1);
    QVERIFY(d.outputsChanged);
    const QString text = QString::fromStdString(d.toText());
    QVERIFY(text.contains("+ " + QString::fromStdString(c->name()) + " = cast("));
    QVERIFY(text.contains("- " + QString::fromStdString(a->name()) + " = exp(T0)"));
  }

  // Side by side: a line faces the line showing the same expr or input; an added or removed
  // line faces a blank; a pair whose text differs is Changed.
  void alignedPrintoutPairsLinesByWhatTheyShow() {
    auto f = chain();
    const ir::CloneResult before = f->clone();
    ir::Expr* exp = f->exprs()[0];
    ir::Expr* neg = f->exprs()[1];
    f->replaceUse(neg, exp->output(0), f->inputs()[0]);
    f->removeExpr(exp);
    const std::vector<trace::AlignedRow> rows = trace::alignPrintouts(before.fusion->printedLines(), f->printedLines());
    int same = 0, added = 0, removed = 0, changed = 0;
    for (const trace::AlignedRow& r : rows) {
      same += r.kind == trace::RowKind::Same;
      added += r.kind == trace::RowKind::Added;
      removed += r.kind == trace::RowKind::Removed;
      changed += r.kind == trace::RowKind::Changed;
      QCOMPARE(r.before.empty(), r.kind == trace::RowKind::Added);
      QCOMPARE(r.after.empty(), r.kind == trace::RowKind::Removed);
    }
    QCOMPARE(removed, 1);
    QCOMPARE(added, 0);
    QCOMPARE(changed, 1);  // neg now reads T0
    QCOMPARE(same + removed + changed, static_cast<int>(before.fusion->printedLines().size()));
    const auto removedRow = std::find_if(rows.begin(), rows.end(),
                                         [](const trace::AlignedRow& r) { return r.kind == trace::RowKind::Removed; });
    QVERIFY(QString::fromStdString(removedRow->before).contains("exp(T0)"));
    // The printout is the same text print() gives.
    std::string joined;
    for (const auto& line : f->printedLines()) joined += line.text + "\n";
    QCOMPARE(QString::fromStdString(joined), QString::fromStdString(f->print()));
  }

  // A pass that only maps extents (dynamic_residual's T1 [T1.size0] -> [T0.size1]) changes no
  // op, yet the rows that print those shapes are Changed.
  void alignedPrintoutMarksShapeOnlyChanges() {
    auto f = load(QString(SEGSCOPE_SOURCE_DIR) + "/samples/dynamic_residual.py");
    QVERIFY(f);
    trace::Trace t;
    passes::runPreSegmenter(*f, &t);
    bool seen = false;
    for (std::size_t i = 0; i < t.size(); ++i) {
      const trace::Step& s = t.step(i);
      if (!s.before || !s.after || s.before->fusion == s.after->fusion) continue;
      const trace::FusionDiff d = trace::diff(*s.before->fusion, *s.after->fusion);
      const bool shapeOnly = std::none_of(d.exprs.begin(), d.exprs.end(),
                                          [](const trace::Change& c) {
                                            return c.reason.find("op ") == 0 || c.kind != trace::ChangeKind::Changed;
                                          }) &&
                             std::any_of(d.vals.begin(), d.vals.end(), [](const trace::Change& c) {
                               return c.reason.find("shape") != std::string::npos;
                             });
      if (!shapeOnly) continue;
      seen = true;
      const auto rows = trace::alignPrintouts(s.before->fusion->printedLines(), s.after->fusion->printedLines());
      const auto changedRow = std::find_if(rows.begin(), rows.end(), [](const trace::AlignedRow& r) {
        return r.kind == trace::RowKind::Changed && r.before.starts_with("    T1:");
      });
      QVERIFY2(changedRow != rows.end(), s.name.c_str());
      QVERIFY2(QString::fromStdString(changedRow->before).contains("T1.size0"), changedRow->before.c_str());
      QVERIFY2(QString::fromStdString(changedRow->after).contains("T0.size1"), changedRow->after.c_str());
    }
    QVERIFY(seen);
  }

  // Merge steps: the rows carry each op's group, so ops that moved are Changed rows.
  void printoutWithGroupsShowsRegroupedOps() {
    auto f = chain();
    const std::vector<int> e = exprIds(*f);
    const auto before = partition(e, {0, 1, 2}, {{0, "pointwise", false}, {1, "pointwise", false}, {2, "none", false}});
    const auto after = partition(e, {3, 3, 2}, {{3, "pointwise", false}, {2, "none", false}});
    const auto rows =
        trace::alignPrintouts(trace::printedWithGroups(*f, before.get()), trace::printedWithGroups(*f, after.get()));
    QStringList changed;
    for (const trace::AlignedRow& r : rows)
      if (r.kind == trace::RowKind::Changed) changed << QString::fromStdString(r.after);
    QCOMPARE(changed.size(), 2);
    QVERIFY2(changed[0].trimmed().startsWith("g3") && changed[0].contains("exp(T0)"), qPrintable(changed[0]));
  }

  void fusionJsonRoundTrip_data() {
    QTest::addColumn<QString>("path");
    for (const QString& f : testing::sampleAndAllOpsFiles()) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }
  void fusionJsonRoundTrip() {
    QFETCH(QString, path);
    auto f = load(path);
    QVERIFY(f);
    const std::string json = trace::fusionToJson(*f);
    auto back = trace::fusionFromJson(json);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(QString::fromStdString(back.value()->print()), QString::fromStdString(f->print()));
    QCOMPARE(QString::fromStdString(trace::fusionToJson(*back.value())), QString::fromStdString(json));
    QVERIFY(trace::diff(*f, *back.value()).empty());  // ids kept: nothing "changed"
  }

  void traceJsonRoundTrip_data() { fusionJsonRoundTrip_data(); }
  void traceJsonRoundTrip() {
    QFETCH(QString, path);
    auto f = load(path);
    QVERIFY(f);
    trace::Trace t;
    t.source = path.toStdString();
    t.profile = "h100";
    passes::runPreSegmenter(*f, &t);
    const std::string saved = trace::traceToJson(t);
    auto loaded = trace::traceFromJson(saved);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
    QCOMPARE(loaded->size(), t.size());
    QCOMPARE(QString::fromStdString(trace::traceToJson(loaded.value())), QString::fromStdString(saved));
    for (std::size_t i = 0; i < t.size(); ++i) {
      const trace::Step& a = t.step(i);
      const trace::Step& b = loaded->step(i);
      QCOMPARE(b.name, a.name);
      QCOMPARE(b.modified, a.modified);
      QCOMPARE(b.log, a.log);
      QCOMPARE(QString::fromStdString(b.after->fusion->print()), QString::fromStdString(a.after->fusion->print()));
      // Sharing survives: an unchanged step's before and after are one snapshot.
      QCOMPARE(b.before == b.after, a.before == a.after);
    }
  }

  void mergeTraceJsonRoundTrip() {
    const trace::Trace t = mergeTrace();
    const std::string saved = trace::traceToJson(t);
    auto loaded = trace::traceFromJson(saved);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
    QCOMPARE(QString::fromStdString(trace::traceToJson(loaded.value())), QString::fromStdString(saved));
    QCOMPARE(loaded->size(), t.size());
    for (std::size_t i = 0; i < t.size(); ++i) {
      const trace::Step& a = t.step(i);
      const trace::Step& b = loaded->step(i);
      QCOMPARE(b.kind, a.kind);
      QCOMPARE(b.phase, a.phase);
      QCOMPARE(b.modified, a.modified);
      QCOMPARE(b.milliseconds, a.milliseconds);
      QVERIFY2(b.merge == a.merge, b.name.c_str());
      QVERIFY(samePartition(b.before, a.before));
      QVERIFY(samePartition(b.after, a.after));
      QCOMPARE(QString::fromStdString(b.after->fusion->print()), QString::fromStdString(a.after->fusion->print()));
      // Sharing survives: the same snapshot, fusion and partition pointers where the original shares them.
      QCOMPARE(b.before == b.after, a.before == a.after);
      if (a.before) {
        QCOMPARE(b.before->fusion == b.after->fusion, a.before->fusion == a.after->fusion);
        QCOMPARE(b.before->partition == b.after->partition, a.before->partition == a.after->partition);
      }
    }
    QVERIFY(loaded->step(2).merge->ok());
    QCOMPARE(loaded->step(2).merge->verdicts.size(), std::size_t{2});
    QVERIFY(!loaded->step(3).merge->ok());
    QCOMPARE(loaded->step(4).merge->refusal, std::string("would swallow a segment_set hint"));
    QVERIFY(!loaded->step(0).merge && !loaded->step(5).merge);
    QVERIFY(loaded->step(2).after->partition->group(2)->host);
    // A refused merge hides with the steps that changed nothing; an accepted one does not.
    QVERIFY(!loaded->step(2).changedNothing());
    QVERIFY(loaded->step(3).changedNothing());
    QVERIFY(loaded->step(4).changedNothing());
    QCOMPARE(loaded->modifyingSteps(), (std::vector<int>{0, 2, 5}));
  }

  // A merge step's log is its verdict lines, derived from the merge info, then what the step
  // stored itself; the JSON carries the whole log and reading it back stores only the rest.
  void mergeStepsDeriveTheirVerdictLines() {
    trace::Step step;
    step.kind = trace::StepKind::Merge;
    step.log = {"one more line"};
    trace::MergeInfo info;
    info.refusal = "a cycle";
    info.verdicts = {{"pointwise", false, "has a reduction"}, {"reduction", true, ""}};
    step.merge = info;
    const std::vector<std::string> whole{"a cycle", "pointwise: has a reduction", "reduction: accepted",
                                         "one more line"};
    QCOMPARE(step.logLines(), whole);
    trace::Trace t;
    t.record(step);
    const std::string saved = trace::traceToJson(t);
    QVERIFY(saved.find("\"pointwise: has a reduction\"") != std::string::npos);
    auto loaded = trace::traceFromJson(saved);
    QVERIFY(loaded.ok());
    QCOMPARE(loaded->step(0).log, std::vector<std::string>{"one more line"});
    QCOMPARE(loaded->step(0).logLines(), whole);
    // A log written without the verdict lines (by hand) is kept as it is.
    std::string handWritten = saved;
    const std::string derived = "\"a cycle\",\"pointwise: has a reduction\",\"reduction: accepted\",";
    QVERIFY(handWritten.find(derived) != std::string::npos);
    handWritten.erase(handWritten.find(derived), derived.size());
    auto kept = trace::traceFromJson(handWritten);
    QVERIFY(kept.ok());
    QCOMPARE(kept->step(0).log, std::vector<std::string>{"one more line"});
  }

  void mergeTraceJsonStoresEachFusionAndPartitionOnce() {
    const std::string saved = trace::traceToJson(mergeTrace());
    const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(saved)).object();
    QCOMPARE(root["version"].toInt(), 3);
    const QJsonArray snapshots = root["snapshots"].toArray();
    // load (fusion A), merge partitions p0 and p1 over A, finalize (fusion B, p1 again).
    QCOMPARE(snapshots.size(), 4);
    QVERIFY(snapshots[0].toObject()["fusion"].isObject());
    QVERIFY(!snapshots[0].toObject().contains("partition"));
    QCOMPARE(snapshots[1].toObject()["fusion_of"].toInt(), 0);
    QCOMPARE(snapshots[2].toObject()["fusion_of"].toInt(), 0);
    QVERIFY(snapshots[1].toObject()["partition"].isObject());
    QVERIFY(snapshots[2].toObject()["partition"].isObject());
    QVERIFY(snapshots[3].toObject()["fusion"].isObject());
    QCOMPARE(snapshots[3].toObject()["partition_of"].toInt(), 2);
    const QJsonObject p1 = snapshots[2].toObject()["partition"].toObject();
    QVERIFY(p1["group_of_expr"].isArray());
    QCOMPARE(p1["group_of_expr"].toArray().size(), 3);
    // Pass steps carry no merge object.
    const QJsonArray steps = root["steps"].toArray();
    QVERIFY(!steps[1].toObject().contains("merge"));
    QCOMPARE(steps[2].toObject()["merge"].toObject()["accepted"].toString(), QString("pointwise"));
  }

  void version1TraceStillLoads() {
    auto loaded = trace::traceFromJson(kVersion1Trace);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
    QCOMPARE(loaded->size(), std::size_t{2});
    QCOMPARE(loaded->source, std::string("old.py"));
    const trace::Step& load = loaded->step(0);
    QCOMPARE(load.kind, trace::StepKind::Load);
    QVERIFY(!load.before);
    QVERIFY(!load.merge);
    QVERIFY(!load.after->partition);
    QVERIFY(QString::fromStdString(load.after->fusion->print()).contains("neg(T0)"));
    QCOMPARE(loaded->step(1).before, loaded->step(1).after);
    QCOMPARE(loaded->step(1).milliseconds, 0.125);
    // Saved again it is a current trace that reloads to the same text.
    const std::string again = trace::traceToJson(loaded.value());
    auto reloaded = trace::traceFromJson(again);
    QVERIFY(reloaded.ok());
    QCOMPARE(QString::fromStdString(trace::traceToJson(reloaded.value())), QString::fromStdString(again));
  }

  void badPartitionReferencesAreErrors() {
    const std::string saved = trace::traceToJson(mergeTrace());
    const auto broken = [&](const std::string& from, const std::string& to) {
      std::string s = saved;
      const std::size_t at = s.find(from);
      if (at == std::string::npos) return std::string();
      return s.replace(at, from.size(), to);
    };
    // A partition naming a group it does not list.
    std::string text = broken("\"group_of_expr\":[0,1,2]", "\"group_of_expr\":[0,1,9]");
    QVERIFY(!text.empty());
    auto r = trace::traceFromJson(text);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains("unknown group 9"), r.error().message.c_str());
    // "fusion_of" naming a snapshot that is not (yet) there.
    text = broken("\"fusion_of\":0", "\"fusion_of\":7");
    QVERIFY(!text.empty());
    r = trace::traceFromJson(text);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains("fusion_of"), r.error().message.c_str());
    QVERIFY(!trace::traceFromJson(R"({"format": "segscope-trace", "version": 4, "snapshots": [], "steps": []})").ok());
  }

  // A merge's or a move's partition is written as its delta on the partition an earlier
  // snapshot wrote (a whole table per merge step made traces quadratic), and reads back as
  // the same tables, to the same text.
  void partitionDeltasAreWrittenAsDeltas() {
    auto f = std::shared_ptr<const ir::Fusion>(chain());
    const std::vector<int> e = exprIds(*f);
    const auto base =
        partition(e, {0, 1, 2}, {{0, "pointwise", false}, {1, "pointwise", false}, {2, "expr_eval", true}});
    const auto merged = trace::Partition::afterMerge(base, {0, 1}, {3, "pointwise", false});
    const auto moved = trace::Partition::afterMove(merged, {{e[2], 3}}, {3, "reduction", false});
    trace::MergeInfo info;
    info.groups = {0, 1};
    info.accepted = "pointwise";
    trace::Trace t;
    t.record(mergeStep(snapshot(f, base), snapshot(f, merged), info));
    t.record(mergeStep(snapshot(f, merged), snapshot(f, moved), info));
    const std::string saved = trace::traceToJson(t);
    const QJsonArray snapshots =
        QJsonDocument::fromJson(QByteArray::fromStdString(saved)).object()["snapshots"].toArray();
    QCOMPARE(snapshots.size(), 4);
    QVERIFY(snapshots[0].toObject()["partition"].isObject());
    const QJsonObject merge = snapshots[1].toObject()["partition_merge"].toObject();
    QCOMPARE(merge["of"].toInt(), 0);
    QCOMPARE(merge["merged"].toArray().size(), 2);
    QCOMPARE(snapshots[2].toObject()["partition_of"].toInt(), 1);
    QCOMPARE(snapshots[3].toObject()["partition_move"].toObject()["of"].toInt(), 1);
    auto loaded = trace::traceFromJson(saved);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
    QVERIFY(loaded->step(0).after->partition->table() == merged->table());
    QVERIFY(loaded->step(1).after->partition->table() == moved->table());
    QCOMPARE(QString::fromStdString(trace::traceToJson(loaded.value())), QString::fromStdString(saved));
    // A delta naming a group its base does not have is an error, not a partition.
    std::string broken = saved;
    const std::string names = "\"merged\":[0,1]";
    QVERIFY(broken.find(names) != std::string::npos);
    broken.replace(broken.find(names), names.size(), "\"merged\":[0,9]");
    const auto bad = trace::traceFromJson(broken);
    QVERIFY(!bad.ok());
    QVERIFY2(QString::fromStdString(bad.error().message).contains("unknown group 9"), bad.error().message.c_str());
  }

  void partitionDiffOfAMergeListsRegroupedExprs() {
    auto f = chain();
    const std::vector<int> e = exprIds(*f);
    const auto before = partition(e, {0, 1, 2}, {{0, "pointwise", false}, {1, "pointwise", false}, {2, "none", false}});
    // Groups 0 and 1 merge into 3; group 2 is renumbered 5 but keeps its exprs, so it is unchanged.
    const auto after = partition(e, {3, 3, 5}, {{3, "pointwise", false}, {5, "none", false}});
    const trace::PartitionDiff d = trace::diff(*before, *after);
    QCOMPARE(d.regrouped.size(), std::size_t{2});
    QCOMPARE(d.regrouped[0].expr, e[0]);
    QCOMPARE(d.regrouped[0].groupBefore, 0);
    QCOMPARE(d.regrouped[0].groupAfter, 3);
    QCOMPARE(d.regrouped[1].expr, e[1]);
    QCOMPARE(d.regrouped[1].groupBefore, 1);
    QCOMPARE(d.regrouped[1].groupAfter, 3);
    int added = 0, removed = 0;
    for (const trace::Change& c : d.groups) {
      QVERIFY(c.kind != trace::ChangeKind::Changed);
      added += c.kind == trace::ChangeKind::Added;
      removed += c.kind == trace::ChangeKind::Removed;
      if (c.kind == trace::ChangeKind::Added) QCOMPARE(c.id, 3);
    }
    QCOMPARE(added, 1);
    QCOMPARE(removed, 2);
    const QString text = QString::fromStdString(d.toText(f.get()));
    QVERIFY2(text.contains(QString("+ group 3 pointwise {%1, %2}").arg(e[0]).arg(e[1])), qPrintable(text));
    QVERIFY2(text.contains(QString("- group 0 pointwise {%1}").arg(e[0])), qPrintable(text));
    QVERIFY2(text.contains(QString("~ expr %1 (%2): group 0 -> 3")
                               .arg(e[0])
                               .arg(QString::fromStdString(f->exprById(e[0])->toString()))),
             qPrintable(text));
    QVERIFY2(!text.contains("group 5"), qPrintable(text));
  }

  void partitionDiffOfIdenticalPartitionsIsEmpty() {
    auto f = chain();
    const std::vector<int> e = exprIds(*f);
    const auto p = partition(e, {0, 0, 1}, {{0, "pointwise", false}, {1, "expr_eval", true}});
    const trace::PartitionDiff d = trace::diff(*p, *p);
    QVERIFY(d.empty());
    QVERIFY(d.toText().empty());
    // Equal contents in another object, and the same groups under other ids: still nothing.
    const auto renumbered = partition(e, {4, 4, 2}, {{2, "expr_eval", true}, {4, "pointwise", false}});
    QVERIFY(trace::diff(*p, *renumbered).empty());
  }

  void partitionDiffNamesSchedulerChangesAndMoves() {
    auto f = chain();
    const std::vector<int> e = exprIds(*f);
    const auto before = partition(e, {0, 0, 1}, {{0, "none", false}, {1, "none", false}});
    // Same groups, a scheduler chosen for one: a changed group, no regrouped expr.
    const auto scheduled = partition(e, {0, 0, 1}, {{0, "pointwise", false}, {1, "none", false}});
    trace::PartitionDiff d = trace::diff(*before, *scheduled);
    QVERIFY(d.regrouped.empty());
    QCOMPARE(d.groups.size(), std::size_t{1});
    QCOMPARE(d.groups[0].kind, trace::ChangeKind::Changed);
    QCOMPARE(d.groups[0].reason, std::string("scheduler none -> pointwise"));
    // The middle expr moves from group 0 to group 1: all three exprs have other companions now,
    // including the first one, which kept its group id.
    const auto moved = partition(e, {0, 1, 1}, {{0, "none", false}, {1, "none", false}});
    d = trace::diff(*before, *moved);
    QCOMPARE(d.regrouped.size(), std::size_t{3});
    QCOMPARE(d.regrouped[0].groupBefore, 0);
    QCOMPARE(d.regrouped[0].groupAfter, 0);
    // An expr leaving every group is regrouped too (to none).
    const auto out = partition(e, {0, 0, -1}, {{0, "none", false}, {1, "none", false}});
    d = trace::diff(*before, *out);
    QCOMPARE(d.regrouped.size(), std::size_t{1});
    QCOMPARE(d.regrouped[0].groupAfter, -1);
    QVERIFY(QString::fromStdString(d.toText()).contains(QString("~ expr %1: group 1 -> none").arg(e[2])));
  }

  // Finalize's prologue copies are stored as moves on one full table: read back, each must be
  // the table they stand for, whether stacked on moves, merges, or a group they append.
  void moveDeltasReadBackAsTheirTables() {
    trace::PartitionTable t;
    t.groupOfExpr = {0, 0, 1, -1};
    t.groups = {{0, "pointwise", false}, {1, "reduction", false}};
    auto base = std::make_shared<const trace::Partition>(t);
    // expr 3 (a prologue) joins group 0, which becomes inner_persistent
    auto moved = trace::Partition::afterMove(base, {{3, 0}}, {0, "inner_persistent", false});
    QCOMPARE(moved->groupOfExpr(), (std::vector<int>{0, 0, 1, 0}));
    QCOMPARE(moved->groups().front().scheduler, std::string("inner_persistent"));
    QCOMPARE(moved->group(0)->scheduler, std::string("inner_persistent"));
    QCOMPARE(base->groups().front().scheduler, std::string("pointwise"));  // the base is untouched
    // a standalone prologue group appended, holding a new expr 5
    auto added = trace::Partition::afterMove(moved, {{5, 2}}, {2, "pointwise", false});
    QCOMPARE(added->groupOfExpr(), (std::vector<int>{0, 0, 1, 0, -1, 2}));
    QCOMPARE(static_cast<int>(added->groups().size()), 3);
    QCOMPARE(added->groups().back().id, 2);
    // a merge on top of moves, and a move on top of a merge
    auto merged = trace::Partition::afterMerge(added, {0, 2}, {7, "pointwise", false});
    QCOMPARE(merged->groupOfExpr(), (std::vector<int>{7, 7, 1, 7, -1, 7}));
    QCOMPARE(static_cast<int>(merged->groups().size()), 2);
    auto onMerge = trace::Partition::afterMove(trace::Partition::afterMerge(base, {0, 1}, {4, "reduction", false}),
                                               {{3, 4}}, {4, "inner_persistent", false});
    QCOMPARE(onMerge->groupOfExpr(), (std::vector<int>{4, 4, 4, 4}));
    QCOMPARE(static_cast<int>(onMerge->groups().size()), 1);
    QCOMPARE(onMerge->groups().front().scheduler, std::string("inner_persistent"));
    QVERIFY(onMerge->storedBytes() < base->storedBytes() + sizeof(trace::PartitionGroup));
  }

  // An outcome-only run folds a run of bare refusals (same phase, round, refusal) into one step
  // that counts them all; a step with details, an accepted merge or another round starts anew.
  void bareRefusalsFoldIntoOneStepThatCountsThem() {
    const auto bare = [](int round, std::string refusal = {}) {
      trace::Step s;
      s.kind = trace::StepKind::Merge;
      s.phase = trace::Phase::CombineReductions;
      s.merge = trace::MergeInfo{};
      s.merge->round = round;
      s.merge->refusal = std::move(refusal);
      return s;
    };
    trace::Trace t;
    for (int i = 0; i < 5; ++i) t.record(bare(0));
    t.record(bare(0, "the segment_set hint T3 would end up inside one segment"));
    t.record(bare(1));
    t.record(bare(1));
    trace::Step accepted = bare(1);
    accepted.modified = true;
    accepted.merge->accepted = "pointwise";
    t.record(accepted);
    trace::Step detailed = bare(1);
    detailed.name = "refuse g1 + g2";
    detailed.merge->groups = {1, 2};
    t.record(detailed);
    t.record(bare(1));
    QCOMPARE(t.size(), std::size_t{6});
    QCOMPARE(t.step(0).merge->repeats, 5);
    QCOMPARE(t.step(1).merge->repeats, 1);
    QCOMPARE(t.step(2).merge->repeats, 2);
    QCOMPARE(t.recordedSteps(), std::size_t{11});
    const trace::Trace::MergeCounts counts = t.mergeCounts();
    QCOMPARE(counts.attempts, 11);
    QCOMPARE(counts.refused, 10);
    // The fold survives the JSON: a trace read back counts the same attempts.
    auto back = trace::traceFromJson(trace::traceToJson(t));
    QVERIFY(back);
    QCOMPARE(back->mergeCounts().attempts, 11);
    QCOMPARE(back->recordedSteps(), std::size_t{11});
  }

  void malformedTraceIsAnError() {
    QVERIFY(!trace::traceFromJson("{").ok());
    QVERIFY(!trace::traceFromJson(R"({"format": "other"})").ok());
    auto r = trace::traceFromJson(
        R"({"format": "segscope-trace", "version": 1, "snapshots": [], "steps": [{"kind": "warp"}]})");
    QVERIFY(!r.ok());
    QVERIFY(QString::fromStdString(r.error().message).contains("warp"));
  }
};

QTEST_APPLESS_MAIN(TestTrace)
#include "test_trace.moc"
