// The Run panel: runs the final segmentation (CPU reference backend; CUDA where a device and
// the runner exist), then shows per-segment times as bars, the host scalar values that fed the
// kernels, and whether the segmented outputs match the unsegmented reference.
#pragma once

#include <QElapsedTimer>
#include <QWidget>
#include <map>
#include <optional>
#include <vector>

#include <memory>

#include "comparison/log_comparison.h"
#include "pipeline/run_stage.h"
#include "ui/session.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QThread;
class QTimer;

namespace segscope::ui {

class StepCursor;

/// One bar per segment, in run order: length = median time, color = scheduler.
class SegmentBars : public QWidget {
  Q_OBJECT

 public:
  struct Bar {
    int segment = -1;
    QString scheduler;
    bool host = false;
    double medianMs = 0, minMs = 0;
    std::int64_t bytes = 0;
    double peakGBps = 0;    // the device's DRAM bandwidth (CUDA runs): bars then say % of peak
    double nvFuserMs = -1;  // nvFuser's own kernel time for these ops, from its log; -1 none
    int nvFuserKernels = 0;
  };
  explicit SegmentBars(QWidget* parent = nullptr);
  void setBars(std::vector<Bar> bars);
  const std::vector<Bar>& bars() const { return bars_; }
  QSize sizeHint() const override;

 signals:
  void segmentClicked(int segment);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  std::vector<Bar> bars_;
};

class RunView : public QWidget {
  Q_OBJECT

 public:
  explicit RunView(QWidget* parent = nullptr);
  ~RunView() override;

  void setSession(SessionPtr session);
  /// Follows the window's cursor: its session, and nvFuser's kernel times while a log is lined up.
  void follow(const StepCursor& cursor);
  /// Starts a run (in the background); finished() follows. `wait` blocks until done (tests).
  void run(bool wait = false);
  bool running() const { return thread_ != nullptr; }
  /// Stops the running run at the next segment boundary (the Cancel button, Escape).
  void cancel();
  /// The run's progress in segment runs, done and total (0, 0 when idle).
  std::pair<std::int64_t, std::int64_t> progress() const;
  /// " · about N s left" from the pace of a run that has gone a while; empty otherwise.
  QString etaText(std::int64_t done, std::int64_t total) const;
  static constexpr int kAutoCpuRepeat = 5;
  static constexpr int kAutoCpuBudgetMs = 10000;
  static constexpr int kAutoCudaRepeat = 10;
  /// The last finished run; nullopt before one (or after a new session).
  const std::optional<exec::TimedRun>& lastRun() const { return last_; }
  QString statusText() const;
  int hostScalarRows() const;
  /// Row `row` of the host scalar table: segment, name, value (shown), value (tooltip), and
  /// how it is computed ("S18 = 1 - S1 ^ S3").
  QStringList hostScalarRow(int row) const;
  const SegmentBars& bars() const { return *bars_; }
  /// nvFuser's kernel time for the ops of each of our segments (by segment id), from a log's
  /// profiler output: shown beside each segment's own time. The sum over the kernels of the
  /// nvFuser groups that hold only that segment's ops; empty clears.
  void setNvFuserTimes(std::map<int, comparison::SegmentKernelTime> times);

 signals:
  /// Per segment id, its median time as text ("1.23 ms"), for painting on the graph.
  void timesReady(const std::map<int, QString>& times);
  void segmentClicked(int segment);

 private:
  void finish(int generation, Result<exec::TimedRun> result);
  void showRun(const exec::TimedRun& run);
  void showProgress();
  void setRunning(bool on);

  SessionPtr session_;
  QComboBox* backend_;
  QSpinBox* repeat_;
  QLineEdit* codegen_;  // --codegen settings for CUDA runs
  QPushButton* runButton_;
  QPushButton* cancelButton_;
  QProgressBar* progress_;
  QTimer* progressTimer_;
  QElapsedTimer runClock_;  // since Run, for the progress bar's time left
  std::shared_ptr<exec::RunControl> control_;
  QLabel* status_;
  SegmentBars* bars_;
  QTableWidget* scalars_;
  QThread* thread_ = nullptr;
  int generation_ = 0;
  std::optional<exec::TimedRun> last_;
  std::map<int, comparison::SegmentKernelTime> nvFuserTimes_;
};

/// "1.234 ms", "56.70 µs" (support::durationText).
QString formatMs(double ms);

/// The Run dock's Codegen field ("fast_math=0 pointwise_block=256", spaces or commas between
/// settings) applied to `options`; an empty string when every setting was taken, else the first
/// error (an unknown key names the known ones).
QString applyCodegenField(const QString& text, pipeline::CodegenOptions& options);

}  // namespace segscope::ui
