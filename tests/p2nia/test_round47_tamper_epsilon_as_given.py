"""Round 47 (p2nia hunter's found item 4): a tampered manifest's refusals said the request's
ε with ':g', so ε = 1.2345678 was 'ε differs from the request's 1.23457' (a budget no one
gave), and likewise the budget record's 'this release's 1.23457', record accounting's 'splits
ε = 1.23457 evenly ... each is flipped at ε = 0.411523', MST/AIM's 'ρ does not follow from
ε = ...' and its too-small ε (1.2345678e-10 as 1.23457e-10). Each now says the ε as given
(number_text) and a derived share or sum without float noise (sum_text)."""

import json
import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import _grr, make_request, read_release, release, write_release
from ethiclens.p2nia._protocol import _manifest_digest

from .conftest import audit_frame

EPS = 1.2345678


def _epsilon(m):
    m["epsilon"] = 2.0


def _budget(m):
    m["budget"]["cumulative_on_this_data"] = 2 * EPS


def _shift(m, shifts):
    for name, by in shifts.items():
        col = m["columns"][name]
        col["epsilon"] += by
        col["keep_probability"] = _grr.keep_probability(col["epsilon"], len(col["domain"]))


def _sum(m):
    _shift(m, {"sex": 0.01})


def _share(m):  # the same sum, split unevenly
    _shift(
        m, {"sex": 0.01, next(c for c in m["columns"] if c not in ("sex", "_composition")): -0.01}
    )


@pytest.mark.parametrize(
    "tamper,said",
    [
        (_epsilon, "ε differs from the request's 1.2345678"),
        (_budget, "the cumulative ε is this release's 1.2345678"),
        (_sum, "per-column ε sum to 1.2445678, not the release's ε = 1.2345678"),
        (
            _share,
            "splits ε = 1.2345678 evenly over the 3 released columns: each is flipped at "
            "ε = 0.4115226",
        ),
    ],
)
def test_a_tampered_manifest_says_epsilon_as_given(tmp_path, tamper, said):
    req = make_request(100, "sex", epsilon=EPS, protected_domain=["F", "M"], track_budget=True)
    out = tmp_path / "rel"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # seeded: said elsewhere
        write_release(release(req, audit_frame(200, 0), "y", "pred", random_state=0), out)
    path = out / "manifest.json"
    m = json.loads(path.read_text())
    tamper(m)
    m["manifest_sha256"] = _manifest_digest(m)
    path.write_text(json.dumps(m))
    with pytest.raises(EthicLensInputError) as caught:
        read_release(out)
    assert said in str(caught.value), caught.value


def test_a_too_small_synthesiser_epsilon_is_said_as_given():
    with pytest.raises(EthicLensInputError) as caught:
        make_request(200, "sex", mechanism="mst", epsilon=1.2345678e-10, delta=1.2345678e-9)
    assert "ε = 1.2345678e-10 is too small for MST: at δ = 1.2345678e-09" in str(caught.value)
