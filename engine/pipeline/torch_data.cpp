// export-torch's data: the inputs `run` would generate, the CPU reference's outputs with their
// error bounds, and manifest.json (names, dtypes, shapes, tolerances from reference/verify, outputs
// that depend on random ops), so that PyTorch can check Segscope.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "pipeline/exports.h"
#include "reference/cpu_reference.h"
#include "reference/input_generator.h"
#include "reference/npy.h"
#include "reference/verify.h"
#include "support/file_io.h"

namespace segscope::pipeline {
namespace {

using nlohmann::json;

// The dtype as torch spells it after `torch.` ("bfloat16", "int64").
std::string torchName(ir::DataType t) { return frontend::torchDtypeExpr(t).substr(6); }

// JSON has no inf/nan numbers; the module's loader turns these strings back into floats.
json scalarJson(const ir::ScalarValue& v) {
  if (const auto* b = std::get_if<bool>(&v)) return *b;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
  if (const auto* c = std::get_if<std::complex<double>>(&v)) return json::array({c->real(), c->imag()});
  const double d = std::get<double>(v);
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  return d;
}

// A scalar output as a 0-dim tensor of its dtype, so every reference output is a .npy file.
exec::HostTensor asTensor(const exec::Value& v, ir::DataType dtype) {
  if (const auto* t = std::get_if<exec::HostTensor>(&v)) return *t;
  exec::HostTensor t(dtype, {});
  t.set(0, ir::scalarAsDouble(std::get<ir::ScalarValue>(v)));
  return t;
}

std::string fileName(const char* kind, std::size_t index, const ir::Val* v) {
  return std::string(kind) + "_" + std::to_string(index) + "_" + v->name() + ".npy";
}

Status writeNpy(const std::filesystem::path& dir, const std::string& name, const exec::HostTensor& t) {
  return support::writeFileAtomically((dir / name).string(), exec::encodeNpy(t));
}

}  // namespace

Status writeTorchData(const std::string& dirName, const frontend::Script& script, std::uint64_t seed,
                      const TorchModule& module, const std::string& source) {
  const std::filesystem::path dir(dirName);
  const ir::Fusion& f = *script.fusion;
  SEGSCOPE_TRY(auto inputs, exec::makeInputs(script.inputs, seed));
  SEGSCOPE_TRY(exec::BoundedOutputs reference, exec::runReferenceBounded(f, inputs));
  const std::vector<exec::Value>& outputs = reference.outputs;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return makeError("cannot create " + dir.string() + ": " + ec.message());
  json manifest = {{"fusion", f.name()},
                   {"source", source},
                   {"seed", seed},
                   {"npy_note", "bfloat16 arrays hold their raw bits under descr '<u2' (numpy has no bfloat16)"}};
  json ins = json::array(), outs = json::array(), tolerances = json::object();
  for (std::size_t i = 0; i < f.inputs().size(); ++i) {
    const ir::Val* v = f.inputs()[i];
    json entry = {{"name", v->name()}, {"dtype", torchName(v->dtype())}};
    if (const auto* t = std::get_if<exec::HostTensor>(&inputs[i])) {
      entry["kind"] = "tensor";
      entry["shape"] = t->sizes();
      entry["strides"] = t->strides();  // in elements; the loader restores non-dense layouts
      entry["file"] = fileName("input", i, v);
      entry["is_cpu"] = v->asTensor()->isCpu();
      if (auto st = writeNpy(dir, entry["file"], *t); !st) return st;
    } else {
      entry["kind"] = "scalar";
      entry["value"] = scalarJson(std::get<ir::ScalarValue>(inputs[i]));
    }
    ins.push_back(entry);
  }
  for (std::size_t i = 0; i < f.outputs().size(); ++i) {
    const ir::Val* v = f.outputs()[i].val;
    const exec::HostTensor t = asTensor(outputs[i], v->dtype());
    const exec::Tolerance tol = exec::toleranceFor(v->dtype());
    const bool comparable =
        std::find(module.notComparable.begin(), module.notComparable.end(), v->name()) == module.notComparable.end();
    json entry = {{"name", v->name()},
                  {"kind", v->isTensor() ? "tensor" : "scalar"},
                  {"dtype", torchName(v->dtype())},
                  {"shape", t.sizes()},
                  {"file", fileName("output", i, v)},
                  {"atol", tol.absolute},
                  {"rtol", tol.relative},
                  {"comparable", comparable}};
    tolerances[torchName(v->dtype())] = {{"atol", tol.absolute}, {"rtol", tol.relative}};
    if (auto st = writeNpy(dir, entry["file"], t); !st) return st;
    // The reference's per-element error bound (as `--verify` uses it): a long float sum or a
    // bf16 matmul may drift from the double reference by more than the dtype's flat tolerance.
    const std::vector<double>& bound = i < reference.bounds.size() ? reference.bounds[i] : std::vector<double>{};
    if (!bound.empty() && static_cast<std::int64_t>(bound.size()) == t.numel()) {
      // float32: half the bytes of double (a 256 MB output's bound is then 512 MB, not 1 GB);
      // rounding a bound moves it by 6e-8 of itself, far inside the safety factor.
      exec::HostTensor b(ir::DataType::Float, t.sizes());
      b.fromDoubles(bound.data());
      entry["bound_file"] = fileName("bound", i, v);
      entry["bound_scale"] = exec::kBoundSafety;
      if (auto st = writeNpy(dir, entry["bound_file"], b); !st) return st;
    }
    outs.push_back(entry);
  }
  manifest["inputs"] = ins;
  manifest["outputs"] = outs;
  manifest["not_comparable"] = module.notComparable;
  manifest["tolerances"] = tolerances;
  return support::writeFileAtomically((dir / "manifest.json").string(), manifest.dump(2) + "\n");
}

}  // namespace segscope::pipeline
