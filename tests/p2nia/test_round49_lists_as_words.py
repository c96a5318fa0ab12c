"""Round 49 (P2NIA, probes: refusals and reasons printing a Python list, where every refusal
lists values as words, _checks.names_words): a release refused "requested group(s) ['Z'] have
no rows", "values ['?', 'B'] are outside the requested domain ['A', 'Q']" and "must be 0/1,
found values ['0', '1', '2']: 1 row(s) hold ['2']" (the audit: 'found values 0, 1, 2; 1 row(s)
hold 2'); an estimate's reason (JSON, HTML, terminal) read "no (estimated) rows in group(s)
['B', '?']"; a tampered release "its column(s) ['sex']" / "the table's columns [...]"; the
probe's "(the records' groups, in _cf_source: ['A', 'B'])"; the audit's own "group(s) ['Z']
have no rows" (every engine: fairness.groups_without_rows)."""

import warnings

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release
from ethiclens.p2nia._estimate import _undefined_reason
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals


def _data(n=40) -> pd.DataFrame:
    g = np.array(["A", "B", "?", "A"] * (n // 4), dtype=object)
    y = np.arange(n) % 2
    return pd.DataFrame({"g": g, "y": y, "p": (np.arange(n) // 2) % 2})


def _refused(groups, data=None) -> str:
    req = make_request(20, "g", protected_domain=groups, epsilon=2)
    with warnings.catch_warnings(), pytest.raises(EthicLensInputError) as err:
        warnings.simplefilter("ignore")
        release(req, _data() if data is None else data, "y", "p", random_state=0)
    return str(err.value)


@pytest.mark.parametrize(
    "groups,data,words",
    [
        (["A", "B", "?", "Z"], None, "requested group(s) Z have no rows"),
        (["A", "Q"], None, "values ?, B are outside the requested domain A, Q: "),
        (None, _data().assign(y=[2] + [0, 1] * 19 + [0]), "found values 0, 1, 2: 1 row(s) hold 2,"),
        (None, _data().assign(y=_data()["y"].astype(str)), "found the text values 0, 1, not"),
    ],
)
def test_a_release_lists_values_as_words(groups, data, words):
    said = _refused(groups, data)
    assert words in said and "['0'" not in said and "['?'" not in said, said


def test_an_estimates_reason_names_its_groups_as_words():
    cells = np.array([[5.0] * 4, [0.0] * 4, [0.0] * 4])
    said = _undefined_reason("dp", cells, True, ["A", "B", "?"])
    assert said == "no (estimated) rows in group(s) B, ?: the selection rate is undefined"


def test_the_probe_names_the_records_groups_as_words():
    table = make_counterfactuals(_data().drop(columns=["y", "p"]), "g")
    table["pred"] = 0
    table.loc[0, "_cf_target"] = "zz"
    with pytest.raises(EthicLensInputError) as err:
        analyze_counterfactuals(table, table["pred"])
    assert "in _cf_source: ?, A, B)" in str(err.value), str(err.value)


def test_the_audit_names_groups_without_rows_as_words():
    d = _data()
    g = pd.Categorical(d["g"], categories=["A", "B", "?", "Z"])
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(d["y"], d["p"], pd.Series(g, name="g"))
    assert "group(s) Z have no rows" in str(err.value), str(err.value)


def test_the_probe_names_its_bookkeeping_columns_as_words():
    table = make_counterfactuals(_data().drop(columns=["y", "p"]), "g")
    with pytest.raises(EthicLensInputError) as err:
        make_counterfactuals(table, "g")
    assert "rename or drop the columns _cf_row, _cf_source, _cf_target first" in str(err.value)
