// The Find bar above the canvas (Ctrl+F): a query, "3 of 17", previous/next, the results list
// and close. It only edits and reports; the window searches the step (graph::findInSnapshot)
// and shows the match.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;
class QTreeWidget;

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
  /// The results list: one row (op, type and shape, segment) per match, `current` selected;
  /// `total` counts matches beyond the rows given.
  void setResults(const QList<QStringList>& rows, int current, int total);
  void setCurrentResult(int current);
  /// Shows or hides the results list (the ☰ button, or Down in the query).
  void showResults(bool on);
  bool resultsShown() const;
  QTreeWidget* results() const { return results_; }

 signals:
  void queryChanged(const QString& query);
  void next();
  void previous();
  void closed();
  void resultActivated(int index);

 protected:
  void keyPressEvent(QKeyEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  bool handleKey(const QKeyEvent* event);
  QLineEdit* edit_ = nullptr;
  QLabel* count_ = nullptr;
  QToolButton* listButton_ = nullptr;
  QTreeWidget* results_ = nullptr;
  QLabel* more_ = nullptr;  // "and 1,234 more" under a bounded list
};

}  // namespace segscope::ui
