// segscope-cli compare-log: nvFuser's final segments as its log states them, beside ours; exit 0
// when they agree, 1 when they differ, 2 for a file that is no nvFuser log (with file:line:col).
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>

#include "cli/cli_process.h"

namespace {

using segscope::testing::cli;
using segscope::testing::Run;

QString source(const QString& name) { return QString(SEGSCOPE_SOURCE_DIR) + "/" + name; }
QString nvlogData(const QString& name) { return QString(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/" + name; }

}  // namespace

class TestCompareLog : public QObject {
  Q_OBJECT

 private slots:
  void agreeingLogExitsZero() {
    const Run r = cli({"compare-log", source("samples/softmax.py"), nvlogData("synthetic/softmax_2026.log")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("nvFuser:  1 segment: 1 inner_persistent"), qPrintable(r.out));
    QVERIFY2(r.out.contains("agree: the same segments with the same schedulers"), qPrintable(r.out));
  }

  // The log's counts exactly as it states them, in the text and in the JSON.
  void differingLogExitsOneAndSaysHow() {
    QTemporaryDir dir;
    const QString out = dir.filePath("c.json");
    const Run r = cli({"compare-log", nvlogData("synthetic/reduction_epilogue.py"),
                       nvlogData("synthetic/reduction_epilogue_2024-08.log"), "--json", out});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("nvFuser:  2 segments: 1 pointwise, 1 reduction"), qPrintable(r.out));
    QVERIFY2(r.out.contains("differ: nvFuser has 2 segments, Segscope 1"), qPrintable(r.out));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject j = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(j["agree"].toBool(), false);
    QCOMPARE(j["nvfuser"].toObject()["per_scheduler"].toObject()["pointwise"].toInt(), 1);
    QCOMPARE(j["nvfuser"].toObject()["segments"].toArray().size(), 2);
    QCOMPARE(j["source"].toString(), QString("segmented_fusion group details"));
  }

  // A log of several runtimes: the last with final groups by default, another with --runtime.
  void severalRuntimes() {
    const QString script = nvlogData("synthetic/two_reductions.py");
    const QString log = nvlogData("synthetic/stream_crlf_timestamps.log");
    const Run last = cli({"compare-log", script, log});
    QVERIFY2(last.out.contains("2 runtimes; runtime 2"), qPrintable(last.out));
    const Run first = cli({"compare-log", script, log, "--runtime", "1"});
    QVERIFY2(first.out.contains("runtime 1 (line 1)"), qPrintable(first.out));
    QVERIFY2(first.out.contains("nvFuser:  1 segment: 1 inner_persistent"), qPrintable(first.out));
    const Run none = cli({"compare-log", script, log, "--runtime", "3"});
    QCOMPARE(none.exitCode, 2);
    QVERIFY2(none.err.contains("the log has 2 runtimes; there is no runtime 3"), qPrintable(none.err));
  }

  // The logs of tests/data/nvlog/generated (12 fusions, every format era): each states nvFuser's
  // segments, compare-log reports them as stated, agrees where the log is Segscope's H100 model
  // and, for nvFuser on an A100, exits 1 and names the first divergence with both verdicts.
  void generatedLogs() {
    QFile manifest(nvlogData("generated/MANIFEST.tsv"));
    QVERIFY(manifest.open(QIODevice::ReadOnly));
    int logs = 0;
    QSet<QString> fusions;
    for (const QByteArray& line : manifest.readAll().split('\n')) {
      if (line.isEmpty() || line.startsWith('#')) continue;
      const QList<QByteArray> f = line.split('\t');
      QCOMPARE(f.size(), 4);
      QTemporaryDir dir;
      const QString json = dir.filePath("c.json");
      const Run r =
          cli({"compare-log", source(QString(f[1])), nvlogData("generated/" + QString(f[0])), "--json", json});
      const bool agree = f[3] == "agree";
      QVERIFY2(r.exitCode == (agree ? 0 : 1), qPrintable(QString(f[0]) + "\n" + r.out + r.err));
      QVERIFY2(r.out.contains(agree ? "first divergence: none found" : "first divergence: the whole fusion"),
               qPrintable(r.out));
      QFile jf(json);
      QVERIFY(jf.open(QIODevice::ReadOnly));
      const QJsonObject j = QJsonDocument::fromJson(jf.readAll()).object();
      QCOMPARE(j["agree"].toBool(), agree);
      const QJsonObject d = j["divergence"].toObject();
      QVERIFY(d["joined_tensors"].toInt() > 0 || j["source"].toString().contains("whole"));
      if (!agree) {
        QVERIFY(!d["first_candidate"].toObject()["first_different_scheduler"].toString().isEmpty());
        QVERIFY(d["headline_line"].toInt() > 0);
      }
      ++logs;
      fusions.insert(QString(f[1]));
    }
    QVERIFY2(logs >= 36 && fusions.size() >= 12, qPrintable(QString::number(logs)));
  }

  // Kernel times from profiler output in the log go onto nvFuser's groups by their `_g<id>`.
  void kernelTimesOnGroups() {
    QTemporaryDir dir;
    const QString json = dir.filePath("c.json");
    const Run r = cli({"compare-log", source("samples/reduction_epilogue.py"),
                       nvlogData("synthetic/reduction_epilogue_a100_nsys.log"), "--json", json});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("kernel times from nsys cuda_gpu_kern_sum"), qPrintable(r.out));
    QVERIFY2(r.out.contains("group 1  reduction  1 expr  (line 348)  kernel 354.88 us"), qPrintable(r.out));
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject j = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonArray groups = j["nvfuser"].toObject()["segments"].toArray();
    QCOMPARE(groups.size(), 2);
    QCOMPARE(groups[1].toObject()["kernel"].toString(), QString("nvfuser_pointwise_f0_c1_r0_g2"));
    QVERIFY(qAbs(groups[1].toObject()["kernel_ms"].toDouble() - 0.14144) < 1e-9);
    QCOMPARE(j["times_source"].toString(), QString("nsys cuda_gpu_kern_sum"));
  }

  void notAnNvFuserLogIsBadInput() {
    const Run r = cli({"compare-log", source("samples/softmax.py"), source("samples/gelu.py")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("gelu.py:1:1: error: not an nvFuser log"), qPrintable(r.err));
    QCOMPARE(cli({"compare-log", source("samples/softmax.py")}).exitCode, 2);
  }
};

QTEST_MAIN(TestCompareLog)
#include "test_compare_log.moc"
