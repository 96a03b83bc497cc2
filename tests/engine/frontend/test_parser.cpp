// The loader accepts every variant of the repro format seen in the wild (frontend-format.md §8).
#include <QtTest>

#include <cmath>

#include "frontend/script.h"

using namespace segscope;
using namespace segscope::frontend;

namespace {

Script parseOk(const std::string& text) {
  ParseOutcome o = parseScript(text);
  if (!o.ok()) qWarning("%s", o.error.format().c_str());
  if (!o.ok()) return Script{};
  return std::move(*o.script);
}

const ir::Expr* exprNamed(const ir::Fusion& f, const std::string& out) {
  const ir::Val* v = f.valByName(out);
  return v ? v->definition() : nullptr;
}

std::string body(const std::string& lines) {
  return "def nvfuser_fusion_id3(fd : FusionDefinition) -> None :\n" + lines;
}

}  // namespace

class TestParser : public QObject {
  Q_OBJECT

 private slots:
  // nvFuser's frontends take NVFUSER_ENABLE / NVFUSER_DISABLE for one execution as keywords of
  // execute (python/nvfuser_direct/__init__.py:325): read with where each was written; a value
  // that is not a list of names is an error at it; a script without them has none.
  void executeOptionsAreRead() {
    const std::string def = body(
        "    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float)\n"
        "    T1 = fd.ops.neg(T0)\n    fd.add_output(T1)\n\n");
    const std::string footer = "inputs = [torch.randn(8, device='cuda')]\n";
    Script s = parseOk(def + footer +
                       "(out,) = fd.execute(inputs, _enable_options=[\"fuse_matmul\"],\n"
                       "    _disable_options=[\"resize_scheduler\", \"matmul_expr_eval\"])\n");
    QCOMPARE(s.executeOptions.enable.size(), std::size_t(1));
    QCOMPARE(s.executeOptions.enable[0].name, std::string("fuse_matmul"));
    QCOMPARE(s.executeOptions.disable.size(), std::size_t(2));
    QCOMPARE(s.executeOptions.disable[1].name, std::string("matmul_expr_eval"));
    QCOMPARE(s.executeOptions.disable[0].loc.line, 8);
    QVERIFY(parseOk(def + footer + "fd.execute(inputs)\n").executeOptions.empty());
    QVERIFY(parseOk(def + footer).executeOptions.empty());
    ParseOutcome bad = parseScript(def + footer + "fd.execute(inputs, _enable_options=\"fuse_matmul\")\n");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error.loc.line, 7);
    QVERIFY2(bad.error.message.find("_enable_options must be a list") == 0, bad.error.message.c_str());
  }

  void legacyHeaderAndFooter() {
    Script s = parseOk(R"(# CUDA devices:
#  0: NVIDIA H100 80GB HBM3
# torch version: 2.8.0+cu128
# nvfuser version: 0.2.34+gitb90eb75
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id1(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[1, 16, 6144], contiguity=[None, True, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 0])
    S1 = fd.define_scalar(1.00000e-05, dtype=DataType.Double)
    T2 = fd.ops.add(T0, S1)
    fd.add_output(T2)

with FusionDefinition() as fd:
    nvfuser_fusion_id1(fd)

inputs = [
    torch.testing.make_tensor((1, 16, 6144), dtype=torch.float32, device='cuda:0'),
]
fd.execute(inputs)
for _ in range(10):
    out = fd.execute(inputs)
)");
    QVERIFY(s.fusion);
    QCOMPARE(s.functionName, std::string("nvfuser_fusion_id1"));
    QCOMPARE(s.header.size(), std::size_t{4});
    QVERIFY(s.inputsFromFooter);
    const ir::TensorView* t0 = s.fusion->inputs()[0]->asTensor();
    QCOMPARE(t0->dim(0).kind, ir::IterKind::Broadcast);
    QCOMPARE(t0->dim(2).extent.value, std::int64_t{6144});
    const auto* eps = static_cast<const ir::Scalar*>(s.fusion->valByName("S1"));
    QCOMPARE(std::get<double>(*eps->value()), 1e-05);
  }

  void directStyleWithInlineConstants() {
    Script s = parseOk(R"(from nvfuser_direct import FusionDefinition, DataType
def nvfuser_fusion(fd: FusionDefinition) -> None:
    tv0 = fd.define_tensor(shape=[4, 8], contiguity=[True, True], dtype=DataType.BFloat16)
    c1 = fd.define_scalar(2.0, dtype=DataType.Float)
    tv2 = fd.ops.mul(tv0, c1)
    tv3 = fd.ops.mul(tv2, 0.5)
    tv4 = fd.ops.broadcast(tv3, is_broadcast_dim=[False, True, False])
    tv5 = fd.ops.expand(tv4, shape=[4, 3, 8])
    tv6 = fd.ops.pad(tv5, pad_widths=[1, 1], value=c1)
    fd.add_output(tv6)
)");
    QVERIFY(s.fusion);
    QCOMPARE(s.module, std::string("nvfuser_direct"));
    QCOMPARE(QString::fromStdString(s.fusion->valByName("tv6")->asTensor()->shapeString()), QString("[4, xb3, 10]"));
    QVERIFY(!s.inputsFromFooter);
    QCOMPARE(s.warnings.size(), std::size_t{1});  // no footer: inputs are generated
  }

  void blackWrappedCrlfAndTwoStatementsOnALine() {
    std::string text = body(
        "    T0 = fd.define_tensor(\r\n"
        "        shape=[-1, -1],\r\n"
        "        contiguity=[True, True],\r\n"
        "        dtype=DataType.Float,\r\n"
        "    )\r\n"
        "    T1 = fd.ops.neg(T0)    T2 = fd.ops.exp(T1)\r\n"
        "    fd.add_output(T2)\r\n");
    Script s = parseOk(text);
    QVERIFY(s.fusion);
    QCOMPARE(s.fusion->exprs().size(), std::size_t{2});
    QCOMPARE(exprNamed(*s.fusion, "T2")->loc().line, 7);
    QCOMPARE(exprNamed(*s.fusion, "T2")->loc().column, 33);
  }

  void pastedBugReportWithProseAndFence() {
    Script s = parseOk(R"(An error occurred while executing nvFuser FusionDefinition 32.
If you believe this is a bug or need assistance, please file an issue at https://github.com/NVIDIA/Fuser/issues/new
Here's a script to reproduce the error:
```python
import torch
from nvfuser import FusionDefinition, DataType

def nvfuser_fusion_id32(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[2], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.ops.relu(T0)
    fd.add_output(T1)

with FusionDefinition() as fd:
    nvfuser_fusion_id32(fd)

inputs = [
    torch.randn((2,), dtype=torch.float32, device='cuda:0').as_strided((2,), (1,)),
]
fd.execute(inputs)
```
It's a bug, isn't it?
)");
    QVERIFY(s.fusion);
    QVERIFY(s.inputsFromFooter);
    QCOMPARE(s.inputs[0].fill, ir::InputFill::Randn);
  }

  void numbersBoolsAndInfinities() {
    Script s =
        parseOk(body(R"(    T0 = fd.define_tensor(shape=[4], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    S1 = fd.define_scalar(float("-inf"), dtype=DataType.Double)
    S2 = fd.define_scalar(2048.00, dtype=DataType.Double)
    S3 = fd.define_scalar(-3.38953e+38, dtype=DataType.Double)
    S4 = fd.define_scalar(True, dtype=DataType.Bool)
    S5 = fd.define_scalar(4096, dtype=DataType.Int)
    S6 = fd.define_scalar(complex(1.0, -2.0), dtype=DataType.ComplexDouble)
    T7 = fd.ops.slice(T0, start_indices=[0], end_indices=[2], strides=[1], manual_normalization=0)
    T8 = fd.ops.cat([T7, T7], dim=0, manual_padding=1)
    T9 = fd.ops.maximum(T8, S1)
    fd.add_output(T9)
)"));
    QVERIFY(s.fusion);
    const auto value = [&](const char* n) { return *static_cast<const ir::Scalar*>(s.fusion->valByName(n))->value(); };
    QVERIFY(std::isinf(std::get<double>(value("S1"))) && std::get<double>(value("S1")) < 0);
    QCOMPARE(std::get<double>(value("S2")), 2048.0);
    QCOMPARE(std::get<double>(value("S3")), -3.38953e+38);
    QCOMPARE(std::get<bool>(value("S4")), true);
    QCOMPARE(std::get<std::int64_t>(value("S5")), std::int64_t{4096});
    QCOMPARE(std::get<std::complex<double>>(value("S6")).imag(), -2.0);
    QCOMPARE(exprNamed(*s.fusion, "T8")->attrs().option, true);
  }

  void multiOutputUnderscoreAndAliases() {
    Script s = parseOk(
        body(R"(    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    T2, T3 = fd.ops.var_mean(T0, dims=[1], correction=0, keepdim=False)
    _, T5, _ = fd.ops.welford(T0, dims=[1])
    T6 = fd.ops.add(T3, T5)
    fd.add_output(T6, T1)
    fd.add_output(T2, stride_order=[0])
    fd.add_output(T0)
)"));
    QVERIFY(s.fusion);
    QCOMPARE(s.fusion->outputs().size(), std::size_t{3});
    QCOMPARE(s.fusion->outputs()[0].aliasOf, s.fusion->valByName("T1"));
    QCOMPARE(s.fusion->outputs()[1].strideOrder, std::vector<std::int64_t>{0});
    QVERIFY(s.fusion->isInput(s.fusion->outputs()[2].val));
    QCOMPARE(exprNamed(*s.fusion, "T5")->outputs().size(), std::size_t{3});
  }

  void contiguityIsInAllocationOrder() {
    Script s = parseOk(body(
        R"(    T0 = fd.define_tensor(shape=[1, 1, 6, 6], contiguity=[True, None, None, True], dtype=DataType.Float, is_cpu=False, stride_order=[2, 1, 3, 0])
    fd.add_output(T0)
)"));
    QVERIFY(s.fusion);
    const ir::TensorView* t = s.fusion->inputs()[0]->asTensor();
    QCOMPARE(t->strideOrder(), (std::vector<std::int64_t>{2, 1, 3, 0}));
    QCOMPARE(t->contiguity().size(), std::size_t{4});
    QVERIFY(!t->contiguity()[1].has_value());
    QCOMPARE(t->dim(0).kind, ir::IterKind::Broadcast);
    QCOMPARE(t->dim(2).kind, ir::IterKind::Iteration);
  }

  void vectorsSizesAndDynamicShapes() {
    Script s = parseOk(
        body(R"(    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    S1 = fd.ops.size(T0, dim=0)
    V2 = fd.ops.shape(T0)
    S3 = fd.ops.at(V2, index=-1)
    V4 = fd.define_vector([S1, S3, 1], dtype=DataType.Int)
    T5 = fd.ops.broadcast_in_dim(T0, shape=V4, broadcast_dims=[0, 1])
    T6 = fd.ops.reshape(T5, new_shape=[S3, -1])
    fd.add_output(T6)
)"));
    QVERIFY(s.fusion);
    const ir::Expr* bid = exprNamed(*s.fusion, "T5");
    QCOMPARE(bid->attrs().shape.size(), std::size_t{3});
    QCOMPARE(bid->attrs().shape[0].sym, s.fusion->valByName("S1"));
    QVERIFY(bid->attrs().shape[2].isConst(1));
    QCOMPARE(exprNamed(*s.fusion, "S1")->op(), ir::OpType::Size);
    QCOMPARE(s.fusion->valByName("S3")->definition()->op(), ir::OpType::Size);
  }

  void oldApiKeywordsAndReassignedNames() {
    Script s = parseOk(R"(class TestRepro:
    def test_it(self):
        def fusion_func(fd: FusionDefinition):
            t0 = fd.define_tensor(symbolic_sizes=[-1, 1], contiguous=[True, True], dtype=DataType.Half)
            t0 = fd.ops.broadcast_in_dim(t0, output_shape=[4, 3], broadcast_dims=[0, 1])
            c = fd.define_constant(3.0)
            t0 = fd.ops.sum(t0, axes=[1], keepdim=False)
            fd.add_output(t0)
)");
    QVERIFY(s.fusion);
    QCOMPARE(s.functionName, std::string("fusion_func"));
    QCOMPARE(s.fusion->outputs()[0].val->name(), std::string("t0_2"));
    QCOMPARE(s.fusion->outputs()[0].val->dtype(), ir::DataType::Float);
  }

  void everyFooterForm() {
    Script s = parseOk(
        body(R"(    T0 = fd.define_tensor(shape=[2, 3], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[False, True], dtype=DataType.Float, is_cpu=False)
    T2 = fd.define_tensor(shape=[4], contiguity=[True], dtype=DataType.Int, is_cpu=False)
    T3 = fd.define_tensor(shape=[], contiguity=[], dtype=DataType.Float, is_cpu=True)
    S4 = fd.define_scalar(None, dtype=DataType.Double)
    S5 = fd.define_scalar(None, dtype=DataType.Int)
    S6 = fd.define_scalar(None, dtype=DataType.Bool)
    T7 = fd.define_tensor(shape=[1, 6], contiguity=[None, True], dtype=DataType.Int, is_cpu=False)
    T8 = fd.define_tensor(shape=[16, 16], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    fd.add_output(T0)

with FusionDefinition() as fd:
    nvfuser_fusion_id3(fd)

inputs = [
    torch.testing.make_tensor((2, 3), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn(60, dtype=torch.float32, device='cuda:0').as_strided((5, 6), (12, 1)),
    torch.randint(0, 10, (4,), dtype=torch.int64, device='cuda:0').as_strided((4,), (1,)),
    torch.tensor(2.0, device="cpu"),
    float("inf"),
    -7,
    False,
    torch.ones((1, 6), dtype=torch.int64, device='cuda:0'),
    torch.randn(16, 16, device='cuda'),
]
out = fd.execute(inputs, device="cuda:1")
)"));
    QVERIFY(s.fusion);
    QVERIFY(s.inputsFromFooter);
    QCOMPARE(s.inputs.size(), std::size_t{9});
    QCOMPARE(s.inputs[1].strides, (std::vector<std::int64_t>{12, 1}));
    QCOMPARE(s.inputs[2].fill, ir::InputFill::Randint);
    QCOMPARE(s.inputs[2].high, 10.0);
    QCOMPARE(s.inputs[3].fill, ir::InputFill::Value);
    QVERIFY(std::isinf(std::get<double>(*s.inputs[4].value)));
    QCOMPARE(std::get<std::int64_t>(*s.inputs[5].value), std::int64_t{-7});
    QCOMPARE(s.inputs[5].dtype, ir::DataType::Int);
    QCOMPARE(s.inputs[7].fill, ir::InputFill::Ones);
    QCOMPARE(s.inputs[8].sizes, (std::vector<std::int64_t>{16, 16}));
    QVERIFY(s.fusion->inputs()[3]->asTensor()->isCpu());
  }

  void footerWithNamesFallsBackWithAWarning() {
    Script s =
        parseOk(body(R"(    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False)
    fd.add_output(T0)

x = torch.randn(8)
inputs = [x]
fd.execute(inputs)
)"));
    QVERIFY(s.fusion);
    QVERIFY(!s.inputsFromFooter);
    QCOMPARE(s.inputs[0].sizes, std::vector<std::int64_t>{8});
    QCOMPARE(s.warnings.size(), std::size_t{1});
    QVERIFY(QString::fromStdString(s.warnings[0].format()).contains("warning: footer entry is not a literal"));
  }

  void sdpaPositionalFormsOfBothVersions() {
    const std::string defs =
        R"(    T0 = fd.define_tensor(shape=[2, 4, 16, 8], contiguity=[True, True, True, True], dtype=DataType.BFloat16, is_cpu=False)
    S1 = fd.define_scalar(0.0, dtype=DataType.Double)
    S2 = fd.define_scalar(True, dtype=DataType.Bool)
)";
    Script old = parseOk(
        body(defs + "    T3, T4, T5, T6 = fd.ops.sdpfa_fwd(T0, T0, T0, S1, S2, None)\n    fd.add_output(T3)\n"));
    Script now = parseOk(body(
        defs + "    T3, T4, T5, T6 = fd.ops.sdpfa_fwd(T0, T0, T0, None, None, S1, S2, None)\n    fd.add_output(T3)\n"));
    QVERIFY(old.fusion && now.fusion);
    QCOMPARE(QString::fromStdString(old.fusion->print()), QString::fromStdString(now.fusion->print()));
    QCOMPARE(exprNamed(*old.fusion, "T3")->attrs().flags, (std::vector<bool>{true, true, false}));
  }

  void sourceLocationsAreRecorded() {
    Script s =
        parseOk(body("    T0 = fd.define_tensor(shape=[2], contiguity=[True], dtype=DataType.Float, is_cpu=False)\n"
                     "    T1 = fd.ops.exp(T0)\n    fd.add_output(T1)\n"));
    QVERIFY(s.fusion);
    QCOMPARE(s.fusion->valByName("T0")->loc().line, 2);
    QCOMPARE(s.fusion->valByName("T1")->loc(), (SourceLoc{3, 5}));
    QCOMPARE(exprNamed(*s.fusion, "T1")->loc(), (SourceLoc{3, 10}));
  }
};

QTEST_APPLESS_MAIN(TestParser)
#include "test_parser.moc"
