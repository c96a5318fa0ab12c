"""Review of 0d1329a6: p2nia.request_from_options(..., n_bot=1) passed its unknown keyword on
to the request's reader, so a Python caller was told the command line's words for a request
file ("option '--request': unknown keys n_bot. Fix: allowed keys: ... protected_domain ...",
an EthicLensInputError, not a TypeError). It is now refused as every other keyword a function
does not take: in Python's words, with the near miss of the keywords it takes."""

import pytest

from ethiclens.p2nia import request_from_options


@pytest.mark.parametrize(
    ("keyword", "fix"),
    [
        ("n_bot", "Fix: use one of n, protected, epsilon, groups, metrics, delta, mechanism,"),
        ("grups", "; did you mean 'groups'?"),
        ("protected_domain", "; did you mean 'groups'?"),  # the request file's name of it
        ("acounting", "; did you mean 'accounting'?"),
    ],
)
def test_unknown_keyword_in_python_words(keyword, fix):
    with pytest.raises(TypeError) as caught:
        request_from_options(10, "g", 1.0, groups="a,b", **{keyword: 1})
    said = str(caught.value)
    assert said.startswith(f"request_from_options() got an unexpected keyword argument {keyword!r}")
    assert fix in said
    assert "--request" not in said and "unknown keys" not in said


def test_the_keywords_it_takes_still_make_the_request():
    req = request_from_options(
        10, "g", "1.0", groups="a,b", accounting="per-column", track_budget=True
    )
    assert (req.accounting, req.track_budget, req.protected_domain) == (
        "per-column",
        True,
        ["a", "b"],
    )
