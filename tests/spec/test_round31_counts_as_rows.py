"""Round 31: a counts table (``ethiclens counts`` wrote it: its metadata beside a CSV, or inside
the Parquet file) given as the file of rows is refused naming the target, on every face and
engine, not audited as one person per cell (23 cells of 6,000 rows audited as 23 rows, every
comparison below the floor: a silent wrong number)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    where = tmp_path_factory.mktemp("counts31")
    rng = np.random.default_rng(2)
    n = 2000
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "g": np.where(np.arange(n) < 1000, "a", "b"),
        }
    )
    frame.to_csv(where / "rows.csv", index=False)
    frame.to_parquet(where / "rows.parquet")
    for name in ("c.csv", "c.parquet"):
        args = ["counts", str(where / "rows.csv"), "--y-true", "y", "--y-pred", "p"]
        assert main([*args, "--protected", "g", "--out", str(where / name)]) == 0
    return where


ROLES = ["--y-true", "y_true", "--y-pred", "y_pred", "--protected", "g", "--n-boot", "100"]


@pytest.mark.parametrize("name", ["c.csv", "c.parquet"])
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_command_line_refuses_a_counts_table_as_rows(folder, capsys, name, engine):
    capsys.readouterr()
    code = main(["audit", str(folder / name), *ROLES, "--engine", engine])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.startswith("error: argument 'TARGET': is a counts table"), err
    assert f"--counts {folder / name} on the command line" in err, err


def test_a_config_file_names_its_keys(folder, capsys):
    config = folder / "s.yaml"
    config.write_text(
        f"target: {{file: {folder / 'c.csv'}}}\n"
        "roles: {y_true: y_true, y_pred: y_pred, protected: [g]}\n"
    )
    capsys.readouterr()
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'target.file': is a counts table"), err
    assert "target.counts in a config file" in err, err


def test_python_refuses_it_too_and_the_counts_face_still_reads_it(folder):
    with pytest.raises(EthicLensInputError, match="is a counts table"):
        ethiclens.audit(str(folder / "c.csv"), y_true="y_true", y_pred="y_pred", protected="g")
    counted = ethiclens.audit_counts(str(folder / "c.csv"), n_boot=100)
    rows = ethiclens.audit(
        str(folder / "rows.csv"), y_true="y", y_pred="p", protected="g", n_boot=100
    )

    def di(result):
        return [c["metrics"]["disparate_impact"]["value"] for c in result.to_dict()["comparisons"]]

    assert di(counted) == di(rows)


@pytest.mark.parametrize("name", ["rows.csv", "rows.parquet"])
def test_a_file_of_rows_is_still_audited(folder, capsys, name):
    args = ["audit", str(folder / name), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*args, "--n-boot", "100"]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("command", ["compare", "thresholds"])
def test_a_comparison_or_threshold_view_says_where_the_rows_are(folder, capsys, command):
    second = ["--y-pred", "count"] if command == "compare" else ["--y-score", "y_pred"]
    roles = ["--y-true", "y_true", "--protected", "g"]
    roles += ["--y-pred", "y_pred"] if command == "compare" else []
    capsys.readouterr()
    assert main([command, str(folder / "c.csv"), *roles, *second]) == 2
    err = capsys.readouterr().err
    assert "is a counts table" in err and "the file or database the counts came from" in err


def test_counting_a_counts_table_again_is_refused(folder, capsys):
    out = folder / "again.csv"
    args = ["counts", str(folder / "c.csv"), "--y-true", "y_true", "--y-pred", "y_pred"]
    capsys.readouterr()
    assert main([*args, "--protected", "g", "--out", str(out)]) == 2
    assert "is a counts table" in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize("kind", ["folder", "glob"])
def test_a_folder_or_glob_holding_a_counts_table_is_refused(folder, capsys, kind):
    where = folder / f"mixed_{kind}"
    where.mkdir()
    (where / "rows.parquet").write_bytes((folder / "rows.parquet").read_bytes())
    (where / "z.parquet").write_bytes((folder / "c.parquet").read_bytes())
    target = str(where) if kind == "folder" else str(where / "*.parquet")
    capsys.readouterr()
    assert main(["audit", target, *ROLES]) == 2
    err = capsys.readouterr().err
    assert f"holds a counts table ({where / 'z.parquet'})" in err, err
    assert "Fix: move it out, or audit it as one: --counts" in err, err
