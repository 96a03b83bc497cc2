// segscope-cli as a user runs it: exit codes 0/1/2, diagnostics on stderr, JSON schema,
// every sample through info and run, and truncated samples never crash the process.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QXmlStreamReader>

#include "cli/cli_in_process.h"
#include "cli/cli_process.h"
#include "exec/cuda/driver_api.h"
#include "passes/pre_segmenter.h"
#include "row_scaling.h"
#include "test_files.h"
#include "test_shards.h"
#include "trace/trace_json.h"

namespace {

using segscope::testing::cli;
using segscope::testing::Run;

QString data(const QString& name) { return QString(SEGSCOPE_TEST_DATA_DIR) + "/" + name; }

QJsonObject json(const QString& text) { return QJsonDocument::fromJson(text.toUtf8()).object(); }

}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  // why FILE A B: both sides' segments and every attempt that held both, with the
  // refusals (identical reasons on one line); bad names are the user's error (exit 2).
  void whyTellsWhyTwoOpsAreApart() {
    const QString file = QString(SEGSCOPE_SOURCE_DIR) + "/samples/cross_entropy.py";
    const Run r = cli({"why", file, "T3", "T30"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("T3 = max ends in segment 0 (inner_persistent), T30 = neg in segment 1 (reduction): the "
                            "last merge that held both (step 29, final_merge) was refused: reduction: T29 = "
                            "take_along_axis"),
             qPrintable(r.out));
    QVERIFY2(r.out.contains("2 merge attempts held both"), qPrintable(r.out));
    QVERIFY(r.out.contains("whole_fusion"));
    QVERIFY(r.out.contains("final_merge"));
    QVERIFY(
        r.out.contains("reduction, transpose, inner_persistent, outer_persistent, inner_outer_persistent: T29 = "
                       "take_along_axis"));
    // --json: the same answer, its parts named (docs: issue 41's schema).
    const Run json = cli({"why", file, "T3", "T30", "--json", "-"});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject j = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QVERIFY2(j["answer"].toString().contains("was refused: reduction: T29 = take_along_axis"), qPrintable(json.out));
    QCOMPARE(j["tried_together"].toBool(), true);
    QVERIFY(j["separators"].toArray().isEmpty());
    QCOMPARE(j["attempts"].toArray().size(), 2);
    QVERIFY(j["attempts"].toArray()[0].toObject()["deciding"].toString().startsWith("reduction: T29"));
    const Run together = cli({"why", file, "T3", "T24"});
    QCOMPARE(together.exitCode, 0);
    QVERIFY2(together.out.contains("end together in segment 0"), qPrintable(together.out));
    const Run input = cli({"why", file, "T0", "T30"});
    QCOMPARE(input.exitCode, 2);
    QVERIFY2(input.err.contains("T0 is an input of the fusion"), qPrintable(input.err));
    const Run unknown = cli({"why", file, "T999", "T30"});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("no value named T999"), qPrintable(unknown.err));
    QCOMPARE(cli({"why", file, "T3"}).exitCode, 2);
    // An op and a final segment (seg:N).
    const Run segment = cli({"why", file, "T3", "seg:1"});
    QCOMPARE(segment.exitCode, 0);
    QVERIFY2(segment.out.contains("T3 = max ends in segment 0 (inner_persistent), segment 1 (reduction, "),
             qPrintable(segment.out));
    QVERIFY2(segment.out.contains("held both"), qPrintable(segment.out));
    const Run noSegment = cli({"why", file, "T3", "seg:9"});
    QCOMPARE(noSegment.exitCode, 2);
    QVERIFY2(noSegment.err.contains("no segment 9"), qPrintable(noSegment.err));
  }

  void infoOnEverySample_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : segscope::testing::rowsOfThisShard(segscope::testing::sampleFiles()))
      QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }
  void infoOnEverySample() {
    QFETCH(QString, file);
    const Run r = cli({"info", file, "--json", "-"});
    QVERIFY2(r.exitCode == 0 && !r.crashed, qPrintable(r.err));
    const int brace = r.out.indexOf("\n{");
    QVERIFY(brace > 0);
    const QJsonObject j = json(r.out.mid(brace + 1));
    const QJsonObject fusion = j["fusion"].toObject();
    QVERIFY(!fusion["name"].toString().isEmpty());
    QVERIFY(fusion["exprs"].toInt() > 0);
    QVERIFY(!fusion["inputs"].toArray().isEmpty());
    QVERIFY(!fusion["outputs"].toArray().isEmpty());
    QVERIFY(j["inputs_from_footer"].toBool());
  }

  void runOnEverySample_data() { infoOnEverySample_data(); }
  void runOnEverySample() {
    QFETCH(QString, file);
    QTemporaryDir dir;
    const QString out = dir.filePath("run.json");
    const Run r = cli({"run", file, "--backend", "cpu", "--json", out}, 120000);
    QVERIFY2(r.exitCode == 0 && !r.crashed, qPrintable(r.err));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject j = json(QString::fromUtf8(f.readAll()));
    QCOMPARE(j["backend"].toString(), QString("cpu"));
    const QJsonArray outputs = j["outputs"].toArray();
    QCOMPARE(outputs.size(), j["fusion"].toObject()["outputs"].toArray().size());
    for (const QJsonValue& o : outputs) {
      QVERIFY(o.toObject().contains("shape"));
      QCOMPARE(o.toObject()["non_finite"].toInt(), 0);  // the samples are numerically sane
    }
    QVERIFY(r.out.contains("sum="));
  }

  void everyOpRunsEndToEnd() {
    const Run r = cli({"run", data("engine/frontend/data/all_ops.py")});
    QVERIFY2(r.exitCode == 0 && !r.crashed, qPrintable(r.err));
  }

  void passesOnEverySample_data() { infoOnEverySample_data(); }
  void passesOnEverySample() {
    QFETCH(QString, file);
    const Run r = cli({"passes", file, "--json", "-"});
    QVERIFY2(r.exitCode == 0 && !r.crashed, qPrintable(r.err));
    QVERIFY(r.out.startsWith("pass "));
    const QJsonObject j = json(r.out.mid(r.out.indexOf("\n{") + 1));
    QCOMPARE(j["passes"].toArray().size(), static_cast<qsizetype>(segscope::passes::preSegmenterPasses().size()));
    for (const QJsonValue& p : j["passes"].toArray()) QVERIFY(p.toObject().contains("modified"));
  }

  void passesCanBeDisabled() {
    const QString file = data("engine/passes/golden/dead_code_elimination/unused_chain.py");
    const Run on = cli({"passes", file});
    QVERIFY(on.out.contains(QRegularExpression("dead_code_elimination +yes +3 -> 1")));
    const Run off = cli({"passes", file, "--disable-pass", "dead_code_elimination"});
    QCOMPARE(off.exitCode, 0);
    QVERIFY2(off.out.contains(QRegularExpression("dead_code_elimination +disabled +3 -> 3")), qPrintable(off.out));
    const Run diff = cli({"passes", file, "--diff"});
    QVERIFY2(diff.out.contains("      - T2 = exp(T0)") && diff.out.contains("      - T3 = sum(T2, dims=[1])"),
             qPrintable(diff.out));
    const Run bad = cli({"passes", file, "--disable-pass", "dead_code"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY(bad.err.contains("unknown pass 'dead_code'; passes are: dead_code_elimination"));
    const Run help = cli({"segment", file, "--disable-pass", "help"});  // lists the passes, runs nothing
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains("  dead_code_elimination\n      removes exprs that reach no output"),
             qPrintable(help.out));
    QVERIFY2(help.out.contains("  move_pad (off unless"), qPrintable(help.out));
  }

  void passesOnAMalformedScriptExitsTwo() {
    const QString file = data("error/data/shape_mismatch.py");
    const Run r = cli({"passes", file});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith(file + ":7:10: error: add: shape mismatch"), qPrintable(r.err));
  }

  void traceWritesALoadableTrace() {
    QTemporaryDir dir;
    const QString out = dir.filePath("rope.trace.json");
    const Run r = cli({"trace", QString(SEGSCOPE_SOURCE_DIR) + "/samples/rope.py", "--json", out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    auto trace = segscope::trace::traceFromJson(f.readAll().toStdString());
    QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().message.c_str());
    // load, concretize (rope reshapes), one step per pass, then the segmenter: the whole-fusion
    // try ... finalize.
    const std::size_t passSteps = segscope::passes::preSegmenterPasses().size() + 2;
    QVERIFY(trace->size() > passSteps);
    QCOMPARE(trace->step(0).name, std::string("load"));
    QCOMPARE(trace->step(1).kind, segscope::trace::StepKind::Concretize);
    QCOMPARE(trace->step(1).phase, segscope::trace::Phase::Concretize);
    QVERIFY2(trace->step(1).log.size() >= 2 && trace->step(1).log[1].find(" = reshape(") != std::string::npos,
             trace->step(1).log.empty() ? "" : trace->step(1).log.back().c_str());
    QCOMPARE(trace->step(passSteps).phase, segscope::trace::Phase::WholeFusion);
    QCOMPARE(trace->step(trace->size() - 1).kind, segscope::trace::StepKind::Finalize);
    QVERIFY(QFileInfo(out).size() > 1000);
    QCOMPARE(cli({"trace", QString(SEGSCOPE_SOURCE_DIR) + "/samples/rope.py"}).exitCode, 2);  // --json is required
  }

  // Edge bytes are elements × dtype size, by hand: cross_entropy's log-softmax T24 is f32
  // [2048, 1000]; cast_chain's T14 (the segment_set MarkAliasesPrepare puts before the
  // view-only reshape tail) is bf16 [1024, 1024].
  void segmentEdgeBytesAreElementsTimesDtypeSize() {
    const auto edgeBytes = [](const char* sample, const char* val) {
      const Run r = cli({"segment", QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + sample, "--json", "-"});
      const QJsonObject j = QJsonDocument::fromJson(r.out.mid(r.out.indexOf('{')).toUtf8()).object();
      for (const QJsonValue e : j["edges"].toArray())
        if (e.toObject()["val"].toString() == val) return e.toObject()["bytes"].toDouble();
      return -1.0;
    };
    QCOMPARE(edgeBytes("cross_entropy.py", "T24"), 2048.0 * 1000 * 4);
    QCOMPARE(edgeBytes("cast_chain.py", "T14"), 1024.0 * 1024 * 2);
  }

  void segmentOnEverySample_data() { infoOnEverySample_data(); }
  void segmentOnEverySample() {
    QFETCH(QString, file);
    for (const char* mode : {"host_segment", "duplicate"}) {
      const Run r = cli({"segment", file, "--json", "-", "--scalar-mode", mode});
      QVERIFY2(r.exitCode == 0 && !r.crashed, qPrintable(r.err));
      // DESIGN §12's schema: exactly these keys, segments numbered in order, edges between them.
      const QString out = r.out.mid(r.out.indexOf('{'));
      const QJsonObject j = QJsonDocument::fromJson(out.toUtf8()).object();
      QStringList keys = j.keys();
      keys.sort();
      QCOMPARE(keys, QStringList({"edges", "fusion", "profile", "run_order", "segments", "steps"}));
      QStringList fusionKeys = j["fusion"].toObject().keys();
      fusionKeys.sort();
      QCOMPARE(fusionKeys, QStringList({"exprs", "inputs", "name", "outputs"}));
      const QJsonArray segments = j["segments"].toArray();
      QVERIFY(!segments.isEmpty());
      for (int i = 0; i < segments.size(); ++i) {
        const QJsonObject seg = segments[i].toObject();
        QStringList segKeys = seg.keys();
        segKeys.sort();
        QCOMPARE(segKeys, QStringList({"exprs", "host", "id", "inputs", "kind", "outputs", "scheduler"}));
        // nvFuser's expr_eval groups and Segscope's own host scalar segment read apart.
        const QString kind = seg["kind"].toString();
        QVERIFY2(kind == "kernel" || kind == "expr_eval" || kind == "host_scalars", qPrintable(kind));
        QCOMPARE(seg["host"].toBool(), kind != "kernel");
        QCOMPARE(seg["id"].toInt(), i);
        QVERIFY(!seg["exprs"].toArray().isEmpty());
      }
      for (const QJsonValue e : j["edges"].toArray()) {
        const QJsonObject edge = e.toObject();
        QVERIFY(edge["from"].toInt() < segments.size() && edge["to"].toInt() < segments.size());
        QVERIFY(edge["bytes"].toDouble() >= 0);
      }
      QCOMPARE(j["run_order"].toArray().size(), segments.size());
      QVERIFY(j["steps"].toInt() > 0);
    }
  }

  void regionsOnEverySample_data() { infoOnEverySample_data(); }
  void regionsOnEverySample() {
    QFETCH(QString, file);
    const Run r = cli({"regions", file, "--json", "-"});
    QVERIFY2(r.exitCode == 0 && !r.crashed, qPrintable(r.err));
    const QJsonObject j = json(r.out);  // with --json -, stdout holds the JSON alone
    QStringList keys = j.keys();
    keys.sort();
    QCOMPARE(keys, QStringList({"fusion", "profile", "regions", "total_bytes", "total_cost_ms"}));
    QCOMPARE(j["profile"].toString(), QString("h100"));
    QVERIFY(!j["fusion"].toString().isEmpty());
    double bytes = 0, cost = 0;
    const QJsonArray regions = j["regions"].toArray();
    for (int i = 0; i < regions.size(); ++i) {
      const QJsonObject region = regions[i].toObject();
      QStringList regionKeys = region.keys();
      regionKeys.sort();
      QCOMPARE(regionKeys, QStringList({"bytes", "bytes_kept_on_chip", "cost_ms", "id", "inputs", "members", "outputs",
                                        "segments", "splits", "users"}));
      QCOMPARE(region["id"].toInt(), i);
      QVERIFY(region["members"].toArray().size() >= 2);
      QVERIFY(region["bytes"].toDouble() > 0);
      // cost = bytes / (3350 GB/s), in ms
      QVERIFY(qAbs(region["cost_ms"].toDouble() - region["bytes"].toDouble() / 3350e9 * 1e3) < 1e-9);
      QVERIFY(!region["segments"].toArray().isEmpty());
      bytes += region["bytes"].toDouble();
      cost += region["cost_ms"].toDouble();
    }
    QCOMPARE(j["total_bytes"].toDouble(), bytes);
    QVERIFY(qAbs(j["total_cost_ms"].toDouble() - cost) < 1e-9);
  }

  // Segscope's host scalar segment is its own kind: it follows the count ("1 segment + host
  // scalars"), its row and its run line say host_scalars, and nothing calls it expr_eval.
  void hostScalarsAreTheirOwnKind() {
    const QString file = QString(SEGSCOPE_SOURCE_DIR) + "/samples/adam_step.py";
    const Run seg = cli({"segment", file});
    QVERIFY2(seg.exitCode == 0, qPrintable(seg.err));
    QVERIFY2(seg.out.contains("1 segment + host scalars on h100"), qPrintable(seg.out));
    QVERIFY2(seg.out.contains(QRegularExpression("segment 0 +host_scalars ")) && !seg.out.contains("expr_eval"),
             qPrintable(seg.out));
    const Run run = cli({"run", file, "--verify"});
    QVERIFY2(run.exitCode == 0 && run.out.contains(QRegularExpression("segment 0 +host_scalars")) &&
                 !run.out.contains("expr_eval"),
             qPrintable(run.out + run.err));
  }

  // Above 1,500 ops `segment --svg` draws the collapsed view (a node per segment) unless --view
  // asks for another, and says so on stderr: 10k ops op by op was a 64 s, 440,839 pt picture.
  void segmentSvgOfABigFusionIsCollapsed() {
#ifndef SEGSCOPE_HAVE_GRAPHVIZ
    QSKIP("built without Graphviz (-DSEGSCOPE_WITH_GRAPHVIZ=OFF): the CLI draws no SVG");
#endif
    QTemporaryDir dir;
    QString script =
        "def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n"
        "    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, "
        "is_cpu=False)\n";
    for (int i = 1; i <= 1600; ++i) script += QString("    T%1 = fd.ops.neg(T%2)\n").arg(i).arg(i - 1);
    script += "    fd.add_output(T1600)\n";
    const QString file = dir.filePath("long_chain.py");
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly) && out.write(script.toUtf8()) > 0);
    out.close();
    const QString svg = dir.filePath("chain.svg");
    const Run r = cli({"segment", file, "--svg", svg});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains("1600 ops (over 1500): drawing the collapsed view"), qPrintable(r.err));
    QFile drawn(svg);
    QVERIFY(drawn.open(QIODevice::ReadOnly));
    const QByteArray text = drawn.readAll();
    QVERIFY(text.contains("segment 0"));
    QVERIFY(!text.contains("T1600 = neg"));  // no op drawn
    const Run ops = cli({"segment", file, "--svg", svg, "--view", "segments"});
    QVERIFY2(ops.exitCode == 0 && !ops.err.contains("collapsed view"), qPrintable(ops.err));
  }

  // Hundreds of segments collapsed: the overview's tiles, a page not a poster (500 segments).
  void segmentSvgOfHundredsOfSegmentsIsTiles() {
#ifndef SEGSCOPE_HAVE_GRAPHVIZ
    QSKIP("built without Graphviz (-DSEGSCOPE_WITH_GRAPHVIZ=OFF): the CLI draws no SVG");
#endif
    QTemporaryDir dir;
    const QString svg = dir.filePath("tiles.svg");
    const Run r = cli({"segment", QString(SEGSCOPE_SOURCE_DIR) + "/tests/data/shapes/relu_linear_1k.py", "--svg", svg,
                       "--view", "collapsed"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile drawn(svg);
    QVERIFY(drawn.open(QIODevice::ReadOnly));
    const QByteArray text = drawn.readAll();
    QCOMPARE(int(text.count(" tile\">")), 500);
    const QRegularExpressionMatch size =
        QRegularExpression(R"(width="([0-9.]+)pt" height="([0-9.]+)pt")").match(QString::fromUtf8(text));
    QVERIFY(size.hasMatch());
    QVERIFY2(size.captured(1).toDouble() < 2000 && size.captured(2).toDouble() < 2000, qPrintable(size.captured(0)));
  }

  // --enable / --disable: nvFuser's option names for this run (repeatable or comma-separated);
  // a name nvFuser has not, or one Segscope does not model, is the user's error (exit 2).
  void nvfuserOptionsOnTheCommandLine() {
    const QString file = QString(SEGSCOPE_SOURCE_DIR) + "/samples/matmul_bias_gelu.py";
    const Run fused = cli({"segment", file, "--enable", "fuse_matmul"});
    QVERIFY2(fused.exitCode == 0, qPrintable(fused.err));
    QVERIFY2(fused.out.contains("1 segment on h100") && fused.out.contains("with NVFUSER_ENABLE=fuse_matmul"),
             qPrintable(fused.out));
    const Run both = cli({"schedule", file, "--enable=fuse_matmul", "--disable", "matmul_expr_eval,resize_scheduler"});
    QVERIFY2(both.exitCode == 0 && both.out.contains("one matmul kernel"), qPrintable(both.out + both.err));
    const Run unknown = cli({"segment", file, "--disable", "bogus"});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("nvFuser has no disable option 'bogus'"), qPrintable(unknown.err));
    const Run unmodelled = cli({"survey", file, "--enable", "memory_promotion"});
    QCOMPARE(unmodelled.exitCode, 2);
    QVERIFY2(unmodelled.err.contains("does not model"), qPrintable(unmodelled.err));
  }

  void regionsListsRegionsWithCosts() {
    const QString file = QString(SEGSCOPE_SOURCE_DIR) + "/samples/matmul_bias_gelu.py";
    const Run r = cli({"regions", file, "--json", "-"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = json(r.out);
    const QJsonArray regions = j["regions"].toArray();
    QVERIFY(!regions.isEmpty());
    QVERIFY(j["total_cost_ms"].toDouble() > 0);
    // The gelu epilogue after the linear is one region; the linear is not in it.
    for (const QJsonValue m : regions[0].toObject()["members"].toArray()) QVERIFY(!m.toString().contains("linear"));
    const Run text = cli({"regions", file, "--profile", "a100"});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("on a100") && text.out.contains("kept on chip"), qPrintable(text.out));
  }

  void regionsIsDeterministic() {
    const QString file = QString(SEGSCOPE_SOURCE_DIR) + "/samples/synthetic_block_200.py";
    const Run a = cli({"regions", file, "--json", "-"});
    const Run b = cli({"regions", file, "--json", "-"});
    QCOMPARE(a.exitCode, 0);
    QCOMPARE(a.out, b.out);
    QVERIFY(!json(a.out)["regions"].toArray().isEmpty());
  }

  void regionsBadInputExitsTwo() {
    const QString file = QString(SEGSCOPE_SOURCE_DIR) + "/samples/softmax.py";
    QCOMPARE(cli({"regions", file, "--profile", "v100"}).exitCode, 2);
    QCOMPARE(cli({"regions", file, "--disable-pass", "no_such_pass"}).exitCode, 2);
    QCOMPARE(cli({"regions", file, "--scalar-mode", "duplicate"}).exitCode, 2);  // not a regions option
    QCOMPARE(cli({"regions"}).exitCode, 2);
    QCOMPARE(cli({"regions", data("error/data/footer_dtype.py")}).exitCode, 2);
  }

  void runVerifyOnEverySample_data() { infoOnEverySample_data(); }
  void runVerifyOnEverySample() {
    QFETCH(QString, file);
    // On a row-scaled copy (tests/row_scaling.h): what --verify checks, segment by segment against
    // the whole fusion, does not depend on the rows, and the reference runs in a fraction of the time.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile original(file);
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QString copy = dir.filePath(QFileInfo(file).fileName());
    QFile scaled(copy);
    QVERIFY(scaled.open(QIODevice::WriteOnly));
    scaled.write(
        QByteArray::fromStdString(segscope::testing::rowScaledDownIfItLoads(original.readAll().toStdString())));
    scaled.close();
    file = copy;
    for (const char* mode : {"host_segment", "duplicate"}) {
      const Run r = cli({"run", file, "--backend", "cpu", "--verify", "--scalar-mode", mode, "--json", "-"}, 120000);
      QVERIFY2(r.exitCode == 0 && !r.crashed, qPrintable(r.err));
      const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
      QVERIFY(j["verify"].toObject()["ok"].toBool());
      QCOMPARE(j["scalar_mode"].toString(), QString(mode));
      QVERIFY(!j["segments"].toArray().isEmpty());
      // On the CPU backend every segment is host time: the split puts the whole run there.
      QCOMPARE(j["device_ms"].toDouble(), 0.0);
      QVERIFY(qAbs(j["host_ms"].toDouble() - j["median_ms"].toDouble()) <= 1e-9 * (1 + j["median_ms"].toDouble()));
    }
  }

  // --codegen sets CUDA code generation by name: "help" lists the keys with their defaults; an
  // unknown key or a value that is not a whole number is bad input naming what was wrong, and so
  // is --codegen on the CPU backend (it generates no kernels).
  void runCodegenOptions() {
    const QString file = QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py";
    const Run help = cli({"run", file, "--codegen", "help"});
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains("fast_math") && help.out.contains("two_pass_row_stats"), qPrintable(help.out));
    const Run unknown = cli({"run", file, "--backend", "cpu", "--codegen", "fast_mat=1"});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("unknown codegen option 'fast_mat'"), qPrintable(unknown.err));
    const Run notNumber = cli({"run", file, "--backend", "cpu", "--codegen", "fast_math=yes please"});
    QCOMPARE(notNumber.exitCode, 2);
    QVERIFY2(notNumber.err.contains("whole number"), qPrintable(notNumber.err));
    const Run cpu = cli({"run", file, "--backend", "cpu", "--codegen", "fast_math=0"});
    QCOMPARE(cpu.exitCode, 2);
    QVERIFY2(cpu.err.contains("needs --backend cuda"), qPrintable(cpu.err));
  }

  void exportSegmentsWritesScriptsAndIndexMaps() {
    QTemporaryDir dir;
    const QString out = dir.filePath("segments");
    const Run r = cli({"export-segments", QString(SEGSCOPE_SOURCE_DIR) + "/samples/cross_entropy.py", "--dir", out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile maps(out + "/index_maps.json");
    QVERIFY(maps.open(QIODevice::ReadOnly));
    const QJsonArray order = QJsonDocument::fromJson(maps.readAll()).object()["run_order"].toArray();
    QCOMPARE(order.size(), 2);
    for (const QJsonValue s : order) {
      const QString script = out + "/" + s.toObject()["script"].toString();
      QVERIFY2(QFileInfo::exists(script), qPrintable(script));
      QCOMPARE(cli({"info", script}).exitCode, 0);  // every exported segment loads on its own
    }
    QCOMPARE(cli({"export-segments", QString(SEGSCOPE_SOURCE_DIR) + "/samples/cross_entropy.py"}).exitCode, 2);
  }

  void segmentSvgOnEverySample_data() { infoOnEverySample_data(); }
  void segmentSvgOnEverySample() {
#ifndef SEGSCOPE_HAVE_GRAPHVIZ
    QSKIP("built without Graphviz (-DSEGSCOPE_WITH_GRAPHVIZ=OFF): the CLI draws no SVG");
#endif
    QFETCH(QString, file);
    QTemporaryDir dir;
    const QString svg = dir.filePath("s.svg"), dot = dir.filePath("s.dot"), json = dir.filePath("s.json");
    const Run r = cli({"segment", file, "--svg", svg, "--dot", dot, "--json", json});
    QVERIFY2(r.exitCode == 0 && !r.crashed, qPrintable(r.err));
    QFile in(json);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const int segments = static_cast<int>(QJsonDocument::fromJson(in.readAll()).object()["segments"].toArray().size());
    // Well-formed XML with one cluster group per segment, each with its stable id.
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    int clusters = 0;
    QSet<QString> ids;
    while (!xml.atEnd()) {
      if (xml.readNext() != QXmlStreamReader::StartElement || xml.name() != QLatin1String("g")) continue;
      const QString cls = xml.attributes().value("class").toString();
      if (cls.startsWith("cluster ")) {
        ++clusters;
        ids << xml.attributes().value("id").toString();
      }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(clusters, segments);
    for (int i = 0; i < segments; ++i) QVERIFY2(ids.contains(QString("segment-%1").arg(i)), qPrintable(file));
    QVERIFY(QFileInfo(dot).size() > 100);
  }

  void segmentSvgIsTheSameInEveryProcess() {
#ifndef SEGSCOPE_HAVE_GRAPHVIZ
    QSKIP("built without Graphviz (-DSEGSCOPE_WITH_GRAPHVIZ=OFF): the CLI draws no SVG");
#endif
    QTemporaryDir dir;
    const QString file = QString(SEGSCOPE_SOURCE_DIR) + "/samples/layer_norm_bwd.py";
    QCOMPARE(cli({"segment", file, "--svg", dir.filePath("a.svg")}).exitCode, 0);
    QCOMPARE(cli({"segment", file, "--svg", dir.filePath("b.svg")}).exitCode, 0);
    QFile a(dir.filePath("a.svg")), b(dir.filePath("b.svg"));
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QVERIFY(a.readAll() == b.readAll());
    QCOMPARE(cli({"segment", file, "--svg", dir.filePath("c.svg"), "--view", "sideways"}).exitCode, 2);
  }

  void traceDrawsEveryStepThatChangedSomething() {
#ifndef SEGSCOPE_HAVE_GRAPHVIZ
    QSKIP("built without Graphviz (-DSEGSCOPE_WITH_GRAPHVIZ=OFF): the CLI draws no SVG");
#endif
    QTemporaryDir dir;
    const QString out = dir.filePath("steps");
    const Run r = cli({"trace", QString(SEGSCOPE_SOURCE_DIR) + "/samples/cross_entropy.py", "--svg-dir", out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList files = QDir(out).entryList({"step-*.svg"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() > 5);
    QVERIFY(files.first().startsWith("step-000-load"));
    QVERIFY2(r.err.contains(QString("drew %1 steps").arg(files.size())), qPrintable(r.err));
  }

  void cudaBackendWithoutADeviceSaysSo() {
    if (segscope::exec::cuda::driverStatus().usable()) QSKIP("this machine has a CUDA device");
    const Run r = cli({"run", QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py", "--backend", "cuda"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("no CUDA device available") && r.err.contains("--backend cpu"), qPrintable(r.err));
  }

  void cudaBackendWithoutADeviceWritesNothing() {
    if (segscope::exec::cuda::driverStatus().usable()) QSKIP("this machine has a CUDA device");
    QTemporaryDir dir;
    const QString json = dir.filePath("run.json"), trace = dir.filePath("run.trace.json");
    const Run r = cli({"run", QString(SEGSCOPE_SOURCE_DIR) + "/samples/softmax.py", "--backend", "cuda", "--verify",
                       "--repeat", "5", "--json", json, "--chrome-trace", trace});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("no CUDA device available") && r.err.contains("--backend cpu"), qPrintable(r.err));
    QVERIFY(!QFile::exists(json) && !QFile::exists(trace));
  }

  // --json and --chrome-trace of a segmented run; CI checks them on the CPU backend, the same
  // writer serves --backend cuda (which adds device, percent_of_peak, kernels, scalar_args).
  void runExportsJsonAndAChromeTrace_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("verify");
    QTest::newRow("host scalar + persistent, --verify") << "reduction_epilogue.py" << true;
    QTest::newRow("two kernels, trace only") << "cross_entropy.py" << false;
    QTest::newRow("many segments") << "synthetic_block_200.py" << true;
  }
  void runExportsJsonAndAChromeTrace() {
    QFETCH(QString, file);
    QFETCH(bool, verify);
    QTemporaryDir dir;
    const QString jsonPath = dir.filePath("run.json"), tracePath = dir.filePath("run.trace.json");
    QStringList args{"run",
                     QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + file,
                     "--backend",
                     "cpu",
                     "--repeat",
                     "2",
                     "--json",
                     jsonPath,
                     "--chrome-trace",
                     tracePath};
    if (verify) args << "--verify";
    const Run r = cli(args, 240000);
    QVERIFY2(r.exitCode == 0 && !r.crashed, qPrintable(r.err));
    QVERIFY2(r.out.contains(" ms (min "), qPrintable(r.out));
    QFile jf(jsonPath), tf(tracePath);
    QVERIFY(jf.open(QIODevice::ReadOnly) && tf.open(QIODevice::ReadOnly));
    const QJsonObject j = json(QString::fromUtf8(jf.readAll()));
    QCOMPARE(j["backend"].toString(), QString("cpu"));
    QCOMPARE(j["repeat"].toInt(), 2);
    QCOMPARE(j.contains("verify"), verify);
    const QJsonArray segments = j["segments"].toArray();
    QVERIFY(!segments.isEmpty());
    for (const QJsonValue& v : segments) {
      const QJsonObject s = v.toObject();
      for (const char* key : {"id", "scheduler", "host", "execution", "ms", "min_ms", "timed_runs", "bytes_in",
                              "bytes_out", "gbps", "host_scalars"})
        QVERIFY2(s.contains(key), key);
      QCOMPARE(s["timed_runs"].toInt(), 2);
      QVERIFY(s["min_ms"].toDouble() <= s["ms"].toDouble());
    }
    const QJsonObject trace = json(QString::fromUtf8(tf.readAll()));
    int slices = 0;
    double end = 0;
    QSet<int> ids;
    for (const QJsonValue& v : trace["traceEvents"].toArray()) {
      const QJsonObject e = v.toObject();
      if (e["ph"].toString() != "X") continue;
      ++slices;
      for (const char* key : {"name", "ts", "dur", "pid", "tid", "args"}) QVERIFY2(e.contains(key), key);
      QVERIFY(e["dur"].toDouble() >= 0);
      QVERIFY(e["ts"].toDouble() >= end - 1e-6);  // back to back, in run order
      end = e["ts"].toDouble() + e["dur"].toDouble();
      ids.insert(e["name"].toString().section(' ', 1, 1).toInt());
    }
    QCOMPARE(slices, static_cast<int>(segments.size()));
    QCOMPARE(ids.size(), slices);  // one slice per segment
  }

  void runExportToAMissingFolderFailsCleanly() {
    const Run r =
        cli({"run", QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py", "--chrome-trace", "/no/such/dir/t.json"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("/no/such/dir"), qPrintable(r.err));
  }

  void segmentRejectsAnUnknownScalarMode() {
    const Run r = cli({"segment", QString(SEGSCOPE_SOURCE_DIR) + "/samples/adam_step.py", "--scalar-mode", "inline"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("unknown scalar mode 'inline'"), qPrintable(r.err));
  }

  void scheduleOnEverySample_data() { infoOnEverySample_data(); }
  void scheduleOnEverySample() {
    QFETCH(QString, file);
    const Run r = cli({"schedule", file, "--json", "-"});
    QVERIFY2(r.exitCode == 0 && !r.crashed, qPrintable(r.err));
    const QJsonObject j = json(r.out.mid(r.out.indexOf("\n{") + 1));
    const QJsonArray verdicts = j["verdicts"].toArray();
    QVERIFY(!verdicts.isEmpty());
    for (const QJsonValue& v : verdicts)
      if (!v.toObject()["accepted"].toBool()) QVERIFY(!v.toObject()["reason"].toString().isEmpty());
  }

  void scheduleExplainsTheProfileDifference() {
    const QString file = QString(SEGSCOPE_SOURCE_DIR) + "/samples/reduction_epilogue.py";
    const Run h100 = cli({"schedule", file});
    QVERIFY2(h100.out.contains("on h100: one inner_persistent kernel"), qPrintable(h100.out));
    const Run a100 = cli({"schedule", file, "--profile", "a100"});
    QVERIFY2(a100.out.contains("no scheduler takes the whole fusion"), qPrintable(a100.out));
    QVERIFY2(a100.out.contains("512 KiB per row"), qPrintable(a100.out));
    const Run bad = cli({"schedule", file, "--profile", "v100"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("unknown device profile 'v100'; profiles are: h100 h200 a100 detected"),
             qPrintable(bad.err));
  }

  void runIsDeterministic() {
    const QString file = QString(SEGSCOPE_SOURCE_DIR) + "/samples/softmax.py";
    const Run a = cli({"run", file, "--json", "-"});
    const Run b = cli({"run", file, "--json", "-"});
    const Run c = cli({"run", file, "--seed", "7", "--json", "-"});
    QCOMPARE(a.exitCode, 0);
    const auto outputs = [](const Run& r) { return json(r.out.mid(r.out.indexOf("\n{") + 1))["outputs"].toArray(); };
    QCOMPARE(outputs(a), outputs(b));
    QVERIFY(outputs(a) != outputs(c));
  }

  void malformedScriptExitsTwoWithPosition() {
    const QString file = data("error/data/unknown_op.py");
    const Run r = cli({"run", file});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith(file + ":6:10: error: unknown op 'fd.ops.ad'"), qPrintable(r.err));
    QVERIFY(r.err.contains("^"));
  }

  void runtimeFailureExitsOneWithPosition() {
    const QString file = data("cli/data/runtime_index_error.py");
    const Run r = cli({"run", file});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith(file + ":8:10: error: "), qPrintable(r.err));
    QVERIFY2(r.err.contains("take_along_axis"), qPrintable(r.err));
  }

  void usageErrorsExitTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no arguments") << QStringList{} << "usage: segscope-cli";
    QTest::newRow("unknown command") << QStringList{"segment-all", "x.py"} << "unknown command 'segment-all'";
    QTest::newRow("unknown option") << QStringList{"info", "x.py", "--fast"} << "unknown option '--fast'";
    QTest::newRow("missing file") << QStringList{"info"} << "'info' needs a FILE";
    QTest::newRow("missing value") << QStringList{"run", "x.py", "--seed"} << "option --seed needs a value";
    QTest::newRow("nonexistent file") << QStringList{"info", "/no/such/fusion.py"}
                                      << "/no/such/fusion.py: cannot open file";
    QTest::newRow("unknown backend") << QStringList{"run", QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py",
                                                    "--backend", "tpu"}
                                     << "unknown backend 'tpu'";
    QTest::newRow("bad repeat") << QStringList{"run", QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py", "--repeat",
                                               "0"}
                                << "--repeat must be at least 1";
    QTest::newRow("bad warmup") << QStringList{"run", QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py", "--warmup",
                                               "-1"}
                                << "--warmup must not be negative";
    QTest::newRow("chrome trace needs a value")
        << QStringList{"run", "x.py", "--chrome-trace"} << "option --chrome-trace needs a value";
  }
  void usageErrorsExitTwo() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = cli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
  }

  void scriptWritesAFileThatLoadsAgain() {
    QTemporaryDir dir;
    const QString out = dir.filePath("rope_again.py");
    const Run w = cli({"script", QString(SEGSCOPE_SOURCE_DIR) + "/samples/rope.py", "--out", out});
    QCOMPARE(w.exitCode, 0);
    const Run a = cli({"ir", QString(SEGSCOPE_SOURCE_DIR) + "/samples/rope.py"});
    const Run b = cli({"ir", out});
    QCOMPARE(b.exitCode, 0);
    QCOMPARE(b.out, a.out);
  }

  void truncatedSamplesNeverCrash() {
    QTemporaryDir dir;
    int exitTwo = 0, runs = 0;
    for (const QString& file : segscope::testing::sampleFiles()) {
      QFile f(file);
      QVERIFY(f.open(QIODevice::ReadOnly));
      const QByteArray text = f.readAll();
      for (int k = 1; k <= 12; ++k) {
        const int cut = static_cast<int>((static_cast<qint64>(text.size()) * k * 7919 / 13) % text.size());
        const QString path = dir.filePath(QString("cut_%1_%2.py").arg(QFileInfo(file).baseName()).arg(cut));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text.left(cut));
        out.close();
        // In process: 12 cuts of every sample, where a sanitized process start would cost more
        // than the parse; nonexistentFileIsAnError and friends keep the real spawns.
        const Run r = segscope::testing::cliInProcess({"info", path});
        ++runs;
        QVERIFY2(!r.crashed, qPrintable(path + ": " + r.err));
        QVERIFY2(r.exitCode == 0 || r.exitCode == 2, qPrintable(path + ": exit " + QString::number(r.exitCode)));
        if (r.exitCode == 2) {
          ++exitTwo;
          QVERIFY2(r.err.contains(": error: "), qPrintable(r.err));
        }
      }
    }
    qInfo("%d truncated files, %d rejected with a diagnostic", runs, exitTwo);
    QVERIFY(exitTwo > runs / 2);
  }
};

SEGSCOPE_SHARDED_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
