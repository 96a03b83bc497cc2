// A step's before | after: two graphs (removed red, added green, changed amber) and the IR
// text side by side with the same colors; merge steps show how the groups changed.
#pragma once

#include <QWidget>

#include "graph/graph_model.h"
#include "trace/step.h"
#include "ui/session.h"

class QLabel;
class QTextBrowser;

namespace segscope::ui {

class GraphScene;
class GraphView;
class LayoutService;

class DiffView : public QWidget {
  Q_OBJECT

 public:
  explicit DiffView(QWidget* parent = nullptr);

  /// The session whose steps are shown: their diffs come from Session::diffOf (computed once).
  void setSession(SessionPtr session) { session_ = std::move(session); }

  void showStep(const trace::Step& step);
  void clear();

  /// For tests: the pictures currently shown.
  const GraphScene& beforeScene() const { return *beforeScene_; }
  const GraphScene& afterScene() const { return *afterScene_; }
  QString beforeText() const;
  QString afterText() const;
  bool layoutsPending() const;

 private:
  void requestOrExplain(graph::GraphModel model, LayoutService& layout, GraphScene& scene);

  SessionPtr session_;
  QLabel* caption_;
  GraphScene* beforeScene_;
  GraphScene* afterScene_;
  GraphView* beforeView_;
  GraphView* afterView_;
  QTextBrowser* beforeText_;
  QTextBrowser* afterText_;
  LayoutService* beforeLayout_;
  LayoutService* afterLayout_;
};

}  // namespace segscope::ui
