// nvFuser's printed segmentation drawn on a canvas of its own (no steps, no verdicts to walk).
#include "ui/panels/nvfuser_groups_page.h"

#include <QLabel>
#include <QVBoxLayout>

#include "layout/graphviz_layout.h"
#include "ui/graph_scene.h"
#include "ui/graph_view.h"

namespace segscope::ui {

NvFuserGroupsPage::NvFuserGroupsPage(QWidget* parent)
    : QWidget(parent), banner_(new QLabel(this)), scene_(new GraphScene(this)), view_(new GraphView(this)) {
  banner_->setObjectName("nvFuserViewBanner");
  banner_->setWordWrap(true);
  banner_->setTextFormat(Qt::RichText);
  banner_->setContentsMargins(10, 6, 10, 6);
  banner_->setStyleSheet("QLabel#nvFuserViewBanner { background: #fff4d6; border-bottom: 1px solid #e0c68a; }");
  connect(banner_, &QLabel::linkActivated, this, [this] { emit backRequested(); });
  view_->setScene(scene_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(banner_);
  layout->addWidget(view_, 1);
}

bool NvFuserGroupsPage::show(const graph::GraphModel& model, const QString& note) {
  const QString head =
      "<b>nvFuser's view only.</b> The input holds no definition of this fusion, so Segscope "
      "has nothing to segment: these are the groups nvFuser printed (segmented_fusion), "
      "coloured by scheduler. ";
  const QString back = " <a href=\"back\">Back to the run</a> (Alt+Left)";
  Result<layout::Geometry> geometry = layout::layoutGraph(model);
  if (!geometry) {
    banner_->setText(head + "It could not be laid out: " + QString::fromStdString(geometry.error().message) + back);
    scene_->clearGraph();
    return false;
  }
  banner_->setText(head + note.toHtmlEscaped() + back);
  scene_->setGraph(model, std::move(geometry.value()));
  view_->fitToView();
  return true;
}

}  // namespace segscope::ui
