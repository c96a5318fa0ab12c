"""Round 44 review (monitor, of e2d690b1): the refusal of a label value the store has not seen.

Its fix gave as the value to write 'as the store has seen it' the first value the store had
seen, which under --pos-label approve (sorted first) was the positive value itself: "if 'Deny'
means a negative, write it as the store has seen it (e.g. 'approve')", a fix that turns the
negatives into positives. And a value the store saw but did not keep (it keeps at most 100
values of each label column, none over 200 characters) was refused as never seen, with no
word of the limit and a fix that could not be followed. Now the example is a value seen beside
the positive one, the limit is named where it may be the cause, values are shown cut to 40
characters, and the fix also names running the rows with later rows holding the label."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor


def _day(day, pred):
    n = len(pred)
    rows = {
        "ts": [f"2024-03-0{day}T{h % 24:02d}:00:00Z" for h in range(n)],
        "g": ["a", "b"] * (n // 2),
        "pred": pred,
    }
    return pd.DataFrame(rows)


def _refusal(tmp_path, d1, d2):
    store = tmp_path / "m.sqlite"
    for name, frame in (("d1", d1), ("d2", d2)):
        path = tmp_path / f"{name}.csv"
        frame.to_csv(path, index=False)
        request = MonitorRequest(
            target=path, time="ts", window="1d", y_pred="pred", protected=("g=a",),
            pos_label="approve",
        )  # fmt: skip
        if name == "d1":
            run_monitor(request, store, warn=False)
    with pytest.raises(EthicLensInputError) as err:
        run_monitor(request, store, warn=False)
    return str(err.value).split("Fix:")


def test_the_value_to_write_is_never_the_positive_one(tmp_path):
    problem, fix = _refusal(
        tmp_path, _day(1, ["approve", "deny"] * 10), _day(2, ["deny", "Deny"] * 10)
    )
    assert "this column holds 'Deny', which it has not seen" in problem
    assert "write it as the store has seen it (e.g. 'deny')" in fix  # was: e.g. 'approve'
    assert "run again once rows holding 'approve' have come" in fix


def test_a_value_the_store_did_not_keep_names_the_limit(tmp_path):
    many = ["approve"] + [f"deny-{i:03d}" for i in range(119)]  # 120 values: 100 kept
    problem, fix = _refusal(tmp_path, _day(1, many), _day(2, ["deny-000", "deny-110"] * 10))
    assert "this column holds 'deny-110', which it has not seen" in problem
    assert "it keeps at most 100 values of each, none longer than 200 characters" in problem
    assert "run again once rows holding 'approve' have come" in fix


def test_a_long_value_is_shown_cut(tmp_path):
    long = "deny " + "x" * 300
    problem, _ = _refusal(
        tmp_path, _day(1, ["approve", "deny", long, "deny"]), _day(2, ["deny", long] * 2)
    )
    assert f"this column holds {long[:39] + '…'!r}, which it has not seen" in problem
    assert "none longer than 200 characters" in problem
    assert "x" * 50 not in problem
