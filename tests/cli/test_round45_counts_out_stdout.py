"""Round 45: 'ethiclens counts d.csv ... --out -' was refused as "cannot write a counts table
as 'a file without a suffix' (value: '-')", where every other command's output refuses '-' as
standard output ("option '--out': cannot go to standard output ('-'): ..."). counts now says
the same; Python's write_counts(table, '-') (a file named '-') keeps the suffix refusal."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import counts_format


def test_counts_refuses_standard_output_as_the_other_commands_do(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,p,g\n1,0,a\n0,1,b\n")
    assert main(["counts", "d.csv", "--y-pred", "p", "--protected", "g", "--out", "-"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--out': cannot go to standard output ('-')"), err
    assert "give --out a file name" in err and "without a suffix" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.csv"]
    with pytest.raises(EthicLensInputError, match="argument 'path': cannot write a counts"):
        counts_format("-")
