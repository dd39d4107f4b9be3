#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <variant>

#include "mosaic/evaluate/evaluation.hpp"

namespace mosaic {

// One cell of a result table. BERs are doubles that never underflow to 0 (see ber_from_log10).
using CellValue = std::variant<std::int64_t, double, std::string, bool>;

// One column of a record type: the single description that the JSON report, the CSV files, the
// sweep store's SQL columns and the Python fields are generated from, so they cannot drift.
template <class Row>
struct Column {
  std::string name;  // carries its unit where it is not SI base or dimensionless (`_ua`, `_db`)
  std::string doc;
  std::function<CellValue(const Row&)> get;
};

// A channel as the tables see it: the physics and the role the link gave it.
struct ChannelRow {
  const phy::ChannelResult& channel;
  link::ChannelRole role;
};

// Every per-channel column, in report order.
std::span<const Column<ChannelRow>> channel_columns();
// The headline figures of a whole evaluation (link summary, power, reliability): the `link`
// object's scalars and the columns of a sweep point. Only columns whose value the evaluation
// computed are present in a row (`optical_margin_db` needs the margin): see `present`.
struct EvaluationColumn : Column<Evaluation> {
  std::function<bool(const Evaluation&)> present = [](const Evaluation&) { return true; };
  bool integer = false;  // a count, index or flag (an integer or bool cell), not a real number
};
std::span<const EvaluationColumn> evaluation_columns();

const char* role_name(link::ChannelRole role);
// A BER as a plain number, saturating at the smallest double (never 0) far below 1e-308.
double ber_from_log10(double log10_ber);

}  // namespace mosaic
