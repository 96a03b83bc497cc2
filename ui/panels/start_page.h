// The window's empty state: what Segscope opens, an Open button and the recent files (only files
// that loaded), shown in place of the canvas until a fusion is open.
#pragma once

#include <QStringList>
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;

namespace segscope::ui {

class StartPage : public QWidget {
  Q_OBJECT

 public:
  explicit StartPage(QWidget* parent = nullptr);

  /// Absolute paths, newest first; files that no longer exist are listed greyed out.
  void setRecent(const QStringList& paths);
  QListWidget* recentList() const { return recent_; }
  QPushButton* openButton() const { return open_; }

 signals:
  void openRequested();
  void recentActivated(const QString& path);

 private:
  QPushButton* open_ = nullptr;
  QLabel* recentTitle_ = nullptr;
  QListWidget* recent_ = nullptr;
  QLabel* noRecent_ = nullptr;
};

}  // namespace segscope::ui
