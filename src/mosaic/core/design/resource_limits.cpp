#include "mosaic/core/design/resource_limits.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "mosaic/core/error.hpp"

namespace mosaic {
namespace {

std::string quoted(const std::string& path) {
  return "\"" + path + "\"";
}

std::string mib(double bytes) {
  return std::to_string(static_cast<long long>(std::ceil(bytes / (1024.0 * 1024.0)))) + " MiB";
}

// Closes the descriptor on every path out of read_input_file.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::int64_t memory_budget_mb() {
  const char* text = std::getenv(kMemoryBudgetVariable);
  if (!text || !*text) return kDefaultMemoryBudgetMb;
  std::int64_t v = 0;
  const char* end = text + std::strlen(text);
  const auto [p, ec] = std::from_chars(text, end, v);
  if (ec != std::errc{} || p != end || v < 1 || v > (std::int64_t{1} << 40))
    throw ConfigError(kMemoryBudgetVariable, quoted(text), "a whole number of MiB in [1, 2^40]");
  return v;
}

std::string read_input_file(const std::string& path, const std::string& field,
                            std::size_t max_bytes) {
  if (path.empty()) throw ConfigError(field, "\"\"", "the path of a regular file");
  // stat() before open(): opening a FIFO for reading would block until a writer appears.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw ConfigError(field, quoted(path), "a readable regular file", std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw ConfigError(field, quoted(path),
                      "a regular file (not a directory, FIFO, socket or device)");
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes)
    throw ConfigError(field, quoted(path) + " of " + std::to_string(st.st_size) + " bytes",
                      "a file of at most " + std::to_string(max_bytes) + " bytes");
  // O_NONBLOCK guards against the file having been replaced by a FIFO since the stat().
  Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (file.fd < 0)
    throw ConfigError(field, quoted(path), "a readable regular file", std::strerror(errno));
  struct stat opened {};
  if (::fstat(file.fd, &opened) != 0 || !S_ISREG(opened.st_mode))
    throw ConfigError(field, quoted(path), "a regular file");
  std::string text;
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(file.fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw ConfigError(field, quoted(path), "a readable file", std::strerror(errno));
    if (n == 0) break;
    // A file that grows while it is read (or lies about its size) is still bounded.
    if (text.size() + static_cast<std::size_t>(n) > max_bytes)
      throw ConfigError(field, quoted(path),
                        "a file of at most " + std::to_string(max_bytes) + " bytes");
    text.append(buf, static_cast<std::size_t>(n));
  }
  return text;
}

double relay_buffer_bytes(const LinkSpec& spec) {
  // Per marker period the relay holds, in 64-bit words of one period each: the transmitted and
  // received wire (2 per channel), the channel model's previous period (1), the deskew ring (2),
  // the transmit and receive frames (1 each per logical slot, at most 2 slots per active channel
  // once SECDED groups are padded to a power of two), and four host buffers plus flags per data
  // channel.
  const double words = spec.link.marker_period_bits / 64.0;
  const double channels = spec.total_channels();
  const double active = spec.array.data_channels + spec.array.ecc_channels;
  const double data = spec.array.data_channels;
  return 8.0 * words * (5.0 * channels + 4.0 * active + 4.2 * data);
}

void check_relay_memory(const LinkSpec& spec, int sessions) {
  const double budget = static_cast<double>(memory_budget_mb()) * 1024.0 * 1024.0;
  const double need = relay_buffer_bytes(spec) * std::max(1, sessions);
  if (need <= budget) return;
  // The largest multiple of 64 bits whose buffers fit.
  const double per_bit = need / spec.link.marker_period_bits;
  const long long fits = static_cast<long long>(budget / per_bit) / 64 * 64;
  throw ConfigError(
      "link.marker_period_bits", std::to_string(spec.link.marker_period_bits),
      "at most " + std::to_string(fits) + " for this array: the link's buffers would take " +
          mib(need) + ", over the memory budget of " + mib(budget),
      std::string("raise the budget with the environment variable ") + kMemoryBudgetVariable);
}

double evaluation_bytes(const LinkSpec& spec) {
  return kEvaluationBytesPerPixel * spec.array.rows * spec.array.cols;
}

void check_evaluation_memory(const LinkSpec& spec) {
  const double budget = static_cast<double>(memory_budget_mb()) * 1024.0 * 1024.0;
  const double need = evaluation_bytes(spec);
  if (need <= budget) return;
  const long long pixels = static_cast<long long>(spec.array.rows) * spec.array.cols;
  throw ConfigError(
      "array.rows",
      std::to_string(spec.array.rows) + " x " + std::to_string(spec.array.cols) + " = " +
          std::to_string(pixels) + " pixels",
      "at most " + std::to_string(static_cast<long long>(budget / kEvaluationBytesPerPixel)) +
          " pixels: evaluating them would take about " + mib(need) +
          ", over the memory budget of " + mib(budget),
      std::string("raise the budget with the environment variable ") + kMemoryBudgetVariable);
}

double fleet_tally_bytes(std::int64_t links, double years) {
  const double blocks = std::ceil(static_cast<double>(links) / kFleetBlockLinks);
  // Two 8-byte counters per year, plus the vectors' own headers and allocator overhead.
  return blocks * (16.0 * std::ceil(years) + 128.0);
}

void check_fleet_memory(std::int64_t links, double years) {
  const double budget = static_cast<double>(memory_budget_mb()) * 1024.0 * 1024.0;
  const double need = fleet_tally_bytes(links, years);
  if (need <= budget) return;
  const double per_block = need / std::ceil(static_cast<double>(links) / kFleetBlockLinks);
  const auto fits = static_cast<long long>(budget / per_block) * kFleetBlockLinks;
  throw ConfigError("links", std::to_string(links),
                    "at most " + std::to_string(fits) + " over " +
                        std::to_string(static_cast<long long>(std::ceil(years))) +
                        " years: the yearly tallies would take " + mib(need) +
                        ", over the memory budget of " + mib(budget),
                    std::string("fewer years, or raise the budget with the environment "
                                "variable ") +
                        kMemoryBudgetVariable);
}

void check_document_memory(std::size_t text_bytes, const std::string& field) {
  const double budget = static_cast<double>(memory_budget_mb()) * 1024.0 * 1024.0;
  const double need = kJsonBytesPerTextByte * static_cast<double>(text_bytes);
  if (need <= budget) return;
  throw ConfigError(
      field, "a document of " + std::to_string(text_bytes) + " bytes",
      "at most " + std::to_string(static_cast<long long>(budget / kJsonBytesPerTextByte)) +
          " bytes: parsing it would take about " + mib(need) + ", over the memory budget of " +
          mib(budget),
      std::string("raise the budget with the environment variable ") + kMemoryBudgetVariable);
}

}  // namespace mosaic
