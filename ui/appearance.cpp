// Registering resources/, applying the theme, and the colours and icons it implies.
#include "ui/appearance.h"

#include <QApplication>
#include <QFile>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QRegularExpression>
#include <QStyleFactory>
#include <QSvgRenderer>
#include <algorithm>

#include "graph/graph_model.h"

// Q_INIT_RESOURCE names a function in the global namespace.
static void initSegscopeResources() { Q_INIT_RESOURCE(segscope); }

namespace segscope::ui {
namespace {

constexpr const char* kIconInk = "#37474f";  // the stroke every icon in resources/icons uses

QPalette darkPaletteColors() {
  QPalette p;
  const QColor window("#212529"), base("#1a1d20"), text("#e9ecef"), muted("#868e96");
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, QColor("#25282c"));
  p.setColor(QPalette::ToolTipBase, QColor("#343a40"));
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, muted);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, QColor("#2b2f33"));
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, QColor("#ff6b6b"));
  p.setColor(QPalette::Light, QColor("#3d4247"));
  p.setColor(QPalette::Midlight, QColor("#33373b"));
  p.setColor(QPalette::Mid, QColor("#2b2f33"));
  p.setColor(QPalette::Dark, QColor("#16181b"));
  p.setColor(QPalette::Shadow, Qt::black);
  p.setColor(QPalette::Highlight, QColor("#1971c2"));
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Link, QColor("#74c0fc"));
  p.setColor(QPalette::LinkVisited, QColor("#b197fc"));
  for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, QColor("#6c757d"));
  return p;
}

// Lightness moved, hue kept: HSL with a new lightness (and, for fills, a little less colour).
QColor withLightness(const QColor& c, double lightness, double saturationScale = 1.0) {
  const QColor hsl = c.toHsl();
  return QColor::fromHslF(std::max(0.0f, hsl.hslHueF()), std::clamp(hsl.hslSaturationF() * saturationScale, 0.0, 1.0),
                          std::clamp(lightness, 0.0, 1.0), c.alphaF());
}

}  // namespace

void registerResources() {
  static const bool registered = (initSegscopeResources(), true);
  (void)registered;
}

Theme themeFromName(const QString& name) {
  if (name.compare("dark", Qt::CaseInsensitive) == 0) return Theme::Dark;
  if (name.compare("light", Qt::CaseInsensitive) == 0) return Theme::Light;
  return Theme::System;
}

QString themeName(Theme theme) {
  switch (theme) {
    case Theme::Dark: return "dark";
    case Theme::Light: return "light";
    case Theme::System: break;
  }
  return "system";
}

void applyAppearance(QApplication& app, Theme theme) {
  registerResources();
  QApplication::setWindowIcon(QIcon(":/segscope.svg"));
  // The desktop's own palette decides "system"; remember it before a theme replaces it.
  static const QPalette desktop = QApplication::palette();
  const bool dark =
      theme == Theme::Dark || (theme == Theme::System && desktop.color(QPalette::Window).lightness() < 128);
  if (dark) {
    // Fusion draws every control from the palette, so the dark palette reaches all of them.
    if (QStyle* fusion = QStyleFactory::create("Fusion")) QApplication::setStyle(fusion);
    QApplication::setPalette(darkPaletteColors());
  } else {
    QApplication::setPalette(desktop);
  }
  QFile sheet(dark ? ":/segscope-dark.qss" : ":/segscope.qss");
  if (sheet.open(QIODevice::ReadOnly)) app.setStyleSheet(QString::fromUtf8(sheet.readAll()));
}

bool darkPalette() { return QApplication::palette().color(QPalette::Window).lightness() < 128; }

QIcon schedulerSwatch(const std::string& scheduler) {
  const graph::HighlightStyle style = graph::schedulerColors(scheduler);
  QPixmap pixmap(12, 12);
  pixmap.fill(Qt::transparent);
  QPainter p(&pixmap);
  p.setPen(QColor(QString::fromStdString(style.pen)));
  p.setBrush(QColor(QString::fromStdString(style.fill)));
  p.drawRect(0, 0, 11, 11);
  return QIcon(pixmap);
}

QIcon themedIcon(const QString& name) {
  registerResources();
  const QString path = ":/icons/" + name + ".svg";
  if (!darkPalette()) return QIcon(path);
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QByteArray svg = file.readAll();
  svg.replace(kIconInk, "#dee2e6");
  QSvgRenderer renderer(svg);
  QIcon icon;
  for (const int size : {16, 24, 32, 48}) {
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    renderer.render(&painter);
    painter.end();
    icon.addPixmap(pixmap);
  }
  return icon;
}

QColor themedFill(const QColor& c) {
  if (!darkPalette()) return c;
  return withLightness(c, 0.16 + (1.0 - c.lightnessF()) * 0.55, 0.7);
}

QColor themedInk(const QColor& c) {
  if (!darkPalette()) return c;
  return withLightness(c, 1.0 - c.lightnessF() * 0.85);
}

QColor themedPen(const QColor& c) {
  if (!darkPalette() || c.lightnessF() >= 0.45) return c;
  return withLightness(c, 0.7 - c.lightnessF() * 0.4);
}

QString themedCss(const QString& css) {
  if (!darkPalette()) return css;
  static const QRegularExpression colour(R"(((?:background-)?color|background)\s*:\s*(#[0-9a-fA-F]{6}))");
  QString out;
  qsizetype last = 0;
  for (auto it = colour.globalMatch(css); it.hasNext();) {
    const QRegularExpressionMatch m = it.next();
    const bool background = m.captured(1).startsWith("background");
    const QColor themed = background ? themedFill(QColor(m.captured(2))) : themedInk(QColor(m.captured(2)));
    out += css.mid(last, m.capturedStart() - last) + m.captured(1) + ": " + themed.name();
    last = m.capturedEnd();
  }
  return out + css.mid(last);
}

QColor canvasColor() { return darkPalette() ? QColor("#181a1d") : QColor("#fcfcfd"); }

QColor verdictColor(bool accepted) { return themedPen(accepted ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28)); }

}  // namespace segscope::ui
