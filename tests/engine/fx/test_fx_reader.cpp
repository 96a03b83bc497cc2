// The FX printout reader: every form a post-grad graph is printed in (print_readable, TORCH_LOGS
// with logger and torchrun prefixes, several ranks interleaved), the node kinds (calls, getitem,
// operators on Sym values, methods, attributes), annotations and sizes, and one test per
// diagnostic, each at its file:line:col.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QtTest>

#include <string>

#include "fx/fx_annotation.h"
#include "fx/fx_reader.h"

using namespace segscope;
using namespace segscope::fx;

namespace {

Graph only(const Result<Document>& doc) {
  if (!doc) qFatal("%s at %d:%d", doc.error().message.c_str(), doc.error().loc.line, doc.error().loc.column);
  if (doc->graphs.size() != 1) qFatal("expected one graph, got %zu", doc->graphs.size());
  return doc->graphs[0];
}

const Node& node(const Graph& g, const std::string& name) {
  const int i = g.nodeIndex(name);
  if (i < 0) qFatal("no node %s", name.c_str());
  return g.nodes[static_cast<std::size_t>(i)];
}

std::string graphText(const std::string& body, const std::string& params = "x: \"f32[8, 4][4, 1]cuda:0\"") {
  return "class GraphModule(torch.nn.Module):\n    def forward(self, " + params + "):\n" + body;
}

// The error of reading `text`, as "line:col: message".
std::string errorOf(const std::string& text) {
  auto doc = readFxText(text);
  if (doc) return "no error";
  return std::to_string(doc.error().loc.line) + ":" + std::to_string(doc.error().loc.column) + ": " +
         doc.error().message;
}

}  // namespace

class TestFxReader : public QObject {
  Q_OBJECT

 private slots:
  void readsPrintReadableNodesArgsAndAnnotations() {
    const std::string text = graphText(
        "        # File: /m.py:3 in forward, code: y = x.sin()\n"
        "        sin: \"f32[8, 4][4, 1]cuda:0\" = torch.ops.aten.sin.default(x)\n"
        "        full: \"f32[8, 4][4, 1]cuda:0\" = torch.ops.aten.full.default([8, 4], -inf, dtype = torch.float32, "
        "device = device(type='cuda', index=0), pin_memory = False)\n"
        "        add: \"f32[8, 4][4, 1]cuda:0\" = torch.ops.aten.add.Tensor(sin, full);  sin = full = None\n"
        "        return (add, x)\n");
    const Graph g = only(readFxText(text));
    QCOMPARE(g.nodes.size(), std::size_t(5));  // x, sin, full, add, output
    QCOMPARE(g.className, std::string("GraphModule"));
    const Node& x = node(g, "x");
    QVERIFY(x.op == NodeOp::Placeholder);
    QCOMPARE(x.meta.dtype, std::string("f32"));
    QCOMPARE(x.meta.sizes.size(), std::size_t(2));
    QCOMPARE(*x.meta.sizes[0].value, std::int64_t(8));
    QCOMPARE(*x.meta.strides[0].value, std::int64_t(4));
    QCOMPARE(x.meta.device, std::string("cuda:0"));
    const Node& sin = node(g, "sin");
    QCOMPARE(sin.target, std::string("aten.sin.default"));
    QCOMPARE(sin.ns, std::string("aten"));
    QCOMPARE(sin.opName, std::string("sin"));
    QCOMPARE(sin.overload, std::string("default"));
    QCOMPARE(sin.sourceComment, std::string("File: /m.py:3 in forward, code: y = x.sin()"));
    QCOMPARE(sin.loc.line, 4);
    QCOMPARE(sin.loc.column, 9);
    const Node& full = node(g, "full");
    QCOMPARE(full.args.size(), std::size_t(2));
    QVERIFY(full.args[0].kind == Arg::Kind::List);
    QVERIFY(full.args[1].kind == Arg::Kind::Float && std::isinf(full.args[1].floatValue) &&
            full.args[1].floatValue < 0);
    QCOMPARE(full.kwargs.size(), std::size_t(3));
    QCOMPARE(full.kwargs[0].keyword, std::string("dtype"));
    QCOMPARE(full.kwargs[0].text, std::string("torch.float32"));
    QVERIFY(full.kwargs[1].kind == Arg::Kind::Call);
    QCOMPARE(full.kwargs[1].text, std::string("device"));
    QCOMPARE(full.kwargs[1].keywords.at(0).keyword, std::string("type"));
    QVERIFY(full.kwargs[2].kind == Arg::Kind::Bool);
    const Node& add = node(g, "add");
    QCOMPARE(add.inputs, (std::vector<int>{g.nodeIndex("sin"), g.nodeIndex("full")}));  // the frees are not uses
    QCOMPARE(node(g, "sin").users, std::vector<int>{g.nodeIndex("add")});
    const Node& out = g.nodes.back();
    QVERIFY(out.op == NodeOp::Output);
    QCOMPARE(out.inputs, (std::vector<int>{g.nodeIndex("add"), g.nodeIndex("x")}));
  }

  void readsTorchLogsFramingWithEveryPrefix() {
    const std::string p =
        "[rank3]:V1130 03:12:45.123000 4021 torch/_inductor/compile_fx.py:1207] [2/1] [__post_grad_graphs] ";
    const std::string text =
        "[rank3]:I1130 03:12:44.870000 4021 torch/_inductor/compile_fx.py:1102] [2/1] Step 3: compiling\n" + p +
        "TRACED GRAPH\n" + p + " ===== AFTER POST GRAD =====\n" + p +
        " /usr/lib/python3/torch/fx/_lazy_graph_module.py class <lambda>(torch.nn.Module):\n" + p +
        "    def forward(self, arg0_1: \"bf16[16][1]cuda:0\"):\n" + p +
        "        neg: \"bf16[16][1]cuda:0\" = torch.ops.aten.neg.default(arg0_1);  arg0_1 = None\n" + p +
        "        return (neg,)\n" + p + "        \n" +
        "[rank3]:I1130 03:12:46.002000 4021 torch/_inductor/compile_fx.py:1290] [2/1] done\n";
    const Graph g = only(readFxText(text));
    QCOMPARE(g.className, std::string("<lambda>"));
    QCOMPARE(g.rank, std::string("3"));
    QCOMPARE(g.title, std::string("post_grad_graphs (AFTER POST GRAD) [2/1] rank 3"));
    QCOMPARE(g.nodes.size(), std::size_t(3));
    QCOMPARE(node(g, "neg").loc.line, 6);
    QCOMPARE(node(g, "neg").loc.column, static_cast<int>(p.size()) + 9);  // columns of the file, prefixes included
  }

  void separatesInterleavedRanks() {
    std::string text;
    for (const char* line :
         {"class GraphModule(torch.nn.Module):", "    def forward(self, a: \"f32[4][1]cuda:R\"):",
          "        b: \"f32[4][1]cuda:R\" = torch.ops.aten.relu.default(a)", "        return (b,)"}) {
      for (const char* rank : {"0", "1"}) {
        std::string l = line;
        if (const auto at = l.find("cuda:R"); at != std::string::npos) l.replace(at, 6, std::string("cuda:") + rank);
        if (const auto at = l.find("cuda:R"); at != std::string::npos) l.replace(at, 6, std::string("cuda:") + rank);
        text += std::string("[rank") + rank + "]:" + l + "\n";
      }
    }
    auto doc = readFxText(text);
    QVERIFY(doc.ok());
    QCOMPARE(doc->graphs.size(), std::size_t(2));
    QCOMPARE(doc->graphs[0].rank, std::string("0"));
    QCOMPARE(doc->graphs[1].rank, std::string("1"));
    QCOMPARE(doc->graphs[1].nodes[0].meta.device, std::string("cuda:1"));
  }

  void readsMultiOutputNodesGetitemSymValuesMethodsAndAttributes() {
    const std::string text = graphText(
        "        sym_size_int: \"Sym(s0)\" = torch.ops.aten.sym_size.int(x, 0)\n"
        "        mul: \"Sym(4*s0)\" = sym_size_int * 4\n"
        "        var_mean = torch.ops.aten.var_mean.correction(x, [1], correction = 0, keepdim = True)\n"
        "        getitem: \"f32[s0, 1][1, 1]cuda:0\" = var_mean[0]\n"
        "        getitem_1: \"f32[s0, 1][1, 1]cuda:0\" = var_mean[1];  var_mean = None\n"
        "        _tensor_constant0 = self._tensor_constant0\n"
        "        view = x.view(mul)\n"
        "        return (getitem, getitem_1, view, _tensor_constant0)\n",
        "x: \"f32[s0, 4][4, 1]cuda:0\"");
    const Graph g = only(readFxText(text));
    QVERIFY(node(g, "sym_size_int").meta.kind == ValueMeta::Kind::Sym);
    QCOMPARE(node(g, "sym_size_int").meta.symExpr, std::string("s0"));
    const Node& mul = node(g, "mul");
    QCOMPARE(mul.target, std::string("operator.mul"));
    QCOMPARE(mul.inputs, std::vector<int>{g.nodeIndex("sym_size_int")});
    QVERIFY(node(g, "var_mean").meta.kind == ValueMeta::Kind::None);
    const Node& getitem = node(g, "getitem_1");
    QCOMPARE(getitem.target, std::string("operator.getitem"));
    QCOMPARE(getitem.args[1].intValue, std::int64_t(1));
    QCOMPARE(node(g, "var_mean").users, (std::vector<int>{g.nodeIndex("getitem"), g.nodeIndex("getitem_1")}));
    QVERIFY(node(g, "_tensor_constant0").op == NodeOp::GetAttr);
    QCOMPARE(node(g, "_tensor_constant0").target, std::string("_tensor_constant0"));
    const Node& view = node(g, "view");
    QVERIFY(view.op == NodeOp::CallMethod);
    QCOMPARE(view.target, std::string("view"));
    QCOMPARE(view.inputs, (std::vector<int>{g.nodeIndex("x"), g.nodeIndex("mul")}));
    QCOMPARE(tensorBytes(node(g, "x").meta, {{"s0", 10}}).value_or(-1), std::int64_t(160));
    QVERIFY(!tensorBytes(node(g, "x").meta, {}).has_value());
  }

  void skipsAGraphThatDoesNotReadWhenOthersDo() {
    const std::string good =
        graphText("        y: \"f32[8, 4]\" = torch.ops.aten.relu.default(x)\n        return (y,)\n");
    const std::string joint =
        "class joint_helper(torch.nn.Module):\n    def forward(self, primals, tangents):\n"
        "        primals_1, tangents_1, = fx_pytree.tree_flatten_spec([primals, tangents], self._in_spec)\n"
        "        return (primals_1,)\n";
    auto doc = readFxText(joint + good);
    QVERIFY(doc.ok());
    QCOMPARE(doc->graphs.size(), std::size_t(1));
    QCOMPARE(doc->graphs[0].firstLine, 5);
    QCOMPARE(doc->warnings.size(), std::size_t(1));
    QCOMPARE(doc->warnings[0].first.line, 3);
    QVERIFY(doc->warnings[0].second.starts_with("a graph here was skipped: expected '=' after 'primals_1'"));
    QVERIFY(!readFxText(joint).ok());  // alone, its error is the answer
  }

  void readsStatementsOverSeveralLines() {
    const std::string text = graphText(
        "        cat: \"f32[8, 8][8, 1]cuda:0\" = torch.ops.aten.cat.default([x,\n"
        "            x], 1)\n"
        "        return (cat,)\n");
    const Graph g = only(readFxText(text));
    QCOMPARE(node(g, "cat").inputs, std::vector<int>{g.nodeIndex("x")});
    QCOMPARE(g.nodes.back().loc.line, 5);
  }

  void evaluatesSymbolicSizes() {
    const SymbolValues s = {{"s0", 6}, {"s1", 5}};
    QCOMPARE(*evaluateSize({"4096*s0", {}}, s), std::int64_t(24576));
    QCOMPARE(*evaluateSize({"s0 + s1 - 1", {}}, s), std::int64_t(10));
    QCOMPARE(*evaluateSize({"((s1 + 1)//2)", {}}, s), std::int64_t(3));
    QCOMPARE(*evaluateSize({"-s1//2", {}}, s), std::int64_t(-3));  // floor division, as sympy
    QVERIFY(!evaluateSize({"Max(1, s0)", {}}, s));
    QVERIFY(!evaluateSize({"s2", {}}, s));
    QCOMPARE(elementBytes("bf16"), 2);
    QCOMPARE(elementBytes("f8e4m3fn"), 1);
    QCOMPARE(elementBytes("c64"), 8);
    QCOMPARE(elementBytes("nope"), 0);
  }

  void parsesAnnotations() {
    auto sym = parseAnnotation("Sym(2048*s0)");
    QVERIFY(sym.ok() && sym->kind == ValueMeta::Kind::Sym && sym->symExpr == "2048*s0");
    auto noStrides = parseAnnotation("bf16[1, 16]");
    QVERIFY(noStrides.ok() && noStrides->strides.empty() && noStrides->device.empty() && noStrides->sizes.size() == 2);
    auto scalar = parseAnnotation("f32[][]cuda:0");
    QVERIFY(scalar.ok() && scalar->sizes.empty() && scalar->strides.empty());
    auto nested = parseAnnotation("f32[Max(1, s0), 4][4, 1]cpu");
    QVERIFY(nested.ok() && nested->sizes.size() == 2 && nested->sizes[0].text == "Max(1, s0)" &&
            nested->device == "cpu");
  }

  void tellsFxFromRepros() {
    QVERIFY(looksLikeFxText(graphText("        y = torch.ops.aten.relu.default(x)\n        return (y,)\n")));
    QVERIFY(!looksLikeFxText(
        "def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n    T0 = fd.define_tensor(shape=[4])\n"));
  }

  // Inputs the fuzzer (fuzz/fuzz_fx.cpp) found slow or crashing, kept as they were found: each
  // must be read (or refused at a line it has) at once. nested_negation_timeout.txt: a run of
  // 70 '-' signs was converted twice per sign, 2^70 steps.
  void fuzzFindingsAreReadAtOnce() {
    const QDir dir(QString(SEGSCOPE_TEST_DATA_DIR) + "/data/fx/fuzz");
    const QStringList files = dir.entryList(QDir::Files);
    QVERIFY(!files.isEmpty());
    for (const QString& f : files) {
      QFile file(dir.filePath(f));
      QVERIFY(file.open(QIODevice::ReadOnly));
      const std::string text = file.readAll().toStdString();
      QElapsedTimer clock;
      clock.start();
      auto doc = readFxText(text);
      QVERIFY2(clock.elapsed() < 5000, qPrintable(f));
      if (!doc) QVERIFY(doc.error().loc.line >= 1);
    }
  }

  // ---- diagnostics, one per message, each at its line and column

  void diagnosesAnUndefinedNode() {
    QCOMPARE(errorOf(graphText("        y: \"f32[8, 4]\" = torch.ops.aten.add.Tensor(x, z)\n        return (y,)\n")),
             std::string("3:55: 'z' is not a node defined above"));
  }
  void diagnosesAnUnclosedSizeList() {
    QCOMPARE(errorOf(graphText("        y: \"f32[8, 4\" = torch.ops.aten.relu.default(x)\n        return (y,)\n")),
             std::string("3:16: '[' is never closed"));
  }
  void diagnosesAnUnclosedAnnotation() {
    QCOMPARE(errorOf(graphText("        y: \"f32[8, 4] = torch.ops.aten.relu.default(x)\n        return (y,)\n")),
             std::string("3:12: the annotation's '\"' is never closed"));
  }
  void diagnosesStridesThatDoNotMatchTheSizes() {
    QCOMPARE(
        errorOf(graphText("        y: \"f32[8, 4][1]cuda:0\" = torch.ops.aten.relu.default(x)\n        return (y,)\n")),
        std::string("3:24: the annotation has 2 sizes but 1 strides"));
  }
  void diagnosesAMissingEquals() {
    QCOMPARE(errorOf(graphText("        y: \"f32[8, 4]\" torch.ops.aten.relu.default(x)\n        return (y,)\n")),
             std::string("3:24: expected '=' after 'y'"));
  }
  void diagnosesANodeDefinedTwice() {
    QCOMPARE(errorOf(graphText("        y = torch.ops.aten.relu.default(x)\n        y = torch.ops.aten.neg.default(x)\n"
                               "        return (y,)\n")),
             std::string("4:9: 'y' is defined twice (first at line 3)"));
  }
  void diagnosesAMissingReturn() {
    QCOMPARE(errorOf(graphText("        y = torch.ops.aten.relu.default(x)\n")),
             std::string("3:1: the forward of 'GraphModule' ends without a 'return'"));
  }
  void diagnosesAClassWithoutForward() {
    QCOMPARE(errorOf("class GraphModule(torch.nn.Module):\n    pass\n"),
             std::string("1:1: 'class GraphModule' has no 'def forward(' below it"));
  }
  void diagnosesTextWithoutAGraph() {
    QCOMPARE(errorOf("just some log text\n"),
             std::string("1:1: no FX graph here: expected a line 'class <Name>(torch.nn.Module):'"));
  }
  void diagnosesASyntaxErrorInsideACall() {
    const std::string e = errorOf(graphText("        y = torch.ops.aten.add.Tensor(x,, x)\n        return (y,)\n"));
    QVERIFY2(e.starts_with("3:41: "), e.c_str());
  }
  void diagnosesSomethingThatIsNotACall() {
    QCOMPARE(errorOf(graphText("        y = 3\n        return (y,)\n")),
             std::string("3:13: expected a call (torch.ops...) or an operator after 'y ='"));
  }
  void diagnosesABadParameter() {
    QCOMPARE(
        errorOf(
            "class GraphModule(torch.nn.Module):\n    def forward(self, x: \"f32[4]\" junk):\n        return (x,)\n"),
        std::string("2:35: expected ',' or ')' after the parameter 'x'"));
  }
  void diagnosesAStatementThatIsNoNode() {
    QCOMPARE(errorOf(graphText("        (y) = torch.ops.aten.relu.default(x)\n        return (y,)\n")),
             std::string("3:9: expected a node name, 'return' or a comment"));
  }
  void warnsOfAnUnknownDtype() {
    auto doc = readFxText(graphText("        y: \"q9[8, 4]\" = torch.ops.aten.relu.default(x)\n        return (y,)\n"));
    QVERIFY(doc.ok());
    QCOMPARE(doc->warnings.size(), std::size_t(1));
    QCOMPARE(doc->warnings[0].first.line, 3);
    QCOMPARE(doc->warnings[0].first.column, 13);
    QCOMPARE(doc->warnings[0].second, std::string("unknown dtype 'q9': its bytes count as 0"));
  }
  void diagnosesAtTheFilesColumnBehindPrefixes() {
    const std::string p = "[rank0]:";
    const std::string text = p + "class GraphModule(torch.nn.Module):\n" + p +
                             "    def forward(self, x: \"f32[4]\"):\n" + p +
                             "        y = torch.ops.aten.relu.default(w)\n" + p + "        return (y,)\n";
    QCOMPARE(errorOf(text), std::string("3:49: 'w' is not a node defined above"));
  }
};

QTEST_MAIN(TestFxReader)
#include "test_fx_reader.moc"
