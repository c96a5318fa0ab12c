"""``ethiclens p2nia request|release|estimate|experiment``."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..errors import EthicLensInputError
from ..io import read_table
from ..report import check_writable, write_atomic
from ._probe import _console


@click.group("p2nia")
def p2nia_group():
    """Privacy-preserving non-iterative audits: request, release, estimate (no API)."""


@p2nia_group.command("request")
@click.option("--n", "n_rows", required=True, type=int, help="Rows n′ to release.")
@click.option("--protected", required=True, help="Protected attribute.")
@click.option("--groups", help="Comma-separated groups of the attribute (public knowledge).")
@click.option("--metrics", default="dp,eo,eopp", show_default=True)
@click.option("--mechanism", type=click.Choice(["grr", "mst", "aim"]), default="grr",
              show_default=True)
@click.option("--epsilon", required=True, type=float)
@click.option("--delta", type=float, default=None)
@click.option("--out", required=True, type=click.Path(dir_okay=False))
def request_cmd(n_rows, protected, groups, metrics, mechanism, epsilon, delta, out):
    """The auditor's request (JSON)."""
    from ..p2nia import make_request

    check_writable(out)
    req = make_request(n_rows, protected, metrics=metrics.split(","), mechanism=mechanism,
                       epsilon=epsilon, delta=delta,
                       protected_domain=groups.split(",") if groups else None)
    write_atomic(out, json.dumps(req.to_dict(), indent=2))
    click.echo(f"wrote {out}")


def _bins(specs):
    out = {}
    for spec in specs:
        col, _, edges = spec.partition("=")
        try:
            out[col] = [float(x) for x in edges.split(",")]
        except ValueError:
            raise EthicLensInputError("bins must be numbers", column=f"--bins {col}",
                                      fix="e.g. --bins age=0,25,45,65,120") from None
    return out


@p2nia_group.command("release")
@click.option("--request", "request_path", required=True, type=click.Path(dir_okay=False))
@click.option("--data", required=True, type=click.Path(dir_okay=False),
              help="The platform's audit data (CSV/Parquet) with labels and predictions.")
@click.option("--y-true", help="Label column (needed for eo/eopp).")
@click.option("--y-pred", required=True, help="The model's prediction column.")
@click.option("--columns", help="Extra feature columns to synthesise (mst/aim).")
@click.option("--bins", multiple=True, metavar="COL=E0,E1,...",
              help="Bin edges for a numeric extra column (mst/aim). Repeatable.")
@click.option("--seed", type=int, default=None, help="Seed (default: fresh randomness).")
@click.option("--out", required=True, type=click.Path(file_okay=False))
def release_cmd(request_path, data, y_true, y_pred, columns, bins, seed, out):
    """The platform's side: apply the mechanism and write the release and its manifest."""
    from ..p2nia import AuditRequest, release, write_release

    try:
        req = AuditRequest.from_dict(json.loads(Path(request_path).read_text()))
    except (OSError, json.JSONDecodeError) as exc:
        raise EthicLensInputError(f"cannot read the request ({exc})", column="--request") from exc
    rel = release(req, read_table(data), y_true, y_pred,
                  columns=columns.split(",") if columns else None, discretization=_bins(bins),
                  random_state=seed)
    write_release(rel, out)
    click.echo(f"wrote {out}/release.csv ({rel.manifest['rows']} rows, {req.mechanism.upper()}, "
               f"ε = {req.epsilon:g}) and manifest.json")


@p2nia_group.command("estimate")
@click.argument("release_dir", type=click.Path(file_okay=False))
@click.option("--n-boot", default=500, show_default=True)
@click.option("--json", "json_out", type=click.Path(dir_okay=False))
def estimate_cmd(release_dir, n_boot, json_out):
    """The auditor's side: verify the release and estimate DP, EO and EOpp."""
    from ..p2nia import estimate, read_release

    if json_out:
        check_writable(json_out)
    est = estimate(read_release(release_dir), n_boot=n_boot)
    console = _console()
    console.print(f"Estimated from a {est.basis}; the manifest's and table's SHA-256 verified.")
    for k, v in est.values.items():
        value = "undefined" if v["value"] is None else f"{v['value']:.4f}"
        ci = ("" if v["ci_low"] is None else f" [{v['ci_low']:.4f}, {v['ci_high']:.4f}]")
        console.print(f"  {k.upper():5} {value}{ci}")
    console.print(f"  intervals: {next(iter(est.values.values()))['ci_method']}")
    if json_out:
        write_atomic(json_out, json.dumps(est.to_dict(), indent=2))


@p2nia_group.command("experiment")
@click.option("--dataset", type=click.Choice(["adult", "acs-income"]), default="adult")
@click.option("--models", default="rf,xgb", show_default=True)
@click.option("--mechanisms", default="grr,mst,aim,blackbox", show_default=True)
@click.option("--repetitions", default=10, show_default=True)
@click.option("--sizes", default="250,500,1000,2000,5000", show_default=True)
@click.option("--epsilons", default="0.5,1,2,5,10", show_default=True)
@click.option("--metric-epsilons", default="10,1", show_default=True)
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False))
@click.option("--scheduler", help="Dask scheduler address, or 'local-cluster'.")
@click.option("--workers", type=int)
def experiment_cmd(dataset, models, mechanisms, repetitions, sizes, epsilons, metric_epsilons,
                   out_dir, scheduler, workers):
    """The paper's evaluation: error vs n′, vs ε, and per metric; CSV and plots."""
    from rich.progress import Progress

    from ..p2nia import ExperimentConfig, run_experiment
    from ..p2nia import write_experiment_outputs as write_outputs

    cfg = ExperimentConfig(
        dataset=dataset, models=tuple(models.split(",")),
        mechanisms=tuple(mechanisms.split(",")), repetitions=repetitions,
        sizes=tuple(int(x) for x in sizes.split(",")),
        epsilons=tuple(float(x) for x in epsilons.split(",")),
        metric_epsilons=tuple(float(x) for x in metric_epsilons.split(",")) if metric_epsilons
        else ())
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    console = _console()
    with Progress(console=console) as bar:
        task = bar.add_task(f"p2nia {dataset}", total=None)
        frame = run_experiment(cfg, scheduler=scheduler, workers=workers,
                               progress=lambda i, n: bar.update(task, completed=i, total=n))
    files = write_outputs(frame, Path(out_dir), dataset)
    console.print(f"wrote {len(files)} files to {out_dir}")


@p2nia_group.command("population-bias")
@click.option("--train-state", default="CO", show_default=True)
@click.option("--audit-states", default="NE", show_default=True,
              help="Comma-separated states whose records the black-box auditor uses.")
@click.option("--model", type=click.Choice(["rf", "xgb"]), default="rf", show_default=True)
@click.option("--repetitions", default=3, show_default=True)
@click.option("--download", is_flag=True, help="Allow downloading states not shipped.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False))
def population_bias_cmd(train_state, audit_states, model, repetitions, download, json_out):
    """Train on one ACSIncome state, audit with another state's records: the error."""
    from ..p2nia import cross_population

    if json_out:
        check_writable(json_out)
    frame = cross_population(train_state, audit_states.split(","), model=model,
                             repetitions=repetitions, download=download)
    console = _console()
    for state, part in frame.groupby("audit_state"):
        console.print(f"model trained in {train_state}, audited with {state}'s records: "
                      f"reference DP {part.reference_dp.mean():.4f}, black-box DP "
                      f"{part.blackbox_dp.mean():.4f}, mean absolute error "
                      f"{part.abs_error.mean():.4f} over {len(part)} repetitions")
    if json_out:
        write_atomic(json_out, frame.to_json(orient="records", indent=2))
