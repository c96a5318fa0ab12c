"""Round 48 review of the look-alike group names' merge (genders 'F', 'F ', 'f'):
a merge that names some spellings (F,f:F beside a group 'F ') was told to "name the merged
group 'F ' and add it to the merge" (the monitor's refusal even dropped the user's merge);
the fix now keeps the name and the merge, adds the spelling, and runs as printed (the
command line, Python, the monitor)."""

import io
import shlex
import sqlite3
from contextlib import redirect_stderr, redirect_stdout

import numpy as np
import pandas as pd
import pytest

from ethiclens import audit
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "gender"]
PARTIAL = ["--merge-groups", "gender=F,f:F"]
FLAG = "--merge-groups 'gender=F,f,\"F \":F'"  # the user's merge, 'F ' added, named F still
PYTHON = "merge_groups={'gender': {'F': ['F', 'f', 'F ']}}"


def _frame() -> pd.DataFrame:
    y = np.array([0, 1, 1, 0, 1] * 8)
    return pd.DataFrame({"gender": ["F", "F ", "f", "M"] * 10, "label": y, "pred": y[::-1]})


def _target(tmp_path, engine) -> list[str]:
    df = _frame()
    if engine == "sql":
        with sqlite3.connect(tmp_path / "b.sqlite") as con:
            df.to_sql("t", con, index=False)
        return ["--db", f"sqlite:///{tmp_path / 'b.sqlite'}", "--table", "t"]
    df.to_parquet(tmp_path / "b.parquet")
    return [str(tmp_path / "b.parquet"), "--engine", engine]


def _run(argv) -> tuple[int, str]:
    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        code = main(argv)
    return code, err.getvalue().strip().splitlines()[-1] if err.getvalue().strip() else ""


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sql"])
def test_cli_partial_merge_is_told_the_whole_merge_and_it_runs_as_printed(tmp_path, engine):
    target = _target(tmp_path, engine)
    code, err = _run(["audit", *target, *ROLES, *PARTIAL])
    assert code == 2 and "reads as the existing group 'F '" in err, err
    assert f"add 'F ' to the merge and keep the name 'F': {FLAG} on the command line" in err, err
    assert "name the merged group 'F '" not in err, err
    assert _run(["audit", *target, *ROLES, *shlex.split(FLAG)])[0] == 0


def test_python_partial_merge_is_told_the_whole_merge_and_it_runs():
    df = _frame()
    with pytest.raises(EthicLensInputError) as exc:
        audit(df.label, df.pred, df.gender, merge_groups={"gender": {"F": ["F", "f"]}})
    assert f"{PYTHON} in Python" in str(exc.value.fix), exc.value.fix
    audit(df.label, df.pred, df.gender, merge_groups=eval(PYTHON.partition("=")[2]))


def test_monitor_python_refusal_keeps_the_users_merge(tmp_path):
    from ethiclens.monitor import MonitorRequest, run_monitor

    df = _frame().assign(t=pd.date_range("2024-01-01", periods=40, freq="h").astype(str))
    roles = dict(y_true="label", y_pred="pred", protected=("gender",), time="t", window="1d")
    request = MonitorRequest(target=df, merge_groups={"gender": {"F": ["F", "f"]}}, **roles)
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(request, tmp_path / "s")
    assert f"{PYTHON} in Python" in str(exc.value.fix), exc.value.fix  # was {'F': ['F', 'F ']}
