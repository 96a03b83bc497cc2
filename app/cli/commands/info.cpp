// `info`: the fusion's inputs (with their footer sizes and layouts), outputs, ops and dtypes.
#include "cli/commands/commands.h"

#include <algorithm>
#include <iostream>
#include <map>

#include "cli/commands/common.h"
#include "cli/report.h"

namespace segscope::cli {
namespace {

std::string layoutText(const ir::TensorView* tv) {
  std::string s;
  if (!tv->strideOrder().empty()) {
    bool rowMajor = true;
    for (int i = 0; i < tv->rank(); ++i)
      rowMajor = rowMajor && tv->strideOrder()[static_cast<std::size_t>(i)] == tv->rank() - 1 - i;
    if (!rowMajor) s += "  stride_order=" + shapeText(tv->strideOrder());
  }
  const bool allContiguous = std::all_of(tv->contiguity().begin(), tv->contiguity().end(),
                                         [](const std::optional<bool>& c) { return !c || *c; });
  if (!allContiguous) s += "  non-contiguous";
  return s;
}

}  // namespace

int info(const Arguments& args) {
  auto script = load(args.file);
  if (!script) return kBadInput;
  const ir::Fusion& f = *script->fusion;
  const auto exprs = f.exprs();
  std::cout << "fusion " << f.name() << "  (" << args.file << ", " << script->module << " format)\n";
  std::cout << "inputs (" << f.inputs().size() << "):\n";
  for (std::size_t i = 0; i < f.inputs().size(); ++i) {
    const ir::Val* v = f.inputs()[i];
    std::cout << "  " << v->name() << "  " << ir::shortName(v->dtype());
    if (const ir::TensorView* tv = v->asTensor()) {
      std::cout << tv->shapeString() << layoutText(tv);
      if (i < script->inputs.size() && script->inputsFromFooter)
        std::cout << "  footer " << shapeText(script->inputs[i].sizes);
    } else if (i < script->inputs.size() && script->inputs[i].value) {
      std::cout << " scalar  footer " << ir::formatScalarValue(*script->inputs[i].value);
    } else {
      std::cout << " scalar";
    }
    std::cout << "\n";
  }
  std::cout << "outputs (" << f.outputs().size() << "):\n";
  for (const ir::FusionOutput& o : f.outputs()) {
    std::cout << "  " << o.val->name() << "  " << ir::shortName(o.val->dtype()) << o.val->asTensor()->shapeString();
    if (o.aliasOf) std::cout << "  (updates " << o.aliasOf->name() << " in place)";
    std::cout << "\n";
  }
  std::map<std::string, int> ops, dtypes;
  for (const ir::Expr* e : exprs) {
    ++ops[std::string(e->opName())];
    for (const ir::Val* out : e->outputs()) ++dtypes[std::string(ir::shortName(out->dtype()))];
  }
  std::cout << "ops (" << exprs.size() << "):";
  for (const auto& [name, n] : ops) std::cout << " " << name << "×" << n;
  std::cout << "\nresult dtypes:";
  for (const auto& [name, n] : dtypes) std::cout << " " << name << "×" << n;
  std::cout << "\n";
  if (auto st = writeOutput(args.value("--json"), infoJson(*script, args.file)); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

}  // namespace segscope::cli
