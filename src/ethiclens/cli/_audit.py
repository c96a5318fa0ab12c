"""``ethiclens audit``: a benchmark's standard model, COMPAS's own score, or a user's CSV."""

from __future__ import annotations

from pathlib import Path

import click

from .. import datasets as ds_mod
from ..errors import EthicLensInputError
from ..fairness import audit
from ..io import read_table, require_columns
from ..models import train_standard_model
from ..report import check_writable, render_html, render_model_card, write_atomic
from ._summary import print_summary


def _parse_protected(values):
    """``COL`` or ``COL=REFERENCE`` -> (columns, {column: reference})."""
    cols, refs = [], {}
    for item in values:
        col, sep, ref = item.partition("=")
        cols.append(col)
        if sep:
            refs[col] = ref
    return cols, refs


@click.command("audit")
@click.argument("target")
@click.option("--y-true", help="Label column (user file).")
@click.option("--y-pred", help="Prediction column (user file).")
@click.option("--y-score", help="Score column in [0, 1] (user file), enables calibration.")
@click.option("--protected", multiple=True, metavar="COL[=REFERENCE]",
              help="Protected attribute, optionally with its reference group. Repeatable. "
              "For benchmarks, restricts the audit to these attributes.")
@click.option("--weight", help="Sample-weight column (user file).")
@click.option("--pos-label", help="Value of --y-true/--y-pred that is the positive label, "
              "when they are not 0/1.")
@click.option("--positive", type=click.Choice(["favorable", "harmful"]), default=None,
              help="Is the positive label a benefit or a harm? (user file; default favorable)")
@click.option("--intersect", multiple=True, metavar="A,B",
              help="Also audit crossed groups of these attributes. Repeatable.")
@click.option("--score", type=click.Choice(["model", "decile"]), default="model",
              help="compas only: 'decile' audits COMPAS's own risk score "
              "(Medium/High = predicted positive) instead of a trained model.")
@click.option("--states", default="CO", show_default=True, help="acs-income: states, e.g. CO,NE.")
@click.option("--year", default=2018, show_default=True, help="acs-income: survey year.")
@click.option("--download", is_flag=True, help="acs-income: allow downloading missing states.")
@click.option("--seed", default=0, show_default=True, help="Seed for the split and bootstrap.")
@click.option("--n-boot", default=2000, show_default=True, help="Bootstrap replicates.")
@click.option("--ci", type=click.Choice(["bca", "percentile"]), default="bca", show_default=True)
@click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Write the JSON report.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), help="Write the HTML report.")
@click.option("--model-card", "card_out", type=click.Path(dir_okay=False),
              help="Write a Markdown model card.")
def audit_command(target, y_true, y_pred, y_score, protected, weight, pos_label, positive,
                  intersect, score, states, year, download, seed, n_boot, ci, json_out,
                  html_out, card_out):
    """Audit TARGET: a dataset name (compas, adult, german, acs-income) or a CSV/Parquet file."""
    for out in (json_out, html_out, card_out):
        if out:
            check_writable(out)
    intersections = [tuple(s.strip() for s in item.split(",")) for item in intersect]
    if target in ds_mod.DATASETS:
        inputs = _benchmark_inputs(target, protected, score, states, year, download, seed)
    else:
        if Path(target).suffix == "" and not Path(target).exists():
            raise EthicLensInputError("unknown dataset or file", column="TARGET", value=target,
                                      fix=f"use one of {sorted(ds_mod.DATASETS)} or a .csv/"
                                      ".parquet path")
        inputs = _file_inputs(target, y_true, y_pred, y_score, protected, weight, positive)
    result = audit(
        inputs["y_true"], inputs["y_pred"], inputs["sensitive"], y_score=inputs.get("y_score"),
        reference=inputs["reference"] or None, sample_weight=inputs.get("weight"),
        intersections=intersections or None, pos_label=pos_label,
        positive_is_favorable=inputs["favorable"], n_boot=n_boot, ci=ci, random_state=seed,
        provenance=inputs["provenance"],
    )
    print_summary(result)
    if json_out:
        write_atomic(json_out, result.to_json())
        click.echo(f"wrote {json_out}")
    if html_out:
        write_atomic(html_out, render_html(result))
        click.echo(f"wrote {html_out}")
    if card_out:
        write_atomic(card_out, render_model_card(result))
        click.echo(f"wrote {card_out}")


def _benchmark_inputs(name, protected, score, states, year, download, seed):
    kwargs = {}
    if name == "acs-income":
        kwargs = {"states": states.split(","), "year": year, "download": download}
    ds = ds_mod.load(name, **kwargs)
    if ds.text:
        raise EthicLensInputError(f"{name} is a text dataset without a standard audit model",
                                  column="TARGET", fix=f"use: ethiclens pcer train {name}, or "
                                  "audit your own predictions from a CSV")
    cols, refs = _parse_protected(protected)
    for col in cols:
        if col not in ds.protected.columns:
            raise EthicLensInputError(f"is not a protected attribute of {name}", column=col,
                                      fix=f"use one of {list(ds.protected.columns)}")
    cols = cols or list(ds.protected.columns)
    reference = {c: refs.get(c, ds.reference[c]) for c in cols}
    provenance = {"dataset": ds.name, "data": ds.provenance, "label": ds.positive_label}
    if score == "decile":
        if name != "compas":
            raise EthicLensInputError("--score decile exists only for compas", column="--score",
                                      value=score, fix="drop --score or use compas")
        provenance["model"] = {"model": "COMPAS decile score (Northpointe)",
                               "audited": "score_text Medium or High = predicted positive",
                               "n_test": len(ds)}
        return {"y_true": ds.label, "sensitive": ds.protected[cols], "reference": reference,
                "y_pred": ds.extra["score_text"].isin(["Medium", "High"]).astype(int),
                "favorable": ds.positive_is_favorable, "provenance": provenance}
    run = train_standard_model(ds, seed=seed)
    provenance["model"] = run.description
    return {"y_true": run.y_test.reset_index(drop=True), "y_pred": run.y_pred,
            "y_score": run.y_score, "sensitive": run.protected_test[cols],
            "reference": reference, "favorable": ds.positive_is_favorable,
            "provenance": provenance}


def _file_inputs(path, y_true, y_pred, y_score, protected, weight, positive):
    if not y_pred or not protected:
        raise EthicLensInputError("a file audit needs --y-pred and at least one --protected",
                                  column="--y-pred/--protected",
                                  fix="e.g. --y-true label --y-pred pred --protected sex=Male")
    frame = read_table(path)
    cols, refs = _parse_protected(protected)
    wanted = [c for c in (y_true, y_pred, y_score, weight) if c] + cols
    require_columns(frame, wanted, path)
    return {
        "y_true": frame[y_true] if y_true else None,
        "y_pred": frame[y_pred],
        "y_score": frame[y_score] if y_score else None,
        "weight": frame[weight] if weight else None,
        "sensitive": frame[cols],
        "reference": refs,
        "favorable": positive != "harmful",
        "provenance": {"dataset": str(path), "label": y_true, "model": {"predictions": y_pred}},
    }
