// The CUDA driver loader: on a machine without a GPU (CI) it reports why, with the hint to use
// the CPU backend; on a GPU machine it finds the device and reads its figures.
#include <QtTest>

#include "exec/cuda/driver_api.h"

using namespace segscope;

class TestCudaDriver : public QObject {
  Q_OBJECT

 private slots:
  void explainsOrDetects() {
    const exec::cuda::DriverStatus& s = exec::cuda::driverStatus();
    QCOMPARE(&s, &exec::cuda::driverStatus());  // loaded once
    if (!s.usable()) {
      QVERIFY(!s.problem.empty());
      const std::string message = exec::cuda::noDeviceMessage(s);
      QVERIFY2(message.rfind("no CUDA device available: ", 0) == 0, message.c_str());
      QVERIFY(message.find("--backend cpu") != std::string::npos);
      QVERIFY(!exec::cuda::detectDeviceProfile().has_value());
      qInfo("no CUDA device here: %s", s.problem.c_str());
      return;
    }
    const auto profile = exec::cuda::detectDeviceProfile();
    QVERIFY(profile.has_value());
    QCOMPARE(profile->name, std::string("detected"));
    QVERIFY(profile->smCount > 0 && profile->computeMajor >= 5 && profile->sharedMemoryPerBlockOptinBytes > 0);
    QVERIFY(profile->dramBandwidthGBps > 0);
    qInfo("device: %d SMs, sm_%d%d, %.0f GB/s", profile->smCount, profile->computeMajor, profile->computeMinor,
          profile->dramBandwidthGBps);
  }

  void errorNamesFallBackToNumbers() {
    exec::cuda::DriverApi empty;  // no entry points resolved
    QCOMPARE(empty.errorName(700), std::string("CUDA error 700"));
  }
};

QTEST_GUILESS_MAIN(TestCudaDriver)
#include "test_cuda_driver.moc"
