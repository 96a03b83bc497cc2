// The window's current session, step, selection and nvFuser log, observed by every dock.
#include "ui/models/step_cursor.h"

#include <algorithm>

namespace segscope::ui {

StepCursor::StepCursor(QObject* parent) : QObject(parent) {}

int StepCursor::stepCount() const {
  return session_ && session_->trace ? static_cast<int>(session_->trace->size()) : 0;
}

const trace::Step* StepCursor::step() const {
  if (index_ < 0 || index_ >= stepCount()) return nullptr;
  return &session_->trace->step(static_cast<std::size_t>(index_));
}

void StepCursor::setSession(SessionPtr session) {
  session_ = std::move(session);
  index_ = -1;
  emit sessionChanged();
}

void StepCursor::setStep(int index) {
  const int n = stepCount();
  if (n == 0) return;
  index_ = std::clamp(index, 0, n - 1);
  emit stepChanged(index_);
}

void StepCursor::select(const Selection& selection, const graph::GraphModel* picture) {
  selection_ = selection;
  picture_ = picture;
  emit selectionChanged();
}

void StepCursor::remember(const Selection& selection) {
  selection_ = selection;
  picture_ = nullptr;
}

void StepCursor::setLogComparison(std::shared_ptr<const comparison::LogComparison> comparison) {
  comparison_ = std::move(comparison);
  emit logComparisonChanged();
}

void StepCursor::setPictureNote(const QString& note) {
  if (note == pictureNote_) return;
  pictureNote_ = note;
  emit pictureNoteChanged();
}

}  // namespace segscope::ui
