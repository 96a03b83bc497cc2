// Running the segmented fusion off the GUI thread and drawing what it measured.
#include "ui/panels/run_view.h"

#include "ui/step_text.h"

#include <cmath>

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "graph/graph_model.h"
#include "pipeline/run_stage.h"
#include "support/text.h"
#include "ui/models/step_cursor.h"

namespace segscope::ui {
namespace {

constexpr int kRowHeight = 22;
constexpr int kLabelWidth = 190;

QString bytesLabel(std::int64_t bytes) { return QString::fromStdString(support::bytesText(bytes)); }

// The CUDA entry stays visible when off so users see why (no driver, no device).
bool cudaUsable() { return pipeline::cudaDeviceUsable(); }

}  // namespace

QString formatMs(double ms) { return QString::fromStdString(support::durationText(ms, "µs")); }

// ------------------------------------------------------------------------- SegmentBars

SegmentBars::SegmentBars(QWidget* parent) : QWidget(parent) { setMinimumHeight(kRowHeight); }

void SegmentBars::setBars(std::vector<Bar> bars) {
  bars_ = std::move(bars);
  updateGeometry();
  setMinimumHeight(static_cast<int>(bars_.size()) * kRowHeight + 8);
  update();
}

QSize SegmentBars::sizeHint() const { return {520, static_cast<int>(bars_.size()) * kRowHeight + 8}; }

void SegmentBars::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.fillRect(rect(), palette().base());
  if (bars_.empty()) {
    p.setPen(QColor("#868e96"));
    p.drawText(rect().adjusted(8, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
               "Run the fusion (Ctrl+R) to time each segment.");
    return;
  }
  const double longest = std::max_element(bars_.begin(), bars_.end(), [](const Bar& a, const Bar& b) {
                           return a.medianMs < b.medianMs;
                         })->medianMs;
  const bool nvFuserTimes = std::any_of(bars_.begin(), bars_.end(), [](const Bar& b) { return b.nvFuserMs >= 0; });
  const int figuresWidth = nvFuserTimes ? 420 : 260;
  const int barSpace = std::max(40, width() - kLabelWidth - figuresWidth);
  for (std::size_t i = 0; i < bars_.size(); ++i) {
    const Bar& b = bars_[i];
    const int y = 4 + static_cast<int>(i) * kRowHeight;
    p.setPen(palette().text().color());
    p.drawText(QRect(6, y, kLabelWidth - 10, kRowHeight - 4), Qt::AlignLeft | Qt::AlignVCenter,
               b.scheduler == "host scalars"
                   ? b.scheduler
                   : QString("segment %1 · %2%3").arg(b.segment).arg(b.scheduler, b.host ? " (host)" : ""));
    const graph::HighlightStyle colors = graph::schedulerColors(b.scheduler.toStdString());
    const double fraction = longest > 0 ? b.medianMs / longest : 0.0;
    const QRectF bar(kLabelWidth, y + 3, std::max(2.0, fraction * barSpace), kRowHeight - 9);
    QColor fill(QString::fromStdString(colors.pen));  // the clusters' pale fill is too faint for a bar
    fill.setAlpha(150);
    p.setBrush(fill);
    p.setPen(QPen(QColor(QString::fromStdString(colors.pen)), 1));
    p.drawRoundedRect(bar, 3, 3);
    p.setPen(palette().text().color());
    QString figures = QString("%1 · %2").arg(formatMs(b.medianMs), bytesLabel(b.bytes));
    if (b.peakGBps > 0 && b.medianMs > 0) {
      const double gbps = static_cast<double>(b.bytes) / (b.medianMs * 1e6);
      figures += QString(" · %1 GB/s (%2 %)").arg(gbps, 0, 'f', 0).arg(100.0 * gbps / b.peakGBps, 0, 'f', 0);
    }
    if (b.nvFuserMs >= 0)
      figures += QString(" · nvFuser: %1%2")
                     .arg(formatMs(b.nvFuserMs))
                     .arg(b.nvFuserKernels > 1 ? QString(" in %1 kernels").arg(b.nvFuserKernels) : QString());
    p.drawText(QRectF(bar.right() + 6, y, figuresWidth, kRowHeight - 4), Qt::AlignLeft | Qt::AlignVCenter, figures);
  }
}

void SegmentBars::mousePressEvent(QMouseEvent* event) {
  const int row = (event->position().toPoint().y() - 4) / kRowHeight;
  if (row >= 0 && row < static_cast<int>(bars_.size()))
    emit segmentClicked(bars_[static_cast<std::size_t>(row)].segment);
}

// ---------------------------------------------------------------------------- RunView

RunView::RunView(QWidget* parent) : QWidget(parent) {
  backend_ = new QComboBox(this);
  backend_->addItems({"CPU reference", "CUDA"});
  if (auto* model = qobject_cast<QStandardItemModel*>(backend_->model()); model && !cudaUsable()) {
    QStandardItem* cuda = model->item(1);
    cuda->setEnabled(false);
    cuda->setToolTip(QString::fromStdString(pipeline::noCudaDeviceMessage()));
  }
  backend_->setToolTip("CPU reference: the interpreter runs each segment (times are the interpreter's, not a GPU's)");
  repeat_ = new QSpinBox(this);
  // 0 is "auto": on the CPU, up to kAutoCpuRepeat runs, stopping once they took
  // kAutoCpuBudgetMs, so a big fusion runs once and a small one gets a stable median.
  repeat_->setRange(0, 1000);
  repeat_->setValue(0);
  repeat_->setSpecialValueText("median of auto");
  repeat_->setPrefix("median of ");
  repeat_->setToolTip(QString("Timed runs (CPU) or launches per segment (CUDA). auto: on the CPU up to %1 runs, "
                              "stopping after %2 s; %3 launches on CUDA")
                          .arg(kAutoCpuRepeat)
                          .arg(kAutoCpuBudgetMs / 1000)
                          .arg(kAutoCudaRepeat));
  codegen_ = new QLineEdit(this);
  codegen_->setObjectName("codegenOptions");
  codegen_->setPlaceholderText("codegen: KEY=VALUE …");
  codegen_->setClearButtonEnabled(true);
  codegen_->setMaximumWidth(260);
  QString keys = "How the CUDA kernels are generated (segscope-cli run --codegen KEY=VALUE); defaults:";
  for (const pipeline::CodegenOptionInfo& o : pipeline::codegenOptionList())
    keys += QString("\n%1=%2  %3")
                .arg(QString::fromStdString(o.key), QString::fromStdString(o.defaultValue),
                     QString::fromStdString(o.description));
  codegen_->setToolTip(keys);
  connect(backend_, &QComboBox::currentIndexChanged, this, [this](int index) { codegen_->setEnabled(index == 1); });
  codegen_->setEnabled(false);
  runButton_ = new QPushButton("Run", this);
  runButton_->setToolTip("Run the final segmentation and check it against the unsegmented fusion (Ctrl+R)");
  cancelButton_ = new QPushButton("Cancel", this);
  cancelButton_->setToolTip("Stop the run after the segment it is in (Esc)");
  progress_ = new QProgressBar(this);
  progress_->setTextVisible(true);
  progress_->setMaximumWidth(320);
  progressTimer_ = new QTimer(this);
  progressTimer_->setInterval(100);
  status_ = new QLabel(this);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status_->setWordWrap(true);
  bars_ = new SegmentBars(this);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(bars_);
  scroll->setWidgetResizable(true);
  scalars_ = new QTableWidget(0, 4, this);
  scalars_->setHorizontalHeaderLabels({"Segment", "Host scalar", "Value", "Computed as"});
  scalars_->horizontalHeader()->setStretchLastSection(true);
  scalars_->verticalHeader()->hide();
  scalars_->setEditTriggers(QAbstractItemView::NoEditTriggers);

  auto* controls = new QHBoxLayout;
  controls->addWidget(new QLabel("Backend", this));
  controls->addWidget(backend_);
  controls->addWidget(repeat_);
  controls->addWidget(codegen_);
  controls->addWidget(runButton_);
  controls->addWidget(cancelButton_);
  controls->addWidget(progress_, 1);
  controls->addStretch();
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(scroll);
  split->addWidget(scalars_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(controls);
  layout->addWidget(status_);
  layout->addWidget(split, 1);

  connect(runButton_, &QPushButton::clicked, this, [this] { run(); });
  connect(cancelButton_, &QPushButton::clicked, this, &RunView::cancel);
  connect(progressTimer_, &QTimer::timeout, this, &RunView::showProgress);
  setRunning(false);
  connect(bars_, &SegmentBars::segmentClicked, this, &RunView::segmentClicked);
  setSession(nullptr);
}

RunView::~RunView() {
  if (thread_) thread_->wait();
  delete thread_;
}

void RunView::setSession(SessionPtr session) {
  session_ = std::move(session);
  ++generation_;  // a run of the previous session is dropped when it finishes
  last_.reset();
  bars_->setBars({});
  scalars_->setRowCount(0);
  const bool runnable = session_ && session_->segmentation && session_->loaded;
  runButton_->setEnabled(runnable);
  status_->setText(!session_  ? "Open a fusion script to run it."
                   : runnable ? "Not run yet."
                              : "A saved trace cannot be run: open its script.");
  emit timesReady({});
}

void RunView::run(bool wait) {
  if (!session_ || !session_->segmentation || !session_->loaded || thread_) return;
  const SessionPtr session = session_;
  const int generation = generation_;
  const bool cuda = backend_->currentIndex() == 1;
  const bool automatic = repeat_->value() == 0;
  exec::RunCounts counts{cuda ? 2 : 0, automatic ? (cuda ? kAutoCudaRepeat : kAutoCpuRepeat) : repeat_->value()};
  if (automatic && !cuda) counts.budgetMs = kAutoCpuBudgetMs;
  pipeline::CodegenOptions codegen;
  if (cuda) {
    if (const QString error = applyCodegenField(codegen_->text(), codegen); !error.isEmpty()) {
      status_->setText("<span style='color:#c92a2a'>" + error.toHtmlEscaped() + "</span>");
      return;
    }
  }
  control_ = std::make_shared<exec::RunControl>();
  setRunning(true);
  status_->setText(cuda
                       ? QString("Compiling and running on the GPU (%1 timed launches per segment)…").arg(counts.repeat)
                   : automatic ? QString("Running on the CPU reference (up to %1×, as many as fit in %2 s)…")
                                     .arg(counts.repeat)
                                     .arg(kAutoCpuBudgetMs / 1000)
                               : QString("Running on the CPU reference (%1×)…").arg(counts.repeat));
  thread_ = QThread::create([this, session, counts, generation, cuda, codegen, control = control_] {
    pipeline::RunRequest request;
    request.backend = cuda ? "cuda" : "cpu";
    request.codegen = codegen;
    request.counts = counts;
    request.control = control;
    Result<exec::TimedRun> result = pipeline::runSegmented(*session, request);
    QMetaObject::invokeMethod(
        this, [this, generation, result = std::move(result)]() mutable { finish(generation, std::move(result)); },
        Qt::QueuedConnection);
  });
  thread_->start();
  if (wait)
    while (thread_) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

void RunView::finish(int generation, Result<exec::TimedRun> result) {
  thread_->wait();
  delete thread_;
  thread_ = nullptr;
  const std::shared_ptr<exec::RunControl> control = std::move(control_);
  setRunning(false);
  if (generation != generation_) return;  // the session changed while it ran
  if (!result && control && control->cancelled()) {
    status_->setText(QString("Run cancelled after %L1 of %L2 segment runs; the last finished run is still shown.")
                         .arg(control->done())
                         .arg(control->total()));
    return;
  }
  if (!result) {
    status_->setText("<span style='color:#c92a2a'>run failed: " +
                     QString::fromStdString(result.error().message).toHtmlEscaped() + "</span>");
    return;
  }
  last_ = std::move(result.value());
  showRun(*last_);
}

void RunView::showRun(const exec::TimedRun& run) {
  const segmenter::Segmentation& seg = session_->segmentation->segmentation;
  std::vector<SegmentBars::Bar> bars;
  std::map<int, QString> times;
  scalars_->setRowCount(0);
  for (const exec::SegmentTiming& t : run.segments) {
    const exec::SegmentSamples& x = t.samples;
    const segmenter::Segment& s = seg.segments[static_cast<std::size_t>(t.segment())];
    bars.push_back({t.segment(), QString::fromStdString(graph::kindLabel(segmenter::schedulerOrKind(s))), x.host,
                    t.medianMs, t.minMs, x.bytesIn + x.bytesOut, x.onDevice() ? run.backend.dramBandwidthGBps : 0.0});
    times[t.segment()] = formatMs(t.medianMs);
    for (const auto& [name, value] : x.hostScalars) {
      const int row = scalars_->rowCount();
      scalars_->insertRow(row);
      scalars_->setItem(row, 0, new QTableWidgetItem(QString::number(t.segment())));
      scalars_->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(name)));
      auto* cell = new QTableWidgetItem(shortScalarText(value));
      cell->setToolTip(QString::fromStdString(ir::formatScalarValue(value)));  // every digit
      scalars_->setItem(row, 2, cell);
      const ir::Val* val = session_->segmentation->fusion->valByName(name);
      const QString how = val && val->definition() ? scalarExpression(*val) : QString("input");
      auto* expression = new QTableWidgetItem(QString::fromStdString(name) + " = " + how);
      expression->setToolTip(expression->text());
      scalars_->setItem(row, 3, expression);
    }
  }
  for (SegmentBars::Bar& b : bars)
    if (auto it = nvFuserTimes_.find(b.segment); it != nvFuserTimes_.end()) {
      b.nvFuserMs = it->second.ms;
      b.nvFuserKernels = it->second.kernels;
    }
  bars_->setBars(std::move(bars));
  const exec::Comparison c = run.comparison.value_or(exec::Comparison{});
  const QString verdict =
      c.ok ? QString("<span style='color:#2b8a3e'>✓ matches the unsegmented reference (max abs error %1)</span>")
                 .arg(c.maxAbsError, 0, 'g', 3)
           : "<span style='color:#c92a2a'>✗ " + QString::fromStdString(c.message).toHtmlEscaped() + "</span>";
  const QString segments =
      run.segments.size() == 1 ? QString("1 segment") : QString("%1 segments").arg(run.segments.size());
  const QString where = run.backend.name == "cuda"
                            ? QString("CUDA (%1) · %2 · %3 (sum of segment medians, %4 timed launches each)")
                                  .arg(QString::fromStdString(run.backend.device))
                                  .arg(segments)
                                  .arg(formatMs(run.medianMs))
                                  .arg(run.counts.repeat)
                            : QString(
                                  "CPU reference (times are the interpreter's, not a GPU's) · %1 · %2 per run "
                                  "(sum of segment medians over %3 runs)")
                                  .arg(segments)
                                  .arg(formatMs(run.medianMs))
                                  .arg(run.counts.repeat);
  status_->setText(where + " · " + verdict);
  emit timesReady(times);
}

void RunView::setNvFuserTimes(std::map<int, comparison::SegmentKernelTime> times) {
  nvFuserTimes_ = std::move(times);
  if (last_) showRun(*last_);
}

void RunView::cancel() {
  if (!control_ || control_->cancelled()) return;
  control_->cancel();
  status_->setText("Cancelling after the segment that is running…");
}

std::pair<std::int64_t, std::int64_t> RunView::progress() const {
  return control_ ? std::pair{control_->done(), control_->total()} : std::pair<std::int64_t, std::int64_t>{0, 0};
}

void RunView::showProgress() {
  if (!control_) return;
  const auto [done, total] = progress();
  // QProgressBar counts in int; a long run's units are scaled down to fit.
  const std::int64_t scale = std::max<std::int64_t>(1, total / 1'000'000);
  progress_->setMaximum(static_cast<int>(std::max<std::int64_t>(1, total / scale)));
  progress_->setValue(static_cast<int>(std::min(done, total) / scale));
  progress_->setFormat(QString("%L1 of %L2 segment runs").arg(done).arg(total) + etaText(done, total));
}

// "· about 40 s left", from the pace so far; nothing until a second of work shows the pace.
QString RunView::etaText(std::int64_t done, std::int64_t total) const {
  const qint64 elapsedMs = runClock_.isValid() ? runClock_.elapsed() : 0;
  if (done <= 0 || done >= total || elapsedMs < 1000) return {};
  const double leftS =
      static_cast<double>(elapsedMs) * static_cast<double>(total - done) / static_cast<double>(done) / 1000;
  return leftS < 60 ? QString(" · about %1 s left").arg(std::max(1, static_cast<int>(std::lround(leftS))))
                    : QString(" · about %1 min left").arg(std::lround(leftS / 60));
}

// While a run goes: Cancel and the progress bar instead of Run.
void RunView::setRunning(bool on) {
  runButton_->setEnabled(!on && session_ && session_->segmentation && session_->loaded);
  cancelButton_->setVisible(on);
  progress_->setVisible(on);
  progress_->reset();
  progress_->setFormat("starting…");
  if (on)
    runClock_.start(), progressTimer_->start();
  else
    progressTimer_->stop();
}

QString RunView::statusText() const { return status_->text(); }
int RunView::hostScalarRows() const { return scalars_->rowCount(); }

QStringList RunView::hostScalarRow(int row) const {
  const auto text = [&](int column) {
    const QTableWidgetItem* item = scalars_->item(row, column);
    return item ? item->text() : QString();
  };
  const QTableWidgetItem* value = scalars_->item(row, 2);
  return {text(0), text(1), text(2), value ? value->toolTip() : QString(), text(3)};
}

QString applyCodegenField(const QString& text, pipeline::CodegenOptions& options) {
  static const QRegularExpression separators("[\\s,]+");
  for (const QString& setting : text.split(separators, Qt::SkipEmptyParts))
    if (Status st = pipeline::applyCodegenOption(options, setting.toStdString()); !st)
      return "Codegen " + setting + ": " + QString::fromStdString(st.error().message);
  return {};
}

void RunView::follow(const StepCursor& cursor) {
  connect(&cursor, &StepCursor::sessionChanged, this, [this, &cursor] { setSession(cursor.session()); });
  connect(&cursor, &StepCursor::logComparisonChanged, this, [this, &cursor] {
    setNvFuserTimes(cursor.logComparison() ? comparison::kernelTimesBySegment(*cursor.logComparison())
                                           : std::map<int, comparison::SegmentKernelTime>{});
  });
}

}  // namespace segscope::ui
