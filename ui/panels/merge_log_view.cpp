// The Merge log dock: every merge attempt of the segmenter in one sortable, filterable table.
#include "ui/panels/merge_log_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include "ui/models/merge_log_filter.h"
#include "ui/models/step_cursor.h"
#include "ui/models/timeline_filter.h"

namespace segscope::ui {

namespace {

constexpr int kRowsMeasuredForWidth = 200;
constexpr int kGroupsColumnChars = 32;

}  // namespace

MergeLogView::MergeLogView(QWidget* parent) : QWidget(parent) {
  resultFilter_ = new QComboBox(this);
  resultFilter_->addItem(tr("All"));
  resultFilter_->addItem(tr("Accepted"));
  resultFilter_->addItem(tr("Refused"));
  textFilter_ = new QLineEdit(this);
  textFilter_->setPlaceholderText(tr("Filter: phase, groups, scheduler, reason"));
  textFilter_->setClearButtonEnabled(true);

  model_ = new MergeLogModel(this);
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
  // Widths from the first rows only: measuring all ~10k rows of a large fusion took a second.
  table_->horizontalHeader()->setResizeContentsPrecision(kRowsMeasuredForWidth);

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
  model_->setTrace(session_ ? session_->trace : nullptr);
  table_->resizeColumnsToContents();
  // A final merge of dozens of groups lists them all; the column keeps room for the reason.
  const int groupsWidth = table_->fontMetrics().horizontalAdvance(QLatin1Char('0')) * kGroupsColumnChars;
  if (table_->columnWidth(GroupsColumn) > groupsWidth) table_->setColumnWidth(GroupsColumn, groupsWidth);
}

void MergeLogView::setCurrentStep(int index) {
  choice_.setCurrent(index);
  const StepChoice::Quiet quiet = choice_.quiet();
  const int row = model_->rowOfStep(index);
  const QModelIndex found = row < 0 ? QModelIndex() : filter_->mapFromSource(model_->index(row, StepColumn));
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

void MergeLogView::follow(const StepCursor& cursor) {
  connect(&cursor, &StepCursor::sessionChanged, this, [this, &cursor] { setSession(cursor.session()); });
  connect(&cursor, &StepCursor::stepChanged, this, &MergeLogView::setCurrentStep);
}

}  // namespace segscope::ui
