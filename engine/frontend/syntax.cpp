// Lexing and expression parsing of the Python subset used by repro scripts.
#include "frontend/syntax.h"

#include <cctype>
#include <cstdlib>
#include <limits>

#include "frontend/literal_arithmetic.h"

namespace segscope::frontend {

namespace {

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

Lexer::Lexer(std::string_view source, int startLine) : src_(source) {
  // Jump to the first character of startLine.
  while (line_ < startLine && pos_ < src_.size()) {
    if (src_[pos_] == '\n') ++line_;
    ++pos_;
  }
}

char Lexer::peek(std::size_t ahead) const { return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0'; }

void Lexer::advance() {
  if (pos_ >= src_.size()) return;
  if (src_[pos_] == '\n') {
    ++line_;
    col_ = 1;
  } else {
    ++col_;
  }
  ++pos_;
}

Token Lexer::make(TokenKind kind, std::string text, SourceLoc loc) const { return Token{kind, std::move(text), loc}; }

Token Lexer::next() {
  for (;;) {
    const char c = peek();
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
      advance();
    } else if (c == '#') {
      while (peek() != '\n' && peek() != '\0') advance();
    } else if (c == '\\' && (peek(1) == '\n' || (peek(1) == '\r' && peek(2) == '\n'))) {
      advance();
      if (peek() == '\r') advance();
      advance();
    } else if (c == '\n') {
      const SourceLoc loc{line_, col_};
      advance();
      if (depth_ > 0 || lastWasNewline_) continue;
      lastWasNewline_ = true;
      return make(TokenKind::Newline, "\n", loc);
    } else {
      break;
    }
  }
  const SourceLoc loc{line_, col_};
  const char c = peek();
  if (c == '\0') {
    if (!lastWasNewline_) {
      lastWasNewline_ = true;
      return make(TokenKind::Newline, "\n", loc);
    }
    return make(TokenKind::End, "", loc);
  }
  lastWasNewline_ = false;
  if (isNameStart(c)) {
    std::string text;
    while (isNameChar(peek())) {
      text += peek();
      advance();
    }
    // String prefixes (r"", b"", f"") are read as strings.
    if ((text == "r" || text == "b" || text == "f" || text == "u") && (peek() == '"' || peek() == '\''))
      return lexString(loc);
    return make(TokenKind::Name, std::move(text), loc);
  }
  if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && std::isdigit(static_cast<unsigned char>(peek(1)))))
    return lexNumber(loc);
  if (c == '"' || c == '\'') return lexString(loc);
  static constexpr std::string_view twoChar[] = {"->", "**", "==", "!=", "<=", ">=", "//", ":="};
  for (std::string_view op : twoChar) {
    if (peek() == op[0] && peek(1) == op[1]) {
      advance();
      advance();
      return make(TokenKind::Punct, std::string(op), loc);
    }
  }
  static constexpr std::string_view single = "()[]{},:=.-+*/;@<>%~&|^!";
  if (single.find(c) != std::string_view::npos) {
    if (c == '(' || c == '[' || c == '{') ++depth_;
    if ((c == ')' || c == ']' || c == '}') && depth_ > 0) --depth_;
    advance();
    return make(TokenKind::Punct, std::string(1, c), loc);
  }
  advance();
  std::string shown(1, c);
  if (static_cast<unsigned char>(c) >= 0x80) shown = "a non-ASCII character";
  return make(TokenKind::Invalid, "unexpected character '" + shown + "'", loc);
}

Token Lexer::lexNumber(SourceLoc loc) {
  std::string text;
  if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
    text = "0x";
    advance();
    advance();
    while (std::isxdigit(static_cast<unsigned char>(peek()))) {
      text += peek();
      advance();
    }
    return make(TokenKind::Number, text, loc);
  }
  while (std::isdigit(static_cast<unsigned char>(peek())) || peek() == '_') {
    if (peek() != '_') text += peek();
    advance();
  }
  if (peek() == '.') {
    text += '.';
    advance();
    while (std::isdigit(static_cast<unsigned char>(peek()))) {
      text += peek();
      advance();
    }
  }
  if ((peek() == 'e' || peek() == 'E') &&
      (std::isdigit(static_cast<unsigned char>(peek(1))) ||
       ((peek(1) == '-' || peek(1) == '+') && std::isdigit(static_cast<unsigned char>(peek(2)))))) {
    text += 'e';
    advance();
    if (peek() == '-' || peek() == '+') {
      text += peek();
      advance();
    }
    while (std::isdigit(static_cast<unsigned char>(peek()))) {
      text += peek();
      advance();
    }
  }
  if (isNameChar(peek())) {
    std::string bad = text;
    while (isNameChar(peek())) {
      bad += peek();
      advance();
    }
    return make(TokenKind::Invalid, "malformed number '" + bad + "'", loc);
  }
  return make(TokenKind::Number, text, loc);
}

Token Lexer::lexString(SourceLoc loc) {
  const char quote = peek();
  const bool triple = peek(1) == quote && peek(2) == quote;
  for (int i = 0; i < (triple ? 3 : 1); ++i) advance();
  std::string text;
  for (;;) {
    const char c = peek();
    if (c == '\0' || (!triple && c == '\n')) return make(TokenKind::Invalid, "unterminated string", loc);
    if (c == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
      for (int i = 0; i < (triple ? 3 : 1); ++i) advance();
      return make(TokenKind::String, text, loc);
    }
    if (c == '\\' && peek(1) != '\0') {
      advance();
    }
    text += peek();
    advance();
  }
}

std::string describeToken(const Token& t) {
  switch (t.kind) {
    case TokenKind::Name: return "'" + t.text + "'";
    case TokenKind::Number: return "number " + t.text;
    case TokenKind::String: return "a string";
    case TokenKind::Punct: return "'" + t.text + "'";
    case TokenKind::Newline: return "end of line";
    case TokenKind::End: return "end of file";
    case TokenKind::Invalid: return t.text;
  }
  return "?";
}

SyntaxParser::SyntaxParser(std::string_view source, int startLine) : lexer_(source, startLine) { advance(); }

void SyntaxParser::advance() { tok_ = lexer_.next(); }

Error SyntaxParser::expected(std::string_view what) const {
  if (tok_.kind == TokenKind::Invalid) return makeError("syntax error: " + tok_.text, tok_.loc);
  return makeError("syntax error: expected " + std::string(what) + ", found " + describeToken(tok_), tok_.loc);
}

bool SyntaxParser::skipNewlines() {
  while (tok_.kind == TokenKind::Newline || tok_.is(";")) advance();
  return tok_.kind != TokenKind::End;
}

Result<Statement> SyntaxParser::parseStatement() {
  Statement st;
  st.loc = tok_.loc;
  auto first = parseExpression();
  if (!first) return first.error();
  std::vector<NodePtr> lhs;
  lhs.push_back(std::move(first.value()));
  while (tok_.is(",")) {
    advance();
    if (tok_.is("=")) break;  // "a, b, = ..." (trailing comma)
    auto more = parseExpression();
    if (!more) return more.error();
    lhs.push_back(std::move(more.value()));
  }
  if (tok_.is("=")) {
    for (const NodePtr& target : lhs) {
      if (target->kind != Node::Kind::Name)
        return makeError("syntax error: only plain names can be assigned to", target->loc);
      st.targets.emplace_back(target->text, target->loc);
    }
    advance();
    auto value = parseExpression();
    if (!value) return value.error();
    st.value = std::move(value.value());
  } else {
    if (lhs.size() != 1) return makeError("syntax error: a tuple on its own does nothing; expected '='", lhs[1]->loc);
    st.value = std::move(lhs[0]);
  }
  // A statement ends at a newline, a ';', or (in pasted text) where the next begins.
  if (tok_.kind == TokenKind::Newline || tok_.is(";") || tok_.kind == TokenKind::End) return st;
  if (tok_.kind == TokenKind::Name && st.value->kind == Node::Kind::Call) return st;
  return expected("end of statement");
}

Result<NodePtr> SyntaxParser::parseExpression() { return parseArithmetic(0); }

// Python's precedence: '+' '-' (level 0) bind looser than '*' '/' '//' '%' (level 1),
// which bind looser than a sign, which binds looser than '**'.
Result<NodePtr> SyntaxParser::parseArithmetic(int level) {
  auto lhs = level == 0 ? parseArithmetic(1) : parseUnary();
  if (!lhs) return lhs;
  NodePtr node = std::move(lhs.value());
  const auto atLevel = [&] {
    if (tok_.kind != TokenKind::Punct) return false;
    return level == 0 ? (tok_.text == "+" || tok_.text == "-")
                      : (tok_.text == "*" || tok_.text == "/" || tok_.text == "//" || tok_.text == "%");
  };
  while (atLevel()) {
    const Token op = tok_;
    advance();
    auto rhs = level == 0 ? parseArithmetic(1) : parseUnary();
    if (!rhs) return rhs;
    SEGSCOPE_TRY(node, combineArithmetic(op.text, std::move(node), std::move(rhs.value()), op.loc));
  }
  return node;
}

Result<NodePtr> SyntaxParser::parsePower() {
  auto base = parsePostfix();
  if (!base || !tok_.is("**")) return base;
  const Token op = tok_;
  advance();
  auto exponent = parseUnary();  // right-associative, and 2 ** -1 is allowed
  if (!exponent) return exponent;
  return combineArithmetic(op.text, std::move(base.value()), std::move(exponent.value()), op.loc);
}

Result<NodePtr> SyntaxParser::parseUnary() {
  if (nesting_ >= kMaxExpressionNesting)
    return makeError("expression nested more than " + std::to_string(kMaxExpressionNesting) + " levels deep", tok_.loc);
  struct Level {
    int& n;
    explicit Level(int& depth) : n(depth) { ++n; }
    ~Level() { --n; }
  } level(nesting_);
  if (tok_.is("-") || tok_.is("+")) {
    const bool negate = tok_.is("-");
    const SourceLoc loc = tok_.loc;
    advance();
    auto operand = parseUnary();
    if (!operand || !negate) return operand;
    NodePtr& inner = operand.value();
    if (inner->kind == Node::Kind::Int) {
      // Folded arithmetic can reach INT64_MIN, whose negation does not fit.
      if (inner->intValue == std::numeric_limits<std::int64_t>::min())
        return makeError("integer result of '-' does not fit in 64 bits", loc);
      inner->intValue = -inner->intValue;
      inner->text = "-" + inner->text;
      inner->loc = loc;
      return operand;
    }
    if (inner->kind == Node::Kind::Float) {
      inner->floatValue = -inner->floatValue;
      inner->text = "-" + inner->text;
      inner->loc = loc;
      return operand;
    }
    auto node = std::make_unique<Node>();
    node->kind = Node::Kind::Negate;
    node->loc = loc;
    node->items.push_back(std::move(inner));
    return NodePtr(std::move(node));
  }
  return parsePower();
}

Result<NodePtr> SyntaxParser::parsePostfix() {
  auto base = parsePrimary();
  if (!base) return base;
  NodePtr node = std::move(base.value());
  for (;;) {
    if (tok_.is(".")) {
      advance();
      if (tok_.kind != TokenKind::Name) return expected("a name after '.'");
      auto attr = std::make_unique<Node>();
      attr->kind = Node::Kind::Attribute;
      attr->text = tok_.text;
      attr->loc = node->loc;
      attr->items.push_back(std::move(node));
      node = std::move(attr);
      advance();
    } else if (tok_.is("(")) {
      auto call = std::make_unique<Node>();
      call->kind = Node::Kind::Call;
      call->loc = node->loc;
      call->items.push_back(std::move(node));
      const SourceLoc open = tok_.loc;
      advance();
      if (auto st = parseCallArgs(*call); !st) {
        Error e = st.error();
        // The usual cause is a missing ')': say where the call began.
        if (e.message.find("expected ',' or ')'") != std::string::npos)
          e.message += " (the '(' at line " + std::to_string(open.line) + ", column " + std::to_string(open.column) +
                       " is not closed)";
        return e;
      }
      node = std::move(call);
    } else if (tok_.is("[")) {
      auto sub = std::make_unique<Node>();
      sub->kind = Node::Kind::Subscript;
      sub->loc = node->loc;
      sub->items.push_back(std::move(node));
      advance();
      auto index = parseExpression();
      if (!index) return index;
      sub->items.push_back(std::move(index.value()));
      if (!tok_.is("]")) return expected("']'");
      advance();
      node = std::move(sub);
    } else {
      return node;
    }
  }
}

Status SyntaxParser::parseCallArgs(Node& call) {
  while (!tok_.is(")")) {
    if (tok_.kind == TokenKind::Name) {
      // Peek for `name=`: parse the name as an expression, then look at '='.
      const Token nameTok = tok_;
      auto arg = parseExpression();
      if (!arg) return arg.error();
      if (tok_.is("=") && arg.value()->kind == Node::Kind::Name) {
        advance();
        auto value = parseExpression();
        if (!value) return value.error();
        call.keywords.emplace_back(nameTok.text, std::move(value.value()));
        call.keywordLocs.push_back(nameTok.loc);
      } else {
        if (!call.keywords.empty())
          return makeError("syntax error: positional argument follows keyword argument", arg.value()->loc);
        call.items.push_back(std::move(arg.value()));
      }
    } else {
      if (tok_.is("*") || tok_.is("**"))
        return makeError("syntax error: argument unpacking is not supported", tok_.loc);
      auto arg = parseExpression();
      if (!arg) return arg.error();
      if (!call.keywords.empty())
        return makeError("syntax error: positional argument follows keyword argument", arg.value()->loc);
      call.items.push_back(std::move(arg.value()));
    }
    if (tok_.is(",")) {
      advance();
      continue;
    }
    if (!tok_.is(")")) return expected("',' or ')'");
  }
  advance();
  return {};
}

Result<NodePtr> SyntaxParser::parsePrimary() {
  auto node = std::make_unique<Node>();
  node->loc = tok_.loc;
  switch (tok_.kind) {
    case TokenKind::Name:
      node->kind = Node::Kind::Name;
      node->text = tok_.text;
      advance();
      return NodePtr(std::move(node));
    case TokenKind::Number: {
      node->text = tok_.text;
      const bool isFloat = tok_.text.find_first_of(".eE") != std::string::npos && tok_.text.rfind("0x", 0) != 0;
      if (isFloat) {
        node->kind = Node::Kind::Float;
        node->floatValue = std::strtod(tok_.text.c_str(), nullptr);
      } else {
        node->kind = Node::Kind::Int;
        errno = 0;
        node->intValue = std::strtoll(tok_.text.c_str(), nullptr, 0);
        if (errno == ERANGE) return makeError("integer " + tok_.text + " does not fit in 64 bits", tok_.loc);
      }
      advance();
      return NodePtr(std::move(node));
    }
    case TokenKind::String:
      node->kind = Node::Kind::String;
      node->text = tok_.text;
      advance();
      return NodePtr(std::move(node));
    case TokenKind::Punct:
      if (tok_.is("[") || tok_.is("(")) {
        const bool isList = tok_.is("[");
        const std::string close = isList ? "]" : ")";
        node->kind = isList ? Node::Kind::List : Node::Kind::Tuple;
        advance();
        bool sawComma = false;
        while (!tok_.is(close)) {
          auto item = parseExpression();
          if (!item) return item;
          node->items.push_back(std::move(item.value()));
          if (tok_.is(",")) {
            sawComma = true;
            advance();
            continue;
          }
          if (!tok_.is(close)) return expected("',' or '" + close + "'");
        }
        advance();
        // "(x)" is just x; "(x,)" is a tuple.
        if (!isList && node->items.size() == 1 && !sawComma) return std::move(node->items[0]);
        return NodePtr(std::move(node));
      }
      [[fallthrough]];
    default: return expected("an expression");
  }
}

}  // namespace segscope::frontend
