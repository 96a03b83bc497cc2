// Fusion regions of FX graphs under the seed's and current PyTorch's rules, checked by hand
// against fusion_regions.py, and the collectives' spans, ring times and verdicts.
#include <QtTest>

#include <string>

#include "fx/fx_reader.h"
#include "fx/op_tags.h"
#include "regions/collectives.h"
#include "regions/fx_regions.h"
#include "support/file_io.h"

using namespace segscope;
using namespace segscope::regions;

namespace {

const scheduler::DeviceProfile& h100() {
  static const scheduler::DeviceProfile p = *scheduler::profileByName("h100");
  return p;
}

fx::Graph graphOf(const std::string& body, const std::string& params) {
  auto doc = fx::readFxText("class GraphModule(torch.nn.Module):\n    def forward(self, " + params + "):\n" + body);
  if (!doc) qFatal("%s at %d:%d", doc.error().message.c_str(), doc.error().loc.line, doc.error().loc.column);
  return std::move(doc->graphs[0]);
}

fx::Graph sample(const std::string& name) {
  auto text = support::readTextFile(std::string(SEGSCOPE_SOURCE_DIR) + "/samples/fx/" + name);
  if (!text) qFatal("%s", text.error().message.c_str());
  auto doc = fx::readFxText(*text);
  if (!doc) qFatal("%s", doc.error().message.c_str());
  return std::move(doc->graphs[0]);
}

std::vector<std::string> names(const fx::Graph& g, const std::vector<int>& nodes) {
  std::vector<std::string> out;
  for (int n : nodes) out.push_back(g.nodes[static_cast<std::size_t>(n)].name);
  return out;
}

using Names = std::vector<std::string>;
constexpr std::int64_t MiB = 1 << 20;

}  // namespace

class TestFxRegions : public QObject {
  Q_OBJECT

 private slots:
  void opTablesSayWhatPyTorchSays() {
    QVERIFY(fx::tagsOf("aten.add.Tensor").pointwise);
    QVERIFY(fx::tagsOf("aten.sum.dim_IntList").reduction);
    QVERIFY(fx::tagsOf("aten.permute.default").view);
    QVERIFY(fx::tagsOf("prims.convert_element_type.default").pointwise);
    QVERIFY(!fx::tagsOf("aten.cat.default").pointwise);
    QVERIFY(!fx::tagsOf("aten.mm.default").pointwise);
    const fx::InductorSupport cat = fx::inductorSupportOf("aten.cat.default");
    QVERIFY(cat.lowering && !cat.fallback && !cat.flops);
    QVERIFY(fx::inductorSupportOf("aten.mm.default").flops);
    QVERIFY(fx::inductorSupportOf("aten.rand.default").fallback);
    QVERIFY(!fx::inductorSupportOf("aten._to_copy.default").lowering);  // decomposed before lowering
    QCOMPARE(fx::maxPointwiseCatInputs(), 8);
  }

  // fsdp_forward.log by hand, against the seed's code: RMSNorm's eight nodes run from
  // convert_element_type to mul_1 (mean.dim is a reduction, the converts pointwise), a span
  // ended by wait_tensor; Kahn by name starts at convert_element_type (the only ready node)
  // and takes pow_1 before mean by dependency. It reads primals_1 (64 MiB) and primals_2
  // (8 KiB) and writes rsqrt (32 KiB, returned) and mul_1 (64 MiB, read by mm, mm_1 and the
  // output). SiLU's four nodes read mm (172 MiB) and write convert_element_type_3 (172 MiB).
  void seedRegionsOfTheFsdpForwardNodeByNode() {
    const fx::Graph g = sample("fsdp_forward.log");
    const FxRegionAnalysis a = findFxRegions(g, FxRuleSet::Seed, {}, h100());
    QCOMPARE(a.regions.size(), std::size_t(2));
    const FxRegion& norm = a.regions[0];
    QCOMPARE(names(g, norm.members), (Names{"convert_element_type", "pow_1", "mean", "add", "rsqrt", "mul",
                                            "convert_element_type_1", "mul_1"}));
    QCOMPARE(names(g, norm.inputs), (Names{"primals_1", "primals_2"}));
    QCOMPARE(names(g, norm.outputs), (Names{"rsqrt", "mul_1"}));
    QCOMPARE(names(g, norm.users), (Names{"output", "mm", "mm_1"}));
    QCOMPARE(norm.bytes, 2 * 64 * MiB + 8192 + 32768);
    QVERIFY(qAbs(norm.costMs - double(norm.bytes) / 3350e9 * 1e3) < 1e-12);
    const FxRegion& silu = a.regions[1];
    QCOMPARE(names(g, silu.members), (Names{"convert_element_type_2", "sigmoid", "mul_2", "convert_element_type_3"}));
    QCOMPARE(names(g, silu.inputs), (Names{"mm"}));
    QCOMPARE(silu.bytes, 2 * 8192LL * 11008 * 2);
    QCOMPARE(a.regionOf[static_cast<std::size_t>(g.nodeIndex("mul_3"))], -1);  // alone between mm_1 and wait_tensor_2
  }

  void seedOrdersMembersByNameAmongReadyNodes() {
    // b_1 and a_1 are both ready after x2; Kahn by name takes a_1 first although b_1 comes first
    // in the graph (fusion_regions.py _topological_sort_nodes sorts the queue by node name).
    const fx::Graph g = graphOf(
        "        x2: \"f32[4][1]cuda:0\" = torch.ops.aten.neg.default(x)\n"
        "        b_1: \"f32[4][1]cuda:0\" = torch.ops.aten.sin.default(x2)\n"
        "        a_1: \"f32[4][1]cuda:0\" = torch.ops.aten.cos.default(x2)\n"
        "        add: \"f32[4][1]cuda:0\" = torch.ops.aten.add.Tensor(a_1, b_1)\n"
        "        return (add,)\n",
        "x: \"f32[4][1]cuda:0\"");
    QCOMPARE(names(g, findFxRegions(g, FxRuleSet::Seed, {}, h100()).regions.at(0).members),
             (Names{"x2", "a_1", "b_1", "add"}));
    QCOMPARE(names(g, findFxRegions(g, FxRuleSet::Current, {}, h100()).regions.at(0).members),
             (Names{"x2", "b_1", "a_1", "add"}));
  }

  // Seed and current differ where fusion_regions.py changed: fusibility (tags vs lowerings:
  // aten.cat has a lowering but no pointwise tag), the minimum (2 nodes vs 2 non-view nodes),
  // an unread member (an output in the seed only), zero-cost regions (dropped by the seed only),
  // and bytes (per node since pytorch#182419, stride-0 dims once).
  void currentRulesDifferWhereTheSourcesSay() {
    const fx::Graph g = graphOf(
        "        neg: \"f32[8, 4][4, 1]cuda:0\" = torch.ops.aten.neg.default(x)\n"
        "        cat: \"f32[8, 8][8, 1]cuda:0\" = torch.ops.aten.cat.default([neg, x], 1)\n"
        "        relu: \"f32[8, 8][8, 1]cuda:0\" = torch.ops.aten.relu.default(cat)\n"
        "        mm: \"f32[8, 8][8, 1]cuda:0\" = torch.ops.aten.mm.default(relu, relu)\n"
        "        permute: \"f32[8, 8][1, 8]cuda:0\" = torch.ops.aten.permute.default(mm, [1, 0])\n"
        "        view: \"f32[64][1]cuda:0\" = torch.ops.aten.view.default(permute, [64])\n"
        "        mm_1: \"f32[8, 8][8, 1]cuda:0\" = torch.ops.aten.mm.default(mm, mm)\n"
        "        exp: \"f32[8, 8][8, 1]cuda:0\" = torch.ops.aten.exp.default(mm_1)\n"
        "        unused: \"f32[8, 8][8, 1]cuda:0\" = torch.ops.aten.sin.default(exp)\n"
        "        mul: \"f32[8, 8][8, 1]cuda:0\" = torch.ops.aten.mul.Tensor(exp, exp)\n"
        "        return (view, mul)\n",
        "x: \"f32[8, 4][4, 1]cuda:0\"");
    const FxRegionAnalysis seed = findFxRegions(g, FxRuleSet::Seed, {}, h100());
    const FxRegionAnalysis current = findFxRegions(g, FxRuleSet::Current, {}, h100());
    QCOMPARE(seed.regions.size(), std::size_t(2));  // cat ends the first span: neg and relu stand alone
    QCOMPARE(names(g, seed.regions[0].members), (Names{"permute", "view"}));  // two views count
    QCOMPARE(names(g, seed.regions[1].members), (Names{"exp", "mul", "unused"}));
    QCOMPARE(names(g, seed.regions[1].outputs), (Names{"mul", "unused"}));  // read by nobody: an output
    QCOMPARE(current.regions.size(), std::size_t(2));
    QCOMPARE(names(g, current.regions[0].members), (Names{"neg", "cat", "relu"}));  // the view pair is dropped
    QCOMPARE(names(g, current.regions[1].members), (Names{"exp", "unused", "mul"}));
    QCOMPARE(names(g, current.regions[1].outputs), (Names{"mul"}));
    // Current prices per node: cat reads x (128 B) and neg reads x again; relu is read outside.
    QCOMPARE(current.regions[0].bytes, std::int64_t(128 + 128 + 256));
    QCOMPARE(seed.regions[1].bytes, std::int64_t(256 + 256 + 256));  // mm_1 in; unused and mul out
  }

  void seedDropsRegionsWithoutCostCurrentKeepsThem() {
    const fx::Graph g = graphOf(
        "        neg: \"f32[0, 4][4, 1]cuda:0\" = torch.ops.aten.neg.default(x)\n"
        "        abs_1: \"f32[0, 4][4, 1]cuda:0\" = torch.ops.aten.abs.default(neg)\n"
        "        return (abs_1,)\n",
        "x: \"f32[0, 4][4, 1]cuda:0\"");
    QCOMPARE(findFxRegions(g, FxRuleSet::Seed, {}, h100()).regions.size(), std::size_t(0));
    QCOMPARE(findFxRegions(g, FxRuleSet::Current, {}, h100()).regions.size(), std::size_t(1));
  }

  void currentCountsBroadcastDimsOnce() {
    const fx::Graph g = graphOf(
        "        expand: \"f32[8, 4][0, 1]cuda:0\" = torch.ops.aten.expand.default(x, [8, 4])\n"
        "        mm: \"f32[8, 4][4, 1]cuda:0\" = torch.ops.aten.mm.default(expand, expand)\n"
        "        neg: \"f32[8, 4][4, 1]cuda:0\" = torch.ops.aten.neg.default(expand)\n"
        "        add: \"f32[8, 4][4, 1]cuda:0\" = torch.ops.aten.add.Tensor(neg, mm)\n"
        "        return (add,)\n",
        "x: \"f32[4][1]cuda:0\"");
    const FxRegionAnalysis current = findFxRegions(g, FxRuleSet::Current, {}, h100());
    QCOMPARE(current.regions.size(), std::size_t(1));
    QCOMPARE(names(g, current.regions[0].members), (Names{"neg", "add"}));
    QCOMPARE(current.regions[0].bytes, std::int64_t(16 + 128 + 128));  // expand's stride-0 dim once
    QCOMPARE(findFxRegions(g, FxRuleSet::Seed, {}, h100()).regions[0].bytes, std::int64_t(128 + 128 + 128));
  }

  void getitemAndCollectivesEndSpans() {
    const fx::Graph g = graphOf(
        "        var_mean = torch.ops.aten.var_mean.correction(x, [1], correction = 0, keepdim = True)\n"
        "        getitem: \"f32[8, 1][1, 1]cuda:0\" = var_mean[0]\n"
        "        add: \"f32[8, 1][1, 1]cuda:0\" = torch.ops.aten.add.Tensor(getitem, 1e-05)\n"
        "        rsqrt: \"f32[8, 1][1, 1]cuda:0\" = torch.ops.aten.rsqrt.default(add)\n"
        "        return (rsqrt,)\n",
        "x: \"f32[8, 4][4, 1]cuda:0\"");
    const FxRegionAnalysis a = findFxRegions(g, FxRuleSet::Seed, {}, h100());
    QCOMPARE(a.regions.size(), std::size_t(1));
    QCOMPARE(names(g, a.regions[0].members), (Names{"add", "rsqrt"}));
  }

  void unsizedTensorsKeepTheirRegionsAsLowerBounds() {
    const fx::Graph g = sample("tp_attention.txt");
    const FxRegionAnalysis unsized = findFxRegions(g, FxRuleSet::Seed, {}, h100());
    const FxRegionAnalysis sized = findFxRegions(g, FxRuleSet::Seed, {{"s0", 2}}, h100());
    QCOMPARE(unsized.regions.size(), sized.regions.size());
    QVERIFY(!unsized.regions[0].sized && sized.regions[0].sized);
    QVERIFY(!unsized.unsizedNodes.empty() && sized.unsizedNodes.empty());
  }

  // ---- collectives

  void allGatherRingTimeAndVerdicts() {
    const fx::Graph g = sample("fsdp_forward.log");
    const FxRegionAnalysis r = findFxRegions(g, FxRuleSet::Seed, {}, h100());
    const CollectiveAnalysis a = findCollectives(g, r, {}, h100(), {});
    QCOMPARE(a.collectives.size(), std::size_t(3));
    const CollectiveSpan& first = a.collectives[0];
    QCOMPARE(first.kind, std::string("all_gather_into_tensor"));
    QCOMPARE(first.group, std::string("1"));
    QCOMPARE(first.ranks, 8);
    QVERIFY(!first.ranksAssumed);
    QCOMPARE(first.bytes, 11008LL * 4096 * 2);  // the gathered weight
    QVERIFY(qAbs(first.commMs - 7.0 / 8 * double(first.bytes) / 450e9 * 1e3) < 1e-12);
    QCOMPARE(g.nodes[static_cast<std::size_t>(first.wait)].name, std::string("wait_tensor"));
    QCOMPARE(first.regions, std::vector<int>{0});
    QVERIFY(first.compute.empty());
    QVERIFY(first.verdict == OverlapVerdict::PartlyHidden);
    QVERIFY(qAbs(first.exposedMs - (first.commMs - r.regions[0].costMs)) < 1e-12);
    const CollectiveSpan& second = a.collectives[1];  // RMSNorm, mm (2·8192·4096·11008 flops), SiLU
    QCOMPARE(second.compute.size(), std::size_t(1));
    QCOMPARE(second.compute[0].kind, std::string("matmul"));
    QCOMPARE(second.compute[0].flops, 2.0 * 8192 * 4096 * 11008);
    QVERIFY(second.verdict == OverlapVerdict::Hidden);
    QCOMPARE(second.exposedMs, 0.0);
  }

  void reduceScatterAllReduceAndTheirGroups() {
    const fx::Graph g = graphOf(
        "        reduce_scatter_tensor: \"f32[2, 4][4, 1]cuda:0\" = "
        "torch.ops._c10d_functional.reduce_scatter_tensor.default(x, 'sum', 4, '7')\n"
        "        all_reduce: \"f32[8, 4][4, 1]cuda:0\" = torch.ops._c10d_functional.all_reduce.default(x, 'sum', '7')\n"
        "        all_reduce_1: \"f32[8, 4][4, 1]cuda:0\" = torch.ops._c10d_functional.all_reduce.default(x, 'sum', "
        "'9')\n"
        "        wait_tensor = torch.ops._c10d_functional.wait_tensor.default(all_reduce)\n"
        "        return (reduce_scatter_tensor, wait_tensor, all_reduce_1)\n",
        "x: \"f32[8, 4][4, 1]cuda:0\"");
    const CollectiveAnalysis a = findCollectives(g, findFxRegions(g, FxRuleSet::Seed, {}, h100()), {}, h100(), {3});
    QCOMPARE(a.collectives.size(), std::size_t(3));
    QCOMPARE(a.collectives[0].bytes, std::int64_t(128));  // reduce_scatter: its input
    QCOMPARE(a.collectives[0].wait, -1);                  // never waited for
    QVERIFY(qAbs(a.collectives[0].commMs - 3.0 / 4 * 128 / 450e9 * 1e3) < 1e-15);
    QCOMPARE(a.collectives[1].ranks, 4);  // group '7': reduce_scatter says 4
    QVERIFY(!a.collectives[1].ranksAssumed);
    QVERIFY(qAbs(a.collectives[1].commMs - 2 * 3.0 / 4 * 128 / 450e9 * 1e3) < 1e-15);
    QVERIFY(a.collectives[1].verdict == OverlapVerdict::Exposed);
    QCOMPARE(a.collectives[2].ranks, 3);  // group '9': nobody says, the option's default
    QVERIFY(a.collectives[2].ranksAssumed);
  }

  void coalescedCollectivesAreWaitedThroughGetitem() {
    const fx::Graph g = graphOf(
        "        all_gather_into_tensor_coalesced = "
        "torch.ops._c10d_functional.all_gather_into_tensor_coalesced.default([x, x], 2, '0')\n"
        "        getitem: \"f32[16, 4][4, 1]cuda:0\" = all_gather_into_tensor_coalesced[0]\n"
        "        neg: \"f32[8, 4][4, 1]cuda:0\" = torch.ops.aten.neg.default(x)\n"
        "        exp: \"f32[8, 4][4, 1]cuda:0\" = torch.ops.aten.exp.default(neg)\n"
        "        wait_tensor = torch.ops._c10d_functional.wait_tensor.default(getitem)\n"
        "        return (wait_tensor, exp)\n",
        "x: \"f32[8, 4][4, 1]cuda:0\"");
    const CollectiveAnalysis a = findCollectives(g, findFxRegions(g, FxRuleSet::Seed, {}, h100()), {}, h100(), {});
    QCOMPARE(a.collectives.size(), std::size_t(1));
    QCOMPARE(g.nodes[static_cast<std::size_t>(a.collectives[0].wait)].name, std::string("wait_tensor"));
    QCOMPARE(a.collectives[0].bytes, std::int64_t(2 * 2 * 128));  // both inputs, gathered from 2 ranks
    QCOMPARE(a.collectives[0].regions, std::vector<int>{0});
  }

  void unknownSizesGiveAnUnknownVerdict() {
    const fx::Graph g = sample("tp_attention.txt");
    const auto unsized = findCollectives(g, findFxRegions(g, FxRuleSet::Seed, {}, h100()), {}, h100(), {4});
    QVERIFY(unsized.collectives.at(0).verdict == OverlapVerdict::Unknown);
    const fx::SymbolValues s0 = {{"s0", 2}};
    const auto sized = findCollectives(g, findFxRegions(g, FxRuleSet::Seed, s0, h100()), s0, h100(), {4});
    QCOMPARE(sized.collectives.at(0).bytes, 2LL * 2048 * 4096 * 2);
    QVERIFY(sized.collectives.at(0).verdict == OverlapVerdict::Exposed);  // waited right after mm_1
  }
};

QTEST_MAIN(TestFxRegions)
#include "test_fx_regions.moc"
