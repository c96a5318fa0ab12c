"""Round 47 holdout: UCI's adult.data (and german.data, and other raw exports) has no header
row; copied to a .csv and audited, its first data row was read as the column names and the
refusal said only "use one of its columns: '39', ' State-gov', ' 77516', ...", data values
offered as names. Every engine and face that names a missing column now says the names look
like a data row (two or more are numbers) and how to add a header; a header with one number
('2019' beside text names) keeps the plain refusal."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import column_not_found
from ethiclens.p2nia import make_request, release

ROWS = "39, State-gov, 77516, Male, 0, 1\n50, Private, 83311, Female, 1, 1\n" * 60
HINT = "look like a data row (4 of its 6 names are numbers: '39', ' 77516', ' 0')"


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_headerless_file_is_named_as_such_on_every_engine(tmp_path, capsys, monkeypatch, engine):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "adult.csv").write_text(ROWS)
    args = ["audit", "adult.csv", "--engine", engine, "--y-true", "income", "--y-pred", "p"]
    assert main([*args, "--protected", "sex"]) == 2
    err = capsys.readouterr().err
    assert "option '--y-true': column 'income' not found in adult.csv" in err, err
    assert f"adult.csv's column names {HINT}" in err, err
    assert "if the file has no header row, add one naming the columns" in err, err


def test_the_p2nia_release_says_so_too():
    lines = [line.split(",") for line in ROWS.splitlines()]
    frame = pd.DataFrame(lines[1:], columns=lines[0])
    req = make_request(20, "sex", epsilon=5.0)
    with pytest.raises(EthicLensInputError) as exc:
        release(req, frame, "income", "p", random_state=1)
    assert f"the audit data's column names {HINT}" in str(exc.value), exc.value


def test_a_header_with_one_number_keeps_the_plain_refusal():
    exc = column_not_found("income", ["2019", "region", "score"], "t.csv")
    assert "data row" not in exc.fix and exc.fix.startswith("use one of its columns"), exc.fix
