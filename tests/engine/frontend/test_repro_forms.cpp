// Forms nvFuser's own test_repro.py uses that a printed repro does not: fd.from_pytorch on a
// footer input, arithmetic in footer sizes, T.shape() as a shape, op calls nested as
// arguments, pad widths given by scalars, an index_select index that is already broadcast; and
// spellings people paste (inputs before the definition, 2022 fd.ops.view, V = T.shape()).
#include <QtTest>

#include "frontend/script.h"
#include "frontend/writer.h"

using namespace segscope;
using namespace segscope::frontend;

namespace {

Script parseOk(const std::string& text) {
  ParseOutcome o = parseScript(text);
  if (!o.ok()) qWarning("%s", o.error.format().c_str());
  if (!o.ok()) return Script{};
  return std::move(*o.script);
}

std::string script(const std::string& body, const std::string& inputs) {
  return "def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n" + body +
         "\nwith FusionDefinition() as fd:\n    nvfuser_fusion_id0(fd)\n\ninputs = [\n" + inputs +
         "]\nfd.execute(inputs)\n";
}

const ir::TensorView* input(const Script& s, std::size_t i) { return s.fusion->inputs()[i]->asTensor(); }

// What a loaded script writes back must load again and print the same fusion.
void checkRoundTrip(const Script& s) {
  const std::string written = writeScript(*s.fusion, s.inputs, {});
  ParseOutcome again = parseScript(written);
  QVERIFY2(again.ok(), again.ok() ? "" : (again.error.format() + written).c_str());
  QCOMPARE(QString::fromStdString(again.script->fusion->print()), QString::fromStdString(s.fusion->print()));
}

}  // namespace

class TestReproForms : public QObject {
  Q_OBJECT

 private slots:
  // python/nvfuser_direct/__init__.py from_pytorch → define_tensor(sizes, strides): symbolic
  // extents except 1, contiguity and stride order from the strides, is_cpu for a 0-d CPU tensor.
  void fromPytorchReadsTheFooterInput() {
    Script s = parseOk(script(
        R"(    T0 = fd.from_pytorch(inputs[0])
    T1 = fd.from_pytorch(inputs[1])
    T2 = fd.from_pytorch(inputs[-1], static_sizes=True)
    T3 = fd.ops.add(T1, T0)
    T4 = fd.ops.add(T2, T3)
    fd.add_output(T4)
)",
        "    torch.tensor(2.0, device=\"cpu\", dtype=torch.float),\n"
        "    torch.randn((2 * 32,), dtype=torch.float32, device=\"cuda:0\").as_strided((2, 32, 1), (32, 1, 32)),\n"
        "    torch.randn(2, 32, 1, device=\"cuda\"),\n"));
    QVERIFY(s.fusion);
    QVERIFY(s.inputsFromFooter);
    QVERIFY(input(s, 0)->isCpu());
    QCOMPARE(input(s, 0)->rank(), 0);
    const ir::TensorView* t1 = input(s, 1);
    QVERIFY(!t1->isCpu());
    QVERIFY(!t1->dim(0).extent.isConst());
    QCOMPARE(t1->dim(2).kind, ir::IterKind::Broadcast);
    QCOMPARE(t1->strideOrder(), (std::vector<std::int64_t>{2, 0, 1}));
    QCOMPARE(t1->contiguity(), (std::vector<std::optional<bool>>{true, std::nullopt, true}));
    QCOMPARE(s.inputs[1].sizes, (std::vector<std::int64_t>{2, 32, 1}));
    QCOMPARE(QString::fromStdString(input(s, 2)->shapeString()), QString("[2, 32, b1]"));
    checkRoundTrip(s);
  }

  void footerSizesMayUsePythonArithmetic() {
    Script s = parseOk(script(
        "    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float)\n    fd.add_output(T0)\n",
        "    torch.randn((2 * 32 + 4 // 3 - 7 % 4 + 2 ** 3,), dtype=torch.float32, device='cuda:0'),\n"));
    QVERIFY(s.fusion);
    QCOMPARE(s.inputs[0].sizes, std::vector<std::int64_t>{64 + 1 - 3 + 8});
    Script floorDivision =
        parseOk(script("    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float)\n"
                       "    fd.add_output(T0)\n",
                       "    torch.randn(-7 // 2 + 10 - -7 % 2, device='cuda:0'),\n"));
    QVERIFY(floorDivision.fusion);
    QCOMPARE(floorDivision.inputs[0].sizes, std::vector<std::int64_t>{-4 + 10 - 1});  // Python floors
  }

  void shapeMethodAndNestedCallsAreArguments() {
    Script s = parseOk(script(R"(    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float)
    T2 = fd.define_tensor(shape=[], contiguity=[], dtype=DataType.Float)
    T4 = fd.ops.broadcast_in_dim(T2, shape=T1.shape(), broadcast_dims=[])
    T5 = fd.ops.cast(fd.ops.neg(fd.ops.add(T1, T4)), DataType.BFloat16)
    T6 = fd.ops.reshape(T5, new_shape=fd.ops.shape(T1))
    fd.add_output(T6)
)",
                              "    torch.randn(8, device='cuda:0'),\n    torch.randn((), device='cuda:0'),\n"));
    QVERIFY(s.fusion);
    const ir::Expr* cast = s.fusion->valByName("T5")->definition();
    QCOMPARE(cast->op(), ir::OpType::Cast);
    const ir::Expr* neg = cast->operand(0)->definition();
    QCOMPARE(neg->op(), ir::OpType::Neg);
    QCOMPARE(neg->loc(), (SourceLoc{5, 22}));  // where the nested call is written
    QCOMPARE(neg->operand(0)->definition()->op(), ir::OpType::Add);
    const ir::Expr* bid = s.fusion->valByName("T4")->definition();
    QCOMPARE(bid->attrs().shape.size(), std::size_t{1});
    QCOMPARE(bid->attrs().shape[0].sym->definition()->op(), ir::OpType::Size);
    checkRoundTrip(s);
  }

  // Spellings people paste: `inputs = [...]` built before the definition and bound with
  // fd.from_pytorch; 2022's fd.ops.view(arg, original_shape, new_shape); `V = T.shape()` as a
  // statement of its own.
  void inputsDefinedBeforeTheDefinition() {
    Script s = parseOk(R"(import torch
from nvfuser import FusionDefinition, DataType

inputs = [
    torch.randn(4, 8, device="cuda"),
    torch.randn(8, device="cuda"),
]

def nvfuser_fusion_id0(fd : FusionDefinition) -> None :
    T0 = fd.from_pytorch(inputs[0])
    T1 = fd.from_pytorch(inputs[1])
    T2 = fd.ops.broadcast_in_dim(T1, shape=[4, 8], broadcast_dims=[1])
    T3 = fd.ops.add(T0, T2)
    fd.add_output(T3)

with FusionDefinition() as fd:
    nvfuser_fusion_id0(fd)

fd.execute(inputs)
)");
    QVERIFY(s.fusion);
    QVERIFY(s.inputsFromFooter);
    QCOMPARE(s.inputs.size(), std::size_t{2});
    QCOMPARE(s.inputs[0].sizes, (std::vector<std::int64_t>{4, 8}));
    QCOMPARE(input(s, 1)->rank(), 1);
  }

  void viewOf2022IsAReshape() {
    Script s = parseOk(
        script(R"(    T0 = fd.define_tensor(symbolic_sizes=[-1, -1], contiguous=[True, True], dtype=DataType.Float)
    T1 = fd.ops.view(T0, original_shape=[4, 8], new_shape=[32])
    T2 = fd.ops.view(T1, [32], [2, 16])
    fd.add_output(T2)
)",
               "    torch.randn(4, 8, device='cuda:0'),\n"));
    QVERIFY(s.fusion);
    QCOMPARE(s.fusion->valByName("T1")->definition()->op(), ir::OpType::Reshape);
    QCOMPARE(QString::fromStdString(s.fusion->valByName("T2")->asTensor()->shapeString()), QString("[2, 16]"));
    checkRoundTrip(s);
  }

  void shapeOfATensorAsAStatement() {
    Script s =
        parseOk(script(R"(    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float)
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float)
    V2 = T0.shape()
    T3 = fd.ops.broadcast_in_dim(T1, shape=V2, broadcast_dims=[1])
    T4 = fd.ops.mul(T0, T3)
    fd.add_output(T4)
)",
                       "    torch.randn(4, 8, device='cuda:0'),\n    torch.randn(8, device='cuda:0'),\n"));
    QVERIFY(s.fusion);
    const ir::Expr* bid = s.fusion->valByName("T3")->definition();
    QCOMPARE(bid->attrs().shape.size(), std::size_t{2});
    QCOMPARE(bid->attrs().shape[1].sym->definition()->op(), ir::OpType::Size);
    checkRoundTrip(s);
    ParseOutcome twoNames =
        parseScript(script(R"(    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float)
    V1, V2 = T0.shape()
    fd.add_output(T0)
)",
                           "    torch.randn(4, device='cuda:0'),\n"));
    QVERIFY(!twoNames.ok());
    QVERIFY2(twoNames.error.format().find("returns one vector") != std::string::npos, twoNames.error.format().c_str());
  }

  // tests/cpp/test_resize.cpp ResizeTest.ReshapeToPad: csrc/ops/alias.cpp pad takes Val* widths.
  void padWidthsMayBeScalarInputs() {
    Script s = parseOk(
        script(R"(    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[False, False], dtype=DataType.Float)
    S1 = fd.define_scalar(None, dtype=DataType.Int)
    S2 = fd.define_scalar(None, dtype=DataType.Int)
    T6 = fd.ops.pad(T0, [0, S1, 0, S2])
    fd.add_output(T6)
)",
               "    torch.testing.make_tensor((4, 3), dtype=torch.float32, device='cuda:0'),\n    1,\n    2,\n"));
    QVERIFY(s.fusion);
    const ir::Expr* pad = s.fusion->valByName("T6")->definition();
    QCOMPARE(pad->op(), ir::OpType::Pad);
    QCOMPARE(pad->attrs().padWidths[1].sym, s.fusion->valByName("S1"));
    QCOMPARE(pad->attrs().padWidths[3].sym, s.fusion->valByName("S2"));
    checkRoundTrip(s);
  }

  void indexSelectIndexMayAlreadyBeBroadcast() {
    Script s =
        parseOk(script(R"(    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float)
    T1 = fd.define_tensor(shape=[-1, 1], contiguity=[True, None], dtype=DataType.Int)
    T2 = fd.ops.index_select(T0, T1, dim=0)
    fd.add_output(T2)
)",
                       "    torch.randn(64, 32, device='cuda:0'),\n    torch.randint(0, 64, (16, 1), "
                       "dtype=torch.int64, device='cuda:0'),\n"));
    QVERIFY(s.fusion);
    const ir::TensorView* out = s.fusion->valByName("T2")->asTensor();
    QCOMPARE(out->dim(0).extent, input(s, 1)->dim(0).extent);
    QCOMPARE(out->dim(1).extent, input(s, 0)->dim(1).extent);
  }

  // The define_tensor(sizes, strides) overload goes through the same descriptor as from_pytorch.
  void sizesAndStridesGiveContiguityAndStrideOrder() {
    Script s =
        parseOk(script(R"(    T0 = fd.define_tensor(sizes=[4, 1], strides=[1, 1], dtype=DataType.Double, is_cpu=False)
    T1 = fd.define_tensor(sizes=[4, 4], strides=[1, 4], dtype=DataType.Double, is_cpu=False)
    T2 = fd.ops.add(T0, T1)
    fd.add_output(T2)
)",
                       "    torch.ones(4, 1, dtype=torch.float64, device='cuda:0'),\n"
                       "    torch.ones(16, dtype=torch.float64, device='cuda:0').as_strided((4, 4), (1, 4)),\n"));
    QVERIFY(s.fusion);
    QCOMPARE(QString::fromStdString(input(s, 0)->shapeString()).count("b1"), 1);
    QVERIFY(!input(s, 0)->dim(0).extent.isConst());
    QCOMPARE(input(s, 0)->contiguity(), (std::vector<std::optional<bool>>{true, std::nullopt}));
    QCOMPARE(input(s, 1)->strideOrder(), (std::vector<std::int64_t>{0, 1}));
    QCOMPARE(input(s, 1)->contiguity(), (std::vector<std::optional<bool>>{true, true}));
  }
};

QTEST_APPLESS_MAIN(TestReproForms)
#include "test_repro_forms.moc"
