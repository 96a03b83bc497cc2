// A PyTorch FX graph as printed by GraphModule.print_readable / TORCH_LOGS=post_grad_graphs:
// placeholders, calls and the output, each with the value annotation PyTorch printed. FX nodes
// are not nvFuser ops, so this is a graph of its own, not an ir::Fusion.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "support/result.h"

namespace segscope::fx {

enum class NodeOp { Placeholder, CallFunction, CallMethod, GetAttr, Output };

/// One size or stride as printed: "4096", or symbolic ("s0", "4096*s0").
struct SizeExpr {
  std::string text;
  std::optional<std::int64_t> value;  // set when the text is a plain integer
};

/// What a node's annotation says of its value: `"bf16[8192, 4096][4096, 1]cuda:0"`, or
/// `"Sym(s0)"`. Unannotated nodes (multi-output ops such as var_mean) have Kind::None.
struct ValueMeta {
  enum class Kind { None, Tensor, Sym };
  Kind kind = Kind::None;
  std::string dtype;  // PyTorch's abbreviation: "bf16", "f32", "i64", "b8"
  std::vector<SizeExpr> sizes;
  std::vector<SizeExpr> strides;  // empty when the annotation printed none
  std::string device;             // "cuda:0", "cpu"; empty when not printed
  std::string symExpr;            // Kind::Sym: the expression inside Sym(...)
  std::string text;               // the annotation as written
};

/// A call argument, as written: literals, node references, lists, and the few constructor calls
/// FX prints (`device(type='cuda', index=0)`).
struct Arg {
  enum class Kind { None, Bool, Int, Float, String, Node, List, Tuple, Name, Call };
  Kind kind = Kind::None;
  std::string text;  // Name / Call: the dotted name; String: the contents; literals: as written
  std::int64_t intValue = 0;
  double floatValue = 0;
  int node = -1;              // Kind::Node
  std::vector<Arg> items;     // List / Tuple items; Call positional args
  std::vector<Arg> keywords;  // Call keyword args, each with its `keyword`
  std::string keyword;        // the name this argument is passed by; empty when positional
};

struct Node {
  std::string name;
  NodeOp op = NodeOp::CallFunction;
  /// "aten.add.Tensor", "_c10d_functional.wait_tensor.default", "prims.convert_element_type.default",
  /// "operator.getitem", "operator.mul"; a placeholder's or get_attr's own name otherwise.
  std::string target;
  std::string ns;        // "aten", "prims", "_c10d_functional", "operator", ...
  std::string opName;    // "add", "wait_tensor", "getitem"
  std::string overload;  // "Tensor", "default"; empty when none
  bool torchOp = false;  // called as torch.ops.<ns>.<op>[.<overload>]
  std::vector<Arg> args;
  std::vector<Arg> kwargs;  // keyword arguments, each with its `keyword`
  ValueMeta meta;
  /// FX's all_input_nodes: every node the args and kwargs name, first use first, no repeats.
  std::vector<int> inputs;
  /// Nodes that read this one, in graph order.
  std::vector<int> users;
  SourceLoc loc;              // where the node is defined in the file
  std::string sourceComment;  // the `# File: ...` comment above it, if any
};

struct Graph {
  std::string title;        // "post_grad_graphs [0/0] rank 0", or the class name
  std::string className;    // "GraphModule", "<lambda>"
  std::string rank;         // "0" when lines carried a `[rank0]:` prefix; empty otherwise
  std::vector<Node> nodes;  // in graph order: placeholders, body, output
  int firstLine = 0;        // the `class ...:` line

  int nodeIndex(const std::string& name) const;  // -1 when absent
};

/// Everything an FX text holds: one graph per `class X(torch.nn.Module):` block at top level.
struct Document {
  std::vector<Graph> graphs;
  std::vector<std::pair<SourceLoc, std::string>> warnings;
};

/// Bytes per element of an abbreviated dtype ("bf16" → 2); 0 when unknown.
int elementBytes(const std::string& dtype);

/// Values of the size symbols ("s0" → 8192), given by the user.
using SymbolValues = std::map<std::string, std::int64_t>;

/// Evaluates a printed size ("4096*s0", "s0 + 1", "(s1//2)") with `symbols`; nullopt when a
/// symbol has no value or the text is not an integer expression.
std::optional<std::int64_t> evaluateSize(const SizeExpr& size, const SymbolValues& symbols);

/// numel × element size of a tensor-annotated node; nullopt for other values, unknown dtypes
/// and sizes whose symbols have no value.
std::optional<std::int64_t> tensorBytes(const ValueMeta& meta, const SymbolValues& symbols);

/// "torch.ops.aten.add.Tensor" for call_function nodes, ".view" for methods, the name otherwise.
std::string describeTarget(const Node& node);

std::string_view nodeOpName(NodeOp op);

}  // namespace segscope::fx
