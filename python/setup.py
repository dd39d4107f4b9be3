"""Builds the native half of the mosaic package (_mosaic) with the project's CMake and ships the
baseline catalog with the package. Configuration lives in pyproject.toml; extra CMake options
can be passed in the CMAKE_ARGS environment variable (e.g. a compiler launcher)."""

import os
import pathlib
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        # MOSAIC_CMAKE_BUILD_DIR: reuse a configured build tree (e.g. ./build) instead of a fresh one.
        build_dir = pathlib.Path(os.environ.get("MOSAIC_CMAKE_BUILD_DIR")
                                 or pathlib.Path(self.build_temp) / "cmake").resolve()
        build_dir.mkdir(parents=True, exist_ok=True)
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build_dir),
            "-DCMAKE_BUILD_TYPE=Release", "-DMOSAIC_PYTHON=ON", "-DMOSAIC_TESTS=OFF",
            "-DMOSAIC_BENCH=OFF", f"-DPython_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        configure += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        if not os.environ.get("MOSAIC_CMAKE_BUILD_DIR"):
            subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "_mosaic", "-j", jobs],
                       check=True)
        built = next((build_dir / "python" / "mosaic").glob("_mosaic*.so"))
        dest = pathlib.Path(self.get_ext_fullpath(ext.name))
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, dest)


class BuildPy(build_py):
    """Puts the baseline catalog (data/baselines.toml) inside the package: mosaic.compare() and
    the HTML report read it wherever the package is installed."""

    def run(self):
        super().run()
        data = pathlib.Path(self.build_lib) / "mosaic" / "data"
        data.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / "data" / "baselines.toml", data / "baselines.toml")


setup(
    ext_modules=[Extension("mosaic._mosaic", sources=[])],
    cmdclass={"build_ext": CMakeBuild, "build_py": BuildPy},
)
