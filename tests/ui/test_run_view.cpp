// The Run panel: a run of the final segmentation times every segment, lists the host scalar
// values, checks against the unsegmented fusion, and paints the times on the final step's
// clusters (and nowhere else); a saved trace without its script cannot be run.
#include <QtTest>

#include <QRegularExpression>

#include <QLineEdit>
#include <QProgressBar>
#include <QSpinBox>
#include <QTemporaryDir>

#include "pipeline/pipeline.h"
#include "trace/trace_json.h"
#include "ui/graph_scene.h"
#include "ui/main_window.h"
#include "ui/panels/run_view.h"

using namespace segscope;
using ui::MainWindow;

namespace {

QString sample(const char* name) { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + name; }

}  // namespace

class TestRunView : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void formatsTimes() {
    QCOMPARE(ui::formatMs(1.23456), QString("1.235 ms"));
    QCOMPARE(ui::formatMs(0.0567), QString("56.70 µs"));  // support::durationText, as the CLI and the regions overlay
    QCOMPARE(ui::formatMs(0.00123), QString("1.23 µs"));
  }

  // The Codegen field (CUDA runs): settings by name, spaces or commas between them; a wrong key is
  // an error naming the known ones; the field is off while the CPU reference is chosen.
  void theCodegenFieldSetsOptionsByName() {
    pipeline::CodegenOptions options;
    QCOMPARE(ui::applyCodegenField("fast_math=0, pointwise_block=256", options), QString());
    QCOMPARE(options.fastMath, 0);
    QCOMPARE(options.pointwiseBlock, 256);
    const QString error = ui::applyCodegenField("fast_mat=1", options);
    QVERIFY2(error.contains("unknown codegen option 'fast_mat'") && error.contains("fast_math"), qPrintable(error));
    QVERIFY(ui::applyCodegenField("max_grid_x=lots", options).contains("whole number"));
    ui::RunView view;
    auto* field = view.findChild<QLineEdit*>("codegenOptions");
    QVERIFY(field);
    QVERIFY(!field->isEnabled());  // the CPU reference is the default backend
    QVERIFY(field->toolTip().contains("fast_math=1"));
  }

  // A long run shows its progress and stops on Cancel (or Escape), keeping what was shown.
  void aLongRunShowsProgressAndCancels() {
    MainWindow w(nullptr, false);
    w.resize(1400, 900);
    w.show();
    w.openFile(sample("adam_step.py"), true);
    QVERIFY(w.waitForPicture());
    auto* repeat = w.runView().findChild<QSpinBox*>();
    QVERIFY(repeat);
    repeat->setValue(1000);
    w.runView().run();
    QVERIFY(w.runView().running());
    auto* progressBar = w.runView().findChild<QProgressBar*>();
    QVERIFY(progressBar && progressBar->isVisibleTo(&w.runView()));
    QTRY_VERIFY_WITH_TIMEOUT(w.runView().progress().first > 0, 20000);
    const std::int64_t total = w.runView().progress().second;
    QVERIFY(total >= 1000);
    QTRY_VERIFY_WITH_TIMEOUT(progressBar->value() > 0, 5000);
    // Once the pace is known, the bar says how long is left.
    QTRY_VERIFY_WITH_TIMEOUT(progressBar->text().contains(" left"), 10000);
    QVERIFY2(progressBar->text().contains("segment runs · about "), qPrintable(progressBar->text()));
    QTest::keyClick(&w, Qt::Key_Escape);  // no layout is running: Escape cancels the run
    QTRY_VERIFY_WITH_TIMEOUT(!w.runView().running(), 20000);
    QVERIFY2(w.runView().statusText().contains("cancelled"), qPrintable(w.runView().statusText()));
    QVERIFY(!w.runView().lastRun().has_value());
    QVERIFY(!progressBar->isVisibleTo(&w.runView()));
    // The next run goes to the end.
    repeat->setValue(1);
    w.runView().run(/*wait=*/true);
    QVERIFY2(w.runView().lastRun().has_value(), qPrintable(w.runView().statusText()));
  }

  void aRunTimesEverySegmentAndShowsHostScalars() {
    MainWindow w(nullptr, false);
    w.resize(1400, 900);
    w.show();
    w.openFile(sample("adam_step.py"), true);
    QVERIFY(w.waitForPicture());
    const segmenter::Segmentation& seg = w.document().session()->segmentation->segmentation;
    QCOMPARE(w.scene().segmentBadgeCount(), 0);  // not run yet

    // The repeat count defaults to auto: on the CPU, as many runs (up to 5) as fit in 10 s.
    auto* repeat = w.runView().findChild<QSpinBox*>();
    QVERIFY(repeat && repeat->value() == 0 && repeat->text() == "median of auto");
    w.runView().run(/*wait=*/true);
    const auto& run = w.runView().lastRun();
    QVERIFY2(run.has_value(), qPrintable(w.runView().statusText()));
    QVERIFY2(run->counts.repeat >= 1 && run->counts.repeat <= 5, qPrintable(QString::number(run->counts.repeat)));
    QCOMPARE(run->segments.size(), seg.segments.size());
    QVERIFY(run->comparison && run->comparison->ok);
    QVERIFY2(w.runView().statusText().contains("matches the unsegmented reference"),
             qPrintable(w.runView().statusText()));
    const QString count =
        seg.segments.size() == 1 ? QString("1 segment ·") : QString("%1 segments ·").arg(seg.segments.size());
    QVERIFY2(w.runView().statusText().contains(count), qPrintable(w.runView().statusText()));
    QCOMPARE(w.runView().bars().bars().size(), seg.segments.size());
    QVERIFY(w.runView().hostScalarRows() > 0);  // Adam's bias corrections are host scalars
    for (int row = 0; row < w.runView().hostScalarRows(); ++row) {
      const QStringList cells = w.runView().hostScalarRow(row);
      // At most 6 significant digits shown, every digit on hover; and how it is computed.
      QString digits = cells[2];
      digits.remove(QRegularExpression("e.*")).remove('-').remove('.').remove(QRegularExpression("^0+"));
      QVERIFY2(digits.size() <= 6, qPrintable(cells[2]));
      QVERIFY(!cells[3].isEmpty());
      QVERIFY2(cells[4].startsWith(cells[1] + " = "), qPrintable(cells[4]));
    }
    QVERIFY2(w.runView().hostScalarRow(0)[4].contains(QRegularExpression("[-+*/^]")),
             qPrintable(w.runView().hostScalarRow(0)[4]));
    for (const exec::SegmentTiming& t : run->segments) QVERIFY(t.minMs <= t.medianMs);

    // Times sit on the final step's clusters only: segment ids mean nothing earlier.
    QCOMPARE(w.scene().segmentBadgeCount(), static_cast<int>(seg.segments.size()));
    w.goToStep(0);
    QVERIFY(w.waitForPicture());
    QCOMPARE(w.scene().segmentBadgeCount(), 0);
    w.lastStep();
    QVERIFY(w.waitForPicture());
    QCOMPARE(w.scene().segmentBadgeCount(), static_cast<int>(seg.segments.size()));

    // A new file forgets the run.
    w.openFile(sample("gelu.py"), true);
    QVERIFY(w.waitForPicture());
    QVERIFY(!w.runView().lastRun().has_value());
    QCOMPARE(w.scene().segmentBadgeCount(), 0);
  }

  void aSavedTraceCannotBeRun() {
    QTemporaryDir dir;
    auto pipeline = pipeline::runPipelineOnFile(sample("gelu.py").toStdString(), {});
    QVERIFY(std::holds_alternative<pipeline::Session>(pipeline));
    const QString path = dir.filePath("gelu.trace.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(trace::traceToJson(*std::get<pipeline::Session>(pipeline).trace)));
    f.close();
    MainWindow w(nullptr, false);
    w.show();
    w.openFile(path, true);
    QVERIFY(w.stepCount() > 0);
    w.runView().run(true);
    QVERIFY(!w.runView().lastRun().has_value());
    QVERIFY(w.runView().statusText().contains("cannot be run"));
  }
};

QTEST_MAIN(TestRunView)
#include "test_run_view.moc"
