// Why apart on the picture (MainWindow::applyWhyMarks): the ops on a data path between the two
// asked about are haloed, the separator (on the path, in a third segment) is marked apart, the
// edges between them are drawn thick; in the collapsed view the segment nodes carry the marks;
// the marks survive a change of view and go with a new answer.
#include <QtTest>

#include "test_files.h"
#include "ui/graph_scene.h"
#include "ui/main_window.h"
#include "ui/panels/why_apart_view.h"

using namespace segscope;
using ui::MainWindow;
using ui::PathMark;

namespace {

QStringList labelsOf(MainWindow& w, PathMark mark) {
  QStringList out;
  for (const std::string& id : w.scene().pathMarked(mark))
    if (const graph::Node* n = w.scene().model().node(id)) out << QString::fromStdString(n->label);
  out.sort();
  return out;
}

}  // namespace

class TestWhyPath : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void thePathAndTheSeparatorAreMarked() {
    MainWindow w(nullptr, false);
    w.resize(1400, 900);
    w.show();
    w.openFile(QString(SEGSCOPE_SOURCE_DIR) + "/tests/data/why/linear_between.py", true);
    w.lastStep();
    QVERIFY(w.waitForPicture());
    QVERIFY(w.askWhyApart("T2", "T8"));
    QVERIFY2(w.whyApartView().summaryText().contains("path between them in blue"),
             qPrintable(w.whyApartView().summaryText()));
    QCOMPARE(labelsOf(w, PathMark::Separator), QStringList{"T6 = linear"});
    const QStringList path = labelsOf(w, PathMark::Path);
    for (const char* op : {"T3 = cast", "T4 = relu", "T5 = cast", "T7 = cast"})
      QVERIFY2(path.contains(op), qPrintable(path.join(", ")));
    QVERIFY(!path.contains("T9 = cast"));  // after T8: on no path between them
    QVERIFY(w.scene().edgesOnPath() >= 5);

    // Collapsed: the separator's segment node is marked, the picture redrawn keeps the marks.
    QVERIFY(w.setViewName("collapsed"));
    QVERIFY(w.waitForPicture());
    QCOMPARE(labelsOf(w, PathMark::Separator), QStringList{"segment 1"});
    QVERIFY(w.scene().edgesOnPath() >= 2);

    // A path that stays inside the two's own segments: the collapsed view has nothing to mark.
    QVERIFY(w.askWhyApart("T9", "T6"));
    QVERIFY(w.scene().pathMarked(PathMark::Separator).empty());
    QVERIFY(w.scene().pathMarked(PathMark::Path).empty());
    QCOMPARE(w.scene().edgesOnPath(), 0);
  }
};

QTEST_MAIN(TestWhyPath)
#include "test_why_path.moc"
