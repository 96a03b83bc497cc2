// Helpers the window's suites share: a sample's path and the Inspector's text.
#pragma once

#include <QString>
#include <QTextBrowser>

#include "ui/main_window.h"
#include "ui/panels/inspector_view.h"

namespace segscope::testing {

inline QString sample(const char* name) { return QString(SEGSCOPE_SOURCE_DIR) + "/samples/" + name; }

inline QString inspectorText(ui::MainWindow& w) {
  auto* browser = w.inspector().findChild<QTextBrowser*>();
  return browser ? browser->toPlainText() : QString();
}

}  // namespace segscope::testing
