// NVRTC on generated kernels (skipped without the CUDA toolkit): every kernel of every
// sample compiles to PTX for sm_90 and assembles to an sm_90 CUBIN whose registers and shared
// memory fit its launch (the resource report is in the test's output), a syntax error comes
// back with NVRTC's log, and a second compile is a cache hit (in memory, then on disk).
#include <QtTest>

#include "cuda_test_support.h"
#include "exec/cuda/codegen/prelude.h"
#include "exec/cuda/nvrtc_compiler.h"
#include "test_files.h"

using namespace segscope;

namespace {

exec::cuda::Kernel brokenKernel() {
  exec::cuda::Kernel k;
  k.name = "sg_broken";
  k.source = "extern \"C\" __global__ void sg_broken(float* p) { p[0] = undeclared_name + ; }\n";
  return k;
}

exec::cuda::Kernel tinyKernel(const std::string& tag) {
  exec::cuda::Kernel k;
  k.name = "sg_tiny";
  k.source = "// " + tag + "\nextern \"C\" __global__ void sg_tiny(float* p) { p[threadIdx.x] = 1.0f; }\n";
  return k;
}

}  // namespace

class TestCudaNvrtc : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir cacheHome_;

  // Every kernel of every sample and golden case, with the file it came from.
  template <class Visit>
  static void forEachSampleKernel(Visit visit) {
    QStringList files = testing::sampleFiles();
    const QDir golden(QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/golden");
    for (const QString& f : golden.entryList({"*.py"}, QDir::Files, QDir::Name)) files << golden.filePath(f);
    for (const QString& file : files) {
      const auto options = testing::scriptCodegenOptions(file.toStdString());  // a golden case's own
      QVERIFY2(options.ok(), options.ok() ? "" : options.error().message.c_str());
      const testing::ScriptPlans plans = testing::planScript(file.toStdString(), *options);
      QVERIFY2(plans.error.empty(), plans.error.c_str());
      for (const testing::SegmentPlan& p : plans.segments) {
        QVERIFY2(p.plan.ok(), p.plan.ok() ? "" : p.plan.error().message.c_str());
        for (const exec::cuda::Kernel& k : p.plan->kernels) visit(file, k);
      }
    }
  }

 private slots:
  void initTestCase() {
#ifndef SEGSCOPE_HAVE_NVRTC
    QSKIP("built without the CUDA toolkit (SEGSCOPE_CUDA_ENABLED is off): NVRTC is not available");
#endif
    // A private cache directory: the test neither reads nor fills the user's cache.
    QVERIFY(cacheHome_.isValid());
    qputenv("XDG_CACHE_HOME", cacheHome_.path().toUtf8());
  }

  void everySampleKernelCompiles() {
#ifdef SEGSCOPE_HAVE_NVRTC
    int compiled = 0;
    forEachSampleKernel([&](const QString& file, const exec::cuda::Kernel& k) {
      auto r = exec::cuda::compileToPtx(k, "sm_90");
      QVERIFY2(r.ok(),
               qPrintable(file + ": " + QString::fromStdString(r.ok() ? "" : r.error().message + "\n" + k.source)));
      QVERIFY(r->ptx.find(".entry " + k.name) != std::string::npos);
      // Half/float math stays in float: no double arithmetic sneaks in through overloads.
      if (file.endsWith("/softmax.py")) QVERIFY2(r->ptx.find(".f64") == std::string::npos, r->ptx.c_str());
      ++compiled;
    });
    qInfo("%d kernels compiled to PTX for sm_90 with NVRTC %s", compiled, exec::cuda::nvrtcVersionString().c_str());
    QVERIFY(compiled > 0);
#endif
  }

  // What ptxas would first do inside cuModuleLoadData on the GPU, done here: every kernel is
  // assembled to an sm_90 CUBIN, and its registers, spills and shared memory must fit a launch
  // of its own block size on an H100 (65536 registers and 227 KiB of shared memory per block).
  void everySampleKernelAssemblesToCubin() {
#ifdef SEGSCOPE_HAVE_NVRTC
    constexpr std::int64_t kRegistersPerBlock = 65536, kSharedOptIn = 227 * 1024, kStaticSharedLimit = 48 * 1024;
    int assembled = 0, spilling = 0;
    forEachSampleKernel([&](const QString& file, const exec::cuda::Kernel& k) {
      auto r = exec::cuda::compileToCubin(k, "sm_90");
      QVERIFY2(r.ok(), qPrintable(file + ": " + QString::fromStdString(r.ok() ? "" : r.error().message)));
      QVERIFY2(r->cubin.rfind("\x7f"
                              "ELF",
                              0) == 0,
               k.name.c_str());
      const exec::cuda::KernelResources& res = r->resources;
      QVERIFY2(res.registers > 0 && res.registers <= 255, r->log.c_str());
      const std::int64_t threads = static_cast<std::int64_t>(k.launch.block.x) * k.launch.block.y * k.launch.block.z;
      const QString where =
          QString("%1 %2 (block %3)").arg(QFileInfo(file).fileName(), QString::fromStdString(k.name)).arg(threads);
      QVERIFY2(res.registers * threads <= kRegistersPerBlock, qPrintable(where + ": too many registers for its block"));
      QVERIFY2(res.sharedBytes <= kStaticSharedLimit, qPrintable(where + ": static shared memory over 48 KiB"));
      QVERIFY2(res.sharedBytes + k.launch.sharedBytes <= kSharedOptIn,
               qPrintable(where + ": shared memory over 227 KiB"));
      if (res.spills()) ++spilling;
      qInfo("%s: %s, %lld B dynamic shared", qPrintable(where), res.describe().c_str(),
            static_cast<long long>(k.launch.sharedBytes));
      ++assembled;
    });
    qInfo("%d kernels assembled to sm_90 CUBIN; %d spill", assembled, spilling);
    QVERIFY(assembled > 0);
#endif
  }

  void aCubinNeedsARealArchitecture() {
#ifdef SEGSCOPE_HAVE_NVRTC
    auto r = exec::cuda::compileToCubin(tinyKernel("virtual"), "compute_90");
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.find("real architecture") != std::string::npos, r.error().message.c_str());
    auto ok = exec::cuda::compileToCubin(tinyKernel("real"), "sm_90");
    QVERIFY2(ok.ok(), ok.ok() ? "" : ok.error().message.c_str());
    QVERIFY(ok->resources.registers > 0);
    QVERIFY(!ok->resources.spills());
#endif
  }

  // The pointwise vector path really becomes 128-bit accesses (gelu: bf16 in and out, 8 a thread).
  void vectorPathCompilesTo128BitAccesses() {
#ifdef SEGSCOPE_HAVE_NVRTC
    const testing::ScriptPlans plans =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/gelu.py").toStdString());
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    const exec::cuda::Kernel& k = plans.segments.at(0).plan->kernels.at(0);
    QVERIFY2(k.source.find("sg_vec<sg_bfloat, 8>") != std::string::npos, k.source.c_str());
    auto r = exec::cuda::compileToPtx(k, "sm_90");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    const auto has = [&](const std::string& needle) { return r->ptx.find(needle) != std::string::npos; };
    QVERIFY2(
        has("ld.global.nc.v4.u32") || has("ld.global.v4.u32") || has("ld.global.nc.v4.b32") || has("ld.global.v4.b32"),
        r->ptx.c_str());
    QVERIFY2(has("st.global.v4.u32") || has("st.global.v4.b32"), r->ptx.c_str());
#endif
  }

  // Row kernels too: softmax (half in and out, one block per row) reads the row with 16-byte
  // loads and writes it with 16-byte stores.
  void rowKernelsCompileTo128BitAccesses() {
#ifdef SEGSCOPE_HAVE_NVRTC
    // 1024 halves a row, 8 a thread and step: a warp per row, four 16-byte loads a thread.
    // By default the row stays in registers: no shared or local memory, and exp(x - max) is
    // computed once per element (the normalize pass reuses the sum pass's values). With the
    // register row off, the later passes read the shared-memory row cache with 16-byte loads.
    for (const std::int64_t registerValues : {std::int64_t{32}, std::int64_t{0}}) {
      exec::cuda::CodegenOptions options;
      options.registerRowValues = registerValues;
      const testing::ScriptPlans plans =
          testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/softmax.py").toStdString(), options);
      QVERIFY2(plans.error.empty(), plans.error.c_str());
      const exec::cuda::Kernel& k = plans.segments.at(0).plan->kernels.at(0);
      QVERIFY2(k.source.find("sg_vec<sg_half, 8>") != std::string::npos, k.source.c_str());
      auto r = exec::cuda::compileToPtx(k, "sm_90");
      QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
      const auto count = [&](const std::string& needle) {
        int n = 0;
        for (std::size_t at = r->ptx.find(needle); at != std::string::npos; at = r->ptx.find(needle, at + 1)) ++n;
        return n;
      };
      const int vectorLoads = count("ld.global.nc.v4.u32") + count("ld.global.v4.u32") + count("ld.global.nc.v4.b32") +
                              count("ld.global.v4.b32");
      QVERIFY2(vectorLoads >= 4, r->ptx.c_str());
      QVERIFY2(count("st.global.v4.u32") + count("st.global.v4.b32") >= 1, r->ptx.c_str());
      QCOMPARE(count("ld.local") + count("st.local"), 0);
      if (registerValues > 0) {
        QCOMPARE(count("ld.shared.v4"), 0);
        QCOMPARE(count("ex2.approx"), 32);
      } else {
        QVERIFY2(count("ld.shared.v4") >= 1, r->ptx.c_str());
        QVERIFY(count("ex2.approx") >= 64);  // computed again in the normalize pass
      }
    }
#endif
  }

  // CodegenOptions::fastMath 1: gelu and swiglu write bf16, so tanh becomes one tanh.approx.f32
  // and silu's division its approximate form; with 0 neither appears. Every variant assembles
  // to a CUBIN without spills.
  void fastMathUsesTheHardwareApproximations() {
#ifdef SEGSCOPE_HAVE_NVRTC
    struct Case {
      const char* sample;
      int level;
      const char* needle;  // in the PTX when the approximation is used
      bool expected;
    };
    for (const Case& c : {Case{"gelu", 0, "tanh.approx.f32", false}, Case{"gelu", 1, "tanh.approx.f32", true},
                          Case{"swiglu", 1, "div.approx.f32", true}, Case{"swiglu", 0, "div.approx.f32", false}}) {
      exec::cuda::CodegenOptions options;
      options.fastMath = c.level;
      const testing::ScriptPlans plans =
          testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/%1.py").arg(c.sample).toStdString(), options);
      QVERIFY2(plans.error.empty(), plans.error.c_str());
      bool found = false;
      for (const auto& segment : plans.segments) {
        if (!segment.plan) continue;
        for (const exec::cuda::Kernel& k : segment.plan->kernels) {
          auto ptx = exec::cuda::compileToPtx(k, "sm_90");
          QVERIFY2(ptx.ok(), ptx.ok() ? "" : ptx.error().message.c_str());
          found = found || ptx->ptx.find(c.needle) != std::string::npos;
          auto cubin = exec::cuda::compileToCubin(k, "sm_90");
          QVERIFY2(cubin.ok(), cubin.ok() ? "" : cubin.error().message.c_str());
          QVERIFY2(!cubin->resources.spills(),
                   qPrintable(QString("%1 fast_math=%2 %3: %4")
                                  .arg(c.sample)
                                  .arg(c.level)
                                  .arg(QString::fromStdString(k.name), QString::fromStdString(cubin->log))));
        }
      }
      QVERIFY2(found == c.expected, qPrintable(QString("%1 fast_math=%2: %3 %4 in the PTX")
                                                   .arg(c.sample)
                                                   .arg(c.level)
                                                   .arg(c.needle, found ? "found" : "not found")));
    }
#endif
  }

  // CodegenOptions::twoPassRowStats: layer norm's register-resident row takes its mean and M2 from
  // two block sums (no Welford merge, so no division on the shuffle path) and still assembles
  // without spills under the 64-register cap.
  void twoPassRowStatsReplaceTheWelfordMerge() {
#ifdef SEGSCOPE_HAVE_NVRTC
    exec::cuda::CodegenOptions options;
    options.twoPassRowStats = true;
    const testing::ScriptPlans plans =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/layer_norm_fwd.py").toStdString(), options);
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    const exec::cuda::Kernel& k = plans.segments.at(0).plan->kernels.at(0);
    const std::string body = k.source.substr(exec::cuda::codegen::prelude().size());
    QVERIFY2(body.find("sg_block_welford(") == std::string::npos, body.c_str());
    QVERIFY2(body.find("= sg_block_reduce(sum") != std::string::npos, body.c_str());
    auto cubin = exec::cuda::compileToCubin(k, "sm_90");
    QVERIFY2(cubin.ok(), cubin.ok() ? "" : cubin.error().message.c_str());
    QVERIFY2(!cubin->resources.spills(), cubin->log.c_str());
#endif
  }

  // CodegenOptions::transposeTile: the tiled kernel (static shared tiles, barriers) assembles
  // without spills for the default tile and the largest, on the large transposes.
  void transposeTilesAssembleWithoutSpills() {
#ifdef SEGSCOPE_HAVE_NVRTC
    // The golden cases (tiles of 32) compile with every other golden case above.
    for (std::int64_t tile : {64, 128})
      for (const char* file : {SEGSCOPE_SOURCE_DIR "/bench/large/tile_transpose_large.py",
                               SEGSCOPE_SOURCE_DIR "/bench/large/transpose_add_large.py"}) {
        exec::cuda::CodegenOptions options;
        options.transposeTile = tile;
        const testing::ScriptPlans plans = testing::planScript(file, options);
        QVERIFY2(plans.error.empty(), plans.error.c_str());
        const exec::cuda::Kernel& k = plans.segments.at(0).plan->kernels.at(0);
        QVERIFY2(k.source.find("__syncthreads();") != std::string::npos, k.source.c_str());
        auto cubin = exec::cuda::compileToCubin(k, "sm_90");
        QVERIFY2(cubin.ok(), cubin.ok() ? "" : cubin.error().message.c_str());
        QVERIFY2(!cubin->resources.spills(), cubin->log.c_str());
      }
#endif
  }

  // CodegenOptions::columnVector: the vector column partial kernel (eight columns per thread) and
  // its finish kernel assemble without spills on the large column sum.
  void columnVectorKernelsAssembleWithoutSpills() {
#ifdef SEGSCOPE_HAVE_NVRTC
    // The golden cases compile with every other golden case above.
    for (const char* file : {SEGSCOPE_SOURCE_DIR "/bench/large/column_sum_large.py"}) {
      exec::cuda::CodegenOptions options;
      options.columnVector = true;
      const testing::ScriptPlans plans = testing::planScript(file, options);
      QVERIFY2(plans.error.empty(), plans.error.c_str());
      const auto& kernels = plans.segments.at(0).plan->kernels;
      QCOMPARE(kernels.size(), std::size_t(2));
      QVERIFY2(kernels[0].source.find("sg_vec<sg_half, ") != std::string::npos, kernels[0].source.c_str());
      for (const exec::cuda::Kernel& k : kernels) {
        auto cubin = exec::cuda::compileToCubin(k, "sm_90");
        QVERIFY2(cubin.ok(), cubin.ok() ? "" : cubin.error().message.c_str());
        QVERIFY2(!cubin->resources.spills(), cubin->log.c_str());
      }
    }
#endif
  }

  // CodegenOptions::groupUnfusedReductions without vector columns: layer norm backward's grouped
  // row kernel and one-column kernels assemble without spills (with them, the default, it
  // compiles with every sample above).
  void groupedUnfusedKernelsAssembleWithoutSpills() {
#ifdef SEGSCOPE_HAVE_NVRTC
    exec::cuda::CodegenOptions options;
    options.columnVector = false;
    const testing::ScriptPlans plans =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/layer_norm_bwd.py").toStdString(), options);
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    for (const exec::cuda::Kernel& k : plans.segments.back().plan->kernels) {
      auto cubin = exec::cuda::compileToCubin(k, "sm_90");
      QVERIFY2(cubin.ok(), cubin.ok() ? "" : cubin.error().message.c_str());
      QVERIFY2(!cubin->resources.spills(), qPrintable(QString::fromStdString(k.name + ": " + cubin->log)));
    }
#endif
  }

  void syntaxErrorComesBackWithTheLog() {
#ifdef SEGSCOPE_HAVE_NVRTC
    auto r = exec::cuda::compileToPtx(brokenKernel(), "sm_90");
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.find("sg_broken") != std::string::npos, r.error().message.c_str());
    QVERIFY2(r.error().message.find("error") != std::string::npos, r.error().message.c_str());
    QVERIFY2(r.error().message.find("undeclared_name") != std::string::npos, r.error().message.c_str());
#endif
  }

  void secondCompileIsACacheHit() {
#ifdef SEGSCOPE_HAVE_NVRTC
    const exec::cuda::Kernel k = tinyKernel(QUuid::createUuid().toString().toStdString());
    auto first = exec::cuda::compileToPtx(k, "sm_90");
    QVERIFY2(first.ok(), first.ok() ? "" : first.error().message.c_str());
    QVERIFY(!first->cacheHit);
    auto second = exec::cuda::compileToPtx(k, "sm_90");
    QVERIFY(second.ok());
    QVERIFY(second->cacheHit);
    QVERIFY(!second->fromDisk);
    QCOMPARE(second->ptx, first->ptx);
    // The disk cache answers a fresh process (simulated by dropping the memory cache).
    QVERIFY(QFile::exists(QString::fromStdString(exec::cuda::kernelCacheDir() + "/" + first->cacheKey + ".ptx")));
    exec::cuda::clearMemoryKernelCache();
    auto third = exec::cuda::compileToPtx(k, "sm_90");
    QVERIFY(third.ok());
    QVERIFY(third->fromDisk);
    QCOMPARE(third->ptx, first->ptx);
    // Another architecture is another entry.
    auto other = exec::cuda::compileToPtx(k, "sm_80");
    QVERIFY(other.ok());
    QVERIFY(!other->cacheHit);
    QVERIFY(other->cacheKey != first->cacheKey);
#endif
  }
};

QTEST_GUILESS_MAIN(TestCudaNvrtc)
#include "test_cuda_nvrtc.moc"
