"""``ethiclens probe ...`` and ``ethiclens oracle``."""

from __future__ import annotations

import importlib
import json
import sys

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .. import datasets as ds_mod
from .._checks import SKLEARN_SEED_LIMIT, check_seed
from ..errors import EthicLensInputError
from ..io import check_outputs, read_table, require_columns
from ..models import train_standard_model
from ..probes import analyze_counterfactuals, counterfactual, make_counterfactuals, run_oracle
from ..report import check_writable, write_atomic


def _console() -> Console:
    """The commands' rich console: user text made terminal-safe (ethiclens._text)."""
    from .._text import safe_console

    return safe_console()


POSITIVE_CHOICES = ("favorable", "harmful")


class PositiveChoice(click.Choice):
    """``--positive favorable|harmful``, the one sign vocabulary of every command.

    The old spelling ``beneficial`` is accepted as a deprecated alias of ``favorable`` (with a
    one-line notice on stderr).
    """

    def __init__(self):
        super().__init__(list(POSITIVE_CHOICES), case_sensitive=False)

    def convert(self, value, param, ctx):
        if isinstance(value, str) and value.lower() == "beneficial":
            click.echo(
                "warning: --positive beneficial is deprecated; use --positive favorable", err=True
            )
            return "favorable"
        return super().convert(value, param, ctx)


def positive_option(help_text: str):
    """The shared ``--positive`` option (default None: the dataset's or command's default)."""
    return click.option("--positive", type=PositiveChoice(), default=None, help=help_text)


# The probes' old spelling of the label direction, kept hidden for scripts that still pass it.
deprecated_favorable_option = click.option(
    "--favorable",
    type=int,
    default=None,
    hidden=True,
    help="Deprecated: the favourable prediction (0 or 1); use --positive.",
)


def favorable_label(positive: str | None, favorable: int | None, default: int) -> int:
    """The favourable prediction (0 or 1) from ``--positive`` or the deprecated ``--favorable``."""
    if favorable is not None:
        if favorable not in (0, 1):
            raise EthicLensInputError(
                "must be 0 or 1",
                column="--favorable",
                value=favorable,
                fix="use --positive favorable|harmful instead",
            )
        click.echo(
            "warning: --favorable is deprecated; use --positive favorable (prediction 1 "
            "is favourable) or --positive harmful (prediction 0 is)",
            err=True,
        )
        if positive is not None and (positive == "favorable") != (favorable == 1):
            raise EthicLensInputError(
                f"--favorable {favorable} contradicts --positive {positive}",
                column="--positive",
                fix="give only --positive",
            )
        return favorable
    if positive is None:
        return default
    return 1 if positive == "favorable" else 0


@click.group("probe")
def probe_group():
    """Counterfactual probing: change only the protected attribute and watch the model."""


def _load_entry_point(spec: str):
    """``module:function`` -> the fitted model the function returns (never unpickles)."""
    module_name, sep, func_name = spec.partition(":")
    if not sep or not module_name or not func_name:
        raise EthicLensInputError(
            "expected module:function",
            column="--model",
            value=spec,
            fix="e.g. --model mypkg.models:load_model",
        )
    sys.path.insert(0, ".")
    importlib.invalidate_caches()  # "." may be another folder than at an earlier import
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise EthicLensInputError(
            f"cannot import {module_name} ({exc})",
            column="--model",
            fix="run from the folder that contains it, or install it",
        ) from exc
    except Exception as exc:  # noqa: BLE001 - the user's module failed while importing
        raise EthicLensInputError(
            f"importing {module_name} raised {type(exc).__name__}: {_first(exc)}",
            column="--model",
            value=spec,
            fix=f"run 'python -c \"import {module_name}\"' to see the full error",
        ) from exc
    finally:
        sys.path.pop(0)
    func = getattr(module, func_name, None)
    if not callable(func):
        raise EthicLensInputError(
            f"{module_name} has no function {func_name}",
            column="--model",
            fix="name a function that returns the fitted model",
        )
    try:
        return func()
    except Exception as exc:  # noqa: BLE001 - the user's loader: any error is theirs to fix
        raise EthicLensInputError(
            f"{spec}() raised {type(exc).__name__}: {_first(exc)}",
            column="--model",
            fix=f"call {func_name}() from Python to see the full error",
        ) from exc


def _first(exc: BaseException) -> str:
    """The first line of an exception's message (bounded)."""
    text = str(exc).strip()
    return text.splitlines()[0][:300] if text else "(no message)"


def _print_cf(result, intro):
    console = _console()
    console.print(escape(intro))
    table = Table()
    for col in (
        "source → target",
        "n",
        "flip rate [95% CI]",
        "to favourable",
        "to unfavourable",
        "mean score shift [95% CI]",
    ):
        table.add_column(col)
    for p in result.pairs:
        shift = "—"
        if p.mean_score_shift is not None:
            ci = p.mean_score_shift_ci
            shift = f"{p.mean_score_shift:+.4f} [{ci.low:+.4f}, {ci.high:+.4f}]"
        ci = p.flip_rate_ci
        flip = f"{p.flip_rate:.4f} " + (f"[{ci.low:.4f}, {ci.high:.4f}]" if ci.defined else "")
        table.add_row(
            escape(f"{p.source} → {p.target}"),
            str(p.n),
            flip,
            f"{p.to_favorable_rate:.4f}",
            f"{p.to_unfavorable_rate:.4f}",
            shift,
        )
    console.print(table)
    for note in result.notes:
        console.print(escape(f"note: {note}"))


@probe_group.command("counterfactual")
@click.argument("target", required=False)
@click.option("--attribute", help="Protected attribute to flip (benchmarks: default the first).")
@click.option(
    "--model",
    "model_spec",
    metavar="MODULE:FUNCTION",
    help="Your model: a function returning a fitted model with predict(); used with --data.",
)
@click.option("--data", type=click.Path(dir_okay=False), help="Records (CSV/Parquet) to probe.")
@positive_option(
    "Is a positive prediction (1) favorable or harmful? (default: the "
    "benchmark's declared direction; favorable for your model)"
)
@deprecated_favorable_option
@click.option("--seed", default=0, show_default=True)
@click.option("--n-boot", default=1000, show_default=True)
@click.option("--json", "json_out", type=click.Path(dir_okay=False))
def counterfactual_cmd(
    target, attribute, model_spec, data, positive, favorable, seed, n_boot, json_out
):
    """Probe a benchmark's standard model (trained WITH the attribute) or your model."""
    check_seed(seed, "--seed", limit=SKLEARN_SEED_LIMIT)
    check_outputs({"--json": json_out}, inputs=[data])
    if json_out:
        check_writable(json_out)
    if model_spec:
        if not data or not attribute:
            raise EthicLensInputError("--model needs --data and --attribute", column="--data")
        model = _load_entry_point(model_spec)
        X = read_table(data)
        require_columns(X, [attribute], data)
        fav = favorable_label(positive, favorable, 1)
        try:
            result = counterfactual(
                model, X, attribute, favorable_label=fav, n_boot=n_boot, random_state=seed
            )
        except EthicLensInputError as exc:
            if exc.column != "model":
                raise
            raise EthicLensInputError(
                f"{exc.problem} (loaded by {model_spec})", column="--model", fix=exc.fix
            ) from None
        intro = f"Counterfactual probe of {model_spec} on {data} ({len(X):,} records)"
    else:
        if target not in ds_mod.DATASETS:
            raise EthicLensInputError(
                "unknown dataset",
                column="TARGET",
                value=target,
                fix=f"use one of {sorted(ds_mod.DATASETS)}, or --model with --data",
            )
        ds = ds_mod.load(target)
        attribute = attribute or ds.protected.columns[0]
        if attribute not in ds.protected.columns:
            raise EthicLensInputError(
                f"is not a protected attribute of {target}",
                column=attribute,
                fix=f"use {list(ds.protected.columns)}",
            )
        run = train_standard_model(ds, seed=seed, include_protected=True)
        fav = favorable_label(positive, favorable, 1 if ds.positive_is_favorable else 0)
        result = counterfactual(
            run.model, run.X_test, attribute, favorable_label=fav, n_boot=n_boot, random_state=seed
        )
        intro = (
            f"Counterfactual probe of {target}'s standard logistic regression, trained WITH "
            f"the protected attributes {list(ds.protected.columns)} as features (the audit "
            f"model excludes them), on its {len(run.X_test):,} test records; favourable "
            f"prediction = {fav}."
        )
    _print_cf(result, intro)
    if json_out:
        write_atomic(json_out, json.dumps(result.to_dict(), indent=2))
        click.echo(f"wrote {json_out}")


@probe_group.command("make-counterfactuals")
@click.argument("data", type=click.Path(dir_okay=False))
@click.option("--protected", required=True, help="Column to flip.")
@click.option("--out", required=True, type=click.Path(dir_okay=False))
def make_cmd(data, protected, out):
    """Write every record once as observed and once per other group, for you to score."""
    check_outputs({"--out": out}, inputs=[data])
    check_writable(out)
    frame = make_counterfactuals(read_table(data), protected)
    write_atomic(out, frame.to_csv(index=False))
    click.echo(
        f"wrote {len(frame):,} rows to {out}; add a prediction column (and optionally a "
        f"score column) and run: ethiclens probe analyze-counterfactuals {out} "
        "--y-pred COL"
    )


@probe_group.command("analyze-counterfactuals")
@click.argument("scored", type=click.Path(dir_okay=False))
@click.option("--y-pred", required=True)
@click.option("--y-score")
@positive_option("Is a positive prediction (1) favorable or harmful? [default: favorable]")
@deprecated_favorable_option
@click.option("--seed", default=0, show_default=True)
@click.option("--json", "json_out", type=click.Path(dir_okay=False))
def analyze_cmd(scored, y_pred, y_score, positive, favorable, seed, json_out):
    """Flip rates from your predictions on a make-counterfactuals table."""
    check_seed(seed, "--seed")
    check_outputs({"--json": json_out}, inputs=[scored])
    if json_out:
        check_writable(json_out)
    frame = read_table(scored)
    require_columns(frame, [y_pred] + ([y_score] if y_score else []), scored)
    fav = favorable_label(positive, favorable, 1)
    result = analyze_counterfactuals(
        frame,
        frame[y_pred],
        frame[y_score] if y_score else None,
        favorable_label=fav,
        random_state=seed,
    )
    _print_cf(result, f"Counterfactual analysis of {scored}")
    if json_out:
        write_atomic(json_out, json.dumps(result.to_dict(), indent=2))


@click.command("oracle")
@click.option("--n", "n_rows", default=20_000, show_default=True, help="Rows per repetition.")
@click.option(
    "--di", "dis", multiple=True, type=float, help="Injected DI; repeatable (default: 0.6 and 1.0)."
)
@click.option("--eo-gap", type=float, default=None, help="Injected EO gap.")
@click.option("--repetitions", default=500, show_default=True)
@click.option("--n-boot", default=1000, show_default=True)
@click.option("--seed", default=0, show_default=True)
@click.option("--json", "json_out", type=click.Path(dir_okay=False))
def oracle_command(n_rows, dis, eo_gap, repetitions, n_boot, seed, json_out):
    """Self-check: inject known bias, audit it many times, report recovery and CI coverage."""
    import warnings

    from rich.progress import Progress

    check_seed(seed, "--seed")
    check_outputs({"--json": json_out})
    if json_out:
        check_writable(json_out)
    console = _console()
    results = []
    for di in dis or (0.6, 1.0):
        with warnings.catch_warnings(record=True) as caught, Progress(console=console) as bar:
            warnings.simplefilter("always")
            task = bar.add_task(f"DI {di}", total=repetitions)
            res = run_oracle(
                n_rows,
                disparate_impact=di,
                eo_gap=eo_gap,
                repetitions=repetitions,
                n_boot=n_boot,
                random_state=seed,
                progress=lambda done, total, t=task: bar.update(t, completed=done),
            )
        for w in caught:
            console.print(f"[yellow]warning:[/yellow] {escape(str(w.message))}")
        results.append(res)
        table = Table(
            title=f"Injected DI {di}, EO gap {res.truth['equalized_odds_difference']:.3f}"
            f" — {repetitions} repetitions × {n_rows:,} rows, B = {n_boot}"
        )
        for col in ("metric", "CI", "truth", "mean est.", "bias", "RMSE", "coverage (±MC SE)"):
            table.add_column(col)
        for r in res.rows:
            table.add_row(
                r["metric"],
                r["method"],
                f"{r['truth']:.4f}",
                f"{r['mean_estimate']:.4f}",
                f"{r['bias']:+.4f}",
                f"{r['rmse']:.4f}",
                f"{r['coverage']:.3f} ± {r['coverage_mc_se']:.3f}",
            )
        console.print(table)
        side = "below" if di < 0.8 else "at or above"
        for meth, rate in res.flag_rate.items():
            console.print(
                f"flag fired ({meth}, truth {side} 0.80): {rate['any_rule']:.1%} of "
                f"runs (via the DI rule {rate['di_rule']:.1%})"
            )
    if json_out:
        write_atomic(json_out, json.dumps([r.to_dict() for r in results], indent=2))
