"""Round 34c: an input path beginning with a literal '~' (quoted in a shell, or given so in
Python) is read as written, as every output path is: the refusal of a missing one says so and
names the full path to give (was only 'check the path'), in each face's words (CLI: TARGET or
the option; Python: the argument). '~' is not expanded; a path without '~' keeps its words."""

import os

import pytest

from ethiclens import audit, compare
from ethiclens.cli import main
from ethiclens.errors import DataFileError, EthicLensInputError
from ethiclens.io import read_table, refuse_missing

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
AS_WRITTEN = "the path is read as written, '~' too: give the full path (e.g. "


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("t,y,p,g\n2024-01-01,0,0,a\n2024-01-01,1,1,b\n")
    return tmp_path


@pytest.mark.parametrize(
    "argv, named",
    [
        (["audit", "~/d.csv", *ROLES], "argument 'TARGET'"),
        (["audit", "~/d.csv", *ROLES, "--engine", "duckdb"], "argument 'TARGET'"),
        (["audit", "~/*.csv", *ROLES], "argument 'TARGET'"),
        (["audit", "--counts", "~/c.parquet"], "option '--counts'"),
        (["compare", "~/d.csv", *ROLES], "argument 'TARGET'"),
        (
            ["thresholds", "~/d.csv", "--y-true", "y", "--y-score", "p", "--protected", "g"],
            "TARGET",
        ),
        (["counts", "~/d.csv", *ROLES, "--out", "c.parquet"], "argument 'TARGET'"),
        (
            ["monitor", "~/d.csv", *ROLES, "--time", "t", "--window", "1d", "--store", "s.sqlite"],
            "argument 'TARGET'",
        ),
        (
            [
                "monitor",
                "d.csv",
                "--baseline-target",
                "~/d.csv",
                *ROLES,
                "--time",
                "t",
                "--window",
                "1d",
                "--store",
                "s.sqlite",
            ],
            "option '--baseline-target'",
        ),
    ],
)
def test_the_cli_says_a_tilde_input_is_read_as_written(here, capsys, argv, named):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert named in err and AS_WRITTEN in err, err
    assert os.path.expanduser(argv[argv.index(next(a for a in argv if a.startswith("~")))]) in err
    assert not (here / "~").exists()


@pytest.mark.parametrize(
    "call",
    [
        lambda: audit("~/d.csv", y_true="y", y_pred="p", protected="g"),
        lambda: compare("~/d.csv", y_true="y", y_pred="p", protected="g"),
        lambda: read_table("~/d.csv"),
        lambda: refuse_missing("~/d.csv"),
    ],
)
def test_python_says_the_same(here, call):
    with pytest.raises(DataFileError) as caught:
        call()
    assert caught.value.fix == AS_WRITTEN + os.path.expanduser("~/d.csv") + (
        "; a shell expands ~ only unquoted)"
    )


def test_a_path_without_a_tilde_keeps_its_words(here, capsys):
    with pytest.raises(DataFileError) as caught:
        refuse_missing("x/d.csv", "--counts")
    assert caught.value.fix == "check the path"
    assert main(["audit", "x/d.csv", *ROLES]) == 2
    assert (
        capsys.readouterr()
        .err.strip()
        .endswith(
            "Fix: check the path (a relative path is read from the current folder, also when a "
            "config file gives it)"
        )
    )
    with pytest.raises(EthicLensInputError) as caught:  # a '~' inside a path: not a home
        refuse_missing("x/~/d.csv")
    assert caught.value.fix == "check the path"
