// index_maps.json of `export-segments` (cli/json_report.cpp, linked in directly): fields and
// values for a two-segment split of a small fusion.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "cli/report.h"
#include "engine/segmenter/segmentation_support.h"
#include "frontend/script.h"

using namespace segscope;

class TestIndexMaps : public QObject {
  Q_OBJECT

 private slots:
  void twoSegments() {
    const frontend::ParseOutcome o = frontend::parseScript(R"(
def fusion(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, 4], contiguity=[True, True], dtype=DataType.Float, is_cpu=False)
    S1 = fd.define_scalar(None, dtype=DataType.Double)
    T2 = fd.ops.mul(T0, S1)
    T3 = fd.ops.sum(T2, dims=[1], keepdim=False, dtype=DataType.Null)
    fd.add_output(T3)
    fd.add_output(T2)
)");
    QVERIFY(o.ok());
    const auto s = testing::makeSegmentation(*o.script->fusion, {{1}, {0}});
    QVERIFY(s.has_value());
    const auto exports = segmenter::exportAllSegments(*s);
    QVERIFY(exports.ok());
    const auto j = nlohmann::json::parse(cli::segmentIndexMapsJson(exports.value(), *o.script->fusion, "f.py"));
    QCOMPARE(j["format"].get<std::string>(), std::string("segscope-segments"));
    QCOMPARE(j["fusion_inputs"].size(), std::size_t{2});
    const auto& order = j["run_order"];
    QCOMPARE(order.size(), std::size_t{2});
    QCOMPARE(order[0]["segment"].get<int>(), 1);
    QCOMPARE(order[0]["script"].get<std::string>(), std::string("segment_1.py"));
    QCOMPARE(order[0]["inputs"][0]["fusion_input"].get<int>(), 0);
    QCOMPARE(order[0]["inputs"][1]["name"].get<std::string>(), std::string("S1"));
    QCOMPARE(order[0]["inputs"][1]["fusion_input"].get<int>(), 1);
    QCOMPARE(order[0]["outputs"][0]["fusion_output"].get<int>(), 1);
    QCOMPARE(order[1]["inputs"][0]["source"].get<std::string>(), std::string("segment"));
    QCOMPARE(order[1]["inputs"][0]["producer"].get<int>(), 1);
    QCOMPARE(order[1]["inputs"][0]["fusion_input"].get<int>(), -1);
    QCOMPARE(order[1]["inputs"][0]["val"].get<int>(), o.script->fusion->valByName("T2")->id());
    QCOMPARE(order[1]["outputs"][0]["fusion_output"].get<int>(), 0);
  }
};

QTEST_APPLESS_MAIN(TestIndexMaps)
#include "test_index_maps.moc"
