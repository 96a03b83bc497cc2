// Shared by the suites: the files every suite iterates over (samples, extra test scripts).
#pragma once

#include <QDir>
#include <QStringList>

namespace segscope::testing {

/// Every bundled sample, sorted by name. SEGSCOPE_TEST_SAMPLES=a.py:b.py replaces them, to run a
/// suite on other scripts by hand (e.g. the large shapes of bench/scale_sample.py: their kernels'
/// launch shapes, registers and spills differ from the small samples').
inline QStringList sampleFiles() {
  if (qEnvironmentVariableIsSet("SEGSCOPE_TEST_SAMPLES"))
    return qEnvironmentVariable("SEGSCOPE_TEST_SAMPLES").split(':', Qt::SkipEmptyParts);
  QStringList files;
  QDir dir(QString(SEGSCOPE_SOURCE_DIR) + "/samples");
  for (const QString& f : dir.entryList({"*.py"}, QDir::Files, QDir::Name)) files << dir.filePath(f);
  return files;
}

/// The samples plus the script that uses every op family.
inline QStringList sampleAndAllOpsFiles() {
  return sampleFiles() << QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/frontend/data/all_ops.py";
}

/// What export-torch is checked on: the samples, all_ops.py and the elementwise op scripts.
inline QStringList torchExportFiles() {
  const QString data = QString(SEGSCOPE_TEST_DATA_DIR) + "/cli/data/";
  return sampleAndAllOpsFiles() << data + "torch_elementwise.py" << data + "torch_every_elementwise.py";
}

}  // namespace segscope::testing
