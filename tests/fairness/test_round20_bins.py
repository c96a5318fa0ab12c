"""Round 20: bin labels and refusals show the edges exactly as given (1234567, not
1.23457e+06) and the data range with the digits that show why a row is outside (65.0000001 is
past 65), so a refusal never contradicts itself and a label can be typed back."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import bin_attribute

ROLES = ["--y-true", "y", "--y-pred", "p"]


def _rows(tmp_path, column, values, n=400):
    rng = np.random.default_rng(1)
    frame = pd.DataFrame({"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)})
    frame[column] = rng.choice(values, n)
    path = tmp_path / "rows.csv"
    frame.to_csv(path, index=False)
    return path, frame


def test_common_edges_print_as_before():
    labels = sorted(set(bin_attribute([1, 30, 50, 70, 120], [0, 25, 45, 65, 120], "age")))
    assert labels == ["[0, 25)", "[25, 45)", "[45, 65)", "[65, 120]"]
    labels = sorted(set(bin_attribute([0.1, 0.6], [0, 0.5, 1.0], "x")))
    assert labels == ["[0, 0.5)", "[0.5, 1]"]


def test_labels_show_the_edges_as_given():
    out = bin_attribute([1.5e6, 3e6], [1234567, 2345678, 3456789], "inc")
    assert list(out) == ["[1234567, 2345678)", "[2345678, 3456789]"]
    out = bin_attribute([0.25, 1e-7], [1e-8, 0.123456789, 1.5], "x")
    assert list(out) == ["[0.123456789, 1.5]", "[1e-08, 0.123456789)"]


def test_a_refusal_shows_why_the_rows_are_outside(tmp_path, capsys):
    path, frame = _rows(tmp_path, "age", [20, 30, 50, 65.0000001])
    n_out = int((frame["age"] > 65).sum())
    argv = ["audit", str(path), *ROLES, "--protected", "age", "--bins", "age=18,40,65"]
    assert main([*argv, "--engine", "pandas"]) == 2
    err = capsys.readouterr().err
    assert (
        f"{n_out} row(s) with values outside the bin edges [18, 65] (data range 20 to 65.0000001)"
        in err
    ), err


def test_a_refusal_shows_large_edges_and_the_data_range_exactly():
    with pytest.raises(EthicLensInputError) as caught:
        bin_attribute([1.5e6, 3e6, 2e6], [1234567, 2345678, 2999999], "inc")
    assert "outside the bin edges [1234567, 2999999] (data range 1500000 to 3000000)" in str(
        caught.value
    )


def test_a_label_can_be_typed_back_into_merge_groups(tmp_path, capsys):
    path, frame = _rows(tmp_path, "inc", [1.5e6, 3e6, 2.5e6, 4e6])
    out = tmp_path / "r.json"
    argv = ["audit", str(path), *ROLES, "--protected", "inc", "--engine", "pandas"]
    argv += ["--bins", "inc=1234567,2345678,3456789,4567890", "--n-boot", "100"]
    argv += ["--merge-groups", "inc=[2345678, 3456789),[3456789, 4567890]:high"]
    assert main([*argv, "--json", str(out)]) == 0, capsys.readouterr().err
    groups = {g["group"]: g["n"] for g in json.loads(out.read_text())["attributes"][0]["groups"]}
    n_low = int((frame["inc"] == 1.5e6).sum())
    assert groups == {"[1234567, 2345678)": n_low, "high": len(frame) - n_low}


def test_an_edge_past_float_range_is_refused_as_not_finite():
    # round 20 (R2): 10**400 from a config or Python was an OverflowError traceback
    from ethiclens.errors import EthicLensInputError
    from ethiclens.fairness import check_bin_edges

    for edges in ([0, 10**400], [-(10**400), 0]):
        with pytest.raises(EthicLensInputError, match="finite numbers in increasing order"):
            check_bin_edges(edges, "--bins")
