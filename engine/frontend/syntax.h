// A small Python-subset lexer and expression parser: just enough syntax for repro
// scripts (calls, attributes, lists, tuples, literals), positioned for diagnostics.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/syntax_tree.h"
#include "support/result.h"

namespace segscope::frontend {

enum class TokenKind { Name, Number, String, Punct, Newline, End, Invalid };

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;  // for strings: the decoded contents
  SourceLoc loc;
  bool is(std::string_view punct) const { return kind == TokenKind::Punct && text == punct; }
  bool isName(std::string_view name) const { return kind == TokenKind::Name && text == name; }
};

/// Pull lexer over the whole source that starts at any line, so text around the
/// script (prose, fences of a pasted bug report) is never tokenized.
class Lexer {
 public:
  Lexer(std::string_view source, int startLine);
  Token next();
  /// The indentation (in columns) of the line the last Newline ended before.
  int depth() const { return depth_; }

 private:
  char peek(std::size_t ahead = 0) const;
  void advance();
  Token make(TokenKind kind, std::string text, SourceLoc loc) const;
  Token lexNumber(SourceLoc loc);
  Token lexString(SourceLoc loc);

  std::string_view src_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int col_ = 1;
  int depth_ = 0;  // bracket nesting: newlines inside brackets are insignificant
  bool lastWasNewline_ = true;
};

/// Parses tokens into statements and expressions.
class SyntaxParser {
 public:
  SyntaxParser(std::string_view source, int startLine);

  const Token& current() const { return tok_; }
  /// Consumes blank logical lines; returns false at the end of input.
  bool skipNewlines();
  Result<Statement> parseStatement();
  Result<NodePtr> parseExpression();
  void advance();

 private:
  Result<NodePtr> parseArithmetic(int level);
  Result<NodePtr> parseUnary();
  Result<NodePtr> parsePower();
  Result<NodePtr> parsePostfix();
  Result<NodePtr> parsePrimary();
  Status parseCallArgs(Node& call);
  Error expected(std::string_view what) const;

  Lexer lexer_;
  Token tok_;
  int nesting_ = 0;  // expressions being parsed inside one another (brackets, calls, signs)
};

/// Deeper nesting is refused with a diagnostic: the parser recurses per level, and a pasted
/// run of thousands of '[' must not overflow the stack (CPython stops at 200 too).
inline constexpr int kMaxExpressionNesting = 200;

std::string describeToken(const Token& t);

}  // namespace segscope::frontend
