// The look the application shares: resources/ (icons, app icon, stylesheet) registered once,
// the light or dark theme, and the graph's colours as the theme draws them.
#pragma once

#include <QColor>
#include <QIcon>
#include <QString>
#include <string>

class QApplication;

namespace segscope::ui {

/// Registers resources/segscope.qrc (compiled into this static library, so it must be asked
/// for by name); safe to call many times. MainWindow calls it for its icons.
void registerResources();

enum class Theme { System, Light, Dark };
Theme themeFromName(const QString& name);  // "system", "light", "dark"; anything else: System
QString themeName(Theme theme);

/// The application icon, palette and stylesheet for `theme`. System follows the desktop's
/// palette: a dark window colour means the dark theme.
void applyAppearance(QApplication& app, Theme theme = Theme::System);

/// Whether the palette in use is dark (what every themed colour below asks).
bool darkPalette();

/// resources/icons/NAME.svg, redrawn in a light ink when the palette is dark.
QIcon themedIcon(const QString& name);
/// A 12-pixel square in a scheduler's cluster colours (the Segments and nvFuser docks' rows).
QIcon schedulerSwatch(const std::string& scheduler);

/// Graph colours as the theme draws them; the light theme draws them as given. In the dark
/// theme a pale fill becomes a dark one of the same hue, dark ink becomes light, and a pen
/// too dark to see on the dark canvas is lightened.
QColor themedFill(const QColor& c);
QColor themedInk(const QColor& c);
QColor themedPen(const QColor& c);
QColor canvasColor();
/// The text colour of an accepted or a refused merge (timeline, merge log), themed as ink.
QColor verdictColor(bool accepted);
/// `css` with every "color: #hex" drawn as themedInk and every "background(-color): #hex" as
/// themedFill: one stylesheet serves both themes.
QString themedCss(const QString& css);

}  // namespace segscope::ui
