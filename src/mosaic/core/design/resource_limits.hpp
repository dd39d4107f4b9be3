#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic {

// Limits that keep every accepted input within bounded memory. They are checked at the edge, before
// any work starts, so that a design the machine cannot hold is refused with the key to change
// instead of being discovered by the out-of-memory killer.

// Largest design, catalog or report file read (bytes). Real files are a few kB; the limit only
// stops /dev/zero, a huge log or a mistyped path from being read until memory runs out.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{16} << 20;

// Deepest nesting of TOML tables/dotted keys looked at. Every design key has at most two parts;
// anything deeper is an unknown key, refused without recursing into it.
inline constexpr int kMaxKeyDepth = 4;

// Memory the buffers sized by the design may take, in MiB: MOSAIC_MEMORY_BUDGET_MB from the
// environment when set (a positive integer), otherwise kDefaultMemoryBudgetMb.
inline constexpr std::int64_t kDefaultMemoryBudgetMb = 1024;
inline constexpr const char* kMemoryBudgetVariable = "MOSAIC_MEMORY_BUDGET_MB";
std::int64_t memory_budget_mb();

// Reads a whole input file after checking that it is a regular file no larger than max_bytes.
// `field` names the option or role of the file in the error ("design file", "--phy", ...).
// Throws ConfigError (one line) on a missing, unreadable, special or oversized file.
std::string read_input_file(const std::string& path, const std::string& field,
                            std::size_t max_bytes = kMaxInputFileBytes);

// Bytes the bit-exact relay allocates for its per-period buffers (transmit and receive wire
// words, deskew ring, framing, host words), an upper estimate.
double relay_buffer_bytes(const LinkSpec& spec);
// Throws ConfigError naming link.marker_period_bits when `sessions` x relay_buffer_bytes()
// exceeds the budget, with the largest period that fits and how to raise the budget. The relay
// runs one session, the cable two (one per direction).
void check_relay_memory(const LinkSpec& spec, int sessions = 1);

// Bytes an evaluation of every pixel keeps (each channel's eye figures and bathtub curves, and its
// row of the report), an upper estimate: about 10 KiB per pixel was measured, 12 KiB is assumed.
inline constexpr double kEvaluationBytesPerPixel = 12.0 * 1024.0;
double evaluation_bytes(const LinkSpec& spec);
// Throws ConfigError naming array.rows when evaluation_bytes() exceeds the budget.
void check_evaluation_memory(const LinkSpec& spec);

// Bytes `mosaic fleet` keeps: a per-year tally for every block of links (reliability/fleet.cpp
// tallies blocks of 8192 links so that results do not depend on the thread count).
inline constexpr std::int64_t kFleetBlockLinks = 8192;
double fleet_tally_bytes(std::int64_t links, double years);
// Throws ConfigError naming --links when fleet_tally_bytes() exceeds the budget.
void check_fleet_memory(std::int64_t links, double years);

// Bytes a parsed JSON document takes per byte of its text (nlohmann::json: a map node, a key and
// a value per member; about 9 measured on a simulate record, 12 assumed).
inline constexpr double kJsonBytesPerTextByte = 12.0;
// Throws ConfigError naming `field` when a document of `text_bytes` would take more than the
// memory budget once parsed.
void check_document_memory(std::size_t text_bytes, const std::string& field);

}  // namespace mosaic
