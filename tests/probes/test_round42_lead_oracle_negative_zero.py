"""Round 42: the oracle given a DI of -0.0 reported 'truth DI -0' and wrote -0.0 in its JSON
settings and truth; a DI is a ratio of rates and has no sign: -0.0 is 0.0, as the rest of the
project writes it."""

from __future__ import annotations

import math

from ethiclens.probes import inject_bias, oracle_disparate_impacts


def _unsigned_zero(x) -> bool:
    return x == 0 and math.copysign(1.0, x) > 0


def test_a_negative_zero_di_is_run_and_written_as_zero():
    (di,) = oracle_disparate_impacts((-0.0,))
    assert _unsigned_zero(di)
    data = inject_bias(200, disparate_impact=-0.0, random_state=0)
    assert _unsigned_zero(data.truth["disparate_impact"])


def test_other_dis_are_kept_as_given():
    assert oracle_disparate_impacts((0.6, 1)) == (0.6, 1)
    assert oracle_disparate_impacts(()) == (0.6, 1.0)
