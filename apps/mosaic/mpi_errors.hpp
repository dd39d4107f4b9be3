#pragma once

#include <exception>
#include <stdexcept>
#include <string>

#include "command.hpp"
#include "mosaic/sweep/runner.hpp"

namespace mosaic::cli {

// Under mpirun, after a step every rank may have failed in: the ranks agree on the exit code
// (0 when none failed). On failure rank 0 writes the one error line (its own error, else
// `other_rank` saying another rank failed) and every rank waits for it before leaving: mpirun
// ends the job at the first non-zero exit, which could cut rank 0 off before its line.
inline int agreed_exit_code(const sweep::MpiWorld& world, const std::exception_ptr& error,
                            const std::string& other_rank) {
  const int code = world.agree(error ? exit_code_of(error) : 0);
  if (code == 0) return 0;
  if (world.rank() == 0)
    report_error(error ? error : std::make_exception_ptr(std::runtime_error(other_rank)));
  world.agree(0);
  return code;
}

}  // namespace mosaic::cli
