// The Merge log dock: every merge attempt of the segmenter in one sortable, filterable table.
#include "ui/panels/merge_log_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include "ui/models/merge_log_filter.h"
#include "ui/models/timeline_filter.h"
#include "ui/step_text.h"

namespace segscope::ui {

namespace {

constexpr int kAcceptedRole = kMergeAcceptedRole;
constexpr int kSortRole = kMergeSortRole;

const QColor kAcceptedColor(0x2e, 0x7d, 0x32);
const QColor kRefusedColor(0xc6, 0x28, 0x28);

QStandardItem* textCell(const QString& text) {
  auto* item = new QStandardItem(text);
  item->setData(text, kSortRole);
  item->setEditable(false);
  return item;
}

QStandardItem* numberCell(int value, bool shown = true) {
  auto* item = new QStandardItem(shown ? QString::number(value) : QString());
  item->setData(value, kSortRole);
  item->setData(int(Qt::AlignRight | Qt::AlignVCenter), Qt::TextAlignmentRole);
  item->setEditable(false);
  return item;
}

QList<QStandardItem*> rowFor(const trace::Step& step) {
  const trace::MergeInfo& merge = *step.merge;
  const bool ok = merge.ok();
  QList<QStandardItem*> row(MergeLogView::ColumnCount);
  row[MergeLogView::StepColumn] = numberCell(step.index);
  row[MergeLogView::PhaseColumn] = textCell(QString::fromStdString(step.phase));
  // Round 0 (or -1) means "this phase has no rounds"; only the Herrmann merge counts from 1.
  row[MergeLogView::RoundColumn] = numberCell(merge.round, merge.round >= 1);
  row[MergeLogView::GroupsColumn] = textCell(mergeGroupsText(merge));
  row[MergeLogView::OpsColumn] = numberCell(static_cast<int>(merge.exprs.size()));
  row[MergeLogView::ResultColumn] = textCell(ok ? QStringLiteral("✓ accepted") : QStringLiteral("✗ refused"));
  row[MergeLogView::ResultColumn]->setForeground(ok ? kAcceptedColor : kRefusedColor);
  row[MergeLogView::SchedulerColumn] = textCell(QString::fromStdString(merge.accepted));
  const QString reason = refusalSummary(step);
  row[MergeLogView::ReasonColumn] = textCell(reason);
  row[MergeLogView::ReasonColumn]->setToolTip(stepLogText(step));
  row[MergeLogView::StepColumn]->setToolTip(QString::fromStdString(step.name));
  for (QStandardItem* cell : row) {
    cell->setData(step.index, kStepIndexRole);
    cell->setData(ok, kAcceptedRole);
  }
  return row;
}

}  // namespace

MergeLogView::MergeLogView(QWidget* parent) : QWidget(parent) {
  resultFilter_ = new QComboBox(this);
  resultFilter_->addItem(tr("All"));
  resultFilter_->addItem(tr("Accepted"));
  resultFilter_->addItem(tr("Refused"));
  textFilter_ = new QLineEdit(this);
  textFilter_->setPlaceholderText(tr("Filter: phase, groups, scheduler, reason"));
  textFilter_->setClearButtonEnabled(true);

  model_ = new QStandardItemModel(0, ColumnCount, this);
  filter_ = new MergeLogFilter(this);
  filter_->setSourceModel(model_);
  table_ = new QTableView(this);
  table_->setModel(filter_);
  table_->setSortingEnabled(true);
  table_->sortByColumn(StepColumn, Qt::AscendingOrder);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setWordWrap(false);
  table_->verticalHeader()->hide();
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  table_->horizontalHeader()->setStretchLastSection(true);

  auto* filters = new QHBoxLayout;
  filters->addWidget(resultFilter_);
  filters->addWidget(textFilter_, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addLayout(filters);
  layout->addWidget(table_, 1);

  connect(resultFilter_, &QComboBox::currentIndexChanged, this, &MergeLogView::onFilterChanged);
  connect(textFilter_, &QLineEdit::textChanged, this, &MergeLogView::onFilterChanged);
  connect(table_->selectionModel(), &QItemSelectionModel::currentChanged, this,
          [this](const QModelIndex& current) { onRowChosen(current); });
  connect(table_, &QTableView::clicked, this, &MergeLogView::onRowChosen);
  connect(table_, &QTableView::activated, this, &MergeLogView::onRowChosen);
  rebuildModel();
}

MergeLogView::~MergeLogView() = default;

void MergeLogView::setSession(SessionPtr session) {
  session_ = std::move(session);
  choice_.setCurrent(-1);
  rebuildModel();
}

void MergeLogView::rebuildModel() {
  const StepChoice::Quiet quiet = choice_.quiet();  // the reset moves the current index; that is not the user
  model_->removeRows(0, model_->rowCount());
  model_->setHorizontalHeaderLabels(
      {tr("Step"), tr("Phase"), tr("Round"), tr("Groups"), tr("Ops"), tr("Result"), tr("Scheduler"), tr("Reason")});
  if (session_ && session_->trace) {
    for (const trace::Step& step : session_->trace->steps())
      if (step.merge) model_->appendRow(rowFor(step));
  }
  table_->resizeColumnsToContents();
}

void MergeLogView::setCurrentStep(int index) {
  choice_.setCurrent(index);
  const StepChoice::Quiet quiet = choice_.quiet();
  QModelIndex found;
  for (int row = 0; row < filter_->rowCount() && !found.isValid(); ++row) {
    const QModelIndex cell = filter_->index(row, StepColumn);
    if (cell.data(kStepIndexRole).toInt() == index) found = cell;
  }
  if (found.isValid()) {
    table_->setCurrentIndex(found);
    table_->scrollTo(found);
  } else {
    table_->selectionModel()->clear();
  }
}

void MergeLogView::onRowChosen(const QModelIndex& proxyIndex) {
  if (proxyIndex.isValid() && choice_.choose(proxyIndex.data(kStepIndexRole).toInt()))
    emit stepActivated(choice_.current());
}

void MergeLogView::onFilterChanged() {
  const StepChoice::Quiet quiet = choice_.quiet();
  filter_->setCriteria(static_cast<MergeLogFilter::Result>(resultFilter_->currentIndex()), textFilter_->text());
  setCurrentStep(choice_.current());
}

}  // namespace segscope::ui
