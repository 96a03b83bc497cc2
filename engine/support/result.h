// Errors as values: Result<T> holds either a value or an Error with a source location. These
// vocabulary types (and Diagnostic) sit in the root namespace: every module spells them bare.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace segscope {

/// A place in a script; line and column are 1-based, 0 means "unknown".
struct SourceLoc {
  int line = 0;
  int column = 0;
  bool known() const { return line > 0; }
  friend bool operator==(const SourceLoc&, const SourceLoc&) = default;
};

struct Error {
  std::string message;
  SourceLoc loc;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}
  Result(Error error) : state_(std::move(error)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(state_); }

 private:
  std::variant<T, Error> state_;
};

/// Result of an operation that produces nothing but may fail.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)), failed_(true) {}
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const Error& error() const { return error_; }

 private:
  Error error_;
  bool failed_ = false;
};

inline Error makeError(std::string message, SourceLoc loc = {}) { return Error{std::move(message), loc}; }

#define SEGSCOPE_CONCAT_INNER(a, b) a##b
#define SEGSCOPE_CONCAT(a, b) SEGSCOPE_CONCAT_INNER(a, b)

/// `SEGSCOPE_TRY(auto x, f());` declares x = f().value(), or returns f()'s Error from the
/// enclosing function. Keeps chains of fallible steps readable without exceptions.
#define SEGSCOPE_TRY(decl, expr) SEGSCOPE_TRY_IMPL(SEGSCOPE_CONCAT(segscopeTry_, __LINE__), decl, expr)
#define SEGSCOPE_TRY_IMPL(tmp, decl, expr) \
  auto tmp = (expr);                       \
  if (!tmp) return tmp.error();            \
  decl = std::move(tmp).value()

}  // namespace segscope
