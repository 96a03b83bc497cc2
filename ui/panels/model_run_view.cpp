// The model-run table: rows, filters (text, show, reason), the split-reason histogram, progress.
#include "ui/panels/model_run_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace segscope::ui {
namespace {

enum Column { kName, kLine, kOps, kSegments, kSchedulers, kNvFuser, kAgree, kSplitBy, kSizes, kMs, kColumns };
constexpr int kRowRole = Qt::UserRole + 1;     // the report row of a table row (column 0)
constexpr int kReasonRole = Qt::UserRole + 2;  // the reason classes of a row (column 0), space separated
constexpr int kStateRole = Qt::UserRole + 3;   // "differ", "failed", "agree", "" (column 0)

QString schedulersText(const std::vector<std::string>& schedulers) {
  QString out;
  for (std::size_t i = 0; i < schedulers.size();) {
    std::size_t j = i;
    while (j < schedulers.size() && schedulers[j] == schedulers[i]) ++j;
    out += (out.isEmpty() ? "" : " ") + (j - i > 1 ? QString("%1×").arg(j - i) : QString()) +
           QString::fromStdString(schedulers[i]);
    i = j;
  }
  return out;
}

QStandardItem* number(double value, int decimals = 0) {
  auto* item = new QStandardItem;
  item->setData(decimals == 0 ? QVariant(static_cast<qlonglong>(value)) : QVariant(value), Qt::DisplayRole);
  if (decimals > 0) item->setData(QString::number(value, 'f', decimals), Qt::DisplayRole);
  item->setData(value, Qt::UserRole);  // what sorting compares
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

QStandardItem* text(const QString& s, const QString& tip = {}) {
  auto* item = new QStandardItem(s);
  item->setData(s, Qt::UserRole);
  if (!tip.isEmpty()) item->setToolTip(tip);
  return item;
}

}  // namespace

/// Keeps the rows that match the text (name or schedulers), the Show box and the reason bar.
class ModelRunFilter : public QSortFilterProxyModel {
 public:
  using QSortFilterProxyModel::QSortFilterProxyModel;
  void set(const QString& text, const QString& show, const QString& reason) {
    text_ = text;
    show_ = show;
    reason_ = reason;
    invalidateFilter();
  }

 protected:
  bool filterAcceptsRow(int row, const QModelIndex& parent) const override {
    const QModelIndex first = sourceModel()->index(row, kName, parent);
    const QString state = first.data(kStateRole).toString();
    if (show_ == "differ" && state != "differ") return false;
    if (show_ == "failed" && state != "failed") return false;
    if (show_ == "nvfuser" && state != "differ" && state != "agree") return false;
    if (!reason_.isEmpty() && !first.data(kReasonRole).toString().split(' ').contains(reason_)) return false;
    if (text_.isEmpty()) return true;
    for (int c : {kName, kSchedulers, kNvFuser, kSplitBy})
      if (sourceModel()->index(row, c, parent).data().toString().contains(text_, Qt::CaseInsensitive)) return true;
    return false;
  }

 private:
  QString text_, show_ = "all", reason_;
};

ModelRunView::ModelRunView(QWidget* parent)
    : QWidget(parent),
      title_(new QLabel(this)),
      totals_(new QLabel(this)),
      filterEdit_(new QLineEdit(this)),
      showBox_(new QComboBox(this)),
      progress_(new QProgressBar(this)),
      cancel_(new QPushButton("Cancel", this)),
      table_(new QTableView(this)),
      model_(new QStandardItemModel(0, kColumns, this)),
      filter_(new ModelRunFilter(this)),
      reasons_(new QListWidget(this)) {
  setObjectName("modelRunView");
  title_->setTextFormat(Qt::RichText);
  totals_->setWordWrap(true);
  filterEdit_->setPlaceholderText("Filter by fusion, scheduler or reason");
  filterEdit_->setClearButtonEnabled(true);
  filterEdit_->setObjectName("modelRunFilter");
  showBox_->addItem("Every fusion", "all");
  showBox_->addItem("Differs from nvFuser", "differ");
  showBox_->addItem("With nvFuser's output", "nvfuser");
  showBox_->addItem("Did not load", "failed");
  showBox_->setObjectName("modelRunShow");
  model_->setHorizontalHeaderLabels(
      {"Fusion", "Line", "Ops", "Segments", "Schedulers", "nvFuser", "Agree", "Split by", "Sizes", "ms"});
  filter_->setSourceModel(model_);
  filter_->setSortRole(Qt::UserRole);
  table_->setModel(filter_);
  table_->setObjectName("modelRunTable");
  table_->setSortingEnabled(true);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setAlternatingRowColors(true);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->sortByColumn(kLine, Qt::AscendingOrder);
  reasons_->setObjectName("modelRunReasons");
  reasons_->setToolTip("Why fusions were split: Segscope's count / nvFuser's. Click a reason to see its fusions.");
  progress_->hide();
  cancel_->hide();

  auto* bar = new QHBoxLayout;
  bar->addWidget(filterEdit_, 1);
  bar->addWidget(showBox_);
  bar->addWidget(progress_);
  bar->addWidget(cancel_);
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addLayout(bar);
  leftLayout->addWidget(table_, 1);
  auto* right = new QWidget(this);
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  rightLayout->addWidget(new QLabel("<b>Why fusions were split</b> (Segscope / nvFuser)", right));
  rightLayout->addWidget(reasons_, 1);
  auto* split = new QSplitter(this);
  split->addWidget(left);
  split->addWidget(right);
  split->setStretchFactor(0, 5);
  split->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(title_);
  layout->addWidget(totals_);
  layout->addWidget(split, 1);

  const auto refilter = [this] {
    const QListWidgetItem* picked = reasons_->currentItem();
    filter_->set(filterEdit_->text(), showBox_->currentData().toString(),
                 picked ? picked->data(Qt::UserRole).toString() : QString());
    updateCount();
  };
  connect(filterEdit_, &QLineEdit::textChanged, this, refilter);
  connect(showBox_, &QComboBox::currentIndexChanged, this, refilter);
  connect(reasons_, &QListWidget::currentItemChanged, this, refilter);
  connect(table_, &QTableView::activated, this, [this](const QModelIndex& index) {
    const QModelIndex first = filter_->mapToSource(index).siblingAtColumn(kName);
    emit rowActivated(first.data(kRowRole).toInt());
  });
  connect(cancel_, &QPushButton::clicked, this, &ModelRunView::cancelRequested);
}

void ModelRunView::startReading(const QString& title) {
  report_.reset();
  model_->removeRows(0, model_->rowCount());
  reasons_->clear();
  title_->setText("<b>" + title.toHtmlEscaped() + "</b>");
  totals_->setText("Reading the run and segmenting every fusion…");
  progress_->setRange(0, 0);
  progress_->show();
  cancel_->show();
}

void ModelRunView::setProgress(int done, int total) {
  progress_->setRange(0, total);
  progress_->setValue(done);
  progress_->setFormat(QString("%1 of %2 fusions").arg(done).arg(total));
}

void ModelRunView::setReport(std::shared_ptr<const comparison::ModelRunReport> report, const QString& title) {
  report_ = std::move(report);
  progress_->hide();
  cancel_->hide();
  title_->setText("<b>" + title.toHtmlEscaped() + "</b>");
  fillTable();
  fillReasons();
  updateCount();
}

void ModelRunView::fillTable() {
  model_->removeRows(0, model_->rowCount());
  const bool oneFile = report_->files.size() == 1;
  for (std::size_t i = 0; i < report_->rows.size(); ++i) {
    const comparison::ModelFusionRow& r = report_->rows[i];
    QList<QStandardItem*> row;
    auto* name = text(QString::fromStdString(r.name),
                      QString::fromStdString(r.file + ":" + std::to_string(r.line) + " (" + r.kind + ")"));
    name->setData(static_cast<int>(i), kRowRole);
    QString reasons = QString::fromStdString(r.splitBy);
    if (r.nvfuser && !r.nvfuser->splitBy.empty()) reasons += " " + QString::fromStdString(r.nvfuser->splitBy);
    name->setData(reasons.trimmed(), kReasonRole);
    const bool dumpOnly = r.kind == model::entryKindName(model::EntryKind::NvFuserDump);
    name->setData(dumpOnly ? "" : !r.loaded ? "failed" : !r.agree ? "" : *r.agree ? "agree" : "differ", kStateRole);
    row << name;
    row << (oneFile ? number(r.line) : text(QString::fromStdString(r.file + ":" + std::to_string(r.line))));
    const auto nvFuserCell = [&r] {
      return r.nvfuser && r.nvfuser->segments > 0
                 ? text(QString("%1  %2").arg(r.nvfuser->segments).arg(schedulersText(r.nvfuser->schedulers)),
                        QString::fromStdString(r.nvfuser->source))
                 : text("");
    };
    if (r.kind == model::entryKindName(model::EntryKind::NvFuserDump)) {  // nvFuser's view only
      row << number(r.ops) << text("—")
          << text("nvFuser's view only (no definition)", QString::fromStdString(r.diagnostic));
      row[kSchedulers]->setForeground(QColor(0x75, 0x75, 0x75));
      row << nvFuserCell();
      for (int c = kNvFuser + 1; c < kColumns; ++c) row << text("");
      model_->appendRow(row);
      continue;
    }
    if (!r.loaded) {
      row << text("") << text("") << text(QString::fromStdString(r.diagnostic), QString::fromStdString(r.diagnostic));
      for (int c = kNvFuser; c < kColumns; ++c) row << text("");
      row[kSchedulers]->setForeground(QColor(0xc6, 0x28, 0x28));
      model_->appendRow(row);
      continue;
    }
    row << number(r.ops) << number(r.segments) << text(schedulersText(r.schedulers));
    row << nvFuserCell();
    auto* agree = text(!r.agree ? "" : *r.agree ? "✓" : "differs", QString::fromStdString(r.divergence));
    if (r.agree && !*r.agree) agree->setForeground(QColor(0xc6, 0x28, 0x28));
    row << agree << text(QString::fromStdString(r.splitBy));
    row << text(QString::fromStdString(r.sizes),
                r.warnings.empty() ? QString() : QString::fromStdString(r.warnings.front()));
    row << number(r.milliseconds, 1);
    model_->appendRow(row);
  }
  table_->resizeColumnsToContents();
  // A diagnostic in a row that did not load must not push the other columns off the table: it
  // is elided here and whole in its tooltip.
  constexpr int kWidest = 420;
  for (int c = 0; c < kColumns; ++c)
    if (table_->columnWidth(c) > kWidest) table_->setColumnWidth(c, kWidest);
}

void ModelRunView::fillReasons() {
  reasons_->clear();
  auto* all = new QListWidgetItem("Every reason", reasons_);
  all->setData(Qt::UserRole, QString());
  for (const comparison::ReasonCount& c : report_->reasons) {
    auto* item = new QListWidgetItem(
        QString("%1 / %2   %3").arg(c.segscope, 3).arg(c.nvfuser).arg(QString::fromStdString(c.title)), reasons_);
    item->setData(Qt::UserRole, QString::fromStdString(c.reason));
    item->setToolTip(QString("%1 fusion%2: click to list them").arg(c.rows.size()).arg(c.rows.size() == 1 ? "" : "s"));
  }
}

void ModelRunView::updateCount() {
  if (!report_) return;
  const comparison::ModelRunReport& r = *report_;
  int madeUp = 0;
  for (const comparison::ModelFusionRow& row : r.rows) madeUp += row.sizes == "default" || row.sizes == "definition";
  totals_->setText(QString("%1 fusions (%2 loaded), %3 segments · nvFuser's output for %4: %5 agree, %6 differ · "
                           "%7 with open sizes and no footer (Sizes says how they were sized) · showing %8%9")
                       .arg(r.rows.size())
                       .arg(r.loaded)
                       .arg(r.segments)
                       .arg(r.withNvFuser)
                       .arg(r.agreeing)
                       .arg(r.differing)
                       .arg(madeUp)
                       .arg(visibleRows())
                       .arg(r.cancelled ? " · cancelled: some fusions were not segmented" : ""));
}

int ModelRunView::selectedRow() const {
  const QModelIndexList rows = table_->selectionModel()->selectedRows(kName);
  return rows.isEmpty() ? -1 : filter_->mapToSource(rows.front()).data(kRowRole).toInt();
}

void ModelRunView::selectRow(int row) {
  for (int r = 0; r < filter_->rowCount(); ++r) {
    const QModelIndex index = filter_->index(r, kName);
    if (filter_->mapToSource(index).data(kRowRole).toInt() != row) continue;
    table_->selectRow(r);
    table_->scrollTo(index);
    return;
  }
}

int ModelRunView::visibleRows() const { return filter_->rowCount(); }

void ModelRunView::setShow(const QString& which) {
  const int at = showBox_->findData(which);
  if (at >= 0) showBox_->setCurrentIndex(at);
}

void ModelRunView::setReasonFilter(const QString& reason) {
  for (int i = 0; i < reasons_->count(); ++i)
    if (reasons_->item(i)->data(Qt::UserRole).toString() == reason) reasons_->setCurrentRow(i);
}

void ModelRunView::setTextFilter(const QString& text) { filterEdit_->setText(text); }

}  // namespace segscope::ui
