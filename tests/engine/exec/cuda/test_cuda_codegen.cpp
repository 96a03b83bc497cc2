// CUDA code generation without a GPU: golden kernel sources for small hand-written fusions
// (tests/engine/exec/cuda/golden/<case>.py → <case>.cu; SEGSCOPE_UPDATE_GOLDEN=1 rewrites
// them), and every segment of every sample gets a plan or a host/library reason with a
// sane launch configuration.
#include <QtTest>

#include <regex>

#include "cuda_test_support.h"
#include "exec/cuda/codegen/kernels.h"
#include "exec/cuda/codegen/prelude.h"
#include "test_files.h"

using namespace segscope;
using exec::cuda::KernelPlan;

namespace {

QString goldenRoot() { return QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/golden"; }

std::string shape(const std::vector<std::int64_t>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

// The plan as text: a comment header per kernel (launch, args), then the source without
// the shared prelude (it would repeat in every golden file).
std::string planText(const testing::ScriptPlans& plans) {
  std::string s;
  for (const testing::SegmentPlan& p : plans.segments) {
    s += "// ===== segment " + std::to_string(p.segment) + " (" + p.scheduler + ")";
    if (!p.plan) {
      s += ": error: " + p.plan.error().message + "\n";
      continue;
    }
    const KernelPlan& plan = p.plan.value();
    if (plan.kernels.empty()) {
      s += ": no kernel: " + plan.noKernelReason + "\n";
      continue;
    }
    s += ": " + std::to_string(plan.kernels.size()) + " kernel(s), " + (plan.fused ? "fused" : "unfused") + "\n";
    if (!plan.fused) s += "// unfused because: " + plan.unfusedReason + "\n";
    for (const exec::cuda::Kernel& k : plan.kernels) {
      s += "// kernel " + k.name + " grid " + std::to_string(k.launch.grid.x) +
           (k.launch.grid.y > 1 ? "x" + std::to_string(k.launch.grid.y) : std::string()) + " block " +
           std::to_string(k.launch.block.x) + "x" + std::to_string(k.launch.block.y) + " shared " +
           std::to_string(k.launch.sharedBytes) + (k.unfused ? " unfused" : "") + "\n";
      for (const exec::cuda::KernelArg& a : k.args)
        s += "//   " + std::string(exec::cuda::kernelArgKindName(a.kind)) + " val " + std::to_string(a.valId) + " " +
             std::string(ir::dataTypeName(a.dtype)) +
             (a.isTensor() ? " " + shape(a.sizes) + " strides " + shape(a.strides) : "") + "\n";
      const std::string& prelude = exec::cuda::codegen::prelude();
      s += k.source.compare(0, prelude.size(), prelude) == 0 ? k.source.substr(prelude.size()) : k.source;
    }
  }
  return s;
}

QString readFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

const char* const kUnsupportedScript =
    "import torch\n"
    "from nvfuser import FusionDefinition, DataType\n"
    "\n"
    "def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n"
    "    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Int, is_cpu=False, stride_order=[0])\n"
    "    T1 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Int, is_cpu=False, stride_order=[0])\n"
    "    T2 = fd.ops.pow(T0, T1)\n"
    "    fd.add_output(T2)\n"
    "\n"
    "with FusionDefinition() as fd:\n"
    "    nvfuser_fusion_id0(fd)\n"
    "\n"
    "inputs = [\n"
    "    torch.testing.make_tensor((8,), dtype=torch.int64, device='cuda:0'),\n"
    "    torch.testing.make_tensor((8,), dtype=torch.int64, device='cuda:0'),\n"
    "]\n"
    "fd.execute(inputs)\n";

// SEGSCOPE_CODEGEN_DUMP=<dir>: every sample's plan as <dir>/<sample>.cu, for review.
void dumpSamples(const QString& dir) {
  QDir().mkpath(dir);
  for (const QString& file : testing::sampleFiles()) {
    QFile out(QDir(dir).filePath(QFileInfo(file).completeBaseName() + ".cu"));
    if (out.open(QIODevice::WriteOnly | QIODevice::Truncate))
      out.write(QByteArray::fromStdString(planText(testing::planScript(file.toStdString()))));
  }
}

}  // namespace

class TestCudaCodegen : public QObject {
  Q_OBJECT

 private slots:
  void golden_data() {
    QTest::addColumn<QString>("script");
    QDir dir(goldenRoot());
    for (const QString& f : dir.entryList({"*.py"}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(f)) << dir.filePath(f);
  }

  void golden() {
    QFETCH(QString, script);
    const auto options = testing::scriptCodegenOptions(script.toStdString());
    QVERIFY2(options.ok(), options.ok() ? "" : options.error().message.c_str());
    const testing::ScriptPlans plans = testing::planScript(script.toStdString(), *options);
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    const QString actual = QString::fromStdString(planText(plans));
    QVERIFY2(!actual.contains(": error: "), qPrintable(actual));
    const QString goldenPath = script.left(script.size() - 3) + ".cu";
    if (qEnvironmentVariableIsSet("SEGSCOPE_UPDATE_GOLDEN")) {
      QFile f(goldenPath);
      QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
      f.write(actual.toUtf8());
      return;
    }
    const QString expected = readFile(goldenPath);
    QVERIFY2(!expected.isEmpty(),
             qPrintable("missing golden file " + goldenPath + " (run with SEGSCOPE_UPDATE_GOLDEN=1)"));
    QCOMPARE(actual, expected);
  }

  // The block reduction halves a power-of-two block down to one full-mask warp.
  void aReductionBlockMustBeAPowerOfTwoFrom32() {
    for (int block : {48, 16, 2048}) {
      exec::cuda::CodegenOptions options;
      options.maxReductionBlock = block;
      const testing::ScriptPlans plans =
          testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/softmax.py").toStdString(), options);
      QVERIFY2(plans.error.empty(), plans.error.c_str());
      const auto& plan = plans.segments.at(0).plan;
      QVERIFY(!plan.ok());
      QVERIFY2(plan.error().message.find("power of two") != std::string::npos, plan.error().message.c_str());
    }
  }

  // A transpose tile is a power of two a block can stage (0: off).
  void aTransposeTileMustBeAPowerOfTwoFrom8To128() {
    for (std::int64_t tile : {48, 4, 256, -32}) {
      exec::cuda::CodegenOptions options;
      options.transposeTile = tile;
      const testing::ScriptPlans plans =
          testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/transpose_heavy.py").toStdString(), options);
      QVERIFY2(plans.error.empty(), plans.error.c_str());
      const auto& plan = plans.segments.at(0).plan;
      QVERIFY(!plan.ok());
      QVERIFY2(
          plan.error().message.find("transposeTile must be 0 or a power of two from 8 to 128") != std::string::npos,
          plan.error().message.c_str());
    }
  }

  // A row cluster is 2 to 8 blocks, the portable cluster sizes (0: off).
  void aRowClusterIsTwoToEightBlocks() {
    for (std::int64_t ctas : {1, 9, 16}) {
      exec::cuda::CodegenOptions options;
      options.rowCluster = ctas;
      const testing::ScriptPlans plans =
          testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/reduction_epilogue.py").toStdString(), options);
      QVERIFY2(plans.error.empty(), plans.error.c_str());
      const auto& plan = plans.segments.at(0).plan;
      QVERIFY(!plan.ok());
      QVERIFY2(plan.error().message.find("rowCluster must be 0 (off) or 2 to 8 blocks") != std::string::npos,
               plan.error().message.c_str());
    }
  }

  // Reduction loops unroll 1 to 16 steps; the option reaches the row and column kernels.
  void reductionUnrollIsOneToSixteen() {
    exec::cuda::CodegenOptions options;
    options.reductionUnroll = 0;
    const std::string sample = QString(SEGSCOPE_SOURCE_DIR "/bench/large/column_sum_large.py").toStdString();
    const testing::ScriptPlans bad = testing::planScript(sample, options);
    QVERIFY(!bad.segments.at(0).plan.ok());
    QVERIFY2(bad.segments.at(0).plan.error().message.find("reductionUnroll must be 1 to 16") != std::string::npos,
             bad.segments.at(0).plan.error().message.c_str());
    options.reductionUnroll = 8;
    const testing::ScriptPlans eight = testing::planScript(sample, options);
    QVERIFY2(eight.error.empty(), eight.error.c_str());
    QVERIFY2(eight.segments.at(0).plan->kernels.at(0).source.find("#pragma unroll 8") != std::string::npos,
             eight.segments.at(0).plan->kernels.at(0).source.c_str());
  }

  // The tile applies only where an input is read across the output's innermost dim: a plain
  // pointwise sample keeps its vector kernel, the tile transpose gets tiles of the asked size.
  void aTransposeTileAppliesOnlyToTransposedReads() {
    exec::cuda::CodegenOptions options;
    options.transposeTile = 64;
    const testing::ScriptPlans gelu =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/gelu.py").toStdString(), options);
    QVERIFY2(gelu.error.empty(), gelu.error.c_str());
    const std::string geluSource = gelu.segments.at(0).plan->kernels.at(0).source;
    QVERIFY(geluSource.find("sg_tile") == std::string::npos);
    const testing::ScriptPlans tiled =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/bench/large/tile_transpose_large.py").toStdString(), options);
    QVERIFY2(tiled.error.empty(), tiled.error.c_str());
    const exec::cuda::Kernel& k = tiled.segments.at(0).plan->kernels.at(0);
    QVERIFY2(k.source.find("__shared__ sg_bfloat sg_tile0[64][66];") != std::string::npos, k.source.c_str());
    QCOMPARE(k.launch.block.x, 256);
    QCOMPARE(k.launch.grid.x, 16384);  // (8192 / 64)^2 tiles
  }

  // groupUnfusedReductions: layer norm backward's unfused plan gives its two row sums one kernel,
  // which also writes the input gradient, and its two column sums one (split) kernel pair,
  // instead of a kernel (pair) per reduction and a pointwise kernel.
  void unfusedReductionsGroupByShape() {
    const std::string file = QString(SEGSCOPE_SOURCE_DIR "/samples/layer_norm_bwd.py").toStdString();
    std::vector<std::size_t> kernels;
    for (bool group : {false, true}) {
      exec::cuda::CodegenOptions options;
      options.groupUnfusedReductions = group;
      const testing::ScriptPlans plans = testing::planScript(file, options);
      QVERIFY2(plans.error.empty(), plans.error.c_str());
      const testing::SegmentPlan& p = plans.segments.back();
      QVERIFY(p.plan.ok());
      QVERIFY(!p.plan->fused);
      kernels.push_back(p.plan->kernels.size());
    }
    QCOMPARE(kernels[0], std::size_t(7));
    QCOMPARE(kernels[1], std::size_t(3));
  }

  // Every segment of every sample: a plan (or a host/library reason), never an error.
  void samples() {
    int kernels = 0, unfusedPlans = 0, noKernel = 0, segments = 0;
    for (const QString& file : testing::sampleFiles()) {
      const testing::ScriptPlans plans = testing::planScript(file.toStdString());
      QVERIFY2(plans.error.empty(), qPrintable(file + ": " + QString::fromStdString(plans.error)));
      for (const testing::SegmentPlan& p : plans.segments) {
        ++segments;
        const QString where =
            file + " segment " + QString::number(p.segment) + " (" + QString::fromStdString(p.scheduler) + ")";
        QVERIFY2(p.plan.ok(),
                 qPrintable(where + ": " + QString::fromStdString(p.plan.ok() ? "" : p.plan.error().message)));
        const KernelPlan& plan = p.plan.value();
        if (plan.kernels.empty()) {
          QVERIFY2(!plan.noKernelReason.empty(), qPrintable(where + ": no kernels and no reason"));
          ++noKernel;
          continue;
        }
        if (!plan.fused) {
          ++unfusedPlans;
          QVERIFY2(!plan.unfusedReason.empty(), qPrintable(where));
        }
        for (const exec::cuda::Kernel& k : plan.kernels) {
          ++kernels;
          QVERIFY2(k.launch.block.x >= 1 && k.launch.block.x * k.launch.block.y * k.launch.block.z <= 1024,
                   qPrintable(where));
          QVERIFY2(k.launch.grid.x >= 1 && k.launch.grid.y >= 1 && k.launch.grid.z >= 1, qPrintable(where));
          QVERIFY2(k.source.find(" " + k.name + "(\n") != std::string::npos, qPrintable(where));
          QCOMPARE(k.unfused, !plan.fused);
        }
      }
    }
    if (qEnvironmentVariableIsSet("SEGSCOPE_CODEGEN_DUMP")) dumpSamples(qEnvironmentVariable("SEGSCOPE_CODEGEN_DUMP"));
    qInfo("%d segments: %d kernels generated, %d unfused plans, %d segments without kernels", segments, kernels,
          unfusedPlans, noKernel);
    QVERIFY(kernels > 0);
  }

  // The fallback (one kernel per reduction + a pointwise kernel) covers a normalization too.
  void forcedUnfusedSoftmax() {
    exec::cuda::CodegenOptions options;
    options.forceUnfused = true;
    const testing::ScriptPlans plans =
        testing::planScript((goldenRoot() + "/softmax_inner_persistent.py").toStdString(), options);
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    bool sawUnfused = false;
    for (const testing::SegmentPlan& p : plans.segments) {
      QVERIFY2(p.plan.ok(), p.plan.ok() ? "" : p.plan.error().message.c_str());
      if (p.plan->kernels.size() < 2) continue;
      sawUnfused = true;
      QVERIFY(!p.plan->fused);
      // max, sum, then the normalization: temps flow from earlier kernels to later ones.
      QCOMPARE(p.plan->kernels.size(), std::size_t{3});
      bool temp = false;
      for (const exec::cuda::KernelArg& a : p.plan->kernels.back().args)
        temp = temp || a.kind == exec::cuda::KernelArg::Kind::Temp;
      QVERIFY(temp);
    }
    QVERIFY(sawUnfused);
  }

  // GELU's x ** 3 is multiplied out (powf's general path made the pointwise kernel compute-bound
  // on an H200); a non-integer exponent still calls pow.
  void smallIntegerPowersAreMultiplications() {
    const testing::ScriptPlans plans =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/gelu.py").toStdString());
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    const std::string& source = plans.segments.at(0).plan->kernels.at(0).source;
    const std::string body = source.substr(exec::cuda::codegen::prelude().size());
    QVERIFY2(body.find("sg_pow(") == std::string::npos, body.c_str());
    QVERIFY2(std::regex_search(body, std::regex(R"(\(\(sg_float\)(v\d+) \* \(sg_float\)\1 \* \(sg_float\)\1\))")),
             body.c_str());
    // The bias [1024] under [4096, 1024] moves as one 16-byte load per thread too.
    QVERIFY2(body.find("*(const sg_vec<sg_bfloat, 8>*)&in1[d1 * in1_s0]") != std::string::npos, body.c_str());
  }

  // transpose_heavy writes T7 and a permuted reshape of it: one loop computes T7 once and stores
  // both (two loops read both inputs twice, 72 MB of traffic where 48 MB do).
  void anOutputAndItsPermutedReshapeShareOneLoop() {
    const testing::ScriptPlans plans =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/transpose_heavy.py").toStdString());
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    QCOMPARE(plans.segments.size(), std::size_t{1});
    const std::string& source = plans.segments.at(0).plan->kernels.at(0).source;
    const std::string body = source.substr(exec::cuda::codegen::prelude().size());
    const std::regex loop(R"(for \(long long i = )");
    QCOMPARE(std::distance(std::sregex_iterator(body.begin(), body.end(), loop), std::sregex_iterator()), 1);
    const std::regex load(R"(sg_ld\(in[01]\[)");
    QCOMPARE(std::distance(std::sregex_iterator(body.begin(), body.end(), load), std::sregex_iterator()), 2);
    const std::regex store(R"(sg_st\(&out)");
    QCOMPARE(std::distance(std::sregex_iterator(body.begin(), body.end(), store), std::sregex_iterator()), 2);
  }

  // CodegenOptions::vectorLanes: swiglu's two slices of one row each move as one 16-byte load per
  // thread (not eight 2-byte loads), and transpose_heavy's vector path stores its second output
  // (the same size, another shape) lane by lane from the one loop, reading both inputs as vectors
  // through the permutes and the reshape.
  void vectorLanesFollowSlicesAndReshapes() {
    exec::cuda::CodegenOptions options;
    options.vectorLanes = true;
    const auto bodyOf = [&](const char* sample) {
      const testing::ScriptPlans plans =
          testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/%1").arg(sample).toStdString(), options);
      return plans.error.empty()
                 ? plans.segments.at(0).plan->kernels.at(0).source.substr(exec::cuda::codegen::prelude().size())
                 : plans.error;
    };
    const auto count = [](const std::string& text, const std::string& pattern) {
      const std::regex re(pattern);
      return std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator());
    };
    const std::string swiglu = bodyOf("swiglu.py");
    const std::string vectorPath = swiglu.substr(0, swiglu.find("} else {"));
    QVERIFY2(count(vectorPath, R"(\*\(const sg_vec<sg_bfloat, 8>\*\)&in0\[)") == 2, swiglu.c_str());
    QVERIFY2(count(vectorPath, R"(sg_ld\(in0\[)") == 0, swiglu.c_str());
    const std::string heavy = bodyOf("transpose_heavy.py");
    const std::string heavyVector = heavy.substr(0, heavy.find("} else {"));
    QVERIFY2(heavy.find("} else {") != std::string::npos, heavy.c_str());
    QVERIFY2(count(heavyVector, R"(\*\(const sg_vec<float, 8>\*\)&in0\[)") == 1, heavy.c_str());
    QVERIFY2(count(heavyVector, R"(\*\(const sg_vec<sg_bfloat, 8>\*\)&in1\[)") == 1, heavy.c_str());
    QVERIFY2(count(heavyVector, R"(for \(long long i = )") == 1, heavy.c_str());  // no second loop
    QVERIFY2(count(heavyVector, R"(\*\(sg_vec<sg_bfloat, 8>\*\)&out)") == 1, heavy.c_str());
    QVERIFY2(count(heavyVector, R"(\*\(sg_vec<float, 8>\*\)&out)") == 1, heavy.c_str());  // T7's lanes: one run
    QVERIFY2(count(heavyVector, R"(sg_st\(&out)") == 0, heavy.c_str());
  }

  // CodegenOptions::innerOuter: layer norm backward's row sums, input gradient and column sums
  // share one persistent row kernel that folds each row into per-block column partials; a finish
  // kernel combines them. Its inputs are read once, not twice.
  void innerOuterFoldsTheColumnSumsIntoTheRowKernel() {
    exec::cuda::CodegenOptions options;
    options.innerOuter = true;
    const testing::ScriptPlans plans =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/layer_norm_bwd.py").toStdString(), options);
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    const exec::cuda::KernelPlan& plan = *plans.segments.back().plan;
    // The row kernel with the column partials, and their finish, which also casts the gradients.
    QCOMPARE(plan.kernels.size(), std::size_t{2});
    const exec::cuda::Kernel& rows = plan.kernels[0];
    QCOMPARE(rows.launch.grid.x, std::int64_t{264});  // persistent: fewer blocks than the 1024 rows
    QVERIFY2(rows.source.find("for (long long row = sg_b; row < 1024LL; row += 264LL)") != std::string::npos,
             rows.source.c_str());
    QVERIFY2(std::regex_search(rows.source, std::regex(R"(__shared__ sg_float sg_cp\d+\[4096\];)")),
             rows.source.c_str());
    // The input gradient is written by the same kernel: both big inputs are read by it alone.
    for (std::size_t i = 1; i < plan.kernels.size(); ++i)
      for (const exec::cuda::KernelArg& a : plan.kernels[i].args)
        QVERIFY2(a.kind != exec::cuda::KernelArg::Kind::Input || a.sizes.size() < 2, plan.kernels[i].name.c_str());
    QCOMPARE(plan.kernels[1].name, rows.name + "_finish");
    // Off (the default): the column sums get a kernel of their own that reads the inputs again.
    const testing::ScriptPlans separate =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/layer_norm_bwd.py").toStdString());
    int readers = 0;
    for (const exec::cuda::Kernel& k : separate.segments.back().plan->kernels)
      readers += std::any_of(k.args.begin(), k.args.end(), [](const exec::cuda::KernelArg& a) {
        return a.kind == exec::cuda::KernelArg::Kind::Input && a.sizes.size() == 2 && a.sizes[1] == 4096;
      });
    QCOMPARE(readers, 2);
  }

  // CodegenOptions::columnVectorWelford: batch norm's statistics (var_mean over the rows) read
  // eight columns a thread in one 16-byte load per row and merge each column's shifted sums across
  // its threads; the finish kernel combines the chunks' means and M2s as before.
  void columnVectorWelfordReadsSixteenBytesPerLoad() {
    exec::cuda::CodegenOptions options;
    options.columnVectorWelford = true;
    const testing::ScriptPlans plans =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/batch_norm_running_stats.py").toStdString(), options);
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    bool vectorWelford = false;
    for (const testing::SegmentPlan& p : plans.segments)
      for (const exec::cuda::Kernel& k : p.plan->kernels) {
        const std::string body = k.source.substr(exec::cuda::codegen::prelude().size());
        if (body.find("sg_col_welford(") == std::string::npos || body.find("*(const sg_vec<") == std::string::npos)
          continue;
        vectorWelford = true;
        QVERIFY2(body.find("s2acc") != std::string::npos, body.c_str());  // shifted sums, no division per element
      }
    QVERIFY(vectorWelford);
  }

  // CodegenOptions::rowCluster: reduction_epilogue's 512 KB rows (too long for one block's row
  // cache, so every later pass read them from DRAM again) run on clusters of 8 blocks, each
  // caching its 64 KB chunk; the row's reductions combine through distributed shared memory.
  void longRowsRunOnAClusterOfBlocks() {
    exec::cuda::CodegenOptions options;
    options.rowCluster = 8;
    const testing::ScriptPlans plans =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/reduction_epilogue.py").toStdString(), options);
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    const exec::cuda::Kernel* clustered = nullptr;
    for (const testing::SegmentPlan& p : plans.segments)
      for (const exec::cuda::Kernel& k : p.plan->kernels)
        if (k.source.find("__cluster_dims__(8, 1, 1)") != std::string::npos) clustered = &k;
    QVERIFY(clustered);
    const std::string& source = clustered->source;
    QCOMPARE(clustered->launch.grid.x, std::int64_t{32 * 8});                 // a cluster per row
    QCOMPARE(clustered->launch.sharedBytes, std::int64_t{16384 * 4});         // one 64 KB chunk cached
    QVERIFY2(source.find("r < sg_r1") != std::string::npos, source.c_str());  // the chunk, not the row
    QVERIFY2(source.find("sg_cluster_reduce(sg_block_reduce(") != std::string::npos, source.c_str());
    QVERIFY2(source.find("&sg_row0[(r - sg_r0)]") != std::string::npos, source.c_str());
    // Short rows keep one block each.
    const testing::ScriptPlans softmax =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/softmax.py").toStdString(), options);
    for (const exec::cuda::Kernel& k : softmax.segments.at(0).plan->kernels)
      QVERIFY(k.source.find("__cluster_dims__") == std::string::npos);
  }

  // CodegenOptions::outputAllocationOrder: the tile transpose's output takes its input's order
  // (nvFuser's allocation order inference), so the kernel walks that order and is a copy: the
  // input read and the output written along the same run, as 16-byte vectors, no tiles.
  void outputsAreWrittenInTheirAllocationOrder() {
    for (const bool ordered : {true, false}) {
      exec::cuda::CodegenOptions options;
      options.outputAllocationOrder = ordered;
      const testing::ScriptPlans plans =
          testing::planScript((goldenRoot() + "/transpose_output_order.py").toStdString(), options);
      QVERIFY2(plans.error.empty(), plans.error.c_str());
      const exec::cuda::Kernel& k = plans.segments.at(0).plan->kernels.at(0);
      const std::string body = k.source.substr(exec::cuda::codegen::prelude().size());
      const exec::cuda::KernelArg& out = k.args.at(1);
      QCOMPARE(out.kind, exec::cuda::KernelArg::Kind::Output);
      if (!ordered) {  // row-major output: a real transpose, through tiles
        QCOMPARE(out.strides, (std::vector<std::int64_t>{256, 1}));
        QVERIFY2(body.find("__shared__") != std::string::npos, body.c_str());
        continue;
      }
      QCOMPARE(out.strides, (std::vector<std::int64_t>{1, 96}));  // dim 0 innermost, as declared
      QVERIFY2(body.find("__shared__") == std::string::npos, body.c_str());
      QVERIFY2(body.find("*(const sg_vec<sg_bfloat, 8>*)&in") != std::string::npos, body.c_str());
      QVERIFY2(body.find("*(sg_vec<sg_bfloat, 8>*)&out") != std::string::npos, body.c_str());
      QVERIFY2(std::regex_search(body, std::regex(R"(out\d+_s0 == 1)")), body.c_str());  // lanes along dim 0
    }
  }

  // CodegenOptions::prefetchNextRow: softmax's warp asks L2 for its next row (one warp-row of
  // blocks further) while it works on this one, only where the row is dense at run time.
  void rowKernelsPrefetchTheirNextRow() {
    exec::cuda::CodegenOptions options;
    options.prefetchNextRow = true;
    const testing::ScriptPlans plans =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/softmax.py").toStdString(), options);
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    const std::string& source = plans.segments.at(0).plan->kernels.at(0).source;
    QVERIFY2(source.find("if ((row + (long long)gridDim.x * blockDim.y) < 4096LL)") != std::string::npos,
             source.c_str());
    QVERIFY2(source.find("prefetch.global.L2") != std::string::npos, source.c_str());
    QVERIFY2(source.find("in0_s1 == 1LL") != std::string::npos, source.c_str());  // the row dense
    const testing::ScriptPlans off =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/softmax.py").toStdString());
    QVERIFY(off.segments.at(0).plan->kernels.at(0).source.find("prefetch") == std::string::npos);
  }

  // Many short rows (softmax over [4096, 1024]): a warp per row, four rows per block, each
  // with its own slice of the row cache; disabled, a block per row.
  void manyShortRowsRunAWarpPerRow() {
    const testing::ScriptPlans plans =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/softmax.py").toStdString());
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    const exec::cuda::Kernel& k = plans.segments.at(0).plan->kernels.at(0);
    QCOMPARE(k.launch.block.x, 32);
    QCOMPARE(k.launch.block.y, 4);
    QCOMPARE(k.launch.grid.x, 1024);
    QCOMPARE(k.launch.sharedBytes, 0);                                         // the row is in registers
    QVERIFY(k.source.find("__launch_bounds__(128, 8)") != std::string::npos);  // half occupancy: <= 64 registers
    QVERIFY(k.source.find("row = (long long)blockIdx.x * blockDim.y + threadIdx.y") != std::string::npos);

    exec::cuda::CodegenOptions sharedRow;
    sharedRow.registerRowValues = 0;
    const testing::ScriptPlans cached =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/softmax.py").toStdString(), sharedRow);
    const exec::cuda::Kernel& c = cached.segments.at(0).plan->kernels.at(0);
    QCOMPARE(c.launch.sharedBytes, 4 * 2048);  // one 1024-half row cache per warp
    QVERIFY(c.source.find("threadIdx.y * 2048") != std::string::npos);

    exec::cuda::CodegenOptions blockPerRow;
    blockPerRow.warpRowsPerBlock = 1;
    const testing::ScriptPlans wide =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/softmax.py").toStdString(), blockPerRow);
    const exec::cuda::Kernel& b = wide.segments.at(0).plan->kernels.at(0);
    QCOMPARE(b.launch.block.x, 32);  // a block per row, four 16-byte steps per thread
    QCOMPARE(b.launch.block.y, 1);
    QCOMPARE(b.launch.grid.x, 4096);
  }

  // A row of at most registerRowValues elements per thread stays in registers: each pass is a
  // fully unrolled loop over the thread's steps, and later passes read what earlier ones kept.
  // Softmax computes exp(x - max) once per element (in the sum pass; the normalize pass reuses
  // it); layer norm takes its statistics without a division per element and reads its weight
  // and bias as 16-byte vectors like the row itself.
  void aShortRowStaysInRegisters() {
    const auto count = [](const std::string& text, const std::string& needle) {
      int n = 0;
      for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
      return n;
    };
    const testing::ScriptPlans softmax =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/softmax.py").toStdString());
    QVERIFY2(softmax.error.empty(), softmax.error.c_str());
    const std::string& s = softmax.segments.at(0).plan->kernels.at(0).source;
    QVERIFY2(s.find("for (int sg_it = 0; sg_it < SG_STEPS(4, 128); ++sg_it)") != std::string::npos, s.c_str());
    // exp is sg_fexp under the default fastMath (the row is written as half), sg_exp without.
    const auto exps = [&](const std::string& text) { return count(text, " = sg_exp(") + count(text, " = sg_fexp("); };
    QCOMPARE(exps(s), 8);  // once per lane of the 8-wide step
    QCOMPARE(count(s, "sg_dyn"), 0);

    exec::cuda::CodegenOptions off;
    off.registerRowValues = 0;
    const testing::ScriptPlans again =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/softmax.py").toStdString(), off);
    QCOMPARE(exps(again.segments.at(0).plan->kernels.at(0).source), 16);

    const testing::ScriptPlans norm =
        testing::planScript(QString(SEGSCOPE_SOURCE_DIR "/samples/layer_norm_fwd.py").toStdString());
    QVERIFY2(norm.error.empty(), norm.error.c_str());
    const exec::cuda::Kernel& k = norm.segments.at(0).plan->kernels.at(0);
    QVERIFY2(k.source.find("SG_STEPS(") != std::string::npos, k.source.c_str());
    QCOMPARE(count(k.source, " / n1"), 1);  // the thread's mean, not a running update per element
    int vectorInputs = 0;
    for (const exec::cuda::KernelArg& a : k.args)
      if (a.kind == exec::cuda::KernelArg::Kind::Input)
        vectorInputs += count(k.source, ">*)&in" + std::to_string(a.valId) + "[") > 0;
    QCOMPARE(vectorInputs, 3);  // x, weight and bias
  }

  // Batch norm over [8192, 512]: one kernel would run on 16 column blocks; the plan is the
  // split reduction (partials over gridDim.y + finish) and a normalize pass instead. With the
  // split disabled it stays one kernel.
  void anOuterNormalizationOnFewColumnsSplitsIntoReductionsAndANormalizePass() {
    const std::string file = QString(SEGSCOPE_SOURCE_DIR "/samples/batch_norm_running_stats.py").toStdString();
    const testing::ScriptPlans plans = testing::planScript(file);
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    const KernelPlan& plan = plans.segments.at(1).plan.value();
    QVERIFY(!plan.fused);
    QVERIFY2(plan.unfusedReason.rfind(exec::cuda::codegen::kFewColumnBlocks, 0) == 0, plan.unfusedReason.c_str());
    QCOMPARE(plan.kernels.size(), std::size_t{3});
    QVERIFY(plan.kernels.at(0).launch.grid.y > 1);
    QVERIFY(plan.kernels.at(2).launch.grid.x >= 264);
    // The statistics read each column once (one Welford pass, four loads in flight per thread),
    // and the normalize pass moves 16-byte vectors although it also writes [512] statistics.
    const std::string split = plan.kernels.at(0).source.substr(exec::cuda::codegen::prelude().size());
    const std::regex columnLoad(R"(sg_ld\(in0\[)");
    QCOMPARE(std::distance(std::sregex_iterator(split.begin(), split.end(), columnLoad), std::sregex_iterator()), 1);
    QVERIFY2(split.find("sg_col_welford(") != std::string::npos, split.c_str());
    QVERIFY2(split.find("#pragma unroll 4") != std::string::npos, split.c_str());
    const std::string normalize = plan.kernels.at(2).source.substr(exec::cuda::codegen::prelude().size());
    QVERIFY2(normalize.find("*(const sg_vec<float, 4>*)&in0[") != std::string::npos, normalize.c_str());

    exec::cuda::CodegenOptions noSplit;
    noSplit.outerSplitTargetBlocks = 0;
    const testing::ScriptPlans one = testing::planScript(file, noSplit);
    QVERIFY(one.segments.at(1).plan->fused);
    QCOMPARE(one.segments.at(1).plan->kernels.size(), std::size_t{1});
  }

  // Many long rows (layer norm over [2048, 4096] bf16: 512 vector steps): a block per row of 128
  // threads, four steps each; few rows (the split target raised) keep one step per thread.
  void manyLongRowsGiveEachThreadFourSteps() {
    const std::string file = QString(SEGSCOPE_SOURCE_DIR "/samples/layer_norm_fwd.py").toStdString();
    const testing::ScriptPlans many = testing::planScript(file);
    QVERIFY2(many.error.empty(), many.error.c_str());
    QCOMPARE(many.segments.at(0).plan->kernels.at(0).launch.block.x, 128);
    QCOMPARE(many.segments.at(0).plan->kernels.at(0).launch.grid.x, 2048);
    exec::cuda::CodegenOptions fewRows;
    fewRows.outerSplitTargetBlocks = 1024;  // 2048 rows are then "few"
    const testing::ScriptPlans few = testing::planScript(file, fewRows);
    QCOMPARE(few.segments.at(0).plan->kernels.at(0).launch.block.x, 512);
  }

  void unsupportedOpIsAnErrorWithItsLocation() {
    const QString path = QDir::temp().filePath("segscope_codegen_unsupported.py");
    {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
      f.write(kUnsupportedScript);
    }
    const testing::ScriptPlans plans = testing::planScript(path.toStdString());
    QFile::remove(path);
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    bool sawError = false;
    for (const testing::SegmentPlan& p : plans.segments) {
      if (p.plan.ok()) continue;
      sawError = true;
      QVERIFY2(p.plan.error().message.find("pow") != std::string::npos, p.plan.error().message.c_str());
      QCOMPARE(p.plan.error().loc.line, 7);
    }
    QVERIFY(sawError);
  }
};

QTEST_GUILESS_MAIN(TestCudaCodegen)
#include "test_cuda_codegen.moc"
