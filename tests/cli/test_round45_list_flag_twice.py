"""Round 45 (cfg known item c): --protected and --y-pred are lists on audit and compare (given
twice: two attributes, two models), but one value on p2nia request, pcer audit, probe,
monitor's --y-pred and counts' --y-pred, where a second one was noted and the last counted:
'ethiclens p2nia request --protected race --protected sex' wrote a request for sex alone.
Given twice with another value where the command takes one, they are now refused (nothing
written); the same value twice, and any other one-value option, keep the note."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

REQUEST = ["p2nia", "request", "--n", "100", "--epsilon", "1", "--groups", "a,b"]


def test_a_second_attribute_where_one_is_taken_is_refused(tmp_path, capsys):
    out = tmp_path / "req.json"
    assert main([*REQUEST, "--protected", "g", "--protected", "s", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--protected': is given twice ('g', then 's')"), err
    assert "this command takes one protected attribute" in err, err
    assert not out.exists()
    assert main([*REQUEST, "--protected", "g", "--protected", "g", "--out", str(out)]) == 0
    assert "note: --protected is given twice ('g', then 'g')" in capsys.readouterr().err
    assert out.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["monitor", "rows.csv", "--time", "t", "--window", "1d", "--store", "s.db"],
        ["counts", "rows.csv", "--out", "c.csv"],
    ],
)
def test_a_second_model_where_one_is_taken_is_refused(tmp_path, capsys, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rows.csv").write_text("t,p,q,g\n2024-01-01,1,0,a\n")
    assert main([*argv, "--protected", "g", "--y-pred", "p", "--y-pred", "q"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--y-pred': is given twice ('p', then 'q')"), err
    assert "takes one prediction column" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.csv"]


def test_lists_and_other_options_keep_their_rule(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # counts' --protected is a list: no refusal, the file's
    argv = ["counts", "nope.csv", "--y-pred", "p", "--protected", "g", "--protected", "s"]
    assert main([*argv, "--out", "c.csv", "--min-cell", "1", "--min-cell", "2"]) == 2
    err = capsys.readouterr().err
    assert "error: argument 'TARGET': file nope.csv does not exist" in err, err
    assert "note: --min-cell is given twice ('1', then '2'): the last one counts" in err, err
    assert "--protected" not in err, err
