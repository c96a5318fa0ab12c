"""Round 25: awkward but legitimate inputs to the Python fairness API.

- Weights so small that a whole group's squares underflow to 0 (1e-170 beside weights of 1)
  crashed audit and compare with a ZeroDivisionError in the z-test; they are refused in the
  words a counts table's cell is, naming the group and the row. A lone tiny weight beside
  ordinary ones in its cell is still audited.
- ``true_positive_rate``, ``false_positive_rate`` and ``accuracy`` of a list of counts raised a
  TypeError (list indices); they read it as ``selection_rate`` and ``theil_index`` do.
- ``calculate_disparate_impact`` of rates no selection gives (-0.1, 1.2, NaN, '0.5') returned
  a number (-2.0) or NaN; it is refused, naming the argument.
- ``bins={1: [...]}`` on a DataFrame whose columns are numbers was refused ("bins an attribute
  that is not audited ... bin one of ['0', '1']"), while ``reference``, ``merge_groups`` and
  ``exclude_groups`` take the number.
- A counts table's missing group value was told "drop or impute those rows", the labels' fix;
  it gets the rows' audit's: drop those rows or give them an explicit group.
- Labels writing the positive label with whitespace around it (' yes' for pos_label='yes')
  were silently negative: every row when no 'yes' was written ("written alike" with the
  predictions' 'yes'), else just those rows. Refused as a number written otherwise ('1.00')
  is, with the strip to apply, on every engine.
- A numpy record array of attributes raised pandas' "no field of name sensitive_feature_0";
  it is one attribute per field, named by the field, as pandas reads it.
- An Arrow table or a Polars DataFrame of attributes lost its column names
  (``sensitive_feature_0``), so ``intersections`` and ``reference`` could not name them.
- An intersection's reference crossed from its attributes' (race=h, sex=f) with no row in the
  crossing was refused as an "unknown reference group 'h&f'" the user never typed; the
  refusal says where it came from and how to name another.
- ``GroupCounts`` built from lists raised a TypeError in ``two_proportion_z_test``, and one with
  a group without rows a ZeroDivisionError; lists are read as arrays, the empty group's test
  is undefined.
- ``audit_counts`` of a table whose attribute columns are numbers (a groupby of
  ``pd.DataFrame(matrix)``) refused every ``protected`` ("column '0' is not an attribute
  column ... use one of [0, 1]") or raised KeyError 0; the columns are named '0', '1', as
  ``audit`` names them.
- A counts table indexed by its own columns (``set_index([...], drop=False)``) raised pandas'
  "'g' is both an index level and a column label"; one whose cells are only in its index
  (``groupby(...).size().to_frame()``) is told to ``.reset_index()``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import compare

RNG = np.random.default_rng(14)
N = 600
Y = RNG.integers(0, 2, N)
P = RNG.integers(0, 2, N)
P_B = RNG.integers(0, 2, N)
G = RNG.choice(["a", "b", "c"], N)


@pytest.mark.parametrize("tiny", [1e-170, 1e-300, 5e-324])
@pytest.mark.parametrize("face", ["audit", "compare"])
def test_a_group_of_underflowing_weights_is_refused_not_a_crash(tiny, face):
    w = np.where(G == "c", tiny, 1.0)
    with pytest.raises(EthicLensInputError) as caught:
        if face == "audit":
            ethiclens.audit(Y, P, {"g": G}, sample_weight=w, n_boot=100, random_state=0)
        else:
            compare(Y, P, P_B, {"g": G}, sample_weight=w, n_boot=100, random_state=0)
    text = str(caught.value)
    first = int(np.flatnonzero(G == "c")[0])
    assert "squares underflow to 0" in text and "g:c" in text, text
    assert f"first at row {first}" in text and "multiply every weight" in text, text


def test_a_lone_tiny_weight_beside_ordinary_ones_is_audited():
    w = np.where(np.arange(N) == 0, 1e-170, 1.0)
    result = ethiclens.audit(Y, P, {"g": G}, sample_weight=w, n_boot=100, random_state=0)
    assert all(c.z_test["p_value"] is not None for c in result.comparisons)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_command_line_refuses_it_on_every_engine(tmp_path, capsys, engine):
    pytest.importorskip("duckdb")
    path = tmp_path / "tiny.csv"
    pd.DataFrame({"y": Y, "p": P, "g": G, "w": np.where(G == "c", 1e-170, 1.0)}).to_csv(
        path, index=False
    )
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--weight", "w", "--n-boot", "100", "--engine", engine]) == 2
    assert "squares underflow to 0" in capsys.readouterr().err


# -- the cell metrics read a list of counts as selection_rate and theil_index do -------------


@pytest.mark.parametrize(
    "name", ["true_positive_rate", "false_positive_rate", "accuracy", "theil_index"]
)
@pytest.mark.parametrize("cells", [[3, 1, 2, 4], (3, 1, 2, 4), [[3, 1, 2, 4]]])
def test_a_metric_of_a_list_of_counts_is_the_metric_of_the_array(name, cells):
    fn = getattr(ethiclens.fairness, name)
    expected = fn(np.asarray(cells, dtype=float))
    assert np.allclose(fn(cells), expected) and np.ndim(fn(cells)) == np.ndim(expected)


@pytest.mark.parametrize(
    "rates",
    [(-0.1, 0.2), (0.5, 1.2), (0.5, float("nan")), (float("nan"), 0.5), ("0.5", 0.1), (True, 1)],
)
def test_disparate_impact_of_rates_no_selection_gives_is_refused(rates):
    with pytest.raises(ValueError, match="must be a selection rate, a number in \\[0, 1\\]"):
        ethiclens.fairness.calculate_disparate_impact(*rates)
    assert ethiclens.fairness.calculate_disparate_impact(np.float32(0.5), 0.25) == 0.5


# -- a DataFrame whose columns are numbers (pd.DataFrame(matrix)) -----------------------------


def test_bins_name_a_numbered_column_as_reference_and_merges_do():
    age = RNG.uniform(18, 80, N)
    frame = pd.DataFrame({0: G, 1: age})
    for key in (1, "1"):
        result = ethiclens.audit(Y, P, frame, bins={key: [18, 50, 80]}, n_boot=100, random_state=0)
        assert [g.group for g in result.attributes[1].groups] == ["[18, 50)", "[50, 80]"]
    table = ethiclens.threshold_table(Y, RNG.random(N), frame, bins={1: [18, 50, 80]}, n_boot=100)
    assert set(table.frame["group"]) >= {"[18, 50)", "[50, 80]"}


# -- a counts table's missing group: the rows' audit's fix --------------------------------------


def test_a_missing_group_in_a_counts_table_gets_the_fix_the_rows_get():
    frame = pd.DataFrame({"g": G, "y_true": Y, "y_pred": P})
    table = frame.groupby(["g", "y_true", "y_pred"]).size().rename("count").reset_index()
    table["g"] = table["g"].astype(object)
    table.loc[0, "g"] = None
    with pytest.raises(EthicLensInputError) as counted:
        ethiclens.audit_counts(table, protected=["g"], n_boot=100)
    rows = pd.Series(G, name="g", dtype=object)
    rows[3] = None
    with pytest.raises(EthicLensInputError) as audited:
        ethiclens.audit(Y, P, rows, n_boot=100)
    fix = "Fix: drop those rows or give the missing values an explicit group (e.g. 'Unknown')"
    assert str(counted.value).endswith(fix) and str(audited.value).endswith(fix), counted.value


# -- a label written with whitespace around the positive label ---------------------------------

POS = np.where(P == 1, "yes", "no")


@pytest.mark.parametrize(
    "labels",
    [
        np.where(Y == 1, " yes", "no"),  # never 'yes': was all negative, 'written alike'
        np.where(Y == 1, np.where(np.arange(N) % 2, " yes", "yes"), "no"),  # half counted
        pd.Series(np.where(Y == 1, "yes ", "no"), dtype="string[pyarrow]", name="label"),
    ],
)
def test_the_positive_label_with_whitespace_around_it_is_refused_not_counted_negative(labels):
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit(labels, POS, G, pos_label="yes", n_boot=100, random_state=0)
    text = str(caught.value)
    assert "does not occur as written" in text and ".str.strip()" in text, text


def test_labels_without_whitespace_are_read_as_before():
    labels = np.where(Y == 1, "yes", "no")
    result = ethiclens.audit(labels, POS, G, pos_label="yes", n_boot=100, random_state=0)
    assert sum(g.n_positive_label for g in result.attributes[0].groups) == int(Y.sum())


# -- a numpy record array of attributes ---------------------------------------------------------


def test_a_record_array_is_one_attribute_per_field():
    sex = RNG.choice(["m", "f"], N)
    records = np.array(list(zip(G, sex, strict=True)), dtype=[("g", "U1"), ("s", "U1")])
    kw = dict(intersections=[("g", "s")], n_boot=100, random_state=0)
    as_records = ethiclens.audit(Y, P, records, **kw)
    as_dict = ethiclens.audit(Y, P, {"g": G, "s": sex}, **kw)
    assert as_records.to_dict()["attributes"] == as_dict.to_dict()["attributes"]


class _PolarsLike:
    """What the audit reads of a Polars DataFrame: its rows through __array__, its names."""

    def __init__(self, columns: dict):
        self.columns = list(columns)
        self._rows = np.column_stack(list(columns.values()))

    def __array__(self, dtype=None, copy=None):
        return self._rows if dtype is None else self._rows.astype(dtype)

    def __len__(self):
        return len(self._rows)


@pytest.mark.parametrize("make", ["arrow", "polars"])
def test_an_arrow_or_polars_table_keeps_its_column_names(make):
    pa = pytest.importorskip("pyarrow")
    sex = RNG.choice(["m", "f"], N)
    table = pa.table({"g": G, "s": sex}) if make == "arrow" else _PolarsLike({"g": G, "s": sex})
    kw = dict(intersections=[("g", "s")], reference={"g": "b"}, n_boot=100, random_state=0)
    named = ethiclens.audit(Y, P, table, **kw)
    as_dict = ethiclens.audit(Y, P, {"g": G, "s": sex}, **kw)
    assert named.to_dict()["attributes"] == as_dict.to_dict()["attributes"]


# -- an intersection whose references' crossing has no rows -----------------------------------


def test_an_empty_crossing_of_references_says_where_the_reference_came_from():
    race = np.where((G == "c") & (Y == 1), "a", G)  # no row is both c and labelled 1
    frame = pd.DataFrame({"race": race, "label": Y.astype(str)})
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit(
            Y, P, frame, intersections=[("race", "label")], reference={"race": "c", "label": "1"}
        )
    text = str(caught.value)
    assert "(value: 'c&1')" in text and "its attributes' references crossed" in text, text
    assert "reference={'race&label': GROUP}" in text, text


# -- GroupCounts built by hand -----------------------------------------------------------------


def test_a_group_counts_of_lists_tests_as_its_arrays_and_an_empty_group_is_undefined():
    from ethiclens.fairness import GroupCounts, two_proportion_z_test

    cells = [[30, 20, 10, 40], [10, 10, 20, 60]]
    as_lists = GroupCounts("g", ("a", "b"), True, cells, cells)
    as_arrays = GroupCounts("g", ("a", "b"), True, np.array(cells), np.array(cells))
    assert two_proportion_z_test(as_lists, 0, 1) == two_proportion_z_test(as_arrays, 0, 1)
    empty = [[0, 0, 0, 0], [1, 1, 1, 1]]
    test = two_proportion_z_test(GroupCounts("g", ("a", "b"), True, empty, empty), 0, 1)
    assert test["statistic"] is None and "no rows" in test["reason"]


# -- a counts table whose attribute columns are numbers -----------------------------------------


def test_a_counts_table_with_numbered_columns_audits_as_the_rows_do():
    sex = RNG.choice(["m", "f"], N)
    frame = pd.DataFrame({0: G, 1: sex, "y_true": Y, "y_pred": P})
    table = frame.groupby([0, 1, "y_true", "y_pred"]).size().rename("count").reset_index()
    kw = dict(intersections=[("0", "1")], n_boot=100, random_state=0)
    counted = ethiclens.audit_counts(table, protected=[0, 1], **kw)
    rows = ethiclens.audit(Y, P, frame[[0, 1]], **kw)
    assert counted.to_dict()["attributes"] == rows.to_dict()["attributes"]


def _cells_table() -> pd.DataFrame:
    frame = pd.DataFrame({"g": G, "y_true": Y, "y_pred": P})
    return frame.groupby(["g", "y_true", "y_pred"]).size().rename("count").reset_index()


def test_a_counts_table_indexed_by_its_own_columns_is_audited():
    table = _cells_table()
    plain = ethiclens.audit_counts(table, protected=["g"], n_boot=100, random_state=0)
    indexed = table.set_index(["g", "y_true"], drop=False)  # pandas: 'g' is ambiguous
    again = ethiclens.audit_counts(indexed, protected=["g"], n_boot=100, random_state=0)
    assert again.to_dict()["attributes"] == plain.to_dict()["attributes"]


def test_a_counts_table_whose_cells_are_its_index_says_to_reset_it():
    table = _cells_table().set_index(["g", "y_true", "y_pred"])
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit_counts(table, protected=["g"], n_boot=100)
    assert "(it is in the table's index). Fix: call .reset_index()" in str(caught.value)
