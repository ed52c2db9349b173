"""Spider 2.0 exec-result scoring: the official ``compare_pandas_table`` /
``compare_multi_pandas_table`` verdict, exactly (pandas 2.2.3 ``read_csv`` inference included),
with explanations and soundness warnings the official lacks.

>>> from tabeq import spider2
>>> r = spider2.compare(b"total,who\\n20.004,bob\\n10,alice\\n", b"name,total\\nalice,10\\nbob,20\\n",
...                     ignore_order=True)
>>> r.score, r.passed
(1, True)

``variant="snow"`` is Spider 2.0-Snow's comparison: it tests ``condition_cols != []`` where lite
tests truthiness, so ``0`` selects column 0 instead of every column:

>>> gold, pred = b"a,b\\n1,2\\n", b"a\\n1\\n"
>>> spider2.compare(pred, gold, 0).score, spider2.compare(pred, gold, 0, variant="snow").score
(0, 1)

``condition_cols`` not given is each variant's own default (lite ``None``, Snow ``[]``); ``None``
given is ``None`` (Snow then raises, so the score is 0).

``gold_or_golds`` is one gold (the single-gold function) or a list of golds (the multi-gold
function: any gold may pass). Tables are CSV bytes or paths. ``Gold`` prepares golds once for
many predictions (``Gold(...).score(pred)`` is the fast path for RL loops). The rules are in
``docs/spec/spider2.md``.
"""

from __future__ import annotations

from ._tabeq import Spider2Gold as Gold
from ._tabeq import Spider2Result as Result
from ._tabeq import spider2_compare as compare

__all__ = ["Gold", "Result", "compare"]
