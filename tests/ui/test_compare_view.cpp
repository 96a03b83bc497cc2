// View ▸ Compare with (MainWindow::compareWith, CompareView): the other side is segmented off the
// GUI thread, both sides drawn collapsed and coloured by match, a click on a segment marks its
// counterparts on the other side, the differences list selects matches, Esc gives the window
// back with its docks.
#include <QtTest>

#include <QDockWidget>
#include <QListWidget>

#include "test_files.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/main_window.h"
#include "ui/panels/compare_view.h"
#include "window_test_support.h"

using namespace segscope;
using comparison::MatchKind;
using testing::sample;
using ui::CompareView;
using ui::MainWindow;
using ui::PathMark;

namespace {

QString fillOf(const ui::GraphScene& scene, const std::string& id) {
  const graph::Node* n = scene.model().node(id);
  return n ? QString::fromStdString(n->fillColor) : QString();
}

int visibleDocks(MainWindow& w) {
  int n = 0;
  for (QDockWidget* d : w.findChildren<QDockWidget*>()) n += d->isVisible() ? 1 : 0;
  return n;
}

}  // namespace

class TestCompareView : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void aProfileSideBySide() {
    MainWindow w(nullptr, false);
    w.resize(1400, 900);
    w.show();
    w.openFile(sample("reduction_epilogue.py"), true);
    QVERIFY(w.waitForPicture());
    const int docks = visibleDocks(w);
    QVERIFY(docks > 0);

    QVERIFY(w.compareWith("profile=a100", /*wait=*/true));
    QVERIFY(w.showsComparison());
    QCOMPARE(visibleDocks(w), 0);  // the comparison takes the window
    CompareView& view = w.compareView();
    QVERIFY(view.comparison());
    QVERIFY2(view.captionText().contains("h100") && view.captionText().contains("3 differences"),
             qPrintable(view.captionText()));

    // Each side is the collapsed view, its segments filled by their match.
    const QString split = CompareView::matchColors(MatchKind::SplitThere).first.name();
    const QString merged = CompareView::matchColors(MatchKind::MergedThere).first.name();
    QCOMPARE(fillOf(view.scene(true), "s1"), split);
    QCOMPARE(fillOf(view.scene(false), "s1"), merged);
    QCOMPARE(fillOf(view.scene(false), "s2"), merged);
    QVERIFY(QString::fromStdString(view.scene(true).model().node("s1")->detail).contains("⇄ 1, 2"));

    // A click on the h100 segment marks both of its a100 counterparts.
    const ui::GraphView& left = view.view(true);
    const QPoint at = left.mapFromScene(view.scene(true).nodeRect("s1").center());
    QTest::mouseClick(const_cast<ui::GraphView&>(left).viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(view.scene(false).pathMarked(PathMark::Path), (std::vector<std::string>{"s1", "s2"}));

    // The differences list: the split is a row that selects its match on both sides.
    const QListWidget& list = view.differences();
    QCOMPARE(list.count(), 3);
    QVERIFY(list.item(2)->text().contains("is split in 2"));
    const_cast<QListWidget&>(list).setCurrentRow(2);
    QCOMPARE(view.scene(true).pathMarked(PathMark::Path), std::vector<std::string>{"s1"});

    // Esc: back to the debugger with its docks.
    QTest::keyClick(&w, Qt::Key_Escape);
    QVERIFY(!w.showsComparison());
    QCOMPARE(visibleDocks(w), docks);
  }

  void whatCannotBeComparedIsSaid() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("softmax.py"), true);
    QVERIFY(w.waitForPicture());
    QVERIFY(!w.compareWith("colour=red", true));
    QVERIFY(!w.showsComparison());
    QVERIFY2(w.problemsText().contains("no comparison called 'colour'"), qPrintable(w.problemsText()));
    // A side that fails to segment: the page says why, the window stays usable.
    QVERIFY(!w.compareWith("file=/no/such/v2.py", true));
    QVERIFY(w.showsComparison());
    QVERIFY2(w.compareView().captionText().contains("Cannot compare"), qPrintable(w.compareView().captionText()));
    w.closeComparison();
    QVERIFY(!w.showsComparison());
  }

  // Opening another file while comparing gives the window back to the debugger.
  void openingAnotherFileLeavesTheComparison() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("softmax.py"), true);
    QVERIFY(w.waitForPicture());
    const int docks = visibleDocks(w);
    QVERIFY(w.compareWith("scalar-mode=duplicate", true));
    QVERIFY(w.compareView().comparison()->same());
    w.openFile(sample("rms_norm.py"), true);
    QVERIFY(w.waitForPicture());
    QVERIFY(!w.showsComparison());
    QCOMPARE(visibleDocks(w), docks);
  }
};

QTEST_MAIN(TestCompareView)
#include "test_compare_view.moc"
