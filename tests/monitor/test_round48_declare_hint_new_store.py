"""Round 48 (leftover 2 of the review of the monitor's pos_label commits): a store started
on 0/1 labels without --pos-label, fed a day of 'yes'/'no' labels, was refused in the audit's
words "... or declare the positive label: --pos-label yes on the command line,
pos_label='yes' in Python", and following that hint got "was written by another request:
--pos-label not given there, 'yes' here". On a store the hint now says that this is another
request and names the new store it needs, on each face; a first run (a new store) keeps the
audit's words, and a label the store's request names (text '1.00' on 0/1) keeps its hint."""

import pandas as pd
import pytest

from ethiclens._checks import pos_label_said
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor
from ethiclens.monitor._run import _declared_in_a_new_store

from .conftest import run_cli

ROLES = dict(y_true="y", y_pred="p", protected=("g",), min_group_size=1)


def _day(path, day, labels):
    pd.DataFrame(
        {
            "ts": [f"2024-01-0{day}T{h:02d}:00:00Z" for h in range(24)],
            "g": ["a", "b", "a"] * 8,
            "y": [labels[h % len(labels)] for h in range(24)],
            "p": [labels[(h // 2) % len(labels)] for h in range(24)],
        }
    ).to_csv(path, index=False)


def _refusal(capsys, face, target, store, pos_label=None):
    if face == "python":
        request = MonitorRequest(str(target), time="ts", window="1d", pos_label=pos_label, **ROLES)
        try:
            run_monitor(request, store, warn=False)
        except EthicLensInputError as exc:
            return str(exc)
        return ""
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--min-group-size", "1"]
    more = ["--pos-label", pos_label] if pos_label else []
    args = [target, *roles, "--time", "ts", "--window", "1d", "--store", store, *more]
    return run_cli(capsys, "monitor", *args)[2]


@pytest.mark.parametrize(
    "face, labels, says",
    [
        ("cli", ["no", "yes"], "--pos-label yes with a new --store on the command line"),
        ("python", ["no", "yes"], "pos_label='yes' with a new store_path in Python"),
        ("cli", ["no", "yes", "maybe"], "(--pos-label with a new --store on the command line"),
    ],
)
def test_declare_hint_on_a_store_names_a_new_store(tmp_path, capsys, face, labels, says):
    _day(tmp_path / "first.csv", 1, [0, 1])
    store = tmp_path / "s.sqlite"
    assert _refusal(capsys, face, tmp_path / "first.csv", store) == ""
    _day(tmp_path / "next.csv", 2, labels)
    err = _refusal(capsys, face, tmp_path / "next.csv", store)
    assert "another request than this store's, declare" in err and says in err, err
    if labels == ["no", "yes"]:  # the hint followed: a new store takes it
        assert _refusal(capsys, face, tmp_path / "next.csv", tmp_path / "new.sqlite", "yes") == ""


def test_declare_hint_of_a_first_run_is_the_audits(tmp_path, capsys):
    _day(tmp_path / "next.csv", 2, ["no", "yes"])
    err = _refusal(capsys, "cli", tmp_path / "next.csv", tmp_path / "new.sqlite")
    assert "or declare the positive label: --pos-label yes on the command line" in err, err


@pytest.mark.parametrize("theirs", [None, "1", 1.0])
def test_declare_hint_naming_the_stores_own_label_is_kept(theirs):
    # text 0/1 labels ('1.00' in a TEXT column): declaring '1.00' is the store's own request
    fix = "store the column as integers, or declare the positive label: " + pos_label_said("1.00")
    exc = EthicLensInputError("holds text 0/1", column="p (y_pred)", fix=fix)
    assert _declared_in_a_new_store(exc, theirs) is exc
    assert "new store_path" in _declared_in_a_new_store(exc, "yes").fix
