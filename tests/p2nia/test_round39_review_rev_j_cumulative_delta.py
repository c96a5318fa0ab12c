"""Round 39 review (rev_j) of 9287c2b0: a pure-ε (GRR) manifest whose first budget record holds
a cumulative δ was refused with "the cumulative δ must be this release's δ None"; it now says
"after one pure-ε release there is no cumulative δ", naming the same key."""

from __future__ import annotations

import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, read_release, release, write_release

from .conftest import audit_frame
from .test_round39_hunt_p2nia_cumulative_delta import set_cumulative_delta


def test_a_pure_epsilon_record_with_a_cumulative_delta_says_it_has_none(tmp_path):
    req = make_request(200, "sex", epsilon=1.0, protected_domain=["F", "M"], track_budget=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        write_release(release(req, audit_frame(300, 0), "y", "pred", random_state=0), tmp_path)
    assert "cumulative_delta_on_this_data" not in set_cumulative_delta(tmp_path, 1e-6)
    with pytest.raises(EthicLensInputError) as exc:
        read_release(tmp_path)
    assert exc.value.column == "manifest.json:budget.cumulative_delta_on_this_data"
    assert "after one pure-ε release there is no cumulative δ" in str(exc.value)
    assert "None" not in str(exc.value)
