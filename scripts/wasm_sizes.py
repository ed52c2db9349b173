"""What each part of a WebAssembly module costs: code bytes by crate and module, data and custom
sections, in the manner of `cargo bloat` (twiggy's "top" summed by path).

Reads the function names of the module's name section, so give it the module as cargo builds it
(before wasm-bindgen's --remove-name-section), e.g. target/wasm/wasm32-unknown-unknown/release/
tabeq_wasm.wasm after a build of one feature (scripts/build-wasm.sh builds them in turn).

    python3 scripts/wasm_sizes.py MODULE.wasm [--depth N] [--top N]
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path

SECTION_IMPORT, SECTION_CODE, SECTION_DATA, SECTION_CUSTOM = 2, 10, 11, 0
NAME_FUNCTIONS = 1


def leb128(data: bytes, at: int) -> tuple[int, int]:
    """An unsigned LEB128 number at `at`, and the offset after it."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def name_at(data: bytes, at: int) -> tuple[str, int]:
    length, at = leb128(data, at)
    return data[at : at + length].decode("utf-8", "replace"), at + length


def sections(data: bytes) -> list[tuple[int, bytes]]:
    if data[:4] != b"\0asm":
        sys.exit("not a WebAssembly module")
    out, at = [], 8
    while at < len(data):
        kind = data[at]
        size, at = leb128(data, at + 1)
        out.append((kind, data[at : at + size]))
        at += size
    return out


def imported_functions(section: bytes) -> int:
    """How many imports are functions (they come first in the function index space)."""
    count, at = leb128(section, 0)
    functions = 0
    for _ in range(count):
        _, at = name_at(section, at)
        _, at = name_at(section, at)
        kind = section[at]
        at += 1
        if kind == 0:  # function: type index
            _, at = leb128(section, at)
            functions += 1
        elif kind in (1, 2):  # table (reftype + limits) or memory (limits)
            at += kind == 1
            flags = section[at]
            _, at = leb128(section, at + 1)
            if flags & 1:
                _, at = leb128(section, at)
        elif kind == 3:  # global: valtype, mutability
            at += 2
        else:  # tag: attribute, type index
            _, at = leb128(section, at + 1)
    return functions


def function_names(section: bytes) -> dict[int, str]:
    names: dict[int, str] = {}
    _, at = name_at(section, 0)
    while at < len(section):
        kind = section[at]
        size, at = leb128(section, at + 1)
        end = at + size
        if kind == NAME_FUNCTIONS:
            count, at = leb128(section, at)
            for _ in range(count):
                index, at = leb128(section, at)
                names[index], at = name_at(section, at)
        at = end
    return names


def path_of(symbol: str) -> list[str]:
    """The path of a Rust symbol (legacy or v0 mangling), roughly: identifiers in order, the
    implementing type's path first for `<T as Trait>::f`."""
    legacy = re.fullmatch(r"_ZN(.*)E", symbol)
    if legacy:
        parts, rest = [], legacy.group(1)
        while match := re.match(r"(\d+)", rest):
            length, start = int(match.group(1)), match.end()
            parts.append(rest[start : start + length])
            rest = rest[start + length :]
        parts = [p for p in parts if not re.fullmatch(r"h[0-9a-f]{16}", p)]
        if parts and parts[0].startswith("_$LT$"):
            inner = parts[0].replace("$LT$", "<").replace("..", "::").replace("$u20$", " ")
            inner = re.sub(r"\$[A-Za-z0-9]+\$", " ", inner).lstrip("_<&* ")
            inner = re.sub(r"^(mut|dyn|const) ", "", inner)
            parts = re.split(r"[ <>,()\[\];]", inner)[0].split("::") + parts[1:]
        return parts
    root = re.search(r"Cs[0-9A-Za-z]*_(?=\d)", symbol) if symbol.startswith("_R") else None
    if root:  # v0: the crate root's identifier and those that follow it directly
        parts, at = [], root.end()
        while match := re.match(r"(\d+)_?", symbol[at:]):
            length, start = int(match.group(1)), at + match.end()
            parts.append(symbol[start : start + length])
            at = start + length
        return parts
    return symbol.split("::")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("module", type=Path)
    parser.add_argument("--depth", type=int, default=2, help="path components to group by (2: crate::module)")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    data = args.module.read_bytes()
    imports, bodies, names, custom, data_bytes = 0, [], {}, {}, 0
    for kind, section in sections(data):
        if kind == SECTION_IMPORT:
            imports = imported_functions(section)
        elif kind == SECTION_CODE:
            count, at = leb128(section, 0)
            for _ in range(count):
                size, at = leb128(section, at)
                bodies.append(size)
                at += size
        elif kind == SECTION_DATA:
            data_bytes = len(section)
        elif kind == SECTION_CUSTOM:
            custom_name, _ = name_at(section, 0)
            custom[custom_name] = len(section)
            if custom_name == "name":
                names = function_names(section)
    if not names:
        sys.exit("no name section: give the module as cargo built it, before wasm-bindgen")
    groups: collections.Counter[str] = collections.Counter()
    for index, size in enumerate(bodies):
        path = path_of(names.get(imports + index, "?"))
        if path[-1:] == ["describe"] or path[0].startswith("__wbindgen_describe"):
            groups["(wasm-bindgen descriptors, which it removes)"] += size
        else:
            groups["::".join(path[: args.depth]) or "?"] += size
    total = sum(bodies)
    print(f"{args.module}: {len(data)} bytes: code {total}, data {data_bytes}")
    for custom_name, size in custom.items():
        print(f"  custom section {custom_name}: {size} (wasm-bindgen removes these)")
    print(f"{'code bytes':>10}  {'share':>6}  path")
    for path, size in groups.most_common(args.top):
        print(f"{size:>10}  {100 * size / total:5.1f}%  {path}")


if __name__ == "__main__":
    main()
