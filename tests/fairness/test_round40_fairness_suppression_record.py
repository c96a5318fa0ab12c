"""Round 40: audit_counts of a DataFrame whose --min-cell statement (``attrs``) was edited by
hand. Before: a list where a mapping belongs escaped as a bare AttributeError; a group name
given as text was read as its characters (two fake comparisons 'z', 'z' for 'zz'); a group
the statement says lost every cell while the table holds cells of it was compared with itself
('a' vs 'a', INSUFFICIENT_DATA); a missing min_cell printed '--min-cell None'. Now each is
refused, the key named (read_counts already refused them in a file's metadata)."""

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
from ethiclens.errors import EthicLensInputError

CELLS = pd.DataFrame(
    {
        "g": ["a"] * 4 + ["b"] * 4,
        "y_true": [0, 0, 1, 1] * 2,
        "y_pred": [0, 1] * 4,
        "count": [50, 60, 70, 80, 40, 90, 55, 65],
    }
)
KEY = "table.attrs['ethiclens_suppression']"


def _audit(record):
    t = CELLS.copy()
    t.attrs = {"ethiclens_attributes": ["g"], "ethiclens_suppression": record}
    return el.audit_counts(t, n_boot=100, random_state=0)


@pytest.mark.parametrize(
    ("record", "where", "words"),
    [
        ({"min_cell": 10, "suppressed_groups": ["a"]}, "['suppressed_groups']", "must map"),
        ({"min_cell": 10, "suppressed_groups": {"g": "zz"}}, "['suppressed_groups']['g']", "list"),
        ({"min_cell": 10, "partly_suppressed_groups": {"g": None}}, "['partly_", "list"),
        ({"min_cell": 10, "suppressed_crossings": ["x"]}, "['suppressed_crossings']", "must be"),
        ({"suppressed_groups": {"g": ["zz"]}}, "['min_cell']", "(it is missing)"),
        ({"min_cell": "10"}, "['min_cell']", "whole number"),
        ("junk", "", "an object"),
        (
            {"min_cell": 10, "suppressed_groups": {"g": ["a", "zz"]}},
            "['suppressed_groups']['g']",
            "holds cells of it",
        ),
    ],
)
def test_a_broken_statement_is_refused_by_its_key(record, where, words):
    with pytest.raises(EthicLensInputError) as err:
        _audit(record)
    assert err.value.column.startswith(KEY + where)
    assert words in str(err.value)


def test_a_sound_statement_still_reads():
    record = {"min_cell": np.int64(10), "suppressed_groups": {"g": ["zz"]}}
    comps = _audit(record).comparisons
    assert [(c.group, c.status) for c in comps] == [
        ("b", comps[0].status),
        ("zz", "INSUFFICIENT_DATA"),
    ]
    assert "--min-cell 10:" in comps[1].metrics["disparate_impact"].reason
    assert [c.group for c in _audit(None).comparisons] == ["b"]
