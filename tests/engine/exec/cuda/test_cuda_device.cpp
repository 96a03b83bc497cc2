// The CUDA runner on a real device (ctest label `gpu`; skipped with the no-device message
// elsewhere): every sample runs on the GPU and matches the CPU reference, every segment is timed,
// and a sample with a host scalar passes it to its kernel.
#include <QtTest>

#include "cuda_test_support.h"
#include "exec/cuda/cuda_runner.h"
#include "exec/segment_runner.h"
#include "reference/cpu_reference.h"
#include "reference/input_generator.h"
#include "reference/verify.h"
#include "test_files.h"

using namespace segscope;

class TestCudaDevice : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    const exec::cuda::DriverStatus& status = exec::cuda::driverStatus();
    if (!status.usable()) QSKIP(exec::cuda::noDeviceMessage(status).c_str());
  }

  void everySampleMatchesTheReference_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : testing::sampleFiles()) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }
  void everySampleMatchesTheReference() {
    QFETCH(QString, file);
    const testing::ScriptPlans plans = testing::planScript(file.toStdString());
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    auto env = exec::cuda::defaultCudaEnvironment();
    QVERIFY2(env.ok(), env.ok() ? "" : env.error().message.c_str());
    exec::cuda::CudaRunOptions options;
    options.warmup = 1;
    options.repeat = 3;
    auto runner =
        exec::cuda::CudaRunner::create(plans.segmented->segmentation, plans.script->inputs, env.value(), options);
    QVERIFY2(runner.ok(), runner.ok() ? "" : runner.error().message.c_str());
    auto inputs = exec::makeInputs(plans.script->inputs, 0);
    QVERIFY(inputs.ok());
    auto run = runner->run(inputs.value());
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    const ir::Fusion& fusion = *plans.segmented->segmentation.fusion;
    auto expected = exec::runReferenceBounded(fusion, inputs.value());
    QVERIFY(expected.ok());
    std::vector<std::string> names;
    for (const ir::FusionOutput& o : fusion.outputs()) names.push_back(o.val->name());
    const exec::Comparison c = exec::compareOutputs(expected->outputs, run->outputs, names, expected->bounds);
    QVERIFY2(c.ok, c.message.c_str());
    for (const exec::SegmentSamples& samples : run->segments) {
      if (!samples.onDevice()) continue;
      const exec::SegmentTiming s = exec::reduceSamples(samples, 0);
      QVERIFY(s.timedRuns == 3 || samples.bytesOut == 0);
      QVERIFY(s.minMs <= s.medianMs);
      qInfo("segment %d %s: %.4f ms (min %.4f), %lld bytes", s.segment(), samples.execution.c_str(), s.medianMs,
            s.minMs, static_cast<long long>(samples.bytesIn + samples.bytesOut));
    }
  }
};

QTEST_GUILESS_MAIN(TestCudaDevice)
#include "test_cuda_device.moc"
