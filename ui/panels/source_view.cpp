// The Source dock: a read-only QPlainTextEdit with a line-number gutter (Qt's code editor
// pattern) and one highlighted line.
#include "ui/panels/source_view.h"
#include "ui/models/step_cursor.h"

#include <algorithm>

#include <QFontDatabase>
#include <QMouseEvent>
#include <QPainter>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QVBoxLayout>

namespace segscope::ui {

namespace {
const QColor kHighlightColor(0xff, 0xf3, 0xbf);  // a calm yellow that keeps text readable
const QColor kGutterBackground(0xf5, 0xf7, 0xf8);
const QColor kGutterText(0x90, 0xa4, 0xae);
const QColor kGutterCurrentText(0x37, 0x47, 0x4f);
}  // namespace

/// The text editor plus its gutter. The gutter is a plain child widget drawn by the editor,
/// which owns the geometry (viewport margins) it lives in.
class SourceTextEdit final : public QPlainTextEdit {
 public:
  explicit SourceTextEdit(QWidget* parent) : QPlainTextEdit(parent), gutter_(new QWidget(this)) {
    gutter_->installEventFilter(this);
    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { updateGutterWidth(); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
      if (dy != 0)
        gutter_->scroll(0, dy);
      else
        gutter_->update(0, rect.y(), gutter_->width(), rect.height());
    });
    updateGutterWidth();
  }

  QWidget* gutter() const { return gutter_; }
  int markedLine = 0;

  int gutterWidth() const {
    const int digits = QString::number(std::max(1, blockCount())).size();
    return 12 + fontMetrics().horizontalAdvance(u'9') * std::max(3, digits);
  }

  /// 1-based line at a y position of the viewport (the gutter shares its y axis).
  int lineAt(int y) const {
    const QTextBlock block = cursorForPosition(QPoint(0, y)).block();
    if (!block.isValid()) return 0;
    // Below the last line cursorForPosition still answers the last block; that is no line.
    const QRectF area = blockBoundingGeometry(block).translated(contentOffset());
    return y <= area.bottom() ? block.blockNumber() + 1 : 0;
  }

 protected:
  void resizeEvent(QResizeEvent* event) override {
    QPlainTextEdit::resizeEvent(event);
    const QRect area = contentsRect();
    gutter_->setGeometry(QRect(area.left(), area.top(), gutterWidth(), area.height()));
  }

  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == gutter_ && event->type() == QEvent::Paint) {
      paintGutter(static_cast<QPaintEvent*>(event)->rect());
      return true;
    }
    return QPlainTextEdit::eventFilter(watched, event);
  }

 private:
  void updateGutterWidth() { setViewportMargins(gutterWidth(), 0, 0, 0); }

  void paintGutter(const QRect& dirty) {
    QPainter painter(gutter_);
    painter.fillRect(dirty, kGutterBackground);
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    const int lineHeight = fontMetrics().height();
    while (block.isValid() && top <= dirty.bottom()) {
      const int bottom = top + qRound(blockBoundingRect(block).height());
      if (block.isVisible() && bottom >= dirty.top()) {
        const int line = block.blockNumber() + 1;
        painter.setPen(line == markedLine ? kGutterCurrentText : kGutterText);
        painter.drawText(0, top, gutter_->width() - 6, lineHeight, Qt::AlignRight, QString::number(line));
      }
      block = block.next();
      top = bottom;
    }
  }

  QWidget* gutter_;
};

SourceView::SourceView(QWidget* parent) : QWidget(parent) {
  editor_ = new SourceTextEdit(this);
  editor_->setReadOnly(true);
  editor_->setLineWrapMode(QPlainTextEdit::NoWrap);
  editor_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  editor_->setPlaceholderText(tr("No script text for this trace"));
  // Read-only text still shows a caret by default; it would look like a second highlight.
  editor_->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
  editor_->viewport()->installEventFilter(this);
  editor_->gutter()->installEventFilter(this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(editor_);
}

QPlainTextEdit* SourceView::editor() const { return editor_; }

void SourceView::setSession(SessionPtr session) {
  editor_->setPlainText(session ? QString::fromStdString(session->source) : QString());
  highlightLine(0);
}

void SourceView::showFailedScript(const QString& text, int line, int column) {
  editor_->setPlainText(text);
  highlightLine(line);
  if (highlighted_ == 0) return;
  QTextCursor at(editor_->document()->findBlockByNumber(line - 1));
  at.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, std::max(0, column - 1));
  editor_->setTextCursor(at);
}

void SourceView::highlightLine(int line) {
  const QTextBlock block = line > 0 ? editor_->document()->findBlockByNumber(line - 1) : QTextBlock();
  highlighted_ = block.isValid() ? line : 0;
  editor_->markedLine = highlighted_;
  QList<QTextEdit::ExtraSelection> marks;
  if (block.isValid()) {
    QTextEdit::ExtraSelection mark;
    mark.format.setBackground(kHighlightColor);
    mark.format.setProperty(QTextFormat::FullWidthSelection, true);
    mark.cursor = QTextCursor(block);
    marks << mark;
    editor_->setTextCursor(QTextCursor(block));
    editor_->centerCursor();
  }
  editor_->setExtraSelections(marks);
  editor_->gutter()->update();
}

bool SourceView::eventFilter(QObject* watched, QEvent* event) {
  const bool onText = watched == editor_->viewport();
  const bool onGutter = watched == editor_->gutter();
  if ((onText || onGutter) && event->type() == QEvent::MouseButtonRelease) {
    const auto* mouse = static_cast<QMouseEvent*>(event);
    // A drag that selected text is a selection, not a click on a line.
    if (mouse->button() == Qt::LeftButton && !editor_->textCursor().hasSelection()) {
      if (const int line = editor_->lineAt(mouse->position().toPoint().y()); line > 0) emit lineClicked(line);
    }
  }
  return QWidget::eventFilter(watched, event);
}

void SourceView::follow(const StepCursor& cursor) {
  connect(&cursor, &StepCursor::sessionChanged, this, [this, &cursor] { setSession(cursor.session()); });
  connect(&cursor, &StepCursor::stepChanged, this, [this] { highlightLine(0); });
  connect(&cursor, &StepCursor::selectionChanged, this,
          [this, &cursor] { highlightLine(cursor.selection().sourceLine); });
}

}  // namespace segscope::ui
