"""A Decimal('sNaN') given as the protected attribute's name, or in a domain, reads as the
Decimal('NaN') it is: blackbox_audit(..., protected=Decimal('sNaN')) raised "TypeError:
Cannot hash a signaling NaN value"; uniform_queries drew the signalling NaN itself."""

from decimal import Decimal

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit, uniform_queries

DOMAINS = {"sex": ["a", "b"], "x": (0, 1)}


def _refusal(protected):
    with pytest.raises(EthicLensInputError) as info:
        blackbox_audit(lambda q: [1] * len(q), DOMAINS, protected, n=10)
    return info.value.problem, str(info.value.column), str(info.value.value)


def test_a_signalling_nan_protected_name_is_refused_as_the_quiet_one():
    assert _refusal(Decimal("sNaN")) == _refusal(Decimal("NaN"))
    assert _refusal(Decimal("-sNaN"))[1] == "protected"  # not the TypeError


def test_uniform_queries_draw_a_signalling_nan_as_the_quiet_one():
    drawn = uniform_queries({"job": ["u", Decimal("sNaN")]}, 6, np.random.default_rng(0))
    cells = [v for v in drawn["job"] if isinstance(v, Decimal)]
    assert cells and not any(v.is_snan() for v in cells) and drawn["job"].isna().sum() == 3
