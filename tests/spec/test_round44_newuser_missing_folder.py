"""The README's 'ethiclens audit exports/ --engine duckdb ...' run where no exports/ folder
exists was refused as a misspelt benchmark: "unknown dataset or file (value: 'exports/'). Fix:
use one of ['acs-income', 'adult', ...] or a .csv/.parquet path", as was any suffix-less path
with a folder part ('data/preds'). A name holding a path separator is a path: it is refused as
missing ("folder exports/ does not exist", a trailing separator naming a folder), on audit,
compare and thresholds alike (load_target); a bare name ('compass') is still a benchmark's
near miss."""

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize(
    ("command", "target", "said"),
    [
        ("audit", "exports/", "folder exports/ does not exist"),
        ("audit", "data/preds", "file data/preds does not exist"),
        ("thresholds", "exports/", "folder exports/ does not exist"),
    ],
)
def test_a_missing_path_with_a_folder_part_is_named_missing(
    tmp_path, monkeypatch, capsys, command, target, said
):
    monkeypatch.chdir(tmp_path)
    roles = ROLES if command == "audit" else ["--y-true", "y", "--y-score", "s", *ROLES[4:]]
    rc = main([command, target, *roles])
    err = capsys.readouterr().err
    assert rc == 2 and f"error: argument 'TARGET': {said}. Fix: check the path" in err
    assert "unknown dataset" not in err


def test_a_bare_name_is_still_a_benchmarks_near_miss(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["audit", "compass"]) == 2
    err = capsys.readouterr().err
    assert "unknown dataset or file (value: 'compass'). Fix: did you mean 'compas'?" in err
