"""``ethiclens p2nia request|release|estimate|experiment``."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .._checks import split_list
from ..errors import EthicLensInputError
from ..io import check_outputs, read_table
from ..report import check_writable, ensure_output_folder, write_atomic
from ._options import LiveHelpOption, RegistryChoice
from ._probe import _console


def _numbers(text: str, flag: str, kind=float) -> list:
    out = []
    for item in split_list(text, flag):
        try:
            out.append(kind(item))
        except ValueError:
            raise EthicLensInputError(
                f"not {'an integer' if kind is int else 'a number'}",
                column=flag,
                value=item,
                fix=f"e.g. {flag} {'500,2000' if kind is int else '1,10'}",
            ) from None
    if len(set(out)) != len(out):
        raise EthicLensInputError(
            "values repeated", column=flag, value=text, fix="list each value once"
        )
    return out


@click.group("p2nia")
def p2nia_group():
    """Privacy-preserving non-iterative audits: request, release, estimate (no API)."""


@p2nia_group.command("request")
@click.option("--n", "n_rows", required=True, type=int, help="Rows n′ to release.")
@click.option("--protected", required=True, help="Protected attribute.")
@click.option("--groups", help="Comma-separated groups of the attribute (public knowledge).")
@click.option("--metrics", default="dp,eo,eopp", show_default=True)
@click.option(
    "--mechanism",
    default="grr",
    show_default=True,
    help="A registered mechanism: grr, mst, aim (ethiclens.p2nia.mechanism_names()).",
)
@click.option("--epsilon", required=True, type=float)
@click.option(
    "--accounting",
    type=click.Choice(["record", "per-column"]),
    default="record",
    show_default=True,
    help="record: ε for the whole record (GRR splits it over the released columns); "
    "per-column (GRR, the P2NIA paper's): each released column at the full ε, so the "
    "record-level ε is k·ε for k columns (stated in the manifest and the estimate).",
)
@click.option("--delta", type=float, default=None)
@click.option(
    "--track-budget",
    is_flag=True,
    help="Ask the platform to record the cumulative budget spent on its data.",
)
@click.option("--out", required=True, type=click.Path(dir_okay=False))
def request_cmd(
    n_rows, protected, groups, metrics, mechanism, epsilon, accounting, delta, track_budget, out
):
    """The auditor's request (JSON). Only the columns the metrics need are released: A and Ŷ
    for dp alone, A, Y and Ŷ with eo or eopp."""
    from ..p2nia import make_request

    check_outputs({"--out": out})
    check_writable(out)
    req = make_request(
        n_rows,
        protected,
        metrics=split_list(metrics, "--metrics"),
        mechanism=mechanism,
        epsilon=epsilon,
        delta=delta,
        protected_domain=split_list(groups, "--groups") if groups else None,
        track_budget=track_budget,
        accounting=accounting,
    )
    write_atomic(out, json.dumps(req.to_dict(), indent=2))
    click.echo(f"wrote {out}")


def _bins(specs):
    from ..p2nia import check_edges

    out = {}
    for spec in specs:
        col, eq, edges = spec.partition("=")
        col = col.strip()
        if not eq or not col or not edges.strip():
            raise EthicLensInputError(
                "expected COLUMN=E0,E1,...",
                column="--bins",
                value=spec,
                fix="e.g. --bins age=0,25,45,65,120",
            )
        if col in out:
            raise EthicLensInputError(
                "bins given twice for one column",
                column=f"--bins {col}",
                fix="give each column's edges once",
            )
        try:
            values = [float(x) for x in edges.split(",")]
        except ValueError:
            raise EthicLensInputError(
                "bins must be numbers",
                column=f"--bins {col}",
                value=edges,
                fix="e.g. --bins age=0,25,45,65,120",
            ) from None
        out[col] = check_edges(col, values).tolist()
    return out


def _read_request(path):
    from ..p2nia import AuditRequest

    try:
        raw = json.loads(Path(path).read_text())
    except (OSError, ValueError, RecursionError) as exc:  # incl. 5,000-digit integers
        raise EthicLensInputError(
            f"cannot read the request ({str(exc)[:120]})",
            column="--request",
            fix="create it with ethiclens p2nia request",
        ) from exc
    return AuditRequest.from_dict(raw)


@p2nia_group.command("release")
@click.option("--request", "request_path", required=True, type=click.Path(dir_okay=False))
@click.option(
    "--data",
    required=True,
    type=click.Path(dir_okay=False),
    help="The platform's audit data (CSV/Parquet) with labels and predictions.",
)
@click.option("--y-true", help="Label column (needed for eo/eopp).")
@click.option("--y-pred", required=True, help="The model's prediction column.")
@click.option("--columns", help="Extra feature columns to synthesise (mst/aim).")
@click.option(
    "--bins",
    multiple=True,
    metavar="COL=E0,E1,...",
    help="Bin edges for a numeric extra column (mst/aim), strictly increasing and "
    "covering the data. Repeatable.",
)
@click.option(
    "--open-bins",
    is_flag=True,
    help="Add open-ended bins below the first and above the last edge (recorded "
    "in the manifest) instead of refusing data outside the edges.",
)
@click.option("--seed", type=int, default=None, help="Seed (default: fresh randomness).")
@click.option(
    "--replace",
    is_flag=True,
    help="Replace a release already in --out (the manifest then records the cumulative budget).",
)
@click.option(
    "--track-budget",
    is_flag=True,
    help="Record the cumulative budget spent on this data in the manifest.",
)
@click.option("--out", required=True, type=click.Path(file_okay=False))
def release_cmd(
    request_path, data, y_true, y_pred, columns, bins, open_bins, seed, replace, track_budget, out
):
    """The platform's side: apply the mechanism and write the release and its manifest."""
    from ..p2nia import RELEASE_MANIFEST_FILE as MANIFEST
    from ..p2nia import RELEASE_TABLE_FILE as TABLE
    from ..p2nia import check_seed, release, write_release

    out_dir = Path(out)
    check_outputs(
        {"--out": out_dir / TABLE, "--out ": out_dir / MANIFEST}, inputs=[request_path, data]
    )
    for flag, path in (("--request", request_path), ("--data", data)):
        resolved = Path(path).resolve()
        if out_dir.resolve() in resolved.parents:
            raise EthicLensInputError(
                f"{path} is inside the release folder {out}, which a release replaces as a whole",
                column=flag,
                fix="keep inputs outside the --out folder",
            )
    check_seed(seed)
    req = _read_request(request_path)
    rel = release(
        req,
        read_table(data),
        y_true,
        y_pred,
        columns=split_list(columns, "--columns") if columns else None,
        discretization=_bins(bins) or None,
        random_state=seed,
        open_bins=open_bins,
    )
    write_release(rel, out, replace=replace, track_budget=track_budget)
    written = json.loads((out_dir / MANIFEST).read_text())
    budget = written.get("budget")
    note = (
        f"; cumulative ε on this data {budget['cumulative_on_this_data']:g} over "
        f"{budget['releases']} releases"
        if budget
        else ""
    )
    accounting = (
        f" per column, record-level ε = {rel.manifest['record_epsilon']:g}"
        if req.accounting != "record"
        else ""
    )
    click.echo(
        f"wrote {Path(out) / TABLE} ({rel.manifest['rows']} rows, {req.mechanism.upper()}, "
        f"ε = {req.epsilon:g}{accounting}) and manifest.json{note}"
    )


@p2nia_group.command("estimate")
@click.argument("release_dir", type=click.Path(file_okay=False))
@click.option("--n-boot", default=500, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Bootstrap seed.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False))
@click.option("--html", "html_out", type=click.Path(dir_okay=False))
def estimate_cmd(release_dir, n_boot, seed, json_out, html_out):
    """The auditor's side: verify the release and estimate DP, EO and EOpp.

    Each metric has a value, an interval with its method, a status (REPORTED, UNDEFINED or
    INSUFFICIENT_DATA) and a reason; ``--json`` follows p2nia/estimate.schema.json.
    """
    from ..p2nia import RELEASE_MANIFEST_FILE as MANIFEST
    from ..p2nia import RELEASE_TABLE_FILE as TABLE
    from ..p2nia import check_n_boot, check_seed, estimate, read_release

    rd = Path(release_dir)
    check_outputs(
        {"--json": json_out, "--html": html_out},
        inputs=[rd / MANIFEST, rd / TABLE],
        protected_dirs=[rd],
    )
    for path in (json_out, html_out):
        if path:
            check_writable(path)
    check_n_boot(n_boot)
    check_seed(seed)
    est = estimate(read_release(release_dir), n_boot=n_boot, random_state=seed)
    console = _console()
    console.print(f"Estimated from a {est.basis}; the manifest's and table's SHA-256 verified.")
    for k, v in est.values.items():
        value = "undefined" if v["value"] is None else f"{v['value']:.4f}"
        ci = "" if v["ci_low"] is None else f" [{v['ci_low']:.4f}, {v['ci_high']:.4f}]"
        why = f" ({v['reason']})" if v["reason"] else ""
        console.print(f"  {k.upper():5} {value}{ci}  {v['status']}{why}", soft_wrap=True)
    methods = {v["ci_method"] for v in est.values.values()}
    console.print(f"  intervals: {'; '.join(sorted(methods))}", soft_wrap=True)
    if json_out:
        write_atomic(json_out, json.dumps(est.to_dict(), indent=2))
    if html_out:
        write_atomic(html_out, _estimate_html(est, release_dir))


def _estimate_html(est, release_dir) -> str:
    from ..report import Report, Section, paragraph, table

    rows = [
        (
            k.upper(),
            "undefined" if v["value"] is None else f"{v['value']:.4f}",
            "—" if v["ci_low"] is None else f"[{v['ci_low']:.4f}, {v['ci_high']:.4f}]",
            v["status"] + (f": {v['reason']}" if v["reason"] else ""),
        )
        for k, v in est.values.items()
    ]
    method = "; ".join(sorted({v["ci_method"] for v in est.values.values()}))
    body = table(["metric", "estimate", "95% interval", "status"], rows, numeric=(1, 2))
    return Report(
        f"P2NIA estimate from {Path(release_dir).name}",
        est.basis,
        [Section("estimate", "Estimate", body + paragraph(f"Intervals: {method}."))],
    ).to_html()


def _model_names() -> list[str]:
    from ..p2nia import model_names

    return model_names()


def _models_help() -> str:
    from ..p2nia import get_model

    def one(name):
        m = get_model(name)
        return f"{name}: {m.label}" + (f" (ethiclens[{m.extra}])" if m.extra else "")

    models = "; ".join(one(n) for n in _model_names())
    return f"Comma-separated platform models, from the registry: {models}."


@p2nia_group.command("experiment")
@click.option("--dataset", type=click.Choice(["adult", "acs-income"]), default="adult")
@click.option(
    "--models", default="rf,xgb", show_default=True, cls=LiveHelpOption, live_help=_models_help
)
@click.option("--mechanisms", default="grr,mst,aim,blackbox", show_default=True)
@click.option("--repetitions", default=10, show_default=True)
@click.option("--sizes", default="250,500,1000,2000,5000", show_default=True)
@click.option("--epsilons", default="0.5,1,2,5,10", show_default=True)
@click.option("--metric-epsilons", default="10,1", show_default=True)
@click.option(
    "--accounting",
    type=click.Choice(["record", "per-column"]),
    default="record",
    show_default=True,
    help="GRR accounting: record (ε split over the released columns) or per-column (the "
    "paper's: each column at the full ε).",
)
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False))
@click.option("--scheduler", help="Dask scheduler address, or 'local-cluster'.")
@click.option("--workers", type=int)
def experiment_cmd(
    dataset,
    models,
    mechanisms,
    repetitions,
    sizes,
    epsilons,
    metric_epsilons,
    accounting,
    out_dir,
    scheduler,
    workers,
):
    """The paper's evaluation: error vs n′, vs ε, and per metric; CSV and plots."""
    from rich.progress import Progress

    from ..experiments import ExperimentConfig, check_workers, run_experiment
    from ..experiments import write_experiment_outputs as write_outputs

    check_workers(workers)
    cfg = ExperimentConfig(
        dataset=dataset,
        models=tuple(split_list(models, "--models")),
        mechanisms=tuple(split_list(mechanisms, "--mechanisms")),
        repetitions=repetitions,
        sizes=tuple(_numbers(sizes, "--sizes", int)),
        epsilons=tuple(_numbers(epsilons, "--epsilons")),
        metric_epsilons=tuple(_numbers(metric_epsilons, "--metric-epsilons"))
        if metric_epsilons
        else (),
        accounting=accounting,
    )
    cfg.validate()
    ensure_output_folder(out_dir, "--out")
    console = _console()
    with Progress(console=console) as bar:
        task = bar.add_task(f"p2nia {dataset}", total=None)
        frame = run_experiment(
            cfg,
            scheduler=scheduler,
            workers=workers,
            progress=lambda i, n: bar.update(task, completed=i, total=n),
        )
    files = write_outputs(frame, Path(out_dir), dataset, metric_epsilons=cfg.metric_epsilons)
    console.print(f"wrote {len(files)} files to {out_dir}")


@p2nia_group.command("population-bias")
@click.option("--train-state", default="CO", show_default=True)
@click.option(
    "--audit-states",
    default="NE",
    show_default=True,
    help="Comma-separated states whose records the black-box auditor uses; 'all' for every "
    "other ACS state (the paper's Fig. 1: --train-state CA --audit-states all --download).",
)
@click.option("--model", type=RegistryChoice(_model_names), default="rf", show_default=True)
@click.option("--repetitions", type=click.IntRange(min=1), default=3, show_default=True)
@click.option("--download", is_flag=True, help="Allow downloading states not shipped.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False))
@click.option(
    "--plot",
    type=click.Path(dir_okay=False),
    help="PNG: the black-box DP with each state's records against the true DP (Fig. 1).",
)
def population_bias_cmd(train_state, audit_states, model, repetitions, download, json_out, plot):
    """Train on one ACSIncome state, audit with another state's records: the error."""
    from ..experiments import audit_states_for, cross_population, write_population_bias_figure

    if plot and Path(plot).suffix.lower() != ".png":
        raise EthicLensInputError(
            "the plot is a PNG image",
            column="--plot",
            value=plot,
            fix=f"give a path ending in .png, e.g. {Path(plot).with_suffix('.png').name}",
        )
    check_outputs({"--json": json_out, "--plot": plot})
    for out in (json_out, plot):
        if out:
            check_writable(out)
    states = audit_states_for(
        train_state, split_list(audit_states, "--audit-states"), "--audit-states", "--train-state"
    )
    console = _console()
    frame = cross_population(
        train_state,
        states,
        model=model,
        repetitions=repetitions,
        download=download,
        progress=lambda done, total: console.print(f"repetition {done}/{total} done"),
    )
    train = frame.train_state.iloc[0]
    for state, part in frame.groupby("audit_state"):
        console.print(
            f"model trained in {train}, audited with {state}'s records: "
            f"reference DP {part.reference_dp.mean():.4f}, black-box DP "
            f"{part.blackbox_dp.mean():.4f}, mean absolute error "
            f"{part.abs_error.mean():.4f} over {len(part)} repetitions"
        )
    if len(states) > 1:
        console.print(
            f"mean absolute error over {len(states)} audit states: "
            f"{frame.groupby('audit_state').abs_error.mean().mean():.4f}"
        )
    if plot:
        write_population_bias_figure(frame, plot)
    if json_out:
        write_atomic(json_out, frame.to_json(orient="records", indent=2))
