// The model-run reader: every kind of input found among other output, the association of
// dumps with the definition they follow, duplicates, and bad input that loses nothing.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "model/run_reader.h"

using namespace segscope;

namespace {

std::string def(int id, const std::string& extra = "") {
  return "def nvfuser_fusion_id" + std::to_string(id) +
         "(fd : FusionDefinition) -> None :\n"
         "    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)\n"
         "    T1 = fd.ops.exp(T0)\n" +
         extra + "    fd.add_output(T1)\n";
}

// A segmenter_logging block nvFuser prints when the fusion first runs.
const char* const kDump =
    "***Runtime***: Try to schedule fusion un-segmented:\n"
    "\n"
    "Scheduler _expr_eval_ ***rejected*** because : T1 is computed\n"
    "***Accepted*** as: pointwise\n";

const model::FusionEntry* named(const model::ModelRun& run, const std::string& name) {
  for (const model::FusionEntry& e : run.fusions)
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace

class TestRunReader : public QObject {
  Q_OBJECT

 private slots:
  void definitionsAmongOtherOutputAreFound() {
    const std::string text = "Overriding: compile = thunder\n\n" + def(0) + "\niter 0: loss 10.9\n\n" +
                             def(1, "    T2 = fd.ops.neg(T1)\n") + "\nstep done\n";
    const model::ModelRun run = model::readModelRunText(text, "run.log");
    QCOMPARE(run.fusions.size(), std::size_t{2});
    QCOMPARE(run.fusions[0].name, std::string("nvfuser_fusion_id0"));
    QCOMPARE(run.fusions[0].id, 0);
    QCOMPARE(run.fusions[0].line, 3);
    QCOMPARE(run.fusions[0].kind, model::EntryKind::Definition);
    QCOMPARE(run.fusions[1].line, 10);
    QVERIFY(run.fusions[1].script.find("fd.ops.neg") != std::string::npos);
    QVERIFY(run.fusions[0].script.find("iter 0") == std::string::npos);
  }

  void loggerPrefixesAreStripped() {
    QCOMPARE(model::stripLogPrefix("2024-06-12T10:14:38.3201786Z def x"), std::string_view("def x"));
    QCOMPARE(model::stripLogPrefix("00:24:41 frame #3"), std::string_view("frame #3"));
    QCOMPARE(model::stripLogPrefix("[rank1]:     T1 = fd.ops.exp(T0)"), std::string_view("    T1 = fd.ops.exp(T0)"));
    QCOMPARE(model::stripLogPrefix("ERROR    nvfuser:__init__.py:330 An error occurred"),
             std::string_view("An error occurred"));
    std::string text;
    for (const char* line :
         {"def nvfuser_fusion_id4(fd : FusionDefinition) -> None :",
          "    T0 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.Float, is_cpu=False)",
          "    T1 = fd.ops.exp(T0)", "    fd.add_output(T1)"})
      text += std::string("2024-06-12T10:14:38.3201786Z ") + line + "\n";
    const model::ModelRun run = model::readModelRunText(text, "ci.log");
    QCOMPARE(run.fusions.size(), std::size_t{1});
    QVERIFY(run.fusions[0].script.rfind("def nvfuser_fusion_id4", 0) == 0);
    QVERIFY(run.fusions[0].script.find("2024-06") == std::string::npos);
  }

  // The association rule: nvFuser prints a fusion's dumps when it first runs, so what follows a
  // definition (up to the next other definition) is that fusion's; a reprint of the same
  // definition is the same fusion, and the dumps after it are its second runtime.
  void dumpsBelongToTheDefinitionTheyFollow() {
    const std::string text =
        def(0) + "\n" + kDump + "\n" + def(1, "    T2 = fd.ops.neg(T1)\n") + "\n" + def(0) + "\n" + kDump;
    const model::ModelRun run = model::readModelRunText(text, "run.log");
    QCOMPARE(run.fusions.size(), std::size_t{2});
    const model::FusionEntry* first = named(run, "nvfuser_fusion_id0");
    const model::FusionEntry* second = named(run, "nvfuser_fusion_id1");
    QVERIFY(first && second);
    QCOMPARE(first->occurrences, 2);
    QCOMPARE(first->runtimes.size(), std::size_t{2});
    QCOMPARE(second->runtimes.size(), std::size_t{0});
    QCOMPARE(first->runtimes[0].candidates.front().accepted, std::string("pointwise"));
  }

  // nvFuser's output with no definition before it is a fusion of its own, nvFuser's view only;
  // the definition after it still gets its own dumps.
  void dumpsBeforeAnyDefinitionAreFusionsOfTheirOwn() {
    const model::ModelRun run =
        model::readModelRunText(std::string(kDump) + "\n" + def(3) + "\n" + kDump, "logs/run.log");
    QCOMPARE(run.fusions.size(), std::size_t{2});
    const model::FusionEntry& dump = run.fusions[0];
    QCOMPARE(dump.kind, model::EntryKind::NvFuserDump);
    QCOMPARE(dump.name, std::string("run_dump"));
    QCOMPARE(dump.line, 1);
    QCOMPARE(dump.runtimes.size(), std::size_t{1});
    QVERIFY(dump.script.empty());
    QCOMPARE(dump.key.size(), std::size_t{16});
    QCOMPARE(run.fusions[1].kind, model::EntryKind::Definition);
    QCOMPARE(run.fusions[1].runtimes.size(), std::size_t{1});
    QVERIFY(run.diagnostics.empty());
  }

  // A dump pasted into an issue, with no script at all: each printed fusion is one entry (two
  // runtimes of one fusion are one), named after the file.
  void scriptlessDumpsAreNvFusersView_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("fusions");
    QTest::addColumn<int>("groups");  // of the first entry's last runtime
    QTest::newRow("2026 details") << "nvlog/generated/cross_entropy_2026.log" << 1 << 2;
    QTest::newRow("2024-08 g{} lines") << "nvlog/synthetic/reduction_epilogue_2024-08.log" << 1 << 2;
    QTest::newRow("two fusions, CRLF") << "nvlog/synthetic/stream_crlf_timestamps.log" << 2 << 1;
  }
  void scriptlessDumpsAreNvFusersView() {
    QFETCH(QString, file);
    QFETCH(int, fusions);
    QFETCH(int, groups);
    Result<model::ModelRun> run =
        model::readModelRun({std::string(SEGSCOPE_TEST_DATA_DIR) + "/data/" + file.toStdString()});
    QVERIFY(run);
    QCOMPARE(static_cast<int>(run->fusions.size()), fusions);
    for (const model::FusionEntry& e : run->fusions) {
      QCOMPARE(e.kind, model::EntryKind::NvFuserDump);
      QVERIFY(!e.runtimes.empty());
      QVERIFY(e.name.find("_dump") != std::string::npos);
    }
    const nvlog::Runtime& last = run->fusions[0].runtimes.back();
    QVERIFY(last.segmented);
    QCOMPARE(static_cast<int>(last.segmented->groups.size()), groups);
    if (fusions > 1) QVERIFY(run->fusions[0].key != run->fusions[1].key);
  }

  // A ThunderFX report folder (thunder/dynamo/report.py): each nvFusion region's repro and
  // benchmark are one fusion named after the region, docstring before or after the script; the
  // FX graph, eager and inductor repros hold no fusion and are listed in one note.
  void thunderFxReportFolderReadsItsRegions() {
    Result<model::ModelRun> run =
        model::readModelRun({std::string(SEGSCOPE_TEST_DATA_DIR) + "/data/model_run/thunderfx_report"});
    QVERIFY(run);
    QCOMPARE(run->fusions.size(), std::size_t{2});
    const model::FusionEntry* gelu = named(*run, "graph0_thunder_0_nvFusion0_forward");
    const model::FusionEntry* sum = named(*run, "graph0_thunder_0_nvFusion1_forward");
    QVERIFY(gelu && sum);
    QCOMPARE(gelu->occurrences, 2);  // its repro and its benchmark
    QVERIFY(gelu->file.find("_repro_nvfuser.py") != std::string::npos);
    QCOMPARE(gelu->kind, model::EntryKind::Script);
    QCOMPARE(sum->occurrences, 1);
    QCOMPARE(run->diagnostics.size(), std::size_t{1});
    const Diagnostic& note = run->diagnostics[0];
    QCOMPARE(note.severity, Severity::Note);
    QVERIFY(note.message.find("3 Python files hold no nvFuser fusion") != std::string::npos);
    QVERIFY(note.message.find("graph0_repro_thunder.py") != std::string::npos);
  }

  void errorReprosBringTheirFooter_data() {
    QTest::addColumn<QString>("fenceOpen");
    QTest::addColumn<QString>("fenceClose");
    QTest::addColumn<QString>("prefix");
    QTest::newRow("fenced 0.2.35") << "```python"
                                   << "```"
                                   << "";
    QTest::newRow("bare fence 2023") << "```"
                                     << "```"
                                     << "";
    QTest::newRow("escaped fences of a pasted comment") << "\\```python"
                                                        << "\\```"
                                                        << "";
    QTest::newRow("pytest capture") << "```python"
                                    << "```"
                                    << "ERROR    nvfuser:__init__.py:192 ";
    QTest::newRow("fences dropped by a paste") << ""
                                               << ""
                                               << "ERROR:nvfuser:";
  }
  void errorReprosBringTheirFooter() {
    QFETCH(QString, fenceOpen);
    QFETCH(QString, fenceClose);
    QFETCH(QString, prefix);
    std::string text = "loss 1.0\n" + prefix.toStdString() +
                       "An error occurred while executing nvFuser FusionDefinition 7.\n"
                       "If you believe this is a bug or need assistance, please file an issue at "
                       "https://github.com/NVIDIA/Fuser/issues/new\n"
                       "Here's a script to reproduce the error:\n";
    if (!fenceOpen.isEmpty()) text += fenceOpen.toStdString() + "\n";
    text += "# nvfuser version: 0.2.35\nimport torch\nfrom nvfuser import FusionDefinition, DataType\n\n" + def(7) +
            "\nwith FusionDefinition() as fd:\n    nvfuser_fusion_id7(fd)\n\ninputs = [\n"
            "    torch.testing.make_tensor((16, 32), dtype=torch.float32, device='cuda:0'),\n]\n"
            "fd.execute(inputs)\n";
    if (!fenceClose.isEmpty()) text += fenceClose.toStdString() + "\n";
    text += "Traceback (most recent call last):\n  File \"train.py\", line 3\nRuntimeError: boom\n";
    const model::ModelRun run = model::readModelRunText(text, "err.log");
    QCOMPARE(run.fusions.size(), std::size_t{1});
    const model::FusionEntry& e = run.fusions[0];
    QCOMPARE(e.kind, model::EntryKind::ErrorRepro);
    QCOMPARE(e.name, std::string("nvfuser_fusion_id7"));
    QVERIFY(e.script.find("inputs = [") != std::string::npos);
    QVERIFY(e.script.find("fd.execute(inputs)") != std::string::npos);
    QVERIFY(e.script.find("Traceback") == std::string::npos);
    QVERIFY(e.script.find("```") == std::string::npos);
    QVERIFY(run.diagnostics.empty());
  }

  // The dump printed the definition first; the repro of the same statements later gives it sizes.
  void aReproOfADumpedDefinitionIsTheSameFusion() {
    const std::string text = def(2) + "\nAn error occurred while executing nvFuser FusionDefinition 2.\n```python\n" +
                             def(2) +
                             "\nwith FusionDefinition() as fd:\n    nvfuser_fusion_id2(fd)\n\ninputs = [\n"
                             "    torch.randn(4, 4, device='cuda:0'),\n]\nfd.execute(inputs)\n```\n";
    const model::ModelRun run = model::readModelRunText(text, "run.log");
    QCOMPARE(run.fusions.size(), std::size_t{1});
    QCOMPARE(run.fusions[0].occurrences, 2);
    QCOMPARE(run.fusions[0].kind, model::EntryKind::ErrorRepro);
    QCOMPARE(run.fusions[0].line, 1);
    QVERIFY(run.fusions[0].script.find("inputs = [") != std::string::npos);
  }

  void reproWithoutADefinitionIsReported() {
    const model::ModelRun run = model::readModelRunText(
        "An error occurred while executing nvFuser FusionDefinition 9.\n```python\nimport torch\n```\n", "e.log");
    QVERIFY(run.fusions.empty());
    QVERIFY(!run.diagnostics.empty());
    QCOMPARE(run.diagnostics[0].loc.line, 1);
    QVERIFY(run.diagnostics[0].message.find("no fusion definition") != std::string::npos);
  }

  // python_definition_segments: nvFuser's segments belong to the fusion being run, never rows.
  void segmentDefinitionsBelongToTheirFusion() {
    const std::string text = def(0) + "\n" + kDump + "Python definition for segmented group 0:\n\n" + def(1) +
                             "\nPython definition for segmented group 1:\n\n" + def(2, "    T2 = fd.ops.neg(T1)\n") +
                             "\n" + def(3, "    T5 = fd.ops.abs(T1)\n");
    const model::ModelRun run = model::readModelRunText(text, "run.log");
    QCOMPARE(run.fusions.size(), std::size_t{2});
    const model::FusionEntry* parent = named(run, "nvfuser_fusion_id0");
    QVERIFY(parent);
    QCOMPARE(parent->segments.size(), std::size_t{2});
    QCOMPARE(parent->segments[0].group, 0);
    QCOMPARE(parent->segments[1].group, 1);
    QVERIFY(parent->segments[1].text.find("fd.ops.neg") != std::string::npos);
    QVERIFY(named(run, "nvfuser_fusion_id3"));
  }

  void aDefinitionCutShortStillGetsARow() {
    const model::ModelRun run = model::readModelRunText(
        "def nvfuser_fusion_id0(fd : FusionDefinition) -> None :\n<EOF from a killed job>\n", "cut.log");
    QCOMPARE(run.fusions.size(), std::size_t{1});
    QCOMPARE(run.diagnostics.size(), std::size_t{1});
    QCOMPARE(run.diagnostics[0].loc.line, 1);
  }

  void binaryDataIsSkippedWithADiagnostic() {
    std::string text = "ELF";
    text += std::string(3, '\0');
    text += def(0);
    const model::ModelRun run = model::readModelRunText(text, "core.bin");
    QVERIFY(run.fusions.empty());
    QCOMPARE(run.diagnostics.size(), std::size_t{1});
    QVERIFY(run.diagnostics[0].message.find("binary") != std::string::npos);
  }

  void otherDefsAreNotFusions() {
    const model::ModelRun run = model::readModelRunText(
        "def computation(t0, t1):\n  # t0: \"cuda:0 bf16[2, 3]\"\n  return t0\n\ndef helper(fd):\n    pass\n", "x.log");
    QVERIFY(run.fusions.empty());
  }

  // A folder: repro scripts are fusions named after their file; logs are read as runs.
  void foldersAreReadRecursively() {
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    std::filesystem::create_directories(root + "/rank0");
    std::ofstream(root + "/rank0/run.log") << def(0) << "\n" << kDump;
    std::ofstream(root + "/repro_b.py") << "from nvfuser import FusionDefinition, DataType\n\n"
                                        << def(5) << "\nwith FusionDefinition() as fd:\n    nvfuser_fusion_id5(fd)\n";
    std::ofstream(root + "/notes.md") << "not read\n";
    Result<model::ModelRun> run = model::readModelRun({root});
    QVERIFY(run);
    QCOMPARE(run->files.size(), std::size_t{2});
    QCOMPARE(run->fusions.size(), std::size_t{2});
    const model::FusionEntry* script = named(*run, "repro_b");
    const model::FusionEntry* logged = named(*run, "nvfuser_fusion_id0");
    QVERIFY(script && logged);
    QCOMPARE(script->kind, model::EntryKind::Script);
    QCOMPARE(logged->runtimes.size(), std::size_t{1});
    QVERIFY(!model::readModelRun({root + "/missing.log"}));
  }

  // Found by fuzz_model_run: a mangled log with `def  nvfuser_…` (two spaces) among copies of one
  // definition. The reader takes the def (any spacing), and every row points into the file.
  void aMangledLogFromTheFuzzerReadsCleanly() {
    Result<model::ModelRun> run =
        model::readModelRun({std::string(SEGSCOPE_TEST_DATA_DIR) + "/data/model_run/fuzz_double_space_def.log"});
    QVERIFY(run);
    QVERIFY(!run->fusions.empty());
    for (const model::FusionEntry& e : run->fusions) {
      QVERIFY(e.line >= 1 && static_cast<std::size_t>(e.line) <= run->lines);
      QVERIFY(e.script.find("nvfuser_") != std::string::npos);
      QCOMPARE(e.key.size(), std::size_t{16});
    }
  }

  // The fuzzer's finds in Thunder traces: a last line without its newline, with a region's
  // problem on it (lines are counted as an editor numbers them, so every row points into the
  // file), and an annotated extent of 60 digits (no extent: under UBSan, no overflow).
  void mangledTracesFromTheFuzzerReadCleanly_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("lines");
    QTest::newRow("no newline at the end") << "fuzz_thunder_last_line.txt" << 191;
    QTest::newRow("a 60-digit extent") << "fuzz_thunder_huge_dim.txt" << 117;
  }
  void mangledTracesFromTheFuzzerReadCleanly() {
    QFETCH(QString, file);
    QFETCH(int, lines);
    Result<model::ModelRun> run =
        model::readModelRun({std::string(SEGSCOPE_TEST_DATA_DIR) + "/data/model_run/" + file.toStdString()});
    QVERIFY(run);
    QCOMPARE(run->lines, static_cast<std::size_t>(lines));
    QVERIFY(!run->fusions.empty());
    for (const model::FusionEntry& e : run->fusions) {
      QVERIFY(e.line >= 1 && static_cast<std::size_t>(e.line) <= run->lines);
      if (e.problem) QVERIFY(e.problem->loc.line >= 1 && static_cast<std::size_t>(e.problem->loc.line) <= run->lines);
    }
  }

  // A Thunder trace printout: each nvFusionN region is a fusion translated as Thunder's executor
  // builds it (sizes from the annotations, in a footer); a prim without a translation is that
  // region's problem, at its line, and the other regions still load.
  void thunderRegionsAreTranslated() {
    Result<model::ModelRun> run =
        model::readModelRun({std::string(SEGSCOPE_TEST_DATA_DIR) + "/data/model_run/thunder_llama_block.txt"});
    QVERIFY(run);
    QCOMPARE(run->fusions.size(), std::size_t{4});
    for (int k = 0; k < 3; ++k) {
      const model::FusionEntry& e = run->fusions[static_cast<std::size_t>(k)];
      QCOMPARE(e.name, "nvFusion" + std::to_string(k));
      QCOMPARE(e.kind, model::EntryKind::ThunderRegion);
      QVERIFY(!e.problem);
      QVERIFY(e.script.find("inputs = [") != std::string::npos);
    }
    const model::FusionEntry& rms = run->fusions[1];
    QCOMPARE(rms.line, 38);
    QVERIFY(rms.script.find("fd.ops.sum(") != std::string::npos);
    QVERIFY(rms.script.find("fd.ops.reciprocal(") != std::string::npos);  // prims.div by a float
    QVERIFY(rms.script.find("make_tensor((1, 512, 4096), dtype=torch.bfloat16") != std::string::npos);
    QVERIFY(run->fusions[2].script.find("fd.ops.var_mean(") != std::string::npos);
    QVERIFY(run->fusions[2].script.find("fd.ops.where(") != std::string::npos);
    const model::FusionEntry& bad = run->fusions[3];
    QVERIFY(bad.problem);
    QCOMPARE(bad.problem->loc.line, 67);
    QVERIFY(bad.problem->message.find("prims.frobnicate") != std::string::npos);
  }

  void profilerRowsGoToTheFusionTheyName() {
    // NVFUSER_PROF=print (csrc/fusion_profiler.cpp), as tests/data/nvlog/synthetic prints it.
    const std::string prof =
        "Fus#  NSegs CuEvtTm(ms) HstTm(ms) CmpTm(ms) KerTm(ms) EffBw(GB/s) %PkBw   S-Seg# S-KerTm(ms) "
        "S-EffBw(GB/s) S-%PkBw S-In(MB) S-Out(MB) S-Smem[Dyn,Stat] S-Regs S-Grid           S-Block          "
        "S-KerName\n"
        "0     1     0.557       0.587     0.000     0.507     1432.1      42.51   0      0.361       1511.2        "
        "44.86   16.777   0.000     [0, 16]          32     [132, 1, 1]      [512, 1, 1]      "
        "nvfuser_pointwise_f1_c1_r0_g0\n";
    const std::string text = def(0) + "\n" + def(1, "    T2 = fd.ops.neg(T1)\n") + "\n" + prof;
    const model::ModelRun run = model::readModelRunText(text, "prof.log");
    QCOMPARE(run.fusions.size(), std::size_t{2});
    QCOMPARE(run.fusions[0].kernels.size(), std::size_t{0});
    QCOMPARE(run.fusions[1].kernels.size(), std::size_t{1});
  }
};

QTEST_GUILESS_MAIN(TestRunReader)
#include "test_run_reader.moc"
