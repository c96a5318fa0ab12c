"""Round 37 review of the PCER draws rule (4c864e1e, 6940d1d8): n_boot not given takes 1,000
draws or the 20·m the EO-Gap's Bonferroni level needs (m = 2 x pairs), so 2 to 7 groups (the
README's and the paper's 2-group audits among them) keep exactly the 1,000 of before and 8 to
47 groups take more; 48 or more take 1,000 again, their spreads without intervals. Too few
given are refused before any group's cells are read or drawn."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import pcer_audit

from .test_round37_p_bonferroni_draws import _splits


@pytest.mark.parametrize(
    ("groups", "drawn"), [(2, 1000), (7, 1000), (8, 1120), (47, 43_240), (48, 1000), (200, 1000)]
)
def test_the_draws_not_given_by_group_count(groups, drawn):
    from ethiclens.privacy._pcer import _interval_draws, _most_groups

    assert _interval_draws(None, groups) == drawn
    assert _most_groups() == 47


def test_two_groups_drawn_by_default_are_the_1000_given():
    splits = _splits(2, 30)
    default, given = pcer_audit(*splits), pcer_audit(*splits, n_boot=1000)
    assert default.n_boot == 1000 and default.to_dict() == given.to_dict()
    assert "not 1,000" not in default.estimates["eo_gap"].ci_method
    assert pcer_audit(*splits, n_boot=100).n_boot == 100  # m = 2: 40 draws reach 1 − 0.05/2


def test_too_few_draws_are_refused_before_any_cell_is_read_or_drawn(monkeypatch):
    from ethiclens.privacy import _pcer

    def refuse(*_args, **_kw):
        raise AssertionError("work done before the refusal")

    monkeypatch.setattr(_pcer, "split_cells", refuse)
    monkeypatch.setattr(_pcer, "draw_cells", refuse)
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(*_splits(8, 30), n_boot=1119)
    exc = err.value
    assert exc.column == "n_boot" and exc.value == 1119
    assert "the EO-Gap's 56 signed differences (8 groups' TPR and FPR gaps)" in exc.problem
    assert "1 − 0.05/56: a 99.91% interval needs at least 1,120 draws" in exc.problem
    assert exc.fix == "use at least 1,120 interval draws, or merge groups"


def test_the_public_docstring_says_the_default():
    doc = " ".join(pcer_audit.__doc__.split())
    assert "not given: 1,000, or the 20·m the spreads' Bonferroni level" in doc
    assert "needs for 8 to 47 groups; fewer are refused" in doc


def test_48_groups_at_the_dispersions_draws_reach_every_level_but_the_eo_gaps():
    from ethiclens.privacy._pcer import _short_of_level

    pairs = 48 * 47 // 2
    assert _short_of_level(pairs, 22_560, 48) is None  # dispersion, DP-Gap: 20 x 1,128
    assert "need 22,560 draws, more than the 22,559 drawn" in _short_of_level(pairs, 22_559, 48)
    assert "more than the 42,517 the memory budget" in _short_of_level(2 * pairs, 42_517, 48)
