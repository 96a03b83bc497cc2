// The look the application shares: resources/ (icons, app icon, stylesheet) registered once.
#pragma once

class QApplication;

namespace segscope::ui {

/// Registers resources/segscope.qrc (compiled into this static library, so it must be asked
/// for by name); safe to call many times. MainWindow calls it for its icons.
void registerResources();

/// The application icon and resources/segscope.qss on `app`.
void applyAppearance(QApplication& app);

}  // namespace segscope::ui
