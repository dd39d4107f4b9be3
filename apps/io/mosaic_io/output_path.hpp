#pragma once

#include <string>
#include <vector>

namespace mosaic::io {

// An output a run will write, by the option it came from.
struct OutputPath {
  std::string path;
  std::string field;
};

// Refuses, before any work starts, an output path the atomic writer cannot replace whole: an
// empty path, a directory, a device, FIFO or socket (renaming over /dev/null as root would
// replace the device node with a file), a path in no existing or writable directory, and any of
// the run's `inputs` (so `mosaic report S.db -o S.db` cannot replace the store with its own
// page). ConfigError naming `field` (exit code 2): nothing has been attempted yet.
void check_output_path(const std::string& path, const std::string& field,
                       const std::vector<std::string>& inputs = {});

// Several outputs of one run: each as above, and no two of them the same file.
void check_output_paths(const std::vector<OutputPath>& outputs,
                        const std::vector<std::string>& inputs = {});

// Whether two paths name the same file: the same inode when both exist, otherwise the same
// absolute path once `.`, `..` and symbolic links are resolved.
bool same_file(const std::string& a, const std::string& b);

}  // namespace mosaic::io
