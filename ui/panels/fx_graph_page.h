// The centre page for a PyTorch FX graph printout: the graph drawn with its fusion regions as
// hulls and its collectives as their own node kind, a bar to pick the graph, the rule set and
// size-symbol values, and a collective's span (issue to wait) marked on request.
#pragma once

#include <QWidget>
#include <memory>
#include <optional>

#include "pipeline/fx_analysis.h"

class QComboBox;
class QLabel;
class QLineEdit;

namespace segscope::ui {

class GraphScene;
class GraphView;
class LayoutService;
struct LoadProblem;

class FxGraphPage : public QWidget {
  Q_OBJECT

 public:
  explicit FxGraphPage(QWidget* parent = nullptr);
  ~FxGraphPage() override;

  /// Reads `path` and analyses its first graph with `profile`; the layout follows on the layout
  /// worker. False (with `problem` filled) when the file does not read.
  bool open(const QString& path, const QString& profile, LoadProblem& problem);
  /// Re-analyses with another device profile (a new interconnect, bandwidth and peak); the
  /// page's Device box follows.
  void setProfile(const QString& profile);
  const pipeline::FxAnalysis* analysis() const { return analysis_ ? &*analysis_ : nullptr; }
  QString path() const { return path_; }
  /// What the reader skipped or could not size (file:line:col warnings).
  std::vector<Diagnostic> warnings() const { return file_ ? file_->warnings : std::vector<Diagnostic>{}; }

  /// Marks collective `index`'s span (its issue and wait, the nodes between) and brings it into
  /// view; -1 clears the mark.
  void showCollective(int index);
  int shownCollective() const { return collective_; }
  /// Selects FX node `node` and brings it into view.
  void showNode(int node);
  /// Until the layout of the current picture is on screen (headless screenshots, tests).
  bool waitForPicture(int timeoutMs = 30000);
  const GraphScene& scene() const { return *scene_; }

 signals:
  /// A new analysis (another file, graph, rule set, symbols or profile): the Collectives dock
  /// follows it.
  void analysed();
  void statusMessage(const QString& text);
  /// A file dropped on the graph: the window opens it, whatever it is.
  void fileDropped(const QString& path);

 private:
  void analyse();
  void redraw();
  void onPicture();

  struct Picture;  // the laid-out drawing: kept while only marks change

  QString path_;
  QString profile_ = "h100";
  std::unique_ptr<Picture> picture_;
  std::optional<pipeline::FxFile> file_;
  std::optional<pipeline::FxAnalysis> analysis_;
  int collective_ = -1;
  int selected_ = -1;
  bool pictureShown_ = false;
  GraphScene* scene_ = nullptr;
  GraphView* view_ = nullptr;
  LayoutService* layout_ = nullptr;
  QLabel* summary_ = nullptr;
  QComboBox* graphBox_ = nullptr;
  QComboBox* rulesBox_ = nullptr;
  QComboBox* deviceBox_ = nullptr;
  QLineEdit* symbolsEdit_ = nullptr;
};

}  // namespace segscope::ui
