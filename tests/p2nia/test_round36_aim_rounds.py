"""Round 36 (P2NIA): AIM with a cap of T rounds stops once what is left pays for at most two
rounds, so it often runs T - 1 (a cap of 4 at ε = 8, δ = 1e-6: 3 selections; the cap of 20:
19 or 20 as the floating-point sums fall, fewer after a halving). The manifest stated only the
cap (``_privacy.rounds``), its docstring and the docs calling it the rounds AIM ran; it now
also states the rounds run (``rounds_run``, its selections), and a reader refuses a
``rounds_run`` that its charges contradict. The fit itself is unchanged."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import _mechanisms, _synth

CAP = 4


class _Model:
    """A stand-in for mbi's fitted model: each fit projects a different constant, so no
    measurement looks uninformative and AIM never halves its noise (the budget arithmetic,
    what decides the rounds run, is the fit's own)."""

    def __init__(self, level, sizes):
        self.level, self.sizes = level, sizes

    def project(self, coded):
        size = int(np.prod([self.sizes[i] for i in coded]))
        return SimpleNamespace(datavector=lambda: np.full(size, 1e6 * self.level))


def _aim_charges(monkeypatch, rho):
    """The charges of a real ``fit_aim`` run (cap ``CAP``) on a small table, Private-PGM's
    estimation replaced by :class:`_Model` (no JAX: the test stays fast)."""
    rng = np.random.default_rng(0)
    sizes = {"sex": 2, "Y": 2, "Y_hat": 2, "edu": 3}
    data = _synth._Marginals({c: rng.integers(0, k, 300) for c, k in sizes.items()}, sizes)
    fits = itertools.count()
    monkeypatch.setattr(
        _synth, "_estimate", lambda *a, **k: _Model(next(fits), list(sizes.values()))
    )
    mbi = SimpleNamespace(LinearMeasurement=lambda y, clique, sigma: SimpleNamespace(clique=clique))
    dom = type("Dom", (), {"attributes": list(sizes), "__getitem__": lambda s, c: sizes[c]})()
    forced = [("sex", "Y", "Y_hat"), ("sex", "Y"), ("sex", "Y_hat"), ("Y", "Y_hat")]
    workload = _synth._Workload(forced, [("sex", "edu"), ("Y", "edu")], CAP)
    budget = _synth._Budget(rho)
    _synth.fit_aim(mbi, data, dom, workload, budget, rng)
    return [[what, r] for what, r in budget.log]


def test_the_manifest_states_the_rounds_run_beside_the_cap(monkeypatch):
    charges = _aim_charges(monkeypatch, _synth.cdp_rho(8.0, 1e-6))
    selections = sum(what.startswith("select ") for what, _ in charges)
    assert selections == CAP - 1  # the round before the cap spent what was left
    monkeypatch.setattr(_synth, "AIM_MAX_ROUNDS", CAP)
    monkeypatch.setattr(
        _mechanisms._Synthesiser,
        "release",
        lambda self, *a: (None, {"_privacy": {"charges": charges}}),
    )
    _, cols = _mechanisms.AIM().release({}, None, None)
    assert cols["_privacy"]["rounds"] == CAP
    assert cols["_privacy"]["rounds_run"] == selections


def test_a_rounds_run_the_charges_contradict_is_refused(monkeypatch):
    charges = _aim_charges(monkeypatch, _synth.cdp_rho(8.0, 1e-6))
    ran = sum(what.startswith("select ") for what, _ in charges)
    monkeypatch.setattr(_mechanisms._Synthesiser, "validate_columns", lambda self, *a: None)

    def check(priv):
        _mechanisms.AIM().validate_columns({"columns": {"_privacy": priv}}, {}, [], [])

    check({"charges": charges, "rounds": CAP, "rounds_run": ran})
    check({"charges": charges, "rounds": CAP})  # written before releases stated it
    for wrong in (ran + 1, ran - 1, float(ran), str(ran), None):
        with pytest.raises(EthicLensInputError) as exc:
            check({"charges": charges, "rounds": CAP, "rounds_run": wrong})
        text = str(exc.value)
        assert "columns._privacy.rounds_run" in text and f"its charges ran ({ran})" in text
