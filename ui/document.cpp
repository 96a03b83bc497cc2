// Loading scripts and traces in the background; errors become LoadProblems.
#include "ui/document.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTimer>
#include <utility>

#include "pipeline/pipeline.h"

namespace segscope::ui {
namespace {

LoadProblem problemFrom(const Diagnostic& d) {
  LoadProblem p;
  p.file = QString::fromStdString(d.file);
  p.line = d.loc.line;
  p.column = d.loc.column;
  p.message = QString::fromStdString(d.loc.known() ? d.format() : d.file + ": error: " + d.message);
  return p;
}

}  // namespace

Document::Document(QObject* parent) : QObject(parent) {
  // Editors save by replacing the file; re-arm the watch and debounce the burst of events.
  connect(&watcher_, &QFileSystemWatcher::fileChanged, this, [this](const QString& changed) {
    if (changed == path_) QTimer::singleShot(150, this, &Document::onWatchedChange);
  });
  // The folder too: a file that was deleted (or replaced by rename) comes back as a folder event.
  connect(&watcher_, &QFileSystemWatcher::directoryChanged, this, [this] {
    if (!path_.isEmpty() && vanished_ && QFileInfo::exists(path_))
      QTimer::singleShot(150, this, &Document::onWatchedChange);
  });
}

Document::~Document() {
  ++generation_;  // a load still recording every verdict stops at its next step
  for (QThread* t : threads_) {
    t->wait();
    delete t;
  }
}

void Document::onWatchedChange() {
  watch(path_);
  if (!QFileInfo::exists(path_)) {
    if (!vanished_) emit fileVanished(path_);
    vanished_ = true;
    return;
  }
  vanished_ = false;
  reload();
}

pipeline::PipelineOptions Document::pipelineOptions(const DocumentOptions& options) {
  pipeline::PipelineOptions po;
  po.profile = options.profile.toStdString();
  po.segmenter.scalarMode = options.scalarMode;
  for (const QString& p : options.disabledPasses) po.passes.disabled.insert(p.toStdString());
  for (const QString& o : options.enableOptions) po.enableOptions.push_back(o.toStdString());
  for (const QString& o : options.disableOptions) po.disableOptions.push_back(o.toStdString());
  return po;
}

Document::Outcome Document::load(const QString& path, const DocumentOptions& options, const ProgressFn& onProgress,
                                 bool details) {
  const std::string file = path.toStdString();
  pipeline::Outcome result;
  if (path.endsWith(".json", Qt::CaseInsensitive)) {
    result = pipeline::openSavedTrace(file);
  } else {
    pipeline::PipelineOptions po = pipelineOptions(options);
    po.onProgress = onProgress;
    po.recordMergeDetails = details;
    result = pipeline::runPipelineOnFile(file, po);
  }
  Outcome out;
  if (auto* error = std::get_if<pipeline::PipelineError>(&result)) {
    out.problem = problemFrom(error->diagnostic);
    return out;
  }
  out.session = std::make_shared<const Session>(std::move(std::get<Session>(result)));
  return out;
}

namespace {

// Thrown from the progress callback of a load that a newer one superseded: the pipeline holds
// no lock and catches nothing, so it unwinds and the thread ends.
struct Superseded {};

int opsOf(const Session& session) {
  return session.trace && session.trace->size() > 0 ? session.trace->steps().back().exprsAfter : 0;
}

}  // namespace

void Document::open(const QString& path) {
  path_ = path;
  vanished_ = false;
  watch(path);
  const int generation = ++generation_;
  loading_ = true;
  emit loadingChanged(true);
  const DocumentOptions options = options_;
  QThread* thread = QThread::create([this, path, options, generation] { loadInBackground(path, options, generation); });
  threads_.push_back(thread);
  thread->start();
}

void Document::loadInBackground(const QString& path, const DocumentOptions& options, int generation) {
  QElapsedTimer sinceLast;
  sinceLast.start();
  const auto report = [this, generation, &sinceLast](const pipeline::Progress& p) {
    if (generation != generation_.load()) throw Superseded{};
    if (sinceLast.elapsed() < 100 && p.steps > 0) return;
    sinceLast.restart();
    QString text = QString::fromStdString(p.stage);
    if (p.steps > 0) text += QString(" · %L1 steps").arg(p.steps);
    if (p.exprs > 0) text += QString(" · %L1 exprs").arg(p.exprs);
    QMetaObject::invokeMethod(
        this,
        [this, generation, text] {
          if (generation == generation_ && (loading_ || detailsPending_)) emit progress(text);
        },
        Qt::QueuedConnection);
  };
  const auto post = [this, generation](Outcome outcome, bool detailsFollow) {
    QMetaObject::invokeMethod(
        this, [this, generation, outcome, detailsFollow] { finish(generation, outcome, detailsFollow); },
        Qt::QueuedConnection);
  };
  try {
    if (!path.endsWith(".json", Qt::CaseInsensitive)) {
      Outcome quick = load(path, options, report, /*details=*/false);
      // A bad script fails the same way either way; a small one gets its verdicts at once.
      if (!quick.session || opsOf(*quick.session) > options.quickFirstAbove) {
        const bool more = quick.session != nullptr;
        post(std::move(quick), more);
        if (!more) return;
      }
    }
    post(load(path, options, report, /*details=*/true), false);
  } catch (const Superseded&) {
    // A newer load owns the document now; nothing of this one is shown.
  }
}

bool Document::openNow(const QString& path) {
  path_ = path;
  watch(path);
  const int generation = ++generation_;
  Outcome outcome = load(path, options_);
  const bool ok = outcome.session != nullptr;
  finish(generation, std::move(outcome));
  return ok;
}

void Document::reload() {
  if (!path_.isEmpty()) open(path_);
}

void Document::setOptions(const DocumentOptions& options) {
  options_ = options;
  if (!path_.isEmpty() && !path_.endsWith(".json", Qt::CaseInsensitive)) reload();
}

void Document::finish(int generation, Outcome outcome, bool detailsFollow) {
  // Reap finished loader threads (the one that sent this is finishing now).
  for (auto it = threads_.begin(); it != threads_.end();) {
    if ((*it)->isFinished()) {
      delete *it;
      it = threads_.erase(it);
    } else {
      ++it;
    }
  }
  if (generation != generation_) return;  // a newer load superseded this one
  if (std::exchange(loading_, false)) emit loadingChanged(false);
  if (detailsPending_ != detailsFollow) {
    detailsPending_ = detailsFollow;
    emit detailsPendingChanged(detailsFollow);
  }
  if (outcome.session) {
    session_ = outcome.session;
    emit loaded(session_);
  } else {
    emit failed(outcome.problem);  // the previous session stays on screen
  }
}

void Document::watch(const QString& path) {
  if (!watcher_.files().isEmpty()) watcher_.removePaths(watcher_.files());
  if (!watcher_.directories().isEmpty()) watcher_.removePaths(watcher_.directories());
  if (QFileInfo::exists(path)) watcher_.addPath(path);
  const QString dir = QFileInfo(path).absolutePath();
  if (QFileInfo(dir).isDir()) watcher_.addPath(dir);
}

}  // namespace segscope::ui
