// Loading under trouble: progress while the pipeline runs, a file that vanishes (and comes
// back), a file rewritten while it loads, a missing file — the last good session always stays.
#include <QtTest>

#include <QSignalSpy>
#include <QTemporaryDir>

#include "ui/document.h"

using namespace segscope;
using ui::Document;
using ui::DocumentOptions;
using ui::SessionPtr;

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

  // A big fusion is shown from its quick load (each merge's outcome) and then replaced by the
  // session with every verdict; a small one loads once, with every verdict.
  void aBigFusionIsShownQuicklyThenWithEveryVerdict() {
    Document doc;
    DocumentOptions options;
    options.quickFirstAbove = 10;  // synthetic_block_200 counts as big
    doc.setOptions(options);
    std::vector<std::pair<SessionPtr, bool>> shown;  // (session, details pending when shown)
    connect(&doc, &Document::loaded, this, [&](SessionPtr s) { shown.emplace_back(s, doc.detailsPending()); });
    QSignalSpy pending(&doc, &Document::detailsPendingChanged);
    doc.open(sample("synthetic_block_200.py"));
    QVERIFY(waitUntil([&] { return !doc.loading() && !doc.detailsPending(); }));
    QCOMPARE(shown.size(), std::size_t{2});
    QVERIFY(shown[0].second);
    QVERIFY(!shown[1].second);
    QCOMPARE(pending.size(), 2);
    const auto verdicts = [](const SessionPtr& s) {
      std::size_t n = 0;
      for (const trace::Step& step : s->trace->steps()) n += step.merge ? step.merge->verdicts.size() : 0;
      return n;
    };
    QVERIFY2(verdicts(shown[0].first) < verdicts(shown[1].first),
             qPrintable(QString("%1 / %2").arg(verdicts(shown[0].first)).arg(verdicts(shown[1].first))));
    QCOMPARE(shown[0].first->segmentation->segmentation.segments.size(),
             shown[1].first->segmentation->segmentation.segments.size());
    QCOMPARE(doc.session(), shown[1].first);

    shown.clear();
    options.quickFirstAbove = 100000;
    doc.setOptions(options);  // reloads: now a small fusion
    QVERIFY(waitUntil([&] { return !doc.loading() && !shown.empty(); }));
    QTest::qWait(200);
    QCOMPARE(shown.size(), std::size_t{1});
    QVERIFY(verdicts(shown[0].first) > 0);
  }

  // Opening another file while a big one records its verdicts stops that recording: only the
  // new file is shown afterwards.
  void aNewFileStopsTheVerdictsOfTheLastOne() {
    Document doc;
    DocumentOptions options;
    options.quickFirstAbove = 10;
    doc.setOptions(options);
    doc.open(sample("synthetic_block_200.py"));
    QVERIFY(waitUntil([&] { return doc.detailsPending() || (!doc.loading() && doc.session()); }));
    doc.open(sample("gelu.py"));
    QVERIFY(waitUntil([&] { return !doc.loading() && !doc.detailsPending(); }));
    QTest::qWait(300);
    QVERIFY(doc.session()->file.find("gelu.py") != std::string::npos);
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
