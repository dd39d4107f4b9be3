#include "mosaic/sweep/where_filter.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "mosaic/core/error.hpp"
#include "mosaic/core/schema/field.hpp"
#include "mosaic/sweep/store.hpp"

namespace mosaic::sweep {
namespace {

constexpr const char* kAllowed =
    "a filter over the store's columns: numbers, 'strings', comparisons (= != < <= > >=), "
    "+ - * /, IS [NOT] NULL, and / or / not and parentheses, e.g. \"fiber.length_m >= 20 and "
    "link.meets_kp4 = 1\"";

struct Token {
  enum class Kind { kNumber, kString, kName, kQuotedName, kSymbol, kEnd } kind = Kind::kEnd;
  std::string text;  // the symbol, the name, or the string's value
  double number = 0.0;
  std::size_t at = 0;  // offset in the filter, for messages
};

bool name_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

class Parser {
 public:
  Parser(const std::string& filter, const std::set<std::string>& columns)
      : filter_(filter), columns_(columns) {
    next();
  }

  WhereSql parse() {
    std::string sql = parse_or(0);
    if (token_.kind != Token::Kind::kEnd) fail(token_.at, "unexpected '" + token_.text + "'");
    return {std::move(sql), std::move(parameters_)};
  }

 private:
  [[noreturn]] void fail(std::size_t at, const std::string& what) const {
    throw ConfigError("where", "\"" + filter_ + "\"", kAllowed,
                      "at character " + std::to_string(at + 1) + ": " + what);
  }

  void enter(int depth) const {
    // Recursion is bounded so that a filter of a thousand parentheses is refused, not a crash.
    if (depth > kMaxWhereDepth)
      fail(token_.at, "nesting deeper than " + std::to_string(kMaxWhereDepth));
  }

  bool keyword(const char* word) const {
    return token_.kind == Token::Kind::kName && upper(token_.text) == word;
  }
  bool symbol(const char* s) const {
    return token_.kind == Token::Kind::kSymbol && token_.text == s;
  }

  void next() {
    const std::string& f = filter_;
    while (pos_ < f.size() && std::isspace(static_cast<unsigned char>(f[pos_]))) ++pos_;
    token_ = Token{};
    token_.at = pos_;
    if (pos_ >= f.size()) return;
    const char c = f[pos_];
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && pos_ + 1 < f.size() &&
         std::isdigit(static_cast<unsigned char>(f[pos_ + 1])))) {
      std::size_t end = pos_;
      while (end < f.size() && (std::isdigit(static_cast<unsigned char>(f[end])) || f[end] == '.'))
        ++end;
      if (end < f.size() && (f[end] == 'e' || f[end] == 'E')) {
        std::size_t e = end + 1;
        if (e < f.size() && (f[e] == '+' || f[e] == '-')) ++e;
        if (e < f.size() && std::isdigit(static_cast<unsigned char>(f[e]))) {
          end = e;
          while (end < f.size() && std::isdigit(static_cast<unsigned char>(f[end]))) ++end;
        }
      }
      const std::string text = f.substr(pos_, end - pos_);
      char* stop = nullptr;
      const double v = std::strtod(text.c_str(), &stop);
      if (stop != text.c_str() + text.size() || !std::isfinite(v))
        fail(pos_, "bad number '" + text + "'");
      if (end < f.size() && name_start(f[end])) fail(end, "a name glued to the number " + text);
      token_ = {Token::Kind::kNumber, text, v, pos_};
      pos_ = end;
      return;
    }
    if (name_start(c)) {
      std::size_t end = pos_;
      while (end < f.size() && name_char(f[end])) ++end;
      token_ = {Token::Kind::kName, f.substr(pos_, end - pos_), 0.0, pos_};
      pos_ = end;
      return;
    }
    if (c == '\'' || c == '"') {
      std::string value;
      std::size_t i = pos_ + 1;
      for (;; ++i) {
        if (i >= f.size()) fail(pos_, c == '\'' ? "unterminated string" : "unterminated name");
        if (f[i] == c) {
          if (i + 1 < f.size() && f[i + 1] == c) {  // '' or "" stands for the quote itself
            value += c;
            ++i;
            continue;
          }
          break;
        }
        value += f[i];
      }
      token_ = {c == '\'' ? Token::Kind::kString : Token::Kind::kQuotedName, value, 0.0, pos_};
      pos_ = i + 1;
      return;
    }
    for (const char* s :
         {"<=", ">=", "<>", "!=", "==", "=", "<", ">", "(", ")", "+", "-", "*", "/"}) {
      const std::string sym(s);
      if (f.compare(pos_, sym.size(), sym) == 0) {
        token_ = {Token::Kind::kSymbol, sym, 0.0, pos_};
        pos_ += sym.size();
        return;
      }
    }
    fail(pos_, "unexpected character '" + std::string(1, c) + "'");
  }

  std::string parse_or(int depth) {
    enter(depth);
    std::string sql = parse_and(depth + 1);
    while (keyword("OR")) {
      next();
      sql = "(" + sql + " OR " + parse_and(depth + 1) + ")";
    }
    return sql;
  }

  std::string parse_and(int depth) {
    enter(depth);
    std::string sql = parse_not(depth + 1);
    while (keyword("AND")) {
      next();
      sql = "(" + sql + " AND " + parse_not(depth + 1) + ")";
    }
    return sql;
  }

  std::string parse_not(int depth) {
    enter(depth);
    if (keyword("NOT")) {
      next();
      return "(NOT " + parse_not(depth + 1) + ")";
    }
    return parse_comparison(depth + 1);
  }

  std::string parse_comparison(int depth) {
    enter(depth);
    const std::string left = parse_sum(depth + 1);
    if (keyword("IS")) {
      next();
      const bool negated = keyword("NOT");
      if (negated) next();
      if (!keyword("NULL")) fail(token_.at, "expected NULL after IS");
      next();
      return "(" + left + (negated ? " IS NOT NULL)" : " IS NULL)");
    }
    for (const char* op : {"=", "==", "!=", "<>", "<", "<=", ">", ">="}) {
      if (!symbol(op)) continue;
      next();
      const std::string right = parse_sum(depth + 1);
      return "(" + left + " " + op + " " + right + ")";
    }
    return left;
  }

  std::string parse_sum(int depth) {
    enter(depth);
    std::string sql = parse_product(depth + 1);
    while (symbol("+") || symbol("-")) {
      const std::string op = token_.text;
      next();
      sql = "(" + sql + " " + op + " " + parse_product(depth + 1) + ")";
    }
    return sql;
  }

  std::string parse_product(int depth) {
    enter(depth);
    std::string sql = parse_unary(depth + 1);
    while (symbol("*") || symbol("/")) {
      const std::string op = token_.text;
      next();
      sql = "(" + sql + " " + op + " " + parse_unary(depth + 1) + ")";
    }
    return sql;
  }

  std::string parse_unary(int depth) {
    enter(depth);
    if (symbol("-") || symbol("+")) {
      const std::string op = token_.text;
      next();
      return "(" + op + parse_unary(depth + 1) + ")";
    }
    return parse_primary(depth + 1);
  }

  std::string column(const std::string& name, std::size_t at) const {
    if (columns_.count(name)) return quote_identifier(name);
    const std::vector<std::string> names(columns_.begin(), columns_.end());
    const auto hint = nearest_name(name, names);
    fail(at, "unknown column '" + name + "'" + (hint ? "; did you mean '" + *hint + "'?" : ""));
  }

  std::string parse_primary(int depth) {
    enter(depth);
    const Token t = token_;
    switch (t.kind) {
      case Token::Kind::kNumber:
        next();
        parameters_.emplace_back(t.number);
        return "?";
      case Token::Kind::kString:
        next();
        parameters_.emplace_back(t.text);
        return "?";
      case Token::Kind::kQuotedName:
        next();
        return column(t.text, t.at);
      case Token::Kind::kName: {
        const std::string word = upper(t.text);
        if (word == "TRUE" || word == "FALSE") {
          next();
          return word == "TRUE" ? "1" : "0";
        }
        for (const char* reserved : {"AND", "OR", "NOT", "IS", "NULL"})
          if (word == reserved) fail(t.at, "expected a value before '" + t.text + "'");
        next();
        return column(t.text, t.at);
      }
      case Token::Kind::kSymbol:
        if (t.text == "(") {
          next();
          std::string inner = parse_or(depth + 1);
          if (!symbol(")")) fail(token_.at, "expected ')'");
          next();
          return "(" + inner + ")";
        }
        fail(t.at, "expected a value before '" + t.text + "'");
      case Token::Kind::kEnd:
        break;
    }
    fail(t.at, "expected a value at the end");
  }

  const std::string& filter_;
  const std::set<std::string>& columns_;
  std::size_t pos_ = 0;
  Token token_;
  std::vector<std::variant<double, std::string>> parameters_;
};

}  // namespace

WhereSql compile_where(const std::string& filter, const std::set<std::string>& columns) {
  if (filter.size() > kMaxWhereLength)
    throw ConfigError("where", "\"" + filter + "\"", kAllowed,
                      "at most " + std::to_string(kMaxWhereLength) + " characters");
  return Parser(filter, columns).parse();
}

}  // namespace mosaic::sweep
