// Loading under trouble: progress while the pipeline runs, a file that vanishes (and comes
// back), a file rewritten while it loads, a missing file — the last good session always stays.
#include <QtTest>

#include <QSignalSpy>
#include <QTemporaryDir>

#include "ui/document.h"

using namespace segscope;
using ui::Document;

namespace {

QString sample(const char* name) { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + name; }

bool waitUntil(const std::function<bool()>& done, int timeoutMs = 20000) {
  QElapsedTimer t;
  t.start();
  while (!done() && t.elapsed() < timeoutMs) QTest::qWait(20);
  return done();
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Replaces `path` the way editors save: write a new file, then rename it over the old one.
void replaceFile(const QString& path, const QByteArray& contents) {
  const QString tmp = path + ".new";
  QFile f(tmp);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(contents);
  f.close();
  QFile::remove(path);
  QVERIFY(QFile::rename(tmp, path));
}

}  // namespace

class TestDocument : public QObject {
  Q_OBJECT

 private slots:
  void reportsProgressWhileLoading() {
    Document doc;
    QStringList reports;
    connect(&doc, &Document::progress, this, [&](const QString& text) { reports << text; });
    doc.open(sample("synthetic_block_200.py"));
    QVERIFY(waitUntil([&] { return !doc.loading(); }));
    QVERIFY(doc.session());
    QVERIFY(!reports.isEmpty());
    QCOMPARE(reports.first(), QString("parsing"));
    for (const QString& r : reports)
      QVERIFY2(r == "parsing" || r.startsWith("pass ") || r.startsWith("segmenter: "), qPrintable(r));
  }

  void aMissingFileIsAClearErrorAndKeepsTheSession() {
    Document doc;
    QVERIFY(doc.openNow(sample("gelu.py")));
    const ui::SessionPtr before = doc.session();
    QSignalSpy failed(&doc, &Document::failed);
    QVERIFY(!doc.openNow(QDir::temp().filePath("segscope-no-such-file.py")));
    QCOMPARE(failed.count(), 1);
    const auto problem = failed.first().first().value<ui::LoadProblem>();
    QVERIFY2(problem.message.contains("segscope-no-such-file.py: error:") &&
                 problem.message.contains("No such file or directory"),
             qPrintable(problem.message));
    QCOMPARE(doc.session(), before);
  }

  void aVanishedFileKeepsTheSessionAndReloadsWhenItReturns() {
    QTemporaryDir dir;
    const QString path = dir.filePath("fusion.py");
    QVERIFY(QFile::copy(sample("gelu.py"), path));
    Document doc;
    QVERIFY(doc.openNow(path));
    const ui::SessionPtr before = doc.session();
    QSignalSpy vanished(&doc, &Document::fileVanished);
    QSignalSpy loaded(&doc, &Document::loaded);
    QVERIFY(QFile::remove(path));
    QVERIFY(vanished.wait(5000));
    QCOMPARE(vanished.first().first().toString(), path);
    QCOMPARE(doc.session(), before);  // what was loaded stays
    QCOMPARE(loaded.count(), 0);

    replaceFile(path, readAll(sample("softmax.py")));  // back, with other contents
    QVERIFY(waitUntil([&] { return loaded.count() > 0 && !doc.loading(); }, 10000));
    QVERIFY(doc.session() != before);
    QCOMPARE(QByteArray::fromStdString(doc.session()->source), readAll(sample("softmax.py")));
  }

  // Rewritten while the first load runs: the newer load supersedes it, whichever finishes
  // first, and the session ends with the new contents.
  void aFileRewrittenMidLoadEndsWithTheNewContents() {
    QTemporaryDir dir;
    const QString path = dir.filePath("fusion.py");
    QVERIFY(QFile::copy(sample("synthetic_block_200.py"), path));
    Document doc;
    doc.open(path);
    replaceFile(path, readAll(sample("layer_norm_fwd.py")));
    const QByteArray expected = readAll(sample("layer_norm_fwd.py"));
    QVERIFY(waitUntil([&] {
      return !doc.loading() && doc.session() && QByteArray::fromStdString(doc.session()->source) == expected;
    }));
    QTest::qWait(400);  // no late result of the first load replaces it
    QCOMPARE(QByteArray::fromStdString(doc.session()->source), expected);
  }
};

QTEST_MAIN(TestDocument)
#include "test_document.moc"
