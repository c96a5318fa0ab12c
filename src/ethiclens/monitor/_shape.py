"""What a stored result holds: the keys and the types of the values the monitor writes for
one comparison in one window (``_run._window_body``; the report's ``history_entry`` in
``monitor.schema.json``, less its ``window``). A store's results are checked against it when
they are read, so a result that lost a key, or holds text where a number belongs, is refused as
damage in one line rather than failing deep inside the report. The settings (meta) that hold
an object are checked alike (``META``). Checked by hand, not by
``jsonschema``: a store holds thousands of results and each is read on every run.
"""

from __future__ import annotations

import math

from ._evidence import COUNT_FIELDS, SEQUENCES

# A shape is one of: a tuple of types (a bool is never a number); a frozenset of the allowed
# values; a dict of keys and shapes (a key ending in "?" may be absent, no other key may be
# there); a ``Pair`` (a list of two values of one shape); ``COUNT`` (a whole number >= 0).
_NUMBER = (int, float)
_NUMBER_OR_NULL = (int, float, type(None))
COUNT = "a count"
# a day number (days since 1970-01-01): whole, and within the years a monitor can place
DAY = "a day number"
_MAX_DAY = 10**6


class Pair:
    """A list of exactly two values of ``shape`` (``nullable``: or null)."""

    def __init__(self, shape, nullable: bool = False):
        self.shape, self.nullable = shape, nullable


class ListOf:
    """A list of values of ``shape``."""

    def __init__(self, shape):
        self.shape = shape


class MapOf:
    """An object whose keys are names (``digits``: window numbers) chosen by the run, each
    holding a value of ``shape``."""

    def __init__(self, shape, digits: bool = False):
        self.shape, self.digits = shape, digits


_TESTS = (
    "disparate_impact",
    "equalized_odds",
    "baseline_disparate_impact",
    "baseline_equalized_odds",
)
_RATES = tuple(name for name, *_ in SEQUENCES)  # the evidence's rates, in its order


def _counts(value_shape) -> dict:
    return {k if k in ("n", "sel") else f"{k}?": value_shape for k in COUNT_FIELDS}


_ESTIMATE = {
    "value": _NUMBER_OR_NULL,
    "ci_low": _NUMBER_OR_NULL,
    "ci_high": _NUMBER_OR_NULL,
    "reason?": (str,),  # why there is no value (a DI unbounded or undefined in the window)
}
_SEQUENCE = {"low": _NUMBER_OR_NULL, "high": _NUMBER_OR_NULL}
_TEST = {"log_e_value": _NUMBER, "e_value": _NUMBER_OR_NULL}

RESULT = {
    "status": frozenset({"ESTIMATED", "INSUFFICIENT_DATA", "ONE_GROUP", "NO_ROWS"}),
    "reason": (str, type(None)),
    "counts": {"reference": _counts(COUNT), "group": _counts(COUNT)},
    "estimates": {k if k in _RATES[:2] else f"{k}?": _ESTIMATE for k in _RATES},
    "tests": {f"{k}?": _TEST for k in _TESTS},
    "sequences": {f"{k}?": _SEQUENCE for k in _RATES},
    # a baseline that selected no one in a group has no DI band: null, with why
    "baseline?": {
        "di_band": Pair(_NUMBER, nullable=True),
        "di_reason?": (str,),
        "tpr_eps?": _NUMBER,
        "fpr_eps?": _NUMBER,
    },
    "weighted?": {
        "reference": _counts(_NUMBER),
        "group": _counts(_NUMBER),
        "bet_cap": _NUMBER,
        "source?": frozenset({"propensity", "weight"}),
        "column?": (str,),
        "reason?": (str,),  # why a rate of the window was not bet on (an empty cell)
    },
}


# The settings (meta) whose value is an object, by what a run writes in each (the references
# and groups are checked against each other when the store is opened).
META = {
    "origin_day": DAY,
    "reference_source": MapOf((str,)),
    "held": MapOf(
        {"start": _NUMBER, "end": _NUMBER, "rows": COUNT, "tmin?": _NUMBER, "tmax?": _NUMBER},
        digits=True,
    ),
    "baseline_target": {"target": (str,), "rows": COUNT, "counts": (str,), "source?": (str,)},
    "evidence_windows": {"first": (int,), "last": (int,)},
    # under --pos-label, the values each label column wrote beside it (store version 2)
    "label_values": {"y_pred?": ListOf((str,)), "y_true?": ListOf((str,))},
}


def meta_problem(key: str, value) -> str | None:
    """What in the setting ``key`` (decoded) does not hold what a run writes (``META``)."""
    check = _META_CHECKS.get(key)
    return None if check is None else check(value, "")


def shape_problem(value) -> str | None:
    """What in ``value`` (a stored result) does not have the shape ``RESULT``, in words
    (``lacks 'tests'``, ``holds 'x' in tests.disparate_impact.log_e_value, not a number``);
    None when all of it does."""
    return _RESULT_CHECK(value, "")


# a side's counts that no rows give: (part, whole) with part <= whole; (a, b, whole) with
# a + b == whole (every labelled row is positive or negative, every selected one a TP or FP)
_PARTS = (("sel", "n"), ("tp", "pos"), ("fp", "neg"))
_SUMS = (("pos", "neg", "n"), ("tp", "fp", "sel"))


def counts_problem(body: dict) -> str | None:
    """What in a result's counts (of a shape ``shape_problem`` accepts) no rows can give:
    more selected rows than rows, true positives than positives, and so on."""
    for side in ("reference", "group"):
        counts = body["counts"][side]
        for part, whole in _PARTS:
            if part in counts and whole in counts and counts[part] > counts[whole]:
                return (
                    f"holds counts.{side}.{part} {counts[part]}, above counts.{side}.{whole} "
                    f"{counts[whole]}"
                )
        for a, b, whole in _SUMS:
            if all(k in counts for k in (a, b, whole)) and counts[a] + counts[b] != counts[whole]:
                return (
                    f"holds counts.{side}.{a} {counts[a]} and {b} {counts[b]}, which do not add "
                    f"up to its {whole} {counts[whole]}"
                )
    return None


def _checker(shape):
    """``shape`` compiled once into a function (value, where) -> problem or None: a store's
    thousands of results are each checked on every read."""
    if isinstance(shape, dict):
        return _fields_checker(shape)
    if isinstance(shape, Pair):
        item = _checker(shape.shape)

        def pair(value, where):
            if value is None and shape.nullable:
                return None
            if type(value) is not list or len(value) != 2:
                return _holds(value, where, "not a list of two numbers")
            return item(value[0], where) or item(value[1], where)

        return pair
    if isinstance(shape, MapOf):
        return _map_checker(shape)
    if isinstance(shape, ListOf):
        each = _checker(shape.shape)

        def items(value, where):
            if type(value) is not list:
                return _holds(value, where, "not a list")
            return next(filter(None, (each(v, f"{where}[{i}]") for i, v in enumerate(value))), None)

        return items
    if isinstance(shape, frozenset):
        allowed = f"not one of {', '.join(sorted(shape))}"
        return lambda v, where: None if type(v) is str and v in shape else _holds(v, where, allowed)
    if shape is COUNT:
        word = "not a count (a whole number >= 0)"
        return lambda v, where: None if type(v) is int and v >= 0 else _holds(v, where, word)
    if shape is DAY:
        word = "not a day number (a whole number of days since 1970-01-01)"
        return lambda v, where: None if _is_day(v) else _holds(v, where, word)
    expected = f"not {_kind(shape)}"

    def leaf(value, where):  # type(): a bool is never a number
        if type(value) not in shape:
            return _holds(value, where, expected)
        if type(value) is float and not math.isfinite(value):
            return _holds(value, where, "not a finite number")
        return None

    return leaf


def _is_day(value) -> bool:
    """A whole number of days (an int, or a float holding one) a window can start on."""
    if type(value) not in (int, float) or (type(value) is float and not math.isfinite(value)):
        return False
    return value == int(value) and abs(value) <= _MAX_DAY


def _fields_checker(shape: dict):
    """An object holding each key of ``shape`` (one ending in "?" may be absent) and no other."""
    checks = {k.removesuffix("?"): _checker(v) for k, v in shape.items()}
    required = [k for k in shape if not k.endswith("?")]

    def fields(value, where):
        if type(value) is not dict:
            return _holds(value, where, "not an object")
        inside = f" in {where}" if where else ""
        for key in required:
            if key not in value:
                return f"lacks {key!r}{inside}"
        for key, item in value.items():
            check = checks.get(key)
            if check is None:
                return f"holds an unexpected key {_clip(key)}{inside}"
            problem = check(item, f"{where}.{key}" if where else key)
            if problem:
                return problem
        return None

    return fields


def _map_checker(shape: MapOf):
    item = _checker(shape.shape)

    def entries(value, where):
        if type(value) is not dict:
            return _holds(value, where, "not an object")
        for key, held in value.items():
            if shape.digits and not (key.isascii() and key.isdigit()):
                return f"holds the key {_clip(key)}, not a window number"
            name = f"window {key}" if shape.digits else key
            problem = item(held, f"{where}.{name}" if where else name)
            if problem:
                return problem
        return None

    return entries


def _holds(value, where: str, expected: str) -> str:
    return f"holds {_clip(value)} in {where or 'it'}, {expected}"


def _clip(value, limit: int = 40) -> str:
    """A value as a refusal shows it (a damaged body may hold anything, of any length)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _kind(types: tuple) -> str:
    words = {int: "a number", float: "a number", str: "a text", type(None): "null"}
    return " or ".join(dict.fromkeys(words.get(t, t.__name__) for t in types))


_RESULT_CHECK = _checker(RESULT)
_META_CHECKS = {key: _checker(shape) for key, shape in META.items()}
