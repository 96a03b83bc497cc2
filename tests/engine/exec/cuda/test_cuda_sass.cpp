// The kernel report of the candidate options (testing::kCandidateCodegen, the next GPU window's
// "all" variant): every sample's, golden case's and large bench sample's kernels with them
// assemble to sm_90 CUBINs whose two entries do not spill; where a cuobjdump is present
// (SEGSCOPE_CUOBJDUMP, PATH or /usr/local/cuda/bin), the SASS of each specialized entry beside its
// generic twin's, per element of a thread's iteration (SEGSCOPE_SASS_REPORT=FILE writes the
// table). Without one that part says SKIP. The listing reader is checked on a stored listing, so
// it runs everywhere.
#include <QtTest>
#include <algorithm>
#include <regex>

#include "cuda_test_support.h"
#include "exec/cuda/codegen/codegen_options.h"
#include "exec/cuda/nvrtc_compiler.h"
#include "exec/cuda/ptxas_info.h"
#include "sass_listing.h"
#include "test_files.h"

using namespace segscope;

namespace {

struct Assembled {
  QString file;
  exec::cuda::Kernel kernel;
  std::string cubin;
};

// Elements one thread moves per iteration: the widest sg_vec in the source (1 without one).
int elementsPerIteration(const std::string& source) {
  static const std::regex vec(R"(sg_vec<[^,>]+, (\d+)>)");
  int widest = 1;
  for (auto it = std::sregex_iterator(source.begin(), source.end(), vec); it != std::sregex_iterator(); ++it)
    widest = std::max(widest, std::stoi((*it)[1].str()));
  return widest;
}

}  // namespace

class TestCudaSass : public QObject {
  Q_OBJECT

  std::vector<Assembled> assembled_;

 private slots:
  void readsAStoredListing() {
    QFile f(QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/data/sass_listing.txt");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto functions = testing::parseSassListing(QString::fromUtf8(f.readAll()));
    QCOMPARE(functions.size(), std::size_t{2});
    // Counted independently with awk over the same file (NOP padding left out).
    const testing::SassFunction& demo = functions.at("sg_demo");
    QCOMPARE(demo.instructions, 147);
    QCOMPARE(demo.count("LDG"), 2);
    QCOMPARE(demo.count("STG"), 1);
    QCOMPARE(demo.count("MUFU"), 4);
    QCOMPARE(demo.count("CALL"), 1);
    const testing::SassFunction& generic = functions.at("sg_demo_generic");
    QCOMPARE(generic.instructions, 21);
    QCOMPARE(generic.count("LDG"), 1);
    QCOMPARE(generic.count("NOP"), 0);
  }

  void candidateKernelsAssembleWithoutSpills() {
#ifndef SEGSCOPE_HAVE_NVRTC
    QSKIP("this build has no NVRTC (the CUDA toolkit was not found)");
#else
    QStringList files = testing::sampleFiles();
    for (const char* dir : {"/tests/engine/exec/cuda/golden", "/bench/large"}) {
      const QDir d(QString(SEGSCOPE_SOURCE_DIR) + dir);
      for (const QString& f : d.entryList({"*.py"}, QDir::Files, QDir::Name)) files << d.filePath(f);
    }
    int entries = 0;
    for (const QString& file : files) {
      auto options = testing::scriptCodegenOptions(file.toStdString());
      QVERIFY2(options.ok(), options.ok() ? "" : options.error().message.c_str());
      for (const QString& setting : QString(testing::kCandidateCodegen).split(' '))
        QVERIFY(exec::cuda::applyCodegenOption(*options, setting.toStdString()).ok());
      const testing::ScriptPlans plans = testing::planScript(file.toStdString(), *options);
      QVERIFY2(plans.error.empty(), plans.error.c_str());
      for (const testing::SegmentPlan& p : plans.segments) {
        QVERIFY2(p.plan.ok(), p.plan.ok() ? "" : p.plan.error().message.c_str());
        for (const exec::cuda::Kernel& k : p.plan->kernels) {
          QVERIFY2(!k.genericName.empty(), k.name.c_str());
          auto cubin = exec::cuda::compileToCubin(k, "sm_90");
          QVERIFY2(cubin.ok(),
                   qPrintable(file + ": " + QString::fromStdString(cubin.ok() ? "" : cubin.error().message)));
          for (const std::string& entry : {k.name, k.genericName}) {
            const exec::cuda::KernelResources r = exec::cuda::parsePtxasInfo(cubin->log, entry);
            const QString where = QFileInfo(file).fileName() + " " + QString::fromStdString(entry);
            QVERIFY2(r.registers > 0, qPrintable(where + ": no ptxas report"));
            QVERIFY2(!r.spills(), qPrintable(where + ": " + QString::fromStdString(r.describe())));
            ++entries;
          }
          assembled_.push_back({file, k, cubin->cubin});
        }
      }
    }
    qInfo("%d entries of %zu kernels assembled to sm_90 without spills", entries, assembled_.size());
    QVERIFY(!assembled_.empty());
#endif
  }

  // The specialized entry folds the strides and the alignment checks: over all kernels it needs
  // fewer instructions than the generic entries (one kernel may need more: literal trip counts
  // let NVVM unroll further).
  void sassReportOfTheSpecializedEntries() {
    const QString tool = testing::findCuobjdump();
    if (assembled_.empty()) QSKIP("no CUBINs (no NVRTC)");
    if (tool.isEmpty()) QSKIP("no cuobjdump (SEGSCOPE_CUOBJDUMP, PATH, /usr/local/cuda/bin): no SASS report");
    QString table =
        "| file | kernel | elements/iteration | SASS specialized | SASS generic | per element | LDG | STG | MUFU | "
        "CALL |\n"
        "|---|---|---|---|---|---|---|---|---|---|\n";
    long long specializedTotal = 0, genericTotal = 0;
    for (const Assembled& a : assembled_) {
      const QString listing = testing::disassemble(tool, a.cubin);
      QVERIFY2(!listing.startsWith("error: "), qPrintable(listing));
      const auto functions = testing::parseSassListing(listing);
      const auto s = functions.find(a.kernel.name), g = functions.find(a.kernel.genericName);
      QVERIFY2(s != functions.end() && g != functions.end(), a.kernel.name.c_str());
      const int width = elementsPerIteration(a.kernel.source);
      const QString where = QFileInfo(a.file).fileName() + " " + QString::fromStdString(a.kernel.name);
      specializedTotal += s->second.instructions;
      genericTotal += g->second.instructions;
      table += QString("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 |\n")
                   .arg(QFileInfo(a.file).fileName(), QString::fromStdString(a.kernel.name))
                   .arg(width)
                   .arg(s->second.instructions)
                   .arg(g->second.instructions)
                   .arg(static_cast<double>(s->second.instructions) / width, 0, 'f', 1)
                   .arg(s->second.count("LDG"))
                   .arg(s->second.count("STG"))
                   .arg(s->second.count("MUFU"))
                   .arg(s->second.count("CALL"));
    }
    qInfo("%zu kernels: %lld SASS in the specialized entries, %lld in the generic ones (%s)", assembled_.size(),
          specializedTotal, genericTotal, qPrintable(tool));
    if (const QString out = qEnvironmentVariable("SEGSCOPE_SASS_REPORT"); !out.isEmpty()) {
      QFile f(out);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(table.toUtf8());
    }
    QVERIFY(specializedTotal < genericTotal);
  }
};

QTEST_GUILESS_MAIN(TestCudaSass)
#include "test_cuda_sass.moc"
