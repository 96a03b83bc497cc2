// Trace core: diffs name what changed and why; fusions and whole traces survive a JSON
// round trip with every id; snapshots are shared when a step changed nothing.
#include <QtTest>

#include "frontend/file_io.h"
#include "frontend/script.h"
#include "ir/ops.h"
#include "passes/pre_segmenter.h"
#include "trace/diff.h"
#include "trace/trace.h"
#include "trace/trace_json.h"
#include "test_files.h"

using namespace segscope;

namespace {

std::unique_ptr<ir::Fusion> load(const QString& path) {
  frontend::ParseOutcome o = frontend::loadScriptFile(path.toStdString());
  return o.ok() ? std::move(o.script->fusion) : nullptr;
}

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
        QVERIFY2(QString::fromStdString(ch.reason).contains("inputs [" + QString::fromStdString(a->name()) + "] -> [T0]"),
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

  void malformedTraceIsAnError() {
    QVERIFY(!trace::traceFromJson("{").ok());
    QVERIFY(!trace::traceFromJson(R"({"format": "other"})").ok());
    auto r = trace::traceFromJson(R"({"format": "segscope-trace", "version": 1, "snapshots": [], "steps": [{"kind": "warp"}]})");
    QVERIFY(!r.ok());
    QVERIFY(QString::fromStdString(r.error().message).contains("warp"));
  }
};

QTEST_APPLESS_MAIN(TestTrace)
#include "test_trace.moc"
