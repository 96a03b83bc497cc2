// Reading nvFuser's logs against a session: the reason classes, the tensor join, and the first
// divergence, on logs written in every format era for samples and fidelity cases.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "comparison/log_alignment.h"
#include "comparison/log_comparison.h"
#include "engine/comparison/nvlog_writer.h"
#include "nvlog/nvlog.h"
#include "pipeline/pipeline.h"
#include "pipeline/reason_classes.h"
#include "support/file_io.h"
#include "test_files.h"

using namespace segscope;

namespace {

pipeline::Session sessionOf(const QString& file, const std::string& profile = "h100") {
  pipeline::PipelineOptions options;
  options.profile = profile;
  auto outcome = pipeline::runPipelineOnFile(file.toStdString(), options);
  if (auto* error = std::get_if<pipeline::PipelineError>(&outcome))
    qFatal("%s: %s", qPrintable(file), error->diagnostic.message.c_str());
  return std::get<pipeline::Session>(std::move(outcome));
}

QString sourcePath(const QString& relative) { return QString(SEGSCOPE_SOURCE_DIR) + "/" + relative; }

// The fusions the generated logs are for: samples, and nvFuser's own tests (tests/fidelity),
// whose expectations say independently what nvFuser's segmentation is.
const QStringList kFusions = {
    "samples/softmax.py",
    "samples/gelu.py",
    "samples/rms_norm.py",
    "samples/cast_chain.py",
    "samples/swiglu.py",
    "samples/reduction_epilogue.py",
    "samples/transpose_heavy.py",
    "samples/cross_entropy.py",
    "samples/split_cat.py",
    "tests/fidelity/cases/test_segmentation/SegmentationTest_SegmentHintOnNonTerminatingOutput.py",
    "tests/fidelity/cases/test_segmentation/SegmentationTest_EnforceSegmentationByCachingBeforeAndAfter.py",
    "tests/fidelity/cases/test_segmentation/SegmentationTest_RevertPrivatizedUpcast.py",
};

QJsonObject fidelityExpectation(const QString& fusion) {
  QFile f(QString(SEGSCOPE_TEST_DATA_DIR) + "/fidelity/expectations.json");
  if (!f.open(QIODevice::ReadOnly)) return {};
  const QString relative = QString(fusion).remove("tests/fidelity/");
  for (const QJsonValue v : QJsonDocument::fromJson(f.readAll()).object()["cases"].toArray())
    if (v.toObject()["case"].toString() == relative) return v.toObject();
  return {};
}

}  // namespace

class TestLogDivergence : public QObject {
  Q_OBJECT

 private slots:
  // Every canScheduleRejectReason text of nvFuser (csrc at 81c4b22f, one line per site, plus the
  // reasons its helpers return and wordings of earlier versions) falls into a class.
  void everyNvFuserRejectSiteHasAClass() {
    QFile f(QString(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/reject_sites.tsv");
    QVERIFY(f.open(QIODevice::ReadOnly));
    int sites = 0;
    QStringList unknown;
    for (const QByteArray& line : f.readAll().split('\n')) {
      if (line.isEmpty() || line.startsWith('#')) continue;
      const QList<QByteArray> parts = line.split('\t');
      QCOMPARE(parts.size(), 2);
      ++sites;
      if (pipeline::classifyReason(parts[1].toStdString()).id == "unknown") unknown << QString(line);
    }
    QVERIFY2(sites >= 114, qPrintable(QString::number(sites)));
    QVERIFY2(unknown.isEmpty(), qPrintable(unknown.join('\n')));
  }

  // And every reason Segscope's schedulers give on the samples, in its own words.
  void everyReasonOfOursHasAClass() {
    QStringList unknown;
    for (const QString& file : testing::sampleFiles()) {
      const pipeline::Session s = sessionOf(file);
      for (const trace::Step& step : s.trace->steps())
        if (step.merge)
          for (const trace::SchedulerCheck& c : step.merge->verdicts)
            if (!c.ok && pipeline::classifyReason(c.reason).id == "unknown")
              unknown << QFileInfo(file).fileName() + ": " + QString::fromStdString(c.scheduler + ": " + c.reason);
    }
    unknown.removeDuplicates();
    QVERIFY2(unknown.isEmpty(), qPrintable(unknown.join('\n')));
  }

  void sameClassAcrossWordings() {
    using pipeline::classifyReason;
    QCOMPARE(pipeline::classifyReason("need persistent buffers that reduction scheduler doesn't handle").id,
             pipeline::classifyReason("T1 is read by T2 = max(T1) and again at T11 = sub(T1, T10) after its result is "
                                      "broadcast: a persistent buffer, so a persistent scheduler's case")
                 .id);
    QCOMPARE(
        pipeline::classifyReason("Un-mapped multi-reduction: T1_l_float[iS2{i0}, rS3{i2}] and T4_g_float[rS8{i0}]").id,
        std::string_view("unmapped_reduction"));
    QCOMPARE(pipeline::classifyReason("Disabled").id, std::string_view("disabled"));
    QCOMPARE(pipeline::classifyReason("some text nobody wrote").id, std::string_view("unknown"));
  }

  void passNamesMapToOurs() {
    QCOMPARE(comparison::ourPassName("ConsecutiveCastPass"), std::string("consecutive_cast"));
    QCOMPARE(comparison::ourPassName("RemoveBcastSqueeze"), std::string("remove_bcast_squeeze"));
    QCOMPARE(comparison::ourPassName("TranslateNoReductionMatmulToMulSqueeze"),
             std::string("translate_no_reduction_matmul_to_mul_squeeze"));
    QCOMPARE(comparison::ourPassName("ExactMappedExtentSubstitutionPass"),
             std::string("exact_mapped_extent_substitution"));
    QCOMPARE(comparison::ourPassName("FMinFMaxPromotionPass"), std::string("f_min_f_max_promotion"));
  }

  void generatedLogsReadBack_data() {
    QTest::addColumn<QString>("fusion");
    QTest::addColumn<int>("era");
    for (const QString& f : kFusions)
      for (int era = 0; era < 3; ++era)
        QTest::newRow(qPrintable(QFileInfo(f).baseName() + "@" + testing::eraName(testing::LogEra(era)))) << f << era;
  }

  // A log in each era, for each fusion: compare-log states nvFuser's segments exactly as the log
  // does, every one of nvFuser's groups is joined to the segment with the same ops, and no
  // divergence is reported. For the fidelity cases the log's counts are also nvFuser's own
  // test's (expectations.json).
  void generatedLogsReadBack() {
    QFETCH(QString, fusion);
    QFETCH(int, era);
    const pipeline::Session s = sessionOf(sourcePath(fusion));
    const std::string text = testing::writeNvLog(s, testing::LogEra(era));
    if (qEnvironmentVariableIsSet("SEGSCOPE_WRITE_NVLOGS")) {
      QFile out(qEnvironmentVariable("SEGSCOPE_WRITE_NVLOGS") + "/" + QFileInfo(fusion).baseName() + "_" +
                testing::eraName(testing::LogEra(era)) + ".log");
      QVERIFY(out.open(QIODevice::WriteOnly));
      out.write(text.data(), static_cast<qint64>(text.size()));
    }
    auto log = nvlog::readNvLog(text, "generated.log");
    if (!log) QFAIL(log.error().message.c_str());
    if (!log->unknown.empty())
      QFAIL(qPrintable("unknown line " + QString::number(log->unknown.front().line) + ": " +
                       QString::fromStdString(log->unknown.front().text) + "\n" + QString::fromStdString(text)));
    auto c = comparison::compareWithLog(s, *log);
    if (!c) QFAIL(c.error().message.c_str());
    const std::string report = comparison::comparisonText(*c);
    QVERIFY2(c->agree(), report.c_str());
    QVERIFY2(c->divergence.headline.empty(), report.c_str());
    if (c->source.find("whole") == std::string::npos) QVERIFY2(c->divergence.joined > 0, report.c_str());
    for (const comparison::GroupMatch& g : c->divergence.groups) QVERIFY2(g.same, report.c_str());
    int matched = 0;
    for (const comparison::CandidateMatch& m : c->divergence.candidates) matched += m.step >= 0 ? 1 : 0;
    QVERIFY2(matched == static_cast<int>(c->divergence.candidates.size()), report.c_str());
    const QJsonObject expected = fidelityExpectation(fusion);
    if (!expected.isEmpty()) {
      int total = 0;
      for (const auto& [scheduler, n] : c->theirPerScheduler) total += n;
      QCOMPARE(total, expected["segments"].toInt());
      QStringList theirs, want;
      for (const auto& [scheduler, n] : c->theirPerScheduler)
        for (int i = 0; i < n; ++i) theirs << QString::fromStdString(scheduler);
      for (const QJsonValue v : expected["schedulers"].toArray()) want << v.toString();
      theirs.sort();
      want.sort();
      if (!want.isEmpty()) QCOMPARE(theirs, want);
    }
  }

  // A group that lines up with a segment of ours in every value both sides have, but holds an op
  // with no counterpart here, is not claimed the same: it is undecided, and not a difference.
  void aGroupWithAnUnjoinedOpIsNotClaimedTheSame() {
    const std::string file = sourcePath("samples/gelu.py").toStdString();
    auto source = support::readTextFile(file);
    QVERIFY(source);
    std::string extra = source.value();
    const std::string last = "    fd.add_output(T22)\n";
    extra.replace(extra.find(last), last.size(), last + "    T23 = fd.ops.neg(T8)\n    fd.add_output(T23)\n");
    auto theirs = pipeline::runPipeline(file, extra, {});
    QVERIFY(std::holds_alternative<pipeline::Session>(theirs));
    const std::string text = testing::writeNvLog(std::get<pipeline::Session>(theirs), testing::LogEra::Era2026);
    auto log = nvlog::readNvLog(text, "extra_op.log");
    QVERIFY(log);
    auto c = comparison::compareWithLog(sessionOf(sourcePath("samples/gelu.py")), *log);
    QVERIFY(c);
    const std::string report = comparison::comparisonText(*c);
    QCOMPARE(c->divergence.groups.size(), std::size_t(1));
    const comparison::GroupMatch& g = c->divergence.groups.front();
    QVERIFY2(!g.same && g.undecided && g.unjoinedOps >= 1, report.c_str());
    QCOMPARE(c->divergence.differingGroups, 0);
    QVERIFY2(report.find("not claimed the same") != std::string::npos, report.c_str());
  }

  // nvFuser skipped the un-segmented try (segment_set hints in its fusion); Segscope's script
  // has none and tried it whole: the first verdict only one side gave.
  void skippedUnsegmentedTryIsADivergence() {
    const pipeline::Session s =
        sessionOf(QString(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/synthetic/reduction_epilogue.py");
    auto log = nvlog::readNvLogFile(std::string(SEGSCOPE_TEST_DATA_DIR) +
                                    "/data/nvlog/synthetic/reduction_epilogue_2024-08.log");
    QVERIFY(log);
    auto c = comparison::compareWithLog(s, *log);
    QVERIFY(c);
    QVERIFY2(c->divergence.headline.find("nvFuser skipped it (segment hints), Segscope accepted it as reduction") !=
                 std::string::npos,
             c->divergence.headline.c_str());
    QCOMPARE(c->divergence.headlineLine, 1);
  }

  // Only the group list (2023 form, no details, no merge log): the counts differ, and the first
  // group with no counterpart is named, never "none found".
  void groupListAloneNamesTheFirstDifference() {
    const pipeline::Session s =
        sessionOf(QString(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/synthetic/reduction_epilogue.py");
    auto log = nvlog::readNvLog(
        "Segmented_Fusion Dump: -- fusion segments:\nSegmented_Fusion{\ngroups:\nreduction{0, 1}\n\n"
        "pointwise{2}\n\nedges:\n\n} //Segmented_Fusion\n",
        "groups_only.log");
    QVERIFY(log);
    auto c = comparison::compareWithLog(s, *log);
    QVERIFY(c);
    QVERIFY(!c->agree());
    QVERIFY2(c->divergence.headline.find("nvFuser's group 1 (line 6, pointwise, 1 exprs) has no counterpart") !=
                 std::string::npos,
             c->divergence.headline.c_str());
    QCOMPARE(c->divergence.headlineLine, 6);
  }

  // A pass that changed the fusion on one side only: the log is cast_chain's, with nvFuser's
  // ConsecutiveCastPass printing the fusion it was given (it changed nothing), while Segscope's
  // consecutive_cast folds the cast chain.
  void aPassThatChangedOnOneSideOnlyIsTheFirstDivergence() {
    QFile f(QString(SEGSCOPE_TEST_DATA_DIR) + "/data/nvlog/generated/cast_chain_2026.log");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString separator = "========================================\n";
    QStringList blocks = QString::fromUtf8(f.readAll()).split(separator);
    int at = -1;
    for (int i = 1; i < blocks.size(); ++i)
      if (blocks[i].startsWith("Fusion after pass: ConsecutiveCastPass\n")) at = i;
    QVERIFY(at > 1);
    const QString before = blocks[at - 1].mid(blocks[at - 1].indexOf('\n') + 1);
    blocks[at] = "Fusion after pass: ConsecutiveCastPass\n" + before;
    const std::string text = blocks.join(separator).toStdString();
    auto log = nvlog::readNvLog(text, "cast_chain_edited.log");
    QVERIFY(log);
    const pipeline::Session s = sessionOf(sourcePath("samples/cast_chain.py"));
    auto c = comparison::compareWithLog(s, *log);
    QVERIFY(c);
    const comparison::Divergence& d = c->divergence;
    QVERIFY(d.firstPass >= 0);
    const comparison::PassMatch& p = d.passes[static_cast<std::size_t>(d.firstPass)];
    QCOMPARE(p.theirs, std::string("ConsecutiveCastPass"));
    QCOMPARE(p.ours, std::string("consecutive_cast"));
    QVERIFY(!p.theirsChanged && p.oursChanged);
    QVERIFY2(d.headline.find("nvFuser's changed nothing, Segscope's consecutive_cast changed the fusion") !=
                 std::string::npos,
             d.headline.c_str());
    // Every pass before it agrees.
    for (int i = 0; i < d.firstPass; ++i) QVERIFY(d.passes[static_cast<std::size_t>(i)].agree());
  }

  // A log from another GPU: nvFuser on an A100 (less shared memory) against Segscope's H100
  // model. The first merge verdict that differs is found, with both sides' answers.
  void logOfAnotherGpuDivergesAtAMergeVerdict_data() {
    QTest::addColumn<QString>("fusion");
    QTest::addColumn<int>("era");
    for (const QString f : {"samples/reduction_epilogue.py",
                            "tests/fidelity/cases/test_persistent_buffer/"
                            "LayerNormSharedMemoryTest_FusionLayerNormSharedMemoryBuffer_CUDA_Float_81920.py"})
      for (int era = 0; era < 3; ++era)
        QTest::newRow(qPrintable(QFileInfo(f).baseName() + "@" + testing::eraName(testing::LogEra(era)))) << f << era;
  }
  void logOfAnotherGpuDivergesAtAMergeVerdict() {
    QFETCH(QString, fusion);
    QFETCH(int, era);
    const pipeline::Session a100 = sessionOf(sourcePath(fusion), "a100");
    const pipeline::Session h100 = sessionOf(sourcePath(fusion), "h100");
    const std::string text = testing::writeNvLog(a100, testing::LogEra(era));
    if (qEnvironmentVariableIsSet("SEGSCOPE_WRITE_NVLOGS")) {
      QFile out(qEnvironmentVariable("SEGSCOPE_WRITE_NVLOGS") + "/" + QFileInfo(fusion).baseName() + "_a100_" +
                testing::eraName(testing::LogEra(era)) + ".log");
      QVERIFY(out.open(QIODevice::WriteOnly));
      out.write(text.data(), static_cast<qint64>(text.size()));
    }
    auto log = nvlog::readNvLog(text, "a100.log");
    if (!log) QFAIL(log.error().message.c_str());
    auto c = comparison::compareWithLog(h100, *log);
    if (!c) QFAIL(c.error().message.c_str());
    const std::string report = comparison::comparisonText(*c);
    QVERIFY2(!c->agree(), report.c_str());
    QVERIFY2(c->divergence.firstCandidate >= 0, report.c_str());
    const comparison::CandidateMatch& m =
        c->divergence.candidates[static_cast<std::size_t>(c->divergence.firstCandidate)];
    QVERIFY2(m.theirVerdict != m.ourVerdict, report.c_str());
    QVERIFY2(!m.firstDifferentScheduler.empty(), report.c_str());
    QVERIFY2(c->divergence.headline.find("they first differ at " + m.firstDifferentScheduler) != std::string::npos,
             report.c_str());
    QVERIFY2(report.find("first divergence: ") != std::string::npos, report.c_str());
  }
};

QTEST_GUILESS_MAIN(TestLogDivergence)
#include "test_log_divergence.moc"
