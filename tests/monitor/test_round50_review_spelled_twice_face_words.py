"""Round 50 review: the refusal of one value written two ways says the merge in each face's words.

``run_monitor(MonitorRequest(target=df, ...))`` on text groups '0', '-0', 'x' was refused
"... merge them as one group: --merge-groups 'g=0,-0:0'", the command line's flag, where a
Python caller gives ``merge_groups={'g': {'0': ['0', '-0']}}``. Now the Python face names its
argument (and the merge so written runs); the command line keeps its flag, also for a
--baseline-table (whose fix was turned to plain text, losing the command line's words)."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor


def _frame(groups, day: int = 1) -> pd.DataFrame:
    return pd.DataFrame({"t": [f"2024-01-0{day}T0{i % 10}:00:00Z" for i in range(90)],
                         "g": [groups[i % len(groups)] for i in range(90)],
                         "y": [i % 2 for i in range(90)],
                         "p": [(i // 3) % 2 for i in range(90)]})  # fmt: skip


def _request(target, **kw) -> MonitorRequest:
    return MonitorRequest(target=target, time="t", window="1d", y_pred="p", y_true="y",
                          protected=("g=x",), n_draws=100, **kw)  # fmt: skip


def test_the_python_face_names_merge_groups_and_the_merge_runs(tmp_path):
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(_request(_frame(["x", "0", "-0"])), tmp_path / "s.sqlite")
    fix = caught.value.fix
    assert "merge_groups={'g': {'0': ['0', '-0']}}" in fix and "--merge-groups" not in fix
    merged = _request(_frame(["x", "0", "-0"]), merge_groups={"g": {"0": ["0", "-0"]}})
    pairs = [(c["group"], c["reference"]) for c in run_monitor(merged, tmp_path / "m.sqlite")
             .to_dict()["comparisons"]]  # fmt: skip
    assert pairs == [("0", "x")]


@pytest.mark.parametrize("baseline", [False, True])
def test_the_command_line_keeps_its_flag(tmp_path, capsys, baseline):
    db = tmp_path / "d.db"
    with sqlite3.connect(db) as con:
        _frame(["x", "1"], day=2).to_sql("t", con, index=False)
        _frame(["x", "1", "1.0"]).to_sql("b", con, index=False)
    con.close()
    more = ["--baseline-table", "b"] if baseline else []
    rc = main(["monitor", "--db", f"sqlite:///{db}", "--table", "b" if not baseline else "t",
               "--time", "t", "--window", "1d", "--y-pred", "p", "--y-true", "y",
               "--protected", "g=x", "--store", str(tmp_path / "s.sqlite"), *more])  # fmt: skip
    err = capsys.readouterr().err
    assert rc == 2 and "--merge-groups 'g=1,1.0:1'" in err and "merge_groups=" not in err, err
