"""Round 48 (api battery leftover, class: a fairness helper exported for other subpackages
given a wrong kind of argument).

missing_value_codes_text, look_alike_clash, refuse_label_clash, check_intersection_combos,
check_counts_cells, metric_status, as_binary(counts=...) and bin_attribute, given None, a set,
bytes, a number, a 0-d array, a frame or a generator, crashed with Python's TypeError ("'set'
object is not callable", "float() argument must be ... not 'set'"), an IndexError or pandas'
"truth value of a DataFrame is ambiguous". Each now refuses it naming the argument and the
fix; what the other subpackages pass is read as before."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens import fairness as F

BAD = {
    "None": None,
    "set": {1, 2},
    "bytes": b"x",
    "nan": float("nan"),
    "huge": 10**5000,
    "dict": {"a": 1},
    "0d": np.array(1.0),
    "frame": pd.DataFrame(),
}
_COUNTS = np.array([0, 1])

# (call of the bad value, the argument named, the bad values refused)
CALLS = {
    "missing_value_codes_text codes": (
        lambda b: F.missing_value_codes_text("race", b),
        "codes",
        ["None", "nan", "huge", "0d", "frame"],
    ),
    "missing_value_codes_text name": (
        lambda b: F.missing_value_codes_text(b, ["?"]),
        "name",
        ["huge", "set", "frame"],
    ),
    "missing_value_codes_text leave_out": (
        lambda b: F.missing_value_codes_text("race", ["?"], leave_out=b),
        "leave_out",
        ["set", "bytes", "nan", "huge", "dict", "0d", "frame"],
    ),
    "missing_value_codes_text words": (
        lambda b: F.missing_value_codes_text("race", ["?"], words=b),
        "words",
        ["set", "bytes", "nan", "huge", "0d", "frame"],
    ),
    "look_alike_clash ours": (
        lambda b: F.look_alike_clash(b, ["a"], "g"),
        "ours",
        ["None", "set", "bytes", "nan", "huge", "0d"],
    ),
    "look_alike_clash column": (
        lambda b: F.look_alike_clash(["a"], ["a "], b),
        "column",
        ["set", "dict", "0d", "frame"],
    ),
    "refuse_label_clash combos": (
        lambda b: F.refuse_label_clash(b),
        "combos",
        ["None", "set", "bytes", "nan", "huge", "0d"],
    ),
    "refuse_label_clash sep": (
        lambda b: F.refuse_label_clash([["a", "b"]], b),
        "sep",
        ["set", "bytes", "nan", "huge", "dict", "0d", "frame"],
    ),
    "check_intersection_combos combos": (
        lambda b: F.check_intersection_combos(b, ["a", "b"]),
        "combos",
        ["None", "set", "bytes", "nan", "huge", "0d"],
    ),
    "check_intersection_combos columns": (
        lambda b: F.check_intersection_combos([["a", "b"]], b),
        "columns",
        ["None", "bytes", "nan", "huge", "0d"],
    ),
    "check_counts_cells table": (
        lambda b: F.check_counts_cells(b),
        "table",
        ["None", "set", "bytes", "nan", "huge", "dict", "0d"],
    ),
    "check_counts_cells where": (
        lambda b: F.check_counts_cells(pd.DataFrame(), where=b),
        "where",
        ["frame"],
    ),
    "metric_status point": (lambda b: F.metric_status(b, None), "point", ["frame"]),
    "metric_status judge": (
        lambda b: F.metric_status(0.5, None, judge=b),
        "judge",
        ["set", "bytes", "nan", "huge", "dict", "0d", "frame"],
    ),
    "as_binary counts": (
        lambda b: F.as_binary(_COUNTS, "y_true", counts=b),
        "counts",
        ["set", "bytes", "nan", "huge", "dict", "0d", "frame"],
    ),
    "bin_attribute values": (
        lambda b: F.bin_attribute(b, [0, 50, 100]),
        "values",
        ["None", "set", "bytes", "nan", "huge", "dict", "0d", "frame"],
    ),
    "bin_attribute column": (lambda b: F.bin_attribute([1], [0, 50, 100], b), "column", ["frame"]),
}
CASES = [(call, bad) for call, (_, _, bads) in CALLS.items() for bad in bads]


@pytest.mark.parametrize("call, bad", CASES, ids=[f"{c}-{b}" for c, b in CASES])
def test_a_wrong_kind_is_refused_by_name(call, bad):
    fn, argument, _ = CALLS[call]
    with pytest.raises(EthicLensInputError) as err:
        fn(BAD[bad])
    text = str(err.value)
    assert text.startswith(f"argument '{argument}': must ") and "Fix: " in text


def test_a_generator_of_values_to_bin_is_refused_a_list_binned():
    with pytest.raises(EthicLensInputError, match="^argument 'values': must be an array"):
        F.bin_attribute((v for v in [1, 60]), [0, 50, 100])
    assert list(F.bin_attribute([1, 60], [0, 50, 100])) == ["[0, 50)", "[50, 100]"]


def test_what_the_other_subpackages_pass_is_read_as_before():
    assert F.missing_value_codes_text("race", ["?"]).startswith("race: group '?' looks like")
    assert F.look_alike_clash(["a"], {"a "}, "g")[:2] == ("a", "a ")
    assert F.refuse_label_clash([("a", "b")], None) is None
    assert F.check_intersection_combos([["a", "b"]], pd.Index(["a", "b"])) is None
    assert F.metric_status(np.float64(0.3), None) == ("REPORTED", None)
    assert F.metric_status(None, None, undefined="no rows") == ("UNDEFINED", "no rows")
    assert list(F.as_binary(_COUNTS, "y", counts=pd.Series([2, 3]))) == [0, 1]
