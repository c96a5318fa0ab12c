"""Round 50: a command's own number option, one that sets no spec field (``serve --port``,
``--workers``, ``monitor --baseline-windows``, the oracle's ``--n``/``--repetitions``/``--di``/
``--eo-gap``, ``p2nia request --n``, ``pcer train --epochs``/``--batch-size``, ``pcer sweep
--seeds``, ``--year``), refused text that is no number in click's words ("'abc' is not a valid
integer. Fix: give a whole number (digits only, e.g. 1000)"), where ``--n-boot abc`` and the
same option given a number out of range say the setting's own words, with its range. Such text
now reaches the command's own check (the library's, the one a Python caller meets), which
refuses it in its words: the option named, the value quoted, the range, the fix."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

MONITOR = ["monitor", "x.csv", "--time", "t", "--window", "1d", "--y-pred", "p"]
MONITOR += ["--protected", "g"]
WHOLE = [  # (the command before the option, the option, its check's words)
    (["serve"], "--port", "must be from 1 to 65535"),
    (["serve"], "--workers", "must be an integer from 1 to 1024"),
    (MONITOR, "--baseline-windows", "must be a whole number of at least 1"),
    (["oracle"], "--n", "must be a whole number of rows from 20 to 10,000,000"),
    (["oracle"], "--repetitions", "needs 2 to 10,000 repetitions"),
    (
        ["p2nia", "request", "--protected", "g", "--epsilon", "1", "--out", "r.json"],
        "--n",
        "n′ must be an integer in [10, 100,000,000]",
    ),
    (["p2nia", "experiment", "--out", "o"], "--workers", "must be an integer from 1 to 1024"),
    (["p2nia", "experiment", "--out", "o"], "--repetitions", "needs 1 to 10,000 repetitions"),
    (["p2nia", "population-bias"], "--repetitions", "needs 1 to 10,000 repetitions"),
    (["pcer", "sweep", "--store", "s.sqlite"], "--workers", "must be an integer from 1 to 1024"),
    (["pcer", "sweep", "--store", "s.sqlite"], "--seeds", "seeds must be a count (integer)"),
    (["pcer", "train", "compas"], "--epochs", "epochs must be a whole number between 1 and"),
    (["pcer", "train", "compas"], "--batch-size", "batch size must be a whole number at least 1"),
    (["audit", "acs-income"], "--year", "the ACS 1-year survey year must be an integer from 2014"),
]
NUMBER = [
    (["oracle"], "--di", "must be a finite number"),
    (["oracle"], "--eo-gap", "must be a finite number"),
]
CASES = [(*row, v) for row in WHOLE for v in ("abc", "", "1.5", "nan")]
CASES += [(*row, v) for row in NUMBER for v in ("abc", "")]


@pytest.mark.parametrize(("argv", "flag", "words", "value"), CASES)
def test_text_no_number_is_refused_by_the_options_own_check(
    tmp_path, monkeypatch, capsys, argv, flag, words, value
):
    monkeypatch.chdir(tmp_path)
    assert main([*argv, flag, value]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: option {flag!r}: {words}"), err
    assert f"(value: {value!r}). Fix: " in err, err
    assert "is not a valid" not in err and "Traceback" not in err
    assert len(err.splitlines()) == 1
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(("argv", "flag", "words"), [r for r in WHOLE if r[1] != "--n"])
def test_blanks_around_a_number_are_named_there_too(
    tmp_path, monkeypatch, capsys, argv, flag, words
):
    """' 4 ' said click's words: now the blanks, and 4 to give (as --n-boot ' 1000 ' does);
    a year's 4 is out of its range: the range's words."""
    monkeypatch.chdir(tmp_path)
    assert main([*argv, flag, " 4 "]) == 2
    err = capsys.readouterr().err.strip()
    said = "must be a whole number, written without blanks around it (value: ' 4 '). Fix: give 4"
    if flag == "--year":
        assert err.startswith(f"error: option '--year': {words}"), err
    else:
        assert err == f"error: option {flag!r}: {said}", err
    assert not list(tmp_path.iterdir())
