"""Round 10, tester H: the oracle's documented command runs and its EO-gap refusal offers both
fixes; flip-rate intervals do not depend on --y-score; a flip rate of 0 or 1 gets the exact
Jeffreys interval; refusals name the user's column or flag."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.cli import main
from ethiclens.probes import (
    analyze_counterfactuals,
    analyze_scored,
    inject_bias,
    make_counterfactuals,
    probe_model,
)

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "probes.md"
SMALL = ["--n", "200", "--repetitions", "2", "--n-boot", "100"]


def oracle_commands() -> list[str]:
    """The guide's ``ethiclens oracle`` lines (bash blocks), comments dropped."""
    blocks = re.findall(r"^```bash\n(.*?)^```", GUIDE.read_text(), re.S | re.M)
    lines = [line.strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith("ethiclens oracle")]


def test_the_guide_shows_the_oracle_with_an_eo_gap():
    assert any("--eo-gap" in c for c in oracle_commands())


@pytest.mark.parametrize("command", oracle_commands())
def test_the_guides_oracle_commands_run_with_every_optional_flag(command, capsys):
    # the synopsis's [optional] flags all given at once, with small sizes appended (the
    # last value of a repeated option wins)
    args = shlex.split(command.replace("[", "").replace("]", ""), comments=True)[1:]
    assert main(args + SMALL) == 0, capsys.readouterr().err


def test_an_impossible_eo_gap_names_the_di_and_offers_both_fixes():
    with pytest.raises(EthicLensInputError) as err:
        inject_bias(1000, disparate_impact=0.6, eo_gap=0.15)
    text = str(err.value)
    assert "EO gap of 0.15 at DI 0.6" in text and "[0.200, 0.650]" in text
    assert "--eo-gap" in err.value.fix and "--di" in err.value.fix
    assert "a DI from 0.71 to 1.29" in err.value.fix
    inject_bias(1000, disparate_impact=0.71, eo_gap=0.15)  # the offered ends are possible
    inject_bias(1000, disparate_impact=1.29, eo_gap=0.15)


def test_the_cli_refusal_names_the_di(capsys):
    assert main(["oracle", "--eo-gap", "0.15", *SMALL]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: option '--eo-gap': no valid classifier has an EO gap of 0.15")
    assert "at DI 0.6" in err and "--di" in err and "\n" not in err


def test_no_di_offered_when_no_di_has_that_gap():
    with pytest.raises(EthicLensInputError) as err:
        inject_bias(1000, disparate_impact=0.6, eo_gap=0.9)
    assert "--di" not in err.value.fix


def scored_table(seed=0) -> pd.DataFrame:
    """A make-counterfactuals table of three groups with some flips, predictions and scores."""
    rng = np.random.default_rng(seed)
    records = pd.DataFrame({"g": rng.choice(["a", "b", "c"], 300), "x": rng.random(300)})
    frame = make_counterfactuals(records, "g")
    score = np.clip(frame["x"] + (frame["g"] == "a") * 0.3, 0, 1)
    return frame.assign(pred=(score > 0.6).astype(int), p=score)


def test_flip_rate_intervals_do_not_depend_on_the_scores():
    frame = scored_table()
    plain = analyze_counterfactuals(frame, frame["pred"], n_boot=200, random_state=3)
    scored = analyze_counterfactuals(frame, frame["pred"], frame["p"], n_boot=200, random_state=3)
    assert [p.flip_rate_ci for p in plain.pairs] == [p.flip_rate_ci for p in scored.pairs]
    assert any(0 < p.flip_rate < 1 for p in plain.pairs)  # bootstrap intervals were drawn


def test_a_pairs_interval_does_not_depend_on_the_other_pairs():
    frame = scored_table()
    both = analyze_counterfactuals(frame, frame["pred"], n_boot=200, random_state=3)
    keep = frame[frame["_cf_target"].isin(["a", "b"]) & frame["_cf_source"].isin(["a", "b"])]
    # a filtered table keeps its index labels (once an IndexError)
    fewer = analyze_counterfactuals(keep, keep["pred"], n_boot=200, random_state=3)
    ab = {(p.source, p.target): p.flip_rate_ci for p in both.pairs}
    assert all(ab[(p.source, p.target)] == p.flip_rate_ci for p in fewer.pairs)


@pytest.mark.parametrize("flips", [0, 4])
def test_a_flip_rate_of_0_or_1_takes_the_exact_jeffreys_interval(flips):
    from scipy.stats import beta

    records = pd.DataFrame({"g": ["a"] * 4 + ["b"] * 6})
    frame = make_counterfactuals(records, "g")
    moved = (frame["_cf_source"] == "a") & (frame["_cf_target"] == "b")
    pred = np.where(moved & (flips == 4), 1, 0)
    cis = [
        next(p for p in res.pairs if p.source == "a").flip_rate_ci
        for res in (
            analyze_counterfactuals(frame, pred, n_boot=200, random_state=seed) for seed in (0, 1)
        )
    ]
    assert cis[0] == cis[1]  # exact: no Monte Carlo noise between seeds
    low, high = beta.ppf([0.025, 0.975], flips + 0.5, 4 - flips + 0.5)
    if flips == 0:
        assert cis[0].low == 0 and cis[0].high == pytest.approx(high, abs=1e-12)
        assert cis[0].high == pytest.approx(0.4448, abs=1e-4)
    else:
        assert cis[0].high == 1 and cis[0].low == pytest.approx(low, abs=1e-12)
    assert cis[0].method.startswith("jeffreys (exact Beta")


def test_a_bad_prediction_column_is_named_as_the_user_named_it(tmp_path):
    frame = scored_table()
    frame.loc[3, "pred"] = np.nan
    path = tmp_path / "scored.csv"
    frame.to_csv(path, index=False)
    with pytest.raises(EthicLensInputError) as err:
        analyze_scored(path, "pred")
    assert err.value.column == "pred (y_pred)"  # as the audit names a column
    with pytest.raises(EthicLensInputError) as err:
        analyze_scored(path, "x")
    assert err.value.column == "x (y_pred)"
    with pytest.raises(EthicLensInputError) as err:
        analyze_scored(path, "pred", "x_missing_scores")
    assert "x_missing_scores" in str(err.value)


def test_model_without_attribute_names_attribute(tmp_path, capsys):
    path = tmp_path / "rec.csv"
    pd.DataFrame({"sex": ["F", "M"], "age": [30, 40]}).to_csv(path, index=False)
    with pytest.raises(EthicLensInputError) as err:
        probe_model("nosuch.module:load", str(path), None)
    assert err.value.column == "--attribute" and "one of sex, age" in err.value.fix
    args = ["probe", "counterfactual", "--model", "nosuch.module:load", "--data", str(path)]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: option '--attribute': is needed with --model")
    assert "Fix: add --attribute COLUMN" in err
