"""Round 16: a model predicting (n, 2) is refused by the 1-D rule, oracle repeats are
refused, a hand-edited _cf_target is blamed on its own row, and the JSON keeps its keys."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals

TWO_COLUMNS = """
import numpy as np

class Q:
    def predict(self, X):
        return np.zeros((len(X), 2))

def load():
    return Q()
"""


def test_a_model_predicting_two_columns_is_refused_by_the_one_per_row_rule(
    tmp_path, monkeypatch, capsys
):
    from ethiclens.probes import counterfactual, load_entry_point

    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "two_col_model.py").write_text(TWO_COLUMNS)
    records = pd.DataFrame({"sex": ["F", "M"] * 10, "income": np.arange(20.0)})
    records.to_csv(tmp_path / "rec.csv", index=False)
    with pytest.raises(EthicLensInputError) as info:
        counterfactual(load_entry_point("two_col_model:load"), records, "sex", n_boot=100)
    py = str(info.value)
    assert py.startswith("argument 'model': the model two_col_model.Q's predict() must be a 1-D")
    assert "got an array of shape (40, 2)" in py and "proba[:, 1]" in py
    argv = ["probe", "counterfactual", "--model", "two_col_model:load", "--data", "rec.csv"]
    assert main([*argv, "--attribute", "sex", "--n-boot", "100"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "option '--model': the model two_col_model.Q's predict() must be a 1-D" in err
    assert "y_pred" not in err and "values for" not in err


def test_oracle_refuses_a_repeated_di_naming_it(capsys):
    argv = ["oracle", "--di", "0.6", "--di", "1.0", "--di", "0.6", "--n", "100"]
    assert main([*argv, "--repetitions", "2", "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert "option '--di': gives the same DI more than once (value: 0.6)" in err
    assert "DI 1.0" not in err  # refused before the first run


def test_run_oracle_names_the_repeated_method_and_the_library_the_repeated_di():
    from ethiclens.probes import oracle_disparate_impacts, run_oracle

    with pytest.raises(EthicLensInputError) as info:
        run_oracle(100, repetitions=2, n_boot=100, methods=("bca", "jeffreys", "bca"))
    assert str(info.value).startswith(
        "argument 'methods': names an interval method more than once (value: 'bca')"
    )
    with pytest.raises(EthicLensInputError) as info:
        oracle_disparate_impacts([0.8, 0.8])
    assert "argument 'disparate_impact': gives the same DI more than once (value: 0.8)" in str(
        info.value
    )
    assert oracle_disparate_impacts(()) == (0.6, 1.0)


def _flipped_table(tmp_path):
    from ethiclens.probes import make_counterfactuals

    rng = np.random.default_rng(0)
    records = pd.DataFrame({"sex": ["F", "M"] * 20, "income": rng.normal(size=40)})
    table = make_counterfactuals(records, "sex")
    table["pred"] = (table["income"] > 0).astype(int)
    return table


def test_an_observed_row_edited_to_another_target_is_named_with_its_value(tmp_path, capsys):
    table = _flipped_table(tmp_path)
    first = int(np.flatnonzero((table["_cf_source"] == "F").to_numpy())[0])
    assert table.loc[first, "_cf_target"] == "F"  # an observed copy, line first + 2
    table.loc[first, "_cf_target"] = "M"
    with pytest.raises(EthicLensInputError) as info:
        analyze_counterfactuals(table, table["pred"], random_state=0, n_boot=100)
    msg = str(info.value)
    assert f"1 flipped copy repeats a (record, target) pair, first at row {first}" in msg
    assert "(value: 'M')" in msg
    table.to_csv(tmp_path / "scored.csv", index=False)
    argv = ["probe", "analyze-counterfactuals", str(tmp_path / "scored.csv"), "--y-pred", "pred"]
    assert main([*argv, "--n-boot", "100"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert (
        f"1 flipped copy repeats a (record, target) pair, first at scored.csv line {first + 2}"
        in err
    )
    assert "(value: 'M')" in err


def test_without_scores_every_pair_keeps_the_score_keys_as_null(tmp_path):
    table = _flipped_table(tmp_path)
    res = analyze_counterfactuals(table, table["pred"], random_state=0, n_boot=100)
    for pair in res.to_dict()["pairs"]:
        assert pair["mean_score_shift"] is None
        assert pair["mean_score_shift_ci"] is None
        assert pair["mean_score_shift_ci_method"] is None
        assert pair["score_shift_quantiles"] is None
    scored = analyze_counterfactuals(
        table, table["pred"], table["income"].abs() / 10, random_state=0, n_boot=100
    )
    keys = [sorted(p) for p in scored.to_dict()["pairs"]]
    assert keys == [sorted(p) for p in res.to_dict()["pairs"]]
