#pragma once

#include <set>
#include <string>
#include <variant>
#include <vector>

namespace mosaic::sweep {

// `where` of the pareto study is a filter over a store's columns, not SQL: a small expression
// language parsed here and turned into an SQL condition whose every value is a bound parameter
// and every name a quoted column of the store, so that nothing the user writes reaches SQLite as
// SQL (no `)` breaking out of the condition, no UNION, no recursive query that never ends).
//
//   filter     := or
//   or         := and { OR and }
//   and        := not { AND not }
//   not        := NOT not | comparison
//   comparison := sum [ ( = | == | != | <> | < | <= | > | >= ) sum ] | sum IS [NOT] NULL
//   sum        := product { ( + | - ) product }
//   product    := unary { ( * | / ) unary }
//   unary      := ( - | + ) unary | primary
//   primary    := number | 'string' | true | false | column | "column" | ( filter )
//
// Keywords in any case; a column is a name of the store's `points` table (dotted names bare:
// fiber.length_m >= 20 AND link.meets_kp4 = 1); strings in single quotes ('' for a quote).
struct WhereSql {
  std::string condition;  // SQL with `?` for every value
  std::vector<std::variant<double, std::string>> parameters;
};

// At most this many characters and this deep a nesting of parentheses and operators.
inline constexpr std::size_t kMaxWhereLength = 4096;
inline constexpr int kMaxWhereDepth = 64;

// Parses `filter` against the store's `columns`. Throws ConfigError naming `where`, the filter and
// what is allowed, with what went wrong and where (an unknown column with the nearest one).
WhereSql compile_where(const std::string& filter, const std::set<std::string>& columns);

}  // namespace mosaic::sweep
