"""Write the label files of the worked example in docs/trust-metrics.md (deterministic, stdlib only).

paper-reliability.jsonl: judged refusal labels whose per-model MRS on AIDABench-QA and DABench are
the TrustDABench paper's Table 2 values (GPT-5.5 with the paper's own label counts; the other
models' full/partial split is a reconstruction: the paper gives their MRS only). GLM-5.2's 8.48 on
AIDABench-QA cannot come from 562 instances, so it has 560 there: the paper's data had unequal
instance counts, which tabeq reports as a completeness finding.

paper-robustness.jsonl: correctness labels reconstructed so that the statistics the paper states
from its Table 3 come out: Spearman rho of operator level vs ASR 0.59 (p = 0.044) and ASR at L3 /
ASR at L0 = 2.82 (all records pooled). Eight models on two datasets; per model and dataset, six
correct and two incorrect questions are perturbed by every operator and two correct questions are
not perturbed.

Run from the repository root: python3 examples/trust/make_paper_example.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent

DATASETS = ("AIDABench-QA", "DABench")
INSTANCES = {"AIDABench-QA": 562, "DABench": 643}
RELIABILITY_OPERATORS = ("FDM", "DM", "FLM", "DAM", "SCM", "EC", "HC")
ROBUSTNESS_OPERATORS = ("ROS", "COS", "HSS", "SDC", "EVR", "USC", "WLR", "RD", "HHR", "CSR", "DFI", "NRI")

# (full, partial) per model and dataset; MRS = (2 full + partial) / (2 n).
LABEL_COUNTS = {
    "Qwen3.7-Max": ((45, 75), (60, 75)),
    "DeepSeek-V4-Pro": ((40, 63), (45, 59)),
    "GLM-5.2": ((25, 45), (38, 49)),
    "Gemini-3.1-Pro": ((24, 45), (20, 33)),
    "Claude-Sonnet-5": ((50, 75), (45, 59)),
    "GPT-5.5": ((73, 115), (129, 66)),
    "Qwen3.6 27B": ((20, 39), (20, 25)),
    "Qwen3-30B-A3B": ((38, 55), (12, 19)),
}
# Instances judged per model where it differs from the dataset's size.
SHORT = {("GLM-5.2", "AIDABench-QA"): 560}

# Flips per robustness operator out of 96 attacks (16 model × dataset cells × 6 correct questions).
FLIPS = dict(zip(ROBUSTNESS_OPERATORS, (3, 14, 13, 26, 25, 23, 21, 24, 15, 19, 37, 42)))


def reliability_lines() -> list[str]:
    lines = []
    for model, counts in LABEL_COUNTS.items():
        for dataset, (full, partial) in zip(DATASETS, counts):
            n = SHORT.get((model, dataset), INSTANCES[dataset])
            labels = ["full"] * full + ["partial"] * partial + ["none"] * (n - full - partial)
            random.Random(f"{model}/{dataset}").shuffle(labels)
            for i, label in enumerate(labels):
                record = {
                    "model": model,
                    "dataset": dataset,
                    "operator": RELIABILITY_OPERATORS[i % 7],
                    "instance_id": f"{dataset}-{i}",
                    "label": label,
                }
                lines.append(json.dumps(record))
    return lines


def robustness_lines() -> list[str]:
    cells = [(m, d) for m in LABEL_COUNTS for d in DATASETS]
    attacked = [(m, d, q) for m, d in cells for q in range(6)]
    flipped = set()
    for op, flips in FLIPS.items():
        chosen = random.Random(op).sample(attacked, flips)
        flipped.update((m, d, q, op) for m, d, q in chosen)
    lines = []
    for model, dataset in cells:
        for q in range(10):
            correct = q < 6 or q >= 8
            qid = f"{dataset}-q{q}"
            lines.append(
                json.dumps({"model": model, "dataset": dataset, "question_id": qid, "correct": correct})
            )
            if q >= 8:
                continue
            for op in ROBUSTNESS_OPERATORS:
                after = q < 6 and (model, dataset, q, op) not in flipped
                record = {
                    "model": model,
                    "dataset": dataset,
                    "question_id": qid,
                    "perturbation_id": f"{qid}-{op}",
                    "operator": op,
                    "correct": after,
                }
                lines.append(json.dumps(record))
    return lines


def main() -> None:
    (HERE / "paper-reliability.jsonl").write_text("\n".join(reliability_lines()) + "\n", encoding="utf-8")
    (HERE / "paper-robustness.jsonl").write_text("\n".join(robustness_lines()) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
