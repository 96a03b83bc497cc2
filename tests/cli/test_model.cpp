// segscope-cli model: the JSON contract, each fusion's row equal to `segment` on its
// definition alone, --against and --baseline, and bad input that loses nothing.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_process.h"

using segscope::testing::cli;

namespace {

const QString kRun = QString(SEGSCOPE_SOURCE_DIR) + "/samples/model_run/training_run.log";
const QString kUpgrade = QString(SEGSCOPE_SOURCE_DIR) + "/samples/model_run/training_run_upgrade.log";

QJsonObject modelJson(const QStringList& inputs) {
  const auto r = cli(QStringList{"model"} + inputs + QStringList{"--json", "-"});
  if (r.exitCode != 0) qWarning("%s", qPrintable(r.err));
  return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

}  // namespace

class TestModelCli : public QObject {
  Q_OBJECT

 private slots:
  void jsonListsEveryFusionWithTheContractsKeys() {
    const QJsonObject j = modelJson({kRun});
    const QJsonArray fusions = j["fusions"].toArray();
    QVERIFY(fusions.size() >= 20);
    for (const QJsonValue& v : fusions) {
      const QJsonObject f = v.toObject();
      for (const char* key : {"name", "source", "ops", "segscope", "diagnostic", "nvfuser", "agree"})
        QVERIFY2(f.contains(key), key);
      QVERIFY(f["name"].toString().startsWith("nvfuser_fusion_id"));
      QVERIFY(f["segscope"].isObject());
      if (f["nvfuser"].isObject())
        for (const char* key : {"segments", "schedulers", "kernel_ms", "complete"})
          QVERIFY2(f["nvfuser"].toObject().contains(key), key);
    }
    QCOMPARE(j["totals"].toObject()["fusions"].toInt(), fusions.size());
  }

  // Each row's count is `segment` on that definition alone (written to a file of its own).
  void eachRowEqualsSegmentOnItsDefinitionAlone() {
    const QJsonObject j = modelJson({kRun});
    QFile log(kRun);
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(log.readAll()).split('\n');
    QTemporaryDir dir;
    int checked = 0;
    for (const QJsonValue& v : j["fusions"].toArray()) {
      const QJsonObject f = v.toObject();
      if (f["kind"].toString() != "python_definition") continue;
      const int line = f["source"].toString().section(':', -1).toInt();
      QStringList def{lines[line - 1]};
      for (int k = line; k < lines.size() && lines[k].startsWith("    "); ++k) def << lines[k];
      const QString file = dir.filePath(f["name"].toString() + ".py");
      QFile out(file);
      QVERIFY(out.open(QIODevice::WriteOnly));
      out.write((def.join('\n') + "\n").toUtf8());
      out.close();
      const auto r = cli({"segment", file, "--json", "-"});
      QCOMPARE(r.exitCode, 0);
      int segments = 0;
      for (const QJsonValue& s : QJsonDocument::fromJson(r.out.toUtf8()).object()["segments"].toArray())
        segments += s.toObject()["kind"].toString() == "host_scalars" ? 0 : 1;
      QCOMPARE(f["segscope"].toObject()["segments"].toInt(), segments);
      ++checked;
    }
    QVERIFY(checked >= 15);
  }

  void againstNamesTheChangedFusionAndBaselineFailsOnIt() {
    const QJsonObject j = modelJson({kUpgrade, "--against", kRun});
    const QJsonArray changes = j["changes"].toArray();
    QCOMPARE(changes.size(), 1);
    const QJsonObject c = changes[0].toObject();
    QCOMPARE(c["kind"].toString(), QString("changed"));
    QCOMPARE(c["name"].toString(), QString("nvfuser_fusion_id51"));
    QCOMPARE(c["before"].toString(), QString("nvfuser_fusion_id11"));

    QTemporaryDir dir;
    const QString baseline = dir.filePath("baseline.json");
    QCOMPARE(cli({"model", kRun, "--baseline", baseline, "--update"}).exitCode, 0);
    QCOMPARE(cli({"model", kRun, "--baseline", baseline}).exitCode, 0);
    const auto changed = cli({"model", kUpgrade, "--baseline", baseline});
    QCOMPARE(changed.exitCode, 1);
    QVERIFY(changed.out.contains("nvfuser_fusion_id51"));
  }

  void jobsDoNotChangeTheAnswer() {
    QJsonObject one = modelJson({kRun, "--jobs", "1"});
    QJsonObject two = modelJson({kRun, "--jobs", "2"});
    const auto strip = [](QJsonObject j) {
      QJsonArray rows;
      for (const QJsonValue& v : j["fusions"].toArray()) {
        QJsonObject f = v.toObject();
        f.remove("ms");
        rows.append(f);
      }
      return rows;
    };
    QCOMPARE(strip(one), strip(two));
  }

  void badInputIsReportedAndLosesNothing() {
    QTemporaryDir dir;
    const QString binary = dir.filePath("core.log");
    QFile b(binary);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write(
        QByteArray("\x7f"
                   "ELF\0\0\0",
                   7));
    b.close();
    const QString cut = dir.filePath("cut.log");
    QFile c(cut);
    QVERIFY(c.open(QIODevice::WriteOnly));
    c.write(
        "def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n"
        "    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False)\n"
        "    T1 = fd.ops.exp(T0");
    c.close();
    const auto r = cli({"model", binary, cut, kRun, "--json", "-"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(j["diagnostics"].toArray().size() >= 1);
    QVERIFY(j["diagnostics"].toArray()[0].toString().contains("binary"));
    const QJsonArray fusions = j["fusions"].toArray();
    QVERIFY(fusions.size() >= 21);
    const QJsonObject first = fusions[0].toObject();
    QVERIFY(first["segscope"].isNull());
    // The definition is cut inside its third line: the parser reports the '(' left open there.
    QVERIFY2(first["diagnostic"].toString().startsWith(cut + ":"), qPrintable(first["diagnostic"].toString()));
    QVERIFY(first["diagnostic"].toString().contains("line 3, column 20 is not closed"));
    QCOMPARE(cli({"model", dir.filePath("missing.log")}).exitCode, 2);
    QCOMPARE(cli({"model", kRun, "--jobs", "many"}).exitCode, 2);
    QCOMPARE(cli({"model", kRun, "--update"}).exitCode, 2);
  }
};

QTEST_GUILESS_MAIN(TestModelCli)
#include "test_model.moc"
