// A Qt Test main that runs one shard of a suite's test functions, so that a long suite can be
// registered as several CTest entries that run in parallel and each stay under the timeout.
#pragma once

#include <QCoreApplication>
#include <QMetaMethod>
#include <QStringList>
#include <QtTest>

namespace segscope::testing {

/// The shard this process runs ("k/n" in SEGSCOPE_TEST_SHARD), or {0, 1} when unsharded.
struct Shard {
  int index = 0;
  int count = 1;
};
inline Shard currentShard() {
  const QStringList parts = qEnvironmentVariable("SEGSCOPE_TEST_SHARD").split('/');
  Shard s;
  if (parts.size() == 2 && parts[1].toInt() > 0) s = {parts[0].toInt(), parts[1].toInt()};
  return s;
}

/// Functions named *OnEverySample run in every shard, each shard on its share of the rows:
/// one of them (run --verify on every sample) outweighs the rest of a suite.
inline bool runsInEveryShard(const QString& function) { return function.endsWith("OnEverySample"); }

/// The rows of a *OnEverySample function that this shard runs: every n-th, from the k-th.
inline QStringList rowsOfThisShard(const QStringList& rows) {
  const Shard s = currentShard();
  QStringList mine;
  for (int i = s.index; i < rows.size(); i += s.count) mine << rows[i];
  return mine;
}

/// Test functions of `suite` in declaration order (Qt Test's own hooks left out).
inline QStringList testFunctions(const QMetaObject& suite) {
  static const QStringList hooks = {"initTestCase", "cleanupTestCase", "init", "cleanup"};
  QStringList names;
  for (int i = suite.methodOffset(); i < suite.methodCount(); ++i) {
    const QMetaMethod method = suite.method(i);
    if (method.methodType() != QMetaMethod::Slot || method.access() != QMetaMethod::Private) continue;
    const QString name = QString::fromLatin1(method.name());
    if (hooks.contains(name) || name.endsWith("_data")) continue;
    names << name;
  }
  return names;
}

/// The functions shard `s` runs: the *OnEverySample ones, and every n-th of the others from
/// the k-th, so that every function runs whatever is added later.
inline QStringList shardFunctions(const QStringList& all, Shard s) {
  QStringList mine;
  int other = 0;
  for (const QString& f : all)
    if (runsInEveryShard(f) || other++ % s.count == s.index) mine << f;
  return mine;
}

/// Runs `suite` as Qt Test would, restricted to this process's shard when SEGSCOPE_TEST_SHARD
/// is set and the command line names no function itself.
inline int runShardedSuite(QObject& suite, int argc, char** argv) {
  QStringList args;
  for (int i = 0; i < argc; ++i) args << QString::fromLocal8Bit(argv[i]);
  const Shard shard = currentShard();
  if (args.size() == 1 && shard.count > 1) args << shardFunctions(testFunctions(*suite.metaObject()), shard);
  return QTest::qExec(&suite, args);
}

}  // namespace segscope::testing

/// QTEST_GUILESS_MAIN, sharded by SEGSCOPE_TEST_SHARD (see segscope_add_test's SHARDS).
#define SEGSCOPE_SHARDED_GUILESS_MAIN(Suite)                      \
  int main(int argc, char** argv) {                               \
    QCoreApplication app(argc, argv);                             \
    QTEST_SET_MAIN_SOURCE_PATH                                    \
    Suite suite;                                                  \
    return segscope::testing::runShardedSuite(suite, argc, argv); \
  }
