#!/usr/bin/env python3
"""Where the release wasm's bytes go, crate by crate and module by module.

Reads `twiggy top --format csv` of a release build that keeps its function names (before wasm-opt,
which strips them) and attributes each function to the crate and module of its own type: the
`RateChart` in `<bloom_tutorial::components::rate_chart::RateChart as yew::…>::run` counts for
`bloom_tutorial::components::rate_chart`, although Yew's trait provides it. Sizes are before wasm-opt,
so they are larger than the shipped file; the shares are what matter.

Usage: size_table.py FILE.wasm [rows]
"""
import csv
import io
import re
import subprocess
import sys
from collections import defaultdict


def owner(name: str) -> tuple[str, str]:
    """(crate, module) a function's bytes are charged to."""
    if name.startswith("data segment") or name.startswith("custom section") or "subsection" in name:
        return ("(data and sections)", name.split(" ")[-1].strip("\"'"))
    text = name.lstrip("<")
    # Generic arguments name the component a Yew routine was stamped out for.
    generic = re.search(r"(bloom_tutorial(?:::\w+){1,2})", text)
    path = re.match(r"([a-z_][a-z0-9_]*)(?:\[[0-9a-f]+\])?((?:::[a-z_][a-z0-9_]*)*)", text)
    if not path:
        return ("(other)", "(other)")
    crate = path.group(1)
    if crate == "bloom_tutorial":
        parts = (crate + path.group(2)).split("::")
        return (crate, "::".join(parts[:3]))
    if generic and crate in ("yew", "core", "alloc", "std"):
        # A framework routine instantiated for one of our types: charge it to that module too.
        return ("bloom_tutorial (generic code)", generic.group(1))
    return (crate, crate)


def main() -> None:
    wasm = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    out = subprocess.run(
        ["twiggy", "top", "-n", "1000000", "--format", "csv", wasm],
        check=True, capture_output=True, text=True,
    ).stdout
    crates: dict[str, int] = defaultdict(int)
    modules: dict[str, int] = defaultdict(int)
    total = 0
    for row in csv.DictReader(io.StringIO(out)):
        name, size = row["Name"], int(row["ShallowSize"])
        if name.startswith("custom section") or "subsection" in name:
            continue  # names and wasm-bindgen metadata: never shipped
        crate, module = owner(name)
        crates[crate] += size
        modules[module] += size
        total += size
    print(f"Before wasm-opt: {total:,} bytes.\n")
    print("| crate | bytes | share |\n|---|---:|---:|")
    ranked = sorted(crates.items(), key=lambda kv: -kv[1])
    for crate, size in ranked[:rows]:
        print(f"| {crate} | {size:,} | {100 * size / total:.1f} % |")
    rest = sum(size for _, size in ranked[rows:])
    if rest:
        print(f"| {len(ranked) - rows} others | {rest:,} | {100 * rest / total:.1f} % |")
    print("\n| module | bytes | share |\n|---|---:|---:|")
    for module, size in sorted(modules.items(), key=lambda kv: -kv[1])[:rows]:
        print(f"| {module} | {size:,} | {100 * size / total:.1f} % |")
    print("\nOur largest modules:\n")
    print("| module | bytes |\n|---|---:|")
    ours = [(m, size) for m, size in modules.items() if m.startswith("bloom_tutorial")]
    for module, size in sorted(ours, key=lambda kv: -kv[1])[:rows]:
        print(f"| {module} | {size:,} |")


if __name__ == "__main__":
    main()
