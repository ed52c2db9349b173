"""Cells drawn from all of Unicode for differential testing (scripts/differential.py) and for the
generated conformance vectors (scripts/gen_unicode_conformance.py).

Characters come from every general category of the running interpreter's Unicode database
(unassigned code points, private use and noncharacters included), from the astral planes, and
from pools that matter to the evaluator's rules: whitespace, the decimal digits of every script,
characters whose casefold is ASCII, combining marks, format characters, and characters assigned
after Unicode 14.0 (unassigned under CPython 3.11, decimals or combining marks in later versions).
They are inserted into and substituted in realistic seed cells of every column type.
"""

from __future__ import annotations

import random
import sys
import unicodedata
from typing import Any, Callable

REFERENCE = ((3, 11), "14.0.0")


def reference_interpreter() -> str | None:
    """None on the reference interpreter (CPython 3.11, Unicode 14.0), else what this one is."""
    here = (sys.version_info[:2], unicodedata.unidata_version)
    if sys.implementation.name == "cpython" and here == REFERENCE:
        return None
    return f"{sys.implementation.name} {sys.version.split()[0]} (Unicode {unicodedata.unidata_version})"


# Blocks and characters assigned after Unicode 14.0 (15.0, 15.1, 16.0 and later), including the
# digits CPython 3.12 reads as decimals (Kawi, Nag Mundari) and the marks Unicode 16 composes.
NEWER_THAN_14 = [
    (0x0897, 0x0897),
    (0x05C8, 0x05CF),
    (0x0CF3, 0x0CF3),
    (0x0ECE, 0x0ECE),
    (0x1ACF, 0x1AFF),
    (0x2FFC, 0x2FFF),
    (0x31EF, 0x31EF),
    (0x105C0, 0x105FF),
    (0x10D40, 0x10D8F),
    (0x10EC0, 0x10EFF),
    (0x11380, 0x113FF),
    (0x116D0, 0x116FF),
    (0x11B00, 0x11B5F),
    (0x11BC0, 0x11BFF),
    (0x11F00, 0x11F5F),
    (0x13460, 0x143FF),
    (0x16100, 0x1613F),
    (0x16D40, 0x16D7F),
    (0x1CC00, 0x1CEBF),
    (0x1D2C0, 0x1D2DF),
    (0x1E030, 0x1E08F),
    (0x1E4D0, 0x1E4FF),
    (0x1E5D0, 0x1E5FF),
    (0x1F6DC, 0x1F6DF),
    (0x2EBF0, 0x2EE5D),
    (0x31350, 0x323AF),
]
# Pairs that later Unicode versions compose (and 14.0 leaves alone), and 14.0 compositions.
COMPOSING_PAIRS = [
    "\U00016d67\U00016d67",
    "\U00016d63\U00016d67",
    "\U000105d2\u0307",
    "\U000105da\u0307",
    "\U00011382\U000113c9",
    "\U00011384\U000113bb",
    "\U0001611e\U0001611e",
    "e\u0301",
    "A\u030a",
    "\u1100\u1161",
    "\uac00\u11a8",
    "a\u0328\u0301",
    "a\u0301\u0328",
    "\u0915\u093c",
]
CASEFOLD_SPECIALS = "ßẞſKÅﬀﬁﬂﬃﬄﬅﬆİıΣςͅᏸꭰＹＮ"


def _scan() -> dict[str, list[int]]:
    categories: dict[str, list[int]] = {}
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue  # a surrogate cannot be written to a UTF-8 file or passed as Rust text
        categories.setdefault(unicodedata.category(chr(cp)), []).append(cp)
    return categories


class CharPool:
    """Random characters: a uniformly chosen general category half the time, else a rule pool."""

    def __init__(self) -> None:
        self.categories = _scan()
        self.category_names = sorted(self.categories)
        every = [chr(cp) for cps in self.categories.values() for cp in cps]
        self.pools: dict[str, list[str]] = {
            "whitespace": [c for c in every if c.isspace()] + ["\u200b", "\u2060", "\ufeff", "\u180e"],
            "digit": [c for c in every if c.isdecimal()],
            "casefold": list(CASEFOLD_SPECIALS),
            "combining": [chr(cp) for k in ("Mn", "Mc", "Me") for cp in self.categories[k]],
            "format": [chr(cp) for cp in self.categories["Cf"]],
            "newer": [chr(cp) for lo, hi in NEWER_THAN_14 for cp in range(lo, hi + 1)],
            "astral": [c for c in every if ord(c) > 0xFFFF],
            "structural": list("0123456789-:.,+%eETWZ "),
        }
        self.drawn: dict[str, int] = {name: 0 for name in self.category_names}

    def char(self, rng: random.Random) -> str:
        if rng.random() < 0.5:
            cps = self.categories[rng.choice(self.category_names)]
            c = chr(rng.choice(cps))
        else:
            c = rng.choice(self.pools[rng.choice(list(self.pools))])
        self.drawn[unicodedata.category(c)] += 1
        return c

    def digit_script(self, rng: random.Random) -> Callable[[str], str]:
        """A map of ASCII digits to the digits of one random script (or of a later Unicode)."""
        zeros = [c for c in self.pools["digit"] if unicodedata.decimal(c) == 0]
        zeros += ["\U00011f50", "\U0001e4f0", "\U00016d70", "\U0001e5f1"]  # newer than 14.0
        zero = ord(rng.choice(zeros))
        return lambda text: "".join(chr(zero + ord(c) - 48) if "0" <= c <= "9" else c for c in text)


NUMBER_SEEDS = [
    "1", "0", "-2.5", "12.345", "1,234.56", "12.5%", "3 %", "1e5", "1E-3", "0.125", "-0", "+7",
    "123456789012345678901234567890.5", "١٢٣", "٣.٥%", "१२", "５", "1e-1000099", "1.5e-1000027%",
    "2.5e-1000024%", "5e-1000099", ".5", "5.", "1,000,000", "0.000001", "99.995",
]  # fmt: skip
DATE_SEEDS = [
    "2024-01-05", "2024-01-05T00:00:00", "2024-01-05T00:00:00Z", "20240105", "2024-W01-5",
    "2024W015", "2024-01-04T23:00:00-01:00", "2024-01-05 00:00", "2020-01-01T00:00:00+00:00:00.5",
    "2024-02-29", "2024-01-05\u300000:00",
]  # fmt: skip
DATETIME_SEEDS = [
    "2024-01-05 10:30", "2024-01-05T10:30:00", "2024-01-05T10:30:00Z", "2024-01-05T10:30:00.123456+05:30",
    "20240105T103000", "2024-W01-5T10:30", "2020-01-01T12:00:00+00:00:00.5", "2020-01-01T12:00:00-00:00:00.5",
    "2024-01-05T10", "2024-01-05T10:30:00,5", "2024-01-05\u300010:30", "2024-01-05T10:30+0100",
    "2020-01-01T12:00:00+00:00:01.5", "2024W01T10",
]  # fmt: skip
BOOLEAN_SEEDS = [
    "yes",
    "no",
    "是",
    "否",
    "True",
    "false",
    "1",
    "0",
    "Y",
    "n",
    "yeſ",
    "NULL",
    "nan",
    "<NA>",
    "",
]
TEXT_SEEDS = [
    "Café", "北京", "e\u0301", "Å", "한국", "null", "  spaced  ", "a\r\nb", "ﬁ", "Ａ", "Straße", "İstanbul",
    "\U00016d67\U00016d67", "\U000105d2\u0307", "x", "",
]  # fmt: skip
SEEDS = {
    "number": NUMBER_SEEDS,
    "date": DATE_SEEDS,
    "datetime": DATETIME_SEEDS,
    "boolean": BOOLEAN_SEEDS,
    "text": TEXT_SEEDS,
}
TYPES = list(SEEDS)


def number_column(rng: random.Random) -> dict[str, Any]:
    mode = rng.choice(["integer", "decimal_places", "significant_digits"])
    column: dict[str, Any] = {
        "gold_index": 0,
        "gold_name": "x",
        "type": "number",
        "comparison": {"mode": mode},
    }
    if mode != "integer":
        column["comparison"]["digits"] = rng.randrange(31)
    column["unit"] = rng.choice(["plain", "percentage_points", "fraction"])
    column["allow_percent_sign"] = rng.random() < 0.7
    return column


def column_for(kind: str, rng: random.Random) -> dict[str, Any]:
    if kind == "number":
        return number_column(rng)
    return {"gold_index": 0, "gold_name": "x", "type": kind}


def mutate(text: str, pool: CharPool, rng: random.Random) -> str:
    """One random edit: insert, substitute, affix, transliterate digits, decompose, recase."""
    op = rng.randrange(9)
    pos = rng.randrange(len(text) + 1)
    if op <= 1:
        return text[:pos] + pool.char(rng) + text[pos:]
    if op == 2 and text:
        pos = min(pos, len(text) - 1)
        return text[:pos] + pool.char(rng) + text[pos + 1 :]
    if op == 3:
        # Substitute a structural character (date/time separator, sign, point, exponent).
        spots = [i for i, c in enumerate(text) if not c.isdigit()]
        if spots:
            i = rng.choice(spots)
            return text[:i] + pool.char(rng) + text[i + 1 :]
    if op == 4:
        space = rng.choice(pool.pools["whitespace"])
        return space + text if rng.random() < 0.5 else text + space
    if op == 5:
        return pool.digit_script(rng)(text)
    if op == 6:
        form = rng.choice(["NFD", "NFC", "NFKC", "NFKD"])
        return unicodedata.normalize(form, text)
    if op == 7:
        return rng.choice([str.upper, str.lower, str.swapcase, str.casefold])(text)
    return text[:pos] + rng.choice(COMPOSING_PAIRS) + text[pos:]


def cell(kind: str, pool: CharPool, rng: random.Random) -> str:
    """A seed of `kind` (sometimes of another type) with zero to three edits."""
    seeds = SEEDS[kind] if rng.random() < 0.85 else SEEDS[rng.choice(TYPES)]
    text = rng.choice(seeds)
    if rng.random() < 0.9:
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            text = mutate(text, pool, rng)
    return text


def equivalent_variant(text: str, kind: str, pool: CharPool, rng: random.Random) -> str:
    """A rewrite of a cell that usually keeps its value: Unicode padding, other digits,
    another separator, NFD, case."""
    op = rng.randrange(5)
    if op == 0:
        return rng.choice(pool.pools["whitespace"]) + text + rng.choice(pool.pools["whitespace"])
    if op == 1 and kind == "number":
        return pool.digit_script(rng)(text)
    if op == 2 and kind in ("date", "datetime") and len(text) > 10 and not text[10].isdigit():
        return text[:10] + pool.char(rng) + text[11:]
    if op == 3:
        return unicodedata.normalize("NFD", text)
    if op == 4 and kind == "boolean":
        return text.upper()
    return text
