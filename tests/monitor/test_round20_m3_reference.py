"""Round 20 (M3): without a given reference (``--protected g``) the reference is chosen once,
in the first run that has seen two groups, as the largest then: a first run that saw one group
only waits, so the same rows give the same comparisons whether they came in one run or two."""

import pandas as pd

from ethiclens.monitor import MonitorRequest, run_monitor

DAY1 = [("2025-01-01T01:00:00Z", "B", 1, 1), ("2025-01-01T02:00:00Z", "B", 0, 1)]
DAY2 = [
    ("2025-01-02T01:00:00Z", "A", 1, 0),
    ("2025-01-02T02:00:00Z", "A", 1, 1),
    ("2025-01-02T03:00:00Z", "A", 1, 1),
    ("2025-01-02T04:00:00Z", "B", 0, 1),
]


def _csv(path, rows):
    pd.DataFrame(rows, columns=["t", "g", "pred", "label"]).to_csv(path, index=False)
    return str(path)


def _run(target, store):
    request = MonitorRequest(target=target, time="t", window="1d", y_pred="pred",
                             y_true="label", protected=("g",), n_draws=200)  # fmt: skip
    return run_monitor(request, store).to_dict()


def _comparisons(doc):
    return [
        (c["group"], c["reference"], round(c["tests"]["disparate_impact"]["log_e_value"], 9))
        for c in doc["comparisons"]
    ]


def test_the_same_rows_in_one_run_or_two_give_the_same_comparisons(tmp_path):
    both = _run(_csv(tmp_path / "r12.csv", DAY1 + DAY2), tmp_path / "one.sqlite")
    first = _run(_csv(tmp_path / "r1.csv", DAY1), tmp_path / "two.sqlite")
    # the first run saw only B: no reference fixed, nothing compared, and it says why
    assert first["comparisons"] == []
    assert any("the reference is chosen when a second group is seen" in n
               for n in first["run"]["notes"])  # fmt: skip
    split = _run(_csv(tmp_path / "r2.csv", DAY2), tmp_path / "two.sqlite")
    assert _comparisons(split) == _comparisons(both)
    assert [c["group"] for c in split["comparisons"]] == ["B"]
    assert split["comparisons"][0]["reference"] == "A"
    assert split["comparisons"][0]["reference_source"].startswith("largest group in the first run")
    # the store that waited opens again (one group and no reference is not damage)
    again = _run(_csv(tmp_path / "r2.csv", DAY2), tmp_path / "two.sqlite")
    assert _comparisons(again) == _comparisons(both)
