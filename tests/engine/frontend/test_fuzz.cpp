// Robustness: every sample truncated at every byte offset, and with random byte edits,
// must parse or fail with a positioned diagnostic — never crash, never hang.
#include <QtTest>

#include <chrono>
#include <random>

#include "frontend/script.h"
#include "support/file_io.h"
#include "test_files.h"

using namespace segscope;

namespace {

// Parses and checks the outcome is coherent; returns the time taken, or -1 when the
// outcome is incoherent (a failure without a message, or an invalid accepted fusion).
double parseTimed(const std::string& text, int& failures) {
  const auto start = std::chrono::steady_clock::now();
  const frontend::ParseOutcome o = frontend::parseScript(text, {"fuzz.py", false});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!o.ok()) {
    ++failures;
    // A failure must say where and what.
    const std::string formatted = o.error.format();
    if (formatted.find(": error: ") == std::string::npos || o.error.message.empty()) {
      qWarning("incoherent diagnostic for:\n%s\n%s", text.c_str(), formatted.c_str());
      return -1;
    }
  } else if (!o.script->fusion->verify().ok()) {
    qWarning("invalid fusion accepted from:\n%s", text.c_str());
    return -1;
  }
  return seconds;
}

}  // namespace

class TestFuzz : public QObject {
  Q_OBJECT

 private slots:
  void truncationAtEveryOffset() {
    double slowest = 0;
    std::size_t parses = 0;
    for (const QString& f : testing::sampleFiles()) {
      const std::string text = support::readTextFile(f.toStdString()).value();
      int failures = 0;
      for (std::size_t cut = 0; cut <= text.size(); ++cut) {
        const double t = parseTimed(text.substr(0, cut), failures);
        QVERIFY(t >= 0);
        slowest = std::max(slowest, t);
        ++parses;
      }
      QVERIFY2(failures > 0, "truncation never failed: the fuzz did not reach the parser");
    }
    qInfo("%zu truncated parses, slowest %.2f ms", parses, slowest * 1e3);
    QVERIFY2(slowest < 1.0, "a truncated script took over a second to parse");
  }

  void randomByteEdits() {
    std::mt19937_64 rng(1234);  // fixed seed: failures reproduce
    const std::string alphabet = "()[],=.:-+#'\"\n \t0123456789_TSfdopsxyz\\\r\x80\xff";
    double slowest = 0;
    for (const QString& f : testing::sampleFiles()) {
      const std::string original = support::readTextFile(f.toStdString()).value();
      int failures = 0;
      for (int round = 0; round < 300; ++round) {
        std::string text = original;
        const int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits && !text.empty(); ++e) {
          const std::size_t at = rng() % text.size();
          switch (rng() % 3) {
            case 0: text[at] = alphabet[rng() % alphabet.size()]; break;
            case 1: text.erase(at, 1 + rng() % 8); break;
            default: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
          }
        }
        const double t = parseTimed(text, failures);
        QVERIFY(t >= 0);
        slowest = std::max(slowest, t);
      }
    }
    QVERIFY2(slowest < 1.0, "an edited script took over a second to parse");
  }
};

QTEST_APPLESS_MAIN(TestFuzz)
#include "test_fuzz.moc"
