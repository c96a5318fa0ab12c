"""A refusal in the Python caller's words: an error naming a spec key, a command-line flag or
the fairness engine's keyword names the argument the caller passed (or, for a value from their
spec file, its key)."""

from __future__ import annotations

import functools

from ..errors import (
    EthicLensInputError,
    absent_label_named,
    in_source_words,
    shortened_quotes,
    source_noun,
)
from ._parse import attribute_names
from ._spec import ENGINE_KEYS, flag_paths, refuse_not_spec


def columns_named(runner):
    """``runner(spec, ...)``, whose refusal carries the columns the spec reads from the data
    (``in_data``): one of them named like a keyword (a label column named y_true, an attribute
    named n_boot) is named as that column by every face, not as --y-true or policy.n_boot, and
    one spelled like an option, a key or an argument (-lab, version, STORE) is called a column
    (the flags' own names stay what they name: the flags; TARGET with no target given)."""

    @functools.wraps(runner)
    def run(spec, *args):
        refuse_not_spec(spec)  # None, a dict: one line, before its refusal reads spec.roles
        try:
            return runner(spec, *args)
        except EthicLensInputError as exc:
            exc = in_source_words(exc, source_noun(spec.target.table, spec.target.query))
            r = spec.roles
            names = {*r.y_pred, r.y_true, r.y_score, r.weight} | attribute_names(r.protected)
            names |= _counts_columns(spec)
            name = str(exc.column).split(" (")[0]  # 'lab (y_true)': the column lab
            if _option_value(spec, name, exc.value):  # --n-boot's value, a column n_boot read
                names = names - {name}
            elif exc.kind != "column" and name in names - {*_target_words(spec), *flag_paths()}:
                exc = exc.renamed({}, "column")
            exc = pos_label_named(_missing_role_column(spec, exc))
            exc.in_data = names
            raise exc from None

    return run


def _missing_role_column(spec, exc: EthicLensInputError) -> EthicLensInputError:
    """A column the data lacks ("column 'lable': not found in d.csv") named by the role that
    gave it, as the monitor names it: "option '--y-true': column 'lable' not found in d.csv"
    on the command line, the key (``roles.y_true``) for a config file's value, the keyword in
    Python; the refusal's fix (the near miss, the file's columns) kept. Any other: ``exc``."""
    if exc.kind != "column" or not str(exc.problem).startswith("not found in "):
        return exc
    r = spec.roles
    roles = [("y_true", [r.y_true]), ("y_pred", r.y_pred), ("y_score", [r.y_score])]
    roles += [("weight", [r.weight]), ("protected", _attributes(r.protected))]
    role = next((k for k, cols in roles if exc.column in [c for c in cols if c is not None]), None)
    if role is None:  # a counts table's own column, a time column: named as it is
        return exc
    # a name past 300 characters cut in its middle, as the refusal showed its column
    problem = f"{shortened_quotes(f'column {str(exc.column)!r}')} {exc.problem}"
    return EthicLensInputError(problem, column=f"roles.{role}", fix=exc.fix, kind="key")


def pos_label_named(exc: EthicLensInputError, column: str | None = None) -> EthicLensInputError:
    """A positive label that no row of a label or prediction column holds (the engine's
    ``PosLabelAbsent``: "column 'pred (y_pred)': pos_label does not occur in the column")
    named by the key that gave it, ``roles.pos_label``, as the columns writing it apart are
    named: option '--pos-label' on the command line, key 'roles.pos_label' for a config file's
    value, argument 'pos_label' in Python; the column (``column`` where the engine's keyword
    named it: compare's pred_a), the value and the fix kept. Any other: ``exc``."""
    from ..fairness import PosLabelAbsent

    if not isinstance(exc, PosLabelAbsent) or str(exc.column) in ("roles.pos_label", "--pos-label"):
        return exc
    return absent_label_named(exc, "roles.pos_label", column, kind="key")


def _attributes(protected) -> list[str]:
    """The columns ``roles.protected`` names: each item's column, ``age>=65=no`` read as the
    longest of its names (:func:`attribute_names`) that the refusal names."""
    return sorted(attribute_names(protected))


def _counts_columns(spec) -> set:
    """A counts table's own columns, read whether or not a role names them (its y_true)."""
    if spec.target.counts is None:
        return set()
    return {"count", *({"y_true"} - {spec.roles.y_true}), *({"y_pred"} - {*spec.roles.y_pred})}


def _target_words(spec) -> set:
    """The names a refusal of the target itself may still carry here: TARGET with no target
    (a file's or a benchmark's refusals are named target.file / target.dataset by then)."""
    return {"TARGET"} if spec.target.kind is None else set()


def _option_value(spec, name: str, value) -> bool:
    """Whether ``value`` is the one the spec gives the engine keyword ``name`` (n_boot, step):
    a refusal of that option, not of a data column spelled like it."""
    section, _, key = ENGINE_KEYS.get(name, "").partition(".")
    given = getattr(getattr(spec, section, None), key, None)
    return value is not None and type(given) is type(value) and given == value
