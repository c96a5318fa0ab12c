"""The P2NIA paper's grid on Adult with every method on the same axes (issue 17): black box, GRR
with record and with per-column (the paper's) accounting, MST and AIM.

Random forest, n′ = 5,000, ε ∈ {0.1, 0.5, 1, 2, 5, 10} (Fig. 4); at ε = 10 also
n′ ∈ {250, 500, 1000, 2000} (Fig. 3, sampled from the same MST/AIM fit); DP, EO and EOpp in every
row (Figs. 5 and 8). One task = one (model, repetition, mechanism, ε) cell of
``ethiclens.experiments.ExperimentConfig``, run by the experiment's own ``run_task``.

Resumable: the rows file is rewritten (atomically) after every task and a task whose rows are
already there is skipped, so an interrupted run continues where it stopped. Order: the cheap
methods (black box, both GRR accountings) for every model and repetition first, then MST and AIM
repetition by repetition (random forest first), so a run cut short leaves whole repetitions.
``--models rf,xgb`` adds the XGBoost variants (Figs. 6/7).

``--workload paper`` runs MST and AIM with the P2NIA paper's §3.2 selection (every feature
released, the four forced marginals plus 12 random 2-way marginals over the whole table; AIM
at the synthesiser's 20-round cap) into ``paper-workload-{dataset}-rows.csv``, beside the
default grid; ``--epsilons`` restricts a run to some of the grid's ε.

Run from the repository root, single-threaded, e.g.::

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 \\
        nice -n 10 .venv/bin/python docs/reproductions/p2nia/paper_grid.py --repetitions 10

then ``... paper_grid.py --figures`` writes the figures and tables from the rows and rewrites
the generated tables of ``docs/reproductions/p2nia.md`` (the blocks between
``<!-- grid:NAME -->`` and ``<!-- /grid:NAME -->``), so the doc cannot drift from the rows (a
test checks it is current).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

from ethiclens.experiments import ExperimentConfig, write_experiment_outputs
from ethiclens.experiments._p2nia_experiment import run_task, tasks_for
from ethiclens.experiments._p2nia_figures import (
    _common_models,
    epsilons_summary,
    metric_runs_note,
    metrics_summary,
    model_label,
    sizes_summary,
    wide_table,
)
from ethiclens.report import write_atomic

HERE = Path(__file__).parent
DOC = HERE.parent / "p2nia.md"
DATASETS = ("adult", "acs-income")
EPSILONS = (0.1, 0.5, 1.0, 2.0, 5.0, 10.0)
SIZES = (250, 500, 1000, 2000, 5000)


# MST/AIM run each in a fresh process: many JAX fits in one process exhaust its memory maps
# (the grid's first run stopped on "LLVM compilation error: Cannot allocate memory" at its 19th
# synthesiser fit; ADR 0006)
ISOLATE = {"mst", "aim"}


def _run_isolated(task: dict) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rows.json"
        subprocess.run(
            [sys.executable, __file__, "--one-task", json.dumps(task), "--rows-out", str(path)],
            check=True,
        )
        return json.loads(path.read_text())


def _key(model, rep, mechanism, epsilon, accounting) -> tuple:
    if mechanism != "grr" or not isinstance(accounting, str):
        accounting = "record"
    return (model, int(rep), mechanism, round(float(epsilon), 6), accounting)


def rows_file(dataset: str, workload: str = "audit") -> Path:
    """The rows of one dataset's grid: the default setup, or the paper's MST/AIM workload."""
    name = "paper" if workload == "audit" else f"{workload}-workload"
    return HERE / f"{name}-{dataset}-rows.csv"


def plan(dataset: str, models, repetitions: int, mechanisms, workload="audit") -> list[dict]:
    """Every task of the grid, in priority order."""
    tasks = []
    for accounting in ("record", "per-column"):
        mechs = tuple(m for m in mechanisms if accounting == "record" or m == "grr")
        if not mechs:
            continue
        cfg = ExperimentConfig(
            dataset=dataset,
            models=tuple(models),
            repetitions=repetitions,
            mechanisms=mechs,
            sizes=SIZES,
            epsilons=EPSILONS,
            metric_epsilons=(10.0, 1.0),
            accounting=accounting,
            workload=workload,
        )
        tasks += tasks_for(cfg)
    # one repetition's tasks back to back, so the experiment's per-process cache fits each
    # (model, repetition) once per phase
    phase = {"blackbox": 0, "grr": 0}
    within = {"blackbox": 0, "grr": 1, "mst": 2, "aim": 3}
    return sorted(
        tasks,
        key=lambda t: (
            phase.get(t["mechanism"], 1),
            list(models).index(t["model"]),
            t["rep"],
            within.get(t["mechanism"], 4),
            t["accounting"],
            -t["epsilon"],
        ),
    )


def _series_label(mechanism: str, accounting) -> str:
    names = {"blackbox": "black box", "grr": "GRR", "mst": "MST", "aim": "AIM"}
    name = names.get(mechanism, mechanism)
    return f"{name} ({accounting})" if mechanism == "grr" else name


def cost_table(frame: pd.DataFrame) -> str:
    """Markdown: tasks, repetitions and wall time per (model, method)."""
    tasks = frame.drop_duplicates(["model", "rep", "mechanism", "accounting", "epsilon"])
    lines = [
        "| model | method | tasks | repetitions | wall time | per task (mean) |",
        "|---|---|---|---|---|---|",
    ]
    keys = tasks.assign(acc=tasks.accounting.fillna(""))
    for (model, mech, acc), g in keys.groupby(["model", "mechanism", "acc"], sort=True):
        lines.append(
            f"| {model_label(model)} | {_series_label(mech, acc or None)} | {len(g)} | "
            f"{g.rep.nunique()} | {g.task_seconds.sum():,.0f} s | {g.task_seconds.mean():.1f} s |"
        )
    total = tasks.task_seconds.sum()
    lines += ["", f"Total: {total:,.0f} s of task time ({total / 3600:.1f} h on one core)."]
    return "\n".join(lines)


def stability_table(frame: pd.DataFrame, model: str) -> str:
    """Markdown: MST/AIM DP error per ε at the largest n′ — mean, SD, range over repetitions."""
    f = frame[
        (frame.model == model)
        & frame.mechanism.isin(["mst", "aim"])
        & (frame.metric == "dp")
        & (frame.n == frame.n.max())
    ]
    lines = ["| method | ε | runs | mean | SD | min | max |", "|---|---|---|---|---|---|---|"]
    for (mech, eps), g in f.groupby(["mechanism", "epsilon"], sort=True):
        e = g.abs_error.dropna()
        sd = f"{e.std():.4f}" if len(e) > 1 else "—"
        lines.append(
            f"| {_series_label(mech, None)} | {eps:g} | {len(e)} | {e.mean():.4f} | {sd} | "
            f"{e.min():.4f} | {e.max():.4f} |"
        )
    return "\n".join(lines) if len(f) else "Not run."


def cost_and_stability(frame: pd.DataFrame) -> str:
    """Markdown: the wall time each (model, method) took, and MST/AIM's DP error per ε with its
    spread over repetitions (the paper's "instability at intermediate ε"), per model."""
    out = [
        "# P2NIA paper grid: cost and stability",
        "",
        "Wall time of each task on this machine (one process, one thread, `nice -n 10`, the "
        "machine shared with other jobs); a task = one (model, repetition, method, ε), the "
        "model fit counted in the first task of each repetition.",
        "",
        cost_table(frame),
    ]
    for model in sorted(set(frame.model)):
        out += [
            "",
            f"## {model_label(model)}: MST/AIM DP error vs ε at the largest n′ (mean, SD and "
            "range over repetitions)",
            "",
            stability_table(frame, model),
        ]
    return "\n".join(out) + "\n"


def doc_blocks(frame: pd.DataFrame, dataset: str) -> dict[str, str]:
    """The generated tables of p2nia.md for one dataset's rows, by block name."""
    blocks = {f"{dataset}:cost": cost_table(frame)}
    for model in sorted(set(frame.model)):
        blocks[f"{dataset}:{model}:sizes"] = wide_table(sizes_summary(frame, model=model), "n")
        blocks[f"{dataset}:{model}:epsilons"] = wide_table(
            epsilons_summary(frame, model=model), "epsilon"
        )
        blocks[f"{dataset}:{model}:stability"] = stability_table(frame, model)
    for eps in (10.0, 1.0):
        common = _common_models(frame, eps)
        table = wide_table(metrics_summary(frame, epsilon=eps, model=common), "metric")
        runs = metric_runs_note(frame, epsilon=eps, model=common)
        blocks[f"{dataset}:metrics:{eps:g}"] = (
            f"{table}\n\n(Over {runs}, the runs every method has.)"
        )
    return blocks


BLOCK = re.compile(
    r"(<!-- grid:(?P<name>[^ ]+) -->\n)(?P<body>.*?)(\n<!-- /grid:(?P=name) -->)", re.S
)


def render_doc(text: str, blocks: dict[str, str]) -> str:
    """``text`` with every generated block that ``blocks`` has replaced by its new content."""

    def repl(m):
        name = m.group("name")
        return m.group(1) + blocks[name] + m.group(4) if name in blocks else m.group(0)

    return BLOCK.sub(repl, text)


def _cell(errors: pd.Series) -> str:
    e = errors.dropna()
    if len(e) < 2:
        return f"{e.mean():.4f} (1 run)" if len(e) else "—"
    return f"{e.mean():.4f} ± {e.std() / len(e) ** 0.5:.4f} ({len(e)})"


def workload_table(paper: pd.DataFrame, default: pd.DataFrame) -> str:
    """Markdown: MST/AIM error at the largest n′ per ε and metric, the paper's marginal
    selection beside the default setup (mean ± SE (repetitions), the same model)."""
    lines = [
        "| method | ε | metric | paper's selection | default (A, Y, Ŷ + 8 features) |",
        "|---|---|---|---|---|",
    ]
    default = default[default.model.isin(set(paper.model))]
    n = paper.n.max()
    for (mech, eps, metric), g in paper[paper.n == n].groupby(
        ["mechanism", "epsilon", "metric"], sort=True
    ):
        d = default[
            (default.mechanism == mech)
            & (default.epsilon == eps)
            & (default.metric == metric)
            & (default.n == n)
        ]
        lines.append(
            f"| {_series_label(mech, None)} | {eps:g} | {metric.upper()} | "
            f"{_cell(g.abs_error)} | {_cell(d.abs_error)} |"
        )
    return "\n".join(lines)


def all_doc_blocks() -> dict[str, str]:
    blocks = {}
    for dataset in DATASETS:
        rows = HERE / f"paper-{dataset}-rows.csv"
        if rows.exists():
            blocks.update(doc_blocks(pd.read_csv(rows), dataset))
        paper = rows_file(dataset, "paper")
        if rows.exists() and paper.exists():
            blocks[f"{dataset}:workload"] = workload_table(pd.read_csv(paper), pd.read_csv(rows))
    return blocks


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--dataset", default="adult")
    p.add_argument("--models", default="rf")
    p.add_argument("--repetitions", type=int, default=10)
    p.add_argument("--mechanisms", default="blackbox,grr,mst,aim")
    p.add_argument("--max-seconds", type=float, default=None, help="stop after this long")
    p.add_argument("--workload", default="audit", help="MST/AIM workload: audit or paper")
    p.add_argument("--epsilons", help="run only these of the grid's ε (comma-separated)")
    p.add_argument("--figures", action="store_true", help="only draw figures from the rows")
    p.add_argument("--one-task", help=argparse.SUPPRESS)
    p.add_argument("--rows-out", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.figures and args.workload != "audit":
        p.error(
            "--figures draws the default grid only (the paper workload's rows are read by "
            "scripts/claims_table.py)"
        )
    if args.one_task:  # the child of _run_isolated
        Path(args.rows_out).write_text(json.dumps(run_task(json.loads(args.one_task))))
        return
    rows_path = rows_file(args.dataset, args.workload)
    frame = pd.read_csv(rows_path) if rows_path.exists() else pd.DataFrame()
    if args.figures:
        files = write_experiment_outputs(frame, HERE, f"paper-{args.dataset}")
        path = HERE / f"paper-{args.dataset}-cost-stability.md"
        write_atomic(path, cost_and_stability(frame))
        write_atomic(DOC, render_doc(DOC.read_text(encoding="utf-8"), all_doc_blocks()))
        print("wrote", [f.name for f in files] + [path.name, DOC.name])
        return
    done = (
        {
            _key(*k)
            for k in frame[["model", "rep", "mechanism", "epsilon", "accounting"]].itertuples(
                index=False
            )
        }
        if len(frame)
        else set()
    )
    models = args.models.split(",")
    tasks = plan(args.dataset, models, args.repetitions, args.mechanisms.split(","), args.workload)
    if args.epsilons:
        keep = {float(e) for e in args.epsilons.split(",")}
        tasks = [t for t in tasks if t["epsilon"] in keep]
    todo = [
        t
        for t in tasks
        if _key(t["model"], t["rep"], t["mechanism"], t["epsilon"], t["accounting"]) not in done
    ]
    print(f"{len(tasks)} tasks, {len(tasks) - len(todo)} already done", flush=True)
    start = time.perf_counter()
    for i, task in enumerate(todo, 1):
        if args.max_seconds and time.perf_counter() - start > args.max_seconds:
            print("time limit reached; rerun to resume", flush=True)
            break
        t0 = time.perf_counter()
        rows = pd.DataFrame(_run_isolated(task) if task["mechanism"] in ISOLATE else run_task(task))
        rows["task_seconds"] = time.perf_counter() - t0  # the whole task, model fit included
        if task["mechanism"] == "grr":  # the rows carry the manifest's accounting
            assert set(rows.accounting) == {task["accounting"]}
        frame = pd.concat([frame, rows], ignore_index=True) if len(frame) else rows
        write_atomic(rows_path, frame.to_csv(index=False))
        print(
            f"[{i}/{len(todo)}] {task['model']} rep {task['rep']} {task['mechanism']} "
            f"{task['accounting']} eps {task['epsilon']:g}: {time.perf_counter() - t0:.1f} s "
            f"(elapsed {time.perf_counter() - start:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
