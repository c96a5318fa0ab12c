"""``ethiclens compare``: two models' predictions on the same rows, B − A with paired intervals."""

from __future__ import annotations

import click

from .. import datasets as ds_mod
from ..errors import EthicLensInputError
from ._audit import (
    _choice,
    _edited_reference,
    _flag_error,
    _parse_protected,
    _positive_int,
    parse_excludes,
    parse_merges,
)

COMPAS_MODELS = ("model", "decile")
CI_CHOICES = ("jeffreys", "bootstrap")


def _two_models(y_pred) -> tuple[str, str]:
    if len(y_pred) != 2:
        raise EthicLensInputError(
            f"needs exactly two models, got {len(y_pred)}",
            column="--y-pred",
            value=", ".join(y_pred) or None,
            fix="give --y-pred twice: --y-pred model_a --y-pred model_b (A first, B second)",
        )
    if y_pred[0] == y_pred[1]:
        raise EthicLensInputError(
            "the same model was given twice",
            column="--y-pred",
            value=y_pred[0],
            fix="name two different prediction columns",
        )
    return y_pred[0], y_pred[1]


def file_inputs(path, y_true, models, protected, excludes, merges, weight=None) -> dict:
    """Labels, both prediction columns, the protected columns and the optional weight column
    of a CSV/Parquet file."""
    from pathlib import Path

    from ..io import read_table, require_columns

    if not protected:
        raise EthicLensInputError(
            "a file comparison needs at least one --protected",
            column="--protected",
            fix="e.g. --protected sex=Male",
        )
    frame = read_table(path)
    cols, refs = _parse_protected(protected, frame.columns)
    require_columns(frame, [c for c in (y_true, *models, weight) if c] + cols, path)
    refs = {c: _edited_reference(c, r, excludes, merges, True) for c, r in refs.items()}
    return {
        "y_true": frame[y_true] if y_true else None,
        "a": frame[models[0]],
        "b": frame[models[1]],
        "weight": frame[weight] if weight else None,
        "sensitive": frame[cols],
        "reference": refs,
        "favorable": True,
        "provenance": {
            "dataset": str(path),
            "models": {
                "a": f"column {models[0]!r} of {Path(path).name}",
                "b": f"column {models[1]!r} of {Path(path).name}",
            },
        },
    }


def compas_inputs(models, protected, seed, excludes, merges) -> dict:
    """COMPAS's test split: the standard logistic model and/or COMPAS's own decile score."""
    from ..models import train_standard_model

    for m in models:
        if m not in COMPAS_MODELS:
            raise EthicLensInputError(
                "unknown model for compas",
                column="--y-pred",
                value=m,
                fix=f"use {' or '.join(COMPAS_MODELS)} (the standard model, COMPAS's decile)",
            )
    ds = ds_mod.load("compas")
    cols, refs = _parse_protected(protected, ds.protected.columns)
    for col in cols:
        if col not in ds.protected.columns:
            raise EthicLensInputError(
                "is not a protected attribute of compas",
                column=col,
                fix=f"use one of {list(ds.protected.columns)}",
            )
    cols = cols or list(ds.protected.columns)
    reference = {}
    for c in cols:
        ref = _edited_reference(c, refs.get(c, ds.reference[c]), excludes, merges, c in refs)
        if ref is not None:
            reference[c] = ref
    run = train_standard_model(ds, seed=seed)
    decile = ds.extra["score_text"].loc[run.y_test.index].isin(["Medium", "High"])
    preds = {"model": run.y_pred, "decile": decile.astype(int).to_numpy()}
    return {
        "y_true": run.y_test.to_numpy(),
        "a": preds[models[0]],
        "b": preds[models[1]],
        "sensitive": run.protected_test[cols],
        "reference": reference,
        "favorable": ds.positive_is_favorable,
        "provenance": {
            "dataset": f"compas test split (seed {seed}, {len(run.y_test)} rows)",
            "models": {
                "model": "EthicLens standard model: " + str(run.description.get("model", "")),
                "decile": "COMPAS decile score, Medium or High = predicted positive",
            },
        },
    }


@click.command("compare")
@click.argument("target")
@click.option(
    "--y-pred",
    multiple=True,
    metavar="COL",
    help="A prediction column; give it twice: model A, then model B. For compas: model "
    "(the standard logistic model) and decile (COMPAS's own score); default both.",
)
@click.option("--y-true", help="Label column (user file).")
@click.option(
    "--weight",
    help="Sample-weight column (user file): weighted audits and paired draws of Kish-effective "
    "cells (with --ci jeffreys).",
)
@click.option(
    "--protected",
    multiple=True,
    metavar="COL[=REFERENCE]",
    help="Protected attribute, optionally with its reference group. Repeatable.",
)
@click.option("--pos-label", help="Value that is the positive label, when not 0/1.")
@click.option(
    "--exclude-group", "exclude", multiple=True, metavar="ATTR=GROUP", help="As for audit."
)
@click.option(
    "--merge-groups", "merge", multiple=True, metavar="ATTR=A,B[,...]:NEW", help="As for audit."
)
@click.option(
    "--min-group-size", callback=_positive_int, metavar="N", help="As for audit (default 100)."
)
@click.option(
    "--min-labels", callback=_positive_int, metavar="N", help="As for audit (default 30)."
)
@click.option(
    "--ci",
    default="jeffreys",
    show_default=True,
    callback=_choice(CI_CHOICES),
    metavar="jeffreys|bootstrap",
    help="Paired draws: Dirichlet of the joint cells, or a paired row bootstrap.",
)
@click.option("--seed", default=0, show_default=True, help="Seed for the split and intervals.")
@click.option("--n-boot", default=1000, show_default=True, help="Interval draws.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Write the JSON.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), help="Write the HTML report.")
def compare_command(
    target,
    y_pred,
    y_true,
    weight,
    protected,
    pos_label,
    exclude,
    merge,
    min_group_size,
    min_labels,
    ci,
    seed,
    n_boot,
    json_out,
    html_out,
):
    """Compare two models on the same rows: B − A for every metric, paired intervals."""
    from ..fairness import Policy, compare
    from ..io import check_outputs
    from ..report import check_writable, write_atomic, write_comparison_html

    is_file = target not in ds_mod.DATASETS
    outputs = {"--json": json_out, "--html": html_out}
    check_outputs(outputs, inputs=[target if is_file else None])
    for out in outputs.values():
        if out:
            check_writable(out)
    excludes, merges = parse_excludes(exclude), parse_merges(merge)
    policy_args = {}
    if min_group_size is not None:
        policy_args["min_group_size"] = min_group_size
    if min_labels is not None:
        policy_args["min_label_count"] = min_labels
    policy = Policy(**policy_args)
    if target == "compas":
        if weight:
            raise EthicLensInputError(
                "compas has no weight column",
                column="--weight",
                value=weight,
                fix="drop --weight, or compare a file that has one",
            )
        models = _two_models(y_pred or COMPAS_MODELS)
        inputs = compas_inputs(models, protected, seed, excludes, merges)
    elif not is_file:
        raise EthicLensInputError(
            "compare runs on compas or on a file of predictions",
            column="TARGET",
            value=target,
            fix="use compas, or a .csv/.parquet file with two prediction columns",
        )
    else:
        models = _two_models(y_pred)
        inputs = file_inputs(target, y_true, models, protected, excludes, merges, weight)
    try:
        result = compare(
            inputs["y_true"],
            inputs["a"],
            inputs["b"],
            inputs["sensitive"],
            names=models,
            reference=inputs["reference"] or None,
            exclude_groups=excludes or None,
            merge_groups=merges or None,
            pos_label=pos_label,
            positive_is_favorable=inputs["favorable"],
            n_boot=n_boot,
            ci=ci,
            policy=policy,
            random_state=seed,
            provenance=inputs["provenance"],
            sample_weight=inputs.get("weight"),
        )
    except EthicLensInputError as exc:
        exc = _flag_error(exc)
        column = {
            "pred_a": "--y-pred",
            "pred_b": "--y-pred",
            "y_true": "--y-true",
            "sample_weight": "--weight",
            "ci": "--ci",
        }.get(str(exc.column))
        if column:
            exc = EthicLensInputError(exc.problem, column=column, value=exc.value, fix=exc.fix)
        raise exc from None
    print_comparison(result)
    if json_out:
        write_atomic(json_out, result.to_json())
        click.echo(f"wrote {json_out}")
    if html_out:
        write_comparison_html(result, html_out)
        click.echo(f"wrote {html_out}")


def print_comparison(result) -> None:
    """Plain-text summary: one line per comparison with DI and EO under A, B and B − A."""
    from ..report import format_number as fmt

    a, b = result.names
    cfg = result.config
    click.echo(
        f"EthicLens compare: {b} vs {a} on the same {result.data['n_rows']:,} rows, "
        f"{cfg['n_boot']} {'paired' if cfg['paired'] else 'unpaired'} draws, seed "
        f"{cfg['random_state']}"
    )
    for v in result.verdicts:
        click.echo(f"{v.attribute}: {v.group} vs {v.reference}: {v.status_a} -> {v.status_b}")
        for d in result.differences:
            if (d.attribute, d.group) != (v.attribute, v.group):
                continue
            if d.metric not in ("disparate_impact", "equalized_odds_difference"):
                continue
            m = d.difference
            ci_text = (
                f"[{fmt(m.ci_low)}, {fmt(m.ci_high)}]"
                if m.ci_low is not None
                else "(below the sample floor: no interval)"
            )
            click.echo(
                f"  {d.metric}: {a} {fmt(d.value_a)}, {b} {fmt(d.value_b)}, "
                f"{b} - {a} {fmt(m.value)} {ci_text}"
            )
    changed = result.changed
    click.echo(
        f"verdicts changed: {len(changed)} of {len(result.verdicts)}"
        + (": " + ", ".join(f"{v.attribute}:{v.group}" for v in changed) if changed else "")
    )
