"""Round 47 (review of 56b7b569/85119929): sum_text, which writes a folder's cumulative ε and
per-column accounting's record-level ε without a sum's float noise, took every number within
1e-12 of a shorter one for it, so an ε given with more digits lost them on the very line that
states it: ε = 1.0000000000001 released once read 'cumulative ε on this data 1', and over 3
columns 'the full ε = 1 each; ... the record is 3-LDP'. It now drops only the float noise of
the sum or product (a few units in the last place per term)."""

import warnings

import pytest

from ethiclens.p2nia import make_request, read_release, release, write_release
from ethiclens.p2nia._common import sum_text

from .conftest import audit_frame

EPS = 1.0000000000001


@pytest.mark.parametrize(
    "value,terms,said",
    [
        (EPS, 1, "1.0000000000001"),
        (3 * EPS, 1, "3.0000000000003"),
        (0.1 + 0.1 + 0.1, 3, "0.3"),  # the float noise still dropped
        (sum([0.1] * 10), 10, "1"),
        (1.2345678 * 2, 2, "2.4691356"),
        (0.1, 10**400, "0.1"),  # a count as written, not an overflow
    ],
)
def test_sum_text_keeps_given_digits_and_drops_noise(value, terms, said):
    assert sum_text(value, terms) == said


def test_a_release_states_an_epsilon_of_many_digits_whole(tmp_path):
    req = make_request(
        300, "sex", epsilon=EPS, protected_domain=["F", "M"], track_budget=True, metrics="dp"
    )
    out = tmp_path / "rel"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a seeded release is not DP: said elsewhere
        write_release(release(req, audit_frame(300, 0), "y", "pred", random_state=0), out)
        summary = read_release(out).summary(out)
        assert "cumulative ε on this data 1.0000000000001 over 1 release" in summary, summary
        req = make_request(
            100, "sex", epsilon=EPS, protected_domain=["F", "M"], accounting="per-column"
        )
        rel = release(req, audit_frame(200, 0), "y", "pred", random_state=0)
    assert "record-level ε = 3.0000000000003" in rel.summary(out), rel.summary(out)
    said = rel.manifest["columns"]["_composition"]
    assert "ε = 1.0000000000001 each" in said and "3.0000000000003-LDP" in said, said
