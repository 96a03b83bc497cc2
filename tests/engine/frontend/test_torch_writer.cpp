// The PyTorch module writer: golden modules for a few samples (the part before the fixed
// loader/checker text; SEGSCOPE_UPDATE_GOLDEN=1 rewrites them), every sample and every op
// family translates, random ops taint what they feed.
#include <QtTest>

#include "frontend/script.h"
#include "frontend/torch_writer.h"
#include "support/file_io.h"
#include "test_files.h"

using namespace segscope;

namespace {

QString goldenRoot() { return QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/frontend/golden_torch"; }

Result<frontend::TorchModule> exportFile(const QString& path) {
  auto text = support::readTextFile(path.toStdString());
  if (!text) return text.error();
  frontend::ParseOutcome parsed = frontend::parseScript(text.value());
  if (!parsed.ok()) return makeError(parsed.error.message, parsed.error.loc);
  frontend::TorchWriteOptions options;
  options.sourceName = QFileInfo(path).fileName().toStdString();
  options.sourceText = text.value();
  return frontend::writeTorchModule(*parsed.script->fusion, options);
}

// Everything before the shared loader/checker text, which every module repeats verbatim.
QString ownPart(const std::string& module) {
  const QString text = QString::fromStdString(module);
  const int footer = text.indexOf("\n\n# ---------");
  return footer < 0 ? text : text.left(footer) + "\n";
}

}  // namespace

class TestTorchWriter : public QObject {
  Q_OBJECT

 private slots:
  void golden_data() {
    QTest::addColumn<QString>("sample");
    for (const char* name : {"layer_norm_fwd", "dropout", "rope", "cross_entropy"}) QTest::newRow(name) << name;
  }
  void golden() {
    QFETCH(QString, sample);
    auto module = exportFile(QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + sample + ".py");
    QVERIFY2(module.ok(), module.ok() ? "" : module.error().message.c_str());
    const QString actual = ownPart(module->text);
    const QString goldenPath = goldenRoot() + "/" + sample + "_torch.py";
    QFile f(goldenPath);
    if (qEnvironmentVariableIsSet("SEGSCOPE_UPDATE_GOLDEN")) {
      QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
      f.write(actual.toUtf8());
      return;
    }
    QVERIFY2(f.open(QIODevice::ReadOnly),
             qPrintable("missing golden file " + goldenPath + " (run with SEGSCOPE_UPDATE_GOLDEN=1)"));
    QCOMPARE(actual, QString::fromUtf8(f.readAll()));
  }

  void everyScriptTranslates() {
    for (const QString& file : testing::torchExportFiles()) {
      auto module = exportFile(file);
      QVERIFY2(module.ok(),
               qPrintable(file + ": " + QString::fromStdString(module.ok() ? "" : module.error().message)));
      QVERIFY(module->text.find("\ndef fusion(") != std::string::npos);
    }
  }

  void randomOpsTaintTheirUses() {
    auto module = exportFile(QString(SEGSCOPE_SOURCE_DIR) + "/samples/dropout.py");
    QVERIFY(module.ok());
    QCOMPARE(module->notComparable, (std::vector<std::string>{"T14", "T10"}));
    auto plain = exportFile(QString(SEGSCOPE_SOURCE_DIR) + "/samples/gelu.py");
    QVERIFY(plain.ok());
    QVERIFY(plain->notComparable.empty());
  }

  // An op the module cannot express (here: it reads a scalar nothing defines) is an error
  // that names the op and carries its source location, not a broken module.
  void untranslatableOpIsAnError() {
    ir::Fusion f;
    ir::TensorView* x = f.newTensor(ir::DataType::Float, {ir::Dim{ir::SymInt::constant(4)}});
    f.addInput(x);
    ir::Scalar* orphan = f.newScalar(ir::DataType::Double);
    ir::TensorView* out = f.newTensor(ir::DataType::Float, {ir::Dim{ir::SymInt::constant(4)}});
    f.newExpr(ir::OpType::Add, {x, orphan}, {out})->setLoc(SourceLoc{7, 5});
    f.addOutput(out);
    auto module = frontend::writeTorchModule(f);
    QVERIFY(!module.ok());
    QVERIFY2(module.error().message.find("add reads " + orphan->name()) != std::string::npos,
             module.error().message.c_str());
    QCOMPARE(module.error().loc, (SourceLoc{7, 5}));
  }

  void dtypes() {
    QCOMPARE(frontend::torchDtypeExpr(ir::DataType::BFloat16), std::string("torch.bfloat16"));
    QCOMPARE(frontend::torchDtypeExpr(ir::DataType::Index), std::string("torch.int64"));
    QCOMPARE(frontend::torchDtypeExpr(ir::DataType::Bool), std::string("torch.bool"));
    QCOMPARE(frontend::torchDtypeExpr(ir::DataType::ComplexFloat), std::string("torch.complex64"));
  }
};

QTEST_GUILESS_MAIN(TestTorchWriter)
#include "test_torch_writer.moc"
