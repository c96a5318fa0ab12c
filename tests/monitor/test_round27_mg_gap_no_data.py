"""Round 27: a gap confidence sequence that no window has bet on yet (the group never had a
row with a positive label, say) is undefined: the report gives its bounds as null with the
reason, in the JSON, the terminal and the HTML page, not the grid's edges ±0.998 as if they
bounded it. The store keeps what every version wrote (the whole grid), so a store written
before still opens (its replay check compares the stored edges) and, once a window bets on the
gap, the sequence has bounds again."""

import json
import sqlite3

import numpy as np
import pandas as pd

from .conftest import run_cli as _cli


def _write(path, days, black_positives):
    rng = np.random.default_rng(27)
    rows = []
    for d in days:
        for i in range(60):
            race = "White" if i % 2 else "Black"
            label = int(rng.integers(0, 2)) if race == "White" or black_positives else 0
            rows.append(
                {
                    "ts": f"2024-01-{d + 1:02d}T{i % 24:02d}:00:00",
                    "race": race,
                    "label": label,
                    "pred": int(rng.integers(0, 2)),
                }
            )
    pd.DataFrame(rows).to_csv(path, index=False)


def _run(capsys, tmp_path, target, *flags):
    rc, out, err = _cli(
        capsys,
        "monitor",
        target,
        *("--time", "ts", "--window", "1d", "--y-pred", "pred", "--y-true", "label"),
        *("--protected", "race", "--store", tmp_path / "s.sqlite"),
        *("--json", tmp_path / "r.json", "--html", tmp_path / "r.html"),
        *flags,
    )
    assert rc == 0, out + err
    return out, json.loads((tmp_path / "r.json").read_text())


def test_a_gap_never_bet_on_is_null_with_its_reason(tmp_path, capsys):
    _write(tmp_path / "a.csv", range(3), black_positives=False)
    out, doc = _run(capsys, tmp_path, tmp_path / "a.csv")
    (comp,) = doc["comparisons"]
    tpr = comp["sequences"]["tpr_gap"]
    assert tpr["low"] is None and tpr["high"] is None, tpr
    assert tpr["reason"].startswith("undefined: no window yet had rows with a positive label")
    assert tpr["ci_method"] == "betting"
    assert all(h["sequences"]["tpr_gap"]["low"] is None for h in comp["history"])
    assert comp["sequences"]["fpr_gap"]["low"] is not None  # a gap bet on keeps its bounds
    assert "0.998" not in out and "TPR gap — (undefined: no window yet had" in out
    html = (tmp_path / "r.html").read_text()
    assert "0.998" not in html and "undefined: no window yet had rows with a positive" in html


def test_a_store_holding_the_grid_edges_still_opens_and_the_gap_gets_bounds(tmp_path, capsys):
    _write(tmp_path / "a.csv", range(3), black_positives=False)
    _run(capsys, tmp_path, tmp_path / "a.csv")
    # what the store holds is what every version wrote: the grid's edges (the replay's values)
    with sqlite3.connect(tmp_path / "s.sqlite") as db:
        bodies = [json.loads(b) for (b,) in db.execute("SELECT body FROM results")]
    assert {(b["sequences"]["tpr_gap"]["low"], b["sequences"]["tpr_gap"]["high"]) for b in bodies}
    assert all(abs(b["sequences"]["tpr_gap"]["high"] - 0.998) < 1e-12 for b in bodies)
    _write(tmp_path / "b.csv", range(3, 5), black_positives=True)
    _, doc = _run(capsys, tmp_path, tmp_path / "b.csv")  # reopened: its replay check passes
    history = doc["comparisons"][0]["history"]
    assert [h["sequences"]["tpr_gap"]["low"] is None for h in history] == [True] * 3 + [False] * 2
    assert "reason" not in doc["comparisons"][0]["sequences"]["tpr_gap"]


def test_a_weighted_gap_never_bet_on_names_effective_rows(tmp_path, capsys):
    _write(tmp_path / "a.csv", range(3), black_positives=False)
    frame = pd.read_csv(tmp_path / "a.csv")
    frame.assign(w=2.0).to_csv(tmp_path / "a.csv", index=False)
    _, doc = _run(capsys, tmp_path, tmp_path / "a.csv", "--weight", "w")
    tpr = doc["comparisons"][0]["sequences"]["tpr_gap"]
    assert tpr["low"] is None and tpr["high"] is None, tpr
    assert tpr["reason"].startswith("undefined: no window yet had effective rows with a positive")
