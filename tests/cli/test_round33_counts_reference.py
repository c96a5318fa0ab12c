"""Round 33: ``ethiclens counts --protected sex=b`` dropped the reference without a word (the
counts table cannot hold one), so ``audit --counts`` then compared with the largest group. It
is refused, naming the flag and the value, and telling where a reference goes; nothing is
written."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pd.DataFrame({"y": [0, 1] * 20, "p": [1, 0, 0, 1] * 10, "sex": ["a", "b"] * 20}).to_csv(
        "d.csv", index=False
    )
    return tmp_path


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_reference_is_refused_not_dropped(data, capsys, engine):
    args = ["counts", "d.csv", "--y-pred", "p", "--protected", "sex=b", "--out", "c.csv"]
    assert main([*args, "--engine", engine]) == 2
    err = capsys.readouterr().err
    assert err == (
        "error: option '--protected': a counts table holds no reference group (value: "
        "'sex=b'). Fix: count with --protected sex and give the reference to its audit: "
        "ethiclens audit --counts FILE --protected sex=b\n"
    ), err
    assert sorted(p.name for p in data.iterdir()) == ["d.csv"]


def test_a_column_alone_is_counted(data, capsys):
    args = ["counts", "d.csv", "--y-pred", "p", "--protected", "sex", "--out", "c.csv"]
    assert main(args) == 0
    assert (data / "c.csv").exists()
