"""A folder given where one file is read (round 44, cfg).

Before: ``--baseline .``, ``--card-info .`` or ``--counts .`` with ``--json o.json`` in that
folder were refused as "output o.json is inside ..., which this command reads" (fix: write
outputs elsewhere); moving the output only then showed the real problem, that the option
names a folder. Now the folder is refused by its own option first.
A data target that is a folder still keeps its outputs out of it.
"""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.cli import main

FLAGS = ["--y-true", "y", "--y-pred", "p", "--protected", "sex", "--json", "o.json"]


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    n = 40
    frame = {"y": [i % 2 for i in range(n)], "p": [i // 2 % 2 for i in range(n)]}
    pd.DataFrame({**frame, "sex": ["F", "M"] * 20}).to_csv("d.csv", index=False)
    return tmp_path


@pytest.mark.parametrize("flag", ["--baseline", "--card-info"])
def test_a_folder_for_one_file_is_refused_by_its_option(data, capsys, flag):
    assert main(["audit", "d.csv", *FLAGS, flag, "."]) == 2
    err = capsys.readouterr().err
    assert f"option '{flag}': file . is a folder" in err
    assert "option '--json'" not in err


def test_a_folder_as_counts_table(data, capsys):
    assert main(["audit", "--counts", ".", "--json", "o.json"]) == 2
    err = capsys.readouterr().err
    assert ". is a folder" in err
    assert "output o.json" not in err


def test_a_data_folder_still_keeps_outputs_out(data, capsys):
    assert main(["audit", ".", *FLAGS]) == 2
    assert "output o.json is inside" in capsys.readouterr().err
