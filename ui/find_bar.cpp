// The Find bar's widgets and keys: Enter/F3 next, Shift+Enter/Shift+F3 previous, Escape closes.
#include "ui/find_bar.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace segscope::ui {

FindBar::FindBar(QWidget* parent) : QWidget(parent) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 3, 6, 3);
  auto* label = new QLabel("Find in graph:", this);
  edit_ = new QLineEdit(this);
  edit_->setPlaceholderText("op or tensor name, op type, dtype or shape — e.g. T12, sum, bf16 2048");
  edit_->setClearButtonEnabled(true);
  count_ = new QLabel(this);
  count_->setMinimumWidth(80);
  const auto button = [this](const QString& text, const QString& tip) {
    auto* b = new QToolButton(this);
    b->setText(text);
    b->setToolTip(tip);
    b->setAutoRaise(true);
    return b;
  };
  QToolButton* previousButton = button("▲", "Previous match (Shift+Enter, Shift+F3)");
  QToolButton* nextButton = button("▼", "Next match (Enter, F3)");
  QToolButton* closeButton = button("✕", "Close (Escape)");
  layout->addWidget(label);
  layout->addWidget(edit_, 1);
  layout->addWidget(count_);
  layout->addWidget(previousButton);
  layout->addWidget(nextButton);
  layout->addWidget(closeButton);
  connect(edit_, &QLineEdit::textChanged, this, &FindBar::queryChanged);
  edit_->installEventFilter(this);  // the edit sees the keys first: Enter, F3, Escape
  connect(previousButton, &QToolButton::clicked, this, &FindBar::previous);
  connect(nextButton, &QToolButton::clicked, this, &FindBar::next);
  connect(closeButton, &QToolButton::clicked, this, [this] {
    hide();
    emit closed();
  });
  setAutoFillBackground(true);
  hide();
}

QString FindBar::query() const { return edit_->text(); }

void FindBar::open() {
  show();
  edit_->setFocus(Qt::ShortcutFocusReason);
  edit_->selectAll();
}

void FindBar::setCount(int current, int total) {
  if (query().trimmed().isEmpty())
    count_->clear();
  else if (total == 0)
    count_->setText("<span style='color:#c92a2a'>no match</span>");
  else
    count_->setText(QString("%1 of %2").arg(current + 1).arg(total));
}

QString FindBar::countText() const { return count_->text(); }

bool FindBar::handleKey(const QKeyEvent* event) {
  const bool shift = event->modifiers() & Qt::ShiftModifier;
  switch (event->key()) {
    case Qt::Key_Escape:
      hide();
      emit closed();
      return true;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_F3:
      if (shift)
        emit previous();
      else
        emit next();
      return true;
    default: return false;
  }
}

bool FindBar::eventFilter(QObject* watched, QEvent* event) {
  // Escape and F3 are window shortcuts too (Cancel layout …): claim them while typing here.
  if (watched == edit_ && event->type() == QEvent::ShortcutOverride) {
    const int key = static_cast<QKeyEvent*>(event)->key();
    if (key == Qt::Key_Escape || key == Qt::Key_F3 || key == Qt::Key_Return || key == Qt::Key_Enter) {
      event->accept();
      return true;
    }
  }
  if (watched == edit_ && event->type() == QEvent::KeyPress && handleKey(static_cast<QKeyEvent*>(event))) return true;
  return QWidget::eventFilter(watched, event);
}

void FindBar::keyPressEvent(QKeyEvent* event) {
  if (!handleKey(event)) QWidget::keyPressEvent(event);
}

}  // namespace segscope::ui
