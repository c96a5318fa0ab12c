"""Round 13: analyze-counterfactuals refuses a table missing a whole group's records and names
a hand-edited _cf_target by its row; a mean score shift has no interval where the bootstrap
cannot vary (one record, every shift the same: null with the reason, never a zero-width "95%"
interval); analyze-counterfactuals takes --n-boot as probe counterfactual does; a refused row
of a file is named by the file's line, as audit and pcer name it."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens._checks import check_draws
from ethiclens.cli import main
from ethiclens.probes import analyze_counterfactuals, analyze_scored, make_counterfactuals

RECORDS = pd.DataFrame(
    {"g": ["A", "B", "C"] * 10, "x": range(30), "s": ["M", "F", "F", "M", "F"] * 6}
)


def _error(capsys, argv) -> str:
    """The one-line refusal of ``argv`` (exit 2)."""
    code = main([str(a) for a in argv])
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert "\n" not in err and "Traceback" not in err, err
    return err


def _scored(records=RECORDS, protected="g") -> pd.DataFrame:
    """A scored make-counterfactuals table: group C is favoured (predictions and scores)."""
    frame = make_counterfactuals(records, protected)
    frame["pred"] = ((frame["x"] % 3 == 0) | (frame[protected] == "C")).astype(int)
    frame["p"] = 0.2 + 0.5 * frame["pred"] + 0.01 * (frame["x"] % 7) * (frame[protected] == "C")
    return frame


def _analyze(capsys, path, *extra) -> str:
    return _error(capsys, ["probe", "analyze-counterfactuals", path, "--y-pred", "pred", *extra])


# 1. a whole group's records dropped --------------------------------------------------------


def test_a_table_without_one_groups_records_is_refused_naming_the_missing_pairs(tmp_path, capsys):
    frame = _scored()
    path = tmp_path / "no_c.csv"
    frame[frame["_cf_source"] != "C"].to_csv(path, index=False)
    err = _analyze(capsys, path)
    assert "column '_cf_source': no record of group 'C' is in the table" in err
    assert "its observed copies and its flips (C → A, C → B) are missing" in err
    assert "(value: 'C')" in err and "Fix: score every row of the counterfactual table" in err


def test_a_dataframe_without_one_groups_records_is_refused_in_python():
    frame = _scored()
    kept = frame[frame["_cf_source"] != "B"]  # the attrs make_counterfactuals set survive
    with pytest.raises(EthicLensInputError, match=r"no record of group 'B'.*B → A, B → C"):
        analyze_counterfactuals(kept, kept["pred"], n_boot=100)


def test_a_group_no_record_has_is_analysed_from_the_dataframe_not_from_its_csv(tmp_path):
    records = RECORDS[RECORDS["g"] != "C"]
    frame = make_counterfactuals(records, "g", groups=["A", "B", "C"])
    frame["pred"] = (frame["g"] == "C").astype(int)
    res = analyze_counterfactuals(frame, frame["pred"], n_boot=100)
    assert {(p.source, p.target) for p in res.pairs} == {
        ("A", "B"),
        ("A", "C"),
        ("B", "A"),
        ("B", "C"),
    }
    path = tmp_path / "t.csv"
    frame.to_csv(path, index=False)
    back = pd.read_csv(path)
    with pytest.raises(EthicLensInputError, match="known to the DataFrame it returned"):
        analyze_counterfactuals(back, back["pred"], n_boot=100)


# 2. no interval where the bootstrap cannot vary ---------------------------------------------


def test_one_record_per_pair_has_no_score_shift_interval(tmp_path, capsys):
    records = pd.DataFrame({"g": ["g0", "g1", "g2"], "x": [0, 1, 2]})
    frame = make_counterfactuals(records, "g")
    frame["pred"] = 0
    frame["p"] = 0.3 + 0.1 * frame["_cf_target"].str[1].astype(int) + 0.01 * frame["x"]
    path, out = tmp_path / "s3.csv", tmp_path / "s3.json"
    frame.to_csv(path, index=False)
    argv = ["probe", "analyze-counterfactuals", path, "--y-pred", "pred", "--y-score", "p"]
    assert main([str(a) for a in [*argv, "--json", out]]) == 0
    text = " ".join(capsys.readouterr().out.split())
    pairs = json.loads(out.read_text())["pairs"]
    assert len(pairs) == 6 and all(p["n"] == 1 for p in pairs)
    assert all(p["mean_score_shift"] != 0 for p in pairs)  # the estimate is still reported
    assert all(p["mean_score_shift_ci"] is None for p in pairs)
    assert all(p["mean_score_shift_ci_method"].startswith("not reported: n = 1") for p in pairs)
    assert "+0.1000 (no CI: n = 1)" in text and "[+0.1000, +0.1000]" not in text
    assert "no score-shift interval where every bootstrap draw would equal the mean" in text


def test_identical_shifts_have_no_interval_but_varied_shifts_keep_theirs():
    frame = _scored()
    same = frame["p"].where(frame["_cf_source"] == frame["_cf_target"])
    same = same.groupby(frame["_cf_row"]).transform("max") + 0.05 * (
        frame["_cf_source"] != frame["_cf_target"]
    )
    res = analyze_counterfactuals(frame, frame["pred"], same.clip(0, 1), n_boot=200)
    shifted = [p for p in res.pairs if not p.mean_score_shift_ci.defined]
    assert shifted and all(
        p.mean_score_shift_ci.method.startswith("degenerate: every draw equal") for p in shifted
    )
    assert all(p.to_dict()["mean_score_shift_ci"] is None for p in shifted)
    varied = analyze_counterfactuals(frame, frame["pred"], frame["p"], n_boot=200)
    moving = [p for p in varied.pairs if p.mean_score_shift != 0]
    assert moving and all(
        p.mean_score_shift_ci.defined and p.mean_score_shift_ci.low < p.mean_score_shift_ci.high
        for p in moving
    )


# 3. a hand-edited _cf_target ---------------------------------------------------------------


def test_an_edited_target_is_named_by_its_row_and_value_not_blamed_on_every_record(
    tmp_path, capsys
):
    frame = _scored()
    frame.loc[0, "_cf_target"] = "Z"
    path = tmp_path / "edited.csv"
    frame.to_csv(path, index=False)
    err = _analyze(capsys, path)
    assert "column '_cf_target': 1 row(s) have a _cf_target that is not a group" in err
    assert "first at edited.csv line 2 (value: 'Z')" in err
    assert "lack a flipped copy" not in err and "in _cf_source: A, B, C)" in err


def test_a_shuffled_table_draws_the_same_intervals():
    frame = _scored()
    shuffled = frame.sample(frac=1, random_state=1)
    same = [
        [(p.flip_rate_ci, p.mean_score_shift_ci) for p in res.pairs]
        for res in (
            analyze_counterfactuals(t, t["pred"], t["p"], n_boot=200, random_state=2)
            for t in (frame, shuffled)
        )
    ]
    assert same[0] == same[1]


# 4. --n-boot ---------------------------------------------------------------------------------


def test_analyze_takes_n_boot_and_records_it(tmp_path, capsys):
    path, out = tmp_path / "cf.csv", tmp_path / "an.json"
    # 40 records a group: a pair's varying score shifts are drawn (under 30: the t interval)
    _scored(pd.DataFrame({"g": ["A", "B", "C"] * 40, "x": range(120)})).to_csv(path, index=False)
    argv = ["probe", "analyze-counterfactuals", path, "--y-pred", "pred", "--y-score", "p"]
    argv += ["--n-boot", "200"]  # drawn for the score shifts (the flip rates' interval is exact)
    assert main([str(a) for a in [*argv, "--json", out]]) == 0
    assert "(200 draws, seed 0)" in " ".join(capsys.readouterr().out.split())
    assert json.loads(out.read_text())["n_boot"] == 200


@pytest.mark.parametrize("value", [50, 10_000_000])
def test_analyze_refuses_n_boot_in_probe_counterfactuals_words(tmp_path, capsys, value):
    path = tmp_path / "cf.csv"
    _scored().to_csv(path, index=False)
    err = _analyze(capsys, path, "--n-boot", value)
    with pytest.raises(EthicLensInputError) as same:
        # the check probe counterfactual's --n-boot gets, with its default (round 44: 1000)
        check_draws(value, "--n-boot", default=1000)
    assert err == f"error: {same.value}"


# 5. rows named by the file's line -------------------------------------------------------------


@pytest.fixture
def bad_pred(tmp_path):
    """A scored table whose 6th data row (index 5, CSV line 7) predicts 'yes'."""
    frame = _scored()
    frame["pred"] = frame["pred"].astype(object)
    frame.loc[5, "pred"] = "yes"
    path = tmp_path / "bp.csv"
    frame.to_csv(path, index=False)
    return path, frame


def test_a_bad_prediction_is_named_by_its_csv_line(bad_pred, capsys):
    path, _ = bad_pred
    err = _analyze(capsys, path)
    assert "1 is not, first at bp.csv line 7 (value: 'yes')" in err


def test_a_bad_score_in_parquet_is_named_by_its_row(tmp_path, capsys):
    frame = _scored()
    frame.loc[5, "p"] = 1.5
    path = tmp_path / "bs.parquet"
    frame.to_parquet(path, index=False)
    err = _analyze(capsys, path, "--y-score", "p")
    assert "first at bs.parquet row 6 (value: 1.5)" in err


def test_python_names_rows_from_0_as_every_check_does(bad_pred):
    path, frame = bad_pred
    with pytest.raises(EthicLensInputError, match=rf"first at row 5 of {path}"):
        analyze_scored(path, "pred")
    with pytest.raises(EthicLensInputError, match=r"first at row 5 \(value: 'yes'\)"):
        analyze_counterfactuals(frame, frame["pred"])


def test_a_repeated_or_missing_copy_names_its_line(tmp_path, capsys):
    frame = _scored()
    path = tmp_path / "dup.csv"
    pd.concat([frame, frame.iloc[[40]]], ignore_index=True).to_csv(path, index=False)
    err = _analyze(capsys, path)
    assert f"copy repeats a (record, target) pair, first at dup.csv line {len(frame) + 2}" in err
    frame.drop(index=40).to_csv(path, index=False)  # record 10's flip to A or C
    err = _analyze(capsys, path)
    record = frame.loc[40, "_cf_row"]  # its observed copy: row `record`, line record + 2
    assert f"(first: row id {record}, " in err and f"first at dup.csv line {record + 2}" in err


def test_make_counterfactuals_names_a_missing_group_by_its_line(tmp_path, capsys):
    data = tmp_path / "rec.csv"
    records = RECORDS.copy()
    records["g"] = records["g"].astype(object)
    records.loc[3, "g"] = np.nan
    records.to_csv(data, index=False)
    argv = ["probe", "make-counterfactuals", data, "--protected", "g"]
    err = _error(capsys, [*argv, "--out", tmp_path / "o.csv"])
    assert "column 'g': 1 missing group value(s), first at rec.csv line 5" in err
