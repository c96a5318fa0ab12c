"""Round 48 (API battery): spec's exported helpers the monitor, the web app and the CLI share
(layered_spec, override_note, replaced_table_or_query, edited_reference, refuse_written_apart),
given a wrong kind of argument, raised Python's own AttributeError ("'NoneType' object has no
attribute 'items'/'partition'/'get'"), TypeError ('unhashable type', 'not iterable') or the
digit-limit ValueError. Their arguments are declared (_checks.argument_kinds) and refused by
name."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens import spec
from ethiclens.errors import EthicLensInputError

BAD = [None, {1, 2}, b"x", bytearray(b"x"), float("nan"), 10**5000, np.array(1.0)]
BAD += [pd.DataFrame(), (i for i in range(2))]
CALLS = {
    "layered_spec": (spec.layered_spec, {"config": None, "updates": {}, "by": {}}),
    "override_note": (
        spec.override_note,
        {"path": "roles.y_pred", "old": "p", "given": "--y-pred q", "config": "c.yaml"},
    ),
    "replaced_table_or_query": (spec.replaced_table_or_query, {"section": {}, "given": {}}),
    "edited_reference": (
        spec.edited_reference,
        {"attr": "g", "ref": "a", "merges": {}, "excludes": {}},
    ),
    "refuse_written_apart": (spec.refuse_written_apart, {"pos_label": 1, "columns": {}}),
}
CHECKED = {
    "layered_spec": ["config", "updates", "by"],
    "override_note": ["path", "given", "config"],
    "replaced_table_or_query": ["given"],
    "edited_reference": ["attr", "merges", "excludes"],
    "refuse_written_apart": ["columns"],
}
CASES = [(f, arg) for f, args in CHECKED.items() for arg in args]


@pytest.mark.parametrize(("func", "arg"), CASES)
def test_a_wrong_kind_is_refused_by_name(func, arg):
    fn, good = CALLS[func]
    fn(**good)  # the valid call answers
    # None: no file, no edits; a column's name is any hashable (a number too)
    values = [{1, 2}, bytearray(b"x"), {"a": 1}, np.array(1.0), pd.DataFrame()]
    values = values if arg == "attr" else BAD[arg in ("config", "merges", "excludes") :]
    for value in values:
        with pytest.raises(EthicLensInputError, match=f"argument '{arg}'"):
            fn(**{**good, arg: value})
