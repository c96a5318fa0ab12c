"""Round 47: a refused weight or score of a CSV file is shown as the file writes it (-3, 1e2),
by every engine (pandas, DuckDB) and by audit and counts alike, as the arrays API shows the
value as given; it was shown as read (-3.0, 100.0) on the file faces."""

import pytest

import ethiclens
from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


def _csv(tmp_path, column: str, bad: str):
    lines = ["y,p,g,s,w"] + [f"{i % 2},{i // 2 % 2},{'ab'[i % 3 > 0]},0.5,1" for i in range(30)]
    row = lines[6].split(",")
    row[3 if column == "s" else 4] = bad
    lines[6] = ",".join(row)
    (tmp_path / "d.csv").write_text("\n".join(lines) + "\n")
    return str(tmp_path / "d.csv")


@pytest.mark.parametrize(
    ("column", "bad"), [("w", "-3"), ("w", "-2.50"), ("s", "1e2"), ("s", "1.50")]
)
@pytest.mark.parametrize("face", ["audit-pandas", "audit-duckdb", "counts-pandas"])
def test_a_refused_number_is_shown_as_written(tmp_path, capsys, column, bad, face):
    path = _csv(tmp_path, column, bad)
    command, engine = face.split("-")
    role = ["--weight", "w"] if column == "w" else ["--y-score", "s"]
    out = ["--out", str(tmp_path / "c.csv")] if command == "counts" else []
    assert main([command, path, *ROLES, *role, "--engine", engine, *out]) == 2
    err = capsys.readouterr().err
    assert f"first at d.csv line 7 (value: {bad}). Fix:" in err, err


def test_the_arrays_api_shows_the_value_as_given():
    with pytest.raises(ethiclens.EthicLensInputError, match=r"\(value: -3\)"):
        ethiclens.audit([0, 1] * 3, [1, 0] * 3, ["a"] * 6, sample_weight=[1, 1, -3, 1, 1, 1])
