// layout::shiftBetween: one shape moved is recognised as such, with its shift; another shape,
// size or spline is not.
#include <QtTest>

#include "layout/geometry.h"

using namespace segscope::layout;

class TestGeometry : public QObject {
  Q_OBJECT

 private slots:
  void aMovedNodeIsShifted() {
    const NodeGeometry a{"e1", 10, 20, 80, 24};
    const NodeGeometry moved{"e1", 13, 120, 80, 24};
    const auto shift = shiftBetween(a, moved);
    QVERIFY(shift);
    QCOMPARE(shift->x, 3.0);
    QCOMPARE(shift->y, 100.0);
    QVERIFY(!shiftBetween(a, NodeGeometry{"e1", 13, 120, 81, 24}));    // another size
    QVERIFY(!shiftBetween(a, NodeGeometry{"e2", 13, 120, 80, 24}));    // another node
    QVERIFY(shiftBetween(a, NodeGeometry{"e1", 10, 20, 80.001, 24}));  // rounding is no change
  }

  void aMovedEdgeIsShiftedOnlyWhenEveryPointMovesAlike() {
    EdgeGeometry a;
    a.id = "edge-e1-e2-5";
    a.from = "e1";
    a.to = "e2";
    a.beziers = {{{0, 0}, {0, 10}, {5, 20}, {5, 30}}};
    a.hasArrow = true;
    a.arrowTip = {5, 34};
    a.hasLabel = true;
    a.labelPos = {8, 15};
    a.labelSize = {30, 10};
    EdgeGeometry moved = a;
    for (auto& p : moved.beziers[0]) p = {p.x + 2, p.y - 50};
    moved.arrowTip = {7, -16};
    moved.labelPos = {10, -35};
    const auto shift = shiftBetween(a, moved);
    QVERIFY(shift);
    QCOMPARE(shift->x, 2.0);
    QCOMPARE(shift->y, -50.0);
    QCOMPARE(a.start().y, 0.0);
    QCOMPARE(moved.start().y, -50.0);

    EdgeGeometry bent = moved;
    bent.beziers[0][2].x += 4;  // one control point elsewhere: another curve
    QVERIFY(!shiftBetween(a, bent));
    EdgeGeometry label = moved;
    label.labelPos.y += 3;
    QVERIFY(!shiftBetween(a, label));
    EdgeGeometry longer = moved;
    longer.beziers[0].push_back({1, 1});
    QVERIFY(!shiftBetween(a, longer));
  }

  void aMovedClusterIsShiftedWithItsLabel() {
    const ClusterGeometry a{"segment-3", {0, 0, 200, 100}, {50, 8}, {90, 12}};
    const ClusterGeometry moved{"segment-3", {0, 300, 200, 100}, {50, 308}, {90, 12}};
    QVERIFY(shiftBetween(a, moved));
    QCOMPARE(shiftBetween(a, moved)->y, 300.0);
    QVERIFY(!shiftBetween(a, ClusterGeometry{"segment-3", {0, 300, 200, 140}, {50, 308}, {90, 12}}));
    QVERIFY(!shiftBetween(a, ClusterGeometry{"segment-3", {0, 300, 200, 100}, {60, 308}, {90, 12}}));
  }
};

QTEST_MAIN(TestGeometry)
#include "test_geometry.moc"
