"""Runs one hostile case against the Python module, for tests/hostile/test_hostile_python.cpp.

    python_case.py BUILD_PYTHON_DIR CASE_DIR CODE

CODE runs with `mosaic` imported and `D` the case's directory. What the module raises is printed
as the one line "ExceptionName: message" on stderr, so that the C++ runner checks it as it checks
the command line's errors: ValueError and TypeError exit 2, OSError exit 1; anything else
propagates (a traceback of many lines, which fails the case).
"""
import sys

sys.path.insert(0, sys.argv[1])
D = sys.argv[2]
try:
    import mosaic  # noqa: E402

    exec(sys.argv[3], {"mosaic": mosaic, "D": D})
except (ValueError, TypeError) as e:
    sys.stderr.write(f"{type(e).__name__}: {e}\n")
    sys.exit(2)
except OSError as e:
    sys.stderr.write(f"OSError: {e}\n")
    sys.exit(1)
