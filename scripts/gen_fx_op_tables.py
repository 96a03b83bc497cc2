#!/usr/bin/env python3
"""Writes the FX operator tables (engine/fx/data/*.tsv and engine/fx/op_tables.inc).

Read from a PyTorch installation's Python sources, without importing torch:
  torchgen/packaged/ATen/native/native_functions.yaml   tags (pointwise, reduction) and views
  torch/_prims/__init__.py                              prims' explicit tags and views
  torch/_inductor/**/*.py                                register_lowering / make_fallback / ...
  torch/utils/flop_counter.py                           flop_registry
  torch/_inductor/config.py                             max_pointwise_cat_inputs

  python3 scripts/gen_fx_op_tables.py --torch DIR   # DIR holds torch/ and torchgen/
  python3 scripts/gen_fx_op_tables.py               # only regenerates op_tables.inc from the .tsv files

Debian ships the sources in python3-torch: `apt-get download python3-torch` (any suite) and
`dpkg-deb -x python3-torch_*.deb x`, then DIR is x/usr/lib/python3/dist-packages.
"""
import argparse
import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "engine" / "fx" / "data"

# ---------------------------------------------------------------- schemas


def split_func(func):
    """'add.Tensor(Tensor self, ...) -> Tensor' -> ('add', 'Tensor', args text)."""
    name, rest = func.split("(", 1)
    depth, i = 1, 0
    while depth:
        depth += {"(": 1, ")": -1}.get(rest[i], 0)
        i += 1
    base, _, overload = name.partition(".")
    return base, overload or "default", rest[: i - 1]


def is_view(args):
    """OpOverload.is_view (torch/_ops.py): some argument has an alias set, and none of the
    aliased arguments is written (`Tensor(a)`, `Tensor(a -> *)`; not `Tensor(a!)`)."""
    aliases = re.findall(r"Tensor\??(?:\[\])?\(([a-z])(!?)", args)
    if not aliases:
        return False
    return not any(write for _, write in aliases)


def aten_rows(yaml_path):
    import yaml

    rows = {}
    for entry in yaml.safe_load(yaml_path.read_text()):
        func = entry.get("func")
        if not func:
            continue
        base, overload, args = split_func(func)
        tags = entry.get("tags") or []
        if isinstance(tags, str):
            tags = [t.strip() for t in tags.split(",")]
        rows[f"aten.{base}.{overload}"] = ("pointwise" in tags, "reduction" in tags, is_view(args))
    return rows


def prims_rows(prims_path):
    """Prims made by _make_prim(schema=..., tags=...) with a literal schema. Prims without
    explicit tags take the intersection of their aten namesakes' tags at run time (including
    TorchScript overloads these sources do not list), so only explicit tags are recorded."""
    rows = {}
    for node in ast.walk(ast.parse(prims_path.read_text())):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_make_prim"):
            continue
        kw = {k.arg: k.value for k in node.keywords}
        schema = kw.get("schema")
        if not isinstance(schema, ast.Constant) or not isinstance(schema.value, str):
            continue
        base, overload, args = split_func(schema.value)
        tags = ast.unparse(kw["tags"]) if "tags" in kw else ""
        rows[f"prims.{base}.{overload}"] = ("Tag.pointwise" in tags, "Tag.reduction" in tags, is_view(args))
    return rows


# ---------------------------------------------------------------- inductor


# torch/_inductor/inductor_prims.py: module variable -> the prims op it makes ("random" ->
# "inductor_random"), filled by inductor_rows.
INDUCTOR_PRIMS = {}


def op_names(expr, bindings):
    """`aten.add`, `aten.add.Tensor`, `prims.x`, lists and tuples of them, loop variables."""
    if isinstance(expr, (ast.List, ast.Tuple, ast.Set)):
        return [n for e in expr.elts for n in op_names(e, bindings)]
    if isinstance(expr, ast.Name) and expr.id in bindings:
        return bindings[expr.id]
    text = ast.unparse(expr)
    text = re.sub(r"^torch\.ops\.", "", text)
    m = re.fullmatch(r"inductor_prims\.(\w+)(\.\w+)?", text)
    if m and m.group(1) in INDUCTOR_PRIMS:
        return [f"prims.{INDUCTOR_PRIMS[m.group(1)]}{m.group(2) or ''}"]
    if re.fullmatch(r"(aten|prims|quantized|_c10d_functional|c10d_functional|_quantized|mkldnn|onednn|"
                    r"quantized_decomposed|_inductor_test|inductor_prims|higher_order)(\.\w+){1,2}", text):
        return [text.replace("inductor_prims.", "prims.")]
    return []


REGISTRARS = {
    "register_lowering": "lowering",
    "register_pointwise": "lowering",
    "register_pointwise_numeric": "lowering",
    "register_pointwise_numeric_ldf64": "lowering",
    "register_foreach_pointwise": "lowering",
    "register_inplace": "lowering",
    "register_foreach_inplace": "lowering",
    "register_frexp": "lowering",
    "make_fallback": "fallback",
    "fallback_handler": "fallback",
}

# `if` blocks for other platforms: their registrations do not happen on a CUDA build.
OTHER_PLATFORMS = ("xpu", "mtia", "mps", "hip", "TYPE_CHECKING")


POINTWISE_REGISTRARS = ("register_pointwise", "register_pointwise_numeric", "register_pointwise_numeric_ldf64")


def prims_names(prims_path):
    """torch._prims.__all__: the prims register_pointwise looks for by name."""
    for node in ast.parse(prims_path.read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__all__":
            return {e.value for e in node.value.elts if isinstance(e, ast.Constant)}
    return set()


def pointwise_overrides(common_path):
    """codegen/common.py pointwise_overrides_data: lowering.py registers register_pointwise for
    aten.<name> and prims.<name> of each (name = its `name=`), with a fallback_handler when it
    has no triton; register_pointwise(name=key) also lowers prims.<key>."""
    for node in ast.parse(common_path.read_text()).body:
        target = node.target if isinstance(node, ast.AnnAssign) else (node.targets[0] if isinstance(node, ast.Assign) else None)
        if getattr(target, "id", "") != "pointwise_overrides_data":
            continue
        for kw in node.value.keywords:
            fields = {k.arg: k.value for k in kw.value.keywords}
            name = fields["name"].value if "name" in fields else kw.arg
            yield kw.arg, name, "triton" in fields and ast.unparse(fields["triton"]) != "None"


class LoweringVisitor(ast.NodeVisitor):
    def __init__(self, prims=()):
        self.prims = prims
        self.rows = []
        self.bindings = {}  # loop variables over literal lists of ops
        self.functions = 0  # depth inside function bodies

    def visit_FunctionDef(self, node):
        for decorator in node.decorator_list:
            self.visit(decorator)
        self.functions += 1
        for statement in node.body:
            self.visit(statement)
        self.functions -= 1

    def visit_If(self, node):
        if not any(word in ast.unparse(node.test) for word in OTHER_PLATFORMS):
            for statement in node.body:
                self.visit(statement)
        for statement in node.orelse:
            self.visit(statement)

    def visit_For(self, node):
        names = op_names(node.iter, self.bindings) if isinstance(node.target, ast.Name) else []
        if names:
            self.bindings[node.target.id] = names
        self.generic_visit(node)
        if names:
            del self.bindings[node.target.id]

    def visit_Call(self, node):
        callee = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        kind = REGISTRARS.get(callee)
        # fallback_handler inside a lowering runs only when that lowering meets its case (and
        # add_to_fallback_set=False adds nothing): only calls at import time count.
        if callee == "fallback_handler" and (self.functions or any(
                k.arg == "add_to_fallback_set" for k in node.keywords)):
            kind = None
        if kind and node.args:
            for name in op_names(node.args[0], self.bindings):
                self.rows.append((name, kind))
                # register_pointwise also lowers the prims op of the same name (name= or the
                # packet's __name__), when torch._prims has one.
                if callee in POINTWISE_REGISTRARS and name.count(".") == 1:
                    given = next((k.value.value for k in node.keywords if k.arg == "name" and isinstance(k.value, ast.Constant)), None)
                    twin = given or name.split(".")[1]
                    if twin in self.prims:
                        self.rows.append((f"prims.{twin}", kind))
        self.generic_visit(node)


def inductor_rows(torch_dir):
    rows = {}
    prims = prims_names(torch_dir / "_prims/__init__.py")
    for node in ast.parse((torch_dir / "_inductor/inductor_prims.py").read_text()).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "make_prim":
            schema = node.value.args[0]
            if isinstance(schema, ast.Constant):
                INDUCTOR_PRIMS[node.targets[0].id] = schema.value.split("(")[0]
    for key, name, has_triton in pointwise_overrides(torch_dir / "_inductor/codegen/common.py"):
        kind = "lowering" if has_triton else "fallback"
        rows[f"aten.{name}"] = kind
        for prim in {name, key} & prims:
            rows[f"prims.{prim}"] = kind
    for path in sorted((torch_dir / "_inductor").rglob("*.py")):
        visitor = LoweringVisitor(prims)
        try:
            visitor.visit(ast.parse(path.read_text()))
        except SyntaxError:
            continue
        for name, kind in visitor.rows:
            # A fallback is also in `lowerings`; a later lowering of the same name does not undo it.
            if rows.get(name) != "fallback":
                rows[name] = kind
    return rows


def flop_packets(flop_path):
    packets = set()
    for node in ast.parse(flop_path.read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "flop_registry" for t in node.targets):
            if isinstance(node.value, ast.Dict):
                for key in node.value.keys:
                    packets.update(op_names(key, {}))
    return sorted(packets)


def cat_limit(config_path):
    for node in ast.parse(config_path.read_text()).body:
        target = node.target if isinstance(node, ast.AnnAssign) else (node.targets[0] if isinstance(node, ast.Assign) else None)
        if getattr(target, "id", "") == "max_pointwise_cat_inputs":
            return int(ast.literal_eval(node.value))
    raise SystemExit("max_pointwise_cat_inputs not found")


# ---------------------------------------------------------------- files


def write_tsv(name, header, lines):
    (DATA / name).write_text("\n".join([f"# {h}" for h in header] + lines) + "\n")


def read_tsv(name):
    for line in (DATA / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            yield line.split("\t")


def extract(torch_root, version):
    torch_dir = torch_root / "torch"
    DATA.mkdir(parents=True, exist_ok=True)
    src = f"PyTorch {version}"
    flag = lambda b: "1" if b else "0"
    aten = aten_rows(torch_root / "torchgen/packaged/ATen/native/native_functions.yaml")
    write_tsv("aten_tags.tsv", [f"{src}: torchgen/packaged/ATen/native/native_functions.yaml",
                                "overload\tpointwise\treduction\tview (OpOverload.is_view: an aliased argument, none written)"],
              [f"{k}\t{flag(p)}\t{flag(r)}\t{flag(v)}" for k, (p, r, v) in sorted(aten.items()) if p or r or v])
    prims = prims_rows(torch_dir / "_prims/__init__.py")
    write_tsv("prims_tags.tsv", [f"{src}: torch/_prims/__init__.py (explicit tags= only)",
                                 "overload\tpointwise\treduction\tview"],
              [f"{k}\t{flag(p)}\t{flag(r)}\t{flag(v)}" for k, (p, r, v) in sorted(prims.items()) if p or r or v])
    inductor = inductor_rows(torch_dir)
    write_tsv("inductor.tsv", [f"{src}: torch/_inductor/**/*.py, register_lowering / register_pointwise* / "
                               "register_foreach_pointwise / register_inplace / make_fallback calls and import-time "
                               "fallback_handler calls, outside `if` blocks for xpu, mtia, mps or hip; "
                               "register_pointwise's prims twins; codegen/common.py pointwise_overrides_data",
                               "op (packet or overload)\tlowering|fallback"],
              [f"{k}\t{v}" for k, v in sorted(inductor.items())])
    write_tsv("flop_registry.tsv", [f"{src}: torch/utils/flop_counter.py flop_registry", "packet"],
              flop_packets(torch_dir / "utils/flop_counter.py"))
    write_tsv("config.tsv", [f"{src}: torch/_inductor/config.py"],
              [f"max_pointwise_cat_inputs\t{cat_limit(torch_dir / '_inductor/config.py')}"])


def sources():
    out = []
    for f in sorted(DATA.glob("*.tsv")):
        first = f.read_text().splitlines()[0]
        out.append(f"// {f.name}: {first.lstrip('# ')}")
    return out


def generate():
    tags = {}
    for table in ("aten_tags.tsv", "prims_tags.tsv"):
        for name, p, r, v in read_tsv(table):
            tags[name] = (1 if p == "1" else 0) | (2 if r == "1" else 0) | (4 if v == "1" else 0)
    inductor = {name: (3 if kind == "fallback" else 1) for name, kind in read_tsv("inductor.tsv")}
    flops = sorted(cols[0] for cols in read_tsv("flop_registry.tsv"))
    limit = next(int(c[1]) for c in read_tsv("config.tsv") if c[0] == "max_pointwise_cat_inputs")
    lines = ["// Generated by scripts/gen_fx_op_tables.py from engine/fx/data/: do not edit.", *sources(), "",
             "struct TagRow {", "  std::string_view name;", "  unsigned char flags;", "};",
             "constexpr unsigned char kPointwise = 1, kReduction = 2, kView = 4;", "constexpr TagRow kTagRows[] = {"]
    lines += [f'    {{"{n}", {f}}},' for n, f in sorted(tags.items())]
    lines += ["};", "", "struct SupportRow {", "  std::string_view name;", "  unsigned char flags;", "};",
              "constexpr unsigned char kLowering = 1, kFallback = 2;", "constexpr SupportRow kInductorRows[] = {"]
    lines += [f'    {{"{n}", {f}}},' for n, f in sorted(inductor.items())]
    lines += ["};", "", "constexpr std::string_view kFlopPackets[] = {"]
    lines += [f'    "{n}",' for n in flops]
    lines += ["};", "", f"constexpr int kMaxPointwiseCatInputs = {limit};", ""]
    (ROOT / "engine" / "fx" / "op_tables.inc").write_text("\n".join(lines))
    print(f"op_tables.inc: {len(tags)} tagged overloads, {len(inductor)} inductor entries, {len(flops)} flop packets, "
          f"cat limit {limit}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--torch", type=pathlib.Path, help="folder holding torch/ and torchgen/")
    parser.add_argument("--version", default="(unknown version)", help="written into the tables' headers")
    args = parser.parse_args()
    if args.torch:
        extract(args.torch, args.version)
    generate()


if __name__ == "__main__":
    main()
