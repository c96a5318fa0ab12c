"""cli battery: an output path holding a password ('--json postgresql://u:pw@h/db.json' where
that folder exists, '--html pw/password=pw.html') was written and printed in clear ('wrote
postgresql://u:hunter2@h/db.json'); 'counts --out' crashed (fsspec: Protocol not known). Every
output is refused by io.check_writable as an input path holding one is, before any work."""

import pytest

from ethiclens.cli import main

DATA = ["--y-pred", "p", "--protected", "g"]
FACES = {
    "audit --json": ["audit", "{d}", *DATA, "--json", "{o}.json"],
    "counts --out": ["counts", "{d}", *DATA, "--out", "{o}.csv"],
    "p2nia request --out": ["p2nia", "request", "--n", "9", "--protected", "g", "--epsilon", "1"]
    + ["--out", "{o}.json"],
    "probe make-counterfactuals --out": ["probe", "make-counterfactuals", "{d}"]
    + ["--protected", "g", "--out", "{o}.csv"],
}
NAMES = {"url": "postgresql://u:hunter2@h/db", "key": "pw/password=hunter2"}


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
@pytest.mark.parametrize("argv", FACES.values(), ids=FACES.keys())
def test_an_output_path_holding_a_password_is_refused(tmp_path, monkeypatch, capsys, argv, name):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "postgresql:" / "u:hunter2@h").mkdir(parents=True)
    (tmp_path / "pw").mkdir()
    (tmp_path / "d.csv").write_text("p,g\n" + "1,a\n0,b\n" * 5)
    assert main([a.format(d="d.csv", o=name) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "hunter2" not in err and "Fix: " in err, err
    assert not [p for p in tmp_path.rglob("*") if p.is_file() and p.name != "d.csv"]
