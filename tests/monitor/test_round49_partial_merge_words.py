"""Round 49 (monitor, leftover 3): a --merge-groups naming only some of a column's look-alike
groups ('g=F,"F ":F' beside a group 'F  ') was refused by the audit as the merge's problem
("option '--merge-groups': new group name 'F' reads as the existing group 'F  ' ... Fix: add
'F  ' to the merge and keep the name 'F'") and by the monitor in other words, the data's
("column 'g': distinct values print the same ... Fix: merge the spellings into one group"):
the monitor refused the look-alike groups before it checked the merge, and checked the merges
on a store's first run only. It now checks the merges first, on every run, in the audit's
words and the monitor's face words (the flag on the command line, the argument in Python)."""

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import audit
from ethiclens.monitor import MonitorRequest, run_monitor

N = 24
MERGE = 'g=F,"F ":F'
AUDIT_WORDS = "new group name 'F' reads as the existing group 'F  '"


def _file(tmp_path, day, groups, name="d.csv"):
    frame = pd.DataFrame(
        {
            "ts": [f"2024-03-0{day}T{h:02d}:00:00Z" for h in range(N)],
            "g": groups * (N // len(groups)),
            "y": [1, 0, 1, 0] * (N // 4),
            "p": [1, 1, 0, 0] * (N // 4),
        }
    )
    frame.to_csv(tmp_path / name, index=False)
    return tmp_path / name


def _refusal(capsys, args):
    assert main(args) == 2
    err = capsys.readouterr().err
    return err[err.index("error:") :].strip()


def test_the_command_line_monitor_says_the_audits_refusal(tmp_path, capsys):
    path = _file(tmp_path, 1, ["F", "F ", "F  ", "M"])
    common = [str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    common += ["--merge-groups", MERGE, "--engine", "pandas"]
    said = _refusal(capsys, ["audit", *common])
    store = str(tmp_path / "s.sqlite")
    assert AUDIT_WORDS in said, said
    args = ["monitor", *common, "--time", "ts", "--window", "1d", "--store", store]
    assert _refusal(capsys, args) == said


def _python(tmp_path, day, groups, store):
    path = _file(tmp_path, day, groups, f"d{day}.csv")
    request = MonitorRequest(
        target=path, time="ts", window="1d", y_pred="p", y_true="y", protected=("g",),
        merge_groups={"g": {"F": ["F", "F "]}}, engine="pandas",
    )  # fmt: skip
    return run_monitor(request, store, warn=False)


def test_python_alike_and_on_a_later_batch(tmp_path):
    frame = pd.read_csv(_file(tmp_path, 1, ["F", "F ", "F  ", "M"]), keep_default_na=False)
    with pytest.raises(EthicLensInputError) as theirs:
        audit(frame["y"], frame["p"], frame[["g"]], merge_groups={"g": {"F": ["F", "F "]}})
    store = tmp_path / "m.sqlite"
    with pytest.raises(EthicLensInputError) as ours:
        _python(tmp_path, 1, ["F", "F ", "F  ", "M"], store)
    assert ours.value.problem == theirs.value.problem and AUDIT_WORDS in ours.value.problem
    assert str(ours.value.fix) == str(theirs.value.fix)  # the audit's, in Python's words
    assert str(ours.value).startswith("argument 'merge_groups': new group name 'F'")
    _python(tmp_path, 1, ["F", "F ", "M"], store)  # no look-alike yet: counted
    with pytest.raises(EthicLensInputError) as later:  # one comes in a later batch
        _python(tmp_path, 2, ["F", "F ", "F  ", "M"], store)
    assert later.value.problem == theirs.value.problem
