#!/usr/bin/env python3
"""Write core/tests/data/unicode_14_0.json: what CPython 3.11 (Unicode 14.0) says about every
code point for each Unicode-dependent rule of the official evaluator.

Usage: python3.11 scripts/gen_unicode_tables.py [--output PATH]

The Rust tests in core/tests/unicode_tables.rs check tabeq's own tables and the
unicode-normalization crate against this file over the whole code space, so a dependency or
table that drifts to another Unicode version fails the build. The file must be generated
under CPython 3.11, the interpreter of the reference; the script refuses any other.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path

DEFAULT_OUTPUT = Path(__file__).resolve().parent.parent / "core" / "tests" / "data" / "unicode_14_0.json"
HANGUL = range(0xAC00, 0xD7A4)
# Texts with `{}` replaced by one code point, parsed as the official date/datetime rules do.
SEPARATOR_TEMPLATES = [
    "2024-01-05{}10:30",
    "20240105{}103000",
    "2024-W01-5{}10:30",
    "2024W01{}10",
    "2024-01-04{}23:00:00-01:00",
]


def require_python_311() -> None:
    if sys.version_info[:2] != (3, 11) or unicodedata.unidata_version != "14.0.0":
        sys.exit(
            f"gen_unicode_tables.py must run under CPython 3.11 (Unicode 14.0); this is "
            f"{sys.version.split()[0]} with Unicode {unicodedata.unidata_version}"
        )


def code_points() -> list[str]:
    return [chr(cp) for cp in range(0x110000)]


def ranges(cps: list[int]) -> list[list[int]]:
    """Sorted code points as inclusive [first, last] runs."""
    out: list[list[int]] = []
    for cp in cps:
        if out and out[-1][1] == cp - 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return out


def valued_ranges(pairs: list[tuple[int, int]]) -> list[list[int]]:
    """(code point, value) pairs as [first, last, value] runs of one value."""
    out: list[list[int]] = []
    for cp, value in pairs:
        if out and out[-1][1] == cp - 1 and out[-1][2] == value:
            out[-1][1] = cp
        else:
            out.append([cp, cp, value])
    return out


def whitespace(chars: list[str]) -> list[list[int]]:
    spaces = [ord(c) for c in chars if c.isspace()]
    # strip() removes exactly the isspace() characters.
    for cp in spaces:
        assert (chr(cp) + "x" + chr(cp)).strip() == "x"
    return ranges(spaces)


def decimal_digits(chars: list[str]) -> list[list[int]]:
    """Runs of consecutive digits [first, last, value of first]; `\\d`, isdecimal and Decimal agree."""
    digit = re.compile(r"\d")
    pairs = []
    for c in chars:
        is_digit = digit.fullmatch(c) is not None
        assert is_digit == c.isdecimal() == (unicodedata.decimal(c, None) is not None), hex(ord(c))
        assert is_digit == (unicodedata.category(c) == "Nd"), hex(ord(c))
        if is_digit:
            value = unicodedata.decimal(c)
            assert Decimal(c) == value
            pairs.append((ord(c), value))
    out: list[list[int]] = []
    for cp, value in pairs:
        if out and out[-1][1] == cp - 1 and value == cp - out[-1][0] + out[-1][2]:
            out[-1][1] = cp
        else:
            out.append([cp, cp, value])
    return out


def casefold_into_tokens(chars: list[str]) -> list[list[object]]:
    """Non-ASCII code points whose casefold is ASCII (or 是/否), with that fold; these are the
    only non-ASCII characters that can be part of a null or boolean token."""
    alphabet = {chr(i) for i in range(128)} | {"是", "否"}
    out: list[list[object]] = []
    for c in chars:
        folded = c.casefold()
        assert folded, hex(ord(c))  # casefold never deletes a character
        if ord(c) >= 128 and c not in alphabet and set(folded) <= alphabet:
            out.append([ord(c), folded])
    return out


def normalization(chars: list[str]) -> dict[str, object]:
    ccc = valued_ranges([(ord(c), unicodedata.combining(c)) for c in chars if unicodedata.combining(c)])
    nfd: list[list[object]] = []
    nfc: list[list[object]] = []
    compositions: list[list[int]] = []
    for c in chars:
        cp = ord(c)
        if 0xD800 <= cp <= 0xDFFF:
            continue
        decomposed = unicodedata.normalize("NFD", c)
        composed = unicodedata.normalize("NFC", c)
        if cp in HANGUL:
            continue  # algorithmic; the Rust test checks the algorithm on all of them
        if decomposed != c:
            nfd.append([cp, [ord(x) for x in decomposed]])
        if composed != c:
            nfc.append([cp, [ord(x) for x in composed]])
        mapping = unicodedata.decomposition(c)
        if mapping and not mapping.startswith("<"):
            parts = [int(x, 16) for x in mapping.split()]
            if len(parts) == 2 and composed == c:
                compositions.append([parts[0], parts[1], cp])
    for cp in HANGUL:
        index = cp - 0xAC00
        lead, vowel, trail = 0x1100 + index // 588, 0x1161 + index % 588 // 28, 0x11A7 + index % 28
        expected = [lead, vowel] + ([trail] if trail != 0x11A7 else [])
        assert [ord(x) for x in unicodedata.normalize("NFD", chr(cp))] == expected
    return {"ccc": ccc, "nfd": nfd, "nfc": nfc, "compositions": compositions}


def official_date_value(text: str) -> str | None:
    """The canonical text of the official date (`d:`) or datetime (`t:`) rule, or None."""
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone(timezone.utc).replace(tzinfo=None)
    return parsed.isoformat()


def separators(chars: list[str]) -> list[dict[str, object]]:
    """For each template: the value when it parses, and the code points (as runs) for which it does."""
    out = []
    for template in SEPARATOR_TEMPLATES:
        accepted: dict[str, list[int]] = {}
        for c in chars:
            if 0xD800 <= ord(c) <= 0xDFFF or c == "Z":
                continue  # not in any UTF-8 text; `Z` becomes `+00:00` before parsing
            value = official_date_value(template.format(c))
            if value is not None:
                accepted.setdefault(value, []).append(ord(c))
        out.append({"template": template, "accepted": {k: ranges(v) for k, v in sorted(accepted.items())}})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args()
    require_python_311()
    chars = code_points()
    tables: dict[str, object] = {
        "generated_by": "scripts/gen_unicode_tables.py",
        "python": sys.version.split()[0],
        "unicode_version": unicodedata.unidata_version,
        "python_space": whitespace(chars),
        "decimal_digits": decimal_digits(chars),
        "casefold_into_tokens": casefold_into_tokens(chars),
        **normalization(chars),
        "separators": separators(chars),
        # Characters `repr` escapes: what a path in an OS error's words looks like.
        "python_not_printable": ranges([ord(c) for c in chars if not c.isprintable()]),
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    # One table entry per line keeps diffs between Unicode versions readable.
    lines = ["{"]
    items = list(tables.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i + 1 < len(items) else ""
        if isinstance(value, list):
            body = ",\n  ".join(json.dumps(v, ensure_ascii=True) for v in value)
            lines.append(f'"{key}": [\n  {body}\n]{comma}')
        else:
            lines.append(f'"{key}": {json.dumps(value)}{comma}')
    lines.append("}")
    args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
