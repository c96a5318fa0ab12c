"""pos_label written otherwise than the column writes it, round 19 of the tester's findings.

- predictions stored as text '1.00'/'0.00' with ``--pos-label 1`` were audited with every
  prediction negative (selection rate 0 in every group, exit 0) on every engine, from a
  counts table and in the Python API: a text value equal to the positive label as a number
  is refused, naming how the column writes it; the label given that way is audited right;
- the refusal of such a column without ``--pos-label`` advised ``astype(int)`` (which raises
  on '1.00') and ``--pos-label 1`` (which matched nothing): it advises ``pd.to_numeric`` and
  the label as the column writes it;
- "distinct values print the same" shows the values with their types ([0, '0', 1, '1']).
"""

import json
import random
import sqlite3

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

WRITES = "the column writes it '1.00' (text)"
GIVE = "--pos-label 1.00 on the command line, pos_label='1.00' in Python"


def _frame() -> pd.DataFrame:
    rng = random.Random(7)
    n = 400
    return pd.DataFrame(
        {
            "y": [rng.randint(0, 1) for _ in range(n)],
            "p": ["1.00" if rng.randint(0, 1) else "0.00" for _ in range(n)],
            "g": ["AB"[i % 2] for i in range(n)],
        }
    )


def _expected_rates(frame) -> dict:
    chosen = frame["p"].astype(float) == 1
    return {g: float(chosen[frame["g"] == g].mean()) for g in ("A", "B")}


def _run(capsys, argv) -> tuple[int, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out + err


def _rates(report: dict) -> dict:
    groups = report["attributes"][0]["groups"]
    return {g["group"]: g["metrics"]["selection_rate"]["value"] for g in groups}


def _check_cli(capsys, tmp_path, target, first: list, expected: dict):
    """``--pos-label 1`` refused in one line naming '1.00'; ``--pos-label 1.00`` right."""
    code, text = _run(capsys, [*first, "--n-boot", "100", "--pos-label", "1"])
    assert code == 2, text
    # round 49: the fix was pandas code (pd.to_numeric(df['p'])) here: now the file's words
    assert WRITES in text and GIVE in text and "pd.to_numeric" not in text, text
    where = "table" if "--table" in map(str, first) else "file"  # round 50: a database's
    assert f"write the values of 'p' as numbers in the {where}" in text, text
    out = tmp_path / "r.json"
    code, text = _run(capsys, [*first, "--n-boot", "100", "--pos-label", "1.00", "--json", out])
    assert code == 0, text
    assert "counted as negative" not in text, text
    assert _rates(json.loads(out.read_text())) == pytest.approx(expected)


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_text_decimal_predictions_with_pos_label_1_on_every_engine(tmp_path, capsys, engine):
    frame = _frame()
    path = tmp_path / "str_p.parquet"
    frame.to_parquet(path)
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--engine", engine]
    _check_cli(capsys, tmp_path, path, ["audit", path, *roles], _expected_rates(frame))


def test_text_decimal_predictions_from_a_counts_table(tmp_path, capsys):
    frame = _frame()
    path = tmp_path / "str_p.parquet"
    frame.to_parquet(path)
    table = tmp_path / "c.parquet"
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    code, text = _run(capsys, ["counts", path, *roles, "--out", table])
    assert code == 0, text
    _check_cli(capsys, tmp_path, table, ["audit", "--counts", table], _expected_rates(frame))


def test_text_decimal_predictions_in_a_sqlite_text_column(tmp_path, capsys):
    frame = _frame()
    db = tmp_path / "t.db"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE t (y INTEGER, p TEXT, g TEXT)")
        frame.to_sql("t", con, index=False, if_exists="append")
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    first = ["audit", "--db", f"sqlite:///{db}", "--table", "t", *roles]
    _check_cli(capsys, tmp_path, db, first, _expected_rates(frame))


@pytest.mark.parametrize("pos_label", [1, "1", 1.0])
def test_text_decimal_predictions_in_the_python_api(pos_label):
    frame = _frame()
    with pytest.raises(EthicLensInputError, match=r"writes it '1.00' \(text\)") as caught:
        ethiclens.audit(frame["y"], frame["p"], frame[["g"]], pos_label=pos_label, n_boot=100)
    assert GIVE in str(caught.value)
    right = ethiclens.audit(
        frame["y"], frame["p"], frame[["g"]], pos_label="1.00", n_boot=100, random_state=0
    )
    as_ints = ethiclens.audit(
        frame["y"], frame["p"].astype(float).astype(int), frame[["g"]], n_boot=100, random_state=0
    )
    assert _rates(json.loads(right.to_json())) == pytest.approx(_expected_rates(frame))
    assert _rates(json.loads(right.to_json())) == _rates(json.loads(as_ints.to_json()))


def test_two_writings_of_the_positive_label_are_refused():
    """'1' and '1.0' in one column: naming either would count the other as negative."""
    p = pd.Series(["1", "1.0", "0", "0"] * 25)
    with pytest.raises(EthicLensInputError, match=r"writes it '1.0' \(text\)"):
        ethiclens.audit([1, 0] * 50, p, pd.DataFrame({"g": ["A", "B"] * 50}), pos_label="1")


def test_a_model_that_selects_no_one_is_still_audited_all_negative():
    """Predictions never equal to the positive label, every value one the labels write too
    (as a number): all negative, as before."""
    groups = pd.DataFrame({"g": ["A", "B"] * 50})
    for y, p, label in (
        ([1, 0] * 50, pd.Series(["0.00"] * 100), 1),
        (["yes", "no"] * 50, ["no"] * 100, "yes"),
    ):
        result = ethiclens.audit(y, p, groups, pos_label=label, n_boot=100, random_state=0)
        assert set(_rates(json.loads(result.to_json())).values()) == {0.0}


def test_the_advice_for_text_decimals_converts_them_as_numbers():
    frame = _frame()
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit(frame["y"], frame["p"], frame[["g"]], n_boot=100)
    text = str(caught.value)
    assert "df['p'] = pd.to_numeric(df['p']).astype(int)" in text, text
    assert f"declare the positive label: {GIVE}" in text, text


def test_values_that_print_the_same_are_shown_with_their_types():
    y = pd.Series([1, 0, "1", "0"] * 10, dtype=object)
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit(y, [1, 0] * 20, pd.DataFrame({"g": ["A", "B"] * 20}), n_boot=100)
    assert "found [0, '0', 1, '1']" in str(caught.value)
