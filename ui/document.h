// The open file: runs the pipeline (or loads a saved trace) off the GUI thread, keeps the last
// good session when a reload fails, and reloads when the file changes on disk.
#pragma once

#include <QFileSystemWatcher>
#include <QObject>
#include <QStringList>
#include <QThread>
#include <atomic>
#include <functional>
#include <vector>

#include "pipeline/pipeline.h"
#include "ui/session.h"

namespace segscope::ui {

struct DocumentOptions {
  QString profile = "h100";
  segmenter::ScalarMode scalarMode = segmenter::ScalarMode::HostSegment;
  QStringList disabledPasses;
  /// NVFUSER_ENABLE / NVFUSER_DISABLE names, on top of the script's own.
  QStringList enableOptions, disableOptions;
  /// Scripts of more ops than this load twice (see Document::open); tests lower it.
  int quickFirstAbove = 1500;
};

/// A failed load, as the problems panel shows it.
struct LoadProblem {
  QString file;
  int line = 0;
  int column = 0;
  QString message;  // the whole formatted diagnostic (file:line:col: error: … + caret)
};

class Document : public QObject {
  Q_OBJECT

 public:
  explicit Document(QObject* parent = nullptr);
  ~Document() override;

  /// Starts loading `path` (.py: the pipeline; .json: a saved trace); loaded() or failed() follows.
  /// A script of more than options().quickFirstAbove ops loads twice: first with the outcome of each merge
  /// only (a picture in well under a second, even for segment-heavy stacks whose every verdict
  /// takes minutes), then with every verdict, which replaces it; detailsPending() meanwhile.
  void open(const QString& path);
  void reload();
  /// Loads on the calling thread (headless rendering, tests); true on success.
  bool openNow(const QString& path);

  SessionPtr session() const { return session_; }
  QString path() const { return path_; }
  bool loading() const { return loading_; }
  /// The session shown records each merge's outcome only; the one with every verdict follows.
  bool detailsPending() const { return detailsPending_; }
  const DocumentOptions& options() const { return options_; }
  /// The pipeline's options for `options` (what a load runs with; a comparison starts from them).
  static pipeline::PipelineOptions pipelineOptions(const DocumentOptions& options);
  /// New options re-run the pipeline on the open script.
  void setOptions(const DocumentOptions& options);

 signals:
  void loaded(segscope::ui::SessionPtr session);
  void failed(const segscope::ui::LoadProblem& problem);
  void loadingChanged(bool loading);
  /// A quick session is shown and every verdict is being recorded (true), or that is over.
  void detailsPendingChanged(bool pending);
  /// Where the running load is ("pass remove_empty · 12 steps"), at most ~10 times a second.
  void progress(const QString& text);
  /// The open file disappeared from disk; the last loaded session stays. Reloads by itself
  /// when the file comes back.
  void fileVanished(const QString& path);

 private:
  struct Outcome {
    SessionPtr session;
    LoadProblem problem;
  };
  using ProgressFn = std::function<void(const pipeline::Progress&)>;
  static Outcome load(const QString& path, const DocumentOptions& options, const ProgressFn& onProgress = {},
                      bool details = true);
  void loadInBackground(const QString& path, const DocumentOptions& options, int generation);
  void finish(int generation, Outcome outcome, bool detailsFollow = false);
  void watch(const QString& path);
  void onWatchedChange();

  SessionPtr session_;
  QString path_;
  DocumentOptions options_;
  bool loading_ = false;
  bool vanished_ = false;           // the open file is gone from disk (fileVanished was emitted)
  bool detailsPending_ = false;     // see detailsPending()
  std::atomic<int> generation_{0};  // read by the loader threads: a superseded load stops
  QFileSystemWatcher watcher_;
  std::vector<QThread*> threads_;
};

}  // namespace segscope::ui
