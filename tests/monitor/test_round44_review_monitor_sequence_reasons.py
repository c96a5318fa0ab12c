"""Round 44 review (monitor): a confidence sequence's null bound said why on the terminal only.

The JSON (and ``read_store``) gave a DI sequence with no upper end as ``high: null`` and an
empty sequence as ``low``/``high`` null, each with no reason, where the terminal says
'[0.000, ∞) (no upper bound: …)' and 'empty (…)'. Now each carries its ``reason`` in the JSON,
the same words, for every window of the history; the terminal reads as before."""

import pandas as pd

from ethiclens._jsonschema import validate
from ethiclens.monitor import MonitorRequest, read_store, run_monitor
from ethiclens.monitor._render import summary_lines

from .conftest import SCHEMA


def _doc(tmp_path, days, ref_selected, grp_selected, n=100):
    rows = [
        (f"2024-01-{day + 1:02d}T10:00:00Z", grp, int(i < hits))
        for day in range(days)
        for grp, hits in (("A", ref_selected), ("B", grp_selected))
        for i in range(n)
    ]
    path = tmp_path / "d.csv"
    pd.DataFrame(rows, columns=["ts", "grp", "pred"]).to_csv(path, index=False)
    request = MonitorRequest(
        target=path, time="ts", window="1d", y_pred="pred", protected=("grp=A",), engine="pandas"
    )
    doc = run_monitor(request, tmp_path / "m.sqlite", warn=False).to_dict()
    validate(doc, SCHEMA)
    return doc


def test_a_di_sequence_without_an_upper_end_says_why_in_the_json(tmp_path):
    doc = _doc(tmp_path, 1, 0, 0)  # neither selected: no upper bound yet
    why = "no upper bound: undefined, the reference group was never selected"
    di = doc["comparisons"][0]["sequences"]["disparate_impact"]
    assert di["low"] is not None and di["high"] is None and di["reason"] == why
    assert f"DI [0.000, ∞) ({why})" in "\n".join(summary_lines(doc))  # as before
    series = read_store(tmp_path / "m.sqlite")["comparisons"][0]["series"]
    assert series[0]["sequences"]["disparate_impact"]["reason"] == why


def test_an_empty_sequence_says_why_in_the_json(tmp_path):
    doc = _doc(tmp_path, 5, 0, 50)  # the reference never selected: the DI sequence empties
    history = doc["comparisons"][0]["history"]
    last = history[-1]["sequences"]["disparate_impact"]
    assert last["low"] is None and last["high"] is None
    assert last["reason"] == "empty: undefined: the reference group was never selected"
    text = "\n".join(summary_lines(doc))
    assert "DI empty (undefined: the reference group was never selected)" in text  # as before
    for entry in history:  # every null bound of every window says why
        for bounds in entry["sequences"].values():
            assert None not in (bounds["low"], bounds["high"]) or bounds.get("reason")
