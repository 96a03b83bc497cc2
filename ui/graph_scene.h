// The graph as Qt items, placed by a layout::Geometry: clusters under edges under nodes,
// level-of-detail painting, and picking (a click becomes a Selection).
#pragma once

#include <QGraphicsScene>
#include <future>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "graph/graph_model.h"
#include "layout/geometry.h"
#include "ui/graph_items.h"
#include "ui/region_overlay.h"
#include "ui/segment_titles.h"
#include "ui/session.h"

namespace segscope::ui {

class GraphScene : public QGraphicsScene {
  Q_OBJECT

 public:
  explicit GraphScene(QObject* parent = nullptr);

  /// Replaces every item. Geometry and model must describe the same graph.
  void setGraph(graph::GraphModel model, layout::Geometry geometry);
  void clearGraph();
  /// Replaces every item with a note in rich text (a picture too big to draw, say).
  void showPlaceholder(const QString& text);
  bool showsPlaceholder() const { return placeholder_; }

  const graph::GraphModel& model() const { return model_; }
  const layout::Geometry& geometry() const { return geometry_; }
  /// The laid-out box of a node or cluster of the current picture (null when not drawn).
  const layout::NodeGeometry* nodeGeometry(const std::string& id) const;
  const layout::ClusterGeometry* clusterGeometry(const std::string& id) const;

  /// Scene rectangle of a node / of the cluster of `group`; null when absent.
  QRectF nodeRect(const std::string& id) const;
  QRectF clusterRect(int group) const;
  /// The topmost node (leftmost of a tie): where a reader starts a big graph; null when empty.
  QRectF topNodeRect() const;
  /// The rectangle around every highlighted node and cluster (merge candidates, diff marks).
  QRectF highlightedRect() const;
  /// Marks `id` (a node id) as selected without emitting picked().
  void markSelected(const std::string& id);
  /// Marks a second node beside the selection (Ctrl+click; empty unmarks it).
  void markAlsoSelected(const std::string& id);
  /// Marks the frame of `group` as the second pick (Ctrl+click on a segment frame; -1 unmarks).
  void markAlsoSelectedCluster(int group);
  int markedCluster() const { return markedCluster_; }
  /// Why apart's marks: `path` nodes haloed in blue, `separators` in red with a tag, and the
  /// edges between any two of `path`, `separators` and `ends` (the two asked about) drawn thick.
  /// Replaces the previous marks; empty sets clear them.
  void markPath(const std::set<std::string>& path, const std::set<std::string>& separators,
                const std::set<std::string>& ends);
  /// Node ids marked by markPath, by mark (for tests).
  std::vector<std::string> pathMarked(PathMark mark) const;
  int edgesOnPath() const;
  /// Draws `shapes` as the regions overlay, replacing the previous one (empty: none).
  void setRegionShapes(const std::vector<RegionShape>& shapes);
  const std::vector<RegionItem*>& regionItems() const { return regionItems_; }

  /// Small labels (a run's time per segment) on the clusters / segment nodes of the given
  /// group ids; replaces the previous ones (empty: none).
  void setSegmentBadges(const std::map<int, QString>& badges);
  int segmentBadgeCount() const { return static_cast<int>(badgeItems_.size()); }

  /// The node drawn nearest to `point` (segment nodes only when `segmentsOnly`); "" when none: the
  /// anchor that keeps two pictures of one fusion showing the same place, though their layouts differ.
  std::string nodeNearest(QPointF point, bool segmentsOnly = false) const;
  /// The first op node drawn for a source line (for source → graph navigation), or "".
  std::string nodeForLine(int line) const;
  /// The segment titles of the whole picture at `zoom` (below kTitleLod; see segment_titles.h).
  const std::vector<SegmentTitle>& titlesAt(double zoom);
  /// The selection a click on node `id` makes (empty when the picture has no such node).
  Selection selectionOfNode(const std::string& id) const;

 signals:
  void picked(const segscope::ui::Selection& selection);
  /// Ctrl+click on a second node or segment frame while something is picked: both stay marked
  /// (Why apart).
  void pickedAlso(const segscope::ui::Selection& selection);
  /// A double-click (the collapsed view expands or folds what was clicked).
  void activated(const segscope::ui::Selection& selection);

 protected:
  void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
  void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;
  /// Zoomed out, segment titles (cluster frames, collapsed segment nodes) are drawn here at a
  /// readable on-screen size over everything else, so the picture still says which segment is
  /// which at fit zoom.
  void drawForeground(QPainter* painter, const QRectF& exposed) override;

 private:
  using IdIndex = std::unordered_map<std::string, std::size_t>;
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  /// Where a picture's nodes and clusters are: by id, and each node's box.
  struct Index {
    IdIndex nodes;                        // node id -> index into the model's nodes
    std::vector<std::size_t> geometryAt;  // model node index -> index into the geometry's nodes (kNone: not drawn)
    IdIndex clusters;                     // cluster id -> index into the geometry's clusters
  };
  static Index indexOf(const graph::GraphModel& model, const layout::Geometry& geometry);
  /// Per element of the next picture, the item of the current one that draws it alike
  /// (nullptr: a new item), and per current item whether it is kept.
  struct KeptItems {
    std::vector<ClusterItem*> clusters;
    std::vector<EdgeItem*> edges;
    std::vector<NodeItem*> nodes;
    std::vector<char> clusterKept, edgeKept, nodeKept;     // per current item
    std::vector<char> clusterMoved, edgeMoved, nodeMoved;  // per kept element: its layout shifted
    std::size_t count = 0;
  };
  KeptItems itemsToKeep(const graph::GraphModel& next, const layout::Geometry& nextGeometry, const Index& index) const;
  void dropItemsBut(const KeptItems& kept);
  void addItems(const KeptItems& kept);
  NodeItem* nodeItem(const std::string& id) const;
  /// Forgets the picture and its items (deleting none of them).
  void forgetPicture();
  Selection selectionAt(QPointF scenePos) const;

  graph::GraphModel model_;
  layout::Geometry geometry_;
  IdIndex nodeIndex_;                        // node id -> index into model_.nodes
  std::vector<std::size_t> nodeGeometryAt_;  // model_ node -> index into geometry_.nodes (kNone: not drawn)
  IdIndex clusterGeometry_;                  // cluster id -> index into geometry_.clusters
  std::vector<NodeItem*> nodeItems_;         // per model_ node; nullptr where not drawn
  std::vector<EdgeItem*> edgeItems_;         // per model_ edge that has geometry
  std::vector<ClusterItem*> clusterItems_;   // per model_ cluster; nullptr where not drawn
  bool darkItems_ = false;                   // the palette the items' colours were baked for
  std::vector<RegionItem*> regionItems_;
  std::vector<QGraphicsItem*> regionLabels_;
  std::vector<QGraphicsItem*> badgeItems_;
  std::vector<SegmentTitle> titles_;  // placed for titlesZoom_
  double titlesZoom_ = 0;
  QRectF titlesArea_;        // titles_ hold the frames reaching into it (null: all frames)
  TitleWidths titleWidths_;  // kept across pictures
  std::string selected_;
  std::string alsoSelected_;  // the Ctrl+clicked second node
  int markedCluster_ = -1;    // the Ctrl+clicked segment frame's group
  // Whether any item may carry a mark: a picture without marks leaves its kept items untouched
  // (each is a cache miss or two; 29k of them were a tenth of a 10k-op step).
  bool itemsMayBeMarked_ = false;
  std::future<void> disposal_;  // freeing the previous picture (forgetPicture); destroying it waits
  bool picked_ = false;         // a plain click picked something (a node or a segment frame)
  bool placeholder_ = false;
};

}  // namespace segscope::ui
