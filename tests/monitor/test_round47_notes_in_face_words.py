"""Round 47 (notes, not refusals, in the face's words): 99bbc6bc made run_monitor's refusals
say a Python caller's words (store_path, hold_last=True), but its notes still spoke the
command line's: "use --hold-last to hold the newest window ... (from a new --store ...)", a
missing-value code's "(--exclude-group 'g=?') ... in a new --store". A Python caller's run now
says its notes by the same map as its refusals (``_request._PY_WORDS``); the command line's
run keeps its flags."""

import json

import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import run_cli


def _feed(path):
    """Five days of a week (Jan 1-5, 2024) every 4 hours, groups a, b and '?'."""
    times = [pd.Timestamp(f"2024-01-0{d}") + pd.Timedelta(hours=h) for d in range(1, 6)
             for h in range(0, 24, 4)]  # fmt: skip
    pd.DataFrame(
        {
            "ts": [t.strftime("%Y-%m-%dT%H:%M:%SZ") for t in times],
            "p": [i % 2 for i in range(len(times))],
            "g": ["a", "b", "?"] * (len(times) // 3),
        }
    ).to_csv(path, index=False)
    return path


PY = ("use hold_last=True to hold", "from a new store_path:", "(exclude_groups={'g': ['?']})")
CLI = ("use --hold-last to hold", "from a new --store:", "(--exclude-group 'g=?')")


@pytest.mark.parametrize("face", ["python", "cli"])
def test_a_runs_notes_speak_its_face(tmp_path, capsys, face):
    feed, store = _feed(tmp_path / "f.csv"), tmp_path / "s.sqlite"
    if face == "python":
        request = MonitorRequest(str(feed), time="ts", window="7d", y_pred="p",
                                 protected=("g=a",), min_group_size=1)  # fmt: skip
        notes = run_monitor(request, store, warn=False).data["run"]["notes"]
    else:
        argv = ["monitor", feed, "--time", "ts", "--window", "7d", "--y-pred", "p"]
        argv += ["--protected", "g=a", "--min-group-size", "1", "--store", store]
        rc, out, err = run_cli(capsys, *argv, "--json", tmp_path / "m.json")
        assert rc == 0, err
        notes = json.loads((tmp_path / "m.json").read_text())["run"]["notes"]
    text = " ".join(notes)
    said, other = (PY, CLI) if face == "python" else (CLI, PY)
    assert all(w in text for w in said), notes
    assert not any(w in text for w in other), notes
    if face == "python":
        assert "--" not in text, notes  # no flag at all: a Python caller types none
