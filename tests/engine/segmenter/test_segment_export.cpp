// Segment export: standalone fusions that keep ids and verify, index maps, extents of
// values outside the segment, and scripts that parse back to the same ops.
#include <QtTest>

#include <sstream>

#include "frontend/script.h"
#include "frontend/writer.h"
#include "ir/ops.h"
#include "passes/pre_segmenter.h"
#include "segmentation_support.h"
#include "segmenter/segment_export.h"
#include "test_files.h"

using namespace segscope;
using segmenter::ArgSource;
using segmenter::SegmentExport;

namespace {

frontend::Script parse(const std::string& text) {
  frontend::ParseOutcome o = frontend::parseScript(text);
  if (!o.ok()) qFatal("%s", o.error.format().c_str());
  return std::move(*o.script);
}

frontend::Script load(const QString& path, bool presegment) {
  frontend::ParseOutcome o = frontend::loadScriptFile(path.toStdString());
  if (!o.ok()) qFatal("%s", o.error.format().c_str());
  if (presegment) passes::runPreSegmenter(*o.script->fusion);
  return std::move(*o.script);
}

template <class R>
auto ok(R r) {
  if (!r) qFatal("error: %s", r.error().message.c_str());
  return std::move(r).value();
}

// What "the same ops" means across a write/parse: op, outputs (names, dtypes, ranks) and
// tensor operands by name. Scalar operands are counted only: the parser renames an extent
// input when its own input extents take the name first.
std::string signature(const ir::Expr* e) {
  std::string s(e->opName());
  for (const ir::Val* o : e->outputs()) {
    s += " " + o->name() + ":" + std::string(ir::dataTypeName(o->dtype()));
    if (const ir::TensorView* t = o->asTensor()) s += "/" + std::to_string(t->rank());
  }
  int scalars = 0;
  for (std::size_t i = 0; i < e->numOperands(); ++i) {
    if (e->operand(i)->isTensor())
      s += " " + e->operand(i)->name();
    else
      ++scalars;
  }
  return s + " scalars=" + std::to_string(scalars);
}

// Exprs of the reloaded script, without what the writer adds: fd.ops.size reads of extents
// that exprs use directly, and fd.ops.full wrapping scalar outputs into tensors.
std::vector<std::string> signatures(const ir::Fusion& f, const ir::Fusion* original = nullptr) {
  std::vector<std::string> out;
  for (const ir::Expr* e : f.exprs()) {
    const ir::Val* same = original ? original->valByName(e->output()->name()) : nullptr;
    const bool added = e->op() == ir::OpType::Size || e->op() == ir::OpType::Full;
    if (original && added && (!same || !same->definition())) continue;
    out.push_back(signature(e));
  }
  return out;
}

// The print, less scalar outputs (written as 0-dim tensors) and the writer's wrappers.
std::string printWithoutScalarOutputs(const ir::Fusion& f) {
  std::string out;
  std::istringstream in(f.print());
  for (std::string line; std::getline(in, line);) {
    if (line.find("_tensor") != std::string::npos) continue;
    const ir::Val* v = f.valByName(line.substr(line.find_first_not_of(' ')));
    if (v && v->isScalar() && f.isOutput(v)) continue;
    out += line + "\n";
  }
  return out;
}

// `samePrint`: the reloaded fusion must print like the exported one (less scalar outputs).
// Not after the passes: the script carries no axioms, and reloading forgets which extents
// ExactMappedExtentSubstitution made equal.
QString checkExport(const segmenter::Segmentation& s, const SegmentExport& x, bool samePrint) {
  const segmenter::Segment& seg = s.segments[static_cast<std::size_t>(x.segment)];
  if (!x.fusion->verify().ok()) return "verify: " + QString::fromStdString(x.fusion->verify().error().message);
  if (x.fusion->inputs().size() != seg.inputs.size()) return "input count differs";
  for (std::size_t i = 0; i < seg.inputs.size(); ++i)
    if (x.fusion->inputs()[i]->id() != seg.inputs[i]->id() || x.inputValId[i] != seg.inputs[i]->id())
      return "input " + QString::number(i) + " has another id";
  if (x.fusion->outputs().size() != seg.outputs.size()) return "output count differs";
  for (std::size_t i = 0; i < seg.outputs.size(); ++i)
    if (x.fusion->outputs()[i].val->id() != seg.outputs[i]->id())
      return "output " + QString::number(i) + " has another id";
  const std::vector<ir::Expr*> exprs = x.fusion->exprs();
  if (exprs.size() != seg.exprs.size()) return "expr count differs";
  for (const ir::Expr* e : seg.exprs) {
    const ir::Expr* copy = x.fusion->exprById(e->id());
    if (!copy || copy->op() != e->op() || copy->attrs().dims != e->attrs().dims)
      return "expr " + QString::number(e->id()) + " lost";
    for (std::size_t i = 0; i < e->outputs().size(); ++i)
      if (copy->output(i)->id() != e->output(i)->id()) return "expr output ids differ";
  }
  const frontend::ParseOutcome back = frontend::parseScript(x.script);
  if (!back.ok()) return QString::fromStdString(back.error.format() + "\n" + x.script);
  if (signatures(*back.script->fusion, x.fusion.get()) != signatures(*x.fusion))
    return QString::fromStdString("the script reloads to other ops:\n" + back.script->fusion->print() +
                                  "\nexported:\n" + x.fusion->print());
  if (back.script->fusion->inputs().size() != x.fusion->inputs().size()) return "reloaded input count differs";
  if (!back.script->inputsFromFooter) return "the footer was not accepted";
  if (!back.script->warnings.empty())
    return QString::fromStdString("warning: " + back.script->warnings.front().format());
  if (samePrint && printWithoutScalarOutputs(*back.script->fusion) != printWithoutScalarOutputs(*x.fusion))
    return QString::fromStdString("print differs:\n" + back.script->fusion->print() + "\nexported:\n" +
                                  x.fusion->print());
  return {};
}

}  // namespace

class TestSegmentExport : public QObject {
  Q_OBJECT

 private slots:
  void everySegmentOfEverySample_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("presegment");
    QTest::addColumn<int>("grouping");  // 0: one per expr, 1: whole fusion, 2: host scalar segment
    for (const QString& f : testing::sampleFiles())
      for (bool pre : {false, true})
        for (int g : {0, 1, 2})
          QTest::newRow(qPrintable(QFileInfo(f).fileName() + (pre ? " presegmented" : "") + " g" + QString::number(g)))
              << f << pre << g;
  }
  void everySegmentOfEverySample() {
    QFETCH(QString, path);
    QFETCH(bool, presegment);
    QFETCH(int, grouping);
    const frontend::Script script = load(path, presegment);
    const ir::Fusion& f = *script.fusion;
    const auto groups = grouping == 0   ? testing::exprPerSegment(f)
                        : grouping == 1 ? testing::wholeFusion(f)
                                        : testing::hostScalarSegment(f);
    const auto s = testing::makeSegmentation(f, groups);
    QVERIFY(s.has_value());
    segmenter::ExportOptions options;
    options.fusionInputs = &script.inputs;
    const auto all = segmenter::exportAllSegments(*s, options);
    QVERIFY2(all.ok(), all.ok() ? "" : all.error().message.c_str());
    QCOMPARE(all.value().size(), s->segments.size());
    for (std::size_t i = 0; i < all.value().size(); ++i) {
      QCOMPARE(all.value()[i].segment, s->runOrder[i]);
      const QString problem = checkExport(*s, all.value()[i], !presegment);
      QVERIFY2(problem.isEmpty(), qPrintable("segment " + QString::number(all.value()[i].segment) + ": " + problem));
    }
  }

  void wholeFusionKeepsTheFusionsInterface() {
    const frontend::Script script = load(testing::sampleFiles().front(), false);
    const auto s = testing::makeSegmentation(*script.fusion, testing::wholeFusion(*script.fusion));
    const SegmentExport x = ok(segmenter::exportSegment(*s, 0));
    for (std::size_t i = 0; i < x.inputIndex.size(); ++i) QCOMPARE(x.inputSource[i], ArgSource::FusionInput);
    for (int index : x.outputIndex) QVERIFY(index >= 0);
  }

  void indexMaps() {
    const frontend::Script script = parse(R"(
def fusion(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    S2 = fd.define_scalar(None, dtype=DataType.Double)
    T3 = fd.ops.mul(T0, S2)
    T4 = fd.ops.add(T3, T1)
    T5 = fd.ops.exp(T4)
    T6 = fd.ops.sum(T5, dims=[1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T6)
    fd.add_output(T4)
)");
    const ir::Fusion& f = *script.fusion;
    const auto s = testing::makeSegmentation(f, {{2, 3}, {0, 1}});
    QVERIFY(s.has_value());
    QCOMPARE(s->runOrder, (std::vector<int>{1, 0}));
    const auto all = ok(segmenter::exportAllSegments(*s));
    const SegmentExport& first = all[0];
    QCOMPARE(first.segment, 1);
    QCOMPARE(first.inputIndex, (std::vector<int>{0, 2, 1}));  // T0, S2, T1 in the order the exprs read them
    QCOMPARE(first.inputValId,
             (std::vector<int>{f.valByName("T0")->id(), f.valByName("S2")->id(), f.valByName("T1")->id()}));
    QCOMPARE(first.inputProducer, (std::vector<int>{-1, -1, -1}));
    QCOMPARE(first.outputIndex, (std::vector<int>{1}));  // T4: fusion output 1, also read by segment 0
    QCOMPARE(first.outputValId, (std::vector<int>{f.valByName("T4")->id()}));
    const SegmentExport& second = all[1];
    QCOMPARE(second.inputIndex, (std::vector<int>{-1}));
    QCOMPARE(second.inputSource, (std::vector<ArgSource>{ArgSource::Segment}));
    QCOMPARE(second.inputProducer, (std::vector<int>{1}));
    QCOMPARE(second.inputValId, (std::vector<int>{f.valByName("T4")->id()}));
    QCOMPARE(second.outputIndex, (std::vector<int>{0}));
    // T4 enters segment 0 with extents of its own (not T0's, which segment 0 cannot see).
    const ir::TensorView* t4 = second.fusion->inputs()[0]->asTensor();
    for (int d = 0; d < 2; ++d) {
      const auto* e = static_cast<const ir::Scalar*>(t4->dim(static_cast<std::size_t>(d)).extent.sym);
      QVERIFY(e && e->extentOf() == t4 && e->extentDim() == d);
      QVERIFY(!f.valById(e->id()));  // a fresh id, above the complete fusion's
    }
    QCOMPARE(QString::fromStdString(t4->shapeString()), QString("[T4.size0, T4.size1]"));
    QVERIFY(second.fusion->print().find("T6 = sum(T5") != std::string::npos);
    QCOMPARE(QString::fromStdString(std::string(segmenter::argSourceName(ArgSource::Extent))), QString("extent"));
  }

  // After ExactMappedExtentSubstitution an expr may read an input's extent directly: the
  // segment takes it as a scalar input (source Extent when its tensor is elsewhere), and
  // the writer reads it off its tensor with fd.ops.size when the tensor is in the script.
  void extentsReadDirectly() {
    ir::Fusion f;
    f.setName("extents");
    std::vector<ir::Dim> dims;
    for (int d = 0; d < 2; ++d)
      dims.push_back(ir::Dim{ir::SymInt::symbolic(f.newScalar(ir::DataType::Index)), ir::IterKind::Iteration});
    ir::TensorView* t0 = f.newTensor(ir::DataType::Float, dims);
    for (int d = 0; d < 2; ++d)
      static_cast<ir::Scalar*>(t0->dim(static_cast<std::size_t>(d)).extent.sym)->setExtentOf(t0, d);
    f.addInput(t0);
    ir::Val* i0 = t0->dim(0).extent.sym;
    ir::Val* i1 = t0->dim(1).extent.sym;
    ir::Val* t1 = ok(ir::ops::unary(f, ir::OpType::Neg, t0));
    ir::Val* t2 = ok(ir::ops::reshape(f, t1, {ir::SymInt::symbolic(i1), ir::SymInt::symbolic(i0)}));
    ir::Val* t3 = ok(ir::ops::reshape(f, t0, {ir::SymInt::symbolic(i0), ir::SymInt::symbolic(i1)}));
    f.addOutput(t2);
    f.addOutput(t3);
    QVERIFY(f.verify().ok());

    // The writer fix on its own: the whole fusion's script parses.
    const std::string whole = frontend::writeScript(f, {});
    QVERIFY2(whole.find(i1->name() + " = fd.ops.size(") != std::string::npos, whole.c_str());
    const frontend::ParseOutcome back = frontend::parseScript(whole);
    QVERIFY2(back.ok(), back.ok() ? "" : (back.error.format() + whole).c_str());

    const auto s = testing::makeSegmentation(f, testing::exprPerSegment(f));
    const auto all = ok(segmenter::exportAllSegments(*s));
    for (const SegmentExport& x : all) {
      const QString problem = checkExport(*s, x, false);  // the writer adds fd.ops.size reads
      QVERIFY2(problem.isEmpty(), qPrintable(problem));
      const ir::Expr* e = x.fusion->exprs().front();
      if (e->output()->id() == t2->id()) {  // reads T1 (a segment value) and both extents of T0 (not here)
        QCOMPARE(x.inputSource, (std::vector<ArgSource>{ArgSource::Segment, ArgSource::Extent, ArgSource::Extent}));
        QVERIFY(!static_cast<const ir::Scalar*>(x.fusion->inputs()[1])->extentOf());  // plain scalar inputs here
      }
      if (e->output()->id() == t3->id()) {  // T0 is here, so its extents measure the copy
        QCOMPARE(x.inputSource, (std::vector<ArgSource>{ArgSource::FusionInput, ArgSource::Extent, ArgSource::Extent}));
        const auto* e0 = static_cast<const ir::Scalar*>(x.fusion->inputs()[1]);
        QCOMPARE(e0->extentOf(), x.fusion->inputs()[0]->asTensor());
      }
    }
  }

  // With the fusion's input specs, intermediates get the sizes and host scalar values those
  // imply (an expanded broadcast arrives with stride 0), so a segment script runs as is.
  void footersCarryIntermediateSizes() {
    const frontend::Script script = load(QString(SEGSCOPE_SOURCE_DIR) + "/samples/dynamic_reshape.py", false);
    const auto s = testing::makeSegmentation(*script.fusion, testing::hostScalarSegment(*script.fusion));
    segmenter::ExportOptions options;
    options.fusionInputs = &script.inputs;
    const auto all = ok(segmenter::exportAllSegments(*s, options));
    const ir::Val* t7 = script.fusion->valByName("T7");
    const ir::Val* s2 = script.fusion->valByName("S2");
    bool sawT7 = false;
    for (const SegmentExport& x : all) {
      const frontend::Script back = parse(x.script);
      for (std::size_t i = 0; i < x.inputValId.size(); ++i) {
        if (x.inputValId[i] == t7->id()) {
          sawT7 = true;
          QCOMPARE(back.inputs[i].sizes, (std::vector<std::int64_t>{4, 512, 1024}));
          QCOMPARE(back.inputs[i].strides, (std::vector<std::int64_t>{0, 0, 1}));
        }
        if (x.inputValId[i] == s2->id()) QCOMPARE(ir::scalarAsDouble(*back.inputs[i].value), 16.0);  // a fusion input
        if (x.inputSource[i] == ArgSource::Segment && !x.fusion->inputs()[i]->isTensor())
          QVERIFY(ir::scalarAsDouble(*back.inputs[i].value) >= 4.0);  // S4, S5, S6: 4, 512, 1024
      }
    }
    QVERIFY(sawT7);
  }

  void segmentsReadingUnknownValuesAreErrors() {
    const frontend::Script script = load(testing::sampleFiles().front(), false);
    auto s = testing::makeSegmentation(*script.fusion, testing::exprPerSegment(*script.fusion));
    QVERIFY(s->segments.size() > 1);
    s->segments[1].inputs.clear();  // a segment whose inputs do not cover what it reads
    const auto x = segmenter::exportSegment(*s, 1);
    QVERIFY(!x.ok());
    QVERIFY(x.error().message.find("segment 1") != std::string::npos);
    QVERIFY(!segmenter::exportSegment(*s, 99).ok());
  }
};

QTEST_APPLESS_MAIN(TestSegmentExport)
#include "test_segment_export.moc"
