"""Round 47 (review of 68dd6000's p2nia part, a sibling): the GRR estimate's reason that a
group may hold none of the data's rows named it bare ('g: d may hold none ...'), where the
floor reason beside it (_below_floor) now says g:' d'; ' d' and 'd' read alike. It now quotes
such a name as the floor reasons do; other names as before."""

from types import SimpleNamespace

import numpy as np

from ethiclens.p2nia._estimate import _maybe_empty


def test_the_maybe_empty_reason_quotes_a_spaced_group():
    basis = SimpleNamespace(
        attribute="g",
        domain=[" d", "c"],
        debiased=np.array([0.5, 500.0]),
        empty_se=2.0,
        cells=np.array([[0.0, 1.0], [250.0, 250.0]]),
    )
    said = _maybe_empty(basis)
    assert said.startswith("g:' d' may hold none of the data's rows: its debiased size 0.5")
    assert "g:c" not in said
