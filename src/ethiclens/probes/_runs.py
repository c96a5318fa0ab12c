"""The counterfactual probe of a benchmark's standard model or of your own model: what
``ethiclens probe counterfactual`` runs (the command only parses and prints)."""

from __future__ import annotations

from ..errors import EthicLensInputError
from ._counterfactual import analyze_counterfactuals, counterfactual
from ._entry import load_entry_point


def probe_benchmark(name: str, *, attribute=None, favorable=None, n_boot=1000, seed=0):
    """Probe a benchmark's standard logistic model, trained WITH the protected attributes.

    ``favorable``: the favourable prediction (0 or 1); default the benchmark's declared
    direction. Returns ``(CounterfactualResult, intro)``: the result and one line saying what
    was probed.
    """
    from .. import datasets
    from .._checks import check_member
    from ..models import train_standard_model

    fix = f"use one of {sorted(datasets.DATASETS)}, or --model with --data"
    check_member(name, datasets.DATASETS, column="TARGET", problem="unknown dataset", fix=fix)
    ds = datasets.load(name)
    known = list(ds.protected.columns)
    attribute = attribute or known[0]
    problem = f"is not a protected attribute of {name}"
    check_member(attribute, known, column="attribute", problem=problem)
    run = train_standard_model(ds, seed=seed, include_protected=True)
    fav = (1 if ds.positive_is_favorable else 0) if favorable is None else favorable
    result = counterfactual(
        run.model, run.X_test, attribute, favorable_label=fav, n_boot=n_boot, random_state=seed
    )
    return result, (
        f"Counterfactual probe of {name}'s standard logistic regression, trained WITH "
        f"the protected attributes {known} as features (the audit model excludes them), on "
        f"its {len(run.X_test):,} test records; favourable prediction = {fav}."
    )


def probe_model(entry_point: str, data, attribute, *, favorable=1, n_boot=1000, seed=0):
    """Probe your model (``module:function`` returning a fitted model with ``predict``) on
    your records (a CSV/Parquet path). Returns ``(CounterfactualResult, intro)``."""
    from ..io import read_table, require_columns

    if not data:
        raise EthicLensInputError(
            "is needed with --model: your records to probe",
            column="--data",
            fix="add --data records.csv (CSV or Parquet, with the protected column)",
        )
    if not attribute:
        columns = list(map(str, read_table(data).columns))[:20]
        raise EthicLensInputError(
            "is needed with --model: the protected column of --data to flip",
            column="--attribute",
            fix=f"add --attribute COLUMN, one of {columns}",
        )
    model = load_entry_point(entry_point)  # a bad --model is named before a bad --data
    X = read_table(data)
    require_columns(X, [attribute], data)
    try:
        result = counterfactual(
            model, X, attribute, favorable_label=favorable, n_boot=n_boot, random_state=seed
        )
    except EthicLensInputError as exc:
        if exc.column != "model":
            raise
        raise EthicLensInputError(
            f"{exc.problem} (loaded by {entry_point})", column="--model", fix=exc.fix
        ) from None
    return result, f"Counterfactual probe of {entry_point} on {data} ({len(X):,} records)"


def analyze_scored(scored, y_pred: str, y_score=None, *, favorable=1, seed=0):
    """Flip rates from your predictions (column ``y_pred``, optionally scores ``y_score``) on a
    scored :func:`make_counterfactuals` table (a CSV/Parquet path). Returns
    ``(CounterfactualResult, intro)``."""
    from ..io import read_table, require_columns

    frame = read_table(scored)
    require_columns(frame, [y_pred] + ([y_score] if y_score else []), scored)
    result = analyze_counterfactuals(
        frame,
        frame[y_pred],
        frame[y_score] if y_score else None,
        favorable_label=favorable,
        random_state=seed,
    )
    return result, f"Counterfactual analysis of {scored}"
