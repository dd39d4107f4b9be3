#include "mosaic_io/output_path.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "mosaic/core/error.hpp"

namespace mosaic::io {
namespace {

std::string quoted(const std::string& path) {
  return "\"" + path + "\"";
}

}  // namespace

bool same_file(const std::string& a, const std::string& b) {
  if (a.empty() || b.empty()) return false;
  struct stat sa {
  }, sb{};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  std::error_code ea, eb;
  const auto ca = std::filesystem::weakly_canonical(a, ea);
  const auto cb = std::filesystem::weakly_canonical(b, eb);
  return !ea && !eb && ca == cb;
}

void check_output_path(const std::string& path, const std::string& field,
                       const std::vector<std::string>& inputs) {
  if (path.empty()) throw ConfigError(field, "\"\"", "a file path (an empty path names no file)");
  // stat() follows a symbolic link: the file written is the link's target (AtomicFile renames
  // over the target, so the link stays a link).
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      throw ConfigError(field, quoted(path), "a file path (it is a directory)");
    if (!S_ISREG(st.st_mode))
      throw ConfigError(field, quoted(path),
                        "a regular file or a new path (not a device, FIFO or socket)");
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path target = fs::weakly_canonical(fs::path(path), ec);
  const fs::path dir =
      ec || !target.has_parent_path() ? fs::path(path).parent_path() : target.parent_path();
  const std::string folder = dir.empty() ? "." : dir.string();
  if (!fs::is_directory(folder, ec))
    throw ConfigError(field, quoted(path), "a file path in an existing directory");
  // The temporary beside the target and the rename both need the folder writable.
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    throw ConfigError(field, quoted(path), "a file in a writable directory", std::strerror(errno));
  for (const auto& input : inputs)
    if (same_file(path, input))
      throw ConfigError(field, quoted(path),
                        "a file other than the input " + quoted(input) +
                            " (writing it would replace what the run reads)");
}

void check_output_paths(const std::vector<OutputPath>& outputs,
                        const std::vector<std::string>& inputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    check_output_path(outputs[i].path, outputs[i].field, inputs);
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(outputs[i].path, outputs[j].path))
        throw ConfigError(outputs[i].field, quoted(outputs[i].path),
                          "a file other than the output of '" + outputs[j].field + "'");
  }
}

}  // namespace mosaic::io
