"""A counts table's score bins written as text are refused as its counts and sums are (round
50, sibling of the counts-as-text refusal): audit_counts read score_bin '3' (or b'3', a string
column) as the bin 3 and reported an ECE, where count, weight_sum, weight_sq_sum and score_sum
written so are refused "a number written as text (a string column)". The bins are now refused
alike, the cell named; numeric bins audit as before."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.sources import Roles, counts_of

_RNG = np.random.default_rng(3)
_N = 400
_ROWS = pd.DataFrame(
    {
        "y": _RNG.integers(0, 2, _N),
        "p": _RNG.integers(0, 2, _N),
        "g": _RNG.choice(["a", "b"], _N),
        "s": _RNG.uniform(0, 1, _N),
    }
)
_TABLE = counts_of(_ROWS, Roles(y_true="y", y_pred="p", protected=["g"], y_score="s"))


def _with_bins(bins):
    table = _TABLE.copy()
    table.attrs = dict(_TABLE.attrs)
    table["score_bin"] = bins
    return table


@pytest.mark.parametrize("spell", [str, lambda b: str(b).encode()], ids=["text", "bytes"])
def test_score_bins_written_as_text_are_refused(spell):
    table = _with_bins(_TABLE["score_bin"].map(spell).astype(object))
    with pytest.raises(ethiclens.EthicLensInputError) as exc:
        ethiclens.audit_counts(table, n_boot=100)
    text = str(exc.value)
    assert text.startswith("column 's (score_bin)': cell (g=")
    assert "a number written as text (a string column)" in text


def test_numeric_score_bins_audit_as_before():
    result = ethiclens.audit_counts(_with_bins(_TABLE["score_bin"]), n_boot=100, random_state=1)
    rows = ethiclens.audit(_ROWS.y, _ROWS.p, _ROWS.g, y_score=_ROWS.s, n_boot=100, random_state=1)
    assert result.by_group()["ece"].tolist() == rows.by_group()["ece"].tolist()


@pytest.mark.parametrize(
    "spell",
    [
        lambda b: b > 4,
        lambda b: (b > 4).astype(object),
        lambda b: b.astype(object).where(b != 3, True),
    ],
    ids=["bool column", "bool cells", "one bool beside bins"],
)
def test_score_bins_written_as_true_false_are_refused_as_such(spell):
    # they were refused "cell ... appears in 9 rows ... duplicates are never added up"
    with pytest.raises(ethiclens.EthicLensInputError) as exc:
        ethiclens.audit_counts(_with_bins(spell(_TABLE["score_bin"])), n_boot=100)
    text = str(exc.value)
    assert text.startswith("column 's (score_bin)': cell (g=")
    assert "a score bin written as True/False" in text and "appears in" not in text


def test_score_bins_true_false_in_a_counts_file_cli(tmp_path, capsys):
    from ethiclens.cli import main
    from ethiclens.sources import write_counts

    path = tmp_path / "c.csv"
    write_counts(_with_bins(_TABLE["score_bin"] > 4), path)
    assert main(["audit", "--counts", str(path)]) == 2
    assert "a score bin written as True/False" in capsys.readouterr().err
