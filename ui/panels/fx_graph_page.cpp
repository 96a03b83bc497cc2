// The FX graph page: the analysis runs on the GUI thread (reading and the region and collective
// analyses take milliseconds even for thousands of nodes), the layout on the layout worker
// (block layouts above a thousand nodes, as for fusions). A collective's span and a picked node
// only restyle the picture: the geometry is kept, node ids do not change.
#include "ui/panels/fx_graph_page.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include "layout/geometry.h"
#include "ui/document.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"
#include "ui/layout_service.h"
#include "ui/region_overlay.h"

namespace segscope::ui {
namespace {

// Symbol values a file states for itself on a line `... segscope-cli regions: --sym s0=2 ...`.
QString symbolsNamedIn(const std::string& text) {
  const auto m = QRegularExpression("segscope-cli regions:[^\\n]*").match(QString::fromStdString(text.substr(0, 4096)));
  QStringList values;
  auto it = QRegularExpression("--sym[ =](\\S+)").globalMatch(m.captured(0));
  while (it.hasNext()) values << it.next().captured(1);
  return values.join(", ");
}

}  // namespace

struct FxGraphPage::Picture {
  graph::GraphModel model;
  layout::Geometry geometry;
};

FxGraphPage::FxGraphPage(QWidget* parent)
    : QWidget(parent), scene_(new GraphScene(this)), view_(new GraphView(this)), layout_(new LayoutService(this)) {
  view_->setScene(scene_);
  summary_ = new QLabel(this);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  graphBox_ = new QComboBox(this);
  graphBox_->setObjectName("fxGraph");
  graphBox_->setToolTip(
      "The graph of the file to show (a log can hold the forward and the backward, or several ranks)");
  rulesBox_ = new QComboBox(this);
  rulesBox_->setObjectName("fxRules");
  rulesBox_->addItems({"seed", "current"});
  rulesBox_->setToolTip(
      "Fusion-region rules: the seed's (torch.Tag-based) or current PyTorch's (inductor lowerings); docs/regions.md");
  deviceBox_ = new QComboBox(this);
  deviceBox_->setObjectName("fxDevice");
  deviceBox_->addItems({"h100", "h200", "a100"});
  deviceBox_->setToolTip(
      "Device profile: DRAM bandwidth (region cost), NVLink bandwidth (collectives), tensor-core "
      "peak (matmuls)");
  symbolsEdit_ = new QLineEdit(this);
  symbolsEdit_->setObjectName("fxSymbols");
  symbolsEdit_->setPlaceholderText("s0=8192, s1=4096");
  symbolsEdit_->setToolTip("Values of the size symbols (s0, s1, …): without them their tensors count as 0 bytes");
  symbolsEdit_->setMaximumWidth(220);
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(8, 4, 8, 4);
  bar->addWidget(new QLabel("Graph:", this));
  bar->addWidget(graphBox_, 1);
  bar->addWidget(new QLabel("Rules:", this));
  bar->addWidget(rulesBox_);
  bar->addWidget(new QLabel("Device:", this));
  bar->addWidget(deviceBox_);
  bar->addWidget(new QLabel("Sizes:", this));
  bar->addWidget(symbolsEdit_);
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(0, 0, 0, 0);
  column->setSpacing(0);
  column->addLayout(bar);
  summary_->setContentsMargins(10, 0, 10, 4);
  column->addWidget(summary_);
  column->addWidget(view_, 1);
  connect(graphBox_, &QComboBox::currentIndexChanged, this, [this] { analyse(); });
  connect(rulesBox_, &QComboBox::currentIndexChanged, this, [this] { analyse(); });
  connect(symbolsEdit_, &QLineEdit::editingFinished, this, [this] { analyse(); });
  connect(deviceBox_, &QComboBox::currentTextChanged, this, [this](const QString& profile) {
    profile_ = profile;
    analyse();
  });
  connect(layout_, &LayoutService::ready, this, [this](int, graph::GraphModel& model, layout::Geometry& geometry) {
    picture_ = std::make_unique<Picture>(Picture{std::move(model), std::move(geometry)});
    onPicture();
  });
  connect(layout_, &LayoutService::failed, this, [this](int, const QString& message) {
    pictureShown_ = true;
    emit statusMessage("layout failed: " + message);
  });
  connect(view_, &GraphView::fileDropped, this, &FxGraphPage::fileDropped);
  connect(scene_, &GraphScene::picked, this, [this](const Selection& s) {
    if (s.kind == Selection::Kind::Node && s.exprId >= 0) showNode(s.exprId);
  });
}

FxGraphPage::~FxGraphPage() = default;

bool FxGraphPage::open(const QString& path, const QString& profile, LoadProblem& problem) {
  Diagnostic failure;
  auto file = pipeline::readFxFile(path.toStdString(), &failure);
  if (!file) {
    problem.file = path;
    problem.line = failure.loc.line;
    problem.column = failure.loc.column;
    problem.message = QString::fromStdString(failure.format());
    return false;
  }
  path_ = path;
  file_ = std::move(file.value());
  {
    const QSignalBlocker quiet(deviceBox_);
    if (deviceBox_->findText(profile) < 0) deviceBox_->addItem(profile);
    deviceBox_->setCurrentText(profile);
    profile_ = profile;
  }
  {
    const QSignalBlocker quiet(graphBox_);
    const QSignalBlocker quietSymbols(symbolsEdit_);
    graphBox_->clear();
    for (const fx::Graph& g : file_->document.graphs)
      graphBox_->addItem(
          QString("%1 · %2 nodes · line %3").arg(QString::fromStdString(g.title)).arg(g.nodes.size()).arg(g.firstLine));
    graphBox_->setEnabled(graphBox_->count() > 1);
    symbolsEdit_->setText(symbolsNamedIn(file_->text));
  }
  analyse();
  return true;
}

void FxGraphPage::setProfile(const QString& profile) {
  if (deviceBox_->findText(profile) < 0) deviceBox_->addItem(profile);
  if (deviceBox_->currentText() == profile) return;
  deviceBox_->setCurrentText(profile);  // analyses through currentTextChanged
}

void FxGraphPage::analyse() {
  if (!file_) return;
  pipeline::FxOptions options;
  options.profile = profile_.toStdString();
  options.rules = rulesBox_->currentText().toStdString();
  options.graph = std::max(1, graphBox_->currentIndex() + 1);
  for (const QString& s : symbolsEdit_->text().split(QRegularExpression("[,\\s]+"), Qt::SkipEmptyParts))
    options.symbols.push_back(s.toStdString());
  const int previousGraph = analysis_ ? analysis_->graphNumber : -1;
  auto analysis = pipeline::analyzeFxGraph(*file_, options);
  if (!analysis) {
    emit statusMessage(QString::fromStdString(analysis.error().message));
    return;
  }
  analysis_ = std::move(analysis.value());
  collective_ = -1;
  selected_ = -1;
  QString summary = regionSummary(analysis_->regions);
  const auto& spans = analysis_->collectives.collectives;
  summary += QString(" · %1 collective%2").arg(spans.size()).arg(spans.size() == 1 ? "" : "s");
  if (!analysis_->regions.unsizedNodes.empty())
    summary += QString(" · %1 tensors have sizes without values: give their symbols under Sizes")
                   .arg(analysis_->regions.unsizedNodes.size());
  summary_->setText(summary);
  emit analysed();
  if (picture_ && previousGraph == analysis_->graphNumber) {
    redraw();  // same graph: the layout stands, only marks and hulls change
    return;
  }
  pictureShown_ = false;
  picture_.reset();
  layout_->request(pipeline::fxGraphModel(*analysis_));
}

void FxGraphPage::onPicture() {
  pictureShown_ = true;
  redraw();
  // A graph so long that fitting makes it a sliver (a whole backward, thousands of nodes)
  // starts readable instead, at its first node, as a fusion does.
  view_->fitOrStartReadable(scene_->topNodeRect());
}

void FxGraphPage::redraw() {
  if (!picture_ || !analysis_) return;
  graph::GraphModel model = pipeline::fxGraphModel(*analysis_, collective_, selected_);
  scene_->setGraph(model, picture_->geometry);
  scene_->setRegionShapes(fxRegionShapes(analysis_->regions, picture_->geometry));
}

void FxGraphPage::showCollective(int index) {
  if (!analysis_) return;
  const auto& spans = analysis_->collectives.collectives;
  collective_ = index >= 0 && static_cast<std::size_t>(index) < spans.size() ? index : -1;
  selected_ = -1;
  redraw();
  if (collective_ < 0) return;
  // The issue, the wait and everything between them: what the user asked to see.
  view_->focusOn(scene_->highlightedRect());
}

void FxGraphPage::showNode(int node) {
  if (!analysis_ || node < 0 || static_cast<std::size_t>(node) >= analysis_->graph->nodes.size()) return;
  selected_ = node;
  redraw();
  view_->reveal(scene_->nodeRect("n" + std::to_string(node)));
  const fx::Node& n = analysis_->graph->nodes[static_cast<std::size_t>(node)];
  const int region = analysis_->regions.regionOf[static_cast<std::size_t>(node)];
  emit statusMessage(QString("%1 = %2%3 (line %4)")
                         .arg(QString::fromStdString(n.name), QString::fromStdString(fx::describeTarget(n)),
                              region >= 0 ? QString(" · region R%1").arg(region) : QString())
                         .arg(n.loc.line));
}

bool FxGraphPage::waitForPicture(int timeoutMs) {
  QElapsedTimer clock;
  clock.start();
  while (!pictureShown_ && clock.elapsed() < timeoutMs) QApplication::processEvents(QEventLoop::AllEvents, 50);
  QApplication::processEvents();
  return pictureShown_;
}

}  // namespace segscope::ui
