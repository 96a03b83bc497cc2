// Module boundaries of DESIGN §2: nothing under engine/ includes a Qt or Graphviz header,
// nothing under layout/ includes Qt, every include follows the allowed module graph (a module
// includes only itself and modules below it), no two files include each other, and the shells
// (ui/, app/) reach the engine through its façade only. Checked by reading every source file.
#include <QtTest>

#include <QDirIterator>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <functional>

namespace {

// Plain (not raw) string literals: moc's lexer does not understand raw strings.
const char* const kQtInclude = "^#\\s*include\\s*[<\"](Q[A-Za-z]+|Qt[A-Za-z]*/[^>\"]*|qt[a-z]*\\.h)[>\"]";
const char* const kGraphvizInclude = "^#\\s*include\\s*[<\"](graphviz/)?(gvc|cgraph|cdt|types|gvplugin)\\.h[>\"]";
const char* const kProjectInclude = "^#\\s*include\\s*\"([a-z_]+)/[^\"]+\"";

// DESIGN §2's allowed module graph as floors: a module may include its own floor's module
// (itself) and anything on a lower floor, never a module beside or above it. So
// support ← ir ← {frontend, trace, scheduler, reference} ← {passes, segmenter, nvlog, fx} ← {regions, exec,
// graph, model} ← pipeline ← {layout, comparison} ← ui ← app. (The shells in app/ draw with
// layout/ too, and app/segscope is the GUI's main, hence app on top. comparison/ sets a finished
// session beside an nvFuser log, another segmentation or a whole model run.)
int floorOf(const QString& module) {
  static const QHash<QString, int> floors = {
      {"support", 0},   {"ir", 1},         {"frontend", 2},  {"trace", 2}, {"scheduler", 2},
      {"reference", 2}, {"passes", 3},     {"segmenter", 3}, {"nvlog", 3}, {"fx", 3},
      {"regions", 4},   {"exec", 4},       {"graph", 4},     {"model", 4}, {"pipeline", 5},
      {"layout", 6},    {"comparison", 6}, {"ui", 7},        {"app", 8},
  };
  return floors.value(module, -1);
}

// The module a source file belongs to: engine/<module>/…, or the top folder (layout, ui, app).
QString moduleOfPath(const QString& relative) {
  const QStringList parts = relative.split('/');
  if (parts.size() > 2 && parts[0] == "engine") return parts[1];
  return parts[0];
}

// Why `include` (the folder of a quoted include) may not be included from `module`; empty
// when it may. Folders that are not modules (app/cli's own "cli/…") belong to the includer.
QString wrongWay(const QString& module, const QString& included) {
  const int from = floorOf(module), to = floorOf(included);
  if (to < 0 || included == module) return {};
  if (from < 0) return QString("%1 is not a module of DESIGN §2").arg(module);
  if (to >= from)
    return QString("%1 (floor %2) may not include %3 (floor %4)").arg(module).arg(from).arg(included).arg(to);
  return {};
}

// The engine modules a shell (ui/, app/) may include: the pipeline façade and the vocabulary
// it speaks in. Schedulers, passes, the segmenter, readers and the driver are the pipeline's.
bool shellMayInclude(const QString& included) {
  static const QStringList facade = {"pipeline", "comparison", "trace", "graph", "ir", "support", "layout"};
  return floorOf(included) < 0 || floorOf(included) >= floorOf("pipeline") || facade.contains(included);
}

// A source file's unit: its path without the extension, so that x.h and x.cpp are one node and a
// circle through two .cpp files (a.cpp includes b.h, b.cpp includes a.h) is seen.
QString unitOf(const QString& relative) { return relative.left(relative.lastIndexOf('.')); }

// One circle in `graph` (unit -> units it includes) as "a -> b -> a", or empty when there is none.
QString findCircle(const QHash<QString, QSet<QString>>& graph) {
  enum class Mark { Open, Done };
  QHash<QString, Mark> marks;
  QStringList path;
  QString circle;
  std::function<bool(const QString&)> visit = [&](const QString& unit) {
    marks.insert(unit, Mark::Open);
    path << unit;
    QStringList next(graph.value(unit).begin(), graph.value(unit).end());
    next.sort();  // a stable report
    for (const QString& to : next) {
      if (to == unit) continue;  // x.cpp including x.h
      const auto mark = marks.constFind(to);
      if (mark == marks.constEnd()) {
        if (visit(to)) return true;
      } else if (*mark == Mark::Open) {
        circle = (path.mid(path.indexOf(to)) << to).join(" -> ");
        return true;
      }
    }
    path.removeLast();
    marks.insert(unit, Mark::Done);
    return false;
  };
  QStringList units(graph.keyBegin(), graph.keyEnd());
  units.sort();
  for (const QString& unit : units)
    if (!marks.contains(unit) && visit(unit)) return circle;
  return {};
}

}  // namespace

class TestModuleBoundaries : public QObject {
  Q_OBJECT

 private:
  // Calls visit(path relative to the source root, line number, trimmed line) for every line
  // of every source file under `folder`.
  template <class Visit>
  static void forEachSourceLine(const QString& folder, Visit visit) {
    const QString root(SEGSCOPE_SOURCE_DIR);
    QDirIterator it(root + "/" + folder, {"*.h", "*.hpp", "*.cpp", "*.cc", "*.cu", "*.cuh"}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
      const QString path = it.next();
      QFile file(path);
      if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) continue;
      int lineNo = 0;
      while (!file.atEnd()) visit(path.mid(root.size() + 1), ++lineNo, QString::fromUtf8(file.readLine()).trimmed());
    }
  }

  // Returns "file:line: include" for every forbidden include under `folder`.
  static QStringList forbiddenIncludes(const QString& folder, const QRegularExpression& pattern) {
    QStringList hits;
    forEachSourceLine(folder, [&](const QString& file, int lineNo, const QString& line) {
      if (pattern.match(line).hasMatch()) hits << QString("%1:%2: %3").arg(file).arg(lineNo).arg(line);
    });
    return hits;
  }

 private slots:
  void engineIncludesNoQt() {
    const QRegularExpression qt(kQtInclude);
    const QStringList hits = forbiddenIncludes("engine", qt);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join('\n')));
  }

  void engineIncludesNoGraphviz() {
    const QRegularExpression gv(kGraphvizInclude);
    const QStringList hits = forbiddenIncludes("engine", gv);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join('\n')));
  }

  void layoutIncludesNoQt() {
    const QRegularExpression qt(kQtInclude);
    const QStringList hits = forbiddenIncludes("layout", qt);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join('\n')));
  }

  // Every quoted include of engine/, layout/, ui/ and app/ goes down the module graph.
  void includesFollowTheAllowedModuleGraph() {
    const QRegularExpression project(kProjectInclude);
    QStringList hits;
    for (const char* folder : {"engine", "layout", "ui", "app"})
      forEachSourceLine(folder, [&](const QString& file, int lineNo, const QString& line) {
        const auto m = project.match(line);
        if (!m.hasMatch()) return;
        const QString why = wrongWay(moduleOfPath(file), m.captured(1));
        if (!why.isEmpty()) hits << QString("%1:%2: %3: %4").arg(file).arg(lineNo).arg(line, why);
      });
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join('\n')));
  }

  // ui/ and app/ include only the façade's modules (DESIGN §2: the shells talk to the engine
  // through engine/pipeline).
  void shellsIncludeOnlyTheFacade() {
    const QRegularExpression project(kProjectInclude);
    QStringList hits, cleaned;
    for (const char* folder : {"ui", "app"})
      forEachSourceLine(folder, [&](const QString& file, int lineNo, const QString& line) {
        const auto m = project.match(line);
        if (!m.hasMatch() || shellMayInclude(m.captured(1))) return;
        hits << QString("%1:%2: %3").arg(file).arg(lineNo).arg(line);
      });
    QVERIFY2(hits.isEmpty(), qPrintable("past the pipeline façade:\n" + hits.join('\n')));
    // A planted include is caught; the façade's own modules pass.
    QVERIFY(!shellMayInclude("scheduler"));
    QVERIFY(!shellMayInclude("exec"));
    QVERIFY(!shellMayInclude("reference"));
    QVERIFY(shellMayInclude("pipeline"));
    QVERIFY(shellMayInclude("ui"));
  }

  // No two files of a module include each other, however indirectly: counting a header and its
  // .cpp as one unit, the include graph of every module is a tree of floors too.
  void filesIncludeNoCircle() {
    const QRegularExpression quoted("^#\\s*include\\s*\"([^\"]+)\"");
    const QDir root(SEGSCOPE_SOURCE_DIR);
    // Where a quoted include is found: engine/ for the engine's modules, the root for layout/
    // and ui/, app/ for the CLI's own "cli/…".
    const auto resolve = [&](const QString& include) -> QString {
      for (const char* base : {"engine/", "", "app/"})
        if (root.exists(base + include)) return base + include;
      return {};
    };
    QHash<QString, QSet<QString>> graph;
    for (const char* folder : {"engine", "layout", "ui", "app"})
      forEachSourceLine(folder, [&](const QString& file, int, const QString& line) {
        graph[unitOf(file)];
        const auto m = quoted.match(line);
        if (!m.hasMatch()) return;
        const QString included = resolve(m.captured(1));
        if (!included.isEmpty()) graph[unitOf(file)].insert(unitOf(included));
      });
    QVERIFY2(graph.size() > 200, qPrintable(QString("only %1 units read").arg(graph.size())));
    const QString circle = findCircle(graph);
    QVERIFY2(circle.isEmpty(), qPrintable("files including each other: " + circle));
  }

  // The circle check finds a circle through two .cpp files, and none in a chain.
  void theCircleCheckCatchesAPlantedCircle() {
    QHash<QString, QSet<QString>> graph;
    graph["ui/graph_scene"] = {"ui/segment_titles", "ui/appearance"};
    graph["ui/segment_titles"] = {"ui/appearance"};
    graph["ui/appearance"] = {};
    QVERIFY(findCircle(graph).isEmpty());
    graph["ui/segment_titles"].insert("ui/graph_scene");
    QCOMPARE(findCircle(graph), QString("ui/graph_scene -> ui/segment_titles -> ui/graph_scene"));
    QCOMPARE(unitOf("ui/graph_scene.cpp"), unitOf("ui/graph_scene.h"));
  }

  // The graph check catches an include that runs back up (the trace → passes import this
  // test was written against) and one between modules on the same floor.
  void theGraphCheckCatchesAWrongWayInclude() {
    const QRegularExpression project(kProjectInclude);
    const auto m = project.match("#include \"passes/pre_segmenter.h\"");
    QVERIFY(m.hasMatch());
    QCOMPARE(m.captured(1), QString("passes"));
    QCOMPARE(moduleOfPath("engine/trace/pipeline.cpp"), QString("trace"));
    QVERIFY(!wrongWay("trace", m.captured(1)).isEmpty());
    QVERIFY(!wrongWay("segmenter", "passes").isEmpty());
    QVERIFY(wrongWay("ir", "support").isEmpty());
    QVERIFY(wrongWay("pipeline", "passes").isEmpty());
    QVERIFY(wrongWay("app", "cli").isEmpty());
  }

  void theCheckItselfCatchesAQtInclude() {
    // Guards against a pattern that silently matches nothing.
    const QRegularExpression qt(kQtInclude);
    QVERIFY(qt.match("#include <QString>").hasMatch());
    QVERIFY(qt.match("#include <QtCore/qobject.h>").hasMatch());
    QVERIFY(!qt.match("#include \"ir/fusion.h\"").hasMatch());
  }
};

QTEST_APPLESS_MAIN(TestModuleBoundaries)
#include "test_module_boundaries.moc"
