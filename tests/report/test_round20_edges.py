"""Round 20 (E): the report's "binned at edges" sentence and the refusal of bins for a counts
table binned when counted show the edges exactly as given (1234567, not 1.23457e+06), as the
bin labels do, so the edges can be typed back as they were run."""

import numpy as np
import pandas as pd

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "inc"]
EDGES = "inc=1234567,2345678,3456789"


def _rows(tmp_path):
    rng = np.random.default_rng(2)
    n = 400
    frame = pd.DataFrame({"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)})
    frame["inc"] = rng.choice([1.5e6, 2345678, 3e6], n)
    path = tmp_path / "rows.csv"
    frame.to_csv(path, index=False)
    return path


def test_the_report_states_the_edges_as_given(tmp_path, capsys):
    path = _rows(tmp_path)
    html, card = tmp_path / "r.html", tmp_path / "card.md"
    argv = ["audit", str(path), *ROLES, "--bins", EDGES, "--n-boot", "100"]
    assert main([*argv, "--html", str(html), "--model-card", str(card)]) == 0
    said = "inc: binned at edges 1234567, 2345678, 3456789"
    out = capsys.readouterr().out
    assert said in out, out
    assert said in html.read_text() and said in card.read_text()
    assert "e+06" not in out


def test_bins_of_a_table_binned_when_counted_name_the_edges_as_given(tmp_path, capsys):
    path, table = _rows(tmp_path), tmp_path / "c.csv"
    assert main(["counts", str(path), *ROLES, "--bins", EDGES, "--out", str(table)]) == 0
    capsys.readouterr()
    other = "inc=1234567,2500000,3456789"  # the table's own edges are its groups as they are
    assert main(["audit", "--counts", str(table), "--bins", other, "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert f"the counts table was binned already when counted ({EDGES}, recorded" in err, err
