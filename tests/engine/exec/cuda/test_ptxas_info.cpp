// Reading ptxas' verbose report (no toolkit needed): registers, barriers, stack, spills and
// static shared memory of the entry asked for, and nothing of the entries around it.
#include <QtTest>

#include "exec/cuda/ptxas_info.h"

using namespace segscope;

namespace {

const char* const kLog =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function 'sg_seg0_row0' for 'sm_90'\n"
    "ptxas info    : Function properties for sg_seg0_row0\n"
    "ptxas         .     16 bytes stack frame, 8 bytes spill stores, 12 bytes spill loads\n"
    "ptxas info    : Used 255 registers, used 1 barriers, 1024 bytes smem, 400 bytes cmem[0]\n"
    "ptxas info    : Compiling entry function 'sg_seg0_pw0' for 'sm_90'\n"
    "ptxas info    : Function properties for sg_seg0_pw0\n"
    "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 18 registers, used 0 barriers, 380 bytes cmem[0]\n"
    "ptxas info    : Compile time = 35.650 ms\n";

}  // namespace

class TestPtxasInfo : public QObject {
  Q_OBJECT

 private slots:
  void readsTheEntryAskedFor() {
    const exec::cuda::KernelResources row = exec::cuda::parsePtxasInfo(kLog, "sg_seg0_row0");
    QCOMPARE(row.registers, 255);
    QCOMPARE(row.barriers, 1);
    QCOMPARE(row.stackBytes, std::int64_t{16});
    QCOMPARE(row.spillStoreBytes, std::int64_t{8});
    QCOMPARE(row.spillLoadBytes, std::int64_t{12});
    QCOMPARE(row.sharedBytes, std::int64_t{1024});
    QCOMPARE(row.constantBytes, std::int64_t{400});
    QVERIFY(row.spills());
    QVERIFY2(row.describe().find("spills 8 B stored / 12 B loaded") != std::string::npos, row.describe().c_str());

    const exec::cuda::KernelResources pw = exec::cuda::parsePtxasInfo(kLog, "sg_seg0_pw0");
    QCOMPARE(pw.registers, 18);
    QCOMPARE(pw.barriers, 0);
    QCOMPARE(pw.sharedBytes, std::int64_t{0});
    QVERIFY(!pw.spills());
    QCOMPARE(QString::fromStdString(pw.describe()),
             QString("18 registers, 0 B stack, no spills, 0 B static shared, 0 barriers"));
  }

  void anEntryPtxasDidNotReportHasNoRegisterCount() {
    QCOMPARE(exec::cuda::parsePtxasInfo(kLog, "sg_other").registers, -1);
    QCOMPARE(exec::cuda::parsePtxasInfo("", "sg_seg0_row0").registers, -1);
    // A name that is a prefix of another entry's is not that entry.
    QCOMPARE(exec::cuda::parsePtxasInfo(kLog, "sg_seg0").registers, -1);
  }
};

QTEST_GUILESS_MAIN(TestPtxasInfo)
#include "test_ptxas_info.moc"
