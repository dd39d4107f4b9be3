#pragma once

#include <stdexcept>
#include <string>

namespace mosaic {

// A user error in a design or a command-line value. It always names the offending field, the
// value given and what would have been allowed, so that the CLI can print one actionable line.
class ConfigError : public std::runtime_error {
 public:
  ConfigError(std::string field, std::string value, std::string allowed, std::string hint = {})
      : std::runtime_error(compose(field, value, allowed, hint)),
        field_(std::move(field)),
        value_(std::move(value)),
        allowed_(std::move(allowed)),
        hint_(std::move(hint)) {}

  const std::string& field() const { return field_; }
  const std::string& value() const { return value_; }
  const std::string& allowed() const { return allowed_; }
  const std::string& hint() const { return hint_; }

 private:
  // A pasted file or a 100 kB key is shown by its start only: the message stays readable.
  static std::string shorten(const std::string& text) {
    constexpr std::size_t kShown = 160;
    if (text.size() <= kShown + 32) return text;
    return text.substr(0, kShown) + "... (" + std::to_string(text.size()) + " characters)";
  }

  static std::string compose(const std::string& field, const std::string& value,
                             const std::string& allowed, const std::string& hint) {
    std::string msg = "invalid value for '" + shorten(field) + "': " + shorten(value) +
                      " (allowed: " + allowed + ")";
    if (!hint.empty()) msg += "; " + hint;
    return msg;
  }

  std::string field_;
  std::string value_;
  std::string allowed_;
  std::string hint_;
};

// An output that could not be written (a full disk, a read-only file system, an I/O error):
// the command line's exit code 1, Python's OSError. What was committed before is kept.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace mosaic
