"""Requests that mean the same thing resume the same store: a --pos-label of 1 (or 1.0) on 0/1
labels and none, a reference given that is the one the store chose, and the reverse."""

import sqlite3

import numpy as np
import pandas as pd

from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import run_cli as _cli


def _feed(tmp_path):
    rng = np.random.default_rng(1)
    n = 240
    frame = pd.DataFrame(
        {
            "ts": [f"2024-01-0{1 + i // 80}T{i % 24:02d}:00:00" for i in range(n)],
            "race": rng.choice(["White", "White", "Black"], n),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
        }
    )
    path = tmp_path / "feed.csv"
    frame.to_csv(path, index=False)
    return path


def _run(capsys, tmp_path, store, *flags):
    feed = _feed(tmp_path)
    base = ("monitor", feed, "--time", "ts", "--window", "1d", "--y-pred", "pred")
    rc, out, err = _cli(capsys, *base, "--y-true", "label", "--store", tmp_path / store, *flags)
    return rc, out + err


def _stored_request(path):
    with sqlite3.connect(path) as db:
        return db.execute("select value from meta where key = 'request'").fetchone()[0]


def test_pos_label_one_and_none_are_one_request(tmp_path, capsys):
    assert _run(capsys, tmp_path, "a.sqlite", "--protected", "race")[0] == 0
    before = _stored_request(tmp_path / "a.sqlite")
    for label in ("1", "1.0"):
        rc, text = _run(capsys, tmp_path, "a.sqlite", "--protected", "race", "--pos-label", label)
        assert rc == 0 and "another request" not in text, text
    assert _stored_request(tmp_path / "a.sqlite") == before  # the store's words kept
    # in Python, 1 and True (which matches 0/1 labels) alike
    for label in (1, True):
        request = MonitorRequest(target=str(tmp_path / "feed.csv"), time="ts", window="1d",
                                 y_pred="pred", y_true="label", protected=["race"],
                                 pos_label=label)  # fmt: skip
        assert run_monitor(request, tmp_path / "a.sqlite") is not None
    # a store written with --pos-label 1 resumes without it
    assert _run(capsys, tmp_path, "b.sqlite", "--protected", "race", "--pos-label", "1")[0] == 0
    rc, text = _run(capsys, tmp_path, "b.sqlite", "--protected", "race")
    assert rc == 0 and "another request" not in text, text
    # another positive label is another request; so is a truth on a 0/1 store (the audit
    # refuses it on 0/1 labels)
    for label in ("0", "true"):
        rc, text = _run(capsys, tmp_path, "a.sqlite", "--protected", "race", "--pos-label", label)
        assert rc == 2 and "another request" in text and "pos_label" in text, text


def test_a_reference_given_as_the_store_chose_it_is_the_same_request(tmp_path, capsys):
    assert _run(capsys, tmp_path, "a.sqlite", "--protected", "race")[0] == 0  # White: largest
    rc, text = _run(capsys, tmp_path, "a.sqlite", "--protected", "race=White")
    assert rc == 0 and "another request" not in text, text
    rc, text = _run(capsys, tmp_path, "a.sqlite", "--protected", "race=Black")
    assert rc == 2 and "another request" in text and "race='White'" in text, text
    assert _run(capsys, tmp_path, "b.sqlite", "--protected", "race=Black")[0] == 0
    rc, text = _run(capsys, tmp_path, "b.sqlite", "--protected", "race")
    assert rc == 0 and "another request" not in text, text
    rc, text = _run(capsys, tmp_path, "b.sqlite", "--protected", "race=White")
    assert rc == 2 and "another request" in text, text
