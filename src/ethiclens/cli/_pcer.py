"""``ethiclens pcer audit|train`` (and, from the experiments package, ``sweep|tables``)."""

from __future__ import annotations

import json
import math

import click
from rich.table import Table

from .._checks import check_draws, check_seed, split_list
from ..errors import EthicLensInputError
from ..experiments import PCER_LOADERS, attributes_of, prepare
from ..fairness import REPORTED, Policy
from ..io import check_outputs
from ..privacy import (
    DEFAULT_N_BOOT,
    PCER_SCHEMA_VERSION,
    SINGLE_RUN_NOTE,
    TrainConfig,
    get_trainer,
    pcer_audit,
    read_split,
    trainer_names,
)
from ..report import check_writable, ensure_output_folder, write_atomic
from ._options import LiveHelpOption, RegistryChoice
from ._probe import _console, positive_option


@click.group("pcer")
def pcer_group():
    """Privacy-cost equity: who bears the membership-inference risk, and what they get for it."""


def _fmt(x, spec=".4f"):
    return "—" if x is None or (isinstance(x, float) and not math.isfinite(x)) else format(x, spec)


def _with_ci(est, spec=".4f") -> str:
    """A statistic for the table: value [low, high], greyed with its status when not reported."""
    if est.value is None:
        return f"[dim]— ({est.status})[/dim]"
    text = format(est.value, spec)
    if est.status != REPORTED:
        return f"[dim]{text} ({est.status})[/dim]"
    if est.ci_low is None or est.ci_high is None:
        return text
    return f"{text} [{format(est.ci_low, spec)}, {format(est.ci_high, spec)}]"


def print_pcer(result, title: str) -> None:
    console = _console()
    table = Table(
        title=f"{title} — 95% intervals from Jeffreys–Dirichlet draws of each "
        f"group's cells ({result.n_boot} draws)"
    )
    for col in (
        "group",
        "n train",
        "n test",
        "acc train",
        "acc test",
        "δ [95% CI]",
        "R (pos. rate) [95% CI]",
        "PCER [95% CI]",
        "status",
    ):
        table.add_column(col)
    for g in result.groups:
        e = g.estimates
        table.add_row(
            g.group,
            str(g.n_train),
            str(g.n_test),
            _fmt(g.acc_train),
            _fmt(g.acc_test),
            _with_ci(e["delta"]),
            _with_ci(e["positive_rate"]),
            _with_ci(e["pcer"], ".2f"),
            g.status,
        )
    console.print(table)
    order = " − ".join(f"PCER_{g}" for g in result.group_order[:2])
    stats = result.estimates
    gaps = f"DP-Gap = {_with_ci(stats['dp_gap'])}; EO-Gap = {_with_ci(stats['eo_gap'])}"
    head = result.headline
    name = (
        f"ΔPCER (η = {result.eta:g}, {order})"
        if len(result.group_order) == 2
        else f"PCER dispersion (η = {result.eta:g})"
    )
    if head.status == REPORTED:
        ci = "" if head.ci_low is None else f" [95% CI {head.ci_low:+.2f}, {head.ci_high:+.2f}]"
        console.print(f"{name} = [bold]{head.value:+.2f}[/bold]{ci}; {gaps}")
    else:
        shown = "" if head.value is None else f"; value {head.value:+.2f} shown for reference only"
        console.print(f"[dim]{name} {head.reason} ({head.status}{shown})[/dim]; {gaps}")
    floor = Table(title="floor sensitivity")
    for col in ("η", "ΔPCER / dispersion", "floor-dominated", "= DP-Gap/η"):
        floor.add_column(col)
    for f in result.floor:
        value = f.delta_pcer if f.delta_pcer is not None else f.dispersion
        floor.add_row(
            f"{f.eta:g}",
            f"{value:+.2f}",
            "yes" if f.floor_dominated else "no",
            {None: "—", True: "verified", False: "NO"}[f.equals_dp_gap_over_eta],
        )
    console.print(floor)
    console.print(result.interpretation)
    if result.mia is not None:
        mia = Table(title="threshold membership-inference attack (score = −loss)")
        for col in ("group", "AUC", "advantage", "Yeom adv. (acc gap)", "bound δ"):
            mia.add_column(col)
        for a in result.mia.groups:
            mia.add_row(
                a.group,
                f"{a.auc:.4f}",
                f"{a.advantage:+.4f}",
                f"{a.yeom_advantage:+.4f}",
                f"{a.delta:.4f}",
            )
        console.print(mia)
        if result.mia.delta_pcer_mia is not None:
            console.print(
                f"ΔPCER^MIA = {result.mia.delta_pcer_mia:+.2f}; sign agrees with "
                f"ΔPCER^δ: {result.mia.sign_agrees}"
            )
    for note in result.notes:
        console.print(f"note: {note}")
    console.print(f"[yellow]note:[/yellow] {result.note}")


@pcer_group.command("audit")
@click.option(
    "--train",
    "train_path",
    required=True,
    type=click.Path(dir_okay=False),
    help="The model's own training rows (members).",
)
@click.option(
    "--test",
    "test_path",
    required=True,
    type=click.Path(dir_okay=False),
    help="Held-out rows (non-members).",
)
@click.option("--y-true", required=True)
@click.option("--y-pred", required=True)
@click.option("--protected", required=True, help="Group column.")
@click.option("--group-order", help="Comma-separated: which group is 0, which is 1, ...")
@click.option("--loss", help="Per-example loss column: enables the membership-inference attack.")
@positive_option("Is the positive prediction a benefit or a harm? [default: favorable]")
@click.option("--eta", default=1e-3, show_default=True, help="Floor constant η.")
@click.option(
    "--n-boot",
    default=DEFAULT_N_BOOT,
    show_default=True,
    help="Bootstrap replicates of the intervals (at least 100).",
)
@click.option("--seed", default=0, show_default=True, help="Seed of the bootstrap.")
@click.option(
    "--min-group-size",
    type=int,
    default=None,
    help="Rows per group per split below which a group is INSUFFICIENT_DATA "
    "[default: Policy().pcer_min_group_size, 30].",
)
@click.option("--json", "json_out", type=click.Path(dir_okay=False))
def audit_cmd(
    train_path,
    test_path,
    y_true,
    y_pred,
    protected,
    group_order,
    loss,
    positive,
    eta,
    n_boot,
    seed,
    min_group_size,
    json_out,
):
    """PCER (Algorithm 1) for any model's predictions on its train and test sets, with
    intervals (Jeffreys–Dirichlet draws of each group's train and test cells)."""
    check_outputs({"--json": json_out}, inputs=[train_path, test_path])
    _check_distinct_splits(train_path, test_path)
    if json_out:
        check_writable(json_out)
    check_seed(seed, "--seed")
    check_draws(n_boot, "--n-boot")
    policy = Policy() if min_group_size is None else _policy_or_flag(min_group_size)
    splits = [
        read_split(path, name=name, y_true=y_true, y_pred=y_pred, protected=protected, loss=loss)
        for name, path in (("train", train_path), ("test", test_path))
    ]
    order = split_list(group_order, "--group-order") if group_order else None
    result = pcer_audit(
        *splits,
        group_order=order,
        eta=eta,
        positive_is_favorable=positive != "harmful",
        policy=policy,
        n_boot=n_boot,
        random_state=seed,
    )
    print_pcer(result, f"PCER audit of {train_path} / {test_path} by {protected}")
    if json_out:
        write_atomic(json_out, json.dumps(result.to_dict(), indent=2))
        click.echo(f"wrote {json_out}")


def _check_distinct_splits(train_path, test_path) -> None:
    """--train and --test must be two files: one file twice makes δ_g = 0 by construction."""
    import os

    try:
        same = os.path.samefile(train_path, test_path)
    except OSError:  # a missing file is reported when it is read
        same = False
    if same:
        raise EthicLensInputError(
            f"is the --train file {train_path} again: the same rows as train and test make "
            "every accuracy gap δ_g = acc_train − acc_test exactly 0, so PCER measures nothing",
            column="--test",
            value=test_path,
            fix="give the model's held-out rows as --test and its training rows as --train",
        )


def _policy_or_flag(min_group_size: int) -> Policy:
    try:
        return Policy(pcer_min_group_size=min_group_size)
    except EthicLensInputError as exc:
        raise EthicLensInputError(
            exc.problem,
            column="--min-group-size",
            value=min_group_size,
            fix="use 1 or more (default 30)",
        ) from None


def parse_epsilon(text: str):
    if text.lower() in ("none", "inf", "no-dp", "nodp"):
        return None
    try:
        return float(text)
    except ValueError:
        raise EthicLensInputError(
            "not a number",
            column="--epsilon",
            value=text,
            fix="e.g. --epsilon 1, or --epsilon none for no DP",
        ) from None


def _trainers_help(default: str | None = "the preset's or grid's, vectorized") -> str:
    names = "; ".join(f"{n}: {get_trainer(n).label}" for n in trainer_names())
    return f"DP-SGD trainer{f' (default: {default})' if default else ''}. {names}."


@pcer_group.command("train")
@click.argument("dataset", type=click.Choice(sorted(PCER_LOADERS)))
@click.option("--attribute", help="Protected attribute (default: every one of the dataset).")
@click.option("--epsilon", default="1", show_default=True, help="ε, or 'none' for no DP.")
@click.option(
    "--seed",
    default=0,
    show_default=True,
    help="Seed of the split, the training and the bootstrap.",
)
@click.option("--epochs", default=25, show_default=True)
@click.option("--batch-size", default=256, show_default=True)
@click.option("--eta", default=1e-3, show_default=True)
@click.option(
    "--features",
    "feature_set",
    default="full",
    show_default=True,
    help="The dataset's feature set: full, or the PCER paper's stated list (paper).",
)
@positive_option(
    "Is the positive prediction a benefit or a harm? [default: the dataset's declared direction]"
)
@click.option(
    "--n-boot",
    default=DEFAULT_N_BOOT,
    show_default=True,
    help="Bootstrap replicates of the intervals (at least 100).",
)
@click.option(
    "--trainer",
    cls=LiveHelpOption,
    live_help=lambda: _trainers_help(None),
    type=RegistryChoice(trainer_names),
    default="opacus",
    show_default=True,
)
@click.option("--json", "json_out", type=click.Path(dir_okay=False))
def train_cmd(
    dataset,
    attribute,
    epsilon,
    seed,
    epochs,
    batch_size,
    eta,
    feature_set,
    positive,
    n_boot,
    trainer,
    json_out,
):
    """Train the paper's MLP with DP-SGD (Opacus by default) and audit it: per-group table and
    PCER, with intervals from draws of each group's cells (one model: seed-to-seed spread is
    larger)."""
    check_outputs({"--json": json_out})
    if json_out:
        check_writable(json_out)
    check_seed(seed, "--seed")
    if not 0 < eta < 1:  # checked before training, not after it
        raise EthicLensInputError(
            "floor constant must be in (0, 1)", column="--eta", value=eta, fix="use e.g. 1e-3"
        )
    check_draws(n_boot, "--n-boot")
    eps = parse_epsilon(epsilon)
    from ..datasets import get_entry

    entry = get_entry(dataset, "pcer", flag="DATASET")
    entry.check_features(feature_set, flag="--features")
    spec = get_trainer(trainer, "--trainer")
    spec.check_installed()
    from ..experiments import set_single_thread

    set_single_thread()
    attrs = [attribute] if attribute else attributes_of(dataset)
    config = TrainConfig(epochs=epochs, batch_size=batch_size)
    data = prepare(dataset, seed, test_size=config.test_size, features=feature_set)
    entry.split(attrs[0])  # an unknown attribute is refused before training
    fit = spec.resolve()
    if spec.batched:
        run = fit(dataset, epsilon=eps, seeds=[seed], config=config, datas=[data])[0]
    else:
        run = fit(dataset, epsilon=eps, seed=seed, config=config, data=data)
    out = {
        "schema_version": PCER_SCHEMA_VERSION,
        "kind": "pcer_training_run",
        "dataset": dataset,
        "seed": seed,
        "epsilon_requested": run.epsilon_requested,
        "epsilon_spent": run.epsilon_spent,
        "noise_multiplier": run.noise_multiplier,
        "accountant": run.accountant,
        "sample_rate": run.sample_rate,
        "wall_time_s": run.wall_time_s,
        "config": run.config.to_dict(),
        "features": run.data.description,
        "feature_set": run.data.features,
        "note": SINGLE_RUN_NOTE,
        "attributes": {},
    }
    privacy = (
        "no DP"
        if run.noise_multiplier is None
        else f"DP-SGD ε = {run.epsilon_requested} requested, {run.epsilon_spent:.4f} spent "
        f"({run.accountant.upper()} accountant), σ = {run.noise_multiplier:.4f}"
    )
    click.echo(f"{dataset}, seed {seed}: {privacy}; trained in {run.wall_time_s:.1f} s")
    for attr in attrs:
        train, test = run.splits(attr)
        favorable = run.data.positive_is_favorable if positive is None else positive == "favorable"
        result = pcer_audit(
            train,
            test,
            group_order=run.group_order(attr),
            eta=eta,
            positive_is_favorable=favorable,
            n_boot=n_boot,
            random_state=seed,
        )
        print_pcer(result, f"{dataset} / {attr}")
        out["attributes"][attr] = result.to_dict()
    if json_out:
        write_atomic(json_out, json.dumps(out, indent=2))
        click.echo(f"wrote {json_out}")


@pcer_group.command("sweep")
@click.option("--preset", type=click.Choice(["quick", "paper"]), default=None)
@click.option(
    "--grid",
    "grid_file",
    type=click.Path(dir_okay=False),
    help="Grid file (TOML, YAML or JSON) with SweepGrid's keys.",
)
@click.option("--seeds", type=int, help="Use seeds 0..N-1.")
@click.option("--datasets", help="Comma-separated datasets (overrides the preset's).")
@click.option("--epsilons", help="Comma-separated budgets; 'none' for no DP.")
@click.option(
    "--trainer",
    cls=LiveHelpOption,
    live_help=_trainers_help,
    type=RegistryChoice(trainer_names),
    default=None,
)
@click.option(
    "--features",
    "feature_set",
    default=None,
    help="The datasets' feature set (overrides the preset's or grid's): full, or the PCER "
    "paper's stated lists (paper; the paper preset's default).",
)
@click.option("--store", default="runs.sqlite", show_default=True, type=click.Path(dir_okay=False))
@click.option("--scheduler", help="Dask scheduler address, or 'local-cluster'.")
@click.option("--workers", type=int, help="Local worker processes (default: all cores).")
def sweep_cmd(
    preset,
    grid_file,
    seeds,
    datasets,
    epsilons,
    trainer,
    feature_set,
    store,
    scheduler,
    workers,
):
    """Train the grid's models (skipping those already in the store) and record every run.

    Exits 1 (listing them) when any run failed; a second sweep on a store in use is refused.
    """
    from ..experiments import check_workers, load_grid, run_sweep
    from ..experiments import preset as make_preset

    check_workers(workers)
    if grid_file and preset:
        raise EthicLensInputError(
            "give --preset or --grid, not both", column="--grid", fix="drop one of them"
        )
    overrides = {}
    if seeds is not None:
        if seeds < 1:
            raise EthicLensInputError(
                "must be at least 1: --seeds N runs seeds 0..N-1",
                column="--seeds",
                value=seeds,
                fix="e.g. --seeds 10",
            )
        overrides["seeds"] = seeds
    if datasets:
        overrides["datasets"] = split_list(datasets, "--datasets")
    if epsilons:
        overrides["epsilons"] = split_list(epsilons, "--epsilons")
    if trainer:
        overrides["trainer"] = trainer
    if feature_set is not None:
        from ..datasets import entries

        known = sorted({n for e in entries("pcer") for n in e.feature_sets})
        if feature_set not in known:
            raise EthicLensInputError(
                "unknown feature set",
                column="--features",
                value=feature_set,
                fix=f"choose from {known}",
            )
        overrides["features"] = feature_set
    check_outputs({"--store": store}, inputs=[grid_file] if grid_file else [])
    grid = (
        load_grid(grid_file, **overrides)
        if grid_file
        else make_preset(preset or "quick", **overrides)
    )
    console = _console()
    console.print(
        f"grid: {len(grid.units())} runs ({', '.join(grid.datasets)}; ε "
        f"{[e if e is not None else 'no-DP' for e in grid.epsilons]}; "
        f"{len(grid.seeds)} seeds; trainer {grid.trainer}; features {grid.features}) → {store}"
    )
    summary = run_sweep(grid, store, scheduler=scheduler, workers=workers, console=console)
    for line in summary.lines():
        console.print(line)
    if summary.exit_code:
        raise SweepFailed(summary)


class SweepFailed(click.ClickException):
    """Some runs of a sweep failed: exit 1 with the list (they are in the store as failed;
    rerunning the same command retries them)."""

    exit_code = 1

    def __init__(self, summary):
        runs = "; ".join(
            f"{d} ε={'no-DP' if e is None else f'{e:g}'} seed={s}"
            for d, e, s, _ in summary.failed[:20]
        )
        more = "" if len(summary.failed) <= 20 else f" and {len(summary.failed) - 20} more"
        super().__init__(
            f"{len(summary.failed)} of {summary.total} runs failed: {runs}{more}. "
            "Fix the cause shown above and rerun the same command: finished runs "
            "are kept, failed ones are retried"
        )


@pcer_group.command("tables")
@click.argument("store", type=click.Path(dir_okay=False))
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False))
def tables_cmd(store, out_dir):
    """The paper's tables (Markdown + CSV) and Figure 1 from a results store."""
    from pathlib import Path

    from ..experiments import open_existing, write_tables

    names = [
        "per_seed.csv",
        "main.csv",
        "floor_sensitivity.csv",
        "ranking.csv",
        "correlations.csv",
        "mia.csv",
        "tables.md",
        "figure1.png",
        "figure1.svg",
    ]
    check_outputs({f"--out ({n})": Path(out_dir) / n for n in names}, inputs=[store])
    ensure_output_folder(out_dir, "--out", create=False)  # created once the store is read
    st = open_existing(store)
    try:
        groups = st.group_stats()
        if not groups.empty and not (groups["group_index"] == 1).any():
            raise EthicLensInputError(
                "no finished run has two groups of an attribute, so no table can be computed",
                column="STORE",
                fix="give a store written by ethiclens pcer sweep with binary attributes",
            )
        if groups.empty:
            raise EthicLensInputError(
                "the store has no finished runs",
                column="STORE",
                fix="run ethiclens pcer sweep first",
            )
        runs = st.runs()
    finally:
        st.close()
    ensure_output_folder(out_dir, "--out")  # the store is readable and has runs: now create it
    write_tables(groups, out_dir, runs=runs)
    written = sorted(p for p in Path(out_dir).iterdir() if p.name in names)
    click.echo(f"wrote {len(written)} files to {out_dir}: {', '.join(p.name for p in written)}")


@pcer_group.command("export")
@click.argument("store", type=click.Path(dir_okay=False))
@click.option(
    "--out",
    required=True,
    type=click.Path(dir_okay=False),
    help="CSV or Parquet file of per-group rows.",
)
def export_cmd(store, out):
    """Export a results store's per-run, per-group rows."""
    from pathlib import Path

    from ..experiments import open_existing

    store_path = Path(store)
    check_outputs(
        {"--out": out},
        inputs=[
            store,
            store_path.with_name(store_path.name + "-wal"),
            store_path.with_name(store_path.name + "-shm"),
        ],
    )
    if Path(out).suffix not in (".csv", ".parquet"):
        raise EthicLensInputError(
            "unknown export type",
            column="--out",
            value=Path(out).suffix,
            fix="use .csv or .parquet",
        )
    check_writable(out)
    st = open_existing(store)
    try:
        path = st.export(out)
    finally:
        st.close()
    click.echo(f"wrote {path}")
