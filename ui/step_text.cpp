// Short texts about trace steps: labels for rows, one-line refusal reasons.
#include "ui/step_text.h"

#include <QStringList>

#include "pipeline/deciding_refusal.h"
#include "trace/snapshot.h"

namespace segscope::ui {

namespace {

// Drops every "{...}" (the group's member list) so "g9{T15} + g24{T2, T3, ...}" reads "g9 + g24".
QString withoutBraces(const QString& text) {
  QString out;
  int depth = 0;
  for (const QChar c : text) {
    if (c == u'{')
      ++depth;
    else if (c == u'}' && depth > 0)
      --depth;
    else if (depth == 0)
      out += c;
  }
  return out;
}

QString withoutVerb(const QString& name) {
  for (const QString& verb : {QStringLiteral("merge "), QStringLiteral("refuse ")})
    if (name.startsWith(verb)) return name.mid(verb.size());
  return name;
}

}  // namespace

QString shortStepLabel(const trace::Step& step) {
  const QString name = QString::fromStdString(step.name);
  if (!step.merge) return name;
  QString label = withoutBraces(withoutVerb(name)).simplified();
  if (step.merge->ok()) label += QStringLiteral(" → ") + QString::fromStdString(step.merge->accepted);
  return label;
}

QString mergeGroupsText(const trace::MergeInfo& merge) {
  QStringList ids;
  for (int id : merge.groups) ids << QString::number(id);
  return ids.join(QStringLiteral(", "));
}

QString refusalSummary(const trace::Step& step) {
  if (!step.merge) return {};
  const auto deciding = pipeline::decidingRefusal(*step.merge);
  return deciding ? QString::fromStdString(deciding->text()) : QString();
}

namespace {

const char* infixSymbol(ir::OpType op) {
  switch (op) {
    case ir::OpType::Add: return "+";
    case ir::OpType::Sub: return "-";
    case ir::OpType::Mul: return "*";
    case ir::OpType::Div:
    case ir::OpType::TrueDiv: return "/";
    case ir::OpType::Pow: return "^";
    default: return nullptr;
  }
}

QString operandText(const ir::Val& v, int depth) {
  const auto* s = dynamic_cast<const ir::Scalar*>(&v);
  if (s && s->isConstant()) return shortScalarText(*s->value());
  const ir::Expr* def = v.definition();
  if (!def || depth <= 0 || !v.isScalar()) return QString::fromStdString(v.name());
  return "(" + scalarExpression(v, depth) + ")";
}

}  // namespace

QString scalarExpression(const ir::Val& v, int depth) {
  const ir::Expr* def = v.definition();
  if (!def) return QString::fromStdString(v.name());
  QStringList args;
  for (std::size_t i = 0; i < def->numOperands(); ++i) args << operandText(*def->operand(i), depth - 1);
  if (const char* symbol = infixSymbol(def->op()); symbol && args.size() == 2)
    return args[0] + " " + symbol + " " + args[1];
  if (def->op() == ir::OpType::Neg && args.size() == 1) return "-" + args[0];
  return QString::fromUtf8(def->opName().data(), static_cast<int>(def->opName().size())) + "(" + args.join(", ") + ")";
}

QString shortScalarText(const ir::ScalarValue& v) {
  if (const double* d = std::get_if<double>(&v)) return QString::number(*d, 'g', 6);
  return QString::fromStdString(ir::formatScalarValue(v));
}

QString stepLogText(const trace::Step& step) {
  QStringList lines;
  if (step.merge && !step.merge->ok()) lines << QStringLiteral("deciding: ") + refusalSummary(step);
  for (const std::string& line : step.logLines()) lines << QString::fromStdString(line);
  return lines.join(u'\n');
}

}  // namespace segscope::ui
