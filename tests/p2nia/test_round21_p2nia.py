"""Round 21, P2NIA: a seeded release says it is private only while the seed stays secret; a
requested group without rows is refused at release and a group sized by GRR's clipping is
not reported; MST/AIM intervals carry the mechanism's measurement noise; δ's range and a
metrics string as the command takes them."""

import json
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import INSUFFICIENT_DATA
from ethiclens.p2nia import (
    SeededReleaseWarning,
    estimate,
    joint_from_codes,
    make_request,
    metrics_from_joint,
    release,
)

# every seeded release here warns; the warning itself is tested below
pytestmark = pytest.mark.filterwarnings("ignore::ethiclens.p2nia.SeededReleaseWarning")


def _data(n=6000, seed=0, groups=("F", "M")):
    rng = np.random.default_rng(seed)
    sex = rng.choice(list(groups), n)
    y = rng.integers(0, 2, n)
    pred = (rng.random(n) < np.where(sex == "F", 0.3, 0.5)).astype(int)
    return pd.DataFrame({"sex": sex, "y": y, "pred": pred})


def _grr_request(n=3000, groups=("F", "M")):
    return make_request(n, "sex", protected_domain=list(groups), epsilon=2.0)


def test_a_seeded_release_warns_that_it_is_private_only_while_the_seed_is_secret():
    with pytest.warns(SeededReleaseWarning, match="NOT differentially private unless the seed"):
        release(_grr_request(), _data(), "y", "pred", random_state=0)


def test_an_unseeded_release_does_not_warn_and_draws_fresh_randomness():
    with warnings.catch_warnings():
        warnings.simplefilter("error", SeededReleaseWarning)
        a = release(_grr_request(), _data(), "y", "pred")
        b = release(_grr_request(), _data(), "y", "pred")
    assert not a.table.equals(b.table)  # OS entropy, not a fixed default seed


def _files(tmp_path, data, groups="F,M"):
    data.to_csv(tmp_path / "d.csv", index=False)
    argv = ["p2nia", "request", "--n", "3000", "--protected", "sex", "--groups", groups]
    assert main([*argv, "--epsilon", "2", "--out", str(tmp_path / "q.json")]) == 0
    argv = ["p2nia", "release", "--request", str(tmp_path / "q.json"), "--y-true", "y"]
    return argv + ["--y-pred", "pred", "--data", str(tmp_path / "d.csv")]


def test_release_seed_warns_on_stderr_and_the_seed_is_not_published(tmp_path, capsys):
    argv = _files(tmp_path, _data())
    capsys.readouterr()
    with warnings.catch_warnings():  # as outside pytest: shown (the module ignores it)
        warnings.simplefilter("default", SeededReleaseWarning)
        assert main([*argv, "--seed", "12345", "--out", str(tmp_path / "rel")]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("warning: "), err
    assert "NOT differentially private unless the seed stays secret" in err, err
    for name in ("manifest.json", "release.csv"):
        text = (tmp_path / "rel" / name).read_text()
        assert "seed" not in text.lower() and "12345" not in text, name


def test_release_help_says_a_seed_must_stay_secret(capsys):
    assert main(["p2nia", "release", "--help"]) == 0
    assert "NOT DP unless kept secret" in " ".join(capsys.readouterr().out.split())


def test_a_requested_group_without_rows_is_refused_at_release(tmp_path, capsys):
    only_f = _data(groups=("F",))
    with pytest.raises(EthicLensInputError, match=r"requested group\(s\) M have no rows"):
        release(_grr_request(), only_f, "y", "pred")
    argv = _files(tmp_path, only_f)
    capsys.readouterr()
    assert main([*argv, "--out", str(tmp_path / "rel")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'M'" in err and "no rows" in err, err
    assert not (tmp_path / "rel").exists()


def test_a_group_sized_by_clipping_is_insufficient_data_not_reported():
    # 3 rows of M in 5,000: GRR's clipping alone made M a group of about 700 rows, and DP
    # passed the floor as REPORTED (0.0151 [0, 0.468] for a group with no rows)
    data = _data(5000, groups=("F",))
    data.loc[:2, "sex"] = "M"
    rel = release(_grr_request(5000), data, "y", "pred", random_state=3)
    est = estimate(rel, n_boot=100, random_state=0)
    m_size = est.groups[1]["n_estimated"]
    assert m_size > 100  # the floor alone would pass it
    for name, v in est.values.items():
        assert v["status"] == INSUFFICIENT_DATA, (name, v)
    assert "sex:M may hold none of the data's rows" in est.values["dp"]["reason"], est.values


def test_a_clean_grr_release_passes_the_empty_group_check():
    rel = release(_grr_request(3000), _data(), "y", "pred", random_state=1)
    est = estimate(rel, n_boot=100, random_state=0)
    assert all(v["status"] == "REPORTED" for v in est.values.values()), est.values


def test_mst_intervals_at_a_small_epsilon_carry_the_mechanism_noise():
    data = _data(20000)
    codes = pd.Categorical(data["sex"], categories=["F", "M"]).codes
    truth = metrics_from_joint(joint_from_codes(codes, data["y"], data["pred"], 2))["dp"]
    req = make_request(
        3000, "sex", protected_domain=["F", "M"], epsilon=0.1, delta=1e-6, mechanism="mst"
    )
    covered, widths = 0, []
    for s in range(6):
        rel = release(req, data, "y", "pred", random_state=100 + s)
        dp = estimate(rel, n_boot=200, random_state=s).values["dp"]
        assert "measurement noise" in dp["ci_method"], dp
        covered += dp["ci_low"] <= truth <= dp["ci_high"]
        widths.append(dp["ci_high"] - dp["ci_low"])
    # Jeffreys draws of the synthetic rows alone gave about ±0.035 whatever ε
    assert min(widths) > 0.12, widths
    assert covered >= 5, (covered, widths)


def test_delta_at_or_below_0_names_the_range_that_holds_for_this_n():
    with pytest.raises(EthicLensInputError, match=r"δ must be in \(0, 1e-05\) for n′ = 100,000"):
        make_request(100_000, "sex", epsilon=1, mechanism="mst", delta=0)
    with pytest.raises(EthicLensInputError, match=r"\(0, 0.001\]"):  # n′ < 1,000: 1e-3 binds
        make_request(500, "sex", epsilon=1, mechanism="mst", delta=0)


def test_make_request_takes_metrics_as_a_string_as_the_command_does():
    assert make_request(100, "sex", epsilon=1, metrics="dp").metrics == ["dp"]
    assert make_request(100, "sex", epsilon=1, metrics="dp, eo").metrics == ["dp", "eo"]
    with pytest.raises(EthicLensInputError, match="argument 'metrics'.*empty item"):
        make_request(100, "sex", epsilon=1, metrics="dp,,eo")
    assert json.dumps(make_request(100, "sex", epsilon=1, metrics="eopp").to_dict())
