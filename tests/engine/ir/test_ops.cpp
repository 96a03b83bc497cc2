// Shape and dtype inference of every op builder: one data row per op, plus promotion rules.
#include <QtTest>

#include <algorithm>
#include <functional>
#include <set>

#include "ir/ops.h"

using namespace segscope::ir;
using segscope::Status;

namespace {

struct Env {
  Fusion f;
  TensorView* tensor(DataType t, std::vector<std::int64_t> shape) {
    std::vector<Dim> dims;
    for (std::int64_t e : shape)
      dims.push_back(Dim{SymInt::constant(e), e == 1 ? IterKind::Broadcast : IterKind::Iteration});
    TensorView* tv = f.newTensor(t, dims);
    f.addInput(tv);
    return tv;
  }
  Scalar* scalar(DataType t) {
    Scalar* s = f.newScalar(t);
    f.addInput(s);
    return s;
  }
  Scalar* constant(std::int64_t v) { return ops::constant(f, ScalarValue(v), DataType::Int); }
  Scalar* constant(double v) { return ops::constant(f, ScalarValue(v), DataType::Double); }
};

using Builder = std::function<Val*(Env&)>;

struct Case {
  OpType op;
  Builder build;
  std::string expected;  // "<dtype>[shape]" of the first output, as TensorView::shapeString prints
};

Val* first(ops::ValsResult r) { return r ? r.value().front() : nullptr; }
Val* value(ops::ValResult r) { return r ? r.value() : nullptr; }

std::vector<Case> cases() {
  using DT = DataType;
  std::vector<Case> c;
  const auto unaryCase = [&](OpType op, DT in, const char* expected) {
    c.push_back({op, [op, in](Env& e) { return value(ops::unary(e.f, op, e.tensor(in, {4, 8}))); }, expected});
  };
  const auto binaryCase = [&](OpType op, DT a, DT b, const char* expected) {
    c.push_back({op,
                 [op, a, b](Env& e) {
                   return value(ops::binary(e.f, op, e.tensor(a, {4, 1}), e.tensor(b, {1, 8})));
                 },
                 expected});
  };
  for (OpType op : allOpTypes()) {
    if (opFamily(op) != OpFamily::Unary) continue;
    switch (resultRule(op)) {
      case ResultRule::PromoteFloat: unaryCase(op, DT::BFloat16, "f32[4, 8]"); break;
      case ResultRule::Bool: unaryCase(op, DT::Float, "b8[4, 8]"); break;
      case ResultRule::Integral: unaryCase(op, DT::Int, "i64[4, 8]"); break;
      case ResultRule::Real: unaryCase(op, DT::ComplexFloat, "f32[4, 8]"); break;
      default: unaryCase(op, DT::Half, "f16[4, 8]"); break;
    }
  }
  for (OpType op : allOpTypes()) {
    if (opFamily(op) != OpFamily::Binary) continue;
    switch (resultRule(op)) {
      case ResultRule::PromoteFloat: binaryCase(op, DT::Int, DT::Int32, "f32[4, 8]"); break;
      case ResultRule::Bool: binaryCase(op, DT::Float, DT::Half, "b8[4, 8]"); break;
      case ResultRule::Integral: binaryCase(op, DT::Int32, DT::Int, "i64[4, 8]"); break;
      default:
        if (op == OpType::Minimum || op == OpType::Maximum)
          binaryCase(op, DT::BFloat16, DT::BFloat16, "bf16[4, 8]");
        else
          binaryCase(op, DT::BFloat16, DT::BFloat16, "f32[4, 8]");  // nvFuser computes bf16 in Float
        break;
    }
  }
  c.push_back({OpType::Where,
               [](Env& e) {
                 return value(ops::ternary(e.f, OpType::Where,
                                           {e.tensor(DT::Bool, {4, 8}), e.tensor(DT::Half, {4, 8}), e.constant(0.0)}));
               },
               "f16[4, 8]"});
  for (OpType op : {OpType::Lerp, OpType::Clamp, OpType::Threshold, OpType::AddAlpha, OpType::SubAlpha}) {
    const char* expected = op == OpType::Clamp || op == OpType::Threshold ? "f32[4, 8]" : "f32[4, 8]";
    c.push_back({op,
                 [op](Env& e) {
                   return value(ops::ternary(
                       e.f, op, {e.tensor(DT::Float, {4, 8}), e.tensor(DT::Float, {4, 8}), e.constant(0.5)}));
                 },
                 expected});
  }
  c.push_back({OpType::Addcmul,
               [](Env& e) {
                 return value(ops::ternary(e.f, OpType::Addcmul,
                                           {e.tensor(DT::Float, {4, 8}), e.tensor(DT::Float, {8}),
                                            e.tensor(DT::Float, {4, 1}), e.constant(2.0)}));
               },
               "f32[4, 8]"});
  c.push_back({OpType::Cast,
               [](Env& e) {
                 return value(ops::cast(e.f, e.tensor(DT::Float, {4, 8}), DT::BFloat16));
               },
               "bf16[4, 8]"});
  c.push_back(
      {OpType::Sum,
       [](Env& e) {
         return value(ops::reduction(e.f, OpType::Sum, e.tensor(DT::BFloat16, {4, 8, 2}), {1}, false, DT::Null));
       },
       "f32[4, 2]"});
  c.push_back({OpType::Prod,
               [](Env& e) {
                 return value(ops::reduction(e.f, OpType::Prod, e.tensor(DT::Int32, {4, 8}), {-1}, true, DT::Null));
               },
               "i64[4, b1]"});
  c.push_back({OpType::Max,
               [](Env& e) {
                 return value(ops::reduction(e.f, OpType::Max, e.tensor(DT::Half, {4, 8}), {0}, false, DT::Null));
               },
               "f16[8]"});
  c.push_back({OpType::Min,
               [](Env& e) {
                 return value(ops::reduction(e.f, OpType::Min, e.tensor(DT::Float, {4, 8}), {}, false, DT::Null));
               },
               "f32[]"});
  c.push_back({OpType::Var,
               [](Env& e) {
                 return value(ops::var(e.f, e.tensor(DT::Float, {4, 8}), {1}, 1, false));
               },
               "f32[4]"});
  c.push_back({OpType::VarMean,
               [](Env& e) {
                 return first(ops::varMean(e.f, e.tensor(DT::BFloat16, {4, 8}), {1}, 0, true));
               },
               "f32[4, b1]"});
  c.push_back({OpType::Welford,
               [](Env& e) {
                 return first(ops::welford(e.f, e.tensor(DT::Float, {4, 8}), {0}));
               },
               "f32[8]"});
  c.push_back({OpType::Broadcast,
               [](Env& e) {
                 return value(ops::broadcast(e.f, e.tensor(DT::Float, {4}), {true, false, true}));
               },
               "f32[b1, 4, b1]"});
  c.push_back({OpType::BroadcastInDim,
               [](Env& e) {
                 return value(ops::broadcastInDim(e.f, e.tensor(DT::Float, {4}),
                                                  {SymInt::constant(3), SymInt::constant(4)}, {1}));
               },
               "f32[xb3, 4]"});
  c.push_back(
      {OpType::Expand,
       [](Env& e) {
         return value(ops::expand(e.f, e.tensor(DT::Float, {1, 4}), {SymInt::constant(6), SymInt::constant(-1)}));
       },
       "f32[xb6, 4]"});
  c.push_back({OpType::Squeeze,
               [](Env& e) {
                 return value(ops::squeeze(e.f, e.tensor(DT::Float, {4, 1, 8}), {1}, false));
               },
               "f32[4, 8]"});
  c.push_back({OpType::Reshape,
               [](Env& e) {
                 return value(ops::reshape(e.f, e.tensor(DT::Float, {4, 6}),
                                           {SymInt::constant(2), SymInt::constant(-1), SymInt::constant(3)}));
               },
               "f32[2, 4, 3]"});
  c.push_back({OpType::Permute,
               [](Env& e) {
                 return value(ops::permute(e.f, e.tensor(DT::Float, {2, 3, 4}), {2, 0, 1}));
               },
               "f32[4, 2, 3]"});
  c.push_back({OpType::Set,
               [](Env& e) {
                 return value(ops::set(e.f, OpType::Set, e.tensor(DT::Float, {2, 3})));
               },
               "f32[2, 3]"});
  c.push_back({OpType::SegmentSet,
               [](Env& e) {
                 return value(ops::set(e.f, OpType::SegmentSet, e.tensor(DT::Half, {2, 3})));
               },
               "f16[2, 3]"});
  c.push_back({OpType::StrideOrder,
               [](Env& e) {
                 return value(ops::strideOrder(e.f, e.tensor(DT::Float, {2, 3}), {0, 1}));
               },
               "f32[2, 3]"});
  c.push_back({OpType::Slice,
               [](Env& e) {
                 return value(ops::slice(e.f, e.tensor(DT::Float, {10, 8}), {SymInt::constant(-4), SymInt::constant(1)},
                                         {SymInt::constant(10), SymInt::constant(8)},
                                         {SymInt::constant(1), SymInt::constant(2)}, false));
               },
               "f32[4, 4]"});
  c.push_back({OpType::Pad,
               [](Env& e) {
                 return value(ops::pad(e.f, e.tensor(DT::Float, {4, 8}), {1, 2, -1, 0}, e.constant(0.0)));
               },
               "f32[3, 11]"});
  c.push_back({OpType::Cat,
               [](Env& e) {
                 return value(ops::cat(e.f, {e.tensor(DT::Float, {4, 3}), e.tensor(DT::Float, {4, 5})}, -1, false));
               },
               "f32[4, 8]"});
  c.push_back(
      {OpType::Full,
       [](Env& e) {
         return value(ops::full(e.f, {SymInt::constant(2), SymInt::constant(5)}, e.constant(1.0), DT::BFloat16));
       },
       "bf16[2, 5]"});
  c.push_back({OpType::Iota,
               [](Env& e) { return value(ops::iota(e.f, e.constant(std::int64_t{7}), nullptr, nullptr, DT::Int)); },
               "i64[7]"});
  c.push_back({OpType::Uniform,
               [](Env& e) {
                 return value(ops::randomFill(e.f, OpType::Uniform, e.constant(0.0), e.constant(1.0),
                                              {SymInt::constant(3), SymInt::constant(4)}, nullptr, nullptr, DT::Float));
               },
               "f32[3, 4]"});
  c.push_back({OpType::Normal,
               [](Env& e) {
                 return value(ops::randomFill(e.f, OpType::Normal, e.constant(0.0), e.constant(1.0),
                                              {SymInt::constant(3)}, nullptr, nullptr, DT::BFloat16));
               },
               "bf16[3]"});
  c.push_back({OpType::RandLike,
               [](Env& e) {
                 return value(ops::randLike(e.f, OpType::RandLike, e.tensor(DT::Half, {3, 2}), nullptr, nullptr));
               },
               "f16[3, 2]"});
  c.push_back(
      {OpType::RandnLike,
       [](Env& e) { return value(ops::randLike(e.f, OpType::RandnLike, e.tensor(DT::Int, {3}), nullptr, nullptr)); },
       "f32[3]"});
  c.push_back(
      {OpType::Gather,
       [](Env& e) {
         return value(ops::gather(e.f, OpType::Gather, e.tensor(DT::Float, {4, 8}), e.tensor(DT::Int, {4, 2}), 1));
       },
       "f32[4, 2]"});
  c.push_back({OpType::TakeAlongAxis,
               [](Env& e) {
                 return value(ops::gather(e.f, OpType::TakeAlongAxis, e.tensor(DT::Float, {4, 8}),
                                          e.tensor(DT::Int, {1, 3}), 1));
               },
               "f32[4, 3]"});
  c.push_back({OpType::IndexSelect,
               [](Env& e) {
                 return value(ops::indexSelect(e.f, e.tensor(DT::Float, {10, 8}), e.tensor(DT::Int, {3}), 0));
               },
               "f32[3, 8]"});
  c.push_back({OpType::SelectOp,
               [](Env& e) {
                 return value(ops::select(e.f, e.tensor(DT::Float, {10, 8}), e.scalar(DT::Int), 0));
               },
               "f32[8]"});
  c.push_back(
      {OpType::Matmul,
       [](Env& e) {
         return value(ops::matmul(e.f, e.tensor(DT::BFloat16, {5, 1, 3, 4}), e.tensor(DT::BFloat16, {2, 4, 6})));
       },
       "bf16[5, 2, 3, 6]"});
  c.push_back({OpType::Linear,
               [](Env& e) {
                 return value(ops::linear(e.f, e.tensor(DT::BFloat16, {2, 3, 4}), e.tensor(DT::BFloat16, {6, 4}),
                                          e.tensor(DT::BFloat16, {6})));
               },
               "bf16[2, 3, 6]"});
  c.push_back({OpType::SdpaFwd,
               [](Env& e) {
                 return first(ops::sdpaFwd(e.f, e.tensor(DT::BFloat16, {2, 4, 16, 8}),
                                           e.tensor(DT::BFloat16, {2, 4, 32, 8}), e.tensor(DT::BFloat16, {2, 4, 32, 6}),
                                           nullptr, nullptr, nullptr));
               },
               "bf16[2, 4, 16, 6]"});
  c.push_back({OpType::SdpaBwd,
               [](Env& e) {
                 Val* q = e.tensor(DT::BFloat16, {2, 4, 16, 8});
                 Val* k = e.tensor(DT::BFloat16, {2, 4, 32, 8});
                 Val* v = e.tensor(DT::BFloat16, {2, 4, 32, 8});
                 auto fwd = ops::sdpaFwd(e.f, q, k, v, nullptr, nullptr, nullptr).value();
                 return first(ops::sdpaBwd(e.f, e.tensor(DT::BFloat16, {2, 4, 16, 8}), q, k, v, fwd[0], fwd[1], nullptr,
                                           nullptr, fwd[2], fwd[3], nullptr));
               },
               "bf16[2, 4, 16, 8]"});
  c.push_back({OpType::EmbeddingFwd,
               [](Env& e) {
                 return value(ops::embeddingFwd(e.f, e.tensor(DT::Int, {2, 5}), e.tensor(DT::BFloat16, {100, 16}),
                                                {nullptr, nullptr, nullptr, nullptr, nullptr}));
               },
               "bf16[2, 5, 16]"});
  c.push_back({OpType::Size, [](Env& e) { return value(ops::size(e.f, e.tensor(DT::Float, {4, 8}), -1)); }, "i64"});
  c.push_back({OpType::Triu,
               [](Env& e) {
                 return value(ops::triu(e.f, e.tensor(DT::Float, {4, 4}), 1));
               },
               "f32[4, 4]"});
  c.push_back({OpType::Cumsum,
               [](Env& e) {
                 return value(ops::cumsum(e.f, e.tensor(DT::Bool, {4, 4}), 1));
               },
               "i64[4, 4]"});
  return c;
}

std::string typeOf(const Val* v) {
  std::string s(shortName(v->dtype()));
  if (const TensorView* tv = v->asTensor()) s += tv->shapeString();
  return s;
}

}  // namespace

class TestOps : public QObject {
  Q_OBJECT

 private slots:
  void inference_data() {
    QTest::addColumn<int>("index");
    const auto all = cases();
    for (std::size_t i = 0; i < all.size(); ++i)
      QTest::newRow(std::string(opName(all[i].op)).c_str()) << static_cast<int>(i);
  }

  void inference() {
    QFETCH(int, index);
    const Case c = cases()[static_cast<std::size_t>(index)];
    Env env;
    Val* out = c.build(env);
    QVERIFY2(out != nullptr, "the builder reported an error");
    QCOMPARE(QString::fromStdString(typeOf(out)), QString::fromStdString(c.expected));
    QVERIFY(out->definition() != nullptr);
    QCOMPARE(out->definition()->op(), c.op);
    env.f.addOutput(out);
    const Status verified = env.f.verify();
    QVERIFY2(verified.ok(), verified.ok() ? "" : verified.error().message.c_str());
  }

  void everyOpHasAnInferenceCase() {
    std::set<OpType> covered;
    for (const Case& c : cases()) covered.insert(c.op);
    for (OpType op : allOpTypes())
      QVERIFY2(covered.count(op), ("no inference case for " + std::string(opName(op))).c_str());
  }

  void promotionFollowsPyTorch() {
    QCOMPARE(promoteTypes(DataType::BFloat16, true, DataType::Double, false), DataType::BFloat16);
    QCOMPARE(promoteTypes(DataType::Int, true, DataType::Double, false), DataType::Float);
    QCOMPARE(promoteTypes(DataType::Int32, true, DataType::Int, false), DataType::Int32);
    QCOMPARE(promoteTypes(DataType::Bool, true, DataType::Int, false), DataType::Int);
    QCOMPARE(promoteSameKind(DataType::Half, DataType::BFloat16), DataType::Float);
    QCOMPARE(promoteSameKind(DataType::Float, DataType::Double), DataType::Double);
    QCOMPARE(promoteSameKind(DataType::ComplexFloat, DataType::Double), DataType::ComplexDouble);
    QCOMPARE(promoteSameKind(DataType::Int32, DataType::Bool), DataType::Int32);
  }

  void scalarOpsStayScalar() {
    Env e;
    Val* s = value(ops::binary(e.f, OpType::Mul, e.scalar(DataType::Double), e.constant(0.5)));
    QVERIFY(s && s->isScalar());
    QCOMPARE(s->dtype(), DataType::Double);
    Val* r = value(ops::unary(e.f, OpType::Reciprocal, e.scalar(DataType::Int)));
    QVERIFY(r && r->isScalar());
    QCOMPARE(r->dtype(), DataType::Float);
  }

  void rankMismatchAlignsToTheRight() {
    Env e;
    Val* out =
        value(ops::binary(e.f, OpType::Add, e.tensor(DataType::Float, {3, 4, 5}), e.tensor(DataType::Float, {5})));
    QVERIFY(out);
    QCOMPARE(QString::fromStdString(typeOf(out)), QString("f32[3, 4, 5]"));
  }

  void shapeErrorsAreReported() {
    Env e;
    auto bad = ops::binary(e.f, OpType::Add, e.tensor(DataType::Float, {3, 4}), e.tensor(DataType::Float, {3, 5}));
    QVERIFY(!bad);
    QVERIFY(QString::fromStdString(bad.error().message).contains("shape mismatch at dim 1: 4 vs 5"));
    QVERIFY(!ops::reshape(e.f, e.tensor(DataType::Float, {4, 6}), {SymInt::constant(5), SymInt::constant(5)}));
    QVERIFY(!ops::permute(e.f, e.tensor(DataType::Float, {4, 6}), {0, 0}));
    QVERIFY(!ops::reduction(e.f, OpType::Sum, e.tensor(DataType::Float, {4}), {3}, false, DataType::Null));
    QVERIFY(!ops::squeeze(e.f, e.tensor(DataType::Float, {4, 6}), {0}, false));
    QVERIFY(!ops::matmul(e.f, e.tensor(DataType::Float, {4, 6}), e.tensor(DataType::Float, {5, 6})));
    QVERIFY(!ops::binary(e.f, OpType::BitwiseAnd, e.tensor(DataType::Float, {2}), e.tensor(DataType::Float, {2})));
  }

  void cloneKeepsIdsAndText() {
    Env e;
    Val* x = e.tensor(DataType::BFloat16, {4, 8});
    Val* y = value(ops::cast(e.f, x, DataType::Float));
    Val* z = value(ops::reduction(e.f, OpType::Sum, y, {1}, false, DataType::Null));
    e.f.addOutput(z);
    CloneResult c = e.f.clone();
    QCOMPARE(QString::fromStdString(c.fusion->print()), QString::fromStdString(e.f.print()));
    QCOMPARE(c.vals.at(z)->id(), z->id());
    QVERIFY(c.vals.at(z) != z);
    QCOMPARE(c.exprs.size(), std::size_t{2});
    QVERIFY(c.fusion->verify().ok());
  }

  void removeValDeletesOnlyOrphans() {
    Env e;
    Scalar* n = e.f.newScalar(DataType::Index);
    TensorView* x = e.f.newTensor(DataType::Float, {Dim{SymInt::symbolic(n), IterKind::Iteration}});
    n->setExtentOf(x, 0);
    e.f.addInput(x);
    Val* y = value(ops::reshape(e.f, x, {SymInt::constant(-1)}));  // a fresh extent measuring y
    Val* z = value(ops::unary(e.f, OpType::Neg, y));               // shaped with y's extent
    Val* w = value(ops::reshape(e.f, x, {SymInt::constant(-1)}));  // unused, own fresh extent
    e.f.addOutput(z);
    Val* yExtent = y->asTensor()->dim(0).extent.sym;
    QVERIFY(!e.f.removeVal(y).ok());  // still defined and used
    QVERIFY(!e.f.removeVal(x).ok());  // an input
    QVERIFY(!e.f.removeVal(n).ok());  // x's extent
    QVERIFY(!e.f.removeVal(z).ok());  // an output

    // z = neg(y) → z = neg(x): y becomes an orphan; its extent now measures z.
    const std::string yName = y->name();
    e.f.replaceUse(z->definition(), y, x);
    e.f.removeExpr(y->definition());
    QVERIFY(e.f.removeVal(y).ok());
    QCOMPARE(static_cast<const TensorView*>(static_cast<Scalar*>(yExtent)->extentOf()),
             static_cast<const TensorView*>(z->asTensor()));
    // The count removeVal's quick path trusts follows every setExtentOf.
    QCOMPARE(z->asTensor()->measuredBy(), 1);
    QCOMPARE(x->measuredBy(), 1);
    QVERIFY(e.f.valByName(yName) == nullptr);
    const std::size_t before = e.f.vals().size();
    e.f.removeExpr(w->definition());
    QVERIFY(e.f.removeVal(w).ok());
    QCOMPARE(e.f.vals().size(), before - 2);  // w and the extent only w had
    QVERIFY(e.f.verify().ok());
    QVERIFY(QString::fromStdString(e.f.print()).contains("neg(T1)"));
    // A tensor no scalar measures (the quick path): found among the values and removed alone.
    Val* u = value(ops::unary(e.f, OpType::Exp, x));
    QCOMPARE(u->asTensor()->measuredBy(), 0);
    e.f.removeExpr(u->definition());
    const std::size_t withU = e.f.vals().size();
    QVERIFY(e.f.removeVal(u).ok());
    QCOMPARE(e.f.vals().size(), withU - 1);
    QVERIFY(e.f.verify().ok());
  }

  // Removed exprs leave empty slots that reads drop (removeExpr is O(1)): counts, order, id
  // lookups, copies and further removals agree with the fusion as built without them.
  void removalsBetweenReadsKeepTheFusionWhole() {
    Env e;
    Val* x = e.tensor(DataType::Float, {4, 8});
    std::vector<Val*> chain{x}, side;
    for (int i = 0; i < 40; ++i) {
      chain.push_back(value(ops::unary(e.f, OpType::Neg, chain.back())));
      side.push_back(value(ops::unary(e.f, OpType::Exp, chain.back())));  // dead: never read
    }
    e.f.addOutput(chain.back());
    QCOMPARE(e.f.exprCount(), std::size_t{80});
    for (std::size_t i = 0; i < side.size(); ++i) {
      Expr* dead = side[i]->definition();
      const int id = dead->id();
      e.f.removeExpr(dead);
      QCOMPARE(e.f.exprCount(), std::size_t{80 - i - 1});
      QVERIFY(e.f.exprById(id) == nullptr);
      if (i % 3 == 0) {  // reads between removals drop the empty slots at different times
        const std::vector<Expr*> order = e.f.exprs();
        QCOMPARE(order.size(), e.f.exprCount());
        QVERIFY(std::find(order.begin(), order.end(), chain.back()->definition()) != order.end());
      }
      if (i % 7 == 0) QCOMPARE(e.f.copy()->exprCount(), e.f.exprCount());
    }
    const std::vector<Expr*> order = e.f.exprs();
    QCOMPARE(order.size(), std::size_t{40});
    for (std::size_t i = 0; i < order.size(); ++i) {
      QVERIFY(order[i] == chain[i + 1]->definition());
      QVERIFY(e.f.exprById(order[i]->id()) == order[i]);
    }
    QVERIFY(e.f.verify().ok());
    CloneResult c = e.f.clone();
    QCOMPARE(c.exprs.size(), std::size_t{40});
    QCOMPARE(QString::fromStdString(c.fusion->print()), QString::fromStdString(e.f.print()));
  }

  // removeVal leaves an empty slot in the value list (dropped by the next read) and finds
  // values by a slot per id: reads, lookups, copies and new values between removals must see
  // exactly the live values.
  void valueRemovalsBetweenReadsKeepTheFusionWhole() {
    Env e;
    Val* x = e.tensor(DataType::Float, {4, 8});
    std::vector<Val*> chain{x}, side;
    for (int i = 0; i < 30; ++i) {
      chain.push_back(value(ops::unary(e.f, OpType::Neg, chain.back())));
      side.push_back(value(ops::unary(e.f, OpType::Exp, chain.back())));  // dead: never read
    }
    e.f.addOutput(chain.back());
    const std::size_t before = e.f.vals().size();
    std::vector<Val*> fresh;
    for (std::size_t i = 0; i < side.size(); ++i) {
      const int id = side[i]->id();
      const std::string name = side[i]->name();
      e.f.removeExpr(side[i]->definition());
      QVERIFY(e.f.removeVal(side[i]).ok());
      QVERIFY(e.f.valById(id) == nullptr);
      QVERIFY(e.f.valByName(name) == nullptr);
      QVERIFY(e.f.valById(chain[i + 1]->id()) == chain[i + 1]);
      if (i % 4 == 0) {  // reads between removals drop the empty slots at different times
        QCOMPARE(e.f.vals().size(), before - i - 1 + fresh.size());
        QCOMPARE(e.f.copy()->vals().size(), e.f.vals().size());
      }
      if (i % 5 == 0) fresh.push_back(e.tensor(DataType::Float, {2, 3}));  // ids after the holes
      for (Val* v : fresh) QVERIFY(e.f.valById(v->id()) == v);
    }
    QCOMPARE(e.f.vals().size(), before - side.size() + fresh.size());
    const std::vector<Val*> vals = e.f.vals();
    QVERIFY(std::none_of(vals.begin(), vals.end(), [](const Val* v) { return v == nullptr; }));
    QVERIFY(e.f.verify().ok());
    CloneResult c = e.f.clone();
    QCOMPARE(c.vals.size(), vals.size());
    QCOMPARE(QString::fromStdString(c.fusion->print()), QString::fromStdString(e.f.print()));
  }

  // isInput/isOutput answer from a cached set that replaceAllUsesWith keeps unless it moves an
  // output: replacing an intermediate leaves it alone, replacing an output refreshes it.
  void outputQueriesFollowReplacedOutputs() {
    Env e;
    Val* x = e.tensor(DataType::Float, {4, 8});
    Val* y = value(ops::unary(e.f, OpType::Neg, x));
    Val* z = value(ops::unary(e.f, OpType::Exp, y));
    e.f.addOutput(z);
    QVERIFY(e.f.isOutput(z) && !e.f.isOutput(y) && e.f.isInput(x));  // the cache is built
    Val* y2 = value(ops::unary(e.f, OpType::Abs, x));
    e.f.replaceAllUsesWith(y, y2);  // an intermediate: z now reads y2
    QVERIFY(e.f.isOutput(z) && !e.f.isOutput(y) && !e.f.isOutput(y2));
    Val* z2 = value(ops::unary(e.f, OpType::Exp, y2));
    e.f.replaceAllUsesWith(z, z2);  // the output itself
    QVERIFY(e.f.isOutput(z2));
    QVERIFY(!e.f.isOutput(z));
    QVERIFY(e.f.isInput(x));
  }

  // Copies (every snapshot) share attributes that name no scalar of their fusion, repoint the
  // ones that do, and a change to one expr's attributes never reaches the other copy.
  void copiesShareAttributesThatNameNoScalar() {
    Env e;
    Val* x = e.tensor(DataType::Float, {4, 8});
    Val* neg = value(ops::unary(e.f, OpType::Neg, x));
    Val* sum = value(ops::reduction(e.f, OpType::Sum, neg, {1}, false, DataType::Null));
    Scalar* n = e.f.newScalar(DataType::Index);
    e.f.addInput(n);
    Val* grown = value(
        ops::expand(e.f, value(ops::broadcast(e.f, sum, {false, true})), {SymInt::constant(4), SymInt::symbolic(n)}));
    e.f.addOutput(grown);
    const auto copy = e.f.copy();
    const Expr* negCopy = copy->exprById(neg->definition()->id());
    const Expr* sumCopy = copy->exprById(sum->definition()->id());
    const Expr* expandCopy = copy->exprById(grown->definition()->id());
    QVERIFY(negCopy->sharedAttrs() == nullptr);  // defaults are held by no expr
    QCOMPARE(sumCopy->sharedAttrs(), sum->definition()->sharedAttrs());
    QVERIFY(expandCopy->sharedAttrs() != grown->definition()->sharedAttrs());
    const Val* nCopy = expandCopy->attrs().shape[1].sym;
    QVERIFY(nCopy != n && nCopy == copy->valById(n->id()));
    QCOMPARE(expandCopy->inputs().back(), nCopy);
    sum->definition()->setConcreteSizes({4, 8}, {4});
    QCOMPARE(sum->definition()->attrs().concreteOut, std::vector<std::int64_t>{4});
    QVERIFY(sumCopy->attrs().concreteOut.empty());
    QCOMPARE(sumCopy->attrs().dims, std::vector<std::int64_t>{1});
  }

  // The cached output sets follow aliases, stride orders set later and replaced outputs.
  void outputSetsFollowAliasesAndStrideOrders() {
    Env e;
    Val* x = e.tensor(DataType::Float, {4, 8});
    Val* y = value(ops::unary(e.f, OpType::Neg, x));
    Val* z = value(ops::unary(e.f, OpType::Exp, y));
    e.f.addOutput(y);
    e.f.addOutput(z, x);  // z updates x in place
    QVERIFY(e.f.isAliasedOutput(z) && !e.f.isAliasedOutput(y) && !e.f.isAliasedOutput(x));
    QVERIFY(!e.f.hasOutputStrideOrder(y));
    e.f.setOutputStrideOrder(0, {0, 1});
    QVERIFY(e.f.hasOutputStrideOrder(y) && !e.f.hasOutputStrideOrder(z));
    Val* z2 = value(ops::unary(e.f, OpType::Abs, y));
    e.f.replaceAllUsesWith(z, z2);  // keeps the alias
    QVERIFY(e.f.isAliasedOutput(z2) && !e.f.isAliasedOutput(z));
  }

  void verifyFindsAnUndefinedOperand() {
    Env e;
    Val* x = e.tensor(DataType::Float, {4});
    Scalar* dangling = e.f.newScalar(DataType::Double);  // neither input, constant nor computed
    Val* y = value(ops::binary(e.f, OpType::Mul, x, dangling));
    e.f.addOutput(y);
    const Status s = e.f.verify();
    QVERIFY(!s.ok());
    QVERIFY(QString::fromStdString(s.error().message).contains("used before it is defined"));
  }

  void removeDeadCodeKeepsExtentsOfUnusedInputs() {
    Env e;
    Val* x = e.tensor(DataType::Float, {4});
    Scalar* n = e.f.newScalar(DataType::Index);
    TensorView* unused = e.f.newTensor(DataType::Float, {Dim{SymInt::symbolic(n), IterKind::Iteration}});
    n->setExtentOf(unused, 0);
    e.f.addInput(unused);
    Val* dead = value(ops::unary(e.f, OpType::Exp, unused));
    e.f.addOutput(value(ops::unary(e.f, OpType::Neg, x)));
    QCOMPARE(e.f.removeDeadCode(), 1);
    QVERIFY(dead != nullptr);
    QVERIFY(e.f.valById(n->id()) == n);  // still owned: the unused input's dim points at it
    QVERIFY(e.f.verify().ok());
    QVERIFY(QString::fromStdString(e.f.print()).contains("f32[" + QString::fromStdString(unused->name()) + ".size0]"));
  }

  void setOutputStrideOrderChangesOneOutput() {
    Env e;
    Val* x = e.tensor(DataType::Float, {4, 8});
    Val* y = value(ops::unary(e.f, OpType::Neg, x));
    e.f.addOutput(y);
    e.f.addOutput(y);
    e.f.setOutputStrideOrder(1, {0, 1});
    QVERIFY(e.f.outputs()[0].strideOrder.empty());
    QCOMPARE(e.f.outputs()[1].strideOrder, (std::vector<std::int64_t>{0, 1}));
    QVERIFY(QString::fromStdString(e.f.print()).contains("stride_order=[0, 1]"));
    CloneResult c = e.f.clone();
    QCOMPARE(c.fusion->outputs()[1].strideOrder, (std::vector<std::int64_t>{0, 1}));
    QVERIFY(e.f.verify().ok());
  }

  // nvFuser test_repro.py test_issue1691: dims=[1, 0] over [1, 3, 4] (dim 0 a broadcast) keeps
  // the last dim; the real reduction runs on dim 0 of the squeezed tensor, not dim 1.
  void trivialReductionWithUnsortedDims() {
    Env e;
    Val* out =
        value(ops::reduction(e.f, OpType::Sum, e.tensor(DataType::Float, {1, 3, 4}), {1, 0}, false, DataType::Null));
    QVERIFY(out);
    QCOMPARE(QString::fromStdString(typeOf(out)), QString("f32[4]"));
  }

  // csrc/ops/arith.cpp:1656-1717 (via normalization.cpp:93 variance_mean): over size-1
  // broadcast dims only, var_mean and welford reduce nothing: a squeeze and zero/one fills.
  void varMeanAndWelfordOverSizeOneDimsReduceNothing() {
    Env e;
    Val* x = e.tensor(DataType::Float, {1, 8, 1});
    auto vm = ops::varMean(e.f, x, {0, 2}, 1, false);
    QVERIFY(vm);
    QCOMPARE(QString::fromStdString(typeOf((*vm)[0])), QString("f32[8]"));
    QCOMPARE(QString::fromStdString(typeOf((*vm)[1])), QString("f32[8]"));
    QCOMPARE((*vm)[1]->definition()->op(), OpType::Squeeze);
    auto kept = ops::varMean(e.f, x, {0}, 0, true);
    QVERIFY(kept);
    QCOMPARE(QString::fromStdString(typeOf((*kept)[0])), QString("f32[b1, 8, b1]"));
    auto w = ops::welford(e.f, x, {2});
    QVERIFY(w);
    QCOMPARE(w->size(), std::size_t{3});
    QCOMPARE((*w)[1]->definition()->op(), OpType::Full);
    QCOMPARE((*w)[2]->dtype(), DataType::Index);
    for (const Expr* ex : e.f.exprs()) QVERIFY(ex->op() != OpType::VarMean && ex->op() != OpType::Welford);
    // A real dim beside a trivial one: one reduction, over the squeezed tensor's dim 0.
    auto mixed = ops::varMean(e.f, x, {0, 1}, 0, false);
    QVERIFY(mixed);
    QCOMPARE((*mixed)[0]->definition()->op(), OpType::VarMean);
    QCOMPARE((*mixed)[0]->definition()->attrs().dims, (std::vector<std::int64_t>{0}));
    QCOMPARE(QString::fromStdString(typeOf((*mixed)[1])), QString("f32[b1]"));
    e.f.addOutput((*vm)[0]);
    QVERIFY(e.f.verify().ok());
  }

  // csrc/ops/alias.cpp:525 pad: widths may be integer scalars; a dim padded by two constant
  // zeros is kept; a pad that pads nothing is a set; a known extent of 1 is a broadcast.
  void padFollowsNvFuserResizeRules() {
    Env e;
    Val* x = e.tensor(DataType::Float, {4, 3});
    Scalar* s = e.scalar(DataType::Int);
    Val* runtime = value(ops::pad(e.f, x, std::vector<SymInt>{SymInt::constant(0), SymInt::symbolic(s)}, nullptr));
    QVERIFY(runtime);
    QCOMPARE(runtime->asTensor()->dim(0).extent.value, std::int64_t{4});
    QVERIFY(!runtime->asTensor()->dim(1).extent.isConst());
    const Expr* p = runtime->definition();
    QCOMPARE(p->op(), OpType::Pad);
    QCOMPARE(p->attrs().padWidths[1].sym, static_cast<Val*>(s));
    QVERIFY(std::find(p->inputs().begin(), p->inputs().end(), s) != p->inputs().end());  // a DAG edge
    QVERIFY(
        QString::fromStdString(p->toString()).contains("pad_widths=[0, " + QString::fromStdString(s->name()) + "]"));
    Val* none = value(ops::pad(e.f, x, std::vector<std::int64_t>{0, 0, 0, 0}, nullptr));
    QVERIFY(none);
    QCOMPARE(none->definition()->op(), OpType::Set);
    Val* toOne = value(ops::pad(e.f, x, std::vector<std::int64_t>{-2, 0}, nullptr));
    QVERIFY(toOne);
    QCOMPARE(toOne->asTensor()->dim(1).kind, IterKind::Broadcast);
    QVERIFY(!ops::pad(e.f, x, std::vector<SymInt>{SymInt::symbolic(e.scalar(DataType::Double)), SymInt::constant(0)},
                      nullptr));
    e.f.addOutput(runtime);
    QVERIFY(e.f.verify().ok());
  }

  // csrc/ops/indexing.cpp:90: an index with the lookup's rank, broadcast everywhere but at
  // dim, is taken as it is; otherwise the index must be 1-D.
  void indexSelectTakesAnAlreadyBroadcastIndex() {
    Env e;
    Val* lookup = e.tensor(DataType::Float, {1024, 16});
    Val* column = value(ops::indexSelect(e.f, lookup, e.tensor(DataType::Int, {768, 1}), 0));
    QVERIFY(column);
    QCOMPARE(QString::fromStdString(typeOf(column)), QString("f32[768, 16]"));
    Val* row = value(ops::indexSelect(e.f, lookup, e.tensor(DataType::Int, {1, 5}), 1));
    QVERIFY(row);
    QCOMPARE(QString::fromStdString(typeOf(row)), QString("f32[1024, 5]"));
    auto notBroadcast = ops::indexSelect(e.f, lookup, e.tensor(DataType::Int, {768, 2}), 0);
    QVERIFY(!notBroadcast);
    QVERIFY(QString::fromStdString(notBroadcast.error().message).contains("must be a 1-D integer tensor"));
  }
};

QTEST_APPLESS_MAIN(TestOps)
#include "test_ops.moc"
