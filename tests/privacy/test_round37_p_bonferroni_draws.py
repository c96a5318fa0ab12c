"""Round 37 (P): the spreads' intervals take each of m signed differences at the Bonferroni
level 1 − 0.05/m from the same draws (the EO-Gap: m = 2 x pairs), which needs 20·m draws, one
outside each interval (``check_level_draws``). Before, 8 groups' default audit drew 1,000 (their
level needs 1,120) and 3 groups at n_boot=100 (they need 120): the ends were the extreme draws
(measured per difference: 2.9x the nominal miss at 1,000 draws of 56). Now n_boot not given
takes as many as the level needs, and one given too few is refused in the shared words. 48 or
more groups, whose EO-Gap level no draws the audit keeps reach, were refused too (a first pass);
now they are audited as before, each spread the draws do not reach with its value, no interval
and a reason (merge groups for one), none of its pairs drawn."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, pcer_audit


def _splits(k: int, per: int = 40):
    rng = np.random.default_rng(k)

    def split(n):
        y = rng.integers(0, 2, n)
        groups = [f"g{i % k:02d}" for i in range(n)]
        return SplitPredictions(y, np.where(rng.random(n) < 0.85, y, 1 - y), groups)

    return split(k * per), split(k * per)


def test_eight_groups_by_default_take_the_draws_their_level_needs():
    result = pcer_audit(*_splits(8))
    assert result.n_boot == 1120 and result.to_dict()["n_boot"] == 1120
    method = result.estimates["eo_gap"].ci_method
    assert "1 − 0.05/56" in method and "from 1,120 draws, not 1,000: n_boot not given" in method


def test_few_groups_by_default_keep_the_default():
    result = pcer_audit(*_splits(3))
    assert result.n_boot == 1000
    assert "draws, not 1,000" not in result.estimates["eo_gap"].ci_method


def test_too_few_draws_given_are_refused_naming_the_level_and_the_fix():
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(*_splits(3), n_boot=100)
    exc = err.value
    assert (exc.column, exc.kind, exc.value) == ("n_boot", "argument", 100)
    assert "the EO-Gap's 6 signed differences" in exc.problem
    assert "1 − 0.05/6" in exc.problem and "needs at least 120 draws" in exc.problem
    assert exc.fix == "use at least 120 interval draws, or merge groups"
    assert pcer_audit(*_splits(3), n_boot=120).n_boot == 120  # just enough: kept as given


SHORT = "none (too few draws for its Bonferroni level)"


def _short(result, names=("dispersion", "dp_gap", "eo_gap")) -> None:
    """Each spread in ``names`` has its value and no interval, REPORTED, with why."""
    for name in names:
        e = result.estimates[name]
        assert e.value == getattr(result, name) and e.value is not None, name
        assert (e.ci_low, e.ci_high, e.ci_method, e.status) == (None, None, SHORT, "REPORTED")
        assert e.reason.startswith("no interval: its ") and "Bonferroni level" in e.reason


def test_groups_no_kept_draws_reach_are_audited_without_the_spreads_intervals():
    for given, drawn in (({}, 1000), ({"n_boot": 100}, 100)):
        result = pcer_audit(*_splits(48, 30), **given)
        assert result.n_boot == drawn and len(result.groups) == 48
        _short(result)
        eo = result.estimates["eo_gap"].reason
        assert "its 2,256 signed differences, each at the Bonferroni level 1 − 0.05/2256" in eo
        assert "need 45,120 draws, more than the 42,517 the memory budget keeps for 48 groups" in eo
        assert eo.endswith("merge groups for an interval (47 or fewer get every spread's)")
        # the dispersion's level (m = 1,128 pairs) is within the budget: more draws reach it
        disp = result.estimates["dispersion"].reason
        assert f"need 22,560 draws, more than the {drawn:,} drawn" in disp
        assert "give n_boot of at least 22,560 (at most 42,517 fit 48 groups)" in disp
        # per group: the plain 95% level, which these draws reach
        for g in result.groups:
            e = g.estimates["pcer"]
            assert e.status == "REPORTED" and e.ci_low <= e.value <= e.ci_high
        assert any(n.startswith("no interval for dispersion, dp_gap, eo_gap") for n in result.notes)
        assert "[no 95% CI: too many groups" in result.interpretation


def test_an_unreached_spread_draws_no_pair(monkeypatch):
    from ethiclens.privacy import _pcer

    def refuse(*_):
        raise AssertionError("a pair drawn for a spread with no interval")

    monkeypatch.setattr(_pcer._PairDiffs, "chunks", refuse)
    _short(pcer_audit(*_splits(60, 30), n_boot=100))


def test_the_json_validates_and_two_to_47_groups_keep_every_interval():
    from ethiclens.privacy import validate_pcer_output

    document = pcer_audit(*_splits(50, 30)).to_dict()
    validate_pcer_output(document)
    assert document["statistics"]["eo_gap"]["ci_low"] is None
    assert document["statistics"]["eo_gap"]["reason"].startswith("no interval: its 2,450 ")
    result = pcer_audit(*_splits(3))
    assert all(result.estimates[n].ci_low is not None for n in ("dispersion", "dp_gap", "eo_gap"))
    assert not any("no interval" in n for n in result.notes)


def test_draws_past_the_budget_are_refused_naming_the_groups_that_get_intervals():
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(*_splits(48, 4), n_boot=50_000)
    exc = err.value
    assert "at most 42,517 draws for 48 groups" in exc.problem
    assert (
        exc.fix == "use at most 42,517, or merge groups (47 or fewer get every spread's interval)"
    )


def test_the_command_line_draws_as_python_does(tmp_path, capsys):
    import json

    import pandas as pd

    paths = []
    for name, split in zip(("tr", "te"), _splits(8), strict=True):
        frame = pd.DataFrame({"y": split.y_true, "p": split.y_pred, "g": split.groups})
        frame.to_csv(path := tmp_path / f"{name}.csv", index=False)
        paths.append(str(path))
    args = ["pcer", "audit", "--train", paths[0], "--test", paths[1], "--y-true", "y"]
    args += ["--y-pred", "p", "--protected", "g"]
    assert main([*args, "--json", str(tmp_path / "out.json")]) == 0
    assert json.loads((tmp_path / "out.json").read_text())["n_boot"] == 1120
    capsys.readouterr()
    assert main([*args, "--n-boot", "1000"]) == 2
    err = capsys.readouterr().err
    assert "option '--n-boot'" in err and "at least 1,120 interval draws, or merge groups" in err


def test_the_command_line_shows_why_the_spreads_have_no_interval(tmp_path, capsys):
    import json

    import pandas as pd

    paths = []
    for name, split in zip(("tr", "te"), _splits(50, 30), strict=True):
        frame = pd.DataFrame({"y": split.y_true, "p": split.y_pred, "g": split.groups})
        frame.to_csv(path := tmp_path / f"{name}.csv", index=False)
        paths.append(str(path))
    args = ["pcer", "audit", "--train", paths[0], "--test", paths[1], "--y-true", "y"]
    args += ["--y-pred", "p", "--protected", "g"]
    assert main(args) == 0
    out = " ".join("".join(capsys.readouterr()).split())  # the summary: stdout
    assert "note: no interval for dispersion, dp_gap, eo_gap: the draws of 50 groups" in out, out
    assert "[no 95% CI: too many groups for its Bonferroni level, see the notes]" in out
    assert main([*args, "--n-boot", "100", "--json", str(tmp_path / "out.json")]) == 0
    document = json.loads((tmp_path / "out.json").read_text())
    assert document["n_boot"] == 100 and document["statistics"]["dispersion"]["ci_high"] is None


def test_the_headline_says_its_spread_has_no_interval():
    from ethiclens.privacy._summary import headline_line

    result = pcer_audit(*_splits(48, 30), n_boot=100)
    assert result.headline.status == "REPORTED" and result.headline.ci_low is None
    line = headline_line(result)
    assert "PCER dispersion (η = " in line and "[no 95% CI: see the notes]; DP-Gap" in line
