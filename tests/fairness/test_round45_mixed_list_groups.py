"""A Python list (or tuple) of mixed types given as a group column forms the groups a
pandas Series of the same values forms (round 45): numpy read it as text, so NaN became a
group 'nan', 1 and '1' merged silently, and 1/1.0 or -0.0/0.0 split into two groups."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError, audit, compare, threshold_table

N = 300
Y = np.tile([0, 1, 1, 0, 1, 0], N // 6)
P = np.tile([1, 1, 0, 0, 1, 0], N // 6)
P2 = np.tile([0, 1, 0, 1, 1, 0], N // 6)
S = np.tile([0.2, 0.8, 0.4, 0.6, 0.9, 0.1], N // 6)

REFUSED = {
    "nan": ([float("nan"), "a", "b"] * 100, "missing group value"),
    "1 and '1'": ([1, "1", "a"] * 100, "print the same"),
}
ONE_GROUP = {
    "1 and 1.0": [1, 1.0, "a"] * 100,
    "-0.0 and 0.0": [-0.0, 0.0, "a"] * 100,
    "numbers and text": [1, "a", 2] * 100,
    "bytes and text": [b"x", "a", "b"] * 100,
}


def _faces():
    return {
        "audit": lambda g: audit(Y, P, g, n_boot=100, random_state=0),
        "compare": lambda g: compare(Y, P, P2, g, n_boot=100, random_state=0),
        "threshold_table": lambda g: threshold_table(
            Y, S, g, thresholds=[0.5], n_boot=100, random_state=0
        ),
    }


def _groups(result):
    d = result.to_dict()
    d = d["audits"]["a"] if "audits" in d else d  # compare: each model's audit
    if "attributes" in d:
        return [(a["name"], [(g["group"], g["n"]) for g in a["groups"]]) for a in d["attributes"]]
    return [(r["attribute"], r["group"], r["n"]) for r in d["rows"]]


@pytest.mark.parametrize("face", ["audit", "compare", "threshold_table"])
@pytest.mark.parametrize("case", list(REFUSED))
@pytest.mark.parametrize("kind", [list, tuple, "bare"])
def test_list_refused_as_series(face, case, kind):
    values, words = REFUSED[case]
    run = _faces()[face]
    with pytest.raises(EthicLensInputError, match=words):
        run({"g": pd.Series(values)})
    given = list(values) if kind == "bare" else {"g": kind(values)}
    with pytest.raises(EthicLensInputError, match=words):
        run(given)


@pytest.mark.parametrize("face", ["audit", "compare", "threshold_table"])
@pytest.mark.parametrize("case", list(ONE_GROUP))
def test_list_grouped_as_series(face, case):
    values = ONE_GROUP[case]
    run = _faces()[face]
    expected = _groups(run({"g": pd.Series(values)}))
    assert _groups(run({"g": values})) == expected
    assert _groups(run({"g": tuple(values)})) == expected


def test_one_group_for_equal_numbers():
    run = _faces()["audit"]
    assert _groups(run({"g": [1, 1.0, "a"] * 100})) == [("g", [("1", 200), ("a", 100)])]
    assert _groups(run({"g": [-0.0, 0.0, "a"] * 100})) == [("g", [("0.0", 200), ("a", 100)])]


def test_text_list_unchanged():
    d = audit(Y, P, {"g": ["a", "b", "c"] * 100}, n_boot=100, random_state=0).to_dict()
    assert [g["group"] for g in d["attributes"][0]["groups"]] == ["a", "b", "c"]
