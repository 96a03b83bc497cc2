// The subcommand table and argument parsing of segscope-cli.
#include "cli/arguments.h"

namespace segscope::cli {

const std::vector<CommandSpec>& commandSpecs() {
  static const std::vector<CommandSpec> specs = {
      {"info",
       "IR summary: inputs, outputs, op counts, dtypes, shapes; on an FX graph printout: its graphs, nodes, ops and "
       "collectives",
       {"--json"},
       {},
       true},
      {"run",
       "run the fusion and print output shapes and checksums; --verify runs it segment by segment "
       "and checks the result against the unsegmented reference; --backend cuda runs the segments on "
       "the GPU (per segment: median/min time, bytes, GB/s, % of DRAM peak, launches, host scalars); "
       "--chrome-trace writes one slice per segment (Perfetto); --codegen KEY=VALUE (repeatable) sets how "
       "the CUDA kernels are generated (--codegen help lists the keys)",
       {"--backend", "--json", "--chrome-trace", "--seed", "--repeat", "--warmup", "--profile", "--scalar-mode",
        "--disable-pass", "--enable", "--disable", "--codegen"},
       {"--verify", "--no-passes"},
       true},
      {"passes",
       "run the pre-segmentation passes; one line per pass",
       {"--json", "--disable-pass", "--enable", "--disable"},
       {"--diff"},
       true},
      {"trace",
       "record every step (load, passes, merge attempts, finalize) and write the trace as JSON",
       {"--json", "--disable-pass", "--profile", "--scalar-mode", "--svg-dir"},
       {"--no-passes"},
       true},
      {"segment",
       "segment the fusion: segments, schedulers, the values between them",
       {"--json", "--svg", "--dot", "--view", "--profile", "--scalar-mode", "--disable-pass", "--enable", "--disable"},
       {"--no-passes"},
       true},
      {"schedule",
       "which scheduler would take the whole fusion as one kernel, and why the others refuse",
       {"--profile", "--json", "--disable-pass", "--enable", "--disable"},
       {"--no-passes"},
       true},
      {"export-segments",
       "write one repro script per segment and index_maps.json into --dir",
       {"--dir", "--profile", "--scalar-mode", "--disable-pass", "--enable", "--disable"},
       {"--no-passes"},
       true},
      {"regions",
       "fusible regions (inductor's overlap-scheduling analysis): boundary bytes, DRAM cost, "
       "and the segments each region spans or splits; on a PyTorch FX graph printout (post-grad graph, "
       "TORCH_LOGS=post_grad_graphs output, tlparse artifact) the regions by --rules seed|current (default "
       "seed) and each collective with the compute between it and its wait, its ring time on --profile's "
       "NVLink and a verdict; --sym NAME=N (repeatable) gives size symbols values, --graph N picks a graph, "
       "--ranks N the group size when no call states it (default 8), --svg/--dot OUT the graph drawn",
       {"--json", "--profile", "--disable-pass", "--enable", "--disable", "--rules", "--sym", "--graph", "--ranks",
        "--svg", "--dot"},
       {"--no-passes"},
       true},
      {"why",
       "why two ops are not in the same segment (FILE A B, ops by the value they define, e.g. T12 T30, "
       "or a final segment as seg:N): their final groups and every merge attempt that held both, with the verdicts "
       "that refused it; the answer is read from the segmentation first: ops on the data path between them in "
       "another segment, groups never tried together, the host scalar segment (--json OUT writes it all)",
       {"--json", "--profile", "--scalar-mode", "--disable-pass", "--enable", "--disable"},
       {"--no-passes"},
       true,
       true},
      {"compare",
       "two segmentations side by side (FILE WITH): WITH is profile=NAME, scalar-mode=MODE, "
       "options=+ENABLE,-DISABLE, file=OTHER.py (another version of the fusion) or nvfuser=LOG; segments are "
       "matched by the ops they hold (by structure, so renamed tensors match) and every difference is listed; "
       "exits 1 when they differ",
       {"--json", "--profile", "--scalar-mode", "--disable-pass", "--enable", "--disable"},
       {"--no-passes"},
       true,
       true},
      {"compare-log",
       "nvFuser's final segmentation as its own log states it (FILE NVFUSER_LOG, the output of "
       "NVFUSER_DUMP=segmenter_logging,segmented_fusion) beside Segscope's: segments and schedulers on "
       "each side; exits 1 when the counts or schedulers differ (--runtime N picks a runtime of a "
       "log that holds several; the last with final groups by default)",
       {"--json", "--runtime", "--profile", "--scalar-mode", "--disable-pass", "--enable", "--disable"},
       {"--no-passes"},
       true,
       true},
      {"ir", "print the fusion IR as text", {}, {"--after-passes"}, true},
      {"script", "print the fusion back as a repro script", {"--out"}, {}, true},
      {"export-torch",
       "write the fusion as a plain PyTorch module (stdout or --out); --data DIR also writes "
       "its inputs, the CPU reference outputs (.npy) and manifest.json for checking it",
       {"--out", "--data", "--seed"},
       {},
       true},
      {"survey",
       "segment many fusions (files, or folders searched for *.py): one row each with segments, "
       "scheduler multiset, merge attempts and time; --expect EXPECT.json or --baseline B.json "
       "compares and exits 1 on any disagreement (--update rewrites the baseline; --allow-known "
       "lets cases marked known_disagreement differ)",
       {"--expect", "--baseline", "--json", "--profile", "--enable", "--disable"},
       {"--update", "--allow-known"},
       true,
       true},
      {"model",
       "a whole model run (INPUT...: run logs with NVFUSER_DUMP=python_definition among other output, "
       "error repros, python_definition_segments, folders of logs and repro scripts): one row per fusion "
       "with Segscope's segments and schedulers beside nvFuser's from the same log, the first divergence, "
       "boundary bytes, merge attempts and time; totals and why fusions were split. --against OLD... "
       "(repeatable) compares with an earlier run, fusions matched by structure: what changed in nvFuser's "
       "segments, schedulers or kernel time, and fusions only one run has; --baseline B.json compares with a "
       "saved `model --json` and exits 1 on any change (--update rewrites it)",
       {"--json", "--jobs", "--profile", "--against", "--baseline", "--enable", "--disable"},
       {"--update"},
       true,
       true},
  };
  return specs;
}

std::string usageText() {
  std::string s =
      "usage: segscope-cli COMMAND FILE [OPTIONS]\n       segscope-cli survey DIR|FILE... [OPTIONS]\n       "
      "segscope-cli model INPUT... [OPTIONS]\n\ncommands:\n";
  for (const CommandSpec& c : commandSpecs()) {
    s += "  " + c.name + std::string(8 - std::min<std::size_t>(7, c.name.size()), ' ') + c.summary + "\n";
    std::string opts;
    for (const std::string& o : c.valueOptions) opts += " [" + o + " VALUE]";
    for (const std::string& o : c.flagOptions) opts += " [" + o + "]";
    if (!opts.empty()) s += "          options:" + opts + "\n";
  }
  s += "\n--enable OPT / --disable OPT set nvFuser's NVFUSER_ENABLE / NVFUSER_DISABLE options for this run (repeatable "
       "or comma-separated), on top of those the script's fd.execute(inputs, _enable_options=[...], "
       "_disable_options=[...]) sets; modelled: --enable fuse_matmul, --disable matmul_expr_eval, --disable "
       "resize_scheduler\n";
  s += "\nexit codes: 0 ok, 1 runtime failure or verification mismatch, 2 bad input or usage\n";
  return s;
}

std::vector<std::string> Arguments::all(const std::string& name) const {
  std::vector<std::string> out;
  for (const std::string& r : repeated)
    if (r.rfind(name + "=", 0) == 0) out.push_back(r.substr(name.size() + 1));
  return out;
}

std::optional<std::string> Arguments::value(const std::string& name) const {
  auto it = values.find(name);
  if (it == values.end()) return std::nullopt;
  return it->second;
}

Result<Arguments> parseArguments(const std::vector<std::string>& args) {
  if (args.empty()) return makeError("missing command");
  Arguments out;
  out.command = args[0];
  const CommandSpec* spec = nullptr;
  for (const CommandSpec& c : commandSpecs())
    if (c.name == out.command) spec = &c;
  if (!spec) return makeError("unknown command '" + out.command + "'");
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string arg = args[i];
    if (arg.rfind("--", 0) == 0 && arg.size() > 2) {
      std::string value;
      bool inlineValue = false;
      if (auto eq = arg.find('='); eq != std::string::npos) {
        value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
        inlineValue = true;
      }
      if (spec->flagOptions.count(arg)) {
        if (inlineValue) return makeError("option " + arg + " takes no value");
        out.flags.insert(arg);
      } else if (spec->valueOptions.count(arg)) {
        if (!inlineValue) {
          if (i + 1 >= args.size()) return makeError("option " + arg + " needs a value");
          value = args[++i];
        }
        out.values[arg] = value;
        out.repeated.push_back(arg + "=" + value);
      } else {
        return makeError("unknown option '" + arg + "' for '" + out.command + "'");
      }
    } else if (out.file.empty() || spec->manyFiles) {
      if (out.file.empty()) out.file = arg;
      out.files.push_back(arg);
    } else {
      return makeError("unexpected argument '" + arg + "'");
    }
  }
  if (spec->needsFile && out.file.empty()) return makeError("'" + out.command + "' needs a FILE");
  if ((out.command == "survey" || out.command == "model") && out.has("--update") && !out.value("--baseline"))
    return makeError("'" + out.command + " --update' needs --baseline B.json");
  if (out.command == "trace" && !out.value("--json") && !out.value("--svg-dir"))
    return makeError("'trace' needs --json OUT or --svg-dir DIR");
  return out;
}

}  // namespace segscope::cli
