"""Round 39 review (rev_j) of 9287c2b0: a pure-ε (GRR) manifest whose first budget record holds
a cumulative δ was refused with "the cumulative δ must be this release's δ None"; it now says
"after one pure-ε release there is no cumulative δ", naming the same key."""

from __future__ import annotations

import json
import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, read_release, release, write_release
from ethiclens.p2nia._protocol import _manifest_digest

from .conftest import audit_frame


def test_a_pure_epsilon_record_with_a_cumulative_delta_says_it_has_none(tmp_path):
    req = make_request(200, "sex", epsilon=1.0, protected_domain=["F", "M"], track_budget=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        write_release(release(req, audit_frame(300, 0), "y", "pred", random_state=0), tmp_path)
    path = tmp_path / "manifest.json"
    m = json.loads(path.read_text())
    assert "cumulative_delta_on_this_data" not in m["budget"]
    m["budget"]["cumulative_delta_on_this_data"] = 1e-6
    m["manifest_sha256"] = _manifest_digest(m)
    path.write_text(json.dumps(m))
    with pytest.raises(EthicLensInputError) as exc:
        read_release(tmp_path)
    assert exc.value.column == "manifest.json:budget.cumulative_delta_on_this_data"
    assert "after one pure-ε release there is no cumulative δ" in str(exc.value)
    assert "None" not in str(exc.value)
