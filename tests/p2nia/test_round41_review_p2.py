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


def test_a_signalling_nan_is_missing_where_the_decimal_context_does_not_trap():
    """quiet_nans found a Decimal('sNaN') by pandas' isna raising InvalidOperation: under a
    context that does not trap it, release's protected column raised the hash's TypeError."""
    import decimal

    import pandas as pd

    from ethiclens.p2nia._protocol import make_request, release

    rng = np.random.default_rng(0)
    data = pd.DataFrame(
        {
            "sex": rng.choice(["a", "b"], 30),
            "y": rng.integers(0, 2, 30),
            "p": rng.integers(0, 2, 30),
        }
    ).astype({"sex": object})
    data.loc[3, "sex"] = Decimal("sNaN")
    with decimal.localcontext() as ctx, pytest.raises(EthicLensInputError) as info:
        ctx.traps[decimal.InvalidOperation] = False
        release(make_request(20, "sex", epsilon=1.0), data, "y", "p", random_state=0)
    assert info.value.column == "sex" and "1 missing group value" in info.value.problem
