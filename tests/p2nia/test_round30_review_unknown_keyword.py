"""Round 30 review: a keyword make_request does not take (``groups=``, ``eps=``) was a bare
TypeError, where pcer_audit, audit and compare refuse one as the project's input error (still
a TypeError) with the closest keyword or the ones it takes."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("epsilom", "; did you mean 'epsilon'?"),
        ("zzz", ". Fix: use one of protected_domain, metrics, mechanism, epsilon"),
    ],
)
def test_an_unknown_keyword_is_the_projects_input_error(typed, said):
    with pytest.raises(EthicLensInputError) as err:
        make_request(100, "sex", epsilon=1, **{typed: 2})
    assert isinstance(err.value, TypeError), type(err.value)
    text = str(err.value)
    assert text.startswith(f"make_request() got an unexpected keyword argument {typed!r}"), text
    assert said in text, text
