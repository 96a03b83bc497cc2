// The CUDA runner against a fake driver (no GPU): kernel arguments packed as KernelArg documents,
// every device allocation freed exactly once and right after its last consumer, median/min from
// the event times, host scalars passed as kernel arguments, driver errors naming the call; and,
// with the fake driver compiling kernels as host C++, whole samples matching the CPU reference.
#include <QtTest>

#include "cuda_test_support.h"
#include "exec/cuda/cuda_backend.h"
#include "exec/cuda/cuda_runner.h"
#include "exec/segment_runner.h"
#include "fake_driver.h"
#include "reference/cpu_reference.h"
#include "reference/input_generator.h"
#include "reference/verify.h"
#include "test_files.h"

#if defined(SEGSCOPE_HAVE_CUDA_HEADERS)
#include <cublasLt.h>
#include <cuda.h>
#endif

using namespace segscope;
using exec::cuda::KernelArg;

namespace {

QString sample(const char* name) { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + name; }

exec::cuda::CudaEnvironment fakeEnvironment() {
  exec::cuda::CudaEnvironment env;
  env.driver = &testing::fakeDriver();
  env.compile = testing::fakeCompiler();
  env.blas = []() -> Result<const exec::cuda::BlasLtApi*> { return &testing::fakeBlas(); };
  env.profile = *scheduler::profileByName("h100");
  return env;
}

struct Prepared {
  testing::ScriptPlans plans;
  std::vector<exec::Value> inputs;
  const segmenter::Segmentation& segmentation() const { return plans.segmented->segmentation; }
};

// `rowScaled`: the script's rows scaled down (tests/row_scaling.h), for the tests whose CPU
// reference would otherwise dominate the suite. Not for tests of a segmentation's shape: a
// reduction's scheduler can depend on the rows (reduction_epilogue.py splits in three at 64).
Prepared prepare(const QString& file, const exec::cuda::CodegenOptions& codegen = {}, bool rowScaled = false) {
  Prepared p{testing::planScript(file.toStdString(), codegen, rowScaled), {}};
  if (p.plans.error.empty()) {
    auto inputs = exec::makeInputs(p.plans.script->inputs, 3);
    if (inputs) p.inputs = std::move(inputs).value();
  }
  return p;
}

Result<exec::cuda::CudaRun> runOnFake(const Prepared& p, const exec::cuda::CudaRunOptions& options,
                                      exec::cuda::CudaEnvironment env = fakeEnvironment()) {
  SEGSCOPE_TRY(auto runner, exec::cuda::CudaRunner::create(p.segmentation(), p.plans.script->inputs, env, options));
  return runner.run(p.inputs);
}

exec::cuda::CudaRunOptions quick(int warmup = 0, int repeat = 1) {
  exec::cuda::CudaRunOptions o;
  o.warmup = warmup;
  o.repeat = repeat;
  return o;
}

bool allocated(exec::cuda::CUdeviceptr p) {
  for (const auto& [ptr, bytes] : testing::fakeLog().allocations)
    if (ptr == p) return true;
  return false;
}

// Checks one launch's raw parameter slots against the kernel's documented arguments: a pointer
// then one long long stride per dim for tensors (contiguous strides for outputs and temps,
// the input's own strides otherwise), then scalars as double / long long / bool.
void checkPacking(const exec::cuda::Kernel& k, const testing::FakeLaunch& launch,
                  const std::map<int, std::vector<std::int64_t>>& inputStrides) {
  std::size_t slot = 0;
  for (const KernelArg& a : k.args) {
    if (!a.isTensor()) continue;
    QVERIFY(slot < launch.args.size());
    QVERIFY2(allocated(launch.args[slot]),
             qPrintable(QString("arg of val %1 is not a device allocation").arg(a.valId)));
    ++slot;
    const std::vector<std::int64_t> strides =
        a.kind == KernelArg::Kind::Input && inputStrides.count(a.valId) ? inputStrides.at(a.valId) : a.strides;
    QCOMPARE(strides.size(), a.sizes.size());
    for (std::int64_t s : strides) QCOMPARE(static_cast<long long>(launch.args[slot++]), static_cast<long long>(s));
  }
  for (const KernelArg& a : k.args)
    if (!a.isTensor()) ++slot;
  QCOMPARE(launch.args.size(), slot);
}

// How a run's outputs differ from the CPU reference on the prepared inputs ("" when they match).
std::string differenceFromTheReference(const Prepared& p, const exec::cuda::CudaRun& run) {
  auto expected = exec::runReferenceBounded(*p.segmentation().fusion, p.inputs);
  if (!expected) return "reference: " + expected.error().message;
  std::vector<std::string> names;
  for (const ir::FusionOutput& o : p.segmentation().fusion->outputs()) names.push_back(o.val->name());
  const exec::Comparison c = exec::compareOutputs(expected->outputs, run.outputs, names, expected->bounds);
  return c.ok ? std::string() : c.message;
}

double slotAsDouble(std::uint64_t slot) {
  double d;
  std::memcpy(&d, &slot, sizeof d);
  return d;
}

void verifyEverythingFreedOnce() {
  const testing::FakeDriverLog& log = testing::fakeLog();
  QVERIFY2(log.live.empty(), qPrintable(QString("%1 allocations never freed").arg(log.live.size())));
  std::set<exec::cuda::CUdeviceptr> freed(log.frees.begin(), log.frees.end());
  QCOMPARE(freed.size(), log.frees.size());  // no pointer freed twice
  QCOMPARE(log.frees.size(), log.allocations.size());
}

std::size_t callIndex(const std::string& call, bool last = false) {
  const auto& calls = testing::fakeLog().calls;
  std::size_t found = calls.size();
  for (std::size_t i = 0; i < calls.size(); ++i)
    if (calls[i] == call && (last || found == calls.size())) found = i;
  return found;
}

}  // namespace

class TestCudaRunner : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    testing::fakeLog().emulate = false;
    testing::resetFakeLog();
  }
  // The fake's freed "device" memory lives until the log is reset: release the last test's
  // before exit, or LeakSanitizer reports it (the log itself is a function-local static).
  void cleanupTestCase() { testing::resetFakeLog(); }

  // The enum values the dlopen'ed tables use without headers, against the toolkit's headers.
  void hardCodedConstantsMatchTheCudaHeaders() {
#if defined(SEGSCOPE_HAVE_CUDA_HEADERS)
    namespace lt = exec::cuda::blaslt;
    static_assert(lt::kR16F == CUDA_R_16F && lt::kR16BF == CUDA_R_16BF && lt::kR32F == CUDA_R_32F &&
                  lt::kR64F == CUDA_R_64F);
    static_assert(lt::kCompute32F == CUBLAS_COMPUTE_32F && lt::kCompute64F == CUBLAS_COMPUTE_64F);
    static_assert(lt::kOpN == CUBLAS_OP_N && lt::kOpT == CUBLAS_OP_T);
    static_assert(lt::kDescTransA == CUBLASLT_MATMUL_DESC_TRANSA && lt::kDescTransB == CUBLASLT_MATMUL_DESC_TRANSB);
    static_assert(lt::kDescEpilogue == CUBLASLT_MATMUL_DESC_EPILOGUE &&
                  lt::kDescBiasPointer == CUBLASLT_MATMUL_DESC_BIAS_POINTER);
    static_assert(lt::kEpilogueBias == CUBLASLT_EPILOGUE_BIAS);
    static_assert(lt::kLayoutBatchCount == CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT &&
                  lt::kLayoutStridedBatchOffset == CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET);
    static_assert(lt::kPrefMaxWorkspaceBytes == CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES);
    static_assert(sizeof(exec::cuda::BlasLtAlgo) == sizeof(cublasLtMatmulAlgo_t));
    static_assert(sizeof(exec::cuda::BlasLtHeuristicResult) == sizeof(cublasLtMatmulHeuristicResult_t) &&
                  offsetof(exec::cuda::BlasLtHeuristicResult, workspaceSize) ==
                      offsetof(cublasLtMatmulHeuristicResult_t, workspaceSize) &&
                  offsetof(exec::cuda::BlasLtHeuristicResult, state) ==
                      offsetof(cublasLtMatmulHeuristicResult_t, state));
    // cuda_runner.cpp's attribute numbers (and the fake driver's).
    static_assert(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES == 8 && CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE == 38);
    static_assert(CUDA_ERROR_OUT_OF_MEMORY == 2 && CUDA_ERROR_INVALID_VALUE == 1);
    static_assert(sizeof(exec::cuda::CUdeviceptr) == sizeof(CUdeviceptr));
#else
    QSKIP("built without the CUDA toolkit: no headers to compare with");
#endif
  }

  void pointwiseArgumentsArePackedAsDocumented() {
    const Prepared p = prepare(sample("gelu.py"));
    QVERIFY2(p.plans.error.empty(), p.plans.error.c_str());
    auto run = runOnFake(p, quick(1, 3));
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    const exec::cuda::Kernel& k = p.plans.segments.at(0).plan->kernels.at(0);
    const auto& launches = testing::fakeLog().launches;
    QCOMPARE(launches.size(), std::size_t{4});  // 1 warm-up + 3 timed
    QCOMPARE(launches[0].kernel, k.name);
    QCOMPARE(launches[0].grid[0], static_cast<unsigned>(k.launch.grid.x));
    QCOMPARE(launches[0].block[0], static_cast<unsigned>(k.launch.block.x));
    checkPacking(k, launches[0], {});
    // The input's pointer is the buffer its data was copied to; the output's is not.
    QCOMPARE(launches[0].args[0], testing::fakeLog().copiesToDevice.at(0).first);
    QCOMPARE(run->segments.size(), std::size_t{1});
    const exec::SegmentSamples& s = run->segments[0];
    QCOMPARE(s.execution, std::string("kernels"));
    QCOMPARE(s.kernels.size(), std::size_t{1});
    QCOMPARE(s.milliseconds.size(), std::size_t{3});
    QVERIFY(s.bytesIn > 0 && s.bytesOut > 0);
    verifyEverythingFreedOnce();
  }

  void reductionGetsTheHostScalarAsAnArgument() {
    const Prepared p = prepare(sample("reduction_epilogue.py"));
    QVERIFY2(p.plans.error.empty(), p.plans.error.c_str());
    auto run = runOnFake(p, quick());
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    QCOMPARE(run->segments.size(), std::size_t{2});
    const exec::SegmentSamples& host = run->segments[0];
    QCOMPARE(host.execution, std::string("host"));
    QCOMPARE(host.hostScalars.size(), std::size_t{1});
    const double value = ir::scalarAsDouble(host.hostScalars[0].second);
    QCOMPARE(value, 1.0 / 131072.0);
    const exec::SegmentSamples& kernel = run->segments[1];
    QCOMPARE(kernel.execution, std::string("kernels"));
    QCOMPARE(kernel.scalarArgs.size(), std::size_t{1});
    QCOMPARE(kernel.scalarArgs[0].first, host.hostScalars[0].first);
    const exec::cuda::Kernel& k = p.plans.segments.at(1).plan->kernels.at(0);
    const testing::FakeLaunch& launch = testing::fakeLog().launches.at(0);
    checkPacking(k, launch, {});
    QCOMPARE(k.args.back().kind, KernelArg::Kind::Scalar);
    QCOMPARE(slotAsDouble(launch.args.back()), value);  // the host's value, as a double
    QCOMPARE(launch.block[0], static_cast<unsigned>(k.launch.block.x));
    QCOMPARE(launch.grid[0], static_cast<unsigned>(k.launch.grid.x));
    QCOMPARE(launch.sharedBytes, static_cast<unsigned>(k.launch.sharedBytes));
    verifyEverythingFreedOnce();
  }

  void buffersAreFreedAfterTheirLastUse() {
    const Prepared p = prepare(sample("cross_entropy.py"));
    QVERIFY2(p.plans.error.empty(), p.plans.error.c_str());
    QCOMPARE(p.plans.segments.size(), std::size_t{2});
    auto run = runOnFake(p, quick(0, 2));
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    const auto& log = testing::fakeLog();
    const std::string first = p.plans.segments[0].plan->kernels.at(0).name;
    const std::string second = p.plans.segments[1].plan->kernels.at(0).name;
    const std::size_t lastFirst = callIndex("cuLaunchKernel " + first, true);
    const std::size_t firstSecond = callIndex("cuLaunchKernel " + second);
    const std::size_t lastSecond = callIndex("cuLaunchKernel " + second, true);
    QVERIFY(lastFirst < firstSecond && firstSecond < log.calls.size());
    std::set<std::uint64_t> secondArgs(log.launches.back().args.begin(), log.launches.back().args.end());
    int checked = 0;
    for (std::uint64_t a : log.launches.front().args) {
      if (!allocated(a)) continue;
      const std::size_t freed = callIndex("cuMemFree " + std::to_string(a));
      QVERIFY(freed < log.calls.size());
      if (secondArgs.count(a)) {
        QVERIFY2(freed > lastSecond, "a value the second segment reads was freed before it ran");
      } else {
        QVERIFY2(freed > lastFirst && freed < firstSecond, "a value only the first segment reads outlived it");
      }
      ++checked;
    }
    QVERIFY(checked >= 2);
    QVERIFY(run->peakDeviceBytes > 0);
    verifyEverythingFreedOnce();
  }

  void medianAndMinComeFromTheEventTimes_data() {
    QTest::addColumn<QList<float>>("times");
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("min");
    QTest::newRow("odd") << QList<float>{5, 1, 4, 2, 3} << 3.0 << 1.0;
    QTest::newRow("even") << QList<float>{4, 0.5f, 3, 2} << 2.5 << 0.5;
    QTest::newRow("one") << QList<float>{7} << 7.0 << 7.0;
  }
  void medianAndMinComeFromTheEventTimes() {
    QFETCH(QList<float>, times);
    QFETCH(double, median);
    QFETCH(double, min);
    const Prepared p = prepare(sample("gelu.py"), {}, true);
    for (float t : times) testing::fakeLog().eventTimes.push_back(t);
    // Through the seam both shells use: the CUDA backend under exec::SegmentRunner, which owns
    // the one median.
    auto backend = exec::cuda::makeCudaBackend(p.segmentation(), p.plans.script->inputs, fakeEnvironment());
    QVERIFY2(backend.ok(), backend.ok() ? "" : backend.error().message.c_str());
    const exec::SegmentRunner runner(std::move(backend).value());
    QCOMPARE(runner.info().name, std::string("cuda"));
    auto run = runner.run(p.inputs, {2, static_cast<int>(times.size())}, p.segmentation().fusion);
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    QCOMPARE(run->segments[0].medianMs, median);
    QCOMPARE(run->segments[0].minMs, min);
    QCOMPARE(run->segments[0].timedRuns, static_cast<int>(times.size()));
    QCOMPARE(run->medianMs, median);       // one segment: the run is its median
    QVERIFY(run->comparison.has_value());  // asked for; this fake driver launches without computing
  }

  void l2IsFlushedBeforeEveryTimedLaunch() {
    testing::fakeLog().l2Bytes = 1 << 20;
    const Prepared p = prepare(sample("gelu.py"));
    auto run = runOnFake(p, quick(1, 4));
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    const auto& calls = testing::fakeLog().calls;
    QCOMPARE(std::count(calls.begin(), calls.end(), "cuMemsetD8"), 4L);
    QVERIFY(std::count(calls.begin(), calls.end(), "cuMemAlloc " + std::to_string(2 << 20)) == 1);
    verifyEverythingFreedOnce();
  }

  void driverErrorsNameTheCall_data() {
    QTest::addColumn<QString>("call");
    QTest::addColumn<bool>("atCreate");
    QTest::newRow("alloc") << "cuMemAlloc" << false;
    QTest::newRow("copy in") << "cuMemcpyHtoD" << false;
    QTest::newRow("launch") << "cuLaunchKernel" << false;
    QTest::newRow("copy back") << "cuMemcpyDtoH" << false;
    QTest::newRow("event") << "cuEventElapsedTime" << false;
    QTest::newRow("module") << "cuModuleLoadData" << true;
    QTest::newRow("context") << "cuDevicePrimaryCtxRetain" << true;
  }
  void driverErrorsNameTheCall() {
    QFETCH(QString, call);
    QFETCH(bool, atCreate);
    const Prepared p = prepare(sample("reduction_epilogue.py"));
    testing::fakeLog().failCall = call.toStdString();
    auto runner = exec::cuda::CudaRunner::create(p.segmentation(), p.plans.script->inputs, fakeEnvironment(), quick());
    std::string message;
    if (atCreate) {
      QVERIFY(!runner.ok());
      message = runner.error().message;
    } else {
      QVERIFY2(runner.ok(), runner.ok() ? "" : runner.error().message.c_str());
      auto run = runner->run(p.inputs);
      QVERIFY(!run.ok());
      message = run.error().message;
    }
    const std::string expected = call.toStdString() + " failed: CUDA_ERROR_OUT_OF_MEMORY";
    QVERIFY2(message.find(expected) != std::string::npos, message.c_str());
    // What failed while a segment ran names the segment and, for kernels, each of them.
    if (call == "cuLaunchKernel" || call == "cuEventElapsedTime") {
      const std::string kernel = p.plans.segments.at(1).plan->kernels.at(0).name;
      QVERIFY2(message.rfind("segment 1 (kernels: " + kernel, 0) == 0, message.c_str());
    }
    QVERIFY2(testing::fakeLog().live.empty(), "a failed run left device memory allocated");
  }

  void missingCublasIsAClearError() {
    const Prepared p = prepare(sample("matmul_bias_gelu.py"));
    QVERIFY2(p.plans.error.empty(), p.plans.error.c_str());
    exec::cuda::CudaEnvironment env = fakeEnvironment();
    env.blas = []() -> Result<const exec::cuda::BlasLtApi*> { return exec::cuda::loadBlasLt(); };
    if (exec::cuda::loadBlasLt().ok()) {  // a toolkit machine: make it fail the way a bare one does
      env.blas = []() -> Result<const exec::cuda::BlasLtApi*> {
        return makeError("cuBLASLt is not installed (matmul and linear segments need it): tried libcublasLt.so.13");
      };
    }
    auto run = runOnFake(p, quick(), env);
    QVERIFY(!run.ok());
    QVERIFY2(run.error().message.find("cuBLASLt") != std::string::npos, run.error().message.c_str());
    QVERIFY(testing::fakeLog().live.empty());
  }

  // A row cache past 48 KiB (the golden case's 64 KiB of rows) needs the opt-in attribute (the
  // runner declares every dynamic size, since static shared memory counts against 48 KiB too).
  void largeRowCacheOptsIntoMoreSharedMemory() {
    exec::cuda::CodegenOptions codegen;
    codegen.rowCacheBytes = 200 * 1024;
    codegen.registerRowValues = 0;  // 16 floats a thread: the row would stay in registers
    const Prepared p =
        prepare(QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/golden/layer_norm_large_row.py", codegen);
    QVERIFY2(p.plans.error.empty(), p.plans.error.c_str());
    const exec::cuda::Kernel& k = p.plans.segments.at(0).plan->kernels.at(0);
    QCOMPARE(k.launch.sharedBytes, std::int64_t{64 * 1024});
    exec::cuda::CudaRunOptions options = quick();
    options.codegen = codegen;
    auto run = runOnFake(p, options);
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    const auto& attrs = testing::fakeLog().functionAttributes;
    QCOMPARE(attrs.size(), std::size_t{1});
    QCOMPARE(attrs[0], std::make_pair(k.name, 64 * 1024));
    QCOMPARE(testing::fakeLog().launches.at(0).sharedBytes, 64u * 1024u);
    // Beyond the device's opt-in limit: refused when the runner is built, naming the kernel.
    exec::cuda::CudaEnvironment small = fakeEnvironment();
    small.profile.sharedMemoryPerBlockOptinBytes = 60 * 1024;
    auto refused = exec::cuda::CudaRunner::create(p.segmentation(), p.plans.script->inputs, small, options);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.find(k.name) != std::string::npos, refused.error().message.c_str());
  }

  void splitOuterReductionRunsBothKernels() {
    const Prepared p = prepare(QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/golden/outer_reduction_split.py");
    QVERIFY2(p.plans.error.empty(), p.plans.error.c_str());
    const auto& kernels = p.plans.segments.at(0).plan->kernels;
    QCOMPARE(kernels.size(), std::size_t{2});
    auto run = runOnFake(p, quick(0, 1));
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    const auto& launches = testing::fakeLog().launches;
    QCOMPARE(launches.size(), std::size_t{2});
    QCOMPARE(launches[0].grid[1], static_cast<unsigned>(kernels[0].launch.grid.y));
    QVERIFY(launches[0].grid[1] > 1);
    checkPacking(kernels[0], launches[0], {});
    checkPacking(kernels[1], launches[1], {});
    // The partials' scratch buffer is the same in both launches and freed with the segment.
    QCOMPARE(launches[0].args[0], launches[1].args[0]);
    QVERIFY(run->segments[0].fused);
    verifyEverythingFreedOnce();
  }

  // cuBLASLt's heuristic runs once per matmul segment, with a workspace allowed, and later
  // runs of the same runner reuse its choice; every matmul gets the algorithm and workspace.
  void cublasLtAlgorithmIsChosenOnceWithAWorkspace() {
    testing::fakeLog().emulate = true;
    testing::fakeLog().hostCompiler = SEGSCOPE_HOST_CXX;
    const Prepared p = prepare(QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/data/matmul_shapes.py");
    QVERIFY2(p.plans.error.empty(), p.plans.error.c_str());
    auto runner =
        exec::cuda::CudaRunner::create(p.segmentation(), p.plans.script->inputs, fakeEnvironment(), quick(1, 2));
    QVERIFY2(runner.ok(), runner.ok() ? "" : runner.error().message.c_str());
    auto first = runner->run(p.inputs);
    QVERIFY2(first.ok(), first.ok() ? "" : first.error().message.c_str());
    int gemms = 0;
    for (const auto& s : first->segments) gemms += s.execution == "cublaslt";
    QVERIFY(gemms >= 2);
    QCOMPARE(testing::fakeLog().blasHeuristics, gemms);
    QCOMPARE(testing::fakeLog().blasMatmuls, gemms * 3);  // 1 warm-up + 2 timed each
    QCOMPARE(testing::fakeLog().blasWorkspaceBytes, std::size_t{4096});
    auto second = runner->run(p.inputs);
    QVERIFY2(second.ok(), second.ok() ? "" : second.error().message.c_str());
    QCOMPARE(testing::fakeLog().blasHeuristics, gemms);
    verifyEverythingFreedOnce();
  }

  // softmax_large_row's row max leaves segment 0 broadcast over the row: it is written once
  // per row (stride 0 along the row) and segment 1 reads it back expanded.
  void rowBroadcastOutputsAreWrittenOncePerRow() {
    testing::fakeLog().emulate = true;
    testing::fakeLog().hostCompiler = SEGSCOPE_HOST_CXX;
    const Prepared p = prepare(QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/golden/softmax_large_row.py");
    QVERIFY2(p.plans.error.empty(), p.plans.error.c_str());
    auto run = runOnFake(p, quick());
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    QCOMPARE(run->segments.at(0).bytesOut, std::int64_t{4 * 4});  // 4 rows' max, not 4 × 16384
    auto expected = exec::runReferenceBounded(*p.segmentation().fusion, p.inputs);
    QVERIFY(expected.ok());
    const exec::Comparison c = exec::compareOutputs(expected->outputs, run->outputs, {"T23"}, expected->bounds);
    QVERIFY2(c.ok, c.message.c_str());
    verifyEverythingFreedOnce();
  }

  void emulatedDeviceMatchesTheReference_data() {
    QTest::addColumn<QString>("file");
    for (const char* name :
         {"gelu.py", "reduction_epilogue.py", "cross_entropy.py", "matmul_bias_gelu.py", "adam_step.py", "repeat_kv.py",
          "layer_norm_fwd.py", "batch_norm_running_stats.py", "empty_tensor.py"})
      QTest::newRow(name) << sample(name);
    for (const char* golden : {"outer_reduction_split.py", "inner_reduction_split.py", "softmax_large_row.py"})
      QTest::newRow(qPrintable(QString("golden ") + golden))
          << QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/golden/" + golden;
    QTest::newRow("matmul shapes (cuBLASLt)")
        << QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/data/matmul_shapes.py";
    QTest::newRow("matmul with K = 0") << QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/data/matmul_empty_k.py";
  }
  // CodegenOptions::hostLayout: each kernel has an entry specialized on the planned layout and a
  // generic one. The runner launches the specialized entry when every tensor has the layout the
  // kernel assumed (transpose_heavy's input is permuted, as its script declares), and the generic
  // entry when one does not (gelu's input handed over column-major): both match the reference.
  void hostLayoutEntryFollowsTheTensorsLayout() {
    testing::fakeLog().emulate = true;
    testing::fakeLog().hostCompiler = SEGSCOPE_HOST_CXX;
    exec::cuda::CodegenOptions codegen;
    codegen.hostLayout = true;
    codegen.index32 = true;
    for (const char* name : {"transpose_heavy.py", "gelu.py"}) {
      Prepared p = prepare(sample(name), codegen, true);
      QVERIFY2(p.plans.error.empty(), p.plans.error.c_str());
      const bool relayout = QString(name) == "gelu.py";
      std::vector<exec::Value> given = p.inputs;
      if (relayout) {
        auto& t = std::get<exec::HostTensor>(given.at(0));
        QCOMPARE(t.sizes().size(), std::size_t{2});
        exec::HostTensor columnMajor(t.dtype(), t.sizes(), {1, t.sizes()[0]});
        for (std::int64_t i = 0; i < t.numel(); ++i) columnMajor.set(i, t.get(i));
        t = std::move(columnMajor);
      }
      testing::resetFakeLog();
      testing::fakeLog().emulate = true;
      testing::fakeLog().hostCompiler = SEGSCOPE_HOST_CXX;
      exec::cuda::CudaRunOptions options = quick();
      options.codegen = codegen;
      auto runner =
          exec::cuda::CudaRunner::create(p.segmentation(), p.plans.script->inputs, fakeEnvironment(), options);
      QVERIFY2(runner.ok(), runner.ok() ? "" : runner.error().message.c_str());
      auto run = runner->run(given);
      QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
      const std::string mismatch = differenceFromTheReference(p, *run);
      QVERIFY2(mismatch.empty(), qPrintable(QString(name) + ": " + QString::fromStdString(mismatch)));
      const exec::cuda::Kernel& k = p.plans.segments.at(0).plan->kernels.at(0);
      QVERIFY(!k.genericName.empty());
      QCOMPARE(testing::fakeLog().launches.at(0).kernel, relayout ? k.genericName : k.name);
      QCOMPARE(run->segments.at(0).kernels.at(0).name, relayout ? k.genericName : k.name);
      verifyEverythingFreedOnce();
    }
  }

  void emulatedDeviceMatchesTheReference() {
    QFETCH(QString, file);
    testing::fakeLog().emulate = true;
    testing::fakeLog().hostCompiler = SEGSCOPE_HOST_CXX;
    // Samples with their rows scaled down; golden and data cases at the sizes they test.
    const Prepared p = prepare(file, {}, file.startsWith(QString(SEGSCOPE_SOURCE_DIR) + "/samples/"));
    QVERIFY2(p.plans.error.empty(), p.plans.error.c_str());
    auto run = runOnFake(p, quick());
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    const std::string mismatch = differenceFromTheReference(p, *run);
    QVERIFY2(mismatch.empty(), mismatch.c_str());
    verifyEverythingFreedOnce();
    int kernels = 0;
    for (const auto& s : run->segments) kernels += static_cast<int>(s.kernels.size());
    if (file.endsWith("matmul_shapes.py"))
      for (const auto& s : run->segments) QCOMPARE(s.execution, std::string("cublaslt"));
    if (file.endsWith("matmul_empty_k.py")) {  // zeros from the host, not an unwritten buffer
      QCOMPARE(run->segments.at(0).execution, std::string("host"));
      QVERIFY2(run->segments.at(0).note.find("K = 0") != std::string::npos, run->segments.at(0).note.c_str());
    }
    qInfo("%zu segments (%d kernels, %d cuBLASLt calls) match the reference", run->segments.size(), kernels,
          testing::fakeLog().blasMatmuls);
  }
};

QTEST_GUILESS_MAIN(TestCudaRunner)
#include "test_cuda_runner.moc"
