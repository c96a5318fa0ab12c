"""The black-box baseline: the auditor knows each attribute's domain, not the distribution.

Queries draw every attribute uniformly from its domain (categories uniformly; numeric columns
uniformly between their bounds), Y uniformly for EO/EOpp, and are labelled by the platform's
model. The estimate is biased whenever the platform's population differs from that uniform
one (Theorem 2.1): population bias.
"""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation

import numpy as np
import pandas as pd

from .._checks import (
    check_argument_type,
    check_count,
    check_labels_print_apart,
    check_name_argument,
    check_one_per_row,
    first_row,
    is_number,
    is_zero_one,
    names_words,
    split_list,
    use_one_of,
)
from .._keywords import refusing_unknown_keywords
from .._secrets import masked_cut
from .._text import brought_here
from ..errors import EthicLensInputError
from ..fairness import encode_groups
from ..io import _first_not_one_value, _not_one_value_error
from ._common import quiet_nans
from ._metrics import METRICS, joint_from_codes, metrics_from_joint
from ._protocol import (
    _as_argument,
    _check_metrics,
    _single_group,
    as_list,
    check_n,
    check_seed,
    listed,
    unhashable,
)

DOMAINS_FIX = (
    "give each column's values as a list, a numeric column's range as (low, high), e.g. "
    '{"sex": ["F", "M"], "age": (18, 90)}'
)

QUERIES_FIX = "pass a DataFrame of query rows with a column of the protected attribute's groups"


def uniform_queries(domains: dict, n: int, rng: np.random.Generator) -> pd.DataFrame:
    """``domains``: column -> list of values (categorical) or (low, high) tuple (numeric)."""
    _check_domains(domains)
    n = check_count(n, "n", minimum=0, fix="the number of queries to draw, e.g. n=1000")
    fix = "e.g. rng=np.random.default_rng(0)"
    check_argument_type(
        rng, np.random.Generator, column="rng", problem="must be a Generator, not", fix=fix
    )
    cols = {}
    for name, dom in domains.items():
        if isinstance(dom, tuple):
            low, high = map(float, dom)
            if math.isfinite(high - low):
                cols[name] = rng.uniform(low, high, n)
            else:  # a width past the largest float (-1e308, 1e308): the same draws, weighted
                u = rng.random(n)
                cols[name] = low * (1 - u) + high * u
        else:
            values = quiet_nans(list(dom))  # a Decimal('sNaN'): the NaN it reads as
            cols[name] = np.asarray(values, dtype=object)[rng.integers(0, len(dom), n)]
    return pd.DataFrame(cols)


@refusing_unknown_keywords
def blackbox_audit(
    predict,
    domains: dict,
    protected: str,
    n: int,
    *,
    metrics=METRICS,
    queries: pd.DataFrame | None = None,
    random_state=None,
) -> dict:
    """Estimate DP/EO/EOpp by querying ``predict`` (a function of a DataFrame -> 0/1).

    ``queries`` replaces the uniform draw (e.g. another population's real records).
    """
    protected = quiet_nans([protected])[0]  # a name Decimal('sNaN'): no column, no TypeError
    metrics = _check_arguments(domains, protected, metrics, queries)
    _check_predict(predict)
    rng = np.random.default_rng(check_seed(random_state, "random_state"))
    q = queries if queries is not None else uniform_queries(domains, _checked_n(n), rng)
    yhat = _predictions(_answers(predict, q), len(q))
    codes, labels = _group_codes(q[protected])
    groups = sorted(map(_group_label, domains[protected]) if protected in domains else set(labels))
    if len(groups) < 2:  # a gap needs two groups, as a release refuses
        raise _single_group(groups, protected)
    index = {group: i for i, group in enumerate(groups)}
    a = np.array([index.get(label, -1) for label in labels], dtype=np.int64)[codes]
    y = rng.integers(0, 2, len(q))  # the auditor has no labels: Y uniform
    est = metrics_from_joint(joint_from_codes(a, y, yhat, len(groups)), metrics)
    return {k: None if math.isnan(v) else v for k, v in est.items()}  # undefined: None


def _checked_n(n) -> int:
    """``n``, named as the Python argument, as make_request names it (was: "column 'n': ...
    Fix: e.g. n 2000")."""
    try:
        return check_n(n)
    except EthicLensInputError as exc:
        raise _as_argument(exc) from None


def _check_arguments(domains, protected, metrics, queries) -> list:
    """The metrics asked (a list, or comma-separated text as ``make_request`` takes them), each
    known and once; ``domains`` a dict of non-empty lists and (low, high) ranges of finite
    numbers, the protected attribute's a list of distinct groups, and the attribute in
    ``domains`` or ``queries``; each refusal naming its argument."""
    try:
        metrics = (
            listed(metrics, "--metrics", split_list)
            if isinstance(metrics, str)
            else as_list(metrics)
        )
        _check_metrics(metrics)
    except EthicLensInputError as exc:
        raise exc.renamed({"--metrics": "metrics"}, "argument") from None
    check_name_argument(protected, "protected", fix="name one column of the domains, e.g. 'sex'")
    _check_domains(domains, protected)
    if queries is not None:
        here = brought_here(queries, "queries")  # a Dask, Spark, Arrow or Polars frame
        check_argument_type(
            queries,
            pd.DataFrame,
            column="queries",
            problem="must be a pandas DataFrame, not",
            fix=f"bring its rows here as a pandas one first ({here})" if here else QUERIES_FIX,
        )
    if protected not in domains and (queries is None or protected not in queries.columns):
        raise EthicLensInputError(
            "names no column of the domains (or the queries)",
            column="protected",
            value=protected,
            fix=use_one_of(protected, domains, 15),
            kind="argument",
        )
    if queries is not None:
        _check_queries(queries, domains, protected)
    return list(metrics)


def _check_queries(queries, domains: dict, protected: str) -> None:
    """``queries`` (a DataFrame) rows holding the protected attribute, none of its values
    missing and each a group of ``domains[protected]`` where that lists them."""
    count = list(queries.columns).count(protected)
    if count != 1 or not len(queries):
        problem = {0: f"has no column {protected!r}", 1: "has no rows"}.get(count)
        problem = problem or f"repeats the column {protected!r}"
        raise EthicLensInputError(problem, column="queries", fix=QUERIES_FIX, kind="argument")
    groups = _one_value_cells(queries[protected])
    labels = set(_group_codes(groups)[1])
    known = set(map(_group_label, domains[protected])) if protected in domains else labels
    if missing := int(groups.isna().sum()):
        problem, value = f"{missing} missing value(s) of {protected!r}", None
        fix = "drop the queries without a group, or fill in their group"  # no list holds NaN
    elif outside := sorted(labels - known):
        problem, value = f"groups of {protected!r} outside domains[{protected!r}]", outside[:5]
        fix = f"drop those queries, or list every group in domains[{protected!r}]"
    else:
        if protected not in domains:  # their groups are the domain: the audit's rules
            _check_groups(pd.unique(groups), "queries")
        return
    raise EthicLensInputError(problem, column="queries", value=value, fix=fix, kind="argument")


def _one_value_cells(groups: pd.Series) -> pd.Series:
    """``groups`` with a signalling decimal NaN the missing value it is (pandas' isna raised
    InvalidOperation on it), a cell that is not one value (a list, a dict: a TypeError
    traceback from factorize) refused in the audit's words, the first row named."""
    if (i := _first_not_one_value(groups)) is not None:
        exc = _not_one_value_error(groups.iloc[i], "queries", first_row(i), group=True)
        raise exc.renamed({}, "argument") from None
    try:
        groups.isna()
    except InvalidOperation:  # only where a cell is Decimal('sNaN'): no scan otherwise
        return groups.map(lambda v: Decimal("NaN") if isinstance(v, Decimal) and v.is_snan() else v)
    return groups


def _check_domains(domains, protected=None) -> None:
    """``domains`` a dict of non-empty lists and (low, high) ranges of finite numbers, the
    protected attribute's a list of distinct groups; each refusal naming the argument."""
    check_argument_type(
        domains, dict, column="domains", problem="must be a dict, not", fix=DOMAINS_FIX
    )
    for name, dom in domains.items():
        if isinstance(dom, tuple) and name != protected:
            ok = len(dom) == 2 and all(is_number(v) and _finite_float(v) for v in dom)
            ok = ok and dom[0] <= dom[1]
        else:  # the protected attribute's groups: each once, as it prints
            # any 1-D list-like: a range, an Index, a Series, df[c].unique() (a Categorical)
            ok = not isinstance(dom, tuple) and np.asarray(dom, dtype=object).ndim == 1
            ok = ok and len(dom) > 0
            ok = ok and (name != protected or len(set(map(_group_label, dom))) == len(dom))
            # nor two equal values (True and 1, 1.0 and 1): one group to a model and the audit
            ok = ok and (name != protected or _distinct(dom) == len(dom))
        if not ok:
            raise EthicLensInputError(
                "a domain is a non-empty list of values (the protected attribute's each once) or "
                "a numeric range (low, high) of finite numbers, low <= high",
                column=f"domains[{name!r}]",
                value=dom,
                fix=DOMAINS_FIX,
                kind="argument",
            )
        if name == protected:
            _check_groups(dom, f"domains[{name!r}]")


def _finite_float(value) -> bool:
    """``value`` a finite float once converted (an integer past the largest float, 10**400,
    raised OverflowError there)."""
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _distinct(values) -> int:
    """How many distinct values by Python equality (True and 1 one value, as pandas counts);
    with a cell no hash takes (a list, Decimal('sNaN')) every value, for ``_check_groups`` to
    refuse it in the audit's words (was pandas' TypeError traceback)."""
    try:
        return len(pd.unique(pd.Series(list(values), dtype=object)))
    except TypeError:
        return len(values)


def _check_groups(groups, where: str) -> None:
    """The protected attribute's groups by the audit's rules for group names (none missing or
    blank, no two that print alike: 'F' and 'F '), a refusal naming the argument ``where``."""
    try:
        column = pd.Series(list(groups), dtype=object)
        encode_groups({where: column}, len(column), keep_continuous=True)
    except EthicLensInputError as exc:
        raise exc.renamed({}, "argument") from None


def _group_label(value) -> str:
    """A group as its text: a float that is exactly a whole number (0.0, as pandas reads an int
    column with a gap) as the int it equals, so queries of 0.0/1.0 hold domains' groups 0/1;
    any other value (0.5, True, the text '0.0') as ``str`` writes it."""
    if isinstance(value, float | np.floating) and math.isfinite(value) and value == int(value):
        return str(int(value))
    return str(value)


def _group_codes(column: pd.Series) -> tuple[np.ndarray, list[str]]:
    """``_group_label`` of a column's values, as each row's index into its distinct labels, and
    those labels: each distinct value read once (1M rows as fast as ``astype(str)``); equal
    values of other types (True beside 1, Decimal 1.10 beside 1.1) one group written as its
    first value, as the audit, a release and every engine count them (they were two groups,
    'True' and '1', and the gaps between them the model's own gap to itself)."""
    codes, values = pd.factorize(column, use_na_sentinel=False)
    return codes, [_group_label(v) for v in values]


PREDICT_FIX = "pass the model's 0/1 predict (e.g. model.predict), not scores or probabilities"


def _check_predict(predict) -> None:
    """Refuse a ``predict`` that cannot be called (the model itself, not its ``predict``,
    was a TypeError traceback: 'RandomForestClassifier' object is not callable)."""
    if not callable(predict):
        raise _predict_error(
            f"must be a function of the queries (a DataFrame) returning 0/1, not "
            f"{type(predict).__name__}",
            PREDICT_FIX + (" (the model's own method)" if hasattr(predict, "predict") else ""),
        )


def _answers(predict, queries: pd.DataFrame):
    """``predict(queries)``; an exception inside the model is one error naming it (as the
    counterfactual probe names a model's), the model's own traceback chained."""
    try:
        return predict(queries)
    except (KeyboardInterrupt, SystemExit, MemoryError):
        raise
    except EthicLensInputError:  # already a refusal in our words: as the counterfactual probe
        raise
    except Exception as exc:  # noqa: BLE001 - the user's model: any error is theirs to fix
        # masked, then cut: cut first, a URL whose password ran past the cut was shown
        text = masked_cut(str(exc).strip().splitlines()[0], 300) if str(exc).strip() else ""
        raise _predict_error(
            f"raised {type(exc).__name__} on the queries" + (f": {text}" if text else ""),
            "check that predict works on a DataFrame of the domains' columns; run it on "
            "a few queries yourself to see the full error",
        ) from exc


def _predictions(values, rows: int) -> np.ndarray:
    """The model's answers as 0/1, one per query: scores or probabilities (truncated to 0
    they read as no positive prediction at all), another length, a scalar, None or ragged
    lists are refused (a scalar or None was told 'got shape (1,)', ragged lists were numpy's
    ValueError traceback)."""
    try:
        yhat = quiet_nans(np.asarray(values))  # a Decimal('sNaN') no 0/1, not a TypeError
    except ValueError:  # ragged nested lists
        yhat = None
    if yhat is None or yhat.ndim == 0:  # no rows: refused in the counterfactual probe's words
        try:
            check_one_per_row(values, "predict")
        except EthicLensInputError as exc:
            raise _refused(rows, "got " + exc.problem.rpartition(", got ")[2]) from None
    cells = yhat if yhat.dtype == object and yhat.ndim == 1 else ()  # a Series of lists
    cell = next((v for v in cells if unhashable(v)), None)  # not unique()'s TypeError
    if cell is not None:  # TypeError
        raise _refused(rows, f"got a {type(cell).__name__} as one answer ({masked_cut(cell, 40)})")
    uniq = pd.unique(yhat) if yhat.ndim == 1 else []
    odd = [v for v in uniq if not is_zero_one(v)]
    if yhat.shape == (rows,) and rows and not odd:
        _refuse_text(uniq, rows)  # '1'/'0': refused as audit and a release refuse them
        return yhat.astype(float).astype(int)
    shown = (
        f" with values other than 0/1, e.g. {names_words(sorted(map(str, odd))[:5])}" if odd else ""
    )
    raise _refused(rows, f"got shape {yhat.shape}{shown}")


def _refuse_text(uniq, rows: int) -> None:
    """Text '0'/'1' (a string array; was read as the numbers) refused as ``audit`` and a
    release refuse a string column: 1 beside '1' as values that print the same."""
    if not any(isinstance(v, str | bytes) for v in uniq):
        return
    try:
        check_labels_print_apart(uniq, "predict")
    except EthicLensInputError as exc:
        raise exc.renamed({}, kind="argument") from None
    shown = sorted(str(v) for v in uniq if isinstance(v, str))
    raise _predict_error(
        f"must return one 0/1 prediction per query ({rows} queries), got the text values "
        f"{shown}, not the numbers 0/1 (a string array)",
        "return numbers: e.g. lambda q: np.asarray(model.predict(q)).astype(int)",
    )


def _refused(rows: int, got: str) -> EthicLensInputError:
    return _predict_error(
        f"must return one 0/1 prediction per query ({rows} queries), {got}",
        f"{PREDICT_FIX}; threshold scores first",
    )


def _predict_error(problem: str, fix: str) -> EthicLensInputError:
    """A refusal of the argument ``predict`` (the model's answers, or the function itself)."""
    return EthicLensInputError(problem, column="predict", kind="argument", fix=fix)
