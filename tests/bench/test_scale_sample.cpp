// bench/scale_sample.py: the large versions the GPU perf window measures keep each sample's
// segmentation (same schedulers, same order) and land in 128-256 MB of inputs.
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_process.h"

using namespace segscope::testing;

namespace {

// "0 pointwise 1 inner_persistent ..." from the segment command's table.
QString schedulers(const QString& file) {
  const Run r = cli({"segment", file});
  QString out;
  static const QRegularExpression row(R"(^\s*segment (\d+)\s+(\w+))", QRegularExpression::MultilineOption);
  for (auto it = row.globalMatch(r.out); it.hasNext();) {
    const auto m = it.next();
    out += m.captured(1) + " " + m.captured(2) + " ";
  }
  return r.exitCode == 0 ? out : "error: " + r.err;
}

}  // namespace

class TestScaleSample : public QObject {
  Q_OBJECT

 private slots:
  void largeVersionsKeepTheSegmentation_data() {
    QTest::addColumn<QString>("stem");
    // scripts/gpu_window.sh's LARGE_SAMPLES: every kernel family, and the footers' forms
    // (make_tensor, randint, randn(numel).as_strided).
    for (const char* stem : {"gelu", "swiglu", "transpose_heavy", "softmax", "rms_norm", "layer_norm_fwd",
                             "batch_norm_running_stats", "reduction_epilogue", "cross_entropy"})
      QTest::newRow(stem) << QString(stem);
  }
  void largeVersionsKeepTheSegmentation() {
    QFETCH(QString, stem);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString in = QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + stem + ".py", out = dir.filePath(stem + ".py");
    const Run scaled = runProgram("python3", {QString(SEGSCOPE_SOURCE_DIR) + "/bench/scale_sample.py", in, out});
    if (scaled.exitCode == -1) QSKIP("no python3");
    QVERIFY2(scaled.exitCode == 0, qPrintable(scaled.err));
    const QRegularExpressionMatch mb = QRegularExpression(R"(factor (\d+) inputs (\d+) MB)").match(scaled.out);
    QVERIFY2(mb.hasMatch(), qPrintable(scaled.out));
    QVERIFY2(mb.captured(1).toInt() >= 2, qPrintable(scaled.out));
    QVERIFY2(mb.captured(2).toInt() >= 128 && mb.captured(2).toInt() <= 256, qPrintable(scaled.out));
    const QString before = schedulers(in), after = schedulers(out);
    QVERIFY2(!before.isEmpty() && !before.startsWith("error"), qPrintable(before));
    QCOMPARE(after, before);
  }
};

QTEST_GUILESS_MAIN(TestScaleSample)
#include "test_scale_sample.moc"
