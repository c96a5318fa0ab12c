"""A data path that does not exist is refused in the same words by every engine and command
(round 4 of the testers' findings: DuckDB and Dask said "matches no file", pandas "does not
exist")."""

import pytest

from ethiclens.cli import main

pytest.importorskip("duckdb")
pytest.importorskip("dask.dataframe")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize("name", ["nothere.csv", "nothere.parquet", "sub/nothere.csv.gz"])
def test_a_missing_file_is_refused_alike_by_every_engine(tmp_path, capsys, name):
    missing = tmp_path / name
    lines = set()
    for engine in ("pandas", "duckdb", "dask"):
        assert main(["audit", str(missing), *ROLES, "--engine", engine]) == 2
        lines.add(capsys.readouterr().err.strip().splitlines()[-1])
        argv = ["monitor", str(missing), *ROLES, "--time", "t", "--window", "1d"]
        assert main([*argv, "--store", str(tmp_path / "s.db"), "--engine", engine]) == 2
        lines.add(capsys.readouterr().err.strip().splitlines()[-1])
    # the target named as the command line names it (round 20), by the audit and the monitor
    assert lines == {
        f"error: argument 'TARGET': file {missing} does not exist. Fix: check the path"
    }
    assert not (tmp_path / "s.db").exists()


def test_a_glob_matching_nothing_names_the_glob(tmp_path, capsys):
    pattern = str(tmp_path / "no*.csv")
    for engine in ("pandas", "duckdb"):
        assert main(["audit", pattern, *ROLES, "--engine", engine]) == 2
        assert "matches no file" in capsys.readouterr().err


def test_weighted_reports_are_the_same_bit_for_bit_on_every_engine(tmp_path, capsys):
    """Weights that are no multiples of a power of two sum to other last digits in another
    order; the engine rounds the cells' weighted sums (fairness.round_significant), so the
    README's "the same JSON, bit for bit, including weights" holds (round 4)."""
    import json

    import numpy as np
    import pandas as pd

    r = np.random.default_rng(3)
    n = 3000
    frame = pd.DataFrame(
        {
            "y": r.integers(0, 2, n),
            "p": r.integers(0, 2, n),
            "g": r.choice(["a", "b", "c"], n),
            "w": r.lognormal(0, 0.7, n),
            "s": r.random(n),
        }
    )
    path = tmp_path / "w.csv"
    frame.to_csv(path, index=False)
    reports = {}
    for engine in ("pandas", "duckdb", "dask"):
        argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
        argv += ["--weight", "w", "--y-score", "s", "--n-boot", "200", "--engine", engine]
        assert main([*argv, "--json", "-"]) == 0
        report = json.loads(capsys.readouterr().out)
        reports[engine] = {k: report[k] for k in ("attributes", "comparisons", "headlines")}
        assert report["data"]["provenance"]["engine"] == engine
    assert reports["duckdb"] == reports["pandas"] and reports["dask"] == reports["pandas"]


def test_a_min_cell_that_drops_every_cell_is_refused(tmp_path, capsys):
    """``counts --min-cell`` larger than every cell would hand over an empty table: refused,
    nothing written (round 4)."""
    import numpy as np
    import pandas as pd

    r = np.random.default_rng(0)
    frame = pd.DataFrame({"y": r.integers(0, 2, 90), "p": r.integers(0, 2, 90), "g": ["a"] * 90})
    frame.loc[::2, "g"] = "b"
    frame.to_csv(tmp_path / "d.csv", index=False)
    out = tmp_path / "c.csv"
    argv = ["counts", str(tmp_path / "d.csv"), *ROLES, "--min-cell", "1000", "--out", str(out)]
    assert main(argv) == 2
    assert "option '--min-cell': drops every cell" in capsys.readouterr().err
    assert not out.exists()


def test_a_column_typed_in_other_unicode_code_points_is_named_as_such(tmp_path, capsys):
    """The file writes ``âge`` decomposed (a + U+0302), the user types it precomposed: every
    engine and the monitor say the two differ only in their code points (round 4)."""
    import unicodedata

    import numpy as np
    import pandas as pd

    r = np.random.default_rng(0)
    decomposed = unicodedata.normalize("NFD", "âge")
    frame = pd.DataFrame({"y": r.integers(0, 2, 60), "p": r.integers(0, 2, 60)})
    frame[decomposed] = r.choice(["a", "b"], 60)
    frame["t"] = pd.date_range("2024-01-01", periods=60, freq="h").astype(str)
    path = tmp_path / "nfd.csv"
    frame.to_csv(path, index=False)
    typed = ["--y-true", "y", "--y-pred", "p", "--protected", "âge"]
    lines = set()
    for engine in ("pandas", "duckdb", "dask"):
        assert main(["audit", str(path), *typed, "--engine", engine]) == 2
        lines.add(capsys.readouterr().err.strip().splitlines()[-1])
    monitor = ["monitor", str(path), *typed, "--time", "t", "--window", "1d"]
    (line,) = lines
    assert "with other Unicode code points" in line
    assert main([*monitor, "--store", str(tmp_path / "m.db")]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    # the monitor names the option that gave the column too (round 13), then the same words
    assert said.startswith("error: option '--protected': column 'âge' not found"), said
    assert said.split(". Fix: ")[1] == line.split(". Fix: ")[1]
