// The Timeline's filter.
#include "ui/models/timeline_filter.h"

#include "ui/step_text.h"

namespace segscope::ui {

bool stepMatches(const trace::Step& step, const QString& needle) {
  const auto has = [&](const std::string& text) {
    return QString::fromStdString(text).contains(needle, Qt::CaseInsensitive);
  };
  if (has(step.name) || has(std::string(trace::phaseName(step.phase)))) return true;
  if (shortStepLabel(step).contains(needle, Qt::CaseInsensitive)) return true;
  for (const std::string& line : step.logLines())
    if (has(line)) return true;
  return false;
}

void TimelineFilter::setTrace(std::shared_ptr<const trace::Trace> trace) {
  trace_ = std::move(trace);
  invalidateFilter();
}

void TimelineFilter::setCriteria(QString needle, bool hideUnchanged, bool hideRefused) {
  needle_ = std::move(needle);
  hideUnchanged_ = hideUnchanged;
  hideRefused_ = hideRefused;
  invalidateFilter();
}

bool TimelineFilter::filterAcceptsRow(int row, const QModelIndex& parent) const {
  const QModelIndex index = sourceModel()->index(row, 0, parent);
  if (index.data(kNvFuserLaneRole).toBool())
    return needle_.isEmpty() || index.data(Qt::DisplayRole).toString().contains(needle_, Qt::CaseInsensitive);
  const int step = index.data(kStepIndexRole).toInt();
  if (step < 0 || !trace_ || static_cast<std::size_t>(step) >= trace_->size()) return false;
  const trace::Step& s = trace_->step(static_cast<std::size_t>(step));
  const bool refused = s.merge && !s.merge->ok();
  if (hideRefused_ && refused) return false;
  if (hideUnchanged_ && s.changedNothing() && !refused) return false;
  return needle_.isEmpty() || stepMatches(s, needle_);
}

}  // namespace segscope::ui
