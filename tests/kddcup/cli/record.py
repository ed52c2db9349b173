"""Record the official ``dabench score-run`` report of the fixture run (tests/kddcup/cli/run_fixture.py)
for the CI test of ``tabeq kddcup score-run``. Usage:

    python tests/kddcup/cli/record.py /path/to/kddcup-official   # the folder holding data_agent_baseline/

Runs the official ``evaluate_predictions`` with relative roots (``run``, ``gold``, ``input``) from a
temporary folder, for each penalty weight and comma mode recorded, and writes ``expected.json``:
the report text the official ``write_evaluation_report`` writes, ``evaluated_at`` blanked.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = [(0.1, False), (0.0, False), (0.5, True), (-0.0, False)]


def main(official: str) -> None:
    sys.path.insert(0, official)
    sys.path.insert(0, str(HERE))
    from data_agent_baseline.evaluation.scorer import evaluate_predictions, write_evaluation_report
    from run_fixture import build

    recorded = []
    with tempfile.TemporaryDirectory() as tmp:
        build(Path(tmp))
        os.chdir(tmp)
        for weight, strict in CASES:
            report = evaluate_predictions(
                Path("run"),
                Path("gold"),
                input_root=Path("input"),
                penalty_weight=weight,
                strict_commas=strict,
            )
            report.meta["evaluated_at"] = ""
            write_evaluation_report(report, Path("out.json"))
            text = Path("out.json").read_text(encoding="utf-8")
            recorded.append({"penalty_weight": weight, "strict_commas": strict, "report": text})
    (HERE / "expected.json").write_text(
        json.dumps(recorded, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main(sys.argv[1])
