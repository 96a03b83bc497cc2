// The Source dock: the script the trace was recorded from, read-only, with line numbers;
// the selected node's line highlighted, and clicks on a line reported.
#pragma once

#include <QWidget>

#include "ui/session.h"

class QPlainTextEdit;

namespace segscope::ui {

class StepCursor;

class SourceTextEdit;

class SourceView : public QWidget {
  Q_OBJECT

 public:
  explicit SourceView(QWidget* parent = nullptr);

  void setSession(SessionPtr session);
  /// Follows the window's cursor: the session's script, the selected op's line (none on a new
  /// step).
  void follow(const StepCursor& cursor);
  /// Shows `text` (a script that failed to load) with `line` marked and the cursor at 1-based
  /// `column`; the next setSession shows the session's script again.
  void showFailedScript(const QString& text, int line, int column);
  /// Marks 1-based `line` across the full width and scrolls it into view; 0 (or a line
  /// past the end) clears the mark.
  void highlightLine(int line);
  int highlightedLine() const { return highlighted_; }

  QPlainTextEdit* editor() const;

 signals:
  /// The user clicked 1-based `line` (in the text or on its number).
  void lineClicked(int line);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  SourceTextEdit* editor_ = nullptr;
  int highlighted_ = 0;
};

}  // namespace segscope::ui
