"""Round 45 (lead, from the review of the lead's commits): MonitorRequest(..., label='y') or a
typo (y_tru=) raised the dataclass's bare TypeError ("unexpected keyword argument"), where
audit(), run() and Policy refuse an unknown keyword with one EthicLensInputError and its near
miss; a role's other common name points to the role (label: y_true)."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest

ARGS = ("d.csv", "t", "1d", "p", ("g",))


@pytest.mark.parametrize(
    ("keyword", "meant"),
    [("label", "y_true"), ("y_tru", "y_true"), ("sensitive_features", "protected")],
)
def test_an_unknown_keyword_is_refused_with_its_near_miss(keyword, meant):
    with pytest.raises(EthicLensInputError, match="unexpected keyword argument") as caught:
        MonitorRequest(*ARGS, **{keyword: "y"})
    assert (caught.value.column, caught.value.kind) == (keyword, "argument")
    assert caught.value.fix.startswith(f"did you mean {meant!r}?")


def test_known_keywords_still_build_and_copy(tmp_path):
    import dataclasses
    import pickle

    feed = tmp_path / "d.csv"
    feed.write_text("t,p,g,y\n2024-01-01,1,a,1\n2024-01-02,0,b,0\n")
    request = MonitorRequest(str(feed), "t", "1d", "p", ("g",), y_true="y")
    assert dataclasses.replace(request, n_draws=500).n_draws == 500
    assert pickle.loads(pickle.dumps(request)) == request
