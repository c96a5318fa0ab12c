"""Round 31: a --store name that SQLite reads as one of its own (``:memory:``, a database in
memory; ``file:NAME``, a URI) is the file of that name, as any other path. Before,
``--store :memory:`` said "1 new window(s) added; store :memory:" and kept nothing (every run
started over: no evidence ever accumulated), and ``--store file:x.sqlite`` opened x.sqlite."""

import json

import pandas as pd
import pytest

from ethiclens.cli import main

ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T10:00:00Z", "2024-01-01T11:00:00Z"], "g": ["A", "B"], "p": [0, 1]}
)
ARGS = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize("name", [":memory:", "file:s.sqlite", "file:s.sqlite?mode=memory"])
def test_a_store_name_is_a_file(tmp_path, monkeypatch, capsys, name):
    monkeypatch.chdir(tmp_path)
    ROWS.to_csv("t.csv", index=False)
    assert main(["monitor", "t.csv", *ARGS, "--store", name, "--json", "a.json"]) == 0
    assert (tmp_path / name).is_file()
    assert not (tmp_path / "s.sqlite").exists()
    assert main(["monitor", "t.csv", *ARGS, "--store", name, "--json", "b.json"]) == 0
    again = json.loads((tmp_path / "b.json").read_text())["run"]
    assert (again["new_windows"], again["already_seen"]) == (0, 1)
