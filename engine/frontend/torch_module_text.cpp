// Python text shared by every exported PyTorch module. The loader reads .npy files with
// the standard library and torch only (no numpy), so the oracle runs wherever torch does.
#include "frontend/torch_module_text.h"

#include <map>

namespace segscope::frontend {

std::string torchModulePreamble(const std::string& fusionName, const std::string& sourceName) {
  return "\"\"\"" + fusionName + (sourceName.empty() ? std::string() : " from " + sourceName) +
         " as plain PyTorch, written by `segscope-cli export-torch`.\n\n"
         "fusion(*inputs) returns the fusion's outputs in order; each statement's comment quotes\n"
         "the repro-script line it comes from. Check it against Segscope's CPU reference with a\n"
         "data directory written by `segscope-cli export-torch FILE --data DIR`:\n\n"
         "    python3 THIS_FILE.py [DIR [DEVICE]]   # exit 0: every output agrees, 1: a mismatch\n"
         "\"\"\"\n"
         "import ast\n"
         "import json\n"
         "import math\n"
         "import os\n"
         "import struct\n"
         "import sys\n\n"
         "import torch\n"
         "import torch.nn.functional as F\n\n";
}

std::string torchHelperText(const std::string& name) {
  static const std::map<std::string, std::string> helpers = {
      {"_t", R"PY(
def _t(value, dtype, device):
    """A Python scalar as a 0-dim tensor, for torch functions that take tensors only."""
    return torch.tensor(value, dtype=dtype, device=device)
)PY"},
      {"_prod", R"PY(
def _prod(x, dims, keepdim, dtype):
    """torch.prod over several dims (torch.prod takes one at a time)."""
    dims = sorted({d % x.dim() for d in dims}, reverse=True)
    out = x.to(dtype)
    for d in dims:
        out = torch.prod(out, d, keepdim=True)
    if not keepdim:
        for d in dims:
            out = out.squeeze(d)
    return out
)PY"},
      {"_welford", R"PY(
def _welford(x, dims, n_dtype):
    """nvFuser's welford: the mean, the sum of squared deviations (M2) and the count."""
    var, avg = torch.var_mean(x, dim=dims, correction=0)
    n = math.prod(x.shape[d] for d in dims)
    return avg, var * n, torch.full(avg.shape, n, dtype=n_dtype, device=x.device)
)PY"},
      {"_erfcinv", R"PY(
def _erfcinv(x):
    """erfcinv(y) = -ndtri(y / 2) / sqrt(2); torch has no erfcinv."""
    return -torch.special.ndtri(x / 2) / math.sqrt(2.0)
)PY"},
      {"_logical_right_shift", R"PY(
def _logical_right_shift(x, s, width):
    """Shifts in zeros from the type's top bit (torch's >> is arithmetic); out-of-range shifts give 0."""
    s = torch.as_tensor(s, dtype=x.dtype, device=x.device)
    shifted = torch.bitwise_right_shift(x, s)
    mask = torch.bitwise_left_shift(torch.ones_like(shifted), width - s) - 1
    out = torch.where(s == 0, x, shifted & mask)
    return torch.where((s < 0) | (s >= width), torch.zeros_like(out), out)
)PY"},
      {"_sdpa_fwd", R"PY(
def _sdpa_fwd(q, k, v, dropout_p, is_causal, scale, dtypes, device):
    """Attention computed in float64 like the reference: output, logsumexp, philox seed and offset (0)."""
    scale = 1.0 / math.sqrt(q.shape[-1]) if scale is None else scale
    s = torch.matmul(q.double(), k.double().transpose(-2, -1)) * scale
    if is_causal:
        hidden = torch.ones(s.shape[-2], s.shape[-1], dtype=torch.bool, device=s.device).triu(1)
        s = s.masked_fill(hidden, -math.inf)
    lse = torch.logsumexp(s, dim=-1)
    p = torch.softmax(s, dim=-1)
    if dropout_p:
        p = F.dropout(p, dropout_p)
    out = torch.matmul(p, v.double())
    zero = torch.zeros((), device=device)
    return out.to(dtypes[0]), lse.to(dtypes[1]), zero.to(dtypes[2]), zero.to(dtypes[3])
)PY"},
      {"_sdpa_bwd", R"PY(
def _sdpa_bwd(grad, q, k, v, out, lse, seed, offset, dropout_p, is_causal, scale, dtypes, device):
    """Gradients of attention with respect to q, k, v, by autograd through _sdpa_fwd in float64."""
    with torch.enable_grad():
        qq, kk, vv = (t.detach().double().requires_grad_() for t in (q, k, v))
        o = _sdpa_fwd(qq, kk, vv, 0.0, is_causal, scale, [torch.float64] * 4, device)[0]
        gq, gk, gv = torch.autograd.grad(o, (qq, kk, vv), grad.double())
    return gq.to(dtypes[0]), gk.to(dtypes[1]), gv.to(dtypes[2])
)PY"},
  };
  const auto it = helpers.find(name);
  return it == helpers.end() ? std::string() : it->second;
}

std::string torchModuleFooter() {
  return R"PY(

# ---------------------------------------------------------------------------------------
# Data: manifest.json plus one .npy per tensor, written by `segscope-cli export-torch --data`.
# bfloat16 arrays hold their raw bits with descr '<u2' (numpy has no bfloat16).

_NPY_DTYPES = {
    "|b1": torch.bool, "|i1": torch.int8, "|u1": torch.uint8, "<i2": torch.int16, "<u2": torch.int16,
    "<V2": torch.int16, "<i4": torch.int32, "<i8": torch.int64, "<f2": torch.float16,
    "<f4": torch.float32, "<f8": torch.float64, "<c8": torch.complex64, "<c16": torch.complex128,
}


def read_npy(path, dtype_name):
    """A little-endian, C-order .npy file as a CPU tensor of torch dtype `dtype_name`."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError(path + ": not a .npy file")
    if data[6] == 1:
        (length,), start = struct.unpack("<H", data[8:10]), 10
    else:
        (length,), start = struct.unpack("<I", data[8:12]), 12
    header = ast.literal_eval(data[start:start + length].decode("latin1"))
    if header.get("fortran_order"):
        raise ValueError(path + ": Fortran-order arrays are not supported")
    shape = tuple(header["shape"])
    raw = _NPY_DTYPES[header["descr"]]
    count = math.prod(shape)
    if count == 0:
        tensor = torch.empty(shape, dtype=raw)
    else:
        tensor = torch.frombuffer(bytearray(data[start + length:]), dtype=raw, count=count).reshape(shape)
    wanted = getattr(torch, dtype_name)
    return tensor if wanted == raw else tensor.view(wanted)


def read_manifest(data_dir):
    with open(os.path.join(data_dir, "manifest.json")) as f:
        return json.load(f)


def _python_scalar(value, dtype_name):
    if dtype_name == "bool":
        return bool(value)
    if dtype_name.startswith(("int", "uint")):
        return int(value)
    if dtype_name.startswith("complex"):
        return complex(float(value[0]), float(value[1]))
    return float(value)  # also "inf", "-inf" and "nan", which JSON cannot spell as numbers


def load_inputs(data_dir, device="cpu"):
    """The fusion's inputs as written by export-torch --data: tensors on `device`, scalars as numbers."""
    values = []
    for spec in read_manifest(data_dir)["inputs"]:
        if spec["kind"] == "scalar":
            values.append(_python_scalar(spec["value"], spec["dtype"]))
        else:
            tensor = read_npy(os.path.join(data_dir, spec["file"]), spec["dtype"])
            tensor = tensor.to("cpu" if spec.get("is_cpu") else device)
            values.append(_with_strides(tensor, spec.get("strides")))
    return values


def _with_strides(tensor, strides):
    """The tensor in the layout the script's footer asked for (channels-last, transposed ...),
    so timings see the same memory access; overlapping layouts (stride 0) stay dense."""
    if not strides or tuple(strides) == tensor.stride() or tensor.numel() == 0:
        return tensor
    try:
        out = torch.empty_strided(tensor.shape, strides, dtype=tensor.dtype, device=tensor.device)
        out.copy_(tensor)
        return out
    except RuntimeError:
        return tensor


def _compare(expected, actual, atol, rtol, bound=None, bound_scale=0.0):
    """(ok, message, max_abs_error): NaN matches NaN, infinities must match exactly. An element
    may differ by atol + rtol*|ref| + bound_scale * its entry of `bound` (the reference's error
    bound: how far a float computation may drift from the double reference)."""
    if not isinstance(actual, torch.Tensor):
        actual = torch.tensor(actual, dtype=expected.dtype)
    elif actual.dtype != expected.dtype:
        return False, "dtype %s differs from the reference %s" % (actual.dtype, expected.dtype), math.inf
    if tuple(actual.shape) != tuple(expected.shape):
        return False, "shape %s differs from the reference %s" % (list(actual.shape), list(expected.shape)), math.inf
    e = expected.detach().cpu().to(torch.float64).flatten()
    a = actual.detach().cpu().to(torch.float64).flatten()
    err = (a - e).abs()
    finite = torch.isfinite(err)
    max_err = err[finite].max().item() if bool(finite.any()) else 0.0
    infinite = torch.isinf(e) | torch.isinf(a)
    allowed = atol + rtol * e.abs()
    if bound is not None:
        allowed = allowed + bound_scale * bound.to(torch.float64).flatten()
    ok = (torch.isnan(e) & torch.isnan(a)) | torch.where(infinite, e == a, err <= allowed)
    if bool(ok.all()):
        return True, "max abs error %.3g" % max_err, max_err
    excess = torch.nan_to_num(err - allowed, nan=math.inf, posinf=math.inf)
    worst = int(torch.argmax(torch.where(ok, torch.full_like(excess, -math.inf), excess)))
    bounded = "" if bound is None else " + %g * error bound %.3g" % (bound_scale, bound.flatten()[worst].item())
    return False, ("element %d is %r but the reference has %r (max abs error %.3g, tolerance %g + %g*|ref|%s)"
                   % (worst, a[worst].item(), e[worst].item(), max_err, atol, rtol, bounded)), max_err


def compare_outputs(outputs, data_dir):
    """One dict per output: name, ok, comparable, message, max_abs_error."""
    results = []
    for spec, actual in zip(read_manifest(data_dir)["outputs"], outputs):
        expected = read_npy(os.path.join(data_dir, spec["file"]), spec["dtype"])
        bound = read_npy(os.path.join(data_dir, spec["bound_file"]), "float32") if spec.get("bound_file") else None
        ok, message, err = _compare(expected, actual, spec["atol"], spec["rtol"], bound, spec.get("bound_scale", 0.0))
        comparable = spec["name"] not in NOT_COMPARABLE
        if not comparable and (ok or not message.startswith(("dtype", "shape"))):
            ok, message, err = True, "not comparable (depends on a random op); shape and dtype agree", 0.0
        results.append({"name": spec["name"], "ok": ok, "comparable": comparable, "message": message,
                         "max_abs_error": err})
    if len(outputs) != len(results):
        results.append({"name": "outputs", "ok": False, "comparable": True, "max_abs_error": math.inf,
                        "message": "%d outputs but the reference has %d" % (len(outputs), len(results))})
    return results


def main(argv):
    if len(argv) < 2 and DATA_DIR is None:
        print("usage: python3 %s DATA_DIR [DEVICE]" % os.path.basename(argv[0]), file=sys.stderr)
        return 2
    data_dir = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), DATA_DIR)
    device = argv[2] if len(argv) > 2 else "cpu"
    inputs = load_inputs(data_dir, device)
    with torch.no_grad():
        outputs = fusion(*inputs, device=torch.device(device))
    results = compare_outputs(outputs, data_dir)
    for r in results:
        print("%-10s %s  %s" % (r["name"], "ok      " if r["ok"] else "MISMATCH", r["message"]))
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
)PY";
}

}  // namespace segscope::frontend
