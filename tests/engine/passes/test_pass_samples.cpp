// The whole pre-segmenter on every sample, every golden case and all_ops.py: each pass
// keeps verify() true, the results stay the same on the CPU reference, the samples written
// for a pass make it fire in pipeline order, and the group-B passes (extents,
// broadcast/squeeze, segment_set placement, stride orders) are idempotent: run twice in a
// row, the second run changes nothing, as PassRunner::runToFixedPoint needs, and that runner
// settles well before its cap on every file.
#include <QtTest>

#include "row_scaling.h"
#include "test_files.h"

#include <set>

#include "pass_test_support.h"
#include "passes/pre_segmenter.h"
#include "support/file_io.h"

using namespace segscope;

namespace {

// Samples, every golden case (of any pass) and the script that uses every op family.
QStringList pipelineFiles() {
  QStringList files = testing::sampleFiles();
  QDir golden(QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/passes/golden");
  for (const QString& pass : golden.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
    QDir dir(golden.filePath(pass));
    for (const QString& f : dir.entryList({"*.py"}, QDir::Files)) files << dir.filePath(f);
  }
  files << QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/frontend/data/all_ops.py";  // every op family
  return files;
}

std::vector<std::string> allPassNames() {
  std::vector<std::string> names;
  for (const passes::Pass* p : passes::preSegmenterPasses()) names.emplace_back(p->name());
  return names;
}

// The sample written to make each pass fire in a realistic fusion (move_pad: when enabled).
const std::vector<std::pair<const char*, const char*>>& firingSamples() {
  static const std::vector<std::pair<const char*, const char*>> table = {
      {"gelu_inference_dead_values.py", "dead_code_elimination"},
      {"empty_tensor.py", "remove_empty"},
      {"lora_rank1.py", "translate_no_reduction_matmul_to_mul_squeeze"},
      {"repeat_kv.py", "translate_repeat_to_expand"},
      {"cast_chain.py", "consecutive_cast"},
      {"split_cat.py", "move_split_cat"},
      {"pad_activation.py", "move_pad"},
      {"dynamic_residual.py", "add_axioms"},
      {"dynamic_residual.py", "exact_mapped_extent_substitution"},
      {"squeeze_broadcast.py", "remove_bcast_squeeze"},
      {"inplace_broadcast_update.py", "segment_inplace_update"},
      {"rope_cos_table.py", "move_repeat_forward"},
      {"label_logit_margin.py", "move_gather"},
      {"meta_tail.py", "mark_aliases_prepare"},
      {"channels_last.py", "allocation_domain"},
  };
  return table;
}

// Runs every pass once, in order (move_pad too, although it is off by default, so that it
// is exercised on every sample); returns the names of those that changed the fusion.
std::set<std::string> runPipeline(ir::Fusion& fusion, QString& failure) {
  std::set<std::string> fired;
  for (const passes::Pass* p : passes::preSegmenterPasses()) {
    passes::PassLog log;
    if (p->run(fusion, log)) fired.insert(std::string(p->name()));
    if (const Status s = fusion.verify(); !s) {
      failure = QString::fromStdString("verify failed after " + std::string(p->name()) + ": " + s.error().message);
      return fired;
    }
  }
  return fired;
}

}  // namespace

class TestPassSamples : public QObject {
  Q_OBJECT

 private slots:
  void pipeline_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : pipelineFiles())
      QTest::newRow(qPrintable(QFileInfo(f).dir().dirName() + "/" + QFileInfo(f).fileName())) << f;
  }

  void pipeline() {
    QFETCH(QString, file);
    // Rows scaled down (tests/row_scaling.h): what a pass does depends on the ops and the inner
    // dims, and the two reference runs below then take a fraction of the time.
    frontend::ParseOutcome loaded = testing::loadScriptRowScaled(file.toStdString());
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error.format().c_str());
    ir::Fusion& fusion = *loaded.script->fusion;
    const ir::CloneResult original = fusion.clone();
    QString failure;
    const std::set<std::string> fired = runPipeline(fusion, failure);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    for (const auto& [sample, pass] : firingSamples())
      if (QFileInfo(file).fileName() == sample)
        QVERIFY2(fired.count(pass), qPrintable(QString(pass) + " did not fire on " + sample));
    // Each pass, run again on the result and then once more: the second run must
    // find nothing left to do. (The first may: a later pass can expose work for an earlier
    // one, e.g. SegmentInplaceUpdate moving an aliased output off a squeeze(broadcast(x)).)
    for (const std::string& name : allPassNames()) {
      const passes::Pass* p = passes::findPass(name);
      QVERIFY2(p, name.c_str());
      passes::PassLog first, second;
      (void)p->run(fusion, first);
      QVERIFY2(fusion.verify().ok(), name.c_str());
      const std::string once = fusion.print();
      QVERIFY2(!p->run(fusion, second),
               qPrintable(QString::fromStdString(name + " changed the fusion twice in a row")));
      QCOMPARE(QString::fromStdString(fusion.print()), QString::fromStdString(once));
    }
    const std::string numeric = testing::sameResults(*original.fusion, fusion, loaded.script->inputs);
    QVERIFY2(numeric.empty(), numeric.c_str());

    // Run to a fixed point from the original: the passes must settle well before the cap.
    ir::CloneResult again = original.fusion->clone();
    passes::PassRunner runner(*again.fusion, nullptr);
    (void)runner.runToFixedPoint(passes::preSegmenterPasses(), 16);
    QVERIFY2(!runner.hitCap(), "the pre-segmenter passes did not reach a fixed point in 16 sweeps");
    QVERIFY(again.fusion->verify().ok());
    const std::string fixedPoint = testing::sameResults(*original.fusion, *again.fusion, loaded.script->inputs);
    QVERIFY2(fixedPoint.empty(), fixedPoint.c_str());
  }

  void everyPassFiresOnASample() {
    std::set<std::string> covered;
    for (const auto& [sample, pass] : firingSamples()) covered.insert(pass);
    for (const std::string& name : allPassNames())
      QVERIFY2(covered.count(name), ("no sample makes " + name + " fire").c_str());
  }

  void passesAreIdempotentOnTheirGoldenCases() {
    for (const std::string& name : allPassNames()) {
      QDir dir(QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/passes/golden/" + QString::fromStdString(name));
      const passes::Pass* p = passes::findPass(name);
      QVERIFY2(p, name.c_str());
      for (const QString& f : dir.entryList({"*.py"}, QDir::Files)) {
        frontend::ParseOutcome loaded = frontend::loadScriptFile(dir.filePath(f).toStdString());
        QVERIFY2(loaded.ok(), qPrintable(f));
        ir::Fusion& fusion = *loaded.script->fusion;
        passes::PassLog first, second;
        (void)p->run(fusion, first);
        const std::string once = fusion.print();
        QVERIFY2(!p->run(fusion, second), qPrintable(QString::fromStdString(name) + " fired twice on " + f));
        QCOMPARE(QString::fromStdString(fusion.print()), QString::fromStdString(once));
      }
    }
  }
};

QTEST_APPLESS_MAIN(TestPassSamples)
#include "test_pass_samples.moc"
