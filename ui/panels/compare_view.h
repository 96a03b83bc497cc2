// Two segmentations side by side (View ▸ Compare with…): each side's segments as the collapsed
// view draws them, coloured by how they match the other side; zoom and pan follow each other,
// a click on a segment shows its counterparts on the other side, and the differences are listed.
#pragma once

#include <QWidget>

#include <memory>

#include "comparison/segmentation_comparison.h"

class QLabel;
class QListWidget;
class QToolButton;

namespace segscope::ui {

class GraphScene;
class GraphView;
class LayoutService;
struct Selection;

class CompareView : public QWidget {
  Q_OBJECT

 public:
  explicit CompareView(QWidget* parent = nullptr);
  ~CompareView() override;

  void showComparison(std::shared_ptr<const comparison::SegmentationComparison> comparison);
  /// While the second side is being segmented, or when it could not be.
  void showNote(const QString& text);
  void refreshTheme();

  bool layoutsPending() const;
  const comparison::SegmentationComparison* comparison() const { return comparison_.get(); }
  /// Selects match `index` (a row of the differences list): both sides marked and centred.
  void showMatch(int index);
  /// Selects segment `id` of one side and its counterparts on the other.
  void showSegment(bool leftSide, int id);

  /// For tests.
  const GraphScene& scene(bool leftSide) const { return leftSide ? *leftScene_ : *rightScene_; }
  const GraphView& view(bool leftSide) const { return leftSide ? *leftView_ : *rightView_; }
  const QListWidget& differences() const { return *differences_; }
  QString captionText() const;

  /// Fill and pen of a segment that matches the other side this way (the legend's colours).
  static std::pair<QColor, QColor> matchColors(comparison::MatchKind kind);

 signals:
  void closeRequested();

 protected:
  void keyPressEvent(QKeyEvent* event) override;
  /// A new palette (the light or dark theme) repaints both sides at once.
  void changeEvent(QEvent* event) override;

 private:
  void requestPictures();
  void pictureReady();
  void follow(GraphView* from, GraphView* to);
  void onPicked(bool leftSide, const Selection& selection);
  void markSegments(bool leftSide, const std::vector<int>& ids);

  std::shared_ptr<const comparison::SegmentationComparison> comparison_;
  QLabel* caption_;
  QLabel* leftTitle_;
  QLabel* rightTitle_;
  QToolButton* close_;
  GraphScene* leftScene_;
  GraphScene* rightScene_;
  GraphView* leftView_;
  GraphView* rightView_;
  LayoutService* leftLayout_;
  LayoutService* rightLayout_;
  QListWidget* differences_;
  bool leftReady_ = false, rightReady_ = false;
  bool following_ = false;
};

}  // namespace segscope::ui
