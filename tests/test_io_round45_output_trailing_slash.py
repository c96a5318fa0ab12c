"""An output file named with a trailing '/' ('r.json/') names a folder (POSIX), as an input
'data/' does; pathlib drops the '/' and every writer wrote the FILE r.json, exit 0. Now the one
output check (io.check_writable, io.check_outputs) refuses it on every face, nothing written:
"output r.json/ ends with '/': a folder, not a file. Fix: drop the trailing '/' to write the file
r.json, or give a file name inside the folder"."""

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import export_store
from ethiclens.io import check_outputs, check_writable, write_atomic
from ethiclens.sources._counts_table import write_counts


def said(name: str) -> str:
    """The refusal of the output ``name/`` (its problem and fix)."""
    return (
        f"output {name}/ ends with '/': a folder, not a file. Fix: drop the trailing '/' to "
        f"write the file {name}, or give a file name inside the folder"
    )


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"y": rng.integers(0, 2, 60), "p": rng.integers(0, 2, 60)})
    times = pd.date_range("2024-01-01", periods=60, freq="h").strftime("%Y-%m-%dT%H:%M:%S")
    frame.assign(s=rng.choice(["a", "b"], 60), t=times).to_csv("d.csv", index=False)
    return tmp_path


def _written(folder) -> list:
    return sorted(p.name for p in folder.iterdir() if p.name != "d.csv")


ROLES = ["d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "s"]


@pytest.mark.parametrize(
    "args, flag",
    [
        (["audit", *ROLES, "--json", "r.json/"], "--json"),
        (["audit", *ROLES, "--html", "r.html/"], "--html"),
        (["audit", *ROLES, "--save-config", "r.json/"], "--save-config"),
        (["counts", *ROLES, "--out", "r.csv/"], "--out"),
        (["monitor", *ROLES, "--time", "t", "--window", "20", "--store", "r.sqlite/"], "--store"),
        (["pcer", "export", "runs.sqlite", "--out", "r.csv/"], "--out"),
        (
            [
                "p2nia",
                "request",
                "--protected",
                "s",
                "--n",
                "9",
                "--epsilon",
                "1",
                "--out",
                "r.json/",
            ],
            "--out",
        ),
    ],
)
def test_cli_refuses_an_output_file_ending_in_a_slash(here, capsys, args, flag):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"error: option '{flag}': {said(args[-1][:-1])}\n" == err
    assert _written(here) == []


def test_python_writers_refuse_it_too(here):
    result = el.audit([0, 1] * 20, [1, 0] * 20, {"s": ["a", "b", "b", "a"] * 10})
    calls = [
        (lambda: check_writable("r.json/"), ""),
        (lambda: check_writable("r.json/", flag="--json"), "option '--json': "),
        (lambda: check_outputs({"--json": "r.json/"}), "option '--json': "),
        (lambda: write_atomic("r.json/", "x"), ""),
        (lambda: write_counts(pd.DataFrame({"n": [1]}), "r.csv/"), "argument 'path': "),
        (lambda: result.to_html("r.html/"), "argument 'path': "),
        (lambda: result.to_model_card("r.md/"), "argument 'path': "),
        (lambda: export_store("runs.sqlite", "r.csv/"), "argument 'out': "),
    ]
    for call, named in calls:
        with pytest.raises(EthicLensInputError) as err:
            call()
        name = err.value.problem.split()[1][:-1]  # 'output r.csv/ ends ...': r.csv
        assert str(err.value) == f"{named}{said(name)}"
    assert _written(here) == []


@pytest.mark.parametrize(
    "path, said, fix",
    [
        ("out.csv//", "ends with '//'", "drop the trailing '//' to write the file out.csv"),
        ("out.csv/.", "ends with '/.'", "drop the trailing '/.' to write the file out.csv"),
        ("out/..", "ends with '/..'", "Fix: give a file name inside the folder"),
    ],
)
def test_other_folder_spellings(here, path, said, fix):
    with pytest.raises(EthicLensInputError, match="a folder, not a file") as err:
        check_writable(path, flag="--csv")
    assert said in str(err.value) and fix in str(err.value)


def test_a_file_name_and_an_existing_folder_are_as_before(here):
    (here / "sub").mkdir()
    assert check_writable("sub/r.json").name == "r.json"  # a file inside a folder: fine
    with pytest.raises(EthicLensInputError, match="output sub/? is a folder"):
        check_writable("sub/", flag="--json")  # an existing folder: its own words
