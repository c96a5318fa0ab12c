"""Round 39 (P2NIA): a tracked budget adds up the releases' δ as it adds up their ε.

Before, two (ε = 1, δ = 1e-6) MST releases into one folder recorded "cumulative ε on this data
2 over 2 releases" and only this release's δ: the folder's guarantee by basic sequential
composition is (2, 2e-6), and nothing said the δ had doubled. Now the budget record holds
``cumulative_delta_on_this_data`` (2e-6), the summary and the estimate's header say
"cumulative ε on this data 2, δ 2e-06 over 2 releases", a later pure-ε release keeps the δ
spent before, and a manifest whose cumulative δ is below its own δ is refused.
"""

from __future__ import annotations

import json
import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import (
    GRR,
    estimate,
    make_request,
    read_release,
    register_mechanism,
    release,
    unregister_mechanism,
    write_release,
)
from ethiclens.p2nia._protocol import _manifest_digest

from .conftest import audit_frame


class _DeltaGRR(GRR):
    """GRR stating an (ε, δ) guarantee: a quick stand-in for MST's δ (MST's first fit takes
    seconds)."""

    name = "grr_delta_r39"
    needs_delta = True


@pytest.fixture
def mech():
    register_mechanism(_DeltaGRR(), replace=True)
    yield _DeltaGRR.name
    unregister_mechanism(_DeltaGRR.name)


def _delta_request(mech):
    return make_request(
        300,
        "sex",
        epsilon=1.0,
        mechanism=mech,
        delta=1e-6,
        protected_domain=["F", "M"],
        track_budget=True,
    )


def set_cumulative_delta(folder, value) -> dict:
    """Set the manifest budget record's cumulative δ (re-signed, so only the check refuses it);
    the budget record as it was."""
    path = folder / "manifest.json"
    m = json.loads(path.read_text())
    before = dict(m["budget"])
    m["budget"]["cumulative_delta_on_this_data"] = value
    m["manifest_sha256"] = _manifest_digest(m)
    path.write_text(json.dumps(m))
    return before


def _release(req):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return release(req, audit_frame(300, 0), "y", "pred", random_state=0)


def test_two_releases_with_a_delta_add_up_their_delta(mech, tmp_path):
    req = _delta_request(mech)
    out = tmp_path / "rel"
    write_release(_release(req), out)
    first = read_release(out).manifest["budget"]
    assert first["cumulative_delta_on_this_data"] == pytest.approx(1e-6)
    rel = _release(req)
    write_release(rel, out, replace=True)
    read = read_release(out)
    budget = read.manifest["budget"]
    assert budget["cumulative_on_this_data"] == pytest.approx(2.0)
    assert budget["cumulative_delta_on_this_data"] == pytest.approx(2e-6)
    assert "cumulative ε on this data 2, δ 2e-06 over 2 releases" in read.summary(out)
    assert "δ 2e-06 over 2 releases" in estimate(read, n_boot=0).header()
    # a pure-ε release next keeps the δ spent before
    grr = make_request(300, "sex", epsilon=1.0, protected_domain=["F", "M"], track_budget=True)
    write_release(_release(grr), out, replace=True)
    budget = read_release(out).manifest["budget"]
    assert budget["cumulative_on_this_data"] == pytest.approx(3.0)
    assert budget["cumulative_delta_on_this_data"] == pytest.approx(2e-6)


def test_a_cumulative_delta_below_the_releases_own_is_refused(mech, tmp_path):
    req = _delta_request(mech)
    out = tmp_path / "rel"
    write_release(_release(req), out)
    assert "cumulative_delta_on_this_data" in set_cumulative_delta(out, 1e-9)
    with pytest.raises(EthicLensInputError) as exc:
        read_release(out)
    assert exc.value.column == "manifest.json:budget.cumulative_delta_on_this_data"
