// The Find bar above the canvas (Ctrl+F): a query, "3 of 17", previous/next and close. It only
// edits and reports; the window searches the picture (graph::findNodes) and shows the match.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;

namespace segscope::ui {

class FindBar : public QWidget {
  Q_OBJECT

 public:
  explicit FindBar(QWidget* parent = nullptr);

  QLineEdit* edit() const { return edit_; }
  QString query() const;
  /// Shows the bar with the query selected, ready to type over.
  void open();
  /// "3 of 17", "no match", or nothing for an empty query.
  void setCount(int current, int total);
  QString countText() const;

 signals:
  void queryChanged(const QString& query);
  void next();
  void previous();
  void closed();

 protected:
  void keyPressEvent(QKeyEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  bool handleKey(const QKeyEvent* event);
  QLineEdit* edit_ = nullptr;
  QLabel* count_ = nullptr;
};

}  // namespace segscope::ui
