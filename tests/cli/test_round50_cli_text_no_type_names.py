"""Round 50 (review of 59eeb4d4): a command's own number option hands text that is no number
to the command's own library check, which refused it by its Python type, words a command line
has no use for: ``oracle --di abc`` "must be a finite number, not str", ``p2nia request --n
abc`` "n′ must be an integer in [10, 100,000,000], not a str" (``' 3 '``: "not a str (write
the number without quotes)", where no quotes exist), ``pcer sweep --seeds abc`` "seeds must be
a count (integer) or a list of integers, not str" (and "Fix: ... or --seeds 0,1,2", a list the
flag does not take). The text now comes as the command line's (``errors.CommandText``): the
check says the number's words, the value as typed and the fix, as every other number flag
does; a Python caller's or a file's text keeps its type's words. ``audit compas --year abc``
was refused in the ACS survey year's words, though compas takes no year: now as unused, as
``--year 2018`` beside compas is. ``p2nia experiment --workers abc`` is refused as it is
parsed, before the command imports experiments (and scikit-learn)."""

from __future__ import annotations

import os
import sys

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

REQUEST = ["p2nia", "request", "--protected", "g", "--epsilon", "1", "--out", "r.json"]
N_RANGE = "n′ must be an integer in [10, 100,000,000] (value: {v}). Fix: e.g. --n 2000"
SEEDS = (
    "seeds must be a count (integer) from 1 to 100,000: a count N runs seeds 0..N-1 "
    "(value: {v}). Fix: e.g. --seeds 10 (seeds 0..9)"
)
DI_FIX = "Fix: e.g. 0.6 (unprivileged rate / privileged rate)"
YEAR = "a survey year exists only for acs-income (value: {v}). Fix: drop it, or audit acs-income"
CASES = [
    *[
        (["oracle"], "--di", v, "must be a finite number (value: {v}). " + DI_FIX)
        for v in ("abc", "", "0x10")
    ],
    *[
        (
            ["oracle"],
            "--eo-gap",
            v,
            "must be a finite number (value: {v}). Fix: e.g. 0.1, or leave it out",
        )
        for v in ("abc", "", "0x10")
    ],
    *[(REQUEST, "--n", v, N_RANGE) for v in ("abc", "", "1.5", "nan", "1,0", " 3 ")],
    (
        REQUEST,
        "--n",
        " 30 ",
        "must be a whole number, written without blanks around it (value: {v}). Fix: give 30",
    ),
    *[
        (["pcer", "sweep", "--store", "s.sqlite"], "--seeds", v, SEEDS)
        for v in ("abc", "", "1.5", "nan", "0,1,2")
    ],
    *[
        ([cmd, "compas"], "--year", v, YEAR)
        for cmd in ("audit", "thresholds")
        for v in ("abc", "1.5", " 2018 ")
    ],
]


@pytest.mark.parametrize(("argv", "flag", "value", "said"), CASES)
def test_a_command_lines_text_is_refused_in_the_numbers_words(
    tmp_path, monkeypatch, capsys, argv, flag, value, said
):
    monkeypatch.chdir(tmp_path)
    assert main([*argv, flag, value]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"error: option {flag!r}: " + said.format(v=repr(value)), err
    assert not list(tmp_path.iterdir())


def test_a_config_files_text_year_beside_compas_is_unused_too(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.yaml").write_text("target:\n  dataset: compas\n  year: abc\n")
    assert main(["audit", "--config", "c.yaml"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "error: key 'target.year': " + YEAR.format(v="'abc'"), err


@pytest.mark.parametrize("argv", [["p2nia", "experiment", "--out", "o"], ["pcer", "sweep"]])
def test_workers_text_is_refused_before_the_command_imports_its_library(
    tmp_path, monkeypatch, capsys, argv
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "ethiclens.experiments", None)  # any import of it fails
    assert main([*argv, "--workers", "abc"]) == 2
    err = capsys.readouterr().err.strip()
    fix = "e.g. --workers {} (this machine's cores), or leave it out for all cores"
    said = "must be an integer from 1 to 1024 (value: 'abc'). Fix: "
    assert err == "error: option '--workers': " + said + fix.format(os.cpu_count() or 1), err
    assert not list(tmp_path.iterdir())


def test_a_python_callers_text_keeps_its_types_words():
    """The faces that have types (pinned on purpose: probes round12, experiments round37,
    p2nia round46) are unchanged: only a command line's text is said without its type."""
    from ethiclens.p2nia import check_n
    from ethiclens.probes import inject_bias

    with pytest.raises(EthicLensInputError, match=r", not a str \(write the number without"):
        check_n(" 3 ")
    with pytest.raises(EthicLensInputError, match=r"must be a finite number, not str"):
        inject_bias(1000, disparate_impact="abc")
