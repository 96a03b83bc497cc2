// Robustness: every sample truncated at every byte offset that reaches a new parser state (see
// cutOffsets), and with random byte edits,
// must parse or fail with a positioned diagnostic — never crash, never hang.
#include <QtTest>

#include <cctype>
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

// The offsets worth cutting `text` at: every one, except inside a run of letters, of digits or of
// blanks, where a cut after the run's first character and one at its end reach the states every
// other cut in the run reaches (a shorter name is looked up like the whole one, a shorter number
// is another number, a shorter indent another indent). Where the kind changes ("1e-5", "x.y") every offset
// is cut, so the lexer still sees each partial token.
std::vector<std::size_t> cutOffsets(const std::string& text) {
  auto kind = [](char c) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalpha(u) || c == '_') return 1;
    if (std::isdigit(u)) return 2;
    if (c == ' ' || c == '\t') return 3;
    return 0;
  };
  auto sameRun = [&](char a, char b) { return kind(a) != 0 && kind(a) == kind(b); };
  std::vector<std::size_t> cuts{0};
  for (std::size_t cut = 1; cut <= text.size(); ++cut) {
    const bool insideRun =
        cut >= 2 && cut < text.size() && sameRun(text[cut - 2], text[cut - 1]) && sameRun(text[cut - 1], text[cut]);
    if (!insideRun) cuts.push_back(cut);
  }
  return cuts;
}

}  // namespace

class TestFuzz : public QObject {
  Q_OBJECT

 private slots:
  void truncationAtEveryDistinctOffset() {
    double slowest = 0;
    std::size_t parses = 0;
    for (const QString& f : testing::sampleFiles()) {
      const std::string text = support::readTextFile(f.toStdString()).value();
      int failures = 0;
      for (const std::size_t cut : cutOffsets(text)) {
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
