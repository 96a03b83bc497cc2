// Semantic check of generated kernels without a GPU: each sample's (and golden case's) kernels are compiled as
// host C++ (CUDA built-ins emulated so one block of one thread runs every grid-stride and
// reduction loop), called with the kernel-parameter packing cuLaunchKernel uses, and their
// outputs compared with the CPU reference's values of the same vals.
#include <dlfcn.h>

#include <QtTest>
#include <deque>

#include "cuda_test_support.h"
#include "exec/cuda/codegen/codegen_options.h"
#include "exec/cuda/codegen/prelude.h"
#include "host_emulation_support.h"
#include "reference/cpu_reference.h"
#include "reference/input_generator.h"
#include "reference/verify.h"
#include "test_files.h"

using namespace segscope;

namespace {

using HostEntry = void (*)(void**);

struct Library {
  void* handle = nullptr;
  ~Library() {
    if (handle) dlclose(handle);
  }
};

// Parameters in cuLaunchKernel's layout: one pointer per parameter to its value.
struct Params {
  std::deque<void*> pointers;
  std::deque<long long> ints;
  std::deque<double> doubles;
  std::deque<bool> bools;
  std::vector<void*> packed;
  void tensor(exec::HostTensor& t) {
    pointers.push_back(t.bytes().data());
    packed.push_back(&pointers.back());
    for (std::int64_t s : t.strides()) {
      ints.push_back(s);
      packed.push_back(&ints.back());
    }
  }
  void scalar(const ir::ScalarValue& v, const std::string& type) {
    const double d = ir::scalarAsDouble(v);
    if (type == "double") {
      doubles.push_back(d);
      packed.push_back(&doubles.back());
    } else if (type == "bool") {
      bools.push_back(d != 0.0);
      packed.push_back(&bools.back());
    } else {
      ints.push_back(std::holds_alternative<std::int64_t>(v) ? std::get<std::int64_t>(v) : static_cast<long long>(d));
      packed.push_back(&ints.back());
    }
  }
};

// Compiles `source` (after the host-emulation header) as a shared library in `dir` and opens
// it; the error names the compiler's complaint. Float compute, as on the GPU, unless
// SEGSCOPE_EMULATE_DOUBLE=1 widens it (to tell a precision problem from an indexing one).
std::string openHostLibrary(const QTemporaryDir& dir, const std::string& source, Library& lib) {
  const QString cpp = dir.filePath("kernels.cpp"), so = dir.filePath("kernels.so");
  QFile f(cpp);
  if (!f.open(QIODevice::WriteOnly)) return "cannot write " + cpp.toStdString();
  f.write(testing::kHostEmulationHeader);
  f.write(QByteArray::fromStdString(source));
  f.close();
  QStringList args{"-std=c++17", "-O1", "-w", "-shared", "-fPIC", "-o", so, cpp};
  if (qEnvironmentVariableIsSet("SEGSCOPE_EMULATE_DOUBLE")) args << "-DSG_COMPUTE_DOUBLE";
  QProcess cxx;
  cxx.start(SEGSCOPE_HOST_CXX, args);
  if (!cxx.waitForFinished(300000) || cxx.exitCode() != 0) return cxx.readAllStandardError().left(4000).toStdString();
  lib.handle = dlopen(so.toUtf8().constData(), RTLD_NOW | RTLD_LOCAL);
  return lib.handle ? "" : dlerror();
}

// sg_block_welford's merge order, run on the host with the prelude's own sg_welford_merge:
// per-thread Welford over r = t, t + threads, ...; xor butterflies within each warp (every
// lane merges with lane ^ o, as the shuffles do); lane 0 of each warp into "shared"; the
// first warp's butterfly over those (empty slots past the last warp). Threads past the row
// end keep count 0, which the merge must skip.
const char* const kBlockWelfordDriver = R"(
static void sg_butterfly(float* mean, float* m2, float* n) {
  for (int o = 16; o > 0; o >>= 1) {
    float pm[32], pm2[32], pn[32];
    for (int l = 0; l < 32; ++l) { pm[l] = mean[l]; pm2[l] = m2[l]; pn[l] = n[l]; }
    for (int l = 0; l < 32; ++l) sg_welford_merge(mean[l], m2[l], n[l], pm[l ^ o], pm2[l ^ o], pn[l ^ o]);
  }
}
extern "C" void sg_test_block_welford(const float* x, long long len, int threads, float* out) {
  static float mean[1024], m2[1024], n[1024];
  for (int t = 0; t < threads; ++t) {
    mean[t] = m2[t] = n[t] = 0;
    for (long long r = t; r < len; r += threads) {
      const float v = x[r], delta = v - mean[t];
      n[t] += 1;
      mean[t] += delta / n[t];
      m2[t] += delta * (v - mean[t]);
    }
  }
  const int warps = (threads + 31) / 32;
  float wm[32], wm2[32], wn[32];
  for (int w = 0; w < warps; ++w) {
    sg_butterfly(mean + 32 * w, m2 + 32 * w, n + 32 * w);
    wm[w] = mean[32 * w]; wm2[w] = m2[32 * w]; wn[w] = n[32 * w];
  }
  for (int l = warps; l < 32; ++l) wm[l] = wm2[l] = wn[l] = 0;
  sg_butterfly(wm, wm2, wn);
  out[0] = wm[0]; out[1] = wm2[0]; out[2] = wn[0];
}
)";

}  // namespace

class TestCudaHostEmulation : public QObject {
  Q_OBJECT

 private slots:
  // The block merge of the single-pass variance agrees with a two-pass variance in double,
  // for rows shorter than the block (empty threads), ragged rows and long rows.
  void blockWelfordMatchesTwoPass() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Library lib;
    const std::string error = openHostLibrary(dir, exec::cuda::codegen::prelude() + kBlockWelfordDriver, lib);
    QVERIFY2(error.empty(), error.c_str());
    using Driver = void (*)(const float*, long long, int, float*);
    auto run = reinterpret_cast<Driver>(dlsym(lib.handle, "sg_test_block_welford"));
    QVERIFY(run);
    for (const long long len : {1LL, 7LL, 31LL, 1000LL, 4097LL, 65536LL})
      for (const int threads : {32, 64, 96, 512, 1024}) {
        std::vector<float> x(static_cast<std::size_t>(len));
        for (long long i = 0; i < len; ++i)
          x[static_cast<std::size_t>(i)] = static_cast<float>(100.0 + 3.0 * std::sin(0.37 * static_cast<double>(i)));
        double mean = 0, m2 = 0;
        for (float v : x) mean += v;
        mean /= static_cast<double>(len);
        for (float v : x) m2 += (v - mean) * (v - mean);
        float out[3];
        run(x.data(), len, threads, out);
        const QString where = QString("len %1, %2 threads: mean %3 m2 %4 n %5 (want %6, %7)")
                                  .arg(len)
                                  .arg(threads)
                                  .arg(out[0])
                                  .arg(out[1])
                                  .arg(out[2])
                                  .arg(mean)
                                  .arg(m2);
        QVERIFY2(out[2] == static_cast<float>(len), qPrintable(where));
        QVERIFY2(std::abs(out[0] - mean) <= 1e-5 * std::abs(mean), qPrintable(where));
        QVERIFY2(std::abs(out[1] - m2) <= 1e-4 * m2 + 1e-3, qPrintable(where));
      }
  }

  void samplesMatchTheReference_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("codegen");  // CodegenOptions by name, space-separated
    QStringList files = testing::sampleFiles();
    QDir golden(QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/golden");
    for (const QString& f : golden.entryList({"*.py"}, QDir::Files, QDir::Name)) files << golden.filePath(f);
    for (const QString& f : files) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f << QString();
    // The variants the defaults replaced (still selectable): the samples whose kernels they change.
    for (const char* stem : {"layer_norm_fwd"})
      QTest::newRow(qPrintable(QString("%1.py two_pass_row_stats=0").arg(stem)))
          << QString(SEGSCOPE_SOURCE_DIR "/samples/%1.py").arg(stem) << QString("two_pass_row_stats=0");
    QTest::newRow("layer_norm_large_row.py two_pass_row_stats=0")
        << golden.filePath("layer_norm_large_row.py") << QString("two_pass_row_stats=0");
    for (const char* stem : {"gelu", "swiglu"})
      QTest::newRow(qPrintable(QString("%1.py fast_math=0").arg(stem)))
          << QString(SEGSCOPE_SOURCE_DIR "/samples/%1.py").arg(stem) << QString("fast_math=0");
    // Tiled transposes (on by default, 64; no sample qualifies, the golden cases do): off, tiles
    // smaller than the golden case's extents and larger than them.
    for (const char* tile : {"8", "0", "128"})
      QTest::newRow(qPrintable(QString("transpose_tile.py transpose_tile=%1").arg(tile)))
          << golden.filePath("transpose_tile.py") << QString("transpose_tile=%1").arg(tile);
    QTest::newRow("pointwise_broadcast_permute.py transpose_tile=16")
        << golden.filePath("pointwise_broadcast_permute.py") << QString("transpose_tile=16");
    // Vector column reductions and grouped unfused plans (on by default): each off, and both,
    // on the samples whose kernels they change.
    for (const char* codegen :
         {"column_vector=0", "group_unfused_reductions=0", "column_vector=0 group_unfused_reductions=0"})
      QTest::newRow(qPrintable(QString("layer_norm_bwd.py %1").arg(codegen)))
          << QString(SEGSCOPE_SOURCE_DIR "/samples/layer_norm_bwd.py") << QString(codegen);
    // Column sums folded into the row kernel: one row per block (the scaled sample's 8 rows), and
    // 3 persistent blocks taking 3, 3 and 2 rows.
    for (const char* codegen : {"inner_outer=1", "inner_outer=1 outer_split_target_blocks=3"})
      QTest::newRow(qPrintable(QString("layer_norm_bwd.py %1").arg(codegen)))
          << QString(SEGSCOPE_SOURCE_DIR "/samples/layer_norm_bwd.py") << QString(codegen);
    // Long rows on a cluster (one emulated block takes the whole row): a sum and its epilogue, and
    // softmax's max and sum over rows of 64 KB.
    QTest::newRow("reduction_epilogue.py row_cluster=8")
        << QString(SEGSCOPE_SOURCE_DIR "/samples/reduction_epilogue.py") << QString("row_cluster=8");
    QTest::newRow("softmax_large_row.py row_cluster=4")
        << golden.filePath("softmax_large_row.py") << QString("row_cluster=4");
    QTest::newRow("batch_norm_running_stats.py column_vector_welford=1")
        << QString(SEGSCOPE_SOURCE_DIR "/samples/batch_norm_running_stats.py") << QString("column_vector_welford=1");
    QTest::newRow("batch_norm_running_stats.py group_unfused_reductions=0")
        << QString(SEGSCOPE_SOURCE_DIR "/samples/batch_norm_running_stats.py") << QString("group_unfused_reductions=0");
    for (const char* stem : {"outer_reduction_vector", "outer_any_vector"})
      QTest::newRow(qPrintable(QString("%1.py column_vector=0").arg(stem)))
          << golden.filePath(QString("%1.py").arg(stem)) << QString("column_vector=0");
    // The candidates not yet measured, together: entries specialized on the layout (literal
    // strides, 32-bit indices) beside the generic ones, vector lanes through slices and reshapes,
    // later row passes walked backwards, column sums folded into row kernels, row widths set by
    // the loads, vector column statistics, long rows on clusters, outputs in their allocation
    // order. Every sample and golden case, both entries of each kernel (samplesMatchTheReference
    // runs every entry).
    const QString candidates = testing::kCandidateCodegen;
    for (const QString& f : files)
      QTest::newRow(qPrintable(QFileInfo(f).fileName() + " candidates")) << f << candidates;
  }

  void samplesMatchTheReference() {
    QFETCH(QString, file);
    QFETCH(QString, codegen);
    auto fromScript = testing::scriptCodegenOptions(file.toStdString());
    QVERIFY2(fromScript.ok(), fromScript.ok() ? "" : fromScript.error().message.c_str());
    exec::cuda::CodegenOptions options = *fromScript;
    for (const QString& setting : codegen.split(' ', Qt::SkipEmptyParts)) {
      const Status st = exec::cuda::applyCodegenOption(options, setting.toStdString());
      QVERIFY2(st.ok(), qPrintable(setting));
    }
    // The samples run with their rows scaled down; the golden cases as written (their sizes are
    // what they test: a row longer than a block, a large-row layer norm).
    const bool rowScaled = file.startsWith(QString(SEGSCOPE_SOURCE_DIR "/samples/"));
    const testing::ScriptPlans plans = testing::planScript(file.toStdString(), options, rowScaled);
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    std::string source = exec::cuda::codegen::prelude();
    int kernels = 0;
    for (const testing::SegmentPlan& p : plans.segments) {
      QVERIFY(p.plan.ok());
      for (const exec::cuda::Kernel& k : p.plan->kernels) {
        source += k.source.substr(exec::cuda::codegen::prelude().size()) + testing::hostWrapper(k);
        ++kernels;
      }
    }
    if (kernels == 0) QSKIP("no kernels in this sample");
    // Compile all kernels of the sample as one host shared library. Float compute, as on the
    // GPU: one thread's serial float sums are the longest rounding chains the kernels can
    // build, and the reference's error bounds must cover them.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Library lib;
    const std::string error = openHostLibrary(dir, source, lib);
    QVERIFY2(error.empty(), error.c_str());

    // The reference's value of every val of the segmented fusion.
    const ir::Fusion& fusion = *plans.segmented->segmentation.fusion;
    auto inputs = exec::makeInputs(plans.script->inputs, 5);
    QVERIFY2(inputs.ok(), inputs.ok() ? "" : inputs.error().message.c_str());
    auto reference = exec::runReferenceAllBounded(fusion, inputs.value());
    QVERIFY2(reference.ok(), reference.ok() ? "" : reference.error().message.c_str());
    const exec::ValueMap* all = &reference->values;

    int compared = 0;
    // With host_layout every kernel has a generic entry too: run the plan through each.
    bool anyGeneric = false;
    for (const testing::SegmentPlan& p : plans.segments)
      for (const exec::cuda::Kernel& k : p.plan->kernels) anyGeneric = anyGeneric || !k.genericName.empty();
    for (const bool generic : {false, true}) {
      if (generic && !anyGeneric) break;
      for (const testing::SegmentPlan& p : plans.segments) {
        std::map<int, exec::HostTensor> produced;  // outputs and temps of this segment
        for (const exec::cuda::Kernel& k : p.plan->kernels) {
          Params params;
          std::vector<exec::HostTensor> inputCopies;
          inputCopies.reserve(k.args.size());
          for (const exec::cuda::KernelArg& a : k.args) {
            if (!a.isTensor()) continue;
            if (a.kind == exec::cuda::KernelArg::Kind::Input) {
              auto it = all->find(a.valId);
              QVERIFY2(it != all->end(), qPrintable(QString("no reference value for val %1").arg(a.valId)));
              inputCopies.push_back(std::get<exec::HostTensor>(it->second));
              params.tensor(inputCopies.back());
            } else {
              auto [it, fresh] = produced.try_emplace(a.valId, a.dtype, a.sizes, a.strides);
              (void)fresh;
              params.tensor(it->second);
            }
          }
          for (const exec::cuda::KernelArg& a : k.args) {
            if (a.isTensor()) continue;
            auto it = all->find(a.valId);
            QVERIFY2(it != all->end(), qPrintable(QString("no reference value for scalar %1").arg(a.valId)));
            params.scalar(std::get<ir::ScalarValue>(it->second), exec::cuda::codegen::scalarParamType(a.dtype));
          }
          const std::string name = generic && !k.genericName.empty() ? k.genericName : k.name;
          auto entry = reinterpret_cast<HostEntry>(dlsym(lib.handle, (name + "_host").c_str()));
          QVERIFY2(entry, name.c_str());
          entry(params.packed.data());
        }
        for (const exec::cuda::Kernel& k : p.plan->kernels)
          for (const exec::cuda::KernelArg& a : k.args) {
            if (a.kind != exec::cuda::KernelArg::Kind::Output) continue;
            const auto bound = reference->bounds.find(a.valId);
            const exec::Comparison c =
                exec::compareValues(all->at(a.valId), produced.at(a.valId),
                                    bound == reference->bounds.end() ? std::vector<double>{} : bound->second);
            QVERIFY2(c.ok, qPrintable(QString("%1%6 segment %2 (%3) val %4: %5")
                                          .arg(file)
                                          .arg(p.segment)
                                          .arg(QString::fromStdString(p.scheduler))
                                          .arg(a.valId)
                                          .arg(QString::fromStdString(c.message))
                                          .arg(generic ? " (generic entries)" : "")));
            ++compared;
          }
      }
    }
    qInfo("%d kernels run on the host, %d outputs match the reference", kernels, compared);
  }
};

QTEST_GUILESS_MAIN(TestCudaHostEmulation)
#include "test_cuda_host_emulation.moc"
