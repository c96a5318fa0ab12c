"""Round 50 review: a stream whose protected column writes one group two ways ('Male' beside
'male', '01' beside '1') was counted as separate groups without a word by the monitor, where
every audit notes it (c16e5da8). Every monitor face now says it, with the merge and the new
store it needs: the run's notes (terminal, JSON run.notes, in a Python caller's words) and the
notes a page says of the store (``store_notes``)."""

import dataclasses
import json

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.monitor import MonitorRequest, read_store, run_monitor, store_notes

SEX = "column 'sex': groups 'Female' and 'female'; 'Male' and 'male' each differ only in letter"
STORE = "in a new --store (this store's windows counted them apart)"


def _feed(tmp_path, sex=("Male", "male", "Female", "female")):
    times = pd.date_range("2024-01-01", periods=96, freq="h").strftime("%Y-%m-%dT%H:%M:%S")
    rows = pd.DataFrame({"t": times, "p": [1, 0, 1, 1, 0, 1] * 16, "sex": list(sex) * 24})
    rows.to_csv(tmp_path / "m.csv", index=False)
    return str(tmp_path / "m.csv")


def test_the_command_line_and_the_store_pages_note_groups_written_alike(tmp_path, capsys):
    feed, store, out = _feed(tmp_path), tmp_path / "s.sqlite", tmp_path / "o.json"
    args = ["--time", "t", "--window", "1d", "--y-pred", "p", "--protected", "sex"]
    assert main(["monitor", feed, *args, "--store", str(store), "--json", str(out)]) == 0
    said = capsys.readouterr()
    assert SEX in said.out and "--merge-groups sex=Female,female:Female on the command" in said.out
    notes = json.loads(out.read_text())["run"]["notes"]
    assert any(n.startswith(SEX) and n.endswith(STORE) for n in notes)
    assert any(n.startswith(SEX) for n in store_notes(read_store(store)))  # the web's pages


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_python_says_it_in_its_words_and_distinct_groups_get_none(tmp_path):
    request = MonitorRequest(
        target=_feed(tmp_path), time="t", window="1d", y_pred="p", protected=("sex",)
    )
    notes = run_monitor(request, tmp_path / "s.sqlite", warn=False).to_dict()["run"]["notes"]
    (note,) = [n for n in notes if n.startswith(SEX)]
    assert "merge_groups={'sex': {'Female': ['Female', 'female']}}" in note and "--" not in note
    request = dataclasses.replace(request, target=_feed(tmp_path, ("Male", "Female") * 2))
    notes = run_monitor(request, tmp_path / "t.sqlite", warn=False).to_dict()["run"]
    assert not any("differ only" in n for n in notes.get("notes", []))
