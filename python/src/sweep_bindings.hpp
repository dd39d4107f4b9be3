#pragma once

#include <pybind11/pybind11.h>

namespace mosaic::python {

// Sweeps, Pareto fronts and the design search (mosaic.sweep, mosaic.design, ...).
void bind_sweep(pybind11::module_& m);

}  // namespace mosaic::python
