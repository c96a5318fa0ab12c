"""Round 46: a decimal that a float rounds onto a bin edge is binned by its exact value. A
Decimal (a Parquet or database DECIMAL column, a Python object column) or number text of
24.99999999999999999999 reads as the float 25.0 and was put in [25, 50) on every face (rows,
counts tables, each engine); 100.00000000000000000001 was put in [50, 100] instead of being
refused as outside the edges. Whole numbers past 2**53 were already compared exactly."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import ethiclens
from ethiclens import EthicLensInputError
from ethiclens.fairness import bin_attribute, bin_counts
from ethiclens.io import WrittenFloat
from ethiclens.sources import Roles, counts_of

EDGES = [0, 25, 50, 100]
BELOW = "24.99999999999999999999"


@pytest.mark.parametrize("kind", ["decimal", "text", "arrow"])
def test_a_decimal_just_below_an_edge_is_in_the_band_below(kind):
    values = [BELOW, "25", "25.000000000000000000001", "0", "100"]
    if kind == "text":
        column = pd.Series(values, dtype=object)
    elif kind == "decimal":
        column = pd.Series([Decimal(v) for v in values], dtype=object)
    else:
        column = pd.Series([Decimal(v) for v in values], dtype=pd.ArrowDtype(pa.decimal128(30, 21)))
    labels = bin_attribute(column, EDGES, "age").tolist()
    assert labels == ["[0, 25)", "[25, 50)", "[25, 50)", "[0, 25)", "[50, 100]"]


@pytest.mark.parametrize("value", ["100.00000000000000000001", "-1E-30", "-1E-400"])
def test_a_decimal_just_outside_the_edges_is_refused(value):
    with pytest.raises(EthicLensInputError, match=r"outside the bin edges \[0, 100\]"):
        bin_attribute(pd.Series([Decimal(value), Decimal(3)], dtype=object), EDGES, "age")


def test_rows_and_counts_tables_agree():
    rng = np.random.default_rng(0)
    n = 600
    ages = pd.Series([Decimal(BELOW)] * 300 + [Decimal(60)] * 300, dtype=object)
    frame = pd.DataFrame({"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "age": ages})
    kw = dict(n_boot=100, random_state=0)
    rows = ethiclens.audit(frame.y, frame.p, {"age": frame.age}, bins={"age": EDGES}, **kw)
    table = counts_of(frame, Roles(y_true="y", y_pred="p", protected=["age"]))
    counted = ethiclens.audit_counts(bin_counts(table, {"age": EDGES}), **kw)
    for result in (rows, counted):
        groups = [(g.group, g.n) for g in result.attributes[0].groups]
        assert groups == [("[0, 25)", 300), ("[50, 100]", 300)]


@pytest.mark.parametrize(
    "edges", [[0, Decimal(BELOW), 100], f"0,{BELOW},100", [0, BELOW, 100]], ids=str
)
def test_an_edge_with_more_digits_than_a_float_holds_is_refused(edges):
    # it would bin, and print, as 25: the edge given is not the edge used
    with pytest.raises(EthicLensInputError, match="has more digits than a float holds"):
        ethiclens.fairness.check_bin_edges(edges, "--bins")


def test_decimal_edges_a_float_holds_still_bin():
    edges = [0, Decimal("0.10"), "1e-5", "0.30000000000000004", Decimal("1E+2")]
    assert ethiclens.fairness.check_bin_edges(sorted(edges, key=float), "--bins") == [
        0.0,
        1e-05,
        0.1,
        0.30000000000000004,
        100.0,
    ]


def test_the_command_line_refuses_it(tmp_path, capsys):
    from ethiclens.cli import main

    path = tmp_path / "d.csv"
    pd.DataFrame({"y": [0, 1] * 50, "p": [1, 1, 0, 0] * 25, "age": range(100)}).to_csv(path)
    args = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "age"]
    assert main([*args, "--bins", f"age=0,{BELOW},100", "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert "option '--bins'" in err and "has more digits than a float holds" in err


def test_a_config_file_refuses_it_as_written(tmp_path, capsys):
    from ethiclens.cli import main

    data = tmp_path / "d.csv"
    pd.DataFrame({"y": [0, 1] * 50, "p": [1, 1, 0, 0] * 25, "age": range(100)}).to_csv(data)
    config = tmp_path / "c.yaml"
    config.write_text(
        f"target:\n  file: {data}\nroles:\n  y_true: y\n  y_pred: p\n  protected: [age]\n"
        f"groups:\n  bins:\n    age: [0, {BELOW}, 100]\n"
    )
    assert main(["audit", "--config", str(config), "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert f"bin edge {BELOW} has more digits than a float holds (it would be 25)" in err
    written = WrittenFloat(25.0)
    written.yaml_text = "2.50e1"  # the float 25, written otherwise: kept
    assert ethiclens.fairness.check_bin_edges([0, written, 100], "groups.bins")[1] == 25.0
