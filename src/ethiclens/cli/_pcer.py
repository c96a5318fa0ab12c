"""``ethiclens pcer audit|train|sweep|tables|export``: flags (declared in the tables below) →
request → one call of :mod:`ethiclens.privacy` or :mod:`ethiclens.experiments` → print/write."""

from __future__ import annotations

import click

from .._checks import check_draws, check_seed, split_list, split_names
from .._text import safe_console
from ..datasets import names as dataset_names
from ..errors import EthicLensInputError
from ..p2nia import refuse_stdout, write_json_output
from ..privacy import DEFAULT_N_BOOT, trainer_names, trainers_help  # the rest: in a run (pandas)
from ._common import FILE, FOLDER, JSON, json_outputs, option, options, positive_option, shown
from ._main import OnceGroup
from ._options import LiveHelpOption, RegistryChoice, positive_int
from ._p2nia import file_rows_named
from ._probe import flags_named


def _trainer_option(default, live_help):
    return click.option(
        "--trainer",
        cls=LiveHelpOption,
        live_help=live_help,
        type=RegistryChoice(trainer_names),
        default=default,
        show_default=default is not None,
    )


N_BOOT = "Jeffreys–Dirichlet draws per interval (at least 100)"
LEAVE = "leave --n-boot out (the default: 1000, more for 8 to 47 groups)"


# Each command's options, in --help order.
AUDIT_OPTIONS = (
    click.option(
        "--train",
        "train_path",
        required=True,
        type=FILE,
        help="The model's own training rows (members).",
    ),
    click.option(
        "--test", "test_path", required=True, type=FILE, help="Held-out rows (non-members)."
    ),
    click.option("--y-true", required=True),
    click.option("--y-pred", required=True),
    click.option("--protected", required=True, help="Group column."),
    click.option("--group-order", help="Comma-separated: which group is 0, which is 1, ..."),
    click.option(
        "--loss", help="Per-example loss column: enables the membership-inference attack."
    ),
    click.option("--id", "ids", help="Record id column: finds test rows that are train rows."),
    positive_option("Is the positive prediction a benefit or a harm? [default: favorable]"),
    shown("--eta", default=1e-3, help="Floor constant η."),
    option("--n-boot", type=int, help=f"{N_BOOT} [default: 1000, more for 8 to 47 groups]."),
    shown("--seed", default=0, help="Seed of the bootstrap."),
    click.option(
        "--min-group-size",
        callback=positive_int,  # the audit's floor check and words
        metavar="N",
        help="Rows per group per split below which a group is INSUFFICIENT_DATA "
        "[default: Policy().pcer_min_group_size, 30].",
    ),
    JSON,
)
TRAIN_OPTIONS = (
    click.argument("dataset", type=RegistryChoice(lambda: sorted(dataset_names("pcer")))),
    click.option("--attribute", help="Protected attribute (default: every one of the dataset)."),
    shown("--epsilon", default="1", help="ε, or 'none' for no DP."),
    shown("--seed", default=0, help="Seed of the split, the training and the bootstrap."),
    shown("--epochs", default=25),
    shown("--batch-size", default=256),
    shown("--eta", default=1e-3),
    shown(
        "--features",
        default="full",
        help="The dataset's feature set: full, or the PCER paper's stated list (paper).",
    ),
    positive_option(
        "Is the positive prediction a benefit or a harm? [default: the dataset's declared "
        "direction]"
    ),
    shown("--n-boot", default=DEFAULT_N_BOOT, help=f"{N_BOOT}."),
    _trainer_option("opacus", trainers_help),
    JSON,
)
SWEEP_OPTIONS = (
    click.option("--preset", type=click.Choice(["quick", "paper"]), default=None),
    click.option(
        "--grid",
        "grid_file",
        type=FILE,
        help="Grid file (TOML, YAML or JSON) with SweepGrid's keys.",
    ),
    option("--seeds", type=int, help="Use seeds 0..N-1."),
    click.option("--datasets", help="Comma-separated datasets (overrides the preset's)."),
    click.option("--epsilons", help="Comma-separated budgets; 'none' for no DP."),
    _trainer_option(None, lambda: trainers_help("the preset's or grid's, vectorized")),
    click.option(
        "--features",
        default=None,
        help="The datasets' feature set (overrides the preset's or grid's): full, or the PCER "
        "paper's stated lists (paper; the paper preset's default).",
    ),
    click.option("--store", default="runs.sqlite", show_default=True, type=FILE),
    click.option(
        "--scheduler", metavar="ADDRESS", help="Dask scheduler address, or 'local-cluster'."
    ),
    option("--workers", type=int, help="Local worker processes (default: all cores)."),
)


@click.group("pcer", cls=OnceGroup)
def pcer_group():
    """Privacy-cost equity: who bears the membership-inference risk, and what they get for it."""


@pcer_group.command("audit")
@options(*AUDIT_OPTIONS)
def audit_cmd(**o):
    """PCER (Algorithm 1) for any model's predictions on its train and test sets, with
    intervals (Jeffreys–Dirichlet draws of each group's train and test cells)."""
    from ..privacy import check_split_columns, pcer_audit, pcer_policy, print_summary, read_splits

    train_path, test_path, json_out = o["train_path"], o["test_path"], o["json_out"]
    to_stdout = json_outputs(json_out, inputs=[train_path, test_path])
    check_seed(o["seed"], "--seed")
    try:  # out of range whatever the groups: refused before the files are read (in range:
        o["n_boot"] is None or check_draws(o["n_boot"], "--n-boot")  # pcer_audit's, by groups)
    except EthicLensInputError as e:  # the groups, and so the default's draws, are unread
        raise EthicLensInputError(e.problem, column=e.column, value=e.value, fix=LEAVE) from None
    policy = pcer_policy(o["min_group_size"], "--min-group-size")
    columns = {k: o[k] for k in ("y_true", "y_pred", "protected", "loss", "ids")}
    with flags_named(ids="--id"):  # a column given twice names the flag that repeats it
        check_split_columns(**columns)
    try:
        splits = read_splits(train_path, test_path, **columns, name_rows=file_rows_named)
    except EthicLensInputError as exc:  # its arguments train_path, test_path are flags here
        flags = {"train_path": "--train", "test_path": "--test"}
        raise exc.renamed(flags, words=flags) from None
    if (order := o["group_order"]) is not None:  # '" Female"' names the splits' ' Female'
        order = split_names(order, "--group-order", {str(g) for s in splits for g in set(s.groups)})
    how = dict(eta=o["eta"], policy=policy, n_boot=o["n_boot"], random_state=o["seed"])
    with flags_named(groups="--protected"):  # eta, group_order, groups: their flags named
        favorable = o["positive"] != "harmful"
        result = pcer_audit(*splits, group_order=order, positive_is_favorable=favorable, **how)
    if json_out and (wrote := write_json_output(json_out, result.to_dict())):
        click.echo(wrote)  # written first: a failing terminal never loses finished work
    title = f"PCER audit of {train_path} / {test_path} by {o['protected']}"
    print_summary(result.summary(title), safe_console(stderr=to_stdout))


@pcer_group.command("train")
@options(*TRAIN_OPTIONS)
def train_cmd(json_out, **options):
    """Train the paper's MLP with DP-SGD (Opacus by default) and audit it: per-group table and
    PCER, with intervals from draws of each group's cells (one model: seed-to-seed spread is
    larger)."""
    from ..experiments import TrainRequest, train_and_audit
    from ..privacy import print_summary

    to_stdout = json_outputs(json_out)
    with flags_named():
        trained = train_and_audit(TrainRequest(**options))
    if json_out and (wrote := write_json_output(json_out, trained.to_dict())):
        click.echo(wrote)  # written first: a failing terminal never loses a trained audit
    click.echo(trained.headline(), err=to_stdout)
    console = safe_console(stderr=to_stdout)
    for attr, result in trained.results.items():
        print_summary(result.summary(f"{options['dataset']} / {attr}"), console)


@pcer_group.command("sweep")
@options(*SWEEP_OPTIONS)
def sweep_cmd(store, scheduler, workers, grid_file, preset, **options):
    """Train the grid's models (skipping those already in the store) and record every run.

    Exits 1 (listing them) when any run failed; a second sweep on a store in use is refused.
    """
    from ..experiments import check_workers, run_sweep, sweep_grid
    from ..io import check_outputs

    check_workers(workers, cli=True)
    for flag in [f for f in ("datasets", "epsilons") if options[f]]:  # given: split, checked
        options[flag] = split_list(options[flag], f"--{flag}")
    refuse_stdout(store, "--store")
    check_outputs({"--store": store}, inputs=[grid_file] if grid_file else [])
    with flags_named(grid_file="--grid"):  # the grid file, a key a flag overrode, --scheduler
        grid = sweep_grid(preset, grid_file, **options)
        console = safe_console()  # plain text: a store's path, a run's error: not markup
        summary = run_sweep(grid, store, scheduler=scheduler, workers=workers, console=console)
    head = [] if summary.executor else [f"grid: {grid.describe()} → {store}"]  # none pending
    for line in head + summary.lines():
        console.print(line, markup=False, soft_wrap=True)  # a long store path unbroken
    if summary.exit_code:
        raise SweepFailed(summary.failure_message())


class SweepFailed(click.ClickException):
    """Some runs of a sweep failed: exit 1 with the list (rerunning retries them)."""

    exit_code = 1


@pcer_group.command("tables")
@click.argument("store", type=FILE)
@click.option("--out", "out_dir", required=True, type=FOLDER)
def tables_cmd(store, out_dir):
    """The paper's tables (Markdown + CSV) and Figure 1 from a results store."""
    from ..experiments import tables_to_folder

    click.echo(tables_to_folder(store, out_dir))


@pcer_group.command("export")
@click.argument("store", type=FILE)
@click.option("--out", required=True, type=FILE, help="CSV or Parquet file of per-group rows.")
def export_cmd(store, out):
    """Export a results store's per-run, per-group rows."""
    from ..experiments import export_to_file

    click.echo(export_to_file(store, out))
