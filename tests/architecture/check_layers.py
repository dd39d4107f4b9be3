#!/usr/bin/env python3
"""The maps tell the truth: the library's layers, their includes and their build targets agree.

Checks, over src/mosaic/<layer>/:
  1. a layer includes only itself and the layers before it in ORDER (DESIGN.md's order);
  2. each layer's CMake target links exactly the layers its sources include;
  3. nothing opens a file, a socket or reads the environment, except the ALLOWED files (each
     with the reason it may);
  4. no page (pages/) includes the physics, the reliability models or the evaluation pipeline:
     a page formats what it is handed;
  5. no string under src/ names a command-line flag (the library names its options' canonical
     fields);
  6. no source file is longer than MAX_LINES, tables aside.
Exit status 1 and one line per violation when anything is off.

    check_layers.py SOURCE_DIR
"""
import pathlib
import re
import sys

ORDER = ["core", "phy", "link", "power", "reliability", "evaluate", "cluster", "record",
         "sweep", "cable", "pages"]

# Files below apps/ that may touch the operating system's files, sockets or environment.
ALLOWED = {
    "core/design/resource_limits.cpp":
        "the one bounded reader of user files (designs name no other file, sweep files name "
        "designs) and the memory budget from MOSAIC_MEMORY_BUDGET_MB: one limit for every front end",
    "sweep/store.cpp": "the sweep store is an SQLite database (DESIGN.md's named exception)",
    "sweep/store_reader.cpp": "the sweep store is an SQLite database (DESIGN.md's named exception)",
    "sweep/store_lock.cpp": "the store's one-writer lock on the store file itself (DESIGN.md's "
        "named exception)",
    "sweep/runner.cpp": "recognises a launch by mpirun from the variables it sets",
    "cable/tap_device.cpp": "the cable's TAP devices (DESIGN.md's named exception)",
    "cable/cable.cpp": "the cable's control socket (DESIGN.md's named exception)",
    "cable/control_server.cpp": "the cable's control socket (DESIGN.md's named exception)",
    "cable/control.cpp": "the cable's control socket (DESIGN.md's named exception)",
}

# Tables: long by nature, one line per entry.
TABLES = re.compile(r"(_fields|columns|presets|enum_names)\.(cpp|hpp)$")
MAX_LINES = 450

SYSTEM_IO = re.compile(
    r"#include <(fstream|fcntl\.h|dirent\.h|sys/socket\.h)>|std::[io]?fstream|\bfopen\(|"
    r"\bgetenv\(|::open\(|\bopendir\(|\bsocket\(|sqlite3_open|"
    r"filesystem::(exists|is_regular_file|is_directory|create_directo|remove|rename|file_size|"
    r"directory_iterator|status)")
INCLUDE = re.compile(r'^\s*#\s*include\s+"mosaic/([a-z_]+)/([^"]+)"', re.M)
FLAG = re.compile(r'"--[a-z][a-z0-9-]*')
PAGE_FORBIDDEN = re.compile(r'^(phy|reliability)/|^evaluate/evaluate\.hpp$')
CMAKE_LAYER = re.compile(r'mosaic_layer\(\s*(\w+)\s+"([^"]*)"')


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def main(root):
    src = root / "src" / "mosaic"
    errors = []
    layers = sorted(p.name for p in src.iterdir() if p.is_dir())
    for name in layers:
        if name not in ORDER:
            errors.append(f"src/mosaic/{name}/: a layer missing from the order {ORDER}")
    for layer in [l for l in ORDER if (src / l).is_dir()]:
        used = set()
        for path in sorted((src / layer).rglob("*.[ch]pp")):
            rel = path.relative_to(src).as_posix()
            raw = path.read_text()
            code = strip_comments(raw)
            for other, header in INCLUDE.findall(code):
                if other not in ORDER:
                    errors.append(f"{rel}: includes mosaic/{other}/, which is no layer")
                    continue
                if ORDER.index(other) > ORDER.index(layer):
                    errors.append(f"{rel}: includes mosaic/{other}/{header}, a layer above "
                                  f"{layer}/ (the order is {' < '.join(ORDER)})")
                if other != layer:
                    used.add(other)
                if layer == "pages" and PAGE_FORBIDDEN.search(f"{other}/{header}"):
                    errors.append(f"{rel}: a page includes mosaic/{other}/{header}; pages format "
                                  "what they are handed and compute nothing")
            if rel not in ALLOWED and SYSTEM_IO.search(code):
                what = SYSTEM_IO.search(code).group(0)
                errors.append(f"{rel}: touches files, sockets or the environment ({what}); only "
                              "apps/ does, or add it to ALLOWED with the reason")
            for m in FLAG.finditer(code):
                errors.append(f"{rel}: names the command-line flag {m.group(0)}\"; library "
                              "messages name the option's canonical field")
            lines = raw.count("\n")
            if lines > MAX_LINES and not TABLES.search(rel):
                errors.append(f"{rel}: {lines} lines (at most {MAX_LINES} outside tables)")
        cmake = (src / layer / "CMakeLists.txt").read_text()
        m = CMAKE_LAYER.search(cmake)
        if not m or m.group(1) != layer:
            errors.append(f"src/mosaic/{layer}/CMakeLists.txt: no mosaic_layer({layer} ...)")
            continue
        linked = {d[len("mosaic_"):] for d in m.group(2).split(";") if d.startswith("mosaic_")}
        if linked != used:
            errors.append(f"src/mosaic/{layer}/CMakeLists.txt links {sorted(linked)}, its sources "
                          f"include {sorted(used)}")
    for e in errors:
        print(e)
    print(f"{len(errors)} violations" if errors else "layers, includes and targets agree")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1]).resolve()))
