"""Write the label files of the worked example in docs/trust-metrics.md (deterministic, stdlib only).

paper-reliability.jsonl: judged refusal labels whose FRR, PRR, NRR and MRS per model on
AIDABench-QA and DABench are the TrustDABench paper's Table 2 cells: for each model and dataset
the only counts of full and partial refusals (of 562 and 643 instances) that give all four at two
decimals (GPT-5.5's are the paper's own). GLM-5.2's cells cannot come from 562 instances, so it has
560 there: the paper's data had unequal instance counts, which tabeq reports as a completeness
finding. Avg. MRS comes out for seven models; DeepSeek-V4-Pro's is 12.15 where the paper prints
12.16: no counts that give its other cells (of at most 562 and 643 instances) give 12.155 or more
before rounding, so the paper's 12.16 is presumably the mean of its two rounded cells. The labels
are spread over the operators as Table 1 and the text say: FDM 396, DM 282 and HC 208 instances in
all, no FLM on DABench; EC and HC micro MRS 0.46% against 16.49% for the deletion operators, EC or
HC never above 2.16% for a model and both together never above 1.54%, per dataset
EC < HC < DAM < DM < FDM.

paper-robustness.jsonl: correctness labels from which the paper's Table 3 comes out cell by cell
(ASR and RAD per model on AIDABench-QA and DABench, and Avg. ASR, at two decimals; the cells are
read from paper-table3.json) together with the robustness statistics the paper states in its
text: operator level vs ASR Spearman rho 0.59 (p = 0.044), pooled ASR at L3 / L0 = 2.82, pooled L2
slightly below L1, NRI the most damaging operator for every model and CSR the second for seven of
eight, every model higher at L3 than at L0, only Qwen3.6 27B rising strictly across L0..L3. The
questions and perturbations follow Table 1: 226 AIDABench-QA questions of which 152 are perturbed
(672 perturbations, 12 operators), 257 DABench questions of which 221 are perturbed (463
perturbations, the 6 operators without L0 and Excel ones), DFI 232 and WLR 175 in all; every model
answers the same questions and perturbations. This is synthetic data consistent with the published
aggregates, not the paper's raw data: how it is built is under
"Robustness" below.

Run from the repository root: python3 examples/trust/make_paper_example.py
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent

DATASETS = ("AIDABench-QA", "DABench")
INSTANCES = {"AIDABench-QA": 562, "DABench": 643}
RELIABILITY_OPERATORS = ("FDM", "DM", "FLM", "DAM", "SCM", "EC", "HC")
ROBUSTNESS_OPERATORS = ("ROS", "COS", "HSS", "SDC", "EVR", "USC", "WLR", "RD", "HHR", "CSR", "DFI", "NRI")

# (full, partial) per model and dataset; MRS = (2 full + partial) / (2 n).
LABEL_COUNTS = {
    "Qwen3.7-Max": ((54, 57), (86, 23)),
    "DeepSeek-V4-Pro": ((38, 67), (62, 25)),
    "GLM-5.2": ((20, 55), (43, 39)),
    "Gemini-3.1-Pro": ((24, 45), (32, 9)),
    "Claude-Sonnet-5": ((62, 51), (43, 63)),
    "GPT-5.5": ((73, 115), (129, 66)),
    "Qwen3.6 27B": ((20, 39), (25, 15)),
    "Qwen3-30B-A3B": ((52, 27), (20, 3)),
}
# Instances judged per model where it differs from the dataset's size.
SHORT = {("GLM-5.2", "AIDABench-QA"): 560}


# Judged instances per operator (Table 1 and the text: FDM 396, DM 282 and HC 208 in all, among the
# five largest groups; DABench has six reliability operators, no FLM).
RELIABILITY_SIZES = {
    "AIDABench-QA": dict(zip(RELIABILITY_OPERATORS, (180, 130, 40, 45, 40, 60, 67))),
    "DABench": {"FDM": 216, "DM": 152, "DAM": 26, "SCM": 20, "EC": 88, "HC": 141},
}
# Refusals (full, partial) on the conflict operators: 13 points of 2848 judgments in all (micro MRS
# 0.46%, so the deletion operators have 16.49%); GPT-5.5 refuses most, HC 4.5 of 208 (2.16%, the
# largest per model of EC or HC) and EC + HC 5.5 of 356 (1.54%, the largest per model).
CONFLICT_REFUSALS = {
    ("GPT-5.5", "AIDABench-QA", "HC"): (2, 1),
    ("GPT-5.5", "DABench", "HC"): (2, 0),
    ("GPT-5.5", "AIDABench-QA", "EC"): (0, 2),
    ("Qwen3.7-Max", "AIDABench-QA", "HC"): (1, 0),
    ("Qwen3.7-Max", "DABench", "HC"): (0, 1),
    ("Qwen3.7-Max", "AIDABench-QA", "EC"): (0, 1),
    ("Claude-Sonnet-5", "AIDABench-QA", "HC"): (0, 1),
    ("Claude-Sonnet-5", "DABench", "HC"): (1, 0),
    ("Claude-Sonnet-5", "DABench", "EC"): (0, 1),
    ("DeepSeek-V4-Pro", "AIDABench-QA", "HC"): (0, 2),
    ("GLM-5.2", "DABench", "HC"): (0, 1),
    ("Gemini-3.1-Pro", "AIDABench-QA", "EC"): (0, 1),
    ("Gemini-3.1-Pro", "AIDABench-QA", "HC"): (0, 1),
    ("Qwen3.6 27B", "AIDABench-QA", "HC"): (0, 1),
    ("Qwen3-30B-A3B", "AIDABench-QA", "HC"): (0, 1),
}
# The deletion operators share the other refusals in proportion to weight x instances, so that per
# dataset DAM < DM < FDM (and EC < HC < DAM), the order the text states.
DELETION_WEIGHTS = {"FDM": 1.3, "DM": 1.0, "FLM": 0.9, "DAM": 0.6, "SCM": 0.8}


def shares(total: int, weights: dict[str, float], caps: dict[str, int]) -> dict[str, int]:
    """`total` split in proportion to `weights` (largest remainders), none above its cap."""
    raw = {op: total * w / sum(weights.values()) for op, w in weights.items()}
    out = {op: min(int(r), caps[op]) for op, r in raw.items()}
    while sum(out.values()) < total:
        op = max((op for op in out if out[op] < caps[op]), key=lambda op: raw[op] - out[op])
        out[op] += 1
    return out


def reliability_lines() -> list[str]:
    lines = []
    for model, counts in LABEL_COUNTS.items():
        for dataset, (full, partial) in zip(DATASETS, counts):
            sizes = dict(RELIABILITY_SIZES[dataset])
            # The instances a model was not judged on come out of FDM, the largest group.
            sizes["FDM"] -= INSTANCES[dataset] - SHORT.get((model, dataset), INSTANCES[dataset])
            conflict = {op: CONFLICT_REFUSALS.get((model, dataset, op), (0, 0)) for op in ("EC", "HC")}
            deletion = {op: n for op, n in sizes.items() if op in DELETION_WEIGHTS}
            weights = {op: DELETION_WEIGHTS[op] * n for op, n in deletion.items()}
            fulls = shares(full - sum(f for f, _ in conflict.values()), weights, deletion)
            room = {op: n - fulls[op] for op, n in deletion.items()}
            partials = shares(partial - sum(p for _, p in conflict.values()), weights, room)
            by_operator = {op: (fulls[op], partials[op]) for op in deletion} | conflict
            for op in RELIABILITY_OPERATORS:
                if op not in sizes:
                    continue
                f, p = by_operator[op]
                labels = ["full"] * f + ["partial"] * p + ["none"] * (sizes[op] - f - p)
                random.Random(f"{model}/{dataset}/{op}").shuffle(labels)
                for i, label in enumerate(labels):
                    record = {
                        "model": model,
                        "dataset": dataset,
                        "operator": op,
                        "instance_id": f"{dataset}-{op}-{i}",
                        "label": label,
                    }
                    lines.append(json.dumps(record))
    return lines


# --- Robustness ----------------------------------------------------------------------------
#
# How the labels are built:
# 1. Which questions are perturbed, and how: per dataset, the Table 1 counts of questions and
#    perturbations, spread over the operators (DFI 232 and WLR 175 in all, the paper's largest
#    robustness groups), with 1 to 12 perturbations per question so that RAD can be tuned finely.
#    Every model answers the same questions and perturbations, so --strict finds nothing.
# 2. Per model and dataset, the attacks A (perturbations of originally-correct questions) and flips
#    F with F/A at the ASR cell and the two datasets' mean at Avg. ASR; then which questions are
#    correct, so that their perturbations add up to A.
# 3. The flips per operator: first in proportion to a weight per operator, then moved one at a
#    time between operators of a (model, dataset) cell (ASR and Avg. ASR stay) until the statistics
#    of the text hold.
# 4. Which perturbations flip, operator by operator, so that RAD (each correct question loses the
#    share of its perturbations it fails, over N) comes out at the RAD cell.
# Each step is seeded, so the file is the same on every run; each cell is kept 0.0049 points from a
# rounding boundary.

# Table 1: original questions, questions with at least one perturbation, perturbations per operator.
QUESTIONS = {"AIDABench-QA": 226, "DABench": 257}
COVERED = {"AIDABench-QA": 152, "DABench": 221}
OPERATOR_COUNTS = {
    "AIDABench-QA": dict(zip(ROBUSTNESS_OPERATORS, (50, 50, 55, 50, 45, 40, 75, 40, 45, 60, 102, 60))),
    "DABench": {"EVR": 60, "USC": 50, "WLR": 100, "RD": 65, "DFI": 130, "NRI": 58},
}
LEVEL = dict(zip(ROBUSTNESS_OPERATORS, (0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 3, 3)))
# Pooled ASR order of the operators, lowest first: against their levels, Spearman rho 0.5896
# (p = 0.0436), NRI first and CSR second.
ORDER = ("ROS", "HHR", "COS", "WLR", "HSS", "SDC", "RD", "EVR", "USC", "DFI", "CSR", "NRI")
# The starting weight of each operator's flips (step 3), in ORDER.
WEIGHTS = dict(zip(ORDER, (0.30, 0.45, 0.55, 0.65, 0.72, 0.80, 0.88, 1.0, 1.08, 1.3, 1.6, 2.0)))
CSR_NOT_SECOND = "Qwen3-30B-A3B"  # the model for which CSR is not the second most damaging
STRICTLY_RISING = "Qwen3.6 27B"  # the only model whose ASR rises strictly across L0..L3
MARGIN = Fraction(49, 10000)  # how far (percentage points) a value may be from its printed cell

Cell = dict[str, tuple[int, int]]  # operator -> (attacks, flips) of one (model, dataset)


def table_3() -> dict[str, list[str]]:
    """The paper's Table 3 per model: AIDABench-QA ASR, RAD, DABench ASR, RAD, Avg. ASR (%)."""
    table = json.loads((HERE / "paper-table3.json").read_text(encoding="utf-8"))
    return {model: cells for model, *cells in table["rows"]}


def prints_as(value: Fraction, cell: str) -> bool:
    """A fraction shown as a percentage with two decimals is `cell`, with MARGIN to spare."""
    return abs(100 * value - Fraction(cell)) < MARGIN


def perturbation_layout(dataset: str) -> list[list[str]]:
    """The operators of each perturbed question (step 1)."""
    counts = dict(OPERATOR_COUNTS[dataset])
    total, covered = sum(counts.values()), COVERED[dataset]
    rng = random.Random(f"layout/{dataset}")
    sizes = [1] * covered
    while sum(sizes) < total:
        i = rng.randrange(covered)
        sizes[i] += sizes[i] < len(counts)
    layout = []
    # Largest questions first, each taking the operators with the most perturbations left: the
    # greedy order that always completes a degree sequence that can be completed.
    for k in sorted(sizes, reverse=True):
        chosen = sorted(counts, key=lambda op: (-counts[op], ROBUSTNESS_OPERATORS.index(op)))[:k]
        for op in chosen:
            counts[op] -= 1
        layout.append(chosen)
    assert not any(counts.values())
    rng.shuffle(layout)
    return layout


def attacks_and_flips(cells: list[str], layouts: dict[str, list[list[str]]]) -> dict[str, tuple[int, int]]:
    """(A, F) per dataset with F/A at each ASR cell and their mean at Avg. ASR (step 2), A near
    what the RAD cell suggests: spread evenly, RAD = ASR x (correct perturbed questions) / N."""
    asr_a, rad_a, asr_d, rad_d, average = cells
    options = []
    for dataset, asr, rad in ((DATASETS[0], asr_a, rad_a), (DATASETS[1], asr_d, rad_d)):
        mean_k = sum(map(len, layouts[dataset])) / COVERED[dataset]
        guess = round(float(rad) * QUESTIONS[dataset] / float(asr) * mean_k)
        found = []
        for a in range(max(1, guess - 150), guess + 151):
            f = round(Fraction(asr) * a / 100)
            if prints_as(Fraction(f, a), asr):
                found.append((abs(a - guess), a, f))
        options.append(found)
    distance, first, second = min(
        (da + dd, (a, f), (b, g))
        for da, a, f in options[0]
        for dd, b, g in options[1]
        if prints_as((Fraction(f, a) + Fraction(g, b)) / 2, average)
    )
    return {DATASETS[0]: first, DATASETS[1]: second}


def correct_questions(name: str, layout: list[list[str]], attacks: int) -> set[int]:
    """Perturbed questions answered correctly whose perturbations add up to `attacks`."""
    rng = random.Random(f"correct/{name}")
    while True:
        order = list(range(len(layout)))
        rng.shuffle(order)
        chosen, total = [], 0
        for i in order:
            if total >= attacks:
                break
            chosen.append(i)
            total += len(layout[i])
        over = total - attacks
        if over == 0:
            return set(chosen)
        rest = order[len(chosen) :]
        for i in chosen:
            swap = next((r for r in rest if len(layout[r]) == len(layout[i]) - over), None)
            if swap is not None:
                return (set(chosen) - {i}) | {swap}


def level_asr(flips: dict[str, int], attacks: dict[str, int], level: int) -> float:
    f = sum(v for op, v in flips.items() if LEVEL[op] == level)
    return 100 * f / sum(v for op, v in attacks.items() if LEVEL[op] == level)


def shortfall(cells: dict[tuple[str, str], Cell]) -> float:
    """How far the flips per operator are from the statistics the text states (0: they hold)."""

    def pooled(keys: list[tuple[str, str]]) -> tuple[dict[str, int], dict[str, int], dict[str, float]]:
        flips = dict.fromkeys(ROBUSTNESS_OPERATORS, 0)
        attacks = dict.fromkeys(ROBUSTNESS_OPERATORS, 0)
        for key in keys:
            for op, (a, f) in cells[key].items():
                attacks[op] += a
                flips[op] += f
        return flips, attacks, {op: 100 * flips[op] / attacks[op] for op in ROBUSTNESS_OPERATORS}

    flips, attacks, asr = pooled(list(cells))
    out = sum(max(0.0, asr[lo] - asr[hi] + 0.3) for lo, hi in zip(ORDER, ORDER[1:]))
    ratio = level_asr(flips, attacks, 3) / level_asr(flips, attacks, 0)
    out += 10 * max(0.0, abs(ratio - 2.82) - 0.003)
    gap = level_asr(flips, attacks, 1) - level_asr(flips, attacks, 2)  # L2 slightly below L1
    out += max(0.0, 0.2 - gap) + max(0.0, gap - 1.5)
    for model in LABEL_COUNTS:
        flips, attacks, asr = pooled([(model, d) for d in DATASETS])
        out += sum(max(0.0, asr[op] - asr["NRI"] + 0.3) for op in ROBUSTNESS_OPERATORS if op != "NRI")
        if model == CSR_NOT_SECOND:
            out += max(0.0, asr["CSR"] - asr["DFI"] + 0.3)
        else:
            out += sum(
                max(0.0, asr[op] - asr["CSR"] + 0.3)
                for op in ROBUSTNESS_OPERATORS
                if op not in ("NRI", "CSR")
            )
        levels = [level_asr(flips, attacks, level) for level in range(4)]
        out += max(0.0, levels[0] - levels[3] + 0.3)
        if model == STRICTLY_RISING:
            out += sum(max(0.0, a - b + 0.3) for a, b in zip(levels, levels[1:]))
        else:
            out += max(0.0, levels[2] - levels[1] + 0.1)
    return out


def first_flips(model: str, attacks: dict[str, int], flips: int) -> dict[str, int]:
    """The cell's flips shared out in proportion to each operator's weight times its attacks."""
    weight = {
        op: WEIGHTS[op] * a * (0.75 if model == CSR_NOT_SECOND and op == "CSR" else 1)
        for op, a in attacks.items()
    }
    raw = {op: flips * w / sum(weight.values()) for op, w in weight.items()}
    out = {op: min(int(r), attacks[op]) for op, r in raw.items()}
    for op in sorted(raw, key=lambda op: out[op] - raw[op]):
        if sum(out.values()) < flips and out[op] < attacks[op]:
            out[op] += 1
    assert sum(out.values()) == flips
    return out


def flips_per_operator(cells: dict[tuple[str, str], Cell]) -> None:
    """Step 3: move single flips between operators of a cell while that brings the statistics closer."""
    rng = random.Random("flips")
    keys = sorted(cells)
    score = shortfall(cells)
    while score > 0:
        cell = cells[rng.choice(keys)]
        a, b = rng.sample(sorted(cell), 2)
        if cell[a][1] == 0 or cell[b][1] == cell[b][0]:
            continue
        cell[a], cell[b] = (cell[a][0], cell[a][1] - 1), (cell[b][0], cell[b][1] + 1)
        new = shortfall(cells)
        if new <= score:
            score = new
        else:
            cell[a], cell[b] = (cell[a][0], cell[a][1] + 1), (cell[b][0], cell[b][1] - 1)


def flipped_perturbations(
    name: str, layout: list[list[str]], correct: set[int], cell: Cell, rad: str, n: int
) -> set[tuple[int, str]]:
    """Step 4: the (question, operator) pairs that flip, with RAD at the cell."""
    rng = random.Random(f"place/{name}")
    pools = {op: sorted(i for i in correct if op in layout[i]) for op in cell}
    flipped = {op: set(rng.sample(pools[op], f)) for op, (_, f) in sorted(cell.items())}
    per_question: dict[int, int] = {}
    for questions in flipped.values():
        for i in questions:
            per_question[i] = per_question.get(i, 0) + 1

    def exact() -> Fraction:
        return sum((Fraction(f, len(layout[i])) for i, f in per_question.items()), Fraction(0)) / n

    target, now = float(rad) / 100, float(exact())
    movable = [op for op in sorted(flipped) if 0 < len(flipped[op]) < len(pools[op])]
    # A random walk within a band around the target: one move changes RAD by more than the
    # rounding window, two moves can change it by less.
    band = 0.0003
    while not (abs(now - target) < 0.00004 and prints_as(exact(), rad)):
        op = rng.choice(movable)
        out, into = rng.choice(sorted(flipped[op])), rng.choice(pools[op])
        if into in flipped[op]:
            continue
        delta = (1 / len(layout[into]) - 1 / len(layout[out])) / n
        if abs(now + delta - target) < max(abs(now - target), band):
            flipped[op] ^= {out, into}
            per_question[out] -= 1
            per_question[into] = per_question.get(into, 0) + 1
            now += delta
    return {(i, op) for op, questions in flipped.items() for i in questions}


def robustness_lines() -> list[str]:
    table = table_3()
    layouts = {d: perturbation_layout(d) for d in DATASETS}
    correct: dict[tuple[str, str], set[int]] = {}
    cells: dict[tuple[str, str], Cell] = {}
    for model in LABEL_COUNTS:
        chosen = attacks_and_flips(table[model], layouts)
        for dataset in DATASETS:
            attacks, flips = chosen[dataset]
            right = correct_questions(f"{model}/{dataset}", layouts[dataset], attacks)
            by_operator: dict[str, int] = {}
            for i in right:
                for op in layouts[dataset][i]:
                    by_operator[op] = by_operator.get(op, 0) + 1
            shares = first_flips(model, by_operator, flips)
            correct[model, dataset] = right
            cells[model, dataset] = {op: (a, shares[op]) for op, a in by_operator.items()}
    flips_per_operator(cells)
    lines = []
    for model in LABEL_COUNTS:
        for dataset in DATASETS:
            name, layout, right = f"{model}/{dataset}", layouts[dataset], correct[model, dataset]
            rad = table[model][1 if dataset == DATASETS[0] else 3]
            flipped = flipped_perturbations(
                name, layout, right, cells[model, dataset], rad, QUESTIONS[dataset]
            )
            rng = random.Random(f"records/{name}")
            covered = len(layout)
            # The unperturbed questions are answered as well as the perturbed ones (they count in N only).
            right_unperturbed = round((QUESTIONS[dataset] - covered) * len(right) / covered)
            for q in range(QUESTIONS[dataset]):
                qid = f"{dataset}-q{q}"
                before = q in right if q < covered else q - covered < right_unperturbed
                lines.append(
                    json.dumps({"model": model, "dataset": dataset, "question_id": qid, "correct": before})
                )
                for op in layout[q] if q < covered else []:
                    # After a wrong original answer, a_ij counts in no number of Table 3.
                    after = (q, op) not in flipped if before else rng.random() < 0.3
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
