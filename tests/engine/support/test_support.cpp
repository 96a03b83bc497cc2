// The support floor: byte and duration text (one spelling for CLI, graph and GUI) and the
// shared union-find.
#include <QtTest>

#include <random>
#include <set>

#include "support/flat_hash_map.h"
#include "support/run_set.h"
#include "support/small_vector.h"
#include "support/text.h"
#include "support/union_find.h"

using namespace segscope;

class TestSupport : public QObject {
  Q_OBJECT

 private slots:
  void bytesReadInTheLargestBinaryUnit() {
    QCOMPARE(support::bytesText(0), std::string("0 B"));
    QCOMPARE(support::bytesText(1023), std::string("1023 B"));
    QCOMPARE(support::bytesText(1536), std::string("1.5 KiB"));
    QCOMPARE(support::bytesText(8 << 20), std::string("8.0 MiB"));
    QCOMPARE(support::bytesText(std::int64_t{3} << 30), std::string("3.0 GiB"));
  }

  void exactBytesKeepWholeUnits() {
    QCOMPARE(support::exactBytesText(227 * 1024), std::string("227 KiB"));
    QCOMPARE(support::exactBytesText(std::int64_t{256} << 20), std::string("256 MiB"));
    QCOMPARE(support::exactBytesText(1536), std::string("1.5 KiB"));
    QCOMPARE(support::exactBytesText(100), std::string("100 B"));
  }

  void durationsSwitchToMicrosecondsBelowAMillisecond() {
    QCOMPARE(support::durationText(0.01234), std::string("12.34 us"));
    QCOMPARE(support::durationText(0.5, "µs"), std::string("500.00 µs"));
    QCOMPARE(support::durationText(1.5), std::string("1.500 ms"));
  }

  void unionFindRootsAtTheLowestIndex() {
    support::UnionFind uf(5);
    QVERIFY(uf.unite(4, 2));
    QVERIFY(uf.unite(2, 3));
    QVERIFY(!uf.unite(3, 4));  // already one set
    QCOMPARE(uf.find(4), std::size_t{2});
    QVERIFY(uf.same(3, 4));
    QVERIFY(!uf.same(0, 2));
    const std::size_t added = uf.add();
    QCOMPARE(added, std::size_t{5});
    QVERIFY(uf.unite(added, 0));
    QCOMPARE(uf.find(5), std::size_t{0});
    QCOMPARE(uf.size(), std::size_t{6});
  }

  // Pointer keys differ only above their alignment bits, the case the extra mixing is for;
  // 5000 of them force several rehashes, and every value must survive each one.
  void flatHashMapKeepsEveryEntryAcrossRehashes() {
    std::vector<long> storage(5000);
    support::FlatHashMap<const long*, int> map;
    for (int i = 0; i < 5000; ++i) {
      const auto [value, inserted] = map.tryEmplace(&storage[static_cast<std::size_t>(i)], i);
      QVERIFY(inserted);
      QCOMPARE(*value, i);
    }
    QCOMPARE(map.size(), std::size_t{5000});
    for (int i = 0; i < 5000; ++i) {
      const int* found = map.find(&storage[static_cast<std::size_t>(i)]);
      QVERIFY(found);
      QCOMPARE(*found, i);
    }
    const auto [again, inserted] = map.tryEmplace(&storage[42], -1);  // present: kept as it was
    QVERIFY(!inserted);
    QCOMPARE(*again, 42);
    long outside = 0;
    QVERIFY(!map.contains(&outside));
    support::FlatHashMap<int, int> empty;
    QVERIFY(!empty.find(7));  // no table yet
  }

  // Inline up to N, on the heap past it, and back: the values survive every crossing.
  void smallVectorKeepsItsValuesAcrossTheInlineLimit() {
    support::SmallVector<int, 4> v(3, -1);
    QCOMPARE(v.size(), std::size_t{3});
    v[1] = 7;
    for (int i = 0; i < 6; ++i) v.push_back(10 + i);  // spills at the fifth
    QCOMPARE(v.size(), std::size_t{9});
    const std::vector<int> all(v.begin(), v.end());
    QCOMPARE(all, (std::vector<int>{-1, 7, -1, 10, 11, 12, 13, 14, 15}));
    v.resize(2);  // inline again
    QCOMPARE(std::vector<int>(v.begin(), v.end()), (std::vector<int>{-1, 7}));
    support::SmallVector<int, 4> same(2, -1);
    same[1] = 7;
    QVERIFY(v == same);
    v.resize(5, 3);
    QCOMPARE(std::vector<int>(v.begin(), v.end()), (std::vector<int>{-1, 7, 3, 3, 3}));
    QVERIFY(!(v == same));
    using Four = support::SmallVector<int, 4>;
    QVERIFY(Four().empty());
  }

  // Random unions and differences against std::set: the runs stay sorted, disjoint and apart
  // (adjacent runs coalesce), and every query agrees with the plain set.
  void runSetsAgreeWithPlainSets() {
    std::mt19937 rng(7);
    const auto randomSet = [&](support::RunSet& runs, std::set<int>& plain) {
      const int count = static_cast<int>(rng() % 12);
      for (int i = 0; i < count; ++i) {
        const int lo = static_cast<int>(rng() % 200), len = 1 + static_cast<int>(rng() % 9);
        for (int v = lo; v < lo + len; ++v) {
          runs.unite(support::RunSet::of(v));
          plain.insert(v);
        }
      }
    };
    const auto same = [](const support::RunSet& runs, const std::set<int>& plain) {
      std::vector<int> members;
      int lastHi = -2;
      for (const auto& r : runs) {
        if (r.lo >= r.hi || r.lo <= lastHi) return false;  // empty, overlapping or touching
        lastHi = r.hi;
        for (int v = r.lo; v < r.hi; ++v) members.push_back(v);
      }
      return members == std::vector<int>(plain.begin(), plain.end());
    };
    for (int round = 0; round < 300; ++round) {
      support::RunSet a, b;
      std::set<int> pa, pb;
      randomSet(a, pa);
      randomSet(b, pb);
      QVERIFY(same(a, pa) && same(b, pb));
      bool meets = false;
      for (int v : pa) meets = meets || pb.count(v);
      QCOMPARE(a.intersects(b), meets);
      std::set<int> diff;
      for (int v : pa)
        if (!pb.count(v)) diff.insert(v);
      QVERIFY(same(a.minus(b), diff));
      for (int v = 0; v < 210; v += 7) QCOMPARE(a.contains(v), pa.count(v) == 1);
      support::RunSet u = a;
      u.unite(b);
      std::set<int> pu = pa;
      pu.insert(pb.begin(), pb.end());
      QVERIFY(same(u, pu));
    }
  }
};

QTEST_APPLESS_MAIN(TestSupport)
#include "test_support.moc"
