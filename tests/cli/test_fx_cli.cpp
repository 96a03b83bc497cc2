// segscope-cli regions and info on FX graph printouts: one golden JSON per sample and rule set
// (tests/data/fx/golden; SEGSCOPE_UPDATE_GOLDEN=1 rewrites them), the JSON contract's keys, and
// the user's errors (a malformed graph at file:line:col, a bad option) with exit code 2.
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_in_process.h"
#include "support/file_io.h"

using segscope::testing::cliInProcess;

namespace {

QString samplesDir() { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/fx"; }
QString goldenDir() { return QString(SEGSCOPE_TEST_DATA_DIR) + "/data/fx/golden"; }

// A sample says which options it is meant to be read with on a line
// `# ... segscope-cli regions: --sym s0=2 --ranks 4` above its graph.
QStringList optionsOf(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  const QString text = QString::fromUtf8(f.readAll());
  const auto m = QRegularExpression("segscope-cli regions: ([^\\n]*)").match(text);
  return m.hasMatch() ? m.captured(1).split(' ', Qt::SkipEmptyParts) : QStringList{};
}

}  // namespace

class TestFxCli : public QObject {
  Q_OBJECT

 private slots:
  void regionsGolden_data() {
    QTest::addColumn<QString>("sample");
    QTest::addColumn<QString>("rules");
    for (const QString& f : QDir(samplesDir()).entryList(QDir::Files, QDir::Name))
      for (const char* rules : {"seed", "current"})
        QTest::newRow(qPrintable(f + " " + rules)) << samplesDir() + "/" + f << QString(rules);
  }
  void regionsGolden() {
    QFETCH(QString, sample);
    QFETCH(QString, rules);
    const auto r = cliInProcess(QStringList{"regions", sample, "--rules", rules, "--json", "-"} + optionsOf(sample));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QString golden = goldenDir() + "/" + QFileInfo(sample).completeBaseName() + "." + rules + ".json";
    if (qEnvironmentVariableIsSet("SEGSCOPE_UPDATE_GOLDEN")) {
      QDir().mkpath(goldenDir());
      QVERIFY(segscope::support::writeFileAtomically(golden.toStdString(), r.out.toStdString()).ok());
    }
    auto expected = segscope::support::readTextFile(golden.toStdString());
    QVERIFY2(expected.ok(), qPrintable("missing " + golden + " (run with SEGSCOPE_UPDATE_GOLDEN=1)"));
    QCOMPARE(r.out, QString::fromStdString(expected.value()));
  }

  void jsonHasTheContractsKeys() {
    const auto r = cliInProcess({"regions", samplesDir() + "/fsdp_backward.txt", "--json", "-"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(!j["regions"].toArray().isEmpty());
    for (const QJsonValue& v : j["regions"].toArray())
      for (const char* key : {"members", "inputs", "outputs", "bytes", "cost_ms"})
        QVERIFY2(v.toObject().contains(key), key);
    const QJsonArray collectives = j["collectives"].toArray();
    QCOMPARE(collectives.size(), 6);
    for (const QJsonValue& v : collectives) {
      const QJsonObject c = v.toObject();
      for (const char* key : {"node", "wait", "kind", "bytes", "regions", "compute_ms", "comm_ms", "verdict"})
        QVERIFY2(c.contains(key), key);
      for (const QJsonValue& id : c["regions"].toArray())
        QVERIFY(id.toInt() >= 0 && id.toInt() < j["regions"].toArray().size());
    }
  }

  void infoListsGraphsAndOps() {
    const auto r = cliInProcess({"info", samplesDir() + "/fsdp_forward.log", "--json", "-"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject g = QJsonDocument::fromJson(r.out.toUtf8()).object()["graphs"].toArray().at(0).toObject();
    QCOMPARE(g["collectives"].toInt(), 3);
    QCOMPARE(g["waits"].toInt(), 3);
    QCOMPARE(g["ops"].toObject()["torch.ops.aten.mm.default"].toInt(), 3);
  }

  void malformedGraphIsReportedAtItsLineAndColumn() {
    QTemporaryDir dir;
    const QString path = dir.filePath("bad.txt");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "class GraphModule(torch.nn.Module):\n    def forward(self, x: \"f32[4]\"):\n"
        "        y = torch.ops.aten.relu.default(q)\n        return (y,)\n");
    f.close();
    for (const char* command : {"regions", "info"}) {
      const auto r = cliInProcess({command, path});
      QCOMPARE(r.exitCode, 2);
      QVERIFY2(r.err.contains(path + ":3:41: error: 'q' is not a node defined above"), qPrintable(r.err));
      QVERIFY2(r.err.contains("^"), qPrintable(r.err));  // the caret under the column
    }
  }

  void drawsTheGraphAsSvgAndDot() {
    QTemporaryDir dir;
    const QString svg = dir.filePath("g.svg"), dot = dir.filePath("g.dot");
    const auto r = cliInProcess({"regions", samplesDir() + "/fsdp_forward.log", "--svg", svg, "--dot", dot});
#ifdef SEGSCOPE_HAVE_GRAPHVIZ
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile s(svg);
    QVERIFY(s.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(s.readAll());
    QVERIFY(text.contains("id=\"n4\""));  // node ids are n<index>, stable
    QVERIFY(text.contains("all_gather_into_tensor"));
    QVERIFY(text.contains("2 regions · 3 collectives"));  // the caption
    QVERIFY(QFile::exists(dot));
#else
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("no Graphviz"));
#endif
    const auto fusion = cliInProcess({"regions", QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py", "--svg", svg});
    QCOMPARE(fusion.exitCode, 2);
    QVERIFY(fusion.err.contains("segment --svg/--dot draws it"));
  }

  void badOptionsAreTheUsersError() {
    const QString sample = samplesDir() + "/tp_attention.txt";
    const auto rules = cliInProcess({"regions", sample, "--rules", "newest"});
    QCOMPARE(rules.exitCode, 2);
    QVERIFY(rules.err.contains("--rules takes seed or current, not 'newest'"));
    const auto sym = cliInProcess({"regions", sample, "--sym", "s0"});
    QCOMPARE(sym.exitCode, 2);
    QVERIFY(sym.err.contains("--sym takes NAME=INTEGER"));
    const auto graph = cliInProcess({"regions", sample, "--graph", "2"});
    QCOMPARE(graph.exitCode, 2);
    QVERIFY(graph.err.contains("--graph 2: the file has 1 graph"));
    const auto profile = cliInProcess({"regions", sample, "--profile", "z80"});
    QCOMPARE(profile.exitCode, 2);
  }
};

QTEST_MAIN(TestFxCli)
#include "test_fx_cli.moc"
