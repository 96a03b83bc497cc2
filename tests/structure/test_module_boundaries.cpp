// Module boundaries of DESIGN §1: nothing under engine/ includes a Qt or Graphviz header,
// and nothing under layout/ includes Qt. Checked by reading every source file.
#include <QtTest>

#include <QDirIterator>
#include <QRegularExpression>

namespace {

// Plain (not raw) string literals: moc's lexer does not understand raw strings.
const char* const kQtInclude = "^#\\s*include\\s*[<\"](Q[A-Za-z]+|Qt[A-Za-z]*/[^>\"]*|qt[a-z]*\\.h)[>\"]";
const char* const kGraphvizInclude = "^#\\s*include\\s*[<\"](graphviz/)?(gvc|cgraph|cdt|types|gvplugin)\\.h[>\"]";

}  // namespace

class TestModuleBoundaries : public QObject {
  Q_OBJECT

 private:
  // Returns "file:line: include" for every forbidden include under `folder`.
  static QStringList forbiddenIncludes(const QString& folder, const QRegularExpression& pattern) {
    QStringList hits;
    QDirIterator it(QString(SEGSCOPE_SOURCE_DIR) + "/" + folder, {"*.h", "*.hpp", "*.cpp", "*.cc", "*.cu", "*.cuh"},
                    QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
      const QString path = it.next();
      QFile file(path);
      if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) continue;
      int lineNo = 0;
      while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        ++lineNo;
        if (pattern.match(line).hasMatch()) hits << QString("%1:%2: %3").arg(path).arg(lineNo).arg(line);
      }
    }
    return hits;
  }

 private slots:
  void engineIncludesNoQt() {
    const QRegularExpression qt(kQtInclude);
    const QStringList hits = forbiddenIncludes("engine", qt);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join('\n')));
  }

  void engineIncludesNoGraphviz() {
    const QRegularExpression gv(kGraphvizInclude);
    const QStringList hits = forbiddenIncludes("engine", gv);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join('\n')));
  }

  void layoutIncludesNoQt() {
    const QRegularExpression qt(kQtInclude);
    const QStringList hits = forbiddenIncludes("layout", qt);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join('\n')));
  }

  void theCheckItselfCatchesAQtInclude() {
    // Guards against a pattern that silently matches nothing.
    const QRegularExpression qt(kQtInclude);
    QVERIFY(qt.match("#include <QString>").hasMatch());
    QVERIFY(qt.match("#include <QtCore/qobject.h>").hasMatch());
    QVERIFY(!qt.match("#include \"ir/fusion.h\"").hasMatch());
  }
};

QTEST_APPLESS_MAIN(TestModuleBoundaries)
#include "test_module_boundaries.moc"
