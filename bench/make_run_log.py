#!/usr/bin/env python3
"""Writes samples/model_run/training_run.log: a model run's output as nvFuser prints it.

    python3 bench/make_run_log.py [--cli build/default/bin/segscope-cli] > samples/model_run/training_run.log

Training output around NVFUSER_DUMP=python_definition blocks (nvFuser's FusionDefinition::print:
a blank line, `def nvfuser_fusion_id<N>(fd : FusionDefinition) -> None :`, the statements, a
blank line), taken from the samples' definitions in id order; half of those without dumps have
their sizes left open (`shape=[-1, -1]`), as Thunder defines fusions. After some definitions come the
dumps nvFuser prints when the fusion first runs, from tests/data/nvlog/generated (written by
Segscope's copy of nvFuser's printers): segmenter_logging and segmented_fusion. One fusion is
printed twice (a second process), one runs again with new sizes (a second runtime), two fail
with the error repro of nvFuser 0.2.35 (`An error occurred while executing nvFuser
FusionDefinition N.` and the fenced script), and one has python_definition_segments blocks,
each segment's definition written by `segscope-cli export-segments` as nvFuser's translate()
would print it.

    ... make_run_log.py --variant upgrade > samples/model_run/training_run_upgrade.log

writes the same run as another nvFuser version would: ids start at 40 (a process that defined
other fusions first), and reduction_epilogue's dumps are the A100 ones (nvFuser segments it
differently there), for `segscope-cli model RUN --against OLD`.
"""
import argparse
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEF = re.compile(r"^def (\w+)\(fd ?: ?FusionDefinition\) ?-> ?None ?:")

# (sample, dumps after it: a tests/data/nvlog/generated log or None)
FUSIONS = [
    ("gelu", "gelu_2025.log"), ("softmax", "softmax_2025.log"), ("rms_norm", "rms_norm_2025.log"),
    ("layer_norm_fwd", None), ("layer_norm_bwd", None), ("cross_entropy", "cross_entropy_2025.log"),
    ("swiglu", "swiglu_2025.log"), ("rope", None), ("cast_chain", "cast_chain_2025.log"),
    ("reduction_epilogue", "reduction_epilogue_2025.log"), ("split_cat", "split_cat_2025.log"),
    ("transpose_heavy", "transpose_heavy_2025.log"), ("dropout", None), ("adam_step", None),
    ("matmul_bias_gelu", None), ("repeat_kv", None), ("pad_activation", None), ("squeeze_broadcast", None),
    ("label_logit_margin", None), ("channels_last", None), ("lora_rank1", None), ("batch_norm_running_stats", None),
]
REPROS = ["dynamic_residual", "meta_tail"]  # fail at run time: the error repro carries the script
SEGMENTED = "cross_entropy"                 # gets python_definition_segments after its dumps


SHAPE = re.compile(r"(define_tensor\(shape=\[)([^\]]*)(\])")


def symbolic(lines):
    """The def with every define_tensor size open (-1), as Thunder defines its fusions."""
    def open_sizes(m):
        sizes = [x.strip() for x in m.group(2).split(",") if x.strip()]
        return m.group(1) + ", ".join("1" if x == "1" else "-1" for x in sizes) + m.group(3)
    return [SHAPE.sub(open_sizes, l) for l in lines]


def definition(sample, fusion_id):
    """The sample's def block, renamed nvfuser_fusion_id<fusion_id>."""
    lines = (ROOT / "samples" / f"{sample}.py").read_text().splitlines()
    start = next(i for i, l in enumerate(lines) if DEF.match(l))
    end = start + 1
    while end < len(lines) and lines[end].startswith(("    ", "\t")):
        end += 1
    header = DEF.sub(f"def nvfuser_fusion_id{fusion_id}(fd : FusionDefinition) -> None :", lines[start])
    return [header] + lines[start + 1:end]


def footer(sample):
    """The sample's `inputs = [...]` list (and what follows it), as a repro carries it."""
    lines = (ROOT / "samples" / f"{sample}.py").read_text().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("inputs = ["))
    return lines[start:]


def segment_definitions(cli, sample, first_id):
    """export-segments' scripts for the sample, each as a def block with a fresh cache id."""
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([cli, "export-segments", str(ROOT / "samples" / f"{sample}.py"), "--dir", d],
                       check=True, capture_output=True)
        out = []
        for k, path in enumerate(sorted(pathlib.Path(d).glob("*.py"))):
            lines = path.read_text().splitlines()
            start = next(i for i, l in enumerate(lines) if DEF.match(l))
            end = start + 1
            while end < len(lines) and lines[end].startswith(("    ", "\t")):
                end += 1
            header = DEF.sub(f"def nvfuser_fusion_id{first_id + k}(fd : FusionDefinition) -> None :", lines[start])
            out.append((k, [header] + lines[start + 1:end]))
        return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", default=str(ROOT / "build/default/bin/segscope-cli"))
    ap.add_argument("--variant", choices=["base", "upgrade"], default="base")
    a = ap.parse_args()
    fusions = FUSIONS
    if a.variant == "upgrade":
        fusions = [(s, "reduction_epilogue_a100_2025.log" if s == "reduction_epilogue" else d) for s, d in FUSIONS]
    out = ["Overriding: compile = thunder", "tokens per iteration will be: 131,072",
           "compiling the model with thunder... (takes a ~minute)", "Created a PretokDataset with rng seed 42"]
    next_id = 40 if a.variant == "upgrade" else 0
    first_id = next_id
    for step, (sample, dumps) in enumerate(fusions):
        block = definition(sample, next_id)
        if dumps is None and step % 2 == 1:  # sizes left open: the reader takes what the definition fixes
            block = symbolic(block)
        out += ["", *block, ""]
        fusion_id = next_id
        next_id += 1
        if dumps:
            out += (ROOT / "tests/data/nvlog/generated" / dumps).read_text().splitlines()
        if sample == SEGMENTED:
            for group, lines in segment_definitions(a.cli, sample, next_id):
                out += [f"Python definition for segmented group {group}:", "", *lines, ""]
                next_id += 1
        if step == 3:  # the same fusion printed again by a second process (rank 1)
            out += ["[rank1]: step 0: loss 10.9412"]
            out += ["", *definition("gelu", first_id), ""]
        if step % 5 == 4:
            out.append(f"iter {step}: loss {10.0 - step * 0.31:.4f}, time {812.5 - step:.2f}ms, mfu 31.07%")
    for sample in REPROS:
        fusion_id = next_id
        next_id += 1
        out += ["", *definition(sample, fusion_id), ""]
        out += [f"ERROR:nvfuser:An error occurred while executing nvFuser FusionDefinition {fusion_id}.",
                "If you believe this is a bug or need assistance, please file an issue at "
                "https://github.com/NVIDIA/Fuser/issues/new",
                "Here's a script to reproduce the error:", "```python",
                "# CUDA devices:", "#  0: NVIDIA H100 80GB HBM3", "# torch version: 2.6.0",
                "# cuda version: 12.6", "# nvfuser version: 0.2.35",
                "import torch", "from nvfuser import FusionDefinition, DataType", "",
                *definition(sample, fusion_id), "", "with FusionDefinition() as fd:",
                f"    nvfuser_fusion_id{fusion_id}(fd)", "", *footer(sample), "```",
                "Traceback (most recent call last):", '  File "train.py", line 341, in <module>',
                "    loss.backward()", "RuntimeError: CUDA error: an illegal memory access was encountered"]
    out.append("training stopped after the error above")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
