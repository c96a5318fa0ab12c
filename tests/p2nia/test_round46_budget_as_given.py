"""Round 46: the release's summary line printed ε and δ with ':g' (ε = 1.2345678 as 1.23457,
δ = 1e-320 as 9.99989e-321) while the estimate of that release states them with every digit:
the two faces named different budgets. A too-small ε was refused as 'ε = 9.99989e-321' when
1e-320 was given. Both now print the number given."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, release
from ethiclens.p2nia._common import number_text

from .conftest import audit_frame


def test_the_release_line_and_the_estimate_state_the_same_epsilon(tmp_path):
    req = make_request(100, "sex", epsilon=1.2345678, metrics="dp", protected_domain=["F", "M"])
    with pytest.warns(UserWarning):  # seeded
        rel = release(req, audit_frame(200, 0), "y", "pred", random_state=0)
    line = rel.summary(tmp_path)
    assert "ε = 1.2345678)" in line, line
    assert "ε = 1.2345678 " in estimate(rel, n_boot=0).header()


@pytest.mark.parametrize("x,text", [(1e-320, "1e-320"), (5e-324, "5e-324"), (0.1, "0.1")])
def test_number_text_gives_a_subnormal_as_given(x, text):
    assert number_text(x) == text


def test_a_subnormal_epsilon_is_refused_as_given():
    with pytest.raises(EthicLensInputError) as exc:
        make_request(100, "sex", epsilon=1e-320, protected_domain=["F", "M"])
    assert exc.value.problem.startswith("ε = 1e-320 is too small"), exc.value
