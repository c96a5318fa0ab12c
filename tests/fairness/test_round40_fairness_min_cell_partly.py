"""Round 40: a counts table's --min-cell statement names the groups that lost SOME of their
cells (``partly_suppressed_groups``); each comparison of such a group, or against such a
reference, says in its reasons that the rates leave out those rows (before: judged on the
shifted rates without a word; a group of 206 rows losing its 5 selected rows read DI 0.0)."""

import json

import pandas as pd

import ethiclens as el
from ethiclens.fairness import PARTLY_SUPPRESSED

CELLS = [("a", 0, 1, 231), ("a", 0, 0, 234), ("a", 1, 0, 203), ("a", 1, 1, 229)]
CELLS += [("b", 0, 1, 232), ("b", 0, 0, 233), ("b", 1, 1, 236), ("b", 1, 0, 196)]
CELLS += [("c", 0, 0, 92), ("c", 1, 0, 109)]  # c's (0, 1) 3 rows and (1, 1) 2 rows dropped


def _table(partly):
    t = pd.DataFrame(CELLS, columns=["g", "y_true", "y_pred", "count"])
    t.attrs["ethiclens_attributes"] = ["g"]
    t.attrs["ethiclens_suppression"] = {
        "min_cell": 10,
        "cells_dropped": 2,
        "rows_dropped": 5,
        "rows_kept": int(t["count"].sum()),
        "effect": "cells with fewer rows than min_cell were dropped before the audit",
        "suppressed_groups": {"g": []},
        PARTLY_SUPPRESSED: partly,
    }
    return t


def _reasons(result):
    return {
        (c.group, c.reference): c.metrics["disparate_impact"].reason for c in result.comparisons
    }


def test_a_partly_suppressed_group_says_so_in_every_face():
    r = el.audit_counts(_table({"g": ["c"]}), n_boot=100, random_state=0)
    got = _reasons(r)
    assert got[("b", "a")] is None
    why = "g 'c' lost some cells to --min-cell 10 (each held fewer rows)"
    assert got[("c", "a")].startswith(why)
    c = next(c for c in r.comparisons if c.group == "c")
    assert c.status == "FLAGGED" and c.flag_reason.startswith(why)
    assert all(m.reason.startswith(why) for m in c.metrics.values() if m is not None)
    doc = json.loads(r.to_json())
    shown = [x for x in doc["comparisons"] if x["group"] == "c"][0]
    assert shown["metrics"]["disparate_impact"]["reason"].startswith(why)


def test_a_partly_suppressed_reference_marks_every_comparison():
    r = el.audit_counts(_table({"g": ["a"]}), n_boot=100, random_state=0)
    assert all(v.startswith("g 'a' lost some cells") for v in _reasons(r).values())
    merged = el.audit_counts(
        _table({"g": ["c"]}),
        n_boot=100,
        reference={"g": "a"},
        merge_groups={"g": {"bc": ["b", "c"]}},
    )
    assert _reasons(merged)[("bc", "a")].startswith("g 'bc' lost some cells")


def test_without_the_record_nothing_is_marked():
    r = el.audit_counts(_table({}), n_boot=100, random_state=0)
    assert not any("lost some" in (v or "") for v in _reasons(r).values())
