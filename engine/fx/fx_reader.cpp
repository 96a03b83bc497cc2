// FX printout reader: cleans logger prefixes line by line (keeping each line's column offset
// for diagnostics), splits the text into per-rank streams, finds each `class X(torch.nn.Module):`
// and its forward, and turns the signature and every body statement into nodes.
#include "fx/fx_reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <unordered_map>

#include "frontend/syntax.h"
#include "fx/fx_annotation.h"

namespace segscope::fx {
namespace {

// One line of the input after the prefixes loggers put in front of it.
struct CleanLine {
  int number = 0;         // 1-based line in the file
  int offset = 0;         // characters removed in front (added back to diagnostic columns)
  std::string text;       // what is left
  std::string rank;       // from a `[rankN]:` prefix
  std::string tag;        // "post_grad_graphs" from `[__post_grad_graphs]`
  std::string compileId;  // "0/1" from `[0/1]`
};

int indentOf(const std::string& s) {
  int n = 0;
  while (n < static_cast<int>(s.size()) && s[static_cast<std::size_t>(n)] == ' ') ++n;
  return n;
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t\r") == std::string::npos; }

bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Length of `[rank12]:` at the start of t, capturing "12"; 0 when absent.
std::size_t rankPrefix(std::string_view t, std::string& rank) {
  if (!t.starts_with("[rank")) return 0;
  std::size_t i = 5;
  while (i < t.size() && isDigit(t[i])) ++i;
  if (i == 5 || t.substr(i, 2) != "]:") return 0;
  rank = std::string(t.substr(5, i - 5));
  return i + 2;
}

// glog's `V1128 12:34:56.789000 1234 ` (level letter, date, time, thread id).
std::size_t glogPrefix(std::string_view t) {
  if (t.size() < 24 || std::string_view("VIWEDC").find(t[0]) == std::string_view::npos) return 0;
  for (std::size_t i = 1; i <= 4; ++i)
    if (!isDigit(t[i])) return 0;
  if (t[5] != ' ' || !isDigit(t[6]) || !isDigit(t[7]) || t[8] != ':' || t[11] != ':' || t[14] != '.') return 0;
  std::size_t i = 15;
  while (i < t.size() && isDigit(t[i])) ++i;
  const std::size_t afterTime = i;
  while (i < t.size() && t[i] == ' ') ++i;
  if (i == afterTime) return 0;
  const std::size_t thread = i;
  while (i < t.size() && isDigit(t[i])) ++i;
  if (i == thread || i >= t.size() || t[i] != ' ') return 0;
  return i + 1;
}

// The logger's `torch/_inductor/compile_fx.py:910] `: a path without blanks, `.py:`, digits, `] `.
std::size_t loggerPrefix(std::string_view t) {
  const std::size_t close = t.find("] ");
  if (close == std::string_view::npos) return 0;
  const std::string_view head = t.substr(0, close);
  const std::size_t colon = head.rfind(".py:");
  if (colon == std::string_view::npos || colon + 4 == head.size() || head.find(' ') != std::string_view::npos) return 0;
  for (std::size_t i = colon + 4; i < head.size(); ++i)
    if (!isDigit(head[i])) return 0;
  return close + 2;
}

// `[0/1] ` or `[0/1_1] `, capturing "0/1".
std::size_t compileIdPrefix(std::string_view t, std::string& id) {
  if (t.empty() || t[0] != '[') return 0;
  const std::size_t close = t.find("] ");
  if (close == std::string_view::npos) return 0;
  const std::string_view inner = t.substr(1, close - 1);
  const std::size_t slash = inner.find('/');
  if (slash == 0 || slash == std::string_view::npos || slash + 1 == inner.size()) return 0;
  for (char c : inner)
    if (!isDigit(c) && c != '/' && c != '_') return 0;
  id = std::string(inner);
  return close + 2;
}

// `[__post_grad_graphs] `, capturing "post_grad_graphs".
std::size_t tagPrefix(std::string_view t, std::string& tag) {
  if (!t.starts_with("[__")) return 0;
  const std::size_t close = t.find("] ");
  if (close == std::string_view::npos) return 0;
  for (std::size_t i = 3; i < close; ++i)
    if (!std::islower(static_cast<unsigned char>(t[i])) && t[i] != '_') return 0;
  tag = std::string(t.substr(3, close - 3));
  return close + 2;
}

// Prefixes, outermost first: torchrun's `[rank0]:`, glog's, the logger's file:line, the compile
// id and the artifact. Each is removed only where it sits at the start, so graph text is never
// touched.
CleanLine cleanLine(std::string_view raw, int number) {
  CleanLine line;
  line.number = number;
  std::string_view t = raw;
  if (!t.empty() && t.back() == '\r') t.remove_suffix(1);
  const auto strip = [&](std::size_t n) {
    line.offset += static_cast<int>(n);
    t.remove_prefix(n);
  };
  strip(rankPrefix(t, line.rank));
  strip(glogPrefix(t));
  strip(loggerPrefix(t));
  strip(compileIdPrefix(t, line.compileId));
  strip(tagPrefix(t, line.tag));
  line.text = std::string(t);
  return line;
}

std::vector<std::vector<CleanLine>> streamsByRank(std::string_view text) {
  std::map<std::string, std::vector<CleanLine>> byRank;
  std::vector<std::string> order;
  int number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    CleanLine line = cleanLine(text.substr(start, end - start), ++number);
    if (!byRank.count(line.rank)) order.push_back(line.rank);
    byRank[line.rank].push_back(std::move(line));
    if (end == text.size()) break;
    start = end + 1;
  }
  std::vector<std::vector<CleanLine>> streams;
  for (const std::string& r : order) streams.push_back(std::move(byRank[r]));
  return streams;
}

// Scans `s` from `from` for a top-level ';' (outside brackets and string literals), keeping the
// bracket depth across lines of one statement. Returns its position, or npos.
std::size_t scanDepth(const std::string& s, std::size_t from, int& depth) {
  char quote = 0;
  for (std::size_t i = from; i < s.size(); ++i) {
    const char c = s[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '"' || c == '\'')
      quote = c;
    else if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}')
      --depth;
    else if (c == '#' && depth == 0)
      return std::string::npos;  // a trailing comment
    else if (c == ';' && depth == 0)
      return i;
  }
  return std::string::npos;
}

class GraphBuilder {
 public:
  GraphBuilder(const std::vector<CleanLine>& lines, Document& doc) : lines_(lines), doc_(doc) {}

  // Parses the graph whose class line is lines_[classAt]; returns the index after it.
  Result<std::size_t> build(std::size_t classAt, const std::string& className, const std::string& title) {
    graph_ = Graph{};
    index_.clear();
    graph_.className = className;
    graph_.title = title;
    graph_.rank = lines_[classAt].rank;
    graph_.firstLine = lines_[classAt].number;
    std::size_t i = classAt + 1;
    while (i < lines_.size() && (blank(lines_[i].text) || lines_[i].text.find("def forward(") == std::string::npos)) {
      if (!blank(lines_[i].text) && indentOf(lines_[i].text) <= indentOf(lines_[classAt].text) &&
          lines_[i].text.find("class ") != std::string::npos)
        break;
      ++i;
    }
    if (i >= lines_.size() || lines_[i].text.find("def forward(") == std::string::npos)
      return makeError("'class " + className + "' has no 'def forward(' below it", loc(classAt, 0));
    const int defIndent = indentOf(lines_[i].text);
    SEGSCOPE_TRY(i, parseSignature(i));
    std::string comment;
    bool returned = false;
    std::size_t lastBodyLine = i > 0 ? i - 1 : 0;
    for (; i < lines_.size() && !returned; ++i) {
      const std::string& t = lines_[i].text;
      if (blank(t)) continue;
      if (indentOf(t) <= defIndent) break;
      lastBodyLine = i;
      const std::size_t first = t.find_first_not_of(' ');
      if (t[first] == '#') {
        if (t.compare(first, 7, "# File:") == 0) comment = t.substr(first + 2);
        continue;
      }
      SEGSCOPE_TRY(auto result, parseStatement(i, comment));
      i = result.first;
      returned = result.second;
    }
    if (!returned) return makeError("the forward of '" + className + "' ends without a 'return'", loc(lastBodyLine, 0));
    linkUsers();
    doc_.graphs.push_back(std::move(graph_));
    return i;
  }

 private:
  SourceLoc loc(std::size_t lineAt, std::size_t column) const {
    return SourceLoc{lines_[lineAt].number, lines_[lineAt].offset + static_cast<int>(column) + 1};
  }
  // A location the expression parser gave (lines counted from the statement's first line,
  // columns in the cleaned text) as a location in the file.
  SourceLoc shifted(SourceLoc parsed) const {
    const int line = lineBase_ + parsed.line - 1;
    for (const CleanLine& l : lines_)
      if (l.number == line) return SourceLoc{line, parsed.column + l.offset};
    return SourceLoc{line, parsed.column};
  }

  Result<ValueMeta> annotation(std::size_t lineAt, std::size_t quoteAt, std::size_t& after) {
    const std::string& t = lines_[lineAt].text;
    const std::size_t close = t.find('"', quoteAt + 1);
    if (close == std::string::npos) return makeError("the annotation's '\"' is never closed", loc(lineAt, quoteAt));
    after = close + 1;
    auto meta = parseAnnotation(std::string_view(t).substr(quoteAt + 1, close - quoteAt - 1));
    if (!meta)
      return makeError(meta.error().message, loc(lineAt, quoteAt + static_cast<std::size_t>(meta.error().loc.column)));
    if (meta->kind == ValueMeta::Kind::Tensor && elementBytes(meta->dtype) == 0)
      doc_.warnings.push_back({loc(lineAt, quoteAt + 1), "unknown dtype '" + meta->dtype + "': its bytes count as 0"});
    return meta;
  }

  // `def forward(self, arg0_1: "f32[8][1]cuda:0", s0: "Sym(s0)"):`, on one line or several.
  Result<std::size_t> parseSignature(std::size_t at) {
    std::size_t lineAt = at;
    std::size_t pos = lines_[at].text.find("def forward(") + 12;
    while (true) {
      const std::string& t = lines_[lineAt].text;
      while (pos < t.size() && (t[pos] == ' ' || t[pos] == ',')) ++pos;
      if (pos >= t.size()) {
        if (++lineAt >= lines_.size()) return makeError("the signature of forward is never closed", loc(at, 0));
        pos = 0;
        continue;
      }
      if (t[pos] == ')') return lineAt + 1;
      const std::size_t nameAt = pos;
      while (pos < t.size() && (std::isalnum(static_cast<unsigned char>(t[pos])) || t[pos] == '_' || t[pos] == '*'))
        ++pos;
      if (pos == nameAt) return makeError("expected a parameter name in the signature of forward", loc(lineAt, pos));
      Node node;
      node.name = t.substr(nameAt, pos - nameAt);
      node.op = NodeOp::Placeholder;
      node.target = node.name;
      node.loc = loc(lineAt, nameAt);
      while (pos < t.size() && t[pos] == ' ') ++pos;
      if (pos < t.size() && t[pos] == ':') {
        ++pos;
        while (pos < t.size() && t[pos] == ' ') ++pos;
        if (pos < t.size() && t[pos] == '"') {
          SEGSCOPE_TRY(node.meta, annotation(lineAt, pos, pos));
        } else {  // a Python type (`torch.Tensor`): nothing to read from it
          while (pos < t.size() && t[pos] != ',' && t[pos] != ')') ++pos;
        }
      }
      while (pos < t.size() && t[pos] == ' ') ++pos;
      if (pos < t.size() && t[pos] != ',' && t[pos] != ')')
        return makeError("expected ',' or ')' after the parameter '" + node.name + "'", loc(lineAt, pos));
      if (node.name != "self") addNode(std::move(node));
    }
  }

  void addNode(Node node) {
    index_[node.name] = static_cast<int>(graph_.nodes.size());
    graph_.nodes.push_back(std::move(node));
  }

  // One statement from lines_[at] (and its continuation lines). Returns the last line it used
  // and whether it was the return.
  Result<std::pair<std::size_t, bool>> parseStatement(std::size_t at, std::string& comment) {
    const std::string& t = lines_[at].text;
    const std::size_t first = t.find_first_not_of(' ');
    Node node;
    std::size_t rhsAt = 0;
    bool output = false;
    if (t.compare(first, 6, "return") == 0 && (first + 6 == t.size() || t[first + 6] == ' ' || t[first + 6] == '(')) {
      output = true;
      node.name = "output";
      node.op = NodeOp::Output;
      node.target = "output";
      rhsAt = first + 6;
    } else {
      std::size_t pos = first;
      while (pos < t.size() && (std::isalnum(static_cast<unsigned char>(t[pos])) || t[pos] == '_')) ++pos;
      if (pos == first) return makeError("expected a node name, 'return' or a comment", loc(at, first));
      node.name = t.substr(first, pos - first);
      while (pos < t.size() && t[pos] == ' ') ++pos;
      if (pos < t.size() && t[pos] == ':') {
        ++pos;
        while (pos < t.size() && t[pos] == ' ') ++pos;
        if (pos >= t.size() || t[pos] != '"')
          return makeError("expected the annotation in double quotes after '" + node.name + ":'", loc(at, pos));
        SEGSCOPE_TRY(node.meta, annotation(at, pos, pos));
        while (pos < t.size() && t[pos] == ' ') ++pos;
      }
      if (pos >= t.size() || t[pos] != '=' || (pos + 1 < t.size() && t[pos + 1] == '='))
        return makeError("expected '=' after '" + node.name + "'", loc(at, pos));
      rhsAt = pos + 1;
      if (index_.count(node.name))
        return makeError("'" + node.name + "' is defined twice (first at line " +
                             std::to_string(graph_.nodes[static_cast<std::size_t>(index_[node.name])].loc.line) + ")",
                         loc(at, first));
    }
    node.loc = loc(at, first);
    node.sourceComment = std::move(comment);
    comment.clear();
    // The statement's text up to a top-level ';', over as many lines as its brackets need.
    std::string source(rhsAt, ' ');
    int depth = 0;
    std::size_t last = at;
    std::size_t semi = scanDepth(t, rhsAt, depth);
    source += t.substr(rhsAt, semi == std::string::npos ? std::string::npos : semi - rhsAt);
    while (semi == std::string::npos && depth > 0 && last + 1 < lines_.size()) {
      ++last;
      const std::string& more = lines_[last].text;
      semi = scanDepth(more, 0, depth);
      source += "\n" + more.substr(0, semi);
    }
    SEGSCOPE_TRY(auto rhs, parseRhs(source, lines_[at].number));
    if (output) {
      node.args.push_back(std::move(rhs.first));
    } else {
      SEGSCOPE_TRY(auto ok, fill(node, std::move(rhs.first), rhs.second));
      (void)ok;
    }
    collectInputs(node);
    addNode(std::move(node));
    return std::make_pair(last, output);
  }

  // The expression, converted to an Arg; and the tree's root, for the node's kind.
  Result<std::pair<Arg, std::shared_ptr<frontend::Node>>> parseRhs(const std::string& source, int lineNumber) {
    lineBase_ = lineNumber;
    frontend::SyntaxParser parser(source, 1);
    if (parser.current().kind == frontend::TokenKind::Newline || parser.current().kind == frontend::TokenKind::End)
      return std::make_pair(Arg{}, std::shared_ptr<frontend::Node>());  // a bare `return`
    auto tree = parser.parseExpression();
    if (!tree) return Error{tree.error().message, shifted(tree.error().loc)};
    if (parser.current().kind != frontend::TokenKind::End && parser.current().kind != frontend::TokenKind::Newline)
      return makeError("unexpected " + frontend::describeToken(parser.current()) + " after the expression",
                       shifted(parser.current().loc));
    std::shared_ptr<frontend::Node> root(std::move(tree.value()));
    SEGSCOPE_TRY(Arg arg, convert(*root));
    return std::make_pair(std::move(arg), root);
  }

  Result<Arg> convert(const frontend::Node& n) {
    using K = frontend::Node::Kind;
    Arg a;
    switch (n.kind) {
      case K::Int:
        a.kind = Arg::Kind::Int;
        a.intValue = n.intValue;
        a.text = n.text;
        return a;
      case K::Float:
        a.kind = Arg::Kind::Float;
        a.floatValue = n.floatValue;
        a.text = n.text;
        return a;
      case K::String:
        a.kind = Arg::Kind::String;
        a.text = n.text;
        return a;
      case K::Name: {
        if (n.text == "None") return a;
        if (n.text == "True" || n.text == "False") {
          a.kind = Arg::Kind::Bool;
          a.intValue = n.text == "True";
          a.text = n.text;
          return a;
        }
        if (n.text == "inf" || n.text == "nan") {
          a.kind = Arg::Kind::Float;
          a.floatValue = n.text == "inf" ? HUGE_VAL : NAN;
          a.text = n.text;
          return a;
        }
        const auto it = index_.find(n.text);
        if (it == index_.end()) return makeError("'" + n.text + "' is not a node defined above", shifted(n.loc));
        a.kind = Arg::Kind::Node;
        a.node = it->second;
        a.text = n.text;
        return a;
      }
      case K::Attribute:
        a.kind = Arg::Kind::Name;
        a.text = n.dottedName();
        return a;
      case K::List:
      case K::Tuple:
        a.kind = n.kind == K::List ? Arg::Kind::List : Arg::Kind::Tuple;
        for (const auto& item : n.items) {
          SEGSCOPE_TRY(Arg sub, convert(*item));
          a.items.push_back(std::move(sub));
        }
        return a;
      case K::Call: {
        a.kind = Arg::Kind::Call;
        a.text = n.items[0]->dottedName();
        if (a.text.empty()) return makeError("expected a function name before '('", shifted(n.items[0]->loc));
        for (std::size_t i = 1; i < n.items.size(); ++i) {
          SEGSCOPE_TRY(Arg sub, convert(*n.items[i]));
          a.items.push_back(std::move(sub));
        }
        for (const auto& [key, value] : n.keywords) {
          SEGSCOPE_TRY(Arg sub, convert(*value));
          sub.keyword = key;
          a.keywords.push_back(std::move(sub));
        }
        return a;
      }
      case K::Negate: {
        // `-inf`, `-nan`: the parser folds only digits. The operand is converted once (a
        // second pass here made `- - - … x` exponential).
        if (n.items.size() != 1) return makeError("unsupported expression", shifted(n.loc));
        SEGSCOPE_TRY(Arg inner, convert(*n.items[0]));
        if (inner.kind == Arg::Kind::Float || inner.kind == Arg::Kind::Int) {
          inner.floatValue = -inner.floatValue;
          inner.intValue = -inner.intValue;
          inner.text = "-" + inner.text;
          return inner;
        }
        a.kind = Arg::Kind::Call;
        a.text = "operator.neg";
        a.items.push_back(std::move(inner));
        return a;
      }
      case K::Subscript:
      case K::BinaryOp: {
        // Nested arithmetic in an argument: kept as a call of its operator.
        a.kind = Arg::Kind::Call;
        a.text = operatorName(n);
        for (const auto& item : n.items) {
          SEGSCOPE_TRY(Arg sub, convert(*item));
          a.items.push_back(std::move(sub));
        }
        return a;
      }
    }
    return makeError("unsupported expression", shifted(n.loc));
  }

  static std::string operatorName(const frontend::Node& n) {
    using K = frontend::Node::Kind;
    if (n.kind == K::Subscript) return "operator.getitem";
    if (n.kind == K::Negate) return "operator.neg";
    static const std::map<std::string, std::string> names = {
        {"+", "operator.add"},       {"-", "operator.sub"}, {"*", "operator.mul"}, {"/", "operator.truediv"},
        {"//", "operator.floordiv"}, {"%", "operator.mod"}, {"**", "operator.pow"}};
    const auto it = names.find(n.text);
    return it == names.end() ? "operator." + n.text : it->second;
  }

  // Node kind and target from the expression: a torch.ops call, an operator (`x[0]`, `a * b`),
  // another function, a method on a node, or `self.<attr>`.
  Result<bool> fill(Node& node, Arg rhs, const std::shared_ptr<frontend::Node>& root) {
    if (!root) return makeError("expected an expression after '='", node.loc);
    if (root->kind == frontend::Node::Kind::Attribute && rhs.text.starts_with("self.")) {
      node.op = NodeOp::GetAttr;
      node.target = rhs.text.substr(5);
      return true;
    }
    if (rhs.kind != Arg::Kind::Call)
      return makeError("expected a call (torch.ops...) or an operator after '" + node.name + " ='", shifted(root->loc));
    node.args = std::move(rhs.items);
    node.kwargs = std::move(rhs.keywords);
    const std::string& callee = rhs.text;
    if (callee.starts_with("torch.ops.")) {
      node.torchOp = true;
      node.target = callee.substr(10);
      std::vector<std::string> parts;
      std::size_t s = 0;
      for (std::size_t e; (e = node.target.find('.', s)) != std::string::npos; s = e + 1)
        parts.push_back(node.target.substr(s, e - s));
      parts.push_back(node.target.substr(s));
      node.ns = parts[0];
      node.opName = parts.size() > 1 ? parts[1] : "";
      node.overload = parts.size() > 2 ? parts[2] : "";
      return true;
    }
    const auto dot = callee.find('.');
    const std::string head = callee.substr(0, dot);
    if (dot != std::string::npos && index_.count(head)) {  // `x.view(...)`: a method on a node
      node.op = NodeOp::CallMethod;
      node.target = callee.substr(dot + 1);
      node.opName = node.target;
      Arg self;
      self.kind = Arg::Kind::Node;
      self.node = index_[head];
      self.text = head;
      node.args.insert(node.args.begin(), std::move(self));
      return true;
    }
    node.target = callee;
    const auto lastDot = callee.rfind('.');
    node.ns = lastDot == std::string::npos ? "" : callee.substr(0, lastDot);
    node.opName = lastDot == std::string::npos ? callee : callee.substr(lastDot + 1);
    return true;
  }

  static void collect(const Arg& a, std::vector<int>& out) {
    if (a.kind == Arg::Kind::Node) {
      if (std::find(out.begin(), out.end(), a.node) == out.end()) out.push_back(a.node);
      return;
    }
    for (const Arg& item : a.items) collect(item, out);
    for (const Arg& kw : a.keywords) collect(kw, out);
  }
  static void collectInputs(Node& node) {
    for (const Arg& a : node.args) collect(a, node.inputs);
    for (const Arg& kw : node.kwargs) collect(kw, node.inputs);
  }

  void linkUsers() {
    for (std::size_t i = 0; i < graph_.nodes.size(); ++i)
      for (int in : graph_.nodes[i].inputs)
        graph_.nodes[static_cast<std::size_t>(in)].users.push_back(static_cast<int>(i));
  }

  const std::vector<CleanLine>& lines_;
  Document& doc_;
  Graph graph_;
  std::unordered_map<std::string, int> index_;
  int lineBase_ = 1;  // the file line of the statement being parsed
};

// `class GraphModule(torch.nn.Module):`, possibly after a banner and a file name on the line.
bool classHeader(const std::string& text, std::string& name) {
  constexpr std::string_view tail = "(torch.nn.Module):";
  std::size_t end = text.find_last_not_of(" \t");
  if (end == std::string::npos || end + 1 < tail.size() || text.compare(end + 1 - tail.size(), tail.size(), tail) != 0)
    return false;
  const std::size_t nameEnd = end + 1 - tail.size();
  const std::size_t kw = text.rfind("class ", nameEnd);
  if (kw == std::string::npos || (kw > 0 && text[kw - 1] != ' ')) return false;
  name = text.substr(kw + 6, nameEnd - kw - 6);
  if (name.empty()) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '<' && c != '>') return false;
  return true;
}

// What the lines above a graph say about it: the artifact, the compile id, a banner.
std::string titleFor(const std::vector<CleanLine>& lines, std::size_t classAt, const std::string& className) {
  const CleanLine& c = lines[classAt];
  std::string title = c.tag.empty() ? className : c.tag;
  std::string banner;
  for (std::size_t k = classAt + 1; k-- > 0 && k + 4 > classAt;) {
    const std::string& t = lines[k].text;
    const auto b = t.find("=====");
    if (b != std::string::npos) {
      const auto e = t.find("=====", b + 5);
      if (e != std::string::npos) banner = t.substr(b + 6, e - b - 7);
      break;
    }
  }
  if (!banner.empty()) title += " (" + banner + ")";
  if (!c.compileId.empty()) title += " [" + c.compileId + "]";
  if (!c.rank.empty()) title += " rank " + c.rank;
  return title;
}

}  // namespace

bool looksLikeFxText(std::string_view text) {
  const std::string_view head = text.substr(0, std::min<std::size_t>(text.size(), 1 << 20));
  return head.find("(torch.nn.Module):") != std::string_view::npos &&
         head.find("def forward(") != std::string_view::npos && head.find("torch.ops.") != std::string_view::npos;
}

Result<Document> readFxText(std::string_view text) {
  Document doc;
  // A log holds many graphs (forward and backward, every rank, aot's joint graphs with their
  // tuple unpacking): one that does not read is skipped with a warning while others read; the
  // error stands only when nothing does.
  std::vector<Error> failures;
  for (const std::vector<CleanLine>& lines : streamsByRank(text)) {
    GraphBuilder builder(lines, doc);
    for (std::size_t i = 0; i < lines.size();) {
      std::string name;
      if (!classHeader(lines[i].text, name)) {
        ++i;
        continue;
      }
      auto next = builder.build(i, name, titleFor(lines, i, name));
      if (next) {
        i = *next;
      } else {
        failures.push_back(next.error());
        ++i;
      }
    }
  }
  std::stable_sort(doc.graphs.begin(), doc.graphs.end(),
                   [](const Graph& a, const Graph& b) { return a.firstLine < b.firstLine; });
  if (doc.graphs.empty()) {
    if (!failures.empty()) return failures.front();
    return makeError("no FX graph here: expected a line 'class <Name>(torch.nn.Module):'", {1, 1});
  }
  for (const Error& e : failures) doc.warnings.push_back({e.loc, "a graph here was skipped: " + e.message});
  return doc;
}

}  // namespace segscope::fx
