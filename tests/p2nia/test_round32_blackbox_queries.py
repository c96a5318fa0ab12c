"""Round 32 (P2NIA): ``blackbox_audit(queries=...)`` refuses queries it cannot label by group
in one line naming ``queries``, where it raised pandas' KeyError (no column of the protected
attribute) or numpy's ValueError "'list' argument must have no negative elements" (a group
missing, or one outside ``domains``' list of groups), and named ``predict`` for no queries."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit

DOMAINS = {"g": ["a", "b"], "x": (0.0, 1.0)}
QUERIES = pd.DataFrame({"g": ["a", "b"] * 50, "x": [i / 100 for i in range(100)]})


def _model(q):
    return (q["x"] > 0.5).astype(int)


@pytest.mark.parametrize(
    ("queries", "said"),
    [
        (QUERIES[["x"]], "has no column 'g'"),
        (QUERIES.assign(g=["a", "c"] * 50), "['c']"),
        (QUERIES.assign(g=[None] + ["a", "b"] * 49 + ["a"]), "1 missing"),
        (QUERIES.iloc[:0], "no rows"),
        (pd.concat([QUERIES, QUERIES[["g"]]], axis=1), "repeats the column 'g'"),
        (QUERIES.to_dict("list"), "DataFrame"),
    ],
)
def test_queries_it_cannot_label_are_named(queries, said):
    with pytest.raises(EthicLensInputError) as err:
        blackbox_audit(_model, DOMAINS, "g", 100, queries=queries)
    assert str(err.value).startswith("argument 'queries': "), str(err.value)
    assert said in str(err.value)


def test_good_queries_estimate_as_before():
    est = blackbox_audit(_model, DOMAINS, "g", 100, queries=QUERIES, random_state=0)
    assert est == {
        "dp": 0.019999999999999962,
        "eopp": 0.03575989782886335,
        "eo": 0.08902691511387156,
    }
    no_domain = blackbox_audit(_model, {"x": (0.0, 1.0)}, "g", 100, queries=QUERIES, random_state=0)
    assert no_domain == est
