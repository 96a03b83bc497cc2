// The window's chrome (ui/main_window_chrome.cpp): the toolbar's Options, the menus' keys and
// icons, and the theme.
#include <QAction>
#include <QComboBox>
#include <QGraphicsItem>
#include <QImage>
#include <QMenuBar>
#include <QPainter>
#include <QStandardPaths>
#include <QStyleOptionGraphicsItem>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolBar>
#include <QToolButton>
#include <QtTest>

#include "ui/appearance.h"
#include "ui/graph_items.h"
#include "ui/graph_scene.h"
#include "ui/main_window.h"
#include "ui/panels/diff_view.h"
#include "ui/panels/inspector_view.h"

using namespace segscope;
using ui::MainWindow;

namespace {

QString sample(const char* name) { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + name; }

}  // namespace

class TestMainWindowChrome : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // QSettings and recent files go to a test location
  }

  // The Options button beside Device and Scalars: ticking NVFUSER_ENABLE=fuse_matmul re-segments
  // with it, and the button says what the segmentation ran with, the script's own included.
  void theOptionsButtonSetsNvfuserOptions() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("matmul_bias_gelu.py"), true);
    QVERIFY(w.waitForPicture());
    QCOMPARE(w.overviewText(), QString("2 segments: 1 expr_eval, 1 pointwise"));
    auto* button = w.findChild<QToolButton*>("nvfuser-options");
    QVERIFY(button);
    QCOMPARE(button->text(), QString("defaults"));
    auto* fuse = w.findChild<QAction*>("nvfuser-option-fuse_matmul");
    QVERIFY(fuse);
    fuse->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w.overviewText(), QString("1 segment: matmul"), 30000);
    QCOMPARE(button->text(), QString("+fuse_matmul"));
    fuse->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w.overviewText(), QString("2 segments: 1 expr_eval, 1 pointwise"), 30000);
    w.openFile(sample("matmul_bias_gelu_fused.py"), true);
    QVERIFY(w.waitForPicture());
    QCOMPARE(button->text(), QString("+fuse_matmul"));
  }

  // File ▸ Export PNG writes the picture as drawn: a real PNG, twice the scene's size, in the
  // canvas colour at its corner.
  void exportPngWritesThePicture() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    QVERIFY(w.waitForPicture());
    QTemporaryDir dir;
    const QString path = dir.filePath("step.png");
    QVERIFY(w.exportCurrentPng(path));
    QImage image(path);
    QVERIFY(!image.isNull());
    const QRectF area = w.scene().itemsBoundingRect();
    QVERIFY2(image.width() >= area.width() * 1.9 && image.height() >= area.height() * 1.9,
             qPrintable(QString("%1x%2").arg(image.width()).arg(image.height())));
    QCOMPARE(image.pixelColor(0, 0).rgb(), w.scene().backgroundBrush().color().rgb());
    bool inMenu = false;
    for (QAction* a : w.menuBar()->actions())
      if (a->menu())
        for (QAction* item : a->menu()->actions()) inMenu |= item->text().contains("Export &PNG");
    QVERIFY(inMenu);
  }

  // The script's header names its GPU: the Device box follows it on open (with a note), a device
  // picked by hand wins for that file, and the next file's header applies again.
  void theHeadersGpuPicksTheDevice() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    auto* device = w.findChild<QComboBox*>("deviceProfile");
    QVERIFY(device);
    w.openFile(sample("cross_entropy.py"), true);  // H100 header
    QVERIFY(w.waitForPicture());
    QCOMPARE(device->currentText(), QString("h100"));
    w.openFile(sample("rms_norm.py"), true);  // "#  0: NVIDIA A100-SXM4-80GB"
    QVERIFY(w.waitForPicture());
    QCOMPARE(device->currentText(), QString("a100"));
    QVERIFY2(device->toolTip().contains("NVIDIA A100-SXM4-80GB"), qPrintable(device->toolTip()));
    QCOMPARE(w.document().session()->profile->name, std::string("a100"));
    device->setCurrentText("h200");  // the user's choice
    QTRY_COMPARE_WITH_TIMEOUT(w.document().session()->profile->name, std::string("h200"), 30000);
    w.openFile(sample("rms_norm.py"), true);  // reopened: the hand-picked device stays
    QVERIFY(w.waitForPicture());
    QCOMPARE(device->currentText(), QString("h200"));
    w.openFile(sample("cross_entropy.py"), true);
    QVERIFY(w.waitForPicture());
    QCOMPARE(device->currentText(), QString("h100"));
  }

  // 800×600 fits: the window's minimum is within it, and the toolbar's actions that do not fit
  // are one click away in its overflow menu (Qt's extension button), none lost.
  void aSmallWindowFits() {
    MainWindow w(nullptr, false);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    QVERIFY(w.waitForPicture());
    const QSize minimum = w.minimumSizeHint().expandedTo(w.minimumSize());
    QVERIFY2(minimum.width() <= 800 && minimum.height() <= 600,
             qPrintable(QString("%1x%2").arg(minimum.width()).arg(minimum.height())));
    w.resize(800, 600);
    QTRY_COMPARE(w.size(), QSize(800, 600));
    auto* bar = w.findChild<QToolBar*>();
    QVERIFY(bar);
    QTRY_VERIFY(bar->width() <= 800);
    auto* more = bar->findChild<QToolButton*>("qt_toolbar_ext_button");
    QVERIFY2(more && more->isVisible(), "the toolbar overflows into a menu");
    // Grown again, everything is on the toolbar once more.
    w.resize(1800, 1000);
    QTRY_COMPARE(w.size(), QSize(1800, 1000));
    QTRY_VERIFY(!more->isVisible());
  }

  // Help ▸ Keyboard shortcuts lists every menu action that has a key, read from the menus.
  void theShortcutSheetListsEveryKey() {
    MainWindow w(nullptr, false);
    const QString sheet = w.shortcutSheet();
    QVERIFY(sheet.contains("Run to next rejected merge"));
    QVERIFY(sheet.contains("Keyboard shortcuts"));
    int withKeys = 0;
    for (QAction* menu : w.menuBar()->actions())
      if (menu->menu())
        for (QAction* a : menu->menu()->actions())
          if (!a->shortcuts().isEmpty() && !a->text().isEmpty()) {
            ++withKeys;
            QVERIFY2(sheet.contains(QString(a->text()).remove('&').toHtmlEscaped()), qPrintable(a->text()));
            QVERIFY2(sheet.contains(a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped()),
                     qPrintable(a->shortcut().toString()));
          }
    QVERIFY(withKeys >= 10);
  }

  // Every command in the File, Step and View menus and in Help has an icon (the Passes menu and
  // the dock and theme toggles are check boxes, the recent files are paths).
  void everyCommandHasAnIcon() {
    MainWindow w(nullptr, false);
    int commands = 0;
    for (QAction* menu : w.menuBar()->actions()) {
      if (!menu->menu() || menu->text().remove('&') == "Passes") continue;
      for (QAction* a : menu->menu()->actions()) {
        if (a->isSeparator() || a->isCheckable()) continue;
        ++commands;
        QVERIFY2(!a->icon().isNull(), qPrintable(menu->text() + " ▸ " + a->text()));
      }
    }
    QVERIFY(commands >= 20);
  }

  // View ▸ Theme ▸ Dark: the palette, the canvas, the pictures' fills and the icons turn dark,
  // and Light brings them back.
  void theDarkThemeReachesThePicture() {
    MainWindow w(nullptr, false);
    w.resize(1200, 800);
    w.show();
    w.openFile(sample("cross_entropy.py"), true);
    QVERIFY(w.waitForPicture());
    const auto clusterFill = [&] {
      for (QGraphicsItem* item : w.scene().items())
        if (item->type() == ui::ClusterItemType) {
          QImage image(8, 8, QImage::Format_ARGB32);
          image.fill(Qt::transparent);
          QPainter p(&image);
          p.translate(-item->boundingRect().center());
          QStyleOptionGraphicsItem option;
          item->paint(&p, &option, nullptr);
          p.end();
          return image.pixelColor(4, 4);
        }
      return QColor();
    };
    QVERIFY(clusterFill().lightness() > 200);
    const QString lightCss = w.inspector().findChild<QTextBrowser*>()->document()->defaultStyleSheet();
    w.setTheme(ui::Theme::Dark);
    QVERIFY(w.waitForPicture());
    QVERIFY(ui::darkPalette());
    QVERIFY(w.scene().backgroundBrush().color().lightness() < 60);
    QVERIFY2(clusterFill().lightness() < 110, qPrintable(clusterFill().name()));
    QVERIFY(w.findChild<QAction*>("theme-dark")->isChecked());
    // Every dock follows at once: the Diff canvases, and the Inspector's page (no step needed).
    QCOMPARE(w.diff().canvasColorShown(), w.scene().backgroundBrush().color());
    auto* inspectorPage = w.inspector().findChild<QTextBrowser*>();
    QVERIFY(inspectorPage);
    QVERIFY2(inspectorPage->document()->defaultStyleSheet() != lightCss, "the inspector kept the light styles");
    w.setTheme(ui::Theme::Light);
    QVERIFY(w.waitForPicture());
    QVERIFY(!ui::darkPalette());
    QVERIFY(clusterFill().lightness() > 200);
  }
};

QTEST_MAIN(TestMainWindowChrome)
#include "test_main_window_chrome.moc"
