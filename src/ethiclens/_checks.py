"""Checks every entry point shares (one definition, one message): seeds, comma lists, the size
of configuration files."""

from __future__ import annotations

import csv
import math
import numbers
import os
import re
import shlex
from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from decimal import ROUND_FLOOR, Decimal, InvalidOperation, getcontext

import numpy as np

from ._secrets import holds_secret, masked_cut
from .errors import (
    LOCAL_PATH_FIX,
    SHOWN_DIGITS,
    EthicLensInputError,
    FaceFix,
    _DatabaseFix,
    _number_as_typed,
    _TypedFloat,
    plain_repr,
    plain_text,
    shortened_digits,
    shown_int,
)

# scikit-learn takes seeds below 2**32 only (the standard models' splits use it).
SKLEARN_SEED_LIMIT = 2**32


@contextmanager
def naming_file(name: str) -> Iterator[None]:
    """A refusal of the file read within that names nothing (missing, a folder, empty, of an
    unknown type, unreadable) names ``name``: the option, argument or parameter that gave its
    path (``--data``, ``SCORED``, ``train_path``), as the audit's names ``TARGET``; so does
    one naming the reader's own argument ``path`` (a path holding a password). No database is
    read there: a URL's fix is a local file's (:data:`LOCAL_PATH_FIX`), not ``--db-env``."""
    try:
        yield
    except EthicLensInputError as exc:
        if exc.column not in (None, "path"):
            raise
        own = type(exc).__init__ is EthicLensInputError.__init__
        cls = type(exc) if own else EthicLensInputError
        fix = LOCAL_PATH_FIX if isinstance(exc.fix, _DatabaseFix) else exc.fix
        raise cls(exc.problem, column=name, value=exc.value, fix=fix) from exc


def _setting_error(problem: str, *, column, value=None, fix=None) -> EthicLensInputError:
    """The refusal of a checked setting: named a Python argument when its name is a bare
    identifier (a checked number is a setting, never a data column), else as its name says
    (--flag, section.key)."""
    kind = "argument" if str(column).isidentifier() else None
    if noun := _other_number(value):  # Decimal('0.9') in range: the type is what is refused
        fix = f"pass it as {noun}" + (f"; {fix}" if fix else "")
    return EthicLensInputError(problem, column=column, value=value, fix=fix, kind=kind)


def _other_number(value) -> str | None:
    """What to pass for a number of a type no setting takes (a ``Decimal``, a ``Fraction``, a
    0-d numpy array): "an int, not a Decimal"; None for any other value (NaN and infinities:
    refused as such)."""
    from fractions import Fraction

    if isinstance(value, Fraction):
        whole = value.denominator == 1
    elif isinstance(value, Decimal) and value.is_finite():
        whole = value == value.to_integral_value()
    elif isinstance(value, np.ndarray) and not value.ndim and value.dtype.kind in "iuf":
        if not np.isfinite(value):
            return None
        whole = float(value).is_integer()
        return f"{'an int' if whole else 'a float'}, not a 0-d numpy array"
    else:
        return None
    return f"{'an int' if whole else 'a float'}, not a {type(value).__name__}"


def check_seed(
    value,
    where: str = "random_state",
    *,
    allow_none: bool = False,
    limit=SKLEARN_SEED_LIMIT,
    fix: str = "use e.g. 0",
):
    """A seed is a non-negative integer (numpy refuses negative ones with a traceback) below
    ``limit``: :data:`SKLEARN_SEED_LIMIT` (2**32) for every seed, so one range holds on every
    face and target (scikit-learn, which trains the benchmarks' models, takes no larger).
    ``fix``: what else the caller takes (the audit of arrays: a numpy generator)."""
    if value is None and allow_none:
        return None
    again = dict(allow_none=allow_none, limit=limit, fix=fix)  # 7.0: 7 to give, when in range
    refuse_whole_decimal(value, where, lambda n: check_seed(n, where, **again))
    if isinstance(value, np.random.Generator | np.random.RandomState):  # arrays' audit: a draw
        problem = f"must be a seed (a non-negative integer), not a numpy {type(value).__name__}: "
        problem += "a spec and its report record the seed as a number, so the run can be repeated"
        fix = "draw one from it: int(rng.integers(2**32))"
        raise _setting_error(problem, column=where, fix=fix)
    negative = isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 0
    if negative or value >= limit:
        problem = f"must be a non-negative integer, from 0 to {limit - 1:,}"  # 1e11: its range
        problem = problem if negative else f"must be below {limit:,}"
        raise _setting_error(problem, column=where, value=value, fix=fix)
    return int(value)


def refuse_record_array(values, name: str) -> None:
    """Refuse a numpy record (structured) array given as one value per row: it is 1-D, yet
    each row holds fields (several, or one named), and pandas refuses it as a Series with a
    bare ValueError ("compound dtype"). A table's record array (the protected attributes: one
    per field) is the caller's to take."""
    names = getattr(getattr(values, "dtype", None), "names", None)
    if isinstance(values, np.ndarray) and names:
        x = name if name.isidentifier() else "x"
        raise _setting_error(
            f"is a numpy record array (fields {', '.join(map(repr, names))}), not one value "
            "per row",
            column=name,
            fix=f"pass the one field that holds it, e.g. {x}[{names[0]!r}]",
        )


def check_one_per_row(values, name: str, by_name: str = "") -> None:
    """Predictions, labels, groups, scores or losses are 1-D, one value per row: a scalar, a
    2-D array (a one-column frame, both classes' probabilities) or ragged nested lists are
    refused by name. Text (a column's name, ``analyze_counterfactuals(frame, "pred")``) is
    told to pass the column's values, as ``audit`` tells it, then ``by_name``: the function
    that takes names instead ("or analyze_scored(...)")."""
    if isinstance(values, TEXT_LIKE) and not isinstance(values, np.generic):  # a name
        values = bytes(values) if isinstance(values, BYTES_LIKE) else values
        shown = masked_cut(values, 41)  # masked, then cut: no password's tail shown
        shown = shown if len(shown) <= 40 else shown[:40] + "…"
        raise _setting_error(
            f"must be a 1-D array with one value per row, got the text {shown!r}",
            column=name,
            fix=f"pass the values themselves, not a column's name (e.g. df[{shown!r}])"
            + (f"; {by_name}" if by_name else ""),
        )
    try:
        shape = np.shape(values)
    except ValueError:  # ragged nested lists
        shape = None
    if shape is not None and len(shape) == 1:
        refuse_record_array(values, name)
        return
    got = "nested sequences of unequal lengths" if shape is None else f"an array of shape {shape}"
    if shape == ():  # numpy sees no rows in a set, a dict or a generator either
        kind = type(values).__name__
        unordered = isinstance(values, (AbstractSet, Mapping, Iterator))
        got = f"a{'n' * (kind[0] in 'aeiou')} {kind}" if unordered else "a scalar"
    raise _setting_error(
        f"must be a 1-D array with one value per row, got {got}",
        column=name,
        fix="pass one column as a 1-D array (e.g. arr.ravel() for shape (n, 1), df['col'] "
        "rather than df[['col']]; for both classes' probabilities, proba[:, 1])",
    )


# A number typed as text (an option, a form field, a list item) is read by one rule on every
# face: ASCII digits with an optional sign, and for a number also a decimal point, an exponent
# and the words inf/nan (which the range checks then refuse in their words). Python's int() and
# float() read more that nobody means: "0_8" as 8 (a digit separator), "٣" or "３" as 3, " 5 ".
_WHOLE_TEXT = re.compile(r"[+-]?[0-9]+")
_NUMBER_TEXT = re.compile(
    r"[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?|inf|infinity|nan)", re.I | re.A
)
WHOLE_FIX = "give a whole number (digits only, e.g. 1000)"
NUMBER_FIX = "give a number (e.g. 0.5)"
ALPHA_FIX = "e.g. 0.05"  # the monitor's --alpha (a false-alarm chance: 0.5 is none to suggest)


def is_number_text(text: str, *, whole: bool = False) -> bool:
    """Whether ``text`` is a number as every face reads one (``whole``: an integer): ASCII
    digits, an optional sign, and for a number a decimal point, an exponent, inf or nan."""
    return bool((_WHOLE_TEXT if whole else _NUMBER_TEXT).fullmatch(text))


class LongInteger(int):
    """A whole number written with more digits than ``int()`` converts (Python's guard against
    slow conversions, 4,300 digits): it stands in as ±10**4000, past every range a setting
    has, so that each check refuses it in its own words (a seed "must be below
    4,294,967,296", a floor "of at most 9,007,199,254,740,992"), and it is shown as written,
    shortened (``str()`` of so long an int itself fails)."""

    def __new__(cls, text: str):
        self = super().__new__(cls, -(10**4000) if text.startswith("-") else 10**4000)
        self.text, self.shown = text, None
        return self

    @classmethod
    def of(cls, value: int) -> LongInteger:
        """The stand-in for an int given from Python (``n_boot=10**5000``) past that limit,
        shown by its first and last digits (no conversion of the whole to text)."""
        self = cls("-" if value < 0 else "")
        self.shown = shown_int(value)
        return self

    def __repr__(self) -> str:
        sign, digits = "-" * self.text.startswith("-"), self.text.lstrip("+-")
        return self.shown or shortened_digits(sign + digits[:12], digits[-6:], len(digits))

    __str__ = __repr__


def shown_typed(text: str):
    """A number's text as a refusal shows it: a whole number of more than
    :data:`~ethiclens.errors.SHOWN_DIGITS` digits shortened as every long number is (its first
    and last digits and its count, :class:`LongInteger`), any other text as typed."""
    long = len(text.lstrip("+-")) > SHOWN_DIGITS and is_number_text(text, whole=True)
    return LongInteger(text) if long else text


def beyond_text_limit(value) -> bool:
    """Whether ``value`` is an int with more digits than ``str()`` converts (4,300): its
    repr, and every message built with it, would raise ValueError."""
    return type(value) is int and value.bit_length() > 14_000  # 4,214 digits: under the limit


def whole_number(value) -> int:
    """``int(value)``, and a :class:`LongInteger` for the text of a whole number (by
    :func:`is_number_text`'s rule) with more digits than ``int()`` converts; ValueError for
    other text."""
    try:
        return int(value)
    except ValueError:
        if isinstance(value, str) and is_number_text(value, whole=True):
            return LongInteger(value)
        raise


def exact_whole(value) -> int | None:
    """``value`` as the exact int it writes (an int, not a bool; a whole ``Decimal``, as a
    database's NUMERIC column gives; or whole-number text by :func:`is_number_text`'s rule):
    what a double cannot hold past 2**53. None for anything else, and for text or a Decimal
    with more digits than ``int()`` converts."""
    if isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_):
        return int(value)
    if isinstance(value, Decimal):
        whole = value.is_finite() and value.adjusted() < 4300
        return int(value) if whole and value == value.to_integral_value() else None
    if isinstance(value, str) and is_number_text(value.strip(), whole=True):
        try:
            return int(value)
        except ValueError:  # past int()'s 4,300 digits
            return None
    return None


def underflows(text: str) -> bool:
    """Whether number text (:func:`is_number_text`) writes a nonzero number that a double
    rounds to 0 (``1e-400``): refused as typed on every face, never read as 0.0."""
    mantissa = text.strip().lower().partition("e")[0]
    return float(text) == 0 and any(c in mantissa for c in "123456789")


def refuse_written_underflow(value, where: str, fix: str, symbol: str | None = None) -> None:
    """Refuse a number a YAML/JSON file wrote that a double rounds to 0 (``epsilon: 1e-400``,
    kept with its text by the config reader): in :func:`underflow_words`, as the same text
    typed on the command line is, not checked as the 0.0 it was read as."""
    text = getattr(value, "yaml_text", None)
    if isinstance(value, float) and isinstance(text, str) and is_number_text(text):
        if underflows(text):
            raise _setting_error(underflow_words(text, symbol), column=where, value=text, fix=fix)


def underflow_words(text: str, symbol: str | None = None) -> str:
    """The one refusal of number text that :func:`underflows` (every option and face); of a
    negative one (``-1e-400``) it is the size that is too small."""
    named = f"{symbol} = " if symbol else ""
    subject = "its size is" if text.strip().startswith("-") else "it is"
    return (
        f"{named}{text.strip()} underflows to 0: {subject} below the smallest positive number "
        "a double holds (about 5e-324)"
    )


def number_problem(text, *, whole: bool = False) -> str | None:
    """Why ``text`` is no number by :func:`is_number_text`'s rule (a click number option's
    words), or :func:`underflow_words` when it underflows to 0, with the text as typed (as
    :func:`number_text` and a file's refusal show it); None when it is one (or is no text: a
    default already a number). A whole number written as a decimal (``--n-boot 200.0``) is one
    (``whole``): :func:`typed_whole` reads it, and the option's check refuses it in
    :func:`refuse_whole_decimal`'s words with a number in its range, as a file's ``n_boot:
    200.0`` and a Python ``n_boot=200.0`` are."""
    if not isinstance(text, str):
        return None
    if whole and written_whole(text) is not None:  # 50.0: read by typed_whole, then checked
        return None
    if not is_number_text(text, whole=whole):
        return f"{text!r} is not a valid {'integer' if whole else 'float'}"
    shown = f"{underflow_words(text)} (value: {text!r})"  # 1e-400: as --epsilon 1e-400 says it
    return shown if not whole and underflows(text) else None


# A whole number written as a decimal (200.0, 2e2) where a whole number is wanted: one wording on
# every face (an option's text, a file's key, a Python argument), the number to give as its fix.
WHOLE_DECIMAL = "must be a whole number, written without "


def written_whole(value) -> tuple[int, object] | None:
    """(the whole number, the value as written) of a whole number written as a decimal: a float
    (numpy's too; a file's keeps its text, ``2e2``) or number text (``'200.0'``, ``'2e2'``);
    None for anything else (an int, 200.5, NaN, infinity, a Decimal, text that is no number)."""
    if isinstance(value, str):
        if not is_number_text(value) or is_number_text(value, whole=True):
            return None
        number = Decimal(value)
        if not number.is_finite() or number.adjusted() >= 4300:  # past int()'s digits
            return None
        shown = value
    elif isinstance(value, float | np.floating) and math.isfinite(value):
        text = getattr(value, "yaml_text", None)  # a file's or an option's text, as written:
        written = isinstance(text, str) and is_number_text(text)  # 2000.0000000000001 is no
        number = Decimal(text) if written else Decimal(float(value))  # whole, though its
        shown = text or plain(value)  # double is 2000.0
    else:
        return None
    return (int(number), shown) if number == number.to_integral_value() else None


def typed_whole(text):
    """A whole number's text as an option reads it: :func:`written_float` for one written as
    a decimal (``--n-boot 50.0``: the option's check refuses it, naming a number in its range),
    else :func:`whole_number`."""
    kept = written_float(text)
    return whole_number(text) if kept is None else kept


def written_float(text):
    """A whole number's text written as a decimal (``'50.0'``, ``'1e11'``) typed for a whole
    number, as the float it writes carrying its text (as a config file's ``n_boot: 50.0``):
    the setting's own check refuses it in :func:`refuse_whole_decimal`'s words, naming a
    number in its range; None for any other value."""
    if not isinstance(text, str) or written_whole(text) is None:
        return None
    kept = _TypedFloat(text)  # shown as typed ('50.0'), as the option's text is
    kept.yaml_text = text
    return kept


# Digits grouped by commas in threes ('1,000', '-12,345.5'): a thousands separator.
_GROUPED_TEXT = re.compile(r"[+-]?[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]*)?")
# One comma between digits of a number otherwise ('0,95'): a decimal comma.
_DECIMAL_COMMA = re.compile(r"[+-]?[0-9]+,[0-9]+")


def written_apart(value, *, whole: bool = True) -> tuple[str, object] | None:
    """(what the text holds that a number does not, the number to give) of text that writes
    a number (``whole``: a whole one; one written as a decimal too, given whole) but for
    blanks around it (``' 1000 '``), commas grouping its digits (``'1,000'``) or, for a number
    that need not be whole, a decimal comma (``'0,95'``); None for any other value."""
    if not isinstance(value, str):
        return None
    text, held = value.strip(), []
    if text != value and text:
        held.append("blanks around it")
    if _GROUPED_TEXT.fullmatch(text):
        text = text.replace(",", "")
        held.append("commas between its digits")
    elif not whole and _DECIMAL_COMMA.fullmatch(text):
        text = text.replace(",", ".")
        held.append("a comma for its decimal point")
    if not held or not is_number_text(text):
        return None
    if whole:
        found = written_whole(text)
        if found is None and not is_number_text(text, whole=True):
            return None  # 1.5: no whole number to give
        return " or ".join(held), found[0] if found else whole_number(text)
    return " or ".join(held), text


def refuse_whole_decimal(
    value, where: str, check=None, *, kind: str | None = None, whole: bool = True
) -> None:
    """Refuse a whole number written as a decimal (:func:`written_whole`: ``--n-boot 200.0``,
    ``n_boot=200.0``, a file's ``n_boot: 2e2``), or a number's text written with blanks or
    commas (:func:`written_apart`: ``' 1000 '``, ``'1,000'``; ``whole``: a whole number's),
    in one wording naming ``where`` (the flag, key or argument) and the number to give;
    unless ``check`` (the setting's own check) refuses that number too: then its range's
    words say what to give (``n_boot=50.0``: at least 100)."""
    apart = written_apart(value, whole=whole)
    found = written_whole(value) if whole and apart is None else None
    if found is None and apart is None:
        return
    number, shown = found or (apart[1], value)
    if apart is not None:
        noun = "a whole number" if whole else "a number"
        problem = f"must be {noun}, written without {apart[0]}"
    else:
        exponent = isinstance(shown, str) and "e" in shown.lower()
        problem = WHOLE_DECIMAL + ("an exponent" if exponent else "a decimal point")
    if check is not None:
        try:
            check(number if whole else _number_as_typed(number))
        except EthicLensInputError:
            return
    kind = kind or ("argument" if str(where).isidentifier() else None)  # as _setting_error
    raise EthicLensInputError(problem, column=where, value=shown, fix=f"give {number}", kind=kind)


def number_text(text: str, where: str, *, whole: bool = False, fix: str | None = None):
    """``text`` as an int (``whole``) or a float, read by :func:`is_number_text`'s rule; else
    one line naming ``where``, the text as given and ``fix`` (default: what to type). A number
    too small for a double is refused as typed (:func:`underflow_words`), not read as 0.0."""
    fix = fix or (WHOLE_FIX if whole else NUMBER_FIX)
    if isinstance(text, str) and is_number_text(text, whole=whole):
        if not whole and underflows(text):
            raise _setting_error(underflow_words(text), column=where, value=text, fix=fix)
        return whole_number(text) if whole else _number_as_typed(text)  # 1e400 shown so
    raise _setting_error(
        f"not {'an integer' if whole else 'a number'}", column=where, value=text, fix=fix
    )


def whole_or_text(text):
    """``text`` as an int when it is a whole number by :func:`is_number_text`'s rule, else as
    given (for a check that refuses it in its own words: a floor's ``check_count``)."""
    if isinstance(text, str) and is_number_text(text, whole=True):
        return whole_number(text)
    return text


def _refuse_not_text(text, flag: str) -> None:
    """A comma-separated option given as no text (None, a set, bytes, a number: a Python
    caller's value) refused naming ``flag``, never an AttributeError from ``.split``."""
    if not isinstance(text, str):
        kind = "None" if text is None else type(text).__name__
        problem = f"must be text (items separated by commas), not {kind}"
        shown = _shown(text)  # a short scalar itself; else its type, which ``problem`` says
        shown = None if shown == type(text).__name__ else shown
        raise _setting_error(problem, column=flag, value=shown, fix="e.g. a,b")


def split_list(text: str, flag: str) -> list[str]:
    """A comma-separated option: items stripped; empty items refused; no text refused."""
    _refuse_not_text(text, flag)
    items = [x.strip() for x in text.split(",")]
    if any(not x for x in items):
        problem, fix = "empty item in a comma-separated list", "separate items with single "
        raise _setting_error(problem, column=flag, value=text, fix=fix + "commas, e.g. a,b")
    return items


def split_names(text: str, flag: str, groups=None) -> list[str]:
    """A flag's comma-separated names (:func:`split_list`), or the text read as a CSV row, so
    that a name holding a comma or spaces around it is given in double quotes
    (``'" Female"," Male"'``). With ``groups`` (the names there are; ``pcer audit
    --group-order``) the row is taken only where it names them and the plain split does not;
    without (``p2nia request --groups``), whenever the text holds a double quote."""
    _refuse_not_text(text, flag)
    try:
        row = next(csv.reader([text], skipinitialspace=True), [])
    except csv.Error:  # a line break outside quotes: the names as split
        row = None
    if groups is None:
        return row if '"' in text and row is not None else split_list(text, flag)
    named = row is not None and set(row) == groups
    try:
        names = split_list(text, flag)
    except EthicLensInputError:  # an empty item, unless the groups' row holds it ('"x,,y"')
        if named:
            return row
        raise
    return row if named and set(names) != groups else names


def split_numbers(text: str, flag: str, kind=float) -> list:
    """A comma-separated list of numbers (``kind``: float or int), each given once."""
    whole = kind is int
    example = f"e.g. {flag} {'500,2000' if whole else '1,10'}"
    out = [number_text(item, flag, whole=whole, fix=example) for item in split_list(text, flag)]
    if len(set(out)) != len(out):
        raise _setting_error("values repeated", column=flag, value=text, fix="list each value once")
    return out


# Bytes in every form a caller or a driver hands over (a BLOB is a bytearray or memoryview):
# one value, never a sequence of names or values (a bytearray iterates as its byte values, so
# ``bytearray(b'ab')`` was read as the groups '97' and '98'). TEXT_LIKE adds text: one name.
BYTES_LIKE = (bytes, bytearray, memoryview)
TEXT_LIKE = (str, *BYTES_LIKE)


# Group labels are labels ("Black", "65+", "01"), not free text: a protected attribute whose
# values run to kilobytes is a column of comments or documents, and every report, table and
# terminal line that names a group would carry it (one 20 KB label took rich 17 s to lay out).
MAX_LABEL_CHARS = 256


def first_row(row: int) -> str:
    """Where a refusal's first bad row lies, as the checks word it (a face may name the file's
    line instead: ``sources.name_rows``)."""
    return f", first at row {row}"


def refuse_missing(missing: np.ndarray, column: str, fix: str, what: str = "value") -> None:
    """Refuse the rows ``missing`` marks: how many, and where the first is (every check words
    it alike; a face may name the file's line: ``sources.name_rows``)."""
    if missing.any():
        problem = f"{int(missing.sum())} missing {what}(s){first_row(int(np.argmax(missing)))}"
        raise EthicLensInputError(problem, column=column, fix=fix)


def not_numbers(problem: str, n: int, where: str) -> str:
    """``problem`` with how many values are not numbers and where the first is (every engine
    words it alike; ``where``: ``", first at row N"`` or a file's line)."""
    if not n:
        return problem
    return (
        f"{problem}; {n:,} {'value is not a number' if n == 1 else 'values are not numbers'}{where}"
    )


def long_label_mask(values) -> np.ndarray:
    """Which of ``values`` (group labels, as read) are longer than :data:`MAX_LABEL_CHARS`."""
    return np.fromiter(
        (len(str(v)) > MAX_LABEL_CHARS for v in values), dtype=bool, count=len(values)
    )


def _distinct(labels) -> tuple[np.ndarray, object]:
    """(row codes, distinct labels): a label is measured once, not per row (a column has few
    groups and many rows). Unhashable cells (a list) are measured per row; the audit refuses
    them later, naming them."""
    import pandas as pd

    values = np.asarray(labels, dtype=object)
    try:
        return pd.factorize(values, use_na_sentinel=False)
    except TypeError:
        return np.arange(len(values)), values


def check_label_lengths(labels, column, where=first_row, *, codes=None, counts=None) -> None:
    """Refuse group labels longer than :data:`MAX_LABEL_CHARS` (how many rows, the longest, the
    first's place), as ``audit`` does; the one measure and message behind every engine and face.
    So are labels holding a password (:func:`_refuse_secret_labels`).

    ``labels``: one per row, or the distinct labels when ``codes`` maps each row to one.
    ``counts``: the rows each entry stands for (a counts table's or a grouped engine's cells;
    entries that count 0 are not measured). ``where(i)`` words the first long entry's place
    (``lambda i: ""`` for a flag)."""
    if codes is None:
        codes, labels = _distinct(labels)
    texts = label_texts(labels, column)
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
    secret = np.fromiter(map(holds_secret, texts), dtype=bool, count=len(texts))
    if not (lengths > MAX_LABEL_CHARS).any() and not secret.any():
        return  # the usual case: no row is looked at
    counted = np.ones(len(codes), dtype=bool) if counts is None else np.asarray(counts) > 0
    _refuse_secret_labels(texts, secret, codes, counted, column)
    rows = (lengths[codes] > MAX_LABEL_CHARS) & counted
    n_rows = int(rows.sum()) if counts is None else int(np.asarray(counts)[rows].sum())
    if rows.any():
        longest = int(lengths[codes[counted]].max())
        raise EthicLensInputError(
            f"{n_rows} group value(s) longer than {MAX_LABEL_CHARS} characters (the longest has "
            f"{longest:,}){where(int(np.argmax(rows)))}",
            column=column,
            kind=_label_kind(column),
            fix="a protected attribute holds short group labels: map its values to labels "
            "first (e.g. codes or categories), or choose another column",
        )


def label_texts(values, column) -> list[str]:
    """``str()`` of each value (group labels, labels): a whole number too long for ``str()``
    (Python's 4,300-digit guard) is refused, the column named and the number shortened, the
    one refusal of such a value on every engine and face (never the ValueError)."""
    try:
        return list(map(str, values))
    except ValueError:  # Python's guard against slow int-to-text conversions
        huge = [u for u in map(plain, values) if isinstance(u, int) and u.bit_length() > 64]
        if not huge:  # another value's own str() failed
            raise
        problem = "holds a whole number too long to be a label or a group"
        fix = "drop those rows or correct their values"
        raise EthicLensInputError(problem, column=column, value=huge[0], fix=fix) from None


def _label_kind(column) -> str | None:
    return None if str(column).startswith("--") else "column"  # data, or a flag's list


def _refuse_secret_labels(texts, secret, codes, counted, column) -> None:
    """A group label holding a password (``postgresql://u:pw@h/db``, ``u:pw@h``,
    ``password=x``) is refused, as a column so named is (``io.refuse_password_names``): the
    terminal and the HTML mask it, but the JSON report, a counts table and a threshold table
    must name each group as the data does (masked, two groups differing by their password
    would merge, and a baseline would match neither)."""
    found = [i for i in np.flatnonzero(secret) if counted[codes == i].any()]
    if found:
        raise EthicLensInputError(
            f"{len(found)} group value(s) hold a password or a secret key's value (e.g. "
            f"{masked_cut(texts[found[0]], 60)!r}), which EthicLens never writes into a report, "
            "counts table or config (and a report must name each group as the data does)",
            column=column,
            kind=_label_kind(column),
            fix="map the column to plain group names first (e.g. the database's name without "
            "its URL), or choose another column",
        )


# Model-card fields, sweep grids and the like are a few kilobytes. A pure-Python YAML parser
# needs about 3 s per MB, so a 100 MB "config" would hang a command for minutes: refuse it.
MAX_CONFIG_BYTES = 1_000_000


def check_config_size(path, flag: str, limit: int = MAX_CONFIG_BYTES) -> None:
    """Refuse a configuration file (YAML/JSON/TOML) larger than ``limit`` bytes before parsing."""
    from pathlib import Path

    size = Path(path).stat().st_size
    if size > limit:
        problem = f"{Path(path).name} is {size:,} bytes; a configuration file may have {limit:,} "
        fix = "check that this is the intended file (configuration files are a few kB)"
        raise _setting_error(problem + "at most", column=flag, fix=fix)


def check_type(value, types, *, column: str, problem: str, fix: str):
    """``value`` when it is an instance of ``types``; else one line naming the column and the
    type that was given."""
    if isinstance(value, types):
        return value
    raise EthicLensInputError(problem, column=column, value=_shown(value), fix=fix)


# The fix of an outputs check's ``inputs`` given as no list (p2nia, probes, the monitor).
INPUTS_FIX = "e.g. inputs=['data.csv'], or leave it out"


def type_refusal(value, problem: str, *, column: str, fix: str) -> EthicLensInputError:
    """The refusal of an argument of the wrong type: ``problem`` (ending in "not") and the name
    of the type given, or None: ``must be a list of the paths the run reads, not str``."""
    given = "None" if value is None else type(value).__name__
    return EthicLensInputError(f"{problem} {given}", column=column, kind="argument", fix=fix)


def check_output_arguments(outputs, inputs) -> None:
    """A Python caller's outputs check: ``outputs`` a dict of flag -> path and ``inputs`` a
    list of the paths read; None, one text (read letter by letter), a number refused naming
    the argument, never the AttributeError ('items') or TypeError of iterating it."""
    problem = "must be a dict of option -> path (None: not asked), not a"
    fix = "e.g. {'--json': 'out.json'}"
    check_argument_type(outputs, dict, column="outputs", problem=problem, fix=fix)
    one = isinstance(inputs, (*TEXT_LIKE, dict)) or getattr(inputs, "ndim", None) == 0
    if one or not hasattr(inputs, "__iter__"):
        problem = "must be a list of the paths the command reads, not"
        raise type_refusal(inputs, problem, column="inputs", fix=INPUTS_FIX)


def check_name_argument(name, argument: str, fix: str):
    """``name`` when a column can be so named (it hashes: text, a number, a tuple of them);
    a set, a dict or a list given as one name is refused naming the ``argument``, never
    Python's "unhashable type" from the ``in`` that looks it up."""
    try:
        hash(name)
    except TypeError:
        problem = f"must be one column name, not {type(name).__name__}"
        raise EthicLensInputError(
            problem, column=argument, kind="argument", value=_shown(name), fix=fix
        ) from None
    return name


def _shown(value):
    """A wrong-typed value as a refusal shows it: a short scalar itself (``1+2j``, ``<NA>``,
    ``b'x'``), anything else (None, which a refusal would not show; a frame, a list, a long
    text) by its type's name, never a long repr."""
    if isinstance(value, int):  # 10**5000 too: the refusal shortens it (its repr raises)
        return value
    scalar = value is not None and (not hasattr(value, "__len__") or isinstance(value, TEXT_LIKE))
    text = repr(value) if scalar else ""
    return value if scalar and len(text) <= 60 and "\n" not in text else type(value).__name__


def text_items(value, where: str) -> list:
    """``value`` as a list of its items (one value: ``[value]``), a mapping or a list among
    them refused naming ``where``: provenance text (a caveat, an intended use, a model field)
    is printed one item per line, and Python's ``{'a': 'b'}`` is no caveat. One check for the
    audit (before any work) and the card and report that print it."""
    items = value if isinstance(value, list) else [value]
    if any(isinstance(v, dict | list) for v in items):
        raise EthicLensInputError(
            "must be text or a list of text",
            column=where,
            value=value,
            fix="write it as a string or a list of strings",
            kind="argument",
        )
    return items


def check_argument_type(value, types, *, column: str, problem: str, fix: str):
    """``value`` when it is an instance of ``types``; else one line naming the argument:
    ``problem`` and the name of the type given (``"must be a dict, not a"`` -> ``"must be a
    dict, not a list"``)."""
    if isinstance(value, types):
        return value
    kind = type(value).__name__
    if value is None or problem.endswith(" a"):  # "not None", "not an int" (not "not a int")
        kind = "None" if value is None else f"a{'n' * (kind[:1].lower() in 'aeiou')} {kind}"
        problem = problem.removesuffix(" a")
    raise EthicLensInputError(f"{problem} {kind}", column=column, fix=fix, kind="argument")


def check_labels_print_apart(uniques, column) -> None:
    """Refuse labels of two types that print the same (1 and '1': files of two types, a
    database column): no ``pos_label`` makes them one label, and a counts table could not
    keep them apart. A whole number too long for ``str()`` (4,300 digits) is refused first."""
    shown = sorted(label_texts(uniques, column))
    if len(set(shown)) < len(shown):
        typed = sorted((plain(u) for u in uniques), key=lambda u: (str(u), type(u).__name__))
        problem = f"distinct values print the same (e.g. 1 and '1'): found {typed[:10]}"
        fix = (
            "convert the column to one type first (in every file or database table it is read from)"
        )
        raise EthicLensInputError(problem, column=column, fix=fix)


def _is_code(value) -> bool:
    """A number (int, float, Decimal, numpy's; never a bool) that is 0 or 1."""
    if isinstance(value, (bool, np.bool_, str, bytes)) or not isinstance(value, numbers.Number):
        return False
    try:
        return bool(value == 0 or value == 1)
    except (TypeError, ValueError, ArithmeticError):
        return False


def bool_beside_number(rows, uniques=None) -> tuple | None:
    """(a truth, an equal number) that the object column ``rows`` holds both of (True beside
    1, False beside 0.0), else None: one hash to Python and pandas, so factorize and groupby
    count them as one group, named by whichever row comes first. ``uniques``: the column's
    values after that merge, when at hand (a column none of whose values is a bool, 0 or 1
    costs no look at its rows)."""
    import pandas as pd

    rows = rows.to_numpy() if isinstance(rows, (pd.Series, pd.Index)) else rows
    if getattr(getattr(rows, "dtype", None), "kind", None) != "O":  # a bool or number dtype
        return None
    try:
        return _bool_beside_number(rows, uniques)
    except (TypeError, ValueError, RuntimeError, ArithmeticError):
        # a cell no group can be (a list, a dict, a frame, a number past str()'s limit, an
        # object whose hash fails): the column's own checks refuse it in their words
        return None


def _bool_beside_number(rows, uniques) -> tuple | None:
    import pandas as pd

    seen = pd.unique(rows) if uniques is None else uniques
    if not any(isinstance(u, (bool, np.bool_)) or _is_code(u) for u in seen):
        return None
    flags = np.fromiter((isinstance(v, (bool, np.bool_)) for v in rows), bool, len(rows))
    if flags.all() or not flags.any():
        return None
    truths = sorted({bool(u) for u in pd.unique(rows[flags])}, reverse=True)
    codes = [plain(u) for u in pd.unique(rows[~flags]) if _is_code(u)]
    for truth in truths:  # True first: the one a refusal names
        number = next((u for u in codes if bool(u == 1) is truth), None)
        if number is not None:
            return truth, number
    return None


def refuse_bool_beside_number(rows, column, uniques=None, clash=None) -> None:
    """Refuse a group column (``rows``) writing one value two ways, a truth and a number
    (:func:`bool_beside_number`; ``clash``: its answer, when found already): a flag beside a
    code the data may not mean as one group, which the audit would count as one."""
    clash = clash or bool_beside_number(rows, uniques)
    if clash is None:
        return
    truth, number = clash
    problem = (
        f"one group is written two ways: {truth} (a true/false value) and {number!r} (a "
        f"number), one value to Python and pandas ({truth} is {int(truth)}): the audit would "
        "count them as one group, named by whichever row comes first"
    )
    fix = FaceFix(
        f"recode the column to one spelling first: true/false or numbers (pandas: "
        f"df[{str(column)!r}].map({{True: 1, False: 0}}) where they are one group; "
        f".astype(str) keeps {str(truth)!r} and {str(number)!r} apart as two groups)",
        f"recode the column to one spelling in the file: true/false or numbers (or write the "
        f"values as text, {str(truth)!r} and {str(number)!r}, to keep them apart as two groups)",
    )
    raise EthicLensInputError(problem, column=column, value=number, fix=fix)


def refuse_bools_in_frames(frames: list, columns) -> None:
    """:func:`refuse_bool_beside_number` on each of ``columns`` of ``frames`` (pandas frames,
    one or several: a Dask DataFrame's ``dd.from_pandas`` frames, read as one column): a bool
    frame beside an int frame holds True beside 1 as well."""
    for col in columns:
        parts = [f[col] for f in frames if col in f.columns]
        if len({c.dtype for c in parts} - {np.dtype(object)}) > 1:  # a bool and an int frame
            parts = [c.astype(object) for c in parts]
        rows = [c.to_numpy() for c in parts if c.dtype == object]
        if rows:
            refuse_bool_beside_number(np.concatenate(rows) if len(rows) > 1 else rows[0], col)


def _same_number(text: str, choice) -> bool:
    """Whether ``text`` and ``choice`` (as it prints) read as one finite number: '1.0' and 1.
    Exactly, as decimals: 12345678901234567 and ...568 (or 1.00000000000000001 and 1) are
    one float, never the same group."""
    written = str(choice)
    if "_" in text + written:  # Python's 1_0 is no spelling of 10 in a data file
        return False
    try:
        a, b = Decimal(text.strip()), Decimal(written.strip())
    except (ArithmeticError, ValueError):
        return False
    return a.is_finite() and b.is_finite() and a == b


# a role by another common name (fairlearn, scikit-learn): the nearest spelling would mean
# something else (label: pos_label, a value; score: target.score, COMPAS's decile option).
# One table for the config's keys, the Python keywords and the command line's flags.
ROLE_NAMES = {"label": "y_true", "labels": "y_true", "prediction": "y_pred", "pred": "y_pred"}
ROLE_NAMES |= {"predictions": "y_pred", "score": "y_score", "sensitive_features": "protected"}


def role_flag(option: str, flags) -> str | None:
    """The flag a role's other common name means (``--label``: ``--y-true``, never the nearest
    spelling ``--pos-label``, a value) where ``flags`` has it; "" where it has not (the nearest
    spelling would mislead: thresholds' ``--prediction`` is not ``--protected``); else None."""
    role = ROLE_NAMES.get(option.lstrip("-").replace("-", "_"))
    flag = "--" + role.replace("_", "-") if role else None
    return None if flag is None else flag if flag in flags else ""


def empty_fix(key: str) -> str:
    """The fix of an empty value given for ``key`` (a spec key, keyword or flag): the model's
    and the groups' columns have no default to fall back on (leaving --y-pred out is refused
    too), and a protected attribute may carry its reference (every face, every engine)."""
    key = key.lstrip("-").rpartition(".")[2].replace("-", "_")
    if key == "protected":
        return "give the column's name: COL or COL=REFERENCE (it has no default)"
    if key == "y_pred":
        return "give the column's name (it has no default)"
    if key == "sensitive_features":  # a Python caller's dict key, column or Series name
        return "name each attribute with text that prints (a dict key, a column or Series name)"
    return "give a value, or leave it out for its default"


def has_negative_zero(values) -> bool:
    """Whether a signed zero is among ``values`` (objects: a column's distinct values): a
    float -0.0 (NumPy's float16/32/64 too), a Decimal('-0') or ('-0.00'), a complex number
    with a -0.0 part. Each equals its unsigned zero, so the two are one group."""
    return any(unsigned_zero(v) is not v for v in values)


def unsigned_zero(value):
    """``value`` with a signed zero unsigned: a float -0.0 as 0.0 (IEEE: -0.0 + 0.0 is 0.0,
    NaN stays NaN), Decimal('-0.00') as Decimal('0.00') (its digits kept), a complex number's
    -0.0 parts as 0.0; any other value as it is (the same object). -0 and 0 are one group,
    named as the unsigned zero on every engine and face, whichever row comes first."""
    if isinstance(value, float | np.floating):
        return value + 0.0 if value == 0 and np.signbit(value) else value
    if isinstance(value, Decimal):
        return value.copy_abs() if value.is_zero() and value.is_signed() else value
    if isinstance(value, complex | np.complexfloating):
        parts = (value.real, value.imag)
        if any(part == 0 and np.signbit(part) for part in parts):
            return type(value)(complex(parts[0] + 0.0, parts[1] + 0.0))
    return value


def did_you_mean(value, choices) -> str:
    """``"did you mean 'compas'? "`` when text ``value`` is a near miss of one of ``choices``
    (a typo, another case), else ``""``: the start of a refusal's fix."""
    import difflib

    apart = _kind_apart(value, choices)
    if apart:  # '1' for the number 1: the same text, another kind
        return apart
    if not isinstance(value, str):
        return ""
    written = [(c, plain_text(c)) for c in choices]  # a column 10**5000 shortened, not raising
    spaced = next((t for _, t in written if t != value and t.strip() == value), None)
    if spaced is not None:  # the option's text was stripped; the group keeps its spaces
        return (
            f'did you mean {spaced!r}? Spaces around a name are kept in double quotes: "{spaced}"; '
        )
    same = next((t for _, t in written if t != value and _same_number(value, t)), None)
    if same is not None:  # '1.0' for a column writing 1: never the near miss '10'
        return f"did you mean {same!r} (the same number, as written there)? "
    texts = {t.casefold(): c for c, t in written}
    close = difflib.get_close_matches(value.casefold(), list(texts), n=1, cutoff=0.6)
    if not close:
        return ""
    meant = texts[close[0]]
    # a choice that is no text is named by its kind: 'True' quoted for the boolean True (or
    # 'TRUE' for it) reads as the text the user would then type and see refused again
    return (
        f"did you mean {meant!r}? "
        if isinstance(meant, str)
        else (f"did you mean {_kind_words(meant)}? ")
    )


def _kind_words(value) -> str:
    """``value`` named with its kind: "the text '1'", 'the number 1', 'the boolean True'."""
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, (bool, np.bool_)):
        return f"the boolean {value}"
    if isinstance(value, (int, float, np.number)):
        return f"the number {plain_text(value)}"
    return f"the value {plain_repr(value)}"


def _kind_apart(value, choices) -> str:
    """The fix's start when ``value`` prints as a choice of another kind ('1' for the number
    1, the number 1 for the text '1', 'True' for True): both kinds named, never "did you mean
    '1'?" for the '1' given; else ``""``."""
    array = hasattr(value, "__array__") and not isinstance(value, np.generic)
    if array or isinstance(value, (list, dict, set, tuple)):
        return ""
    written = plain_text(value)  # 10**5000 shortened, as every refusal shows it
    for choice in choices:
        if isinstance(choice, str) == isinstance(value, str):
            continue  # text for text (a typo), number for number (equal or not): not this
        if plain_text(choice) == written:
            return f"did you mean {_kind_words(choice)}, not {_kind_words(value)}? "
    return ""


def use_one_of(value, choices, limit: int | None = None) -> str:
    """``"did you mean 'income'? use one of age, income"``: the fix of every refusal of a name
    (a column, a choice) not among ``choices``, its near miss (:func:`did_you_mean`, over all
    of them) first, then the first ``limit`` of them (all where None) as :func:`names_words`
    lists them."""
    choices = list(choices)
    return did_you_mean(value, choices) + "use one of " + names_words(choices[:limit] or choices)


# A 0-d numpy array (np.array('bca')) compares equal to its item, but is never the text or
# number a setting takes: every face refuses it in these words, its fix to pass the item.
ZERO_D_TEXT = "must be text, not a 0-d numpy array"


def zero_d_item(value):
    """The item of a 0-d numpy array, else None."""
    return value.item() if isinstance(value, np.ndarray) and value.ndim == 0 else None


def pass_item_fix(item) -> str:
    """The fix of a 0-d array whose ``item`` a setting would take: pass the item."""
    text = "text: " if isinstance(item, str) else ""
    return f"pass it as {text}{item!r} (value.item()), not a 0-d numpy array"


def check_member(
    value, allowed, *, column: str, problem: str, fix: str | None = None, kind: str | None = None
):
    """``value`` when it is one of ``allowed``; else one line naming the column (or ``kind``:
    an argument, an option), the value, a near miss and the choices (``fix``: better than
    listing them). An array (``np.array('flagged')``, which compares equal to its text, a
    pandas Series or Index) or a list is never a choice: refused in these words, never a
    TypeError (unhashable), a ValueError (ambiguous truth value) or the array kept; a 0-d
    array of a choice is told to pass its item; ``np.str_`` is text, returned as ``str``."""
    if isinstance(value, _TypedFloat) and math.isfinite(value):  # --favorable 1.0: give 1
        again = dict(column=column, problem=problem, fix=fix, kind=kind)
        refuse_whole_decimal(value, column, lambda n: check_member(n, allowed, **again), kind=kind)
    array = hasattr(value, "__array__") and not isinstance(value, np.generic)
    try:
        if not array and hash(value) is not None and value in allowed:
            return str(value) if isinstance(value, np.str_) else value
    except TypeError:  # a list or a dict given for one choice: unhashable
        pass
    choices = list(allowed) if isinstance(allowed, (list, tuple)) else sorted(allowed)
    fix = fix or f"use one of {names_words(choices)}"
    item = zero_d_item(value)
    try:
        one = item is not None and hash(item) is not None and item in allowed
    except TypeError:  # an object array holding a list
        one = False
    if one:  # as a spec refuses it
        fix = pass_item_fix(item)
    elif not array or isinstance(item, str):  # a typo of a choice, in an array or not
        fix = did_you_mean(value if item is None else item, choices) + fix
    raise EthicLensInputError(problem, column=column, value=value, fix=fix, kind=kind)


# Interval draws (n_boot, --n-boot): one range and one message for every command. Below 100 draws
# a 95% interval's ends are the 3rd and 98th values of 100, too coarse to report; beyond a million
# no interval changes and the draws alone need gigabytes (each command still refuses what would
# not fit in memory for its data).
MIN_DRAWS = 100
MAX_DRAWS = 1_000_000


def check_draws(
    value, where: str = "n_boot", *, allow_zero: bool = False, default: int | None = None
) -> int:
    """The number of interval draws: a whole number from :data:`MIN_DRAWS` to
    :data:`MAX_DRAWS` (or 0 where ``allow_zero``: no intervals); ``default``: the caller's own
    default, named in the fix: one the caller accepts, as the fix is followed (PCER's for its
    groups: 1,120 for 8, where 1000 is too few for its level); 2000 is offered too only below
    it. Without it (a check shared by faces of other defaults: the spec's n_boot is 2000 for
    audit, 1000 for compare and thresholds) the fix names no default: leave it out or 1000."""
    zero = " (0: no intervals)" if allow_zero else ""
    if default is None:  # never 'the usual default': the faces' defaults differ
        fix = f"leave it out for the default, or use 1000 or 2000 for publication{zero}"
    else:
        more = " or 2000 for publication" if default < 2000 else ""
        fix = f"use {default} (the default){more}{zero}"
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        again = dict(allow_zero=allow_zero, default=default)
        refuse_whole_decimal(value, where, lambda n: check_draws(n, where, **again))
        problem = "must be a whole number (an integer) of interval draws, "
        problem += f"from {MIN_DRAWS} to {MAX_DRAWS:,}{zero}"
    elif allow_zero and value == 0:
        return 0
    elif value < MIN_DRAWS:
        problem = f"too few draws for an interval: at least {MIN_DRAWS}{zero}"
    elif value > MAX_DRAWS:
        problem = f"at most {MAX_DRAWS:,} draws (more change no interval and need GiB of memory)"
    else:
        return int(value)
    raise _setting_error(problem, column=where, value=value, fix=fix)


def check_level_draws(n_boot, level, where: str = "confidence_level", **refusal) -> None:
    """An interval needs draws outside it: ``n_boot`` x (1 - level) of at least 1 (half a draw
    beyond each end). With fewer, its ends are all but the smallest and largest draws, which
    cover less than the level says (0.999999 from 100 draws: about 98%, printed as 99.9999%);
    0.99 from 100 draws and 0.999 from 1,000, levels people use, stay allowed. One rule and
    one message wherever a level meets draws (the audit's request, P2NIA's estimate, PCER's
    Bonferroni levels); 0 draws (no intervals) pass.

    ``level``: a float, reckoned as written (0.999 needs 1,000 draws, not 1,000 and a float's
    noise), or an exact ``Fraction`` (a level derived: 1 − 0.05/m). ``refusal``: ``value``
    (shown; default ``level``), ``why`` (words before the rule: how a derived level came) and
    ``instead`` (the other fix; default a level of at most 1 − 1/n_boot), ``most`` (the most
    draws the caller takes: more are offered only up to it)."""
    from fractions import Fraction

    if not n_boot:
        return
    exact = level if isinstance(level, Fraction) else Fraction(Decimal(repr(float(level))))
    tails = 1 - exact
    if n_boot * tails >= 1:
        return
    needed = math.ceil(1 / tails)
    instead = refusal.get("instead") or f"a level of at most {_reachable(n_boot)}"
    most = refusal.get("most", MAX_DRAWS)  # the most draws the caller can make
    more = f"at least {needed:,} interval draws, or " if needed <= most else ""
    # the level as given (as _text.percent writes it; a derived one to the digits that tell it
    # from 1)
    written = Decimal(repr(_nines(float(level)) if exact is level else float(level)))
    shown = f"{(written * 100).normalize():f}%"
    why = f"{refusal['why']}: " if refusal.get("why") else ""
    problem = f"{why}a {shown} interval needs at least {needed:,} draws, one outside it (from "
    problem += f"{n_boot:,} its ends are all but the smallest and largest draws, which cover less)"
    value = refusal.get("value", float(level))
    raise _setting_error(problem, column=where, value=value, fix=f"use {more}{instead}")


def _reachable(n_boot: int) -> str:
    """1 − 1/n_boot, the highest level ``n_boot`` draws reach, to six decimals rounded down: a
    level offered is one they reach (rounded to nearest, 300 draws offered 0.996667, which
    needs 301)."""
    top = (1 - Decimal(1) / Decimal(n_boot)).quantize(Decimal("1e-6"), rounding=ROUND_FLOOR)
    return f"{top.normalize():f}"


def _nines(level: float) -> float:
    """``level`` in four digits, or as many more as tell it from 1 (0.99995, never 1; a level
    a float cannot tell from 1 stops at 17); ``repr`` writes it (a derived level's words)."""
    digits = 4
    while digits < 17 and f"{level:.{digits}g}" == "1":
        digits += 1
    return float(f"{level:.{digits}g}")


# JSON Schema type -> words (a spec, a baseline report: one wording for every document)
_SCHEMA_TYPES = {"string": "text", "integer": "a whole number", "number": "a number"}
_SCHEMA_TYPES |= {"null": "null", "boolean": "true or false", "array": "a list"}
_SCHEMA_TYPES["object"] = "a mapping"


def schema_words(rule: str, bound, fallback: str) -> str:
    """What a JSON Schema rule (``type``, ``minimum``, ...) with value ``bound`` asks, in
    words; ``fallback`` (jsonschema's own message) for a rule without words here."""
    if rule == "type":
        kinds = [bound] if isinstance(bound, str) else bound
        return "must be " + " or ".join(_SCHEMA_TYPES.get(k, k) for k in kinds)
    if rule == "enum":  # null allowed is "left out" to a person, not a choice named None
        named = ", ".join(map(str, (b for b in bound if b is not None)))
        return "must be one of " + named + (" (or left out)" if None in bound else "")
    if rule == "maxLength":  # not in the table below, whose every entry is built each call
        return f"must be at most {bound:,} characters long"
    words = {
        "const": f"must be {bound!r}",
        "minimum": "must be non-negative" if bound == 0 else f"must be at least {bound}",
        "maximum": f"must be at most {bound}",
        "exclusiveMinimum": f"must be more than {bound}",
        "exclusiveMaximum": f"must be less than {bound}",
        "minItems": f"needs at least {bound} item(s)",
        "maxItems": f"takes at most {bound} item(s)",
    }
    return words.get(rule, fallback)


def check_level(value, where: str = "confidence_level") -> float:
    """An interval's confidence level: a number strictly between 0.5 and 1 (every command and
    function: the audit, compare, the threshold view, P2NIA's estimate, the spec)."""
    problem = "must be a number strictly between 0.5 and 1"
    return _below_one(value, where, 0.5, problem, "e.g. 0.95 (the default) or 0.99")


def _below_one(value, where: str, low, problem: str, fix: str, *, from_low=False) -> float:
    """``float(value)`` for a number above ``low`` (``from_low``: or equal to it) and below 1;
    else (NaN too) ``problem``, naming ``where``; number text written with blanks or commas
    (``' 0.95 '``) by what it holds (:func:`refuse_whole_decimal`), when in range."""
    again = dict(from_low=from_low)
    refuse_whole_decimal(
        value, where, lambda n: _below_one(n, where, low, problem, fix, **again), whole=False
    )
    if not is_number(value) or not (low <= value < 1 if from_low else low < value < 1):
        raise _setting_error(problem, column=where, value=value, fix=fix)
    return printed_float(value)


def printed_float(value) -> float:
    """``float(value)``; a numpy float32 or float16 as the number it prints as (0.9, not
    0.8999999761581421; float16 0.05, not 0.049987793): a level, ε or δ given so is the one
    the user wrote."""
    if isinstance(value, np.float32 | np.float16):
        return float(str(value))  # each width's shortest decimal
    return float(value)


FLOOR_FIX = "e.g. 50 (lower floors mean noisier verdicts; say so when you report them)"
# The largest count a float holds exactly (the engine compares floors with effective,
# weighted row counts): more rows than any data has, so a larger floor means nothing and a
# float of one past 10**308 cannot even be formed.
MAX_COUNT = 2**53


# the most worker processes any command starts (pcer sweep, the web app's audits)
MAX_WORKERS = 1024


def check_workers(workers, default: str = "all cores", *, cli: bool = False) -> int | None:
    """Check ``--workers``: None (the command's default) or an integer in [1, MAX_WORKERS].

    A NumPy integer is the int it equals; a refusal is in its caller's words: the command
    line's flag (``cli=True``), or a Python caller's argument ``workers``.

    Parameters
    ----------
    workers : int or None
    default : str
        What leaving ``--workers`` out gives, for the refusal's fix.
    cli : bool
        The value came from the flag ``--workers``, not a Python argument.

    Returns
    -------
    int or None
        ``workers`` as an int; anything else raises
        :class:`~ethiclens.errors.EthicLensInputError`.
    """
    if workers is None:
        return None
    again = dict(default=default, cli=cli)  # 4.0: 4 to give, when in range
    refuse_whole_decimal(
        workers, "--workers" if cli else "workers", lambda n: check_workers(n, **again)
    )
    whole = isinstance(workers, int | np.integer) and not isinstance(workers, bool)
    if whole and 1 <= workers <= MAX_WORKERS:
        return int(workers)
    problem = f"must be an integer from 1 to {MAX_WORKERS}"
    fix = f"e.g. --workers {os.cpu_count() or 1} (this machine's cores), or leave it out for "
    exc = EthicLensInputError(problem, column="--workers", value=workers, fix=fix + default)
    raise exc if cli else exc.renamed({"--workers": "workers"}, kind="argument")


def check_count(
    value, where: str, *, minimum: int = 1, maximum: int | None = None, fix: str = FLOOR_FIX
) -> int:
    """A whole number of at least ``minimum`` (group-size and label floors, windows) and at
    most ``maximum``, by default :data:`MAX_COUNT` (no data has more rows)."""
    top = MAX_COUNT if maximum is None else maximum
    if not isinstance(value, int | np.integer):  # 50.0: the number to give, when in range
        bounds = dict(minimum=minimum, maximum=top)
        refuse_whole_decimal(value, where, lambda n: check_count(n, where, **bounds))
    low = isinstance(value, bool) or not isinstance(value, int | np.integer) or value < minimum
    if low or value > top:
        problem = f"must be a whole number of at least {minimum}"
        problem += "" if low else f", of at most {top:,}"
        raise _setting_error(problem, column=where, value=value, fix=fix)
    return int(value)


def check_fraction(value, where: str, *, fix: str = "e.g. 0.5") -> float:
    """A number strictly between 0 and 1 (DI and EO thresholds, a decision threshold, its
    step); NaN is refused."""
    return _below_one(value, where, 0, "must be a number strictly between 0 and 1", fix)


# The smallest floor constant η of PCER_g = R_g / max(δ_g, η). A nonzero overfitting gap δ_g,
# a difference of two accuracies over n_train and n_test rows, is at least 1/(n_train·n_test):
# 1e-12 lies below every one of splits up to a million rows a group, so a smaller η changes
# nothing but R_g/η for a group with δ_g = 0, which overflows to inf below about 1e-308.
MIN_ETA = 1e-12


def check_eta(value, where: str = "eta") -> float:
    """PCER's floor constant η: a number from :data:`MIN_ETA` up to, not including, 1 (every
    face: ``pcer audit``, ``pcer train``, :func:`~ethiclens.privacy.pcer_audit`)."""
    problem = f"must be a number from {MIN_ETA:g} up to (not including) 1"
    return _below_one(value, where, MIN_ETA, problem, ETA_FIX, from_low=True)


ETA_FIX = "e.g. 1e-3 (the default); below 1e-12 only R_g/η of a group with δ_g = 0 grows"


# The most repetitions of an experiment or of the oracle: 10,000 already pin a mean error or a
# coverage far below any difference they show (±0.4%), and a typo such as 10**21 would
# otherwise run until stopped (or not fit its seed list in memory).
MAX_REPETITIONS = 10_000


def check_repetitions(value, where: str, *, fix: str, minimum: int = 1) -> int:
    """A whole number of repetitions from ``minimum`` to :data:`MAX_REPETITIONS` (``p2nia
    experiment``, ``population-bias``, the oracle: one range and one message)."""
    again = dict(fix=fix, minimum=minimum)  # 3.0: 3 to give, when in range
    refuse_whole_decimal(value, where, lambda n: check_repetitions(n, where, **again))
    whole = isinstance(value, int | np.integer) and not isinstance(value, bool)
    if whole and minimum <= value <= MAX_REPETITIONS:
        return int(value)
    problem = f"needs {minimum} to {MAX_REPETITIONS:,} repetitions"
    kind = "option" if where.startswith("-") else "argument"
    raise EthicLensInputError(problem, column=where, kind=kind, value=value, fix=fix)


# The lowest DI line t: its band [t, 1/t] then spans a 100-fold ratio of selection rates. No
# policy means less (t = 1e-300 gives the band [1e-300, 1e300], which flags nothing), and the
# monitor's evidence over the band would overflow below it.
MIN_DI_THRESHOLD = 0.01


def check_di_threshold(value, where: str = "di_threshold") -> float:
    """The DI line t: a number from :data:`MIN_DI_THRESHOLD` up to, not including, 1 (every
    command and face: the audit, compare, the threshold view, the monitor, the spec)."""
    problem = f"must be a number from {MIN_DI_THRESHOLD} up to (not including) 1"
    fix = "e.g. 0.8 (the four-fifths rule); the band [t, 1/t] of the lowest t already spans a "
    fix += "100-fold ratio of selection rates"
    return _below_one(value, where, MIN_DI_THRESHOLD, problem, fix, from_low=True)


# Privacy budgets (ε, δ): one check and one message for every command that takes them.
DELTA_MAX = 1e-3  # δ is the chance the guarantee fails outright (and below 1/n′: check_delta)
EPSILON_MAX = 1e4  # beyond this GRR keeps every value with probability 1 − e^-10⁴: no privacy


def is_number(x) -> bool:
    """A real number: int or float, numpy's too, never a bool."""
    return isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(
        x, (bool, np.bool_)
    )


def past_float_range(value) -> bool:
    """Whether ``value`` is a number written past a double's range: a whole number float()
    overflows on (``10**400``, a request file's 400 digits), or the ±inf read from the text of
    a number (``1e400`` typed, or in a file: its ``yaml_text``). It is finite as written,
    beyond the range of any setting, not the inf (``inf``, ``Infinity``, any case) or nan
    that a text writes with no digit."""
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            float(value)
        except OverflowError:
            return True
        return False
    text = getattr(value, "yaml_text", None)
    if not (isinstance(value, float) and math.isinf(value) and isinstance(text, str)):
        return False
    return is_number_text(text.strip()) and any(c.isdigit() for c in text)


# One vocabulary for every ε (P2NIA's requests and experiments, DP-SGD's trainers and sweeps,
# on every face): its problems, and a fix in the face's own words (:func:`epsilon_fix`).
EPSILON_NOT_NUMBER = "ε must be a number"
EPSILON_RANGE = "ε must be a finite number > 0"
# an ε above EPSILON_MAX written past a float's range (1e400, :func:`past_float_range`): in
# the range's words, as every checked number too large says, and shown as written after them
EPSILON_PAST = f"ε is above {EPSILON_MAX:g}"
_GRR_ABOVE = "GRR would keep every value with probability 1 − e^-ε (no privacy at all) and the "
_GRR_ABOVE += "arithmetic overflows"


def epsilon_fix(where: str, *, no_dp: bool = False) -> str:
    """The fix of a refused ε, naming the example in its face's words: the flag on the command
    line (``e.g. --epsilon 1.0``, a list flag ``e.g. --epsilons 1,10``), the argument in
    Python (``e.g. epsilon=1.0``) or the key of a list in Python or a file (``e.g. epsilons =
    [1, 10]``: a grid file's key; the command line checks its own flags in their words);
    ``no_dp``: "none" is taken too (DP-SGD: a run without DP)."""
    many, dp = where.endswith("epsilons"), ", or 'none' for a run without DP" * no_dp
    if where.startswith("--"):
        return f"e.g. {where} {'1,10' if many else '1.0'}{dp}"
    return f"e.g. {where}{' = [1, 10]' if many else '=1.0'}{dp}"


def budget_text(text: str, where: str, symbol: str, *, fix: str) -> float:
    """The ε or δ (``symbol``) a text writes (an option, a list item, a form field), read by
    the one rule of every number typed (:func:`is_number_text`: no '0_5', no blanks around it:
    one number's text is refused with them, as every checked number's is, where a list's items
    are stripped when split); refused as typed, in "ε must be a number" words (naming what a
    text that writes a number holds besides, as every checked number's refusal does,
    :func:`written_apart`: ``' 1 '``, ``'0,5'``, and the number to give), when it writes none,
    or when it underflows to 0 (``1e-400``). ``1e400`` is read as typed, not as inf."""
    if not is_number_text(text):
        problem, apart = f"{symbol} must be a number", written_apart(text, whole=False)
        if apart is not None and underflows(apart[1]):  # ' 1e-400': as a list's item says it
            problem = underflow_words(apart[1], symbol)  # (giving 1e-400 would not do)
        elif apart is not None:
            problem, fix = f"{problem}, written without {apart[0]}", f"give {apart[1]}"
        raise _setting_error(problem, column=where, value=text, fix=fix)
    if underflows(text):
        raise _setting_error(underflow_words(text, symbol), column=where, value=text, fix=fix)
    return _number_as_typed(text)


def epsilon_text(text: str, where: str, *, fix: str) -> float:
    """The ε a text writes, read as every budget's text is (:func:`budget_text`)."""
    return budget_text(text, where, "ε", fix=fix)


def check_epsilon(value, where: str = "--epsilon", *, text: bool = False) -> float:
    """A finite ε in (0, EPSILON_MAX]; booleans, strings (unless ``text``: an option's text,
    read by :func:`epsilon_text` and shown as typed), lists and overflowing numbers are refused
    with the reason, the fix in ``where``'s words (:func:`epsilon_fix`)."""
    fix = epsilon_fix(where)
    typed = text and isinstance(value, str)
    if typed:
        value, shown = epsilon_text(value, where, fix=fix), shown_typed(value)
    elif not is_number(value):
        problem = f"{EPSILON_NOT_NUMBER}, not {type(value).__name__}"
        raise _setting_error(problem, column=where, value=value, fix=fix)
    refuse_written_underflow(value, where, fix, "ε")  # a file's 1e-400, not 0.0
    try:
        eps = printed_float(value)
    except OverflowError:  # an int past a float's range: above the range, or below 0
        eps = math.inf if value > 0 else -math.inf
    if past_float_range(value) and eps > 0:  # 1e400, 10**400: a number above the range
        problem = f"{EPSILON_PAST}: {_GRR_ABOVE}"
        fix, shown = f"give ε <= {EPSILON_MAX:g}", shown if typed else value
    elif not math.isfinite(eps) or eps <= 0:
        problem = EPSILON_RANGE
        if not typed:  # an int past a float's range shortened as every long number is
            shown = value
    elif eps > EPSILON_MAX:
        typed_eps = f"{eps:g}" if float(f"{eps:g}") == eps else repr(eps)  # not 10000 rounded
        problem = f"ε = {typed_eps} is above {EPSILON_MAX:g}: {_GRR_ABOVE}"
        fix, shown = f"give ε <= {EPSILON_MAX:g}", None
    else:
        return eps
    raise _setting_error(problem, column=where, value=shown, fix=fix)


def split_epsilons(text: str, flag: str) -> list[float]:
    """A comma-separated list of ε (``p2nia experiment --epsilons``): each item checked as
    every ε typed is (:func:`check_epsilon`, shown as typed), each given once."""
    items = split_list(text, flag)
    out = [check_epsilon(item, flag, text=True) for item in items]
    if len(set(out)) != len(out):
        raise _setting_error("values repeated", column=flag, value=text, fix="list each value once")
    return out


def delta_fix(where: str) -> str:
    """The fix of a δ that is no finite number, its example in its face's words (as
    :func:`epsilon_fix`): ``e.g. --delta 1e-6`` on the command line, ``e.g. delta=1e-6`` in
    Python."""
    return f"e.g. {where}{' ' if where.startswith('--') else '='}1e-6, or leave it out"


def check_delta(value, where: str = "--delta", *, n: int | None = None) -> float | None:
    """δ: None (pure ε-DP), or a finite number in (0, :data:`DELTA_MAX`], and below 1/n′ when
    the rows released ``n`` (n′) are known: at δ ≥ 1/n′ a mechanism may publish one of the n′
    records in the clear and still meet (ε, δ)."""
    if value is None:
        return None
    refuse_written_underflow(value, where, delta_fix(where), "δ")  # a file's 1e-400, not 0.0
    try:  # an int past a float's range (10**400) is not finite either, not an OverflowError
        finite = is_number(value) and math.isfinite(float(value))
    except OverflowError:  # shown shortened as every long number is, not as '(huge)'
        finite = False
    delta = printed_float(value) if finite else math.nan
    if past := past_float_range(value):  # 1e400, ±10**400: a number outside the range, not inf
        delta = math.inf if value > 0 else -math.inf
    # the 1/n′ bound first: where it is the tighter one, the range message would name a bound
    # (0.001) that is itself refused
    if not finite and not past:
        problem, fix = "δ must be a finite number (or absent)", delta_fix(where)
    elif n is not None and delta > 0 and delta * n >= 1:
        problem = f"δ must be below 1/n′ = {1 / n:.3g} for n′ = {n:,}: at δ ≥ 1/n′ a release "
        problem += "may publish a record in the clear and still meet its (ε, δ) guarantee"
        fix = f"e.g. δ = {10 ** -math.ceil(math.log10(n) + 1):g} (far below 1/n′; GRR needs "
        fix += "none: leave it out)"
    elif not 0 < delta <= DELTA_MAX:
        problem = f"δ must be in (0, {DELTA_MAX:g}]: δ is the probability that the guarantee "
        problem += "fails outright"
        fix = "e.g. 1e-6 (GRR needs none: leave it out)"
    else:
        return delta
    raise _setting_error(problem, column=where, value=value, fix=fix)


# below this DP-SGD's accountants fail at training (PRV: "floating point errors will dominate"
# at δ = 1e-30; RDP: "the privacy budget is too low"); 1e-10 is 1/n² for n = 100,000 rows
DP_DELTA_MIN = 1e-10


def check_dp_delta(value, where: str = "delta") -> float:
    """A DP-SGD δ (a grid's ``train.delta``, a trainer's ``TrainConfig.delta``):
    :func:`check_delta`'s range (0, :data:`DELTA_MAX`] and words, and at least
    :data:`DP_DELTA_MIN` (``1e-300`` loaded, and each run failed at training, minutes in);
    absent is the trainer's default, not None (pure ε-DP)."""
    fix = f"e.g. {where.rsplit('.', 1)[-1]} = 1e-05 (below 1/n for n training rows)"
    try:
        delta = check_delta(math.nan if value is None else value, where)
    except EthicLensInputError as exc:  # its problem, the fix in the grid's own form
        problem = exc.problem.replace(" (or absent)", "")
        raise _setting_error(problem, column=where, value=value, fix=fix) from None
    if delta < DP_DELTA_MIN:
        problem = f"δ = {delta:g} is below {DP_DELTA_MIN:g}, the smallest DP-SGD takes here: its "
        problem += "accountants fail near such a δ (PRV: its floating point errors dominate), so "
        problem += "its runs would fail at training"
        raise _setting_error(problem, column=where, value=value, fix=fix)
    return delta


# DP-SGD's budget (PCER's train and sweep, the trainers): a number in (0, DP_EPSILON_MAX], or
# "none" for a run without DP. The words a user may write for "no DP":
NO_DP_WORDS = ("none", "no-dp", "nodp", "inf", "infinity", "+inf")
DP_EPSILON_MAX = 1e4  # beyond this DP-SGD's noise is negligible: say "none" instead
# below this a grid's runs would fail only at training, minutes in: the PRV accountant resolves ε
# to 0.01 (Opacus' eps_error), and at the default δ and epochs even Opacus' largest noise
# (σ = 2,000) spends more; the paper's smallest budget is 0.1
DP_EPSILON_MIN = 0.01


def check_dp_epsilon(value, where: str = "epsilon", *, limit: float | None = DP_EPSILON_MAX):
    """A DP-SGD budget ε: a finite number (or numeric text) > 0 and at most ``limit``, or None
    for no DP (None or one of :data:`NO_DP_WORDS`, any case). One check and one message for
    ``pcer train --epsilon``, a sweep grid's ``epsilons`` and the trainers, in the words of
    every ε (:func:`check_epsilon`): text is read by :func:`epsilon_text` (no spaces around a
    number or a word: a list's items are stripped when split) and shown as typed.

    ``limit=None`` for one model (``pcer train``, the trainers): an ε beyond what the
    accountant can search is trained at the smallest σ and the ε spent is reported. A grid
    keeps the limit: a typo such as 1e9 would otherwise train hundreds of useless runs, and
    the floor :data:`DP_EPSILON_MIN` (``1e-300`` failed each run at training, minutes in)."""
    if value is None or (isinstance(value, str) and value.lower() in NO_DP_WORDS):
        return None
    fix = epsilon_fix(where, no_dp=True)
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating, str)):
        problem = f"{EPSILON_NOT_NUMBER}, not {type(value).__name__}"
        raise _setting_error(problem, column=where, value=value, fix=fix)
    if isinstance(value, str):  # as every face reads a number: "0_5" is not 5
        eps = epsilon_text(value, where, fix=fix)
    else:
        refuse_written_underflow(value, where, fix, "ε")  # a grid file's 1e-400, not 0.0
        try:  # a float32 0.1 is the 0.1 it prints as, not 0.10000000149011612
            eps = printed_float(value)
        except OverflowError:  # -(10**400) is below 0, not an overflow to +inf
            eps = math.inf if value > 0 else -math.inf
    shown = shown_typed(value) if isinstance(value, str) else value  # a long int shortened
    if math.isnan(eps) or not eps > 0:
        problem = EPSILON_RANGE
    elif past_float_range(eps if isinstance(value, str) else value):  # 1e400, 10**400: above
        above = f"{limit:g}" if limit is not None else "the largest number a double holds"
        problem = f"ε is above {above}: DP-SGD's noise is then negligible"  # as P2NIA's ε says
    elif math.isinf(eps):
        problem = "ε overflows to infinity; write 'none' for a run without DP"
    elif limit is not None and eps > limit:
        problem = f"ε = {eps:g} is above {limit:g}: DP-SGD's noise is then negligible"
        fix = "use 'none' for a run without DP"
    elif limit is not None and eps < DP_EPSILON_MIN:  # a grid: refused before any run
        problem = f"ε = {eps:g} is below {DP_EPSILON_MIN:g}: DP-SGD's accountant cannot reach it "
        problem += "(its noise would drown the data), so every run would fail at training"
        fix = f"use ε >= {DP_EPSILON_MIN:g} (the paper's smallest is 0.1)"
    else:
        return eps
    raise _setting_error(problem, column=where, value=shown, fix=fix)


def plain(value):
    """A numpy scalar as its Python value (``2``, not ``np.int64(2)``, in a message)."""
    return value.item() if isinstance(value, np.generic) else value


def is_zero_one(value) -> bool:
    """0 or 1 as a number, a boolean or text (``'1'``, ``' 0.0'``): a value no recoding of a
    0/1 column may change."""
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return False
    try:
        return bool(value == 0 or value == 1)
    except (TypeError, ValueError):  # a value that does not compare to a number
        return False


_POSITIVE_WORDS = ("yes", "y", "true", "t", "positive", "pos")


def positive_value(labels):
    """Of a binary column written in two words (yes/no), the positive one: a yes/true word,
    else the later of the two (the value a recoding to 0/1 compares with): the larger where
    each is a number or a number's text (10 of 2/10, as the found values list them), else the
    later in text order."""
    values = [plain(v) for v in labels]
    numbers_of = [_label_number(v) for v in values]
    if all(n is not None for n in numbers_of):
        pairs = sorted(zip(numbers_of, map(str, values), range(len(values)), strict=True))
        ordered = [values[i] for _, _, i in pairs]
    else:
        ordered = sorted(values, key=str)
    return next((v for v in ordered if str(v).strip().lower() in _POSITIVE_WORDS), ordered[-1])


def _label_number(value):
    """A label's number to order it by: a real number as it is, a number's text as float()
    reads it; None for anything else (a bool, a word, NaN, a complex number)."""
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        return None
    return value


def _keeps_zero_one(values, positive) -> bool:
    """Whether recoding ``values`` to ``value == positive`` keeps each real 0 and 1 (number,
    boolean or text '0'/'1') as it is: -1/1 compared with 1 does, 1/2 compared with 2 does
    not. A complex 0j beside 1+5j is compared, not turned into a float (a TypeError)."""
    return all(
        ((float(v.strip()) if isinstance(v, str) else v) == 1) == (v == positive)
        for v in values
        if is_zero_one(v)
    )


def _text_zero_one_fix(col: str, uniq, *, pos_label: bool) -> str:
    """:func:`label_fix` for text 0/1 (``'1'``, ``'1.00'``): integers as pandas reads the
    text ('1.00' is not an int to ``astype``), or the positive label as the column writes it."""
    texts = [v for v in uniq if isinstance(v, str)]
    read = col if all(v.strip() in ("0", "1") for v in texts) else f"pd.to_numeric({col})"
    py = f"store the column as integers, e.g. in pandas {col} = {read}.astype(int)"
    cli = "store the column as integers 0 and 1 in the file (a number column, not text)"
    ones = sorted({v for v in texts if float(v.strip()) == 1}) or ["1"]
    if not pos_label or len(ones) > 1:  # two writings of 1: no one label names both
        return FaceFix(py, cli)
    declare = f", or declare the positive label: {pos_label_said(ones[0])}"
    return FaceFix(py + declare, cli + declare)


def pos_label_said(value) -> str:
    """``value`` as the positive label on both faces: the command line's shell-quoted (a
    label ' >50K.' is ``--pos-label ' >50K.'``, never ``--pos-label  >50K.``, which a shell
    reads as a redirection into a file '50K.'; '-1' is ``--pos-label=-1``), Python's repr."""
    quoted = shlex.quote(str(value))
    flag = f"--pos-label{'=' if quoted.startswith('-') else ' '}{quoted}"
    return f"{flag} on the command line, pos_label={value!r} in Python"


# A 0/1 column with a stray value or two outside [0, 1] (a typo 1.5, a code 2 or -1) is not
# scores: scores take many values, and thresholding it would silently make a stray row a 0 or
# a 1. A stray value inside [0, 1] (a 0.5) is one too when few rows hold it (at most
# MAX_STRAY_SHARE of them: a column that is 0/1 but for a bad row or two); held by more rows,
# it may be a score (a column of 0, 0.5 and 1) and is said to look like one.
MAX_STRAY_VALUES = 2
MAX_STRAY_SHARE = 0.05


def is_zero_one_with_strays(values, rows=None) -> bool:
    """Whether the distinct numbers ``values`` are 0 and 1 beside at most
    :data:`MAX_STRAY_VALUES` others, all outside [0, 1] or (``rows``: how many rows hold a
    value other than 0/1, and how many rows there are) held by at most
    :data:`MAX_STRAY_SHARE` of the rows: rows to drop or correct, not scores to threshold."""
    uniq = [plain(v) for v in values]
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in uniq):
        return False
    others = [v for v in uniq if v != 0 and v != 1]
    outside = all(not 0 <= v <= 1 for v in others)  # NaN is neither: refused as missing
    few = rows is not None and 0 < rows[0] <= MAX_STRAY_SHARE * rows[1]
    return 0 in uniq and 1 in uniq and len(others) <= MAX_STRAY_VALUES and (outside or few)


def label_fix(column, values, *, pos_label: bool = False, rows=None) -> str:
    """The fix for a label or prediction ``column`` whose distinct ``values`` are not the
    numbers 0/1: one rule for ``audit``, ``pcer audit`` and ``p2nia release``, never a
    recoding that maps a real 0/1 value to another. Text '0'/'1' is stored as integers;
    scores (numbers with a fraction, or more than three, unless 0 and 1 beside a stray value
    or two outside [0, 1] or held by few of the ``rows``, a pair (rows holding values other
    than 0/1, all rows): :func:`is_zero_one_with_strays`) are thresholded at 0.5, or at the
    model's threshold T outside [0, 1]; two values (yes/no, -1/1) are named and recoded to
    0/1 with 1 for the positive one (:func:`positive_value`) when that keeps every real 0 and
    1 (not 1/2: 1 would become 0); otherwise the other rows are dropped or corrected.
    ``pos_label`` adds the audit's own option (``--pos-label``/``pos_label=``), which no
    other command has; scores get none (a threshold is not a label)."""
    uniq = [plain(v) for v in values]
    col = f"df[{column!r}]"
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in uniq)
    # inf, or a number no float holds exactly (beyond 2**53): no score, no label: rows to drop
    odd = numeric and not all(abs(v) <= 2**53 for v in uniq)
    scores = numeric and not odd and (len(uniq) > 3 or not all(float(v).is_integer() for v in uniq))
    if scores and not is_zero_one_with_strays(uniq, rows):
        cut = "0.5" if all(0 <= v <= 1 for v in uniq) else "T"
        where = "" if cut == "0.5" else " (T: the model's decision threshold)"
        return FaceFix(  # pandas code for Python; the other faces change the file
            f"threshold it into a 0/1 column, e.g. in pandas {col} = ({col} >= {cut})"
            f".astype(int){where}",
            f"threshold it into a 0/1 column in the file: 1 where {column!r} is at least "
            f"{cut}, else 0{where}",
        )
    if all(is_zero_one(v) for v in uniq):  # text '0'/'1' (a string column)
        return _text_zero_one_fix(col, uniq, pos_label=pos_label)
    if len(uniq) == 2 and not odd and _keeps_zero_one(uniq, positive := positive_value(uniq)):
        said = f"the column holds two values {names_words(in_value_order(uniq))}: recode it "
        declare = f", or declare the positive label: {pos_label_said(positive)}" * pos_label
        return FaceFix(
            f"{said}to 0/1 with 1 for the positive value, e.g. in pandas {col} = ({col} == "
            f"{positive!r}).astype(int){declare}",
            f"{said}to 0/1 in the file, with 1 for {positive!r}{declare}",
        )
    fix = "drop those rows or correct their values to 0/1 (1 = the positive outcome)"
    declare = ", or declare which value is the positive label (--pos-label on the command line, "
    return fix + (declare + "pos_label=... in Python)" if pos_label else "")


def decoded_bytes(uniques, column):
    """Distinct values with bytes (``b'a'``, a numpy ``S`` array) as the UTF-8 text they hold
    (``'a'``), so a group reads ``a``, not ``b'a'``; refused when some bytes are not UTF-8
    text, or when one name is written both as bytes and as text (two groups, one label)."""
    kind = getattr(getattr(uniques, "dtype", None), "kind", "O")
    if kind not in "OS" or not any(isinstance(u, bytes) for u in uniques):
        return uniques
    out = []
    for u in uniques:
        try:
            out.append(u.decode("utf-8") if isinstance(u, bytes) else u)
        except UnicodeDecodeError:
            fix = FaceFix(  # pandas code for Python; the other faces change the file
                "decode the column with its encoding first (pandas: .str.decode('latin-1'); "
                "numpy: np.char.decode(values, 'latin-1'))",
                "store the column as UTF-8 text in the file or table (decoded from its "
                "encoding first, e.g. latin-1)",
            )
            problem = "holds bytes that are not UTF-8 text"
            raise EthicLensInputError(problem, column=column, value=u, fix=fix) from None
    texts = [u for u in out if isinstance(u, str)]
    if len(set(texts)) < len(texts):
        twice = next(t for t in texts if texts.count(t) > 1)
        problem = f"holds {twice!r} both as bytes ({twice.encode()!r}) and as text: two values, "
        fix = FaceFix(
            "convert the column to one type first (pandas: .str.decode('utf-8') turns bytes "
            "into text)",
            "store the column as one type in the file or table: text, not bytes beside text",
        )
        raise EthicLensInputError(problem + "one name", column=column, fix=fix)
    return out


def bytes_like_as_bytes(values):
    """``values`` with each ``bytearray`` or ``memoryview`` (DuckDB's and psycopg's BLOBs) as
    the ``bytes`` it holds, which can be counted and compared; None when there is none (the
    values were unhashable for another reason: lists, dicts)."""
    import pandas as pd

    if str(getattr(values, "dtype", None)) != "object":
        return None
    # pandas reads a bytearray as a run of integers (its bytes): only such columns are scanned
    if pd.api.types.infer_dtype(values, skipna=True) not in ("integer", "mixed", "mixed-integer"):
        return None
    series = pd.Series(values) if not isinstance(values, pd.Series) else values
    if not any(isinstance(v, (bytearray, memoryview)) for v in series):
        return None
    out = series.map(lambda v: bytes(v) if isinstance(v, (bytearray, memoryview)) else v)
    return out.astype(object) if isinstance(values, pd.Series) else out.to_numpy(dtype=object)


def float_of_text(value) -> float | None:
    """The number Python's ``float()`` reads in ``value``, as every engine reads a score's or
    weight's text (padded or signed infinity and NaN too: ' inf', 'inf ', '+nan'); None when
    it is none: not text, written with underscores ('1_000', which no CSV reader takes), or
    not ASCII (a no-break space or an Arabic-Indic digit, which DuckDB's and Spark's casts
    refuse)."""
    if not isinstance(value, str) or "_" in value or not value.isascii():
        return None
    try:
        return float(value)
    except ValueError:
        return None


def float_items(value, where: str = ""):
    """(key, number) for each float anywhere in a config's or grid file's data, in the order
    written: a table's under its dotted key (``train.lr``), a list's items under the list's key
    (``epsilons``, ``policy.di_threshold``) — so a number the file's parser turned to 0.0 or
    inf can be refused naming the key it was written under."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from float_items(item, f"{where}.{key}" if where else str(key))
    elif isinstance(value, list):
        for item in value:
            yield from float_items(item, where)
    elif isinstance(value, float):
        yield where, value


def _quiet(value):
    """A signalling decimal NaN as the quiet one (a missing value); any other value as is."""
    return Decimal("NaN") if isinstance(value, Decimal) and value.is_snan() else value


def _has_snan(column) -> bool:
    """Whether an object column (a pandas Series) holds a ``Decimal('sNaN')`` (pandas' isna
    raises on it)."""
    try:
        column.isna()
    except InvalidOperation:
        return True
    if not getcontext().traps[InvalidOperation]:  # a context that does not trap: look
        return any(isinstance(v, Decimal) and v.is_snan() for v in column)
    return False


def quiet_nans(values):
    """``values`` (a DataFrame, a Series, a list or an array) with every ``Decimal('sNaN')`` (a
    SQL NUMERIC's) the ``Decimal('NaN')`` it reads as: the missing value every check refuses
    by name, not a hash's TypeError or pandas' InvalidOperation traceback. Unchanged (not
    copied) where none is. The p2nia protocol and the probes share it."""
    import pandas as pd

    if isinstance(values, pd.DataFrame):
        odd = [i for i, t in enumerate(values.dtypes) if str(t) == "object"]
        odd = [i for i in odd if _has_snan(values.iloc[:, i])]
        if odd:
            values = values.copy()
            for i in odd:
                values.isetitem(i, quiet_nans(values.iloc[:, i]))
        return values
    if isinstance(values, pd.Series):
        if values.dtype != object or not _has_snan(values):
            return values
        cells = [_quiet(v) for v in values]
        return pd.Series(cells, index=values.index, name=values.name, dtype=object)
    if isinstance(values, list | tuple) and any(_quiet(v) is not v for v in values):
        return [_quiet(v) for v in values]
    if isinstance(values, np.ndarray) and values.dtype == object:
        flat = values.ravel()
        if any(_quiet(v) is not v for v in flat):
            return np.array([_quiet(v) for v in flat], dtype=object).reshape(values.shape)
    return values


def choice_words(choices) -> str:
    """A setting's choices as every refusal lists them: ``flagged, inconclusive, never`` (never
    a Python list, ``['dp', 'eo']``); the one rule of :func:`names_words`."""
    return names_words(choices)


def in_value_order(values) -> list:
    """``values`` in the order a refusal lists them: numeric order where each is a real
    number (2, 10, where a text sort says 10, 2), NaN last, ties by text; else text order (a
    column of text, or of mixed types: 0, 1.0, False)."""
    values = list(values)
    if values and all(is_number(v) for v in values):
        return sorted(values, key=lambda v: (v != v, 0 if v != v else v, str(v)))
    return sorted(values, key=str)


_NEGATIVE = re.compile(r"-(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")  # '-1', '-0.5': bare, a number


def names_words(names) -> str:
    """Names from data or a caller (columns, groups, variables, a setting's choices) as every
    refusal lists them (never a Python list, ``['a', 'b']``), each bare unless it would read
    ambiguously so, then in Python's quotes: one holding a comma or a quote, blank, with
    spaces at its ends or unprintable characters (``'Asian, Pacific', White``); a number by
    its text (10**5000 shortened: :func:`errors.plain_text`). So is one the secret masking
    may read past its end: holding ':' or '@' (a URL, ``u:pw@h``) or a secret key's value
    (``password=x``): a closing quote ends a masked password, so masking never runs on into
    the next names (``'postgresql://u:***@h/db', b@c`` bare read ``postgresql://u:***@c``);
    and one starting with '-' (a group '--n-boot', which a config's refusal renamed as the
    flag ``policy.n_boot``: quoted names are the user's, never renamed), but for a negative
    number's text: ``-1, 1`` as the fixes write the values, never ``'-1', 1``."""

    def word(name) -> str:
        if not isinstance(name, str):
            return plain_text(name)
        plain = name.strip() == name and name.isprintable() and not set(name) & set(",'\":@")
        plain = plain and (not name.startswith("-") or bool(_NEGATIVE.fullmatch(name)))
        if plain:  # a secret key's value runs on past a comma: 'password=x, b' (or %3D)
            plain = not holds_secret(name) and not holds_secret(name + "x")
        return name if plain and name else repr(name)

    return ", ".join(map(word, names))


def choice_error(
    value, choices, *, column: str, kind: str | None = None, what: str | None = None
) -> EthicLensInputError:
    """The one refusal of a value outside a setting's fixed ``choices``, on every face (a flag
    click checks, the spec's keys, a registry's names, P2NIA's metrics): ``option '--fail-on':
    must be one of never, alarm (value: 'bogus'). Fix: use one of never, alarm``, a near miss
    (:func:`did_you_mean`) first; ``what`` (a registry's kind) heads it: ``unknown mechanism:
    must be one of grr, mst, aim``."""
    words = choice_words(choices)
    problem = ("" if what is None else f"unknown {what}: ") + f"must be one of {words}"
    fix = did_you_mean(value, list(choices)) + "use one of " + words
    return EthicLensInputError(problem, column=column, value=value, fix=fix, kind=kind)


# One guard for exported low-level helpers (a primitive another subpackage, a notebook or a
# reproduction script calls): each argument's kind declared once at the function
# (``@argument_kinds(codes=numbers_kind(1, whole=True), rng=instance_kind(...))``) and refused
# by name before the body runs, never numpy's or Python's own error from deep inside it.
_NO_ARRAY = (str, bytes, bytearray, memoryview, AbstractSet, Mapping)


def kind_refusal(value, name: str, problem: str, fix: str) -> EthicLensInputError:
    """The refusal of argument ``name`` given a wrong kind of ``value``: ``problem``, then
    the type given (``not set``, ``not None``) unless ``problem`` says it; the value itself
    shown only where it is short and says more than its type (``b'x'``, ``nan``, 10**5000
    shortened)."""
    given = "None" if value is None else type(value).__name__
    shown = _shown(value)
    problem = problem if ", not " in problem else f"{problem}, not {given}"
    if value is None or (shown == given and not isinstance(value, str)):
        shown = None
    return EthicLensInputError(problem, column=name, kind="argument", value=shown, fix=fix)


# an object array's items read as numbers: real numbers (an int, a float, numpy's, a Decimal,
# a Fraction), never text ('1', 'True'), None, a list or any other object numpy might convert
_REAL_ITEMS = (int, float, np.number, np.bool_, Decimal, numbers.Real)


def _object_numbers(arr: np.ndarray) -> np.ndarray | None:
    """An object-dtype array whose every item is a real number, as floats; else None (also
    where one overflows a float: 10**400 is no count a metric can read)."""
    if not all(isinstance(item, _REAL_ITEMS) for item in arr.flat):
        return None
    try:
        return arr.astype(float)
    except (TypeError, ValueError, OverflowError, ArithmeticError):
        return None


def numbers_kind(ndim: int | None = None, *, whole: bool = False):
    """An argument kind for :func:`argument_kinds`: a non-empty array-like of numbers (a list,
    tuple, numpy array or pandas Series) of ``ndim`` dimensions (None: at least one); ``whole``:
    of whole numbers (a float array of whole values too). Refused: None, text or bytes (read
    letter by letter), a set or dict (no order), a generator (no length), a 0-d array, an empty
    one, text values."""
    what = "whole numbers" if whole else "numbers"
    shape = f"{ndim}-dimensional array" if ndim else "array"
    problem = f"must be a non-empty {shape} of {what} (a list, numpy array or pandas Series)"
    fix = f"pass a numpy array of {what}, e.g. np.array([0, 1, 1])"

    def check(value, name: str) -> None:
        arr = None
        if value is not None and not isinstance(value, _NO_ARRAY) and hasattr(value, "__len__"):
            try:
                arr = np.asarray(value)
            except (TypeError, ValueError):
                arr = None
        ok = arr is not None and arr.ndim >= 1 and arr.size > 0 and ndim in (None, arr.ndim)
        if ok and arr.dtype.kind == "O":  # numbers kept as Python objects: read as floats
            arr = _object_numbers(arr)
            ok = arr is not None
        ok = ok and arr.dtype.kind in "biuf"
        if ok and whole and arr.dtype.kind == "f":
            ok = bool(np.isfinite(arr).all() and (arr == np.round(arr)).all())
        if not ok:
            raise kind_refusal(value, name, problem, fix)

    return check


def whole_kind(minimum: int = 1, maximum: int | None = None, fix: str = "e.g. 2"):
    """An argument kind for :func:`argument_kinds`: a whole number in [minimum, maximum]
    (:func:`check_count`'s rule and words; True is no number)."""

    def check(value, name: str) -> None:
        check_count(value, name, minimum=minimum, maximum=maximum, fix=fix)

    return check


def instance_kind(types, words: str, fix: str, *, optional: bool = False):
    """An argument kind for :func:`argument_kinds`: an instance of ``types`` (``optional``: or
    None), else ``must be <words>, not <the type given>``."""

    def check(value, name: str) -> None:
        if not (isinstance(value, types) or (optional and value is None)):
            raise kind_refusal(value, name, f"must be {words}", fix)

    return check


def each_kind(kind, words: str, fix: str, *, empty: bool = False):
    """An argument kind for :func:`argument_kinds`: a list or tuple (``empty``: which may be
    empty) whose every item is of ``kind`` (``matrices=each_kind(numbers_kind(2), ...)``)."""

    def check(value, name: str) -> None:
        if not isinstance(value, list | tuple):
            raise kind_refusal(value, name, f"must be {words}", fix)
        if not value and not empty:
            raise kind_refusal(value, name, f"must be {words}, not an empty one", fix)
        for i, item in enumerate(value):
            kind(item, f"{name}[{i}]")

    return check


def iterable_kind(words: str, fix: str):
    """An argument kind for :func:`argument_kinds`: items to iterate (a list, tuple, set,
    ``pd.Index``, a generator), never None, a number, or one text or bytes value (whose
    letters or byte values would be read as the items)."""

    def check(value, name: str) -> None:
        if value is None or isinstance(value, TEXT_LIKE) or not hasattr(value, "__iter__"):
            raise kind_refusal(value, name, f"must be {words}", fix)

    return check


def argument_kinds(**kinds):
    """A decorator: each named argument (as given, positionally or by keyword; its default,
    given or not, is not checked: ``weights=None`` passed on as the signature says) checked by
    its declared kind (:func:`numbers_kind`, :func:`whole_kind`, :func:`instance_kind`,
    :func:`each_kind` or any ``check(value, name)``) before the function runs: one refusal
    naming the argument, the value (shortened) and the fix."""
    import functools
    import inspect

    def wrap(fn):
        params = inspect.signature(fn).parameters
        unknown = set(kinds) - set(params)
        if unknown:  # a declaration that names no argument checks nothing: a typo
            raise TypeError(f"{fn.__qualname__} has no argument {sorted(unknown)}")
        # where each checked argument comes positionally (read without Signature.bind, whose
        # cost would double a cheap helper's), and its default
        by_place = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        place = {n: i for i, (n, p) in enumerate(params.items()) if p.kind in by_place}
        checks = [(n, kind, place.get(n), params[n].default) for n, kind in kinds.items()]

        @functools.wraps(fn)
        def checked(*args, **kwargs):
            for name, kind, at, default in checks:
                if name in kwargs:
                    value = kwargs[name]
                elif at is not None and at < len(args):
                    value = args[at]
                else:
                    continue
                if value is not default:
                    kind(value, name)
            return fn(*args, **kwargs)

        return checked

    return wrap
