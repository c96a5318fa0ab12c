"""``ethiclens p2nia request|release|estimate|experiment|population-bias``: flags →
:mod:`ethiclens.p2nia` (the paper's harness: :mod:`ethiclens.experiments`) → print and write."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import click

from .._checks import check_level, check_level_draws, check_repetitions, first_row, split_list
from .._progress import progress as progress_bar
from .._text import plural, safe_console
from ..p2nia import ESTIMATE_N_BOOT as N_BOOT
from ..p2nia import RELEASE_MANIFEST_FILE as MANIFEST
from ..p2nia import RELEASE_TABLE_FILE as TABLE
from ..p2nia import (
    check_command_outputs,
    model_names,
    models_help,
    refuse_stdout,
    write_json_output,
)
from ._common import FILE, FOLDER, JSON, STRICT_FLOAT, option, options, shown
from ._main import OnceGroup
from ._options import LiveHelpOption, RegistryChoice


def file_rows_named(exc, path):
    """``exc`` naming its first refused row by ``path``'s file line, as ``audit`` does."""
    from ..sources import name_rows  # the library below sources takes it as an argument

    return name_rows(exc, path) if first_row(0)[:-1] in exc.problem else exc


# ``--accounting record|per-column`` (default record), with each command's help
accounting_option = partial(
    shown, "--accounting", type=click.Choice(["record", "per-column"]), default="record"
)
# ``--track-budget`` (a flag), with each command's help
track_budget_option = partial(option, "--track-budget", is_flag=True)


@click.group("p2nia", cls=OnceGroup)
def p2nia_group():
    """Privacy-preserving non-iterative audits: request, release, estimate (no API)."""


@p2nia_group.command("request")
@options(
    option("--n", "n_rows", required=True, type=int, help="Rows n′ to release."),
    option("--protected", required=True, help="Protected attribute."),
    option("--groups", help="Comma-separated groups of the attribute (public knowledge)."),
    option("--metrics", default="dp,eo,eopp", show_default=True),
    option(
        "--mechanism",
        default="grr",
        show_default=True,
        help="A registered mechanism: grr, mst, aim (ethiclens.p2nia.mechanism_names()).",
    ),
    option("--epsilon", required=True, help="The budget ε (a number > 0)."),
    accounting_option(
        help="record: ε for the whole record (GRR splits it over the released columns); per-column "
        "(GRR, the P2NIA paper's): each released column at the full ε, so the record-level ε is "
        "k·ε for k columns (stated in the manifest and the estimate).",
    ),
    option("--delta", help="δ, for mst/aim (GRR is pure ε: none)."),
    track_budget_option(help="Ask the platform to record the cumulative budget spent on its data."),
    option("--out", required=True, type=FILE),
)
def request_cmd(n_rows, protected, groups, metrics, out, **fields):
    """The auditor's request (JSON). Only the columns the metrics need are released: A and Ŷ
    for dp alone, A, Y and Ŷ with eo or eopp."""
    from ..p2nia import request_from_options, write_request

    suffix = {"--out": (".json", "the request")}
    check_command_outputs({"--out": out}, suffixes=suffix, stdout_flag="--out")
    req = request_from_options(n_rows, protected, groups=groups, metrics=metrics, **fields)
    if wrote := write_request(req, out):  # a file already there: replaced, with a warning
        click.echo(wrote)


@p2nia_group.command("release")
@options(
    option("--request", "request_path", required=True, type=FILE),
    option(
        "--data",
        required=True,
        type=FILE,
        help="The platform's audit data (CSV/Parquet) with labels and predictions.",
    ),
    option("--y-true", help="Label column (needed for eo/eopp)."),
    option("--y-pred", required=True, help="The model's prediction column."),
    option("--columns", help="Extra feature columns to synthesise (mst/aim)."),
    option(
        "--bins",
        multiple=True,
        metavar="COL=E0,E1,...",
        help="Bin edges for a numeric extra column (mst/aim), strictly increasing and covering "
        "the data. Repeatable.",
    ),
    option(
        "--open-bins",
        is_flag=True,
        help="Add open-ended bins below the first and above the last edge (recorded in the "
        "manifest) instead of refusing data outside the edges.",
    ),
    option("--seed", type=int, help="Seed (default: OS randomness): NOT DP unless kept secret."),
    option(
        "--replace",
        is_flag=True,
        help="Replace a release already in --out (the manifest then records the cumulative "
        "budget).",
    ),
    track_budget_option(help="Record the cumulative budget spent on this data in the manifest."),
    option("--out", required=True, type=FOLDER),
)
def release_cmd(request_path, data, out, **settings):
    """The platform's side: apply the mechanism and write the release and its manifest."""
    from ..p2nia import ReleaseSettings, release_to_folder

    settings = ReleaseSettings(**settings)
    released = release_to_folder(request_path, data, out, settings, name_rows=file_rows_named)
    click.echo(released.summary(out))


@p2nia_group.command("estimate")
@click.argument("release_dir", type=FOLDER)
@options(
    option("--n-boot", type=int, help=f"Interval draws [default: {N_BOOT}, more for many groups]."),
    shown("--seed", type=int, default=0, help="Bootstrap seed."),
    shown("--confidence-level", "level", type=STRICT_FLOAT, default=0.95, metavar="L"),
    option("--request", "request_path", type=FILE, help="Your request: refuse another's release."),
    JSON,
    option("--html", "html_out", type=FILE),
)
def estimate_cmd(release_dir, n_boot, seed, level, request_path, json_out, html_out):
    """The auditor's side: verify the release and estimate DP, EO and EOpp.

    Each metric has a value, an interval with its method, a status (REPORTED, UNDEFINED or
    INSUFFICIENT_DATA) and a reason; ``--json`` follows p2nia/estimate.schema.json.
    """
    from ..p2nia import check_n_boot, check_release_for, check_seed, estimate, read_release
    from ..report import estimate_html, write_atomic

    rd = Path(release_dir)
    to_stdout = check_command_outputs(
        {"--json": json_out, "--html": html_out},
        inputs=[rd / MANIFEST, rd / TABLE],
        protected_dirs=[rd],
        suffixes={"--json": (".json", "the JSON estimate"), "--html": (".html", "the HTML report")},
    )
    check_n_boot(n_boot)
    check_seed(seed)
    check_level_draws(n_boot, check_level(level, "--confidence-level"), "--confidence-level")
    try:  # n_boot None: the draws the groups' levels need (a level none reach: refused)
        rel = read_release(release_dir)
        check_release_for(rel, request_path, "--request")  # the auditor's own, when given
        est = estimate(rel, n_boot=n_boot, random_state=seed, level=level)
    except ValueError as exc:  # an input error naming the folder or level: the argument, option
        names = {"release_dir": "RELEASE_DIR", "level": "--confidence-level", "n_boot": "--n-boot"}
        raise (exc.renamed(names) if hasattr(exc, "renamed") else exc) from None
    est = est.record_inputs(release_dir, request_path)
    wrote = []  # the files first: a failing terminal never loses finished work
    if json_out and (line := write_json_output(json_out, est.to_dict())):
        wrote.append(line)
    if html_out:
        title = f"P2NIA estimate from {(rd.resolve() if rd.name in ('', '..') else rd).name}"
        page = estimate_html(title, est.described(), est.values, est.methods(), est.to_dict())
        write_atomic(html_out, page)
        wrote.append(f"wrote {html_out}")
    console = safe_console(stderr=to_stdout)  # --json -: the JSON alone on standard output
    for line in [est.header(), *est.lines(), *wrote]:  # the platform's words, escaped
        console.print(line, soft_wrap=True, markup=False)


@p2nia_group.command("experiment")
@options(
    option("--dataset", type=click.Choice(["adult", "acs-income"]), default="adult"),
    shown("--models", default="rf,xgb", cls=LiveHelpOption, live_help=models_help),
    shown("--mechanisms", default="grr,mst,aim,blackbox"),
    shown("--repetitions", default=10),
    shown("--sizes", default="250,500,1000,2000,5000"),
    shown("--epsilons", default="0.5,1,2,5,10"),
    shown("--metric-epsilons", default="10,1"),
    accounting_option(
        help="GRR accounting: record (ε split over the released columns) or per-column (the "
        "paper's: each column at the full ε).",
    ),
    option("--out", "out_dir", required=True, type=FOLDER),
    option("--scheduler", metavar="ADDRESS", help="Dask scheduler address, or 'local-cluster'."),
    option("--workers", type=int),
)
def experiment_cmd(dataset, out_dir, scheduler, workers, **grid):
    """The paper's evaluation: error vs n′, vs ε, and per metric; CSV and plots."""
    from ..experiments import ExperimentConfig, check_executor, run_experiment
    from ..experiments import write_experiment_outputs as write_outputs
    from ..report import ensure_output_folder

    check_executor(scheduler, workers, cli=True)  # before --out is created
    refuse_stdout(out_dir, "--out", "folder")
    cfg = ExperimentConfig.from_options(dataset, **grid)
    ensure_output_folder(out_dir, "--out")
    try:
        with progress_bar(console := safe_console(), f"p2nia {dataset}", "tasks") as progress:
            how = dict(scheduler=scheduler, workers=workers, progress=progress, keep_in=out_dir)
            frame = run_experiment(cfg, **how)  # finished tasks' rows kept in --out as they end
    except BaseException as exc:  # Ctrl-C, a failed task: say where the finished rows are
        for note in getattr(exc, "__notes__", ()):
            console.print(f"note: {note}", markup=False, soft_wrap=True)
        if not isinstance(exc, ValueError):
            raise
        flags = {"scheduler": "--scheduler", "keep_in": "--out"}  # the library's arguments
        raise getattr(exc, "renamed", lambda _, e=exc: e)(flags) from None
    files = write_outputs(frame, Path(out_dir), dataset, metric_epsilons=cfg.metric_epsilons)
    for note in cfg.notes:  # e.g. a size above the audit rows, run at them
        console.print(f"note: {note}", markup=False)
    console.print(f"wrote {plural(len(files), 'file')} to {out_dir}", markup=False)  # a path


@p2nia_group.command("population-bias")
@options(
    shown("--train-state", default="CO"),
    shown(
        "--audit-states",
        default="NE",
        help="Comma-separated states whose records the black-box auditor uses; 'all' for every "
        "other ACS state (the paper's Fig. 1: --train-state CA --audit-states all --download).",
    ),
    shown("--model", type=RegistryChoice(model_names), default="rf"),
    shown("--repetitions", default=3),
    option("--download", is_flag=True, help="Allow downloading states not shipped."),
    JSON,
    option(
        "--plot",
        type=FILE,
        help="PNG: the black-box DP with each state's records against the true DP (Fig. 1).",
    ),
)
def population_bias_cmd(train_state, audit_states, model, repetitions, download, json_out, plot):
    """Train on one ACSIncome state, audit with another state's records: the error."""
    from ..experiments import audit_states_for, cross_population, population_bias_lines
    from ..experiments import population_bias_document as document
    from ..experiments import write_population_bias_figure as write_figure

    check_repetitions(repetitions, "--repetitions", fix="e.g. --repetitions 3")
    suffixes = {"--plot": (".png", "the plot (a PNG image)"), "--json": (".json", "the JSON")}
    to_stdout = check_command_outputs({"--json": json_out, "--plot": plot}, suffixes=suffixes)
    states = audit_states_for(
        train_state, split_list(audit_states, "--audit-states"), "--audit-states", "--train-state"
    )
    console = safe_console(stderr=to_stdout)
    with progress_bar(console, f"population bias {train_state}", "repetitions") as progress:
        frame = cross_population(
            train_state,
            states,
            model=model,
            repetitions=repetitions,
            download=download,
            progress=progress,
        )
    wrote = []  # the files first: a failing terminal never loses finished work
    if plot:
        write_figure(frame, plot)
        wrote.append(f"wrote {plot}")
    if json_out and (line := write_json_output(json_out, document(frame))):
        wrote.append(line)
    for line in [*population_bias_lines(frame), *wrote]:
        console.print(line, markup=False)
