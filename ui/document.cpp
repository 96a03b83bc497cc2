// Loading scripts and traces in the background; errors become LoadProblems.
#include "ui/document.h"

#include <QFile>
#include <QFileInfo>
#include <QTimer>

#include "frontend/file_io.h"
#include "frontend/script.h"
#include "trace/pipeline.h"
#include "trace/trace_json.h"

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
    if (changed != path_) return;
    QTimer::singleShot(150, this, [this] {
      watch(path_);
      if (QFileInfo::exists(path_)) reload();
    });
  });
}

Document::~Document() {
  for (QThread* t : threads_) {
    t->wait();
    delete t;
  }
}

Document::Outcome Document::load(const QString& path, const DocumentOptions& options) {
  Outcome out;
  const std::string file = path.toStdString();
  auto text = frontend::readTextFile(file);
  if (!text) {
    out.problem.file = path;
    out.problem.message = QString::fromStdString(file + ": error: " + text.error().message);
    return out;
  }
  auto session = std::make_shared<Session>();
  session->file = file;
  if (path.endsWith(".json", Qt::CaseInsensitive)) {
    auto trace = trace::traceFromJson(text.value());
    if (!trace) {
      out.problem.file = path;
      out.problem.message = QString::fromStdString(file + ": error: " + trace.error().message);
      return out;
    }
    // A saved trace names its script; show it when it is still there.
    if (auto source = frontend::readTextFile(trace->source)) {
      session->source = source.value();
      if (auto parsed = frontend::parseScript(session->source); parsed.ok()) session->inputs = parsed.script->inputs;
    }
    session->profile = scheduler::profileByName(trace->profile);
    session->trace = std::make_shared<trace::Trace>(std::move(trace.value()));
    out.session = std::move(session);
    return out;
  }
  trace::PipelineOptions po;
  po.profile = options.profile.toStdString();
  po.segmenter.scalarMode = options.scalarMode;
  for (const QString& p : options.disabledPasses) po.disabledPasses.push_back(p.toStdString());
  auto run = trace::runPipeline(file, text.value(), po);
  if (auto* error = std::get_if<trace::PipelineError>(&run)) {
    out.problem = problemFrom(error->diagnostic);
    return out;
  }
  auto& ok = std::get<trace::PipelineRun>(run);
  session->source = std::move(ok.source);
  session->inputs = ok.script.inputs;
  session->profile = ok.profile;
  session->trace = std::make_shared<trace::Trace>(std::move(ok.trace));
  out.session = std::move(session);
  return out;
}

void Document::open(const QString& path) {
  path_ = path;
  watch(path);
  const int generation = ++generation_;
  loading_ = true;
  emit loadingChanged(true);
  const DocumentOptions options = options_;
  QThread* thread = QThread::create([this, path, options, generation] {
    Outcome outcome = load(path, options);
    QMetaObject::invokeMethod(this, [this, generation, outcome] { finish(generation, outcome); }, Qt::QueuedConnection);
  });
  threads_.push_back(thread);
  thread->start();
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

void Document::finish(int generation, Outcome outcome) {
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
  loading_ = false;
  emit loadingChanged(false);
  if (outcome.session) {
    session_ = outcome.session;
    emit loaded(session_);
  } else {
    emit failed(outcome.problem);  // the previous session stays on screen
  }
}

void Document::watch(const QString& path) {
  if (!watcher_.files().isEmpty()) watcher_.removePaths(watcher_.files());
  if (QFileInfo::exists(path)) watcher_.addPath(path);
}

}  // namespace segscope::ui
