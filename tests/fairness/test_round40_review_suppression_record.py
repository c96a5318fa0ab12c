"""Review of c0aa78e1 (a DataFrame's hand-written --min-cell statement checked): its check took
only a list of names, so a statement written in Python with a tuple ({'g': ('c',)}), which was
read as the list before, became a refusal 'must be a list of group names'. A tuple reads as the
list does again; text in its place is still refused."""

import pandas as pd
import pytest

import ethiclens as el
import ethiclens.fairness  # noqa: F401 - imported at collection, not in the first test
from ethiclens.errors import EthicLensInputError

CELLS = pd.DataFrame(
    {
        "g": ["a"] * 4 + ["b"] * 4,
        "y_true": [0, 0, 1, 1] * 2,
        "y_pred": [0, 1] * 4,
        "count": [50, 60, 70, 80, 40, 90, 55, 65],
    }
)


def _reasons(names):
    t = CELLS.copy()
    record = {"min_cell": 10, "suppressed_groups": {"g": names}}
    t.attrs = {"ethiclens_attributes": ["g"], "ethiclens_suppression": record}
    r = el.audit_counts(t, n_boot=100, random_state=0)
    return [(c.group, c.status, c.metrics["disparate_impact"].reason) for c in r.comparisons]


def test_a_tuple_of_names_reads_as_the_list():
    got = _reasons(("c",))
    assert got == _reasons(["c"])
    assert ("c", "INSUFFICIENT_DATA") in [g[:2] for g in got]


def test_text_in_place_of_the_names_is_still_refused():
    with pytest.raises(EthicLensInputError, match="must be a list of group names"):
        _reasons("c")
