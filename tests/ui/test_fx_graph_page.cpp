// A PyTorch FX graph in the window: it opens on a page of its own with its regions as hulls and
// its collectives as their own node kind, the Collectives dock lists each with its verdict and a
// click marks its span, the rule set and the device re-price it, a malformed file lands in
// Problems at its line and column, a thousands-node graph is laid out in blocks, and opening a
// fusion afterwards brings the debugger's docks back.
#include <QtTest>

#include <QComboBox>
#include <QDockWidget>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTextBrowser>

#include "ui/graph_scene.h"
#include "ui/main_window.h"
#include "ui/panels/collectives_view.h"
#include "ui/panels/fx_graph_page.h"

using namespace segscope;
using segscope::ui::MainWindow;

namespace {

QString sample(const QString& name) { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/fx/" + name; }

int countKind(const graph::GraphModel& m, graph::NodeKind kind) {
  int n = 0;
  for (const graph::Node& node : m.nodes) n += node.kind == kind;
  return n;
}

int countHighlight(const graph::GraphModel& m, graph::Highlight h) {
  int n = 0;
  for (const graph::Node& node : m.nodes) n += node.highlight == h;
  return n;
}

// A chain of `blocks` RMSNorm-like stretches, each ended by an all_reduce and its wait.
QString bigGraph(int blocks) {
  QString body;
  QString x = "x";
  for (int b = 0; b < blocks; ++b) {
    const QString s = QString::number(b);
    body += QString("        a%1: \"f32[64, 64][64, 1]cuda:0\" = torch.ops.aten.mul.Tensor(%2, %2)\n").arg(s, x);
    body += QString("        b%1: \"f32[64, 64][64, 1]cuda:0\" = torch.ops.aten.exp.default(a%1)\n").arg(s);
    body += QString("        c%1: \"f32[64, 64][64, 1]cuda:0\" = torch.ops.aten.mm.default(b%1, b%1)\n").arg(s);
    body += QString(
                "        r%1: \"f32[64, 64][64, 1]cuda:0\" = torch.ops._c10d_functional.all_reduce.default(c%1, 'sum', "
                "'0')\n")
                .arg(s);
    body += QString("        w%1: \"f32[64, 64][64, 1]cuda:0\" = torch.ops._c10d_functional.wait_tensor.default(r%1)\n")
                .arg(s);
    x = "w" + s;
  }
  return "class GraphModule(torch.nn.Module):\n    def forward(self, x: \"f32[64, 64][64, 1]cuda:0\"):\n" + body +
         "        return (" + x + ",)\n";
}

}  // namespace

class TestFxGraphPage : public QObject {
  Q_OBJECT

 private slots:
  void opensWithRegionsCollectivesAndTheDock() {
    MainWindow w(nullptr, false);
    w.resize(1400, 900);
    w.show();
    w.openFile(sample("fsdp_forward.log"), true);
    QVERIFY(w.showsFxGraph());
    ui::FxGraphPage* page = w.fxGraphPage();
    QVERIFY(page->waitForPicture());
    const graph::GraphModel& m = page->scene().model();
    QCOMPARE(static_cast<int>(m.nodes.size()), 32);
    QCOMPARE(countKind(m, graph::NodeKind::Collective), 6);  // three all_gathers, three waits
    QCOMPARE(countKind(m, graph::NodeKind::Input), 5);
    QCOMPARE(page->scene().regionItems().size(), std::size_t(2));
    QCOMPARE(w.collectivesView()->rowCount(), 3);
    QVERIFY(w.findChild<QDockWidget*>("collectivesDock")->isVisible());
    QVERIFY(!w.findChild<QDockWidget*>("timelineDock") || !w.findChild<QDockWidget*>("timelineDock")->isVisible());
  }

  void aClickOnACollectiveMarksItsSpan() {
    MainWindow w(nullptr, false);
    w.show();
    w.openFile(sample("fsdp_forward.log"), true);
    ui::FxGraphPage* page = w.fxGraphPage();
    QVERIFY(page->waitForPicture());
    w.collectivesView()->activate(1);  // all_gather_into_tensor_1 … wait_tensor_1
    QCOMPARE(page->shownCollective(), 1);
    const graph::GraphModel& m = page->scene().model();
    QCOMPARE(countHighlight(m, graph::Highlight::Selected), 2);  // the issue and its wait
    const auto& span = page->analysis()->collectives.collectives[1];
    QCOMPARE(countHighlight(m, graph::Highlight::Candidate), span.wait - span.issue - 1);
    QVERIFY(m.node("n" + std::to_string(span.issue))->kind == graph::NodeKind::Collective);
    for (const graph::Node& n : m.nodes) QCOMPARE(n.dimmed, n.highlight == graph::Highlight::None);
  }

  void rulesAndDeviceRepriceTheGraph() {
    MainWindow w(nullptr, false);
    w.show();
    w.openFile(sample("tp_attention.txt"), true);
    ui::FxGraphPage* page = w.fxGraphPage();
    QVERIFY(page->waitForPicture());
    // The file names its size symbols (`segscope-cli regions: --sym s0=2`): they are filled in.
    QVERIFY(page->analysis()->regions.unsizedNodes.empty());
    QCOMPARE(page->analysis()->regions.regions.size(), std::size_t(8));
    auto* rules = page->findChild<QComboBox*>("fxRules");
    QVERIFY(rules);
    rules->setCurrentText("current");
    QCOMPARE(page->analysis()->regions.regions.size(), std::size_t(3));
    QCOMPARE(page->scene().regionItems().size(), std::size_t(3));
    const double h100 = page->analysis()->collectives.collectives[0].commMs;
    page->setProfile("a100");
    QVERIFY(page->analysis()->collectives.collectives[0].commMs > h100);  // 300 GB/s NVLink against 450
  }

  void aMalformedGraphLandsInProblems() {
    QTemporaryDir dir;
    const QString path = dir.filePath("bad.txt");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "class GraphModule(torch.nn.Module):\n    def forward(self, x: \"f32[4]\"):\n"
        "        y = torch.ops.aten.relu.default(q)\n        return (y,)\n");
    f.close();
    MainWindow w(nullptr, false);
    w.show();
    w.openFile(path, true);
    QVERIFY(!w.showsFxGraph());
    QVERIFY2(w.problemsText().contains("bad.txt:3:41: error: 'q' is not a node defined above"),
             qPrintable(w.problemsText()));
  }

  void aGraphThatDoesNotReadIsSkippedWithAWarning() {
    QTemporaryDir dir;
    const QString path = dir.filePath("two.txt");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "class joint_helper(torch.nn.Module):\n    def forward(self, primals, tangents):\n"
        "        primals_1, tangents_1, = fx_pytree.tree_flatten_spec([primals, tangents], self._in_spec)\n"
        "        return (primals_1,)\n"
        "class GraphModule(torch.nn.Module):\n    def forward(self, x: \"f32[4]\"):\n"
        "        y: \"f32[4]\" = torch.ops.aten.relu.default(x)\n        return (y,)\n");
    f.close();
    MainWindow w(nullptr, false);
    w.show();
    w.openFile(path, true);
    QVERIFY(w.showsFxGraph());
    QVERIFY2(w.problemsText().contains("two.txt:3:") && w.problemsText().contains("a graph here was skipped"),
             qPrintable(w.problemsText()));
  }

  void aLargeGraphIsLaidOutInBlocks() {
    QTemporaryDir dir;
    const QString path = dir.filePath("big.txt");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bigGraph(600).toUtf8());  // 3002 nodes
    f.close();
    MainWindow w(nullptr, false);
    w.show();
    w.openFile(path, true);
    ui::FxGraphPage* page = w.fxGraphPage();
    QVERIFY(page->waitForPicture(120000));
    QCOMPARE(static_cast<int>(page->scene().model().nodes.size()), 3002);
    QCOMPARE(w.collectivesView()->rowCount(), 600);
    QCOMPARE(page->scene().regionItems().size(), std::size_t(600));
  }

  void aFusionAfterwardsBringsTheDebuggerBack() {
    MainWindow w(nullptr, false);
    w.show();
    w.openFile(sample("fsdp_backward.txt"), true);
    QVERIFY(w.showsFxGraph());
    w.openFile(QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py", true);
    QVERIFY(!w.showsFxGraph());
    QVERIFY(w.stepCount() > 0);
    QVERIFY(!w.findChild<QDockWidget*>("collectivesDock")->isVisible());
  }
};

QTEST_MAIN(TestFxGraphPage)
#include "test_fx_graph_page.moc"
