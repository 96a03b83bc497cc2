// Registering resources/ and applying the application icon and stylesheet.
#include "ui/appearance.h"

#include <QApplication>
#include <QFile>
#include <QIcon>

// Q_INIT_RESOURCE names a function in the global namespace.
static void initSegscopeResources() { Q_INIT_RESOURCE(segscope); }

namespace segscope::ui {

void registerResources() {
  static const bool registered = (initSegscopeResources(), true);
  (void)registered;
}

void applyAppearance(QApplication& app) {
  registerResources();
  QApplication::setWindowIcon(QIcon(":/segscope.svg"));
  QFile sheet(":/segscope.qss");
  if (sheet.open(QIODevice::ReadOnly)) app.setStyleSheet(QString::fromUtf8(sheet.readAll()));
}

}  // namespace segscope::ui
