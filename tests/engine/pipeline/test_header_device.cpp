// The GPU of a repro script's header and its built-in profile (pipeline/header_device.cpp).
#include <QtTest>

#include "pipeline/header_device.h"
#include "support/file_io.h"
#include "test_files.h"

using namespace segscope;

class TestHeaderDevice : public QObject {
  Q_OBJECT

 private slots:
  void readsDeviceZero() {
    const auto d = pipeline::headerDevice(
        "# CUDA devices:\n#  0: NVIDIA A100-SXM4-80GB\n#  1: NVIDIA A100-SXM4-80GB\n# torch version: 2.6\nimport "
        "torch\n");
    QVERIFY(d);
    QCOMPARE(d->gpu, std::string("NVIDIA A100-SXM4-80GB"));
    QCOMPARE(d->profile, std::string("a100"));
  }

  void matchesEveryBuiltInGpu() {
    QCOMPARE(pipeline::profileForGpu("NVIDIA H100 80GB HBM3"), std::string("h100"));
    QCOMPARE(pipeline::profileForGpu("NVIDIA H200"), std::string("h200"));
    QCOMPARE(pipeline::profileForGpu("NVIDIA A100-PCIE-40GB"), std::string("a100"));
    QCOMPARE(pipeline::profileForGpu("NVIDIA GeForce RTX 4090"), std::string());
  }

  void aGpuWithoutAProfileIsNamedStill() {
    const auto d = pipeline::headerDevice("# CUDA devices:\n#  0: NVIDIA GeForce RTX 4090\nimport torch\n");
    QVERIFY(d && d->gpu == "NVIDIA GeForce RTX 4090" && d->profile.empty());
  }

  // Only the leading comments are the header: a "CUDA devices" comment further down is not.
  void onlyTheHeaderCounts() {
    QVERIFY(!pipeline::headerDevice("import torch\n# CUDA devices:\n#  0: NVIDIA A100\n"));
    QVERIFY(!pipeline::headerDevice("# torch version: 2.6\nimport torch\n"));
    QVERIFY(!pipeline::headerDevice(""));
  }

  void samplesWithAHeader() {
    const auto text = support::readTextFile(std::string(SEGSCOPE_SOURCE_DIR) + "/samples/rms_norm.py");
    QVERIFY(text);
    const auto d = pipeline::headerDevice(text.value());
    QVERIFY(d && d->profile == "a100");
  }
};

QTEST_APPLESS_MAIN(TestHeaderDevice)
#include "test_header_device.moc"
