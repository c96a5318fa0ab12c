"""``ethiclens probe ...`` and ``ethiclens oracle``: flags → :mod:`ethiclens.probes` → print
and write."""

from __future__ import annotations

from contextlib import contextmanager

import click

from .._checks import check_seed
from .._progress import progress as progress_bar
from .._text import safe_console
from ..errors import EthicLensInputError, in_flag_words
from ..p2nia import write_json_output
from ._common import (
    FILE,
    JSON,
    deprecated_favorable_option,
    favorable_label,
    json_outputs,
    option,
    options,
    positive_option,
    show,
    shown,
)
from ._main import OnceGroup
from ._p2nia import file_rows_named

N_BOOT = shown("--n-boot", default=1000)  # one option, one check (the library's) per command
SEED = shown("--seed", default=0, callback=lambda ctx, param, seed: check_seed(seed, "--seed"))
# the last options of both probes: the deprecated --favorable, the seed, the draws, --json
PROBE_TAIL = (deprecated_favorable_option, SEED, N_BOOT, JSON)


@contextmanager
def flags_named(**aliases):
    """A library error about its parameter ``p_name`` names the flag ``--p-name`` that set it."""
    try:
        yield
    except EthicLensInputError as exc:
        name, ctx = str(exc.column), click.get_current_context()
        flag = aliases.get(name, "--" + name.replace("_", "-"))
        given = [ctx.params.get(p.name) for p in ctx.command.params if flag in p.opts]
        if all(v is None for v in given):
            raise
        if exc.kind == "column" and any(
            name in (v if isinstance(v, tuple) else (v,)) for v in ctx.params.values()
        ):
            raise  # a data column a flag named ('--protected out' holding a blank), kept
        raise in_flag_words(exc, flag) from None  # its fix's example as the flag takes it


@click.group("probe", cls=OnceGroup)
def probe_group():
    """Counterfactual probing: change only the protected attribute and watch the model."""


@probe_group.command("counterfactual")
@click.argument("target", required=False)
@options(
    option("--attribute", help="Protected attribute to flip (benchmarks: default the first)."),
    option(
        "--model",
        "model_spec",
        metavar="MODULE:FUNCTION",
        help="Your model: a function returning a fitted model with predict(); used with --data.",
    ),
    option("--data", type=FILE, help="Records (CSV/Parquet) to probe."),
    positive_option(
        "Is a positive prediction (1) favorable or harmful? (default: the "
        "benchmark's declared direction; favorable for your model)"
    ),
    *PROBE_TAIL,
)
def counterfactual_cmd(target, json_out, **flags):
    """Probe a benchmark's standard model (trained WITH the attribute) or your model."""
    from ..probes import probe_benchmark, probe_model  # pandas: in a run, not in --help

    to_stdout = json_outputs(json_out, inputs=[flags["data"]])
    model = flags["model_spec"]  # your model favours 1 by default, a benchmark as declared
    _check_target(target, model, flags["data"])
    fav = favorable_label(flags["positive"], flags["favorable"], 1 if model else None)
    run = {k: flags[k] for k in ("attribute", "n_boot", "seed")} | {"favorable": fav}
    with flags_named():
        if model:
            result, intro = probe_model(model, flags["data"], name_rows=file_rows_named, **run)
        else:
            result, intro = probe_benchmark(target, **run)
    if json_out and (wrote := write_json_output(json_out, result.to_dict())):
        click.echo(wrote)  # written first: a failing terminal never loses finished work
    show(result.summary(intro), err=to_stdout)


def _check_target(target, model, data) -> None:
    """A benchmark (TARGET) or your model (--model with --data), never a mix: a flag that
    would be ignored is refused."""
    if data and not model:
        raise EthicLensInputError(
            "needs --model: it gives your model's records, and a benchmark probes its own data",
            column="--data",
            fix="add --model MODULE:FUNCTION, or drop --data to probe the benchmark",
        )
    if target and model:
        raise EthicLensInputError(
            "a benchmark is not probed with --model",
            column="TARGET",
            value=target,
            fix="drop TARGET to probe your model on --data, or drop --model and --data",
        )


@probe_group.command("make-counterfactuals")
@click.argument("data", type=FILE)
@options(
    option("--protected", required=True, help="Column to flip."),
    option("--out", required=True, type=FILE),
)
def make_cmd(data, protected, out):
    """Write every record once as observed and once per other group, for you to score."""
    from ..probes import write_counterfactuals

    with flags_named():
        n_rows = write_counterfactuals(data, protected, out, name_rows=file_rows_named)
    click.echo(
        f"wrote {n_rows:,} rows to {out}; add a prediction column (and optionally a "
        f"score column) and run: ethiclens probe analyze-counterfactuals {out} --y-pred COL"
    )


@probe_group.command("analyze-counterfactuals")
@click.argument("scored", type=FILE)
@options(
    option("--y-pred", required=True),
    option("--y-score"),
    positive_option("Is a positive prediction (1) favorable or harmful? [default: favorable]"),
    *PROBE_TAIL,
)
def analyze_cmd(scored, json_out, **flags):
    """Flip rates from your predictions on a make-counterfactuals table."""
    from ..probes import analyze_scored

    to_stdout = json_outputs(json_out, inputs=[scored])
    fav = favorable_label(flags.pop("positive"), flags.pop("favorable"), 1)
    with flags_named():
        result, intro = analyze_scored(scored, favorable=fav, name_rows=file_rows_named, **flags)
    if json_out and (wrote := write_json_output(json_out, result.to_dict())):
        click.echo(wrote)  # written first: a failing terminal never loses finished work
    show(result.summary(intro), err=to_stdout)


@click.command("oracle")
@options(
    shown("--n", "n_rows", default=20_000, help="Rows per repetition."),
    option(
        "--di",
        "dis",
        multiple=True,
        type=float,
        help="Injected DI; repeatable (default: 0.6 and 1.0).",
    ),
    option("--eo-gap", type=float, default=None, help="Injected EO gap."),
    shown("--repetitions", default=500),
    N_BOOT,
    SEED,
    JSON,
)
def oracle_command(n_rows, dis, eo_gap, repetitions, n_boot, seed, json_out):
    """Self-check: inject known bias, audit it many times, report recovery and CI coverage."""
    import warnings

    from rich.markup import escape

    from ..probes import oracle_disparate_impacts, oracle_report, run_oracle

    to_stdout = json_outputs(json_out)
    console = safe_console(stderr=to_stdout)
    results = []
    settings = dict(eo_gap=eo_gap, repetitions=repetitions, n_boot=n_boot, random_state=seed)
    for di in oracle_disparate_impacts(dis, column="--di", eo_gap=eo_gap):
        with (
            flags_named(disparate_impact="--di"),
            warnings.catch_warnings(record=True) as caught,
            progress_bar(console, f"oracle DI {di}", "repetitions") as progress,
        ):
            warnings.simplefilter("always")
            res = run_oracle(n_rows, disparate_impact=di, progress=progress, **settings)
        for w in caught:
            console.print(f"[yellow]warning:[/yellow] {escape(str(w.message))}")
        results.append(res)
        for block in res.summary(di, n_boot):
            console.print(block)
    if json_out and (wrote := write_json_output(json_out, oracle_report(results))):
        click.echo(wrote)
