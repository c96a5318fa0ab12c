"""Round 26: ``ethiclens counts FILE --db URL`` names its two targets as ``audit`` does
(``argument 'TARGET' and option '--db'``, round 45); it said ``key 'target.file/--db'``, a
config file's word for a command line that has no config file."""

from __future__ import annotations

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize("db", [["--db", "sqlite:///x.db"], ["--db-env", "ETHICLENS_NO_SUCH"]])
def test_counts_names_two_targets_as_audit_does(tmp_path, capsys, monkeypatch, db):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,p,g\n1,0,a\n0,1,b\n")
    roles = ["--y-pred", "p", "--protected", "g"]
    assert main(["counts", "d.csv", *roles, *db, "--out", "c.csv"]) == 2
    counted = capsys.readouterr().err.strip()
    assert main(["audit", "d.csv", *roles, *db]) == 2
    audited = capsys.readouterr().err.strip()
    assert counted == audited, (counted, audited)
    assert counted.startswith(f"error: argument 'TARGET' and option '{db[0]}': names 2 targets"), (
        counted
    )
    assert not (tmp_path / "c.csv").exists()
