"""Round 11 of the command line (tester S): a never-positive prediction column with missing
cells gets the same refusal on every engine."""

from __future__ import annotations

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_missing_cells_are_named_before_the_positive_label_rule(tmp_path, capsys, engine):
    """The pandas engine said "'p' holds ['nan', 'no']: the columns write the positive label
    differently"; DuckDB, SQL and Python named the 5 missing cells, which is the fix."""
    rows = ["y,p,g"] + [
        f"{'yes' if i % 2 else 'no'},{'' if i < 5 else 'no'},{'ab'[i % 2]}" for i in range(300)
    ]
    path = tmp_path / "p.csv"
    path.write_text("\n".join(rows) + "\n")
    args = [path, "--y-true", "y", "--y-pred", "p", "--protected", "g", "--pos-label", "yes"]
    assert main(["audit", *map(str, args), "--engine", engine]) == 2
    err = capsys.readouterr().err
    assert "5 missing value(s), first at p.csv line 2" in err, err


def test_a_float_zero_prediction_column_is_audited_with_pos_label_typed_out(tmp_path, capsys):
    rows = ["y,p,g"] + [f"{i % 2},0.0,{'ab'[i // 2 % 2]}" for i in range(300)]
    path = tmp_path / "q.csv"
    path.write_text("\n".join(rows) + "\n")
    base = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    for extra in ([], ["--pos-label", "1"]):
        assert main([*base, *extra, "--n-boot", "200", "--json", str(tmp_path / "o.json")]) == 0
