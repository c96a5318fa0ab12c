"""Counterfactual probing: change only the protected attribute of real records.

For every record of source group s and every other group t, the record is copied with the
protected attribute set to t (before any encoding: the model sees raw records) and scored
again. Flip rate, score shift and direction per (s, t) are an individual-fairness signal
(Dwork et al. 2012; Kusner et al. 2017). A model can score 0 here and still discriminate through
proxies: this probe only sees direct use of the attribute.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal, InvalidOperation

import numpy as np
import pandas as pd

from .._checks import (
    TEXT_LIKE,
    _quiet,
    bytes_like_as_bytes,
    check_argument_type,
    check_draws,
    check_name_argument,
    check_one_per_row,
    check_seed,
    first_row,
    names_words,
    plain,
    quiet_nans,
    refuse_bool_beside_number,
    refuse_missing,
    use_one_of,
)
from .._keywords import refusing_unknown_keywords
from .._secrets import masked_cut
from .._text import one_line
from ..errors import EthicLensInputError, plain_text
from ..fairness import (
    BCA,
    PERCENTILE,
    Interval,
    bootstrap_intervals,
    check_ci,
    contain_one,
    encode_groups,
    missing_value_codes,
    missing_value_codes_text,
    not_binary,
)
from ..io import _first_not_one_value, _not_one_value, _not_one_value_error, json_fields

ROW, SOURCE, TARGET = "_cf_row", "_cf_source", "_cf_target"
# DataFrame.attrs key of the target groups no record has (make_counterfactuals(groups=...))
UNSEEN_TARGETS = "ethiclens_unseen_targets"
SUMMARY_COLUMNS = (
    "source → target",
    "n",
    "flip rate [95% CI]",
    "to favourable",
    "to unfavourable",
    "mean score shift [95% CI]",
    "flip-rate CI",
)
PROXY_NOTE = (
    "This probe changes only the protected attribute. A model that does not read the attribute "
    "shows no flips even if other features (proxies such as postcode or priors) carry it; group "
    "metrics (ethiclens audit) are needed to see that."
)


@dataclass
class PairResult:
    """Effect of setting the attribute from ``source`` to ``target`` on source's records."""

    source: str
    target: str
    n: int
    flip_rate: float
    flip_rate_ci: Interval
    to_favorable_rate: float
    to_unfavorable_rate: float
    mean_score_shift: float | None = None
    mean_score_shift_ci: Interval | None = None
    score_shift_quantiles: dict | None = None

    def cells(self) -> tuple[str, ...]:
        """The summary table's cells after the pair's name: n, flip rate [CI], the shares
        flipped to favourable and to unfavourable, mean score shift [CI], the flip rate's
        interval method."""
        shift = "—"
        if self.mean_score_shift is not None:
            ci = self.mean_score_shift_ci
            shift = f"{self.mean_score_shift:+z.4f} " + (
                f"[{ci.low:+z.4f}, {ci.high:+z.4f}]" if ci.defined else f"(no CI: {_no_ci(ci)})"
            )
        ci = self.flip_rate_ci
        flip = f"{self.flip_rate:.4f} " + (f"[{ci.low:.4f}, {ci.high:.4f}]" if ci.defined else "")
        return (
            str(self.n),
            flip,
            f"{self.to_favorable_rate:.4f}",
            f"{self.to_unfavorable_rate:.4f}",
            shift,
            self.flip_rate_ci.method.split(" ", 1)[0].rstrip(";,"),
        )

    def to_dict(self) -> dict:
        shift_ci = self.mean_score_shift_ci
        return {
            "source": self.source,
            "target": self.target,
            "n": self.n,
            "flip_rate": self.flip_rate,
            "flip_rate_ci": _bounds(self.flip_rate_ci),
            "flip_rate_ci_method": self.flip_rate_ci.method,
            "to_favorable_rate": self.to_favorable_rate,
            "to_unfavorable_rate": self.to_unfavorable_rate,
            "mean_score_shift": self.mean_score_shift,
            # without scores the score keys are null, never absent: one shape per pair
            "mean_score_shift_ci": None if shift_ci is None else _bounds(shift_ci),
            "mean_score_shift_ci_method": None if shift_ci is None else shift_ci.method,
            "score_shift_quantiles": self.score_shift_quantiles,
        }


def _row_name(p: PairResult) -> str:
    """'source → target' on one line, a newline or CR shown as ``\\n`` / ``\\r`` as the
    audit's terminal shows them."""
    return one_line(f"{p.source} → {p.target}".replace("\r", "\\r"))


def _markup(text: str) -> str:
    """``text`` as rich markup that prints it as written, alone in a cell or a line: rich's
    ``escape`` adds a backslash to a trailing one for a closing tag, which printed where none
    follows (the group ``x\\`` read ``x\\\\``, as the group ``x\\\\`` does)."""
    from rich.markup import escape

    return escape(f"{text} ")[:-1]


def _bounds(ci: Interval) -> list | None:
    """An interval for JSON: [low, high], or null where none is reported (never [0, 0])."""
    return [ci.low, ci.high] if ci.defined else None


@dataclass
class CounterfactualResult:
    """A probe's (source, target) pairs: ``attribute`` is the flipped column (None when a
    scored table does not show it), ``ci``, ``n_boot`` and ``seed`` how the intervals were
    drawn."""

    attribute: str | None
    favorable_label: int
    pairs: list[PairResult]
    notes: list[str] = field(default_factory=list)
    # how the intervals were drawn, so a JSON can be reproduced
    ci: str | None = BCA  # None (and n_boot None) where no interval was drawn by bootstrap
    n_boot: int | None = None
    seed: object = None
    confidence_level: float = 0.95  # of every interval (the JSON states it, as the audit's)

    @property
    def uses_attribute(self) -> bool:
        return any(p.flip_rate > 0 or (p.mean_score_shift or 0) != 0 for p in self.pairs)

    def to_dict(self) -> dict:
        return json_fields(
            self,
            "attribute favorable_label uses_attribute ci confidence_level n_boot seed notes pairs",
        )

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame([p.to_dict() for p in self.pairs])

    def summary(self, intro: str) -> list:
        """The terminal view after the line ``intro``: rich renderables (user text escaped)
        of the pairs' flip rates and score shifts, then the notes."""
        from rich.table import Table

        table = Table()
        for col in SUMMARY_COLUMNS:
            table.add_column(col)
        for p in self.pairs:  # a group's newline shown as \n: raw, it split the row in two
            table.add_row(_markup(_row_name(p)), *map(_markup, p.cells()))
        lines = [self.interval_line(), *(f"note: {note}" for note in self.notes)]
        return [_markup(one_line(intro)), table, *map(_markup, lines)]

    def interval_line(self) -> str:
        """How the 95% intervals were drawn: the flip rates' exact Jeffreys interval (which
        rows it was extended at), the score shifts' bootstrap (only when there are scores)."""
        line = f"95% intervals: flip rate {EXACT_JEFFREYS}, a binomial proportion (no draws)"
        ends = self._names(lambda p: p.flip_rate in (0, 1))
        if ends:
            line += f"; extended to a flip rate of 0 or 1: {', '.join(ends)}"
        if not any(p.mean_score_shift_ci is not None for p in self.pairs):
            return line
        if self.ci is not None:  # no draws (every pair's Student t, or none): no bootstrap
            seed = "no seed" if self.seed is None else f"seed {self.seed}"
            line += f"; mean score shift: {self.ci} bootstrap of the records ({self.n_boot} "
            line += f"draws, {seed})"
        few = self._names(lambda p: getattr(p.mean_score_shift_ci, "method", "") == STUDENT_T)
        if few:
            line += f"; a pair of fewer than {FEW_SHIFTS} records takes the Student t interval: "
            line += ", ".join(few)
        none = self._names(
            lambda p: p.mean_score_shift_ci is not None and not p.mean_score_shift_ci.defined
        )
        if none:
            line += (
                "; no score-shift interval where every bootstrap draw would equal the mean "
                f"(one record, or every record's shift the same): {', '.join(none)}"
            )
        return line

    def _names(self, keep) -> list[str]:
        """'source → target' of each pair ``keep(pair)`` is true of, in order."""
        return [_row_name(p) for p in self.pairs if keep(p)]


@refusing_unknown_keywords
def make_counterfactuals(X: pd.DataFrame, protected: str, groups=None) -> pd.DataFrame:
    """Every record once as observed and once per other group, with bookkeeping columns.

    Columns ``_cf_row`` (position in X), ``_cf_source`` and ``_cf_target`` (original and
    assigned group; equal on the observed copy). Score the returned rows with any model and
    pass the predictions to :func:`analyze_counterfactuals`. ``groups``, a list of distinct
    labels, none missing, names the groups to flip to (default: those present). Target
    ``groups`` no record has are kept in ``frame.attrs["ethiclens_unseen_targets"]`` (a CSV
    of the frame loses them: analyse the DataFrame itself).
    """
    X, groups = quiet_nans(X), quiet_nans(groups)  # Decimal('sNaN'): missing, not a traceback
    protected = _quiet(protected)  # a name Decimal('sNaN'): not in X, not a hash's TypeError
    try:
        source = _protected_column(X, protected)
        targets = _target_groups(source, protected, groups)
    except EthicLensInputError as exc:  # a column named TARGET or STORE is no argument
        if exc.kind == "column" or str(exc.column) != str(protected):
            raise
        raise exc.renamed({}, "column") from None
    base = X.reset_index(drop=True)
    base[protected] = source.array  # a float -0.0 written 0.0, the group the audit reads
    parts = []
    for t in [None, *targets]:
        copy = base.copy()
        copy.insert(0, ROW, np.arange(len(base)))
        copy.insert(1, SOURCE, source.to_numpy())
        if t is None:
            copy.insert(2, TARGET, source.to_numpy())
        else:
            copy = copy.loc[copy[SOURCE] != t]
            copy.insert(2, TARGET, t)
            copy[protected] = t
        parts.append(copy)
    frame = pd.concat(parts, ignore_index=True)
    # a group flipped to that no record has is named here: analyze_counterfactuals refuses a
    # _cf_target no record has otherwise (a group whose records were dropped, or an edit)
    present = set(map(str, source))
    frame.attrs[UNSEEN_TARGETS] = [t for t in targets if str(t) not in present]
    return frame


def _protected_column(X, protected: str) -> pd.Series:
    """The protected column of a DataFrame of raw records (one column, no missing values, no
    bookkeeping columns already there)."""
    if not isinstance(X, pd.DataFrame):
        raise EthicLensInputError(
            "X must be a DataFrame of raw records",
            column="X",
            kind="argument",
            fix="pass a pandas DataFrame with named columns",
        )
    check_name_argument(protected, "protected", fix="name one column of X, e.g. 'sex'")
    if protected not in X.columns:
        raise EthicLensInputError(
            "protected attribute not in X",
            column=protected,
            fix=use_one_of(protected, X.columns, 20),
        )
    taken = [c for c in (ROW, SOURCE, TARGET) if c in X.columns]
    if taken:
        raise EthicLensInputError(
            "is a bookkeeping column make-counterfactuals adds (is this table already "
            "a counterfactual table?)",
            column=taken[0],
            fix=f"rename or drop the columns {names_words(taken)} first",
        )
    source = X[protected]
    if isinstance(source, pd.DataFrame):
        raise EthicLensInputError(
            "names two columns of X", column=protected, fix="make the column names unique"
        )
    _refuse_not_one_value(source, protected, group=True)
    if (as_bytes := bytes_like_as_bytes(source)) is not None:  # a BLOB: the bytes it holds
        source = as_bytes
    refuse_missing(_missing(source), protected, "drop or fill those rows first", "group value")
    # -0.0 and 0.0 are one group, 0.0, as the audit reads them (else -0.0 → 0.0 flips go missing)
    if pd.api.types.is_float_dtype(source.dtype):
        return source + 0.0
    if source.dtype != object:
        return source
    # equal numbers of other types (1.0 beside 1, Decimal 1.10 beside 1.1) are one group, as
    # the audit and a release count them, written as its first value: else every record's
    # copies named the group two ways and analyze_counterfactuals refused them; True beside
    # 1 (a flag beside a code) is refused, as the audit refuses it
    codes, uniques = pd.factorize(source)
    refuse_bool_beside_number(source, protected, uniques)
    return pd.Series(np.asarray(uniques, dtype=object)[codes], index=source.index, dtype=object)


def _missing(values: pd.Series) -> np.ndarray:
    """Which cells are missing; a ``Decimal('sNaN')`` (a SQL NUMERIC's) is, as the audit reads
    it (pandas' isna raised InvalidOperation on it: a traceback)."""
    try:
        return values.isna().to_numpy()
    except InvalidOperation:
        return np.array([isinstance(v, Decimal) and v.is_snan() or pd.isna(v) for v in values])


def _refuse_not_one_value(values, name, group: bool) -> None:
    """No cell of ``values`` that is not one value (a list, a Series, an object whose hash or
    == raises): refused by ``io``'s one rule, in the audit's words, the first row named."""
    if not isinstance(values, pd.Series):  # predictions or scores: 1-D, paired by position
        values = pd.Series(np.asarray(values, dtype=object).ravel(), dtype=object)
    if (i := _first_not_one_value(values)) is not None:
        raise _not_one_value_error(values.iloc[i], name, first_row(i), group)


def _target_groups(source: pd.Series, protected: str, groups) -> list:
    """The groups to flip to (default: those present), refusing a continuous column."""
    present = list(pd.unique(source))  # one value per cell (_protected_column)
    # numbers by pandas' rule (an Arrow decimal column too, whose kind is "O"), booleans not
    numeric = pd.api.types.is_numeric_dtype(source.dtype) and source.dtype.kind != "b"
    if numeric and groups is None and len(present) > MAX_GROUPS:
        raise EthicLensInputError(
            f"looks continuous: {len(present)} distinct numeric values (each record would be "
            f"copied {len(present) - 1} times)",
            column=protected,
            fix="bin it into a few groups first (e.g. pandas.cut into age bands), or, in "
            "Python, name the groups to flip to: make_counterfactuals(..., groups=[...])",
        )
    targets = present if groups is None else _check_groups(groups)
    _check_labels(present, protected)
    if groups is not None:
        _check_target_labels(present, targets, protected)
    if len(set(targets) | set(present)) < 2:
        raise EthicLensInputError(
            "needs two or more groups to flip between",
            column=protected,
            value=present[:5],
            fix="probe a column with two or more groups, or, in Python, name the groups to "
            "flip to: make_counterfactuals(..., groups=[...])",
        )
    return targets


def _check_labels(labels: list, column: str) -> None:
    """The audit's checks of group values (``encode_groups``: ' a' beside 'a', blank names,
    bytes that are not text, 1 beside '1') on the groups a probe flips between: two groups
    a page would print alike are refused, never probed as two."""
    encode_groups({column: pd.Series(labels, dtype=object)}, len(labels), keep_continuous=True)


# How a refusal names the kind of a group label (bool before int: True is an int too).
_KINDS = (
    (bool, "booleans"),
    (bytes, "bytes"),
    (str, "text"),
    (int, "integers"),
    (float, "numbers"),
    (datetime, "dates"),  # a pandas Timestamp too
)


def _kind(value) -> str:
    value = plain(value)
    return next((word for t, word in _KINDS if isinstance(value, t)), type(value).__name__)


def _printed(value) -> str:
    """A label as a page prints it (bytes as their text, as the audit reads them)."""
    value = plain(value)
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _as_kind(label, kinds: list[str]):
    """A named group in the column's one type when it reads as one ('3' or 3.0 -> 3 for an
    integer column, 1 -> '1' for a text one), else as given (a boolean is never read as a
    number or text: True is no group 1)."""
    label = plain(label)
    convert = {"integers": _integer, "numbers": float, "text": _printed}.get(kinds[0])
    if len(kinds) != 1 or convert is None or isinstance(label, bool) or _kind(label) == kinds[0]:
        return label
    try:
        return convert(_printed(label) if isinstance(label, bytes) else label)
    except (TypeError, ValueError, OverflowError):
        return label


def _integer(value) -> int:
    """A whole number written as text or as a float (3.0) as an integer; else ValueError."""
    if isinstance(value, float) and not value.is_integer():
        raise ValueError(value)
    return int(value)


def _check_target_labels(present: list, targets: list, protected: str) -> None:
    """The groups a caller named, checked as the audit checks group values, alone (a refusal
    names the ``groups`` argument) and beside the column's: a named group of another type
    than the column that prints like one of its groups ('1' for an integer column's 1,
    b'a' for a text column's 'a'), or that would make it a column of two types (1 for a text
    column, True or 1.5 for an integer one, never read as the column's 1), is refused naming
    ``groups``, the column's type and the groups to give."""
    try:
        _check_labels(targets, "groups")
    except EthicLensInputError as exc:
        raise _groups_error(exc.problem, targets, exc.fix) from None
    try:
        _check_labels([*present, *targets], protected)
    except EthicLensInputError as exc:
        by_print = {_printed(v) for v in present}
        clash = [t for t in targets if _kind(t) not in _kinds(present) and _printed(t) in by_print]
        odd = [t for t in targets if _kind(t) not in _kinds(present)]
        if not clash and odd and present:  # True named for a column of 1s: two types
            raise _kind_error(odd, present, targets, protected, "a column of two types") from None
        if not clash:  # the same type, other code points ('café' composed and decomposed)
            raise _groups_error(
                f"{exc.problem} (one spelling in groups, one in column {protected!r})",
                targets,
                exc.fix,
            ) from None
        raise _kind_error(
            clash, present, targets, protected, "two types that print the same"
        ) from None
    odd = [t for t in targets if _kind(t) not in _kinds(present)]
    if odd and present:  # 1 for a text column, True or 1.5 for an integer one
        raise _kind_error(odd, present, targets, protected, "a column of two types")


def _kinds(labels) -> list[str]:
    return sorted({_kind(v) for v in labels})


def _kind_error(odd: list, present: list, targets: list, protected: str, why: str):
    """The refusal of named groups ``odd`` of another type than column ``protected``'s: the
    groups to give in the column's type, or that type where one does not read as it."""
    column_kinds = _kinds(present)
    by_print = {_printed(v): plain(v) for v in present}
    given = [by_print.get(_printed(t), _as_kind(t, column_kinds)) for t in targets]
    if all(_kind(g) in column_kinds for g in given):
        fix = f"give groups={given!r}"
    else:
        fix = (
            f"give groups as {' and '.join(column_kinds)}, the type of column {protected!r} "
            f"(its groups include {names_words([plain(v) for v in present[:5]])})"
        )
    kinds = " and ".join(_kinds(odd))
    shown = [plain(t) for t in odd]
    return _groups_error(
        f"{shown} {'are' if len(shown) > 1 else 'is'} {kinds} but column {protected!r} "
        f"holds {' and '.join(column_kinds)} ({why})",
        [plain(t) for t in targets],
        fix,
    )


def _groups_error(problem: str, value, fix: str) -> EthicLensInputError:
    return EthicLensInputError(problem, column="groups", value=value, fix=fix, kind="argument")


def _listed(groups):
    """The labels of a list-like ``groups``: a pyarrow array's as Python values (its own
    iteration gives pyarrow scalars, which were refused as another type than the column's); a
    generator read once, so the encoder's notes see its groups too. Anything else (None, a
    string) as given, for :func:`_check_groups` to judge."""
    if isinstance(groups, TEXT_LIKE) or not pd.api.types.is_list_like(groups):
        return groups
    return groups.to_pylist() if hasattr(groups, "to_pylist") else list(groups)


def _check_groups(groups) -> list:
    """The target groups a caller named: a non-empty list of distinct labels, none missing (a
    string is one label, not a list of its characters)."""
    leave_out = "or leave groups out to flip to every group present"
    if isinstance(groups, TEXT_LIKE) or not pd.api.types.is_list_like(groups):
        raise _groups_error(
            "must be a list of group labels, not a single "
            + ("string (read as its characters)" if isinstance(groups, TEXT_LIKE) else "value"),
            groups,
            # 10**5000 as every refusal shortens it (its repr raised the int-to-text ValueError)
            f"groups=[{plain_text(groups) if isinstance(groups, int) else repr(groups)}] for one "
            "group, or a list such as groups=['F', 'M']",
        )
    if isinstance(groups, Mapping | AbstractSet):  # a dict's keys (its values unread), a set's
        kind = "dict" if isinstance(groups, Mapping) else "set"  # order: refused, not guessed
        items = [plain_text(g) if isinstance(g, int) else repr(g) for g in list(groups)[:5]]
        items = sorted(items) if kind == "set" else items
        listed = ", ".join(items or ["'F'", "'M'"]) + (", ..." if len(groups) > 5 else "")
        why = "its values unread" if kind == "dict" else "no order: the rows' would vary by run"
        raise _groups_error(
            f"must be a list of group labels, not a {kind} ({why})",
            groups,
            f"groups=[{listed}] as a list, {leave_out}",
        )
    targets = _listed(groups)
    if not targets:
        raise _groups_error("is empty: no group to flip to", groups, f"name a group, {leave_out}")
    for label in targets:
        if pd.api.types.is_list_like(label):
            raise _groups_error(
                "must hold single labels, not lists or other collections", label, leave_out
            )
        if pd.isna(label):
            raise _groups_error(
                "has a missing label (None or NaN): a record cannot be flipped to no group",
                targets,
                f"drop it from the list, {leave_out}",
            )
    repeated = [t for i, t in enumerate(targets) if t in targets[:i]]
    if repeated:
        raise _groups_error(
            f"names group {repeated[0]!r} more than once (each record would be flipped to it "
            "twice)",
            targets,
            "name each group once",
        )
    return targets


# More distinct numeric values than this is a continuous column, not a set of groups (the
# audit engine's rule).
MAX_GROUPS = 50
# Row ids at or above 2**53 are not exact once read as floating point (a CSV read by pandas).
MAX_ROW_ID = 2**53


def check_settings(favorable_label, n_boot, random_state, ci: str = BCA) -> int:
    """A probe's settings that do not depend on the records (the seed, the draws and their
    interval method, the favourable label), every one checked before any work: before the
    records are read, a model is loaded, trained or asked, or a draw is made. The draws."""
    check_seed(random_state, "random_state", allow_none=True)
    check_draws(n_boot, "n_boot", default=1000)  # make/analyze/probe_benchmark's default
    try:
        check_ci(ci, (BCA, PERCENTILE))
    except EthicLensInputError as exc:  # the probe's ci is an argument (the CLI sets no ci)
        raise exc.renamed({}, kind="argument") from None
    # an int (True, np.int64 too): 1.0, np.float32(1), Decimal(1) and 1+0j are no label
    whole = isinstance(favorable_label, (int, np.integer, np.bool_))
    if not whole or favorable_label not in (0, 1):
        raise EthicLensInputError(
            "must be 0 or 1 (the favourable prediction)",
            column="favorable_label",
            kind="argument",
            value=favorable_label,
            fix="use 1 when a positive prediction is a benefit, 0 when it is a harm",
        )
    return int(n_boot)


def _binary(values, name) -> np.ndarray:
    """0/1 predictions; a refusal names ``name`` (the user's column where there is one). A
    missing value is refused as every check refuses one (how many, the first's row); other
    values in the audit's words for the same column (``fairness.not_binary``: yes/no, 0/2,
    scores, each with its fix), less the audit's ``--pos-label``, which the probe has not,
    with how many rows are not 0/1 and the first (its row, a file's line, and value)."""
    _refuse_not_one_value(values, name, group=False)
    arr = _cells(values)
    numbers, bad = _as_binary(arr)
    if bad.any():
        cells = quiet_nans(pd.Series(arr.ravel(), dtype=object))
        fix = "give a 0/1 prediction for every row of the table"
        refuse_missing(cells.isna().to_numpy(), name, fix, "prediction")
        k, i = int(bad.sum()), int(np.flatnonzero(bad)[0])
        column = getattr(values, "name", None)  # the pandas code names the user's column
        column = "y_pred" if column is None else column
        rows = (k, bad.size)
        said = not_binary(pd.unique(cells), name, "y_pred", name=column, rows=rows, pos_label=False)
        raise EthicLensInputError(
            f"{said.problem}; {'1 is' if k == 1 else f'{k:,} are'} not{first_row(i)}",
            column=name,
            value=_shown(cells.iloc[i]),
            fix=said.fix,
        )
    return numbers.astype(int)


def _cells(values) -> np.ndarray:
    """``values`` as an array, a list's cells as given: numpy made [1+5j, 0, 1] all complex,
    and every 0/1 beside one complex cell was counted as no prediction."""
    arr = np.asarray(values)
    if arr.dtype.kind == "c" and isinstance(values, list | tuple):
        return np.asarray(values, dtype=object)
    return arr


def _as_binary(arr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The values as numbers (a column read from a CSV with one stray word in it is text:
    '0' and '1' count, the word does not) and which are not 0 or 1, both flat."""
    flat = arr.ravel()
    if flat.dtype.kind not in "biuf":  # a Decimal('sNaN') no 0/1 either, not a hash's TypeError
        flat = _real_numbers(quiet_nans(pd.Series(flat, dtype=object))).to_numpy()
    return flat, ~np.isin(flat, (0, 1))


def _real_numbers(cells: pd.Series) -> pd.Series:
    """``cells`` as floats, NaN where one is no real number: text, or a complex number (its
    imaginary part was dropped: 1+5j counted as the prediction 1, 0.3+0.9j as the score 0.3)."""
    numbers = pd.to_numeric(cells, errors="coerce")
    if numbers.dtype.kind == "c":
        real = ~cells.map(lambda v: isinstance(v, complex | np.complexfloating)).to_numpy(bool)
        numbers = pd.Series(np.where(real, numbers.to_numpy().real, np.nan))
    return numbers.astype(float)


def _shown(value):
    """A value for a message: a missing one as the text 'missing' (None is no value)."""
    value = plain(value)
    return "missing" if value is None or (isinstance(value, float) and np.isnan(value)) else value


def _scores(values, name, fix: str) -> np.ndarray:
    """Scores as floats in [0, 1]: text, a missing, infinite or out-of-range value is refused
    naming ``name``, how many and the first (its row and value)."""
    raw = quiet_nans(pd.Series(np.asarray(values, dtype=object).ravel()))  # sNaN: missing
    try:
        numbers = _real_numbers(raw)
    except Exception:  # a cell whose hash raises: no number
        numbers = _real_numbers(raw.map(lambda v: None if _not_one_value(v) else v))
    text = (numbers.isna() & raw.notna()).to_numpy()  # notna: every NaN (float32 too) is missing
    if text.any():
        _refuse_first(
            text, raw.to_numpy(), "scores must be numbers in [0, 1]", name, fix, "a number"
        )
    score = numbers.to_numpy()
    bad = ~((score >= 0) & (score <= 1))  # NaN and inf fail both comparisons or one
    if bad.any():
        _refuse_first(bad, score, "scores must be in [0, 1] without missing values", name, fix)
    return score


def _refuse_first(bad, values, rule: str, name, fix: str, what: str = "") -> None:
    """Refuse ``values`` where ``bad``: ``rule``, how many break it, the first's row (counted
    from 0, as every check words it: a file's line where a face read a file) and value."""
    i, k = int(np.flatnonzero(bad)[0]), int(bad.sum())
    plural = what.removeprefix("a ") + "s" if what else ""
    said = f"1 is not {what}" if k == 1 else f"{k} are not {plural}"  # (a number)/(numbers)
    raise EthicLensInputError(
        f"{rule}; {said.rstrip()}{first_row(i)}",
        column=name,
        value=_shown(values[i]),
        fix=fix,
    )


_SAME_SCORES_NOTE = (
    "Every flipped row has exactly its observed row's score. If the table still holds the "
    "input's old prediction and score columns (make-counterfactuals copies every column), "
    "score the flipped rows with the model and analyze those columns instead."
)


@refusing_unknown_keywords
def analyze_counterfactuals(
    frame: pd.DataFrame,
    y_pred,
    y_score=None,
    *,
    attribute: str | None = None,
    favorable_label: int = 1,
    n_boot: int = 1000,
    random_state=None,
    ci: str = "bca",
) -> CounterfactualResult:
    """Flip rates and score shifts from predictions for :func:`make_counterfactuals` rows.

    ``y_pred`` (and ``y_score``): 1-D, paired with rows by position (a pandas Series with the
    frame's index labels in another order is put in its order, other labels refused).
    ``attribute``: the flipped column, equal to ``_cf_target`` on every row (any other is
    refused); by default the first such column (None when none is)."""
    result, same_scores = _analyze(
        frame, y_pred, y_score, attribute, favorable_label, n_boot, random_state, ci
    )
    if same_scores:
        result.notes.append(_SAME_SCORES_NOTE)
    if not result.uses_attribute:
        result.notes.append(
            "No prediction or score changed when only the protected attribute "
            "changed: the model does not use it directly (all flip rates 0), provided the "
            "predictions analysed were made on the flipped rows."
        )
    result.notes.append(PROXY_NOTE)
    return result


def _analyze(frame, y_pred, y_score, attribute, favorable_label, n_boot, random_state, ci):
    """:func:`analyze_counterfactuals` without its notes but one on columns other than the
    attribute that a flipped copy changed: the result, and whether every
    flipped row has exactly its observed row's score (False without scores)."""
    n_boot = check_settings(favorable_label, n_boot, random_state, ci)
    fix = "pass the table make_counterfactuals gave (observed and flipped rows)"
    problem = "must be a pandas DataFrame, not a"
    check_argument_type(frame, pd.DataFrame, column="frame", problem=problem, fix=fix)
    frame, y_pred, y_score = map(quiet_nans, (frame, y_pred, y_score))  # sNaN: missing
    attribute = _quiet(attribute)  # a name Decimal('sNaN'): no column, not a TypeError
    if isinstance(frame, pd.DataFrame):  # a Series of predictions follows its index labels
        y_pred = _aligned(y_pred, frame.index, "y_pred")
        y_score = _aligned(y_score, frame.index, "y_score")
    frame = frame.reset_index(drop=True)  # then positions pair rows with the predictions
    pred, score = _check_analysis(frame, y_pred, y_score)
    favorable_label = int(favorable_label)  # True, np.int64(1): the result's (JSON's) int 1
    attribute = _attribute(frame, attribute)  # refused before any draw
    observed = (frame[SOURCE] == frame[TARGET]).to_numpy()
    # Row ids index compact arrays (one slot per distinct id), never arrays as long as the
    # largest id: an id of 1e11 asked numpy for 745 GiB.
    ids = pd.to_numeric(frame[ROW]).to_numpy().astype(np.int64)
    unique_ids, rows = np.unique(ids, return_inverse=True)
    scored = [v for v in (y_pred, y_score) if v is not None]
    other_changes = _other_changes(frame, attribute, scored, (rows, observed))
    orig_pred = np.full(len(unique_ids), -1)
    orig_pred[rows[observed]] = pred[observed]
    orig_score = None
    if score is not None:
        orig_score = np.full(len(unique_ids), np.nan)
        orig_score[rows[observed]] = score[observed]
    seeds = np.random.SeedSequence(random_state)
    keys = frame.loc[~observed, [SOURCE, TARGET]].astype(str)
    pairs = []
    for (s, t), idx in keys.groupby([SOURCE, TARGET], sort=True).groups.items():
        idx = np.asarray(idx)
        idx = idx[np.argsort(ids[idx], kind="stable")]  # by record: the file's order draws nothing
        before = (orig_pred[rows[idx]], None if score is None else orig_score[rows[idx]])
        after = (pred[idx], None if score is None else score[idx])
        pairs.append(
            _pair(s, t, before, after, favorable_label, (_shift_rng(seeds, s, t), n_boot, ci))
        )
    # ci and n_boot say how a bootstrap drew; none drew (no scores, or every pair's shift
    # interval taken without draws): null, never the unused defaults
    drew = any(_drawn(p.mean_score_shift_ci) for p in pairs)
    result = CounterfactualResult(
        attribute,
        favorable_label,
        pairs,
        ci=ci if drew else None,
        n_boot=n_boot if drew else None,
        seed=random_state,
    )
    result.notes += [other_changes] if other_changes else []
    result.notes += _missing_code_notes(attribute, keys)
    flipped = ~observed
    same = score is not None and np.array_equal(score[flipped], orig_score[rows[flipped]])
    return result, bool(same)


# How a probe leaves out a group named like a missing value (the audit's --exclude-group)
LEAVE_OUT = "drop {its} rows before the probe, so that no record is flipped to {it} either"


def _missing_code_notes(attribute, keys: pd.DataFrame) -> list[str]:
    """The audit's note on the probed groups named like a missing value ('?', 'NA', 'n/a'):
    each is a source and a target of flips like any group."""
    codes = missing_value_codes(dict.fromkeys(sorted({*keys[SOURCE], *keys[TARGET]})))
    if not codes:
        return []
    name = "the flipped attribute" if attribute is None else str(attribute)
    return [missing_value_codes_text(name, codes, leave_out=LEAVE_OUT)]


def _attribute(frame: pd.DataFrame, attribute: str | None) -> str | None:
    """The flipped column: ``attribute`` when it is the frame's column that equals
    ``_cf_target`` on every row (any other is refused: the result would record a column the
    pairs did not flip), else the first such column."""
    if attribute is not None:
        _refuse_twice(frame, attribute, "attribute", kind="argument", value=attribute)
    if attribute is not None and attribute in frame.columns and _is_flipped(frame, attribute):
        return attribute
    found = next((col for col in frame.columns if _is_flipped(frame, col)), None)
    if attribute is None:
        return found
    problem = "is not a column of the frame"
    if attribute in frame.columns:
        problem = (
            "is not the flipped column: its values are not the target group (_cf_target) on "
            "every row" + (f"; the pairs flip {found!r}" if found else "")
        )
    raise EthicLensInputError(
        problem,
        column="attribute",
        kind="argument",
        value=attribute,
        fix=(f"use {found!r}, the column flipped to _cf_target, or " if found else "")
        + "leave attribute out (the flipped column is then found, None when none is)",
    )


def _refuse_twice(frame: pd.DataFrame, col, name, **named) -> None:
    """Refuse a column name the frame holds twice (a table and its scored copy joined side by
    side): ``frame[col]`` would be two columns, not one."""
    if list(frame.columns).count(col) > 1:
        raise EthicLensInputError(
            "names two columns of the table",
            column=name,
            fix="make the column names unique (drop the repeated column)",
            **named,
        )


def _aligned(values, index: pd.Index, default: str):
    """``values`` in the frame's row order: a pandas Series with the frame's index labels in
    another order is put in its order (a shuffled or sorted frame keeps its predictions); a
    Series with other labels is refused, as it cannot be told which row each value is of."""
    if not isinstance(values, pd.Series) or len(values) != len(index) or values.index.equals(index):
        return values
    unique = values.index.is_unique and index.is_unique
    if unique and set(values.index) == set(index):
        return values.reindex(index)
    known = set(index)
    odd = [label for label in values.index if label not in known] or list(values.index)
    raise EthicLensInputError(
        f"is a pandas Series whose index labels are not the frame's ({len(odd):,} label(s) "
        f"not in frame.index{'' if unique else ', or labels repeated'}; first: {_shown(odd[0])!r})",
        column=default,
        kind="argument",
        fix=f"score the frame itself, so its index is the frame's, or pass {default}.to_numpy() "
        "to pair values with rows by position",
    )


def _shift_rng(seeds: np.random.SeedSequence, source: str, target: str):
    """The score shift's random stream of one pair, keyed by the pair's name (statistic 1; 0
    was the flip rate's, exact now): a pair's interval does not depend on which other pairs
    are drawn."""
    key = zlib.crc32(f"{source}\x00{target}".encode())
    return np.random.default_rng(
        np.random.SeedSequence(seeds.entropy, spawn_key=(*seeds.spawn_key, key, 1))
    )


def _name(values, default: str) -> str:
    """The user's column name of ``values`` (a named Series) with its role, as the audit
    names it ('pred (y_pred)'), else the parameter's name."""
    name = getattr(values, "name", None)
    if name is None or str(name) == default:
        return default
    return f"{name} ({default})"


def _is_flipped(frame: pd.DataFrame, col) -> bool:
    """Whether ``col`` equals ``_cf_target`` on every row (as text: a numeric group column
    read back from a CSV matches too)."""
    return col not in (ROW, SOURCE, TARGET) and frame[col].astype(str).equals(
        frame[TARGET].astype(str)
    )


def _check_analysis(frame, y_pred, y_score) -> tuple:
    """The predictions (0/1) and scores (in [0, 1], or None) for a counterfactual table."""
    given = (("y_pred", y_pred), ("y_score", y_score))
    names = ", ".join(
        f"{k}={v!r}" if isinstance(v, str) else f"{k}=..." for k, v in given if v is not None
    )
    by_name = f"to name the columns of a scored file instead: analyze_scored('scored.csv', {names})"
    check_one_per_row(y_pred, "y_pred", by_name if isinstance(y_pred, str) else "")
    if y_score is not None:
        check_one_per_row(y_score, "y_score", by_name if isinstance(y_score, str) else "")
    for col in (ROW, SOURCE, TARGET):
        if col not in frame.columns:
            raise _table_error(
                "not a counterfactual table", col, "use the output of make-counterfactuals"
            )
        _refuse_twice(frame, col, col)
    _check_counterfactual_table(frame)
    try:
        pred = _binary(y_pred, _one_per_row(y_pred, frame, "y_pred"))
        if y_score is None:
            return pred, None
        name = _one_per_row(y_score, frame, "y_score")
        fix = (
            "give the positive class's probability (a number from 0 to 1) for every row (drop "
            "--y-score, y_score in Python, if there is none)"
        )
        return pred, _scores(y_score, name, fix)
    except EthicLensInputError as exc:  # values passed, not a column: the argument named
        values = dict(given).get(str(exc.column))
        if values is None or getattr(values, "name", None) is not None:  # a named column
            raise  # (analyze_scored's); an unnamed Series is values, as an array is
        raise exc.renamed({}, kind="argument") from None


def _one_per_row(values, frame: pd.DataFrame, default: str) -> str:
    """The name of ``values`` (:func:`_name`), refused unless it has one value per row."""
    name = _name(values, default)
    if len(values) != len(frame):
        raise EthicLensInputError(
            f"has {len(values)} values for {len(frame)} rows",
            column=name,
            fix="score every row of the table, in order",
        )
    return name


def _pair(source, target, before, after, favorable_label, draws) -> PairResult:
    """One (source, target) pair from the observed (``before``) and flipped (``after``)
    predictions and scores of its records; ``draws`` = (score-shift rng, n_boot, ci) (the flip
    rate's interval is exact: no draws)."""
    (pred_0, score_0), (pred_1, score_1) = before, after
    shift_rng, n_boot, ci = draws
    if (pred_0 < 0).any():
        raise _table_error("a flipped row has no observed copy", ROW, SCORE_ALL)
    flipped = (pred_0 != pred_1).astype(float)
    to_fav = ((pred_1 == favorable_label) & (pred_0 != favorable_label)).mean()
    to_unfav = ((pred_1 != favorable_label) & (pred_0 == favorable_label)).mean()
    pair = PairResult(
        source,
        target,
        len(flipped),
        float(flipped.mean()),
        _rate_interval(flipped),
        float(to_fav),
        float(to_unfav),
    )
    if score_1 is not None:
        shift = score_1 - score_0
        pair.mean_score_shift = float(shift.mean())
        pair.mean_score_shift_ci = _shift_interval(shift, shift_rng, n_boot, ci)
        qs = [0.05, 0.25, 0.5, 0.75, 0.95]
        pair.score_shift_quantiles = dict(
            zip(map(str, qs), map(float, np.quantile(shift, qs)), strict=True)
        )
    return pair


def _check_counterfactual_table(frame: pd.DataFrame) -> None:
    """The bookkeeping columns must be what make-counterfactuals wrote: one observed copy per
    record, at most one flipped copy per (record, target), non-negative integer row ids."""
    for col, group in ((ROW, False), (SOURCE, True), (TARGET, True)):
        _refuse_not_one_value(frame[col], col, group)
        if group and (as_bytes := bytes_like_as_bytes(frame[col])) is not None:
            frame[col] = as_bytes  # a BLOB: the bytes it holds, as the audit reads it
    numeric = _row_ids(frame[ROW])
    gaps = frame[[SOURCE, TARGET]].isna().any(axis=1).to_numpy()
    if gaps.any():
        raise _table_error(
            f"{int(gaps.sum())} row(s) miss a group value in the bookkeeping columns"
            f"{first_row(int(np.flatnonzero(gaps)[0]))}",
            f"{SOURCE}/{TARGET}",
        )
    for col in (SOURCE, TARGET):  # a look-alike named in the column that holds it
        _check_labels(list(pd.unique(frame[col])), col)
    _check_labels(list(pd.unique(frame[[SOURCE, TARGET]].to_numpy().ravel())), f"{SOURCE}/{TARGET}")
    observed = (frame[SOURCE].astype(str) == frame[TARGET].astype(str)).to_numpy()
    obs_rows = numeric[observed]
    dup = obs_rows.duplicated()
    if dup.any():
        raise _table_error(
            f"{int(dup.sum())} record(s) have more than one observed copy (first: row id "
            f"{int(obs_rows[dup].iloc[0])}){first_row(int(obs_rows.index[dup.to_numpy()][0]))}",
            ROW,
            "drop duplicated rows; each record must appear once as observed",
        )
    flipped = frame.loc[~observed, [TARGET]].assign(_r=numeric[~observed])
    dup = flipped.duplicated()
    if dup.any():  # named at the row that breaks the rule: the first in file order of a
        # repeated pair whose copies differ (an observed row whose _cf_target was edited comes
        # before the flipped copy it repeats), else the later of two identical copies
        differ = flipped.duplicated(keep=False) & ~frame.loc[~observed].duplicated(keep=False)
        first = int(np.flatnonzero((differ if differ.any() else dup).to_numpy())[0])
        copies = "copy repeats" if int(dup.sum()) == 1 else "copies repeat"
        raise EthicLensInputError(
            f"{int(dup.sum())} flipped {copies} a (record, target) pair"
            f"{first_row(int(flipped.index[first]))}",
            column=ROW,
            value=flipped[TARGET].iloc[first],
            fix="drop duplicated rows or restore the edited _cf_target; each record is "
            "flipped once per target group",
        )
    if not (~observed).any():
        fix = "score the whole make-counterfactuals output, not only the observed rows"
        raise _table_error("the table has no flipped rows, so nothing can be compared", TARGET, fix)
    sources = frame.assign(_r=numeric).groupby("_r")[SOURCE].nunique()
    if (sources > 1).any():
        i = int(sources[sources > 1].index[0])
        raise _table_error(f"row id {i} has copies with different source groups", SOURCE)
    _check_targets(frame)
    _check_every_flip(frame, numeric, observed)


def _check_targets(frame: pd.DataFrame) -> None:
    """Every ``_cf_target`` is a group of the attribute: some record's ``_cf_source``, or a
    group make_counterfactuals flipped to that no record has (its ``attrs``). Otherwise every
    group's records flip to it (its own records were dropped: refused naming the missing
    pairs), or a few rows were edited (the first named by its row and value)."""
    sources, targets = frame[SOURCE].astype(str), frame[TARGET].astype(str)
    groups = sorted(set(sources))
    odd = ~targets.isin({*groups, *map(str, frame.attrs.get(UNSEEN_TARGETS, ()))})
    if not odd.any():
        return
    i = int(np.flatnonzero(odd.to_numpy())[0])
    group = targets.iloc[i]
    flips_to = (targets == group).to_numpy()
    if set(sources[flips_to]) == set(groups):
        missing = ", ".join(f"{group} → {g}" for g in groups)
        raise EthicLensInputError(
            f"no record of group {group!r} is in the table, though {int(flips_to.sum())} rows "
            f"flip records to it: its observed copies and its flips ({missing}) are missing",
            column=SOURCE,
            value=group,
            fix="score every row of the counterfactual table, dropping no group's rows (in "
            "Python, a group no record has, flipped to with make_counterfactuals(..., "
            "groups=[...]), is known to the DataFrame it returned, not to a CSV of it)",
        )
    raise EthicLensInputError(
        f"{int(odd.sum())} row(s) have a _cf_target that is not a group of the attribute "
        f"(the records' groups, in _cf_source: {names_words(groups)}){first_row(i)}",
        column=TARGET,
        value=_shown(frame[TARGET].iloc[i]),
        fix="restore the value make-counterfactuals wrote there (one of those groups), or "
        "make and score the table again",
    )


def _check_every_flip(frame: pd.DataFrame, numeric: pd.Series, observed: np.ndarray) -> None:
    """Every observed record has one flipped copy per target group other than its own: a
    missing copy would silently shrink its pair's n, as a missing observed copy is refused."""
    flips = frame.loc[~observed, [TARGET]].astype(str).assign(_r=numeric[~observed])
    targets = set(flips[TARGET])
    records = frame.loc[observed, [SOURCE]].astype(str).assign(_r=numeric[observed])
    wanted = {s: targets - {s} for s in records[SOURCE].unique()}
    have = records["_r"].map(flips["_r"].value_counts()).fillna(0).to_numpy()
    short = have < records[SOURCE].map(lambda s: len(wanted[s])).to_numpy()
    if short.any():
        first = records.iloc[int(np.flatnonzero(short)[0])]
        missing = sorted(wanted[first[SOURCE]] - set(flips.loc[flips["_r"] == first["_r"], TARGET]))
        raise _table_error(
            f"{int(short.sum())} record(s) lack a flipped copy (first: row id "
            f"{int(first['_r'])}, {first[SOURCE]} → {missing[0]}){first_row(int(first.name))}",
            ROW,
            SCORE_ALL,
        )
    orphan = ~numeric.isin(records["_r"]).to_numpy()
    if orphan.any():
        i = int(np.flatnonzero(orphan)[0])
        raise _table_error(
            f"{int(orphan.sum())} flipped row(s) have no observed copy (a row with the same "
            f"_cf_row whose _cf_source equals its _cf_target){first_row(i)}",
            ROW,
            SCORE_ALL,
            value=_shown(frame[ROW].iloc[i]),
        )


SCORE_ALL = "score every row of the make-counterfactuals output"


def _other_changes(frame, attribute, scored: list, rows_observed) -> str | None:
    """A note when a flipped copy differs from its observed record in a column other than the
    flipped attribute, the bookkeeping and the ``scored`` (prediction, score) columns (an age
    edited, or a score column not passed as ``y_score``): a flip there may not be the
    attribute's doing. None when every copy holds its record's values."""
    rows, observed = rows_observed
    at = np.full(rows.max() + 1, -1)
    at[rows[observed]] = np.flatnonzero(observed)
    flipped = np.flatnonzero(~observed)
    origin = at[rows[flipped]]
    skip = {ROW, SOURCE, TARGET, attribute} | {getattr(v, "name", None) for v in scored}
    changed, first = [], None
    for k, col in enumerate(frame.columns):  # by position: a name held twice is two columns
        if col in skip:
            continue
        try:  # pandas' ==: a missing value of a nullable column (pd.NA) is no truth value
            after, before = (frame.iloc[i, k].reset_index(drop=True) for i in (flipped, origin))
            both_missing = (after.isna() & before.isna()).to_numpy()
            differ = ~((after == before).fillna(False).to_numpy(dtype=bool) | both_missing)
        except (TypeError, ValueError):  # cells no == compares (arrays): nothing to say
            continue
        if differ.any() and _is_scored(frame.iloc[:, k], scored):  # predictions as an array
            continue
        if differ.any() and str(col) not in changed:
            changed.append(str(col))
            i = int(flipped[np.flatnonzero(differ)[0]])
            first = i if first is None else min(first, i)
    if not changed:
        return None
    return (
        f"flipped rows differ from their observed record in {changed} as well as the "
        f"attribute{first_row(first)}: the probe compares rows that differ only in the "
        "attribute, so if the model reads these columns its flips are not the attribute's "
        "alone (score the make-counterfactuals output as written, adding prediction and score "
        "columns only; pass a score column as y_score, --y-score)"
    )


def _is_scored(column: pd.Series, scored: list) -> bool:
    """Whether ``column`` holds, row by row, the predictions or scores analysed (passed as an
    array or a renamed Series): the model's output, not a feature the copy changed."""
    for values in scored:
        try:
            same = column.reset_index(drop=True) == pd.Series(np.asarray(values).ravel())
            if bool(same.fillna(False).all()):
                return True
        except (TypeError, ValueError):
            continue
    return False


def _table_error(problem: str, column, fix="use the table make-counterfactuals wrote", **kw):
    """A refusal of a counterfactual table's bookkeeping (``column``), with ``fix``."""
    return EthicLensInputError(problem, column=column, fix=fix, **kw)


def _row_ids(rows: pd.Series) -> pd.Series:
    """The row ids as numbers: non-negative integers below :data:`MAX_ROW_ID`."""
    numeric = pd.to_numeric(rows, errors="coerce")
    if numeric.dtype.kind == "c":  # a complex id is no row id
        numeric = numeric.map(lambda v: v.real if v.imag == 0 else np.nan).astype(float)
    bad = numeric.isna() | (numeric < 0) | (numeric % 1 != 0)
    huge = numeric >= MAX_ROW_ID
    for mask, problem in (
        (bad, f"{int(bad.sum())} row id(s) are not non-negative integers"),
        (
            huge,
            f"{int(huge.sum())} row id(s) are {MAX_ROW_ID:,} or more (the limit: "
            "make-counterfactuals numbers records 0, 1, 2, …, and larger ids cannot be told "
            "apart once read as numbers)",
        ),
    ):
        if mask.any():
            i = int(np.flatnonzero(mask.to_numpy())[0])
            fix = "use the table make-counterfactuals wrote, unchanged except for added "
            raise _table_error(
                problem + first_row(i), ROW, fix + "prediction columns", value=_shown(rows.iloc[i])
            )
    return numeric


# The flip-rate interval (the first word names the method in the table). A flip rate is a
# binomial proportion (x flips of n records): a bootstrap of it reaches 0 at a handful of
# records (1 flip of 4: [0, 0.75]) although a flip was seen, and every draw equals a rate of 0
# or 1. The exact Jeffreys interval, the audit's default for rates, is used for every pair.
EXACT_JEFFREYS = "jeffreys (exact Beta(flips + 1/2, n - flips + 1/2) quantiles, equal-tailed)"


def _rate_interval(flipped: np.ndarray) -> Interval:
    """Interval of a flip rate: exact Jeffreys Beta quantiles (the same number on every run,
    which Monte Carlo draws are not; above 0 once a flip is seen), extended to the estimate at
    a rate of 0 or 1 as the audit's Jeffreys intervals are (so 0 flips gives [0, upper])."""
    from scipy.stats import beta  # scikit-learn's dependency: always installed

    n, k = len(flipped), float(flipped.sum())
    low, high = beta.ppf([0.025, 0.975], k + 0.5, n - k + 0.5)
    note = "extended to the estimate, a rate of 0 or 1 (Jeffreys' usual boundary convention)"
    return contain_one(Interval(float(low), float(high), EXACT_JEFFREYS), k / n, note)


# Why a pair's mean score shift has no interval (the method the JSON records; the table shows
# a short form: _no_ci).
SHIFT_ONE_RECORD = "not reported: n = 1 record (every bootstrap draw would repeat it)"
SHIFT_SAME = "degenerate: every draw equal"
# Shifts (differences of scores in [0, 1]) this close are one value: 0.7 - 0.2 and 0.8 - 0.3
# differ in the last bit, which would draw an interval of width 1e-16.
TIE = 1e-12


def _no_ci(ci: Interval) -> str:
    """The table's short reason for a missing interval: 'n = 1' or 'every draw equal'."""
    return "n = 1" if ci.method == SHIFT_ONE_RECORD else "every draw equal"


def _shift_interval(shift: np.ndarray, rng, n_boot: int, ci: str) -> Interval:
    """Interval of a mean score shift, or none (low and high None, the method saying why)
    where the bootstrap cannot vary: one record, every record's shift the same, or every draw
    equal. A zero-width interval would claim 95% certainty that nothing supports."""
    if len(shift) == 1:
        return Interval(None, None, SHIFT_ONE_RECORD)
    if np.ptp(shift) <= TIE:
        return Interval(None, None, f"{SHIFT_SAME} (every record's shift is {shift[0]:+.4g})")
    if len(shift) < FEW_SHIFTS:
        return _t_interval(shift)
    return _mean_interval(shift, rng, n_boot, ci)


def _drawn(ci: Interval | None) -> bool:
    """Whether a mean score shift's interval came from bootstrap draws (not the Student t
    interval, nor none for one record or every record's shift the same)."""
    fixed = ci is None or ci.method in (SHIFT_ONE_RECORD, STUDENT_T)
    return not fixed and not ci.method.startswith(f"{SHIFT_SAME} (every record")


# Below this many records a pair's mean score shift takes the Student t interval: a bootstrap of
# a mean is too narrow there (its spread is the sample's, not the mean's uncertainty); seeded
# normal shifts, 300 runs: BCa covered 0.79 at 4 records, 0.86 at 8, 0.91 at 15, 0.94 at 30; the t
# interval 0.97, 0.92, 0.94, 0.95 (tests/probes/test_round26_flip_rate_interval.py).
FEW_SHIFTS = 30
STUDENT_T = "student t (mean of the paired shifts, n - 1 df; fewer than 30 records)"


def _t_interval(shift: np.ndarray) -> Interval:
    """The Student t interval of a mean score shift of a few records, within [-1, 1]."""
    from scipy.stats import t

    n = len(shift)
    half = t.ppf(0.975, n - 1) * shift.std(ddof=1) / np.sqrt(n)
    mean = float(shift.mean())
    return Interval(max(-1.0, mean - half), min(1.0, mean + half), STUDENT_T)


def _mean_interval(values: np.ndarray, rng, n_boot: int, ci: str) -> Interval:
    """Bootstrap interval of a mean of ``FEW_SHIFTS`` or more values (:func:`_shift_interval`),
    with the exact jackknife for BCa."""
    n = len(values)
    boot = np.empty(n_boot)
    chunk = max(1, 2_000_000 // n)
    for start in range(0, n_boot, chunk):
        b = min(chunk, n_boot - start)
        boot[start : start + b] = values[rng.integers(0, n, size=(b, n))].mean(axis=1)
    jack = (values.sum() - values) / (n - 1)
    if np.ptp(boot) <= TIE:
        return Interval(None, None, f"{SHIFT_SAME} ({n_boot} draws of {n} records)")
    point = np.array([float(values.mean())])
    return bootstrap_intervals(point, boot[:, None], [jack], [np.ones(n)], method=ci).at(0)


def model_name(model) -> str:
    """``module.Class`` of a model, for messages."""
    kind = type(model)
    return f"{kind.__module__}.{kind.__qualname__}"


def _model_error(model, method: str, exc: Exception) -> EthicLensInputError:
    # masked, then cut: cut first, a URL whose password ran past the cut was shown
    text = masked_cut(str(exc).strip().splitlines()[0], 300) if str(exc).strip() else ""
    return _model_refusal(
        f"the model {model_name(model)} raised {type(exc).__name__} in {method}()"
        + (f": {text}" if text else ""),
        f"check that {method}() works on the records as given (raw columns, the "
        "protected attribute changed); run it on a few rows yourself to see the full error",
    )


def _model_refusal(problem: str, fix: str) -> EthicLensInputError:
    """A refusal of the user's model (the argument ``model``): what it did, and the fix."""
    return EthicLensInputError(problem, column="model", kind="argument", fix=fix)


# The refusal of a group the model's encoder never saw, and the fix every face offers (each
# face adds how to leave the group out: groups=[...] in Python, the records of --data on the
# command line).
UNSEEN_GROUP = "the model's encoder rejects a group it did not see in training"
ENCODER_FIX = "fit its OneHotEncoder with handle_unknown='ignore' or 'infrequent_if_exist'"


def _predict(model, frame):
    """The model's predictions (and positive-class scores) on ``frame``; an exception inside
    the model is one error naming the model, the method and the exception."""
    method = "predict"
    try:
        pred = _cells(model.predict(frame))
        score = None
        if hasattr(model, "predict_proba"):
            method = "predict_proba"
            proba = _cells(model.predict_proba(frame))
            if proba.ndim != 2 or proba.shape[1] != 2 or len(proba) != len(frame):
                raise _model_refusal(
                    f"the model {model_name(model)}'s predict_proba returned shape "
                    f"{proba.shape}, not (rows, 2)",
                    "give a binary classifier, whose predict_proba returns one column per "
                    "class (0, 1)",
                )
            score = proba[:, 1]
    except EthicLensInputError:
        raise
    except ValueError as exc:
        if "unknown categor" in str(exc).lower() or "unseen" in str(exc).lower():
            raise _model_refusal(
                f"{UNSEEN_GROUP} ({exc})",
                "probe only groups the model was trained on "
                f"(counterfactual(..., groups=[...])), or {ENCODER_FIX}",
            ) from exc
        raise _model_error(model, method, exc) from exc
    except (KeyboardInterrupt, SystemExit, MemoryError):  # after ValueError: one both is wrapped
        raise
    except Exception as exc:  # noqa: BLE001 - the user's model: any error is theirs to fix
        raise _model_error(model, method, exc) from exc
    try:  # one 1-D rule with analyze_counterfactuals(y_pred=...): (n, 2) is not flattened
        check_one_per_row(pred, "model")
    except EthicLensInputError as exc:
        raise _model_refusal(
            f"the model {model_name(model)}'s predict() {exc.problem}", exc.fix
        ) from None
    if len(pred) != len(frame):
        raise _model_refusal(
            f"the model {model_name(model)}'s predict returned {len(pred)}"
            f" values for {len(frame)} records",
            "predict() must return one prediction per record",
        )
    return pred, score


def _model_outputs(model, pred, score) -> tuple:
    """The model's predictions (0/1) and scores (in [0, 1]); anything else is refused naming
    the model, the method and what it returned."""
    numbers, bad = _as_binary(pred)
    if bad.any():
        raise _model_refusal(
            f"the model {model_name(model)}'s predict() returned "
            f"{_shown(pred.ravel()[int(np.flatnonzero(bad)[0])])!r}, not 0 or 1 "
            f"({int(bad.sum())} of {bad.size} predictions)",
            "predict() must return 0 or 1 per record (1: the positive class); map the "
            "model's labels to 0/1 in a small wrapper class",
        )
    if score is not None:
        fix = "predict_proba()[:, 1] must be the positive class's probability, from 0 to 1"
        what = f"the model {model_name(model)}'s predict_proba()[:, 1]"
        try:
            score = _scores(score, what, fix)
        except EthicLensInputError as exc:
            problem = exc.problem.replace("scores must be", "must be")
            raise _model_refusal(f"{what} {problem} (value: {exc.value!r})", fix) from None
    return numbers.astype(int), score


@refusing_unknown_keywords
def counterfactual(
    model,
    X: pd.DataFrame,
    protected: str,
    *,
    groups=None,
    favorable_label: int = 1,
    n_boot: int = 1000,
    ci: str = "bca",
    random_state=None,
) -> CounterfactualResult:
    """Probe a fitted model by changing only ``protected`` on the records in ``X``.

    Parameters
    ----------
    model : object with ``predict`` (and optionally ``predict_proba``)
        Any fitted classifier taking raw records, e.g. a scikit-learn Pipeline whose
        OneHotEncoder encodes the attribute (the change happens before encoding).
    X : DataFrame
        Real records, including the protected column.
    protected : str
        Column to change.
    groups : list, optional
        Target groups; default: the groups present in ``X``. A group the model's encoder
        never saw is an error, unless the encoder's ``handle_unknown`` maps it (stated in the
        result's notes).
    favorable_label : int
        Which prediction is the benefit (0 for recidivism), for the direction of flips.
    n_boot : int, default 1000
        Bootstrap resamples of the probed records behind each pair's mean score shift
        interval: a whole number from 100 to 1,000,000.
    ci : {"bca", "percentile"}, default "bca"
        Interval method of the mean score shift's resamples (95 %); a pair of fewer than 30
        records takes the Student t interval instead (a bootstrap of a mean is too narrow
        there). A flip rate, a binomial proportion, always takes the exact Jeffreys interval.
    random_state : int, optional
        Seed of the resamples (each pair draws from its own stream of it), a non-negative
        integer below 2**32; the result's ``seed`` records it. None (the default, as in
        scikit-learn): fresh draws each call.

    Returns
    -------
    CounterfactualResult
        Per (source, target) pair: flip rate with its interval, flips to and from
        ``favorable_label``, score shifts when the model has ``predict_proba``; and notes.
    """
    check_settings(favorable_label, n_boot, random_state, ci)  # before the model is asked
    _check_model(model)
    groups = _listed(groups)
    frame = make_counterfactuals(X, protected, groups)
    pred, score = _model_outputs(model, *_predict(model, frame.drop(columns=[ROW, SOURCE, TARGET])))
    result, same_scores = _analyze(
        frame, pred, score, protected, favorable_label, n_boot, random_state, ci
    )
    notes = _model_notes(result, protected, same_scores)
    result.notes += _constant_note(pred, score, len(X)) + notes
    probed = list(groups) if groups is not None else pd.unique(X[protected])
    result.notes += _encoder_notes(*_encoder_view(model, protected, probed))
    return result


def _check_model(model) -> None:
    """A model without ``predict`` refused: the probe has nothing to ask."""
    if not hasattr(model, "predict"):
        raise _model_refusal(
            "the model has no predict method",
            "pass a fitted classifier (e.g. a scikit-learn estimator)",
        )


def _constant_note(pred: np.ndarray, score, records: int) -> list[str]:
    """What a model that gives two or more records, original and changed, one answer means:
    its flip rates of 0 may say only that it answers the same to everything (a broken or
    wrong model passed), not that it ignores the attribute."""
    if records < 2 or (pred != pred[0]).any():
        return []
    one_score = score is not None and bool((score == score[0]).all())
    return [
        f"The model predicted {int(pred[0])} for all {records:,} records, original and "
        "changed"
        + (f", each with the same score {float(score[0]):.4g}" if one_score else "")
        + ": it may answer the same to every record, so flip rates of 0 say nothing of how "
        "it treats the attribute; check that the fitted model you meant was passed."
    ]


def _model_notes(result: CounterfactualResult, protected: str, same_scores: bool) -> list:
    """What an unchanged model output means when the probe scored the flipped rows itself
    (no table of old predictions can have been analysed by mistake), then the proxy note."""
    notes = []
    if not result.uses_attribute:
        outputs = "scores and predictions" if same_scores else "predictions"
        notes.append(
            f"The model's {outputs} did not change for any row with {protected} flipped: "
            "the model does not use it directly (all flip rates 0)."
        )
    elif same_scores:
        notes.append(
            f"The model's scores (predict_proba) did not change for any row with {protected}"
            " flipped, but its predictions (predict) did: predict reads it, predict_proba "
            "does not."
        )
    return [*notes, PROXY_NOTE]


def _encoder_notes(unseen: list, pooled: list) -> list[str]:
    """What the flips to groups the model's encoder never saw, or pools, measure."""
    notes = []
    if unseen:
        notes.append(
            f"Groups {names_words(unseen)} were never seen by the model's encoder; its "
            "handle_unknown setting encoded them (e.g. as all-zero or as the "
            "infrequent category), so their rows measure that encoding."
        )
    if pooled:
        notes.append(
            f"Groups {names_words(pooled)} are pooled by the model's encoder into one "
            "'infrequent' category (too rare in training): flips to them measure "
            "that pooled category."
        )
    return notes


def _encoder_view(model, column, groups) -> tuple[list, list]:
    """Groups a scikit-learn OneHotEncoder inside ``model`` never saw, and those it pools as
    infrequent (best effort: other model types return nothing)."""
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    steps = model.steps if isinstance(model, Pipeline) else [("model", model)]
    for _, step in steps:
        if isinstance(step, ColumnTransformer) and hasattr(step, "transformers_"):
            names = getattr(step, "feature_names_in_", ())
            for _, enc, cols in step.transformers_:
                cols = _input_names(cols, names)
                if isinstance(enc, OneHotEncoder) and column in cols:
                    i = cols.index(column)
                    known = set(map(str, enc.categories_[i]))
                    rare = getattr(enc, "infrequent_categories_", None)
                    rare = set() if rare is None or rare[i] is None else set(map(str, rare[i]))
                    return (
                        [g for g in groups if str(g) not in known],
                        [g for g in groups if str(g) in rare],
                    )
    return [], []


def _input_names(cols, names) -> list:
    """The input columns a ColumnTransformer's column spec ``cols`` picks (names, positions, a
    slice or a boolean mask) among ``names``, its ``feature_names_in_``; [] where that cannot
    be told (a slice is not a list of columns: reading it as one raised TypeError)."""
    arr = np.asarray(names, dtype=object)
    if isinstance(cols, str):
        return [cols]
    try:
        if isinstance(cols, slice):  # by label both ends count, as pandas' .loc reads it
            labels = isinstance(cols.start, str) or isinstance(cols.stop, str)
            return list(pd.Series(arr, index=arr).loc[cols] if labels else arr[cols])
        items = list(cols)
        if items and all(isinstance(c, (bool, np.bool_)) for c in items):
            return list(arr[np.asarray(items, dtype=bool)])
        if all(isinstance(c, (int, np.integer)) for c in items):
            return list(arr[items])
    except (TypeError, IndexError, KeyError, ValueError):
        return []
    return items
