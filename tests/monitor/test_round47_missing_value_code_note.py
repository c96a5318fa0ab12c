"""Round 47 (known item e): a group named like a missing-value code ('?', UCI Adult's ' ?',
'-'), which the audit notes on every face ("g: group '?' looks like a missing-value code;
it is audited as a group of its own ... (--exclude-group 'g=?') or recode it"), got no word
from the monitor. Every run now says the audit's note while the store holds such a group (the
terminal, the --html summary, the JSON's run.notes), adding that either fix needs a new
--store; a group left out by --exclude-group is not noted."""

import json

import pandas as pd
import pytest

from ethiclens.monitor import _render, run_monitor

from .conftest import request_of, run_cli

NOTE = "looks like a missing-value code; it is audited as a group of its own"


def _feed(path, code="?"):
    days = [f"2024-03-0{1 + i % 3}T0{i % 9}:00:00Z" for i in range(60)]
    groups = ["a", "b", code] * 20
    frame = pd.DataFrame({"ts": days, "pred": [i % 2 for i in range(60)], "g": groups})
    frame.sort_values("ts").to_csv(path, index=False)
    return path


@pytest.mark.parametrize("code", ["?", " ?", "-"])
def test_the_monitor_says_the_audits_note(tmp_path, code):
    feed = _feed(tmp_path / "f.csv", code)
    request = request_of(feed, y_true=None, protected=("g=a",), min_group_size=1)
    notes = run_monitor(request, tmp_path / "s.sqlite", warn=False).data["run"]["notes"]
    said = [n for n in notes if NOTE in n]
    assert len(said) == 1 and said[0].startswith(f"g: group {code!r} "), notes
    # a Python caller's run in its words (round 47: the command line's flags were pinned here)
    assert f"(exclude_groups={{'g': [{code!r}]}})" in said[0]
    assert said[0].endswith("in a new store_path (this store's windows were counted with it)")


def test_every_face_of_a_run_says_it_and_an_excluded_group_is_not_noted(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setattr(_render, "trend_png", lambda doc, comparison: b"")  # no plot: < 1 s
    feed = _feed(tmp_path / "f.csv")
    argv = ["monitor", feed, "--time", "ts", "--window", "1d", "--y-pred", "pred"]
    argv += ["--protected", "g=a", "--min-group-size", "1"]
    html, doc = tmp_path / "m.html", tmp_path / "m.json"
    rc, out, err = run_cli(capsys, *argv, "--store", tmp_path / "s.sqlite", "--html", html,
                           "--json", doc)  # fmt: skip
    assert rc == 0, err
    assert f"note: g: group '?' {NOTE}" in out and "(--exclude-group 'g=?')" in out
    assert NOTE in html.read_text() and NOTE in " ".join(
        json.loads(doc.read_text())["run"]["notes"]
    )
    rc, out, err = run_cli(
        capsys, *argv, "--store", tmp_path / "x.sqlite", "--exclude-group", "g=?"
    )
    assert rc == 0 and NOTE not in out, err
