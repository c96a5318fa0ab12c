"""Round 48 (leftover 1): on true/false label columns a --pos-label given as the flag's text
'True' and one given as YAML's true (a config file) or Python's True were two requests: a
store started one way refused the other ("roles.pos_label 'True' there, True here"), though
the audit counts the two alike there ('true' in any case, True and 1 name True). They are one
request on such a store; on 0/1 labels the text 'true' stays another request (the audit
refuses it there: tests/monitor/test_round26_same_request.py)."""

import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import run_cli


def _feed(tmp_path, labels):
    n = 48
    pd.DataFrame(
        {
            "ts": pd.date_range("2024-01-01", periods=n, freq="h").strftime("%Y-%m-%dT%H:%M:%SZ"),
            "g": ["a", "b", "a"] * (n // 3),
            "y": [labels[i % 2] for i in range(n)],
            "p": [labels[i % 3 == 0] for i in range(n)],
        }
    ).to_csv(tmp_path / "f.csv", index=False)
    roles = "roles: {y_true: y, y_pred: p, protected: [g], pos_label: true}"
    (tmp_path / "c.yaml").write_text(f"target: {{file: {tmp_path / 'f.csv'}}}\n{roles}\n")


def _run(capsys, tmp_path, face, store):
    args = ["--time", "ts", "--window", "1d", "--min-group-size", "1", "--store", store]
    if face == "flag":
        roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--pos-label", "True"]
        return run_cli(capsys, "monitor", tmp_path / "f.csv", *roles, *args)[::2]
    if face == "config":
        return run_cli(capsys, "monitor", "--config", tmp_path / "c.yaml", *args)[::2]
    roles = dict(y_true="y", y_pred="p", protected=("g",), pos_label=True, min_group_size=1)
    request = MonitorRequest(str(tmp_path / "f.csv"), time="ts", window="1d", **roles)
    run_monitor(request, store, warn=False)
    return 0, ""


@pytest.mark.parametrize(
    "first, then", [("flag", "config"), ("config", "flag"), ("python", "flag"), ("flag", "python")]
)
def test_true_as_text_and_as_a_truth_are_one_request_on_truth_labels(tmp_path, capsys, first, then):
    _feed(tmp_path, [False, True])
    store = tmp_path / "s.sqlite"
    assert _run(capsys, tmp_path, first, store) == (0, "")
    rc, err = _run(capsys, tmp_path, then, store)
    assert rc == 0 and "another request" not in err, err


def test_the_text_true_stays_another_request_on_zero_one_labels(tmp_path, capsys):
    _feed(tmp_path, [0, 1])
    store = tmp_path / "s.sqlite"
    assert _run(capsys, tmp_path, "config", store) == (0, "")  # YAML true names the 1
    rc, err = _run(capsys, tmp_path, "flag", store)
    assert rc == 2 and "another request" in err, err
