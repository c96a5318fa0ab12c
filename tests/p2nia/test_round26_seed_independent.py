"""Round 26 (P2NIA): a release's refusals follow from the data given to it, never from the rows
its seed draws, and an estimate answers only the metrics its release was made for.

- An extra column with one row of a second value was refused ("the rows drawn hold a single
  value") for most seeds and released for the seed that drew that row; a value outside the
  bins' edges, or a column with more than 20 distinct numbers, was refused or not as the seed
  drew its rows. Each is now decided over the whole data, and a category's released domain is
  the data's (so the manifest's domain no longer depends on the seed either).
- A column holding 1 and '1' (object dtype) crashed the release ("Categorical categories must
  be unique").
- ``estimate(metrics=["eo"])`` on a release whose request asked for EOpp alone was estimated,
  though the docstring says the metrics are a subset of the request's.
"""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, release

from .conftest import audit_frame

SEEDS = range(5)


def _data(n=300):
    data = audit_frame(
        n,
        7,
        rare=lambda rng, n: ["a"] * n,
        one=lambda rng, n: ["z"] * n,
        num=lambda rng, n: rng.integers(0, 18, n),
        age=lambda rng, n: rng.uniform(20, 60, n),
    )
    data.loc[5, "rare"] = "b"  # one row of a second value
    data.loc[[7, 8, 9], "num"] = [50, 60, 99]  # 21 distinct numbers in the data
    data.loc[11, "age"] = 200.0  # past the edges
    return data


def _outcome(data, column, seed, **kw):
    req = make_request(40, "sex", epsilon=5, mechanism="mst", protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            rel = release(req, data, "y", "pred", columns=[column], random_state=seed, **kw)
        except EthicLensInputError as exc:
            return str(exc)
    return rel.manifest["columns"][column]["domain"]


@pytest.mark.parametrize(
    ("column", "kw", "expected"),
    [
        ("rare", {}, ["a", "b"]),
        ("one", {}, "the data holds a single value 'z'"),
        ("num", {}, "continuous column without a discretization"),
        ("age", {"discretization": {"age": [0, 50, 100]}}, "do not cover the data"),
    ],
)
def test_a_release_refuses_or_not_whatever_the_seed(column, kw, expected):
    data = _data()
    outcomes = [_outcome(data, column, seed, **kw) for seed in SEEDS]
    assert all(o == outcomes[0] for o in outcomes), outcomes
    if isinstance(expected, list):
        assert outcomes[0] == expected
    else:
        assert expected in outcomes[0] and column in outcomes[0], outcomes[0]


def test_a_column_of_1_and_text_1_does_not_crash():
    data = _data()
    data["mixed"] = pd.Series([1, "1", 2] * 100, dtype=object)
    assert _outcome(data, "mixed", 0) == ["1", "2"]


def test_estimate_refuses_a_metric_the_release_was_not_made_for():
    data = _data()
    req = make_request(200, "sex", epsilon=5, metrics="eopp", protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, data, "y", "pred", random_state=0)
    assert list(estimate(rel, metrics="eopp", n_boot=0).values) == ["eopp"]
    for asked in (["eo"], "dp", ["eopp", "eo"]):
        with pytest.raises(EthicLensInputError) as exc:
            estimate(rel, metrics=asked, n_boot=0)
        text = str(exc.value)
        assert "argument 'metrics'" in text and "['eopp']" in text, text
        assert "ask the platform for a release whose request includes" in text, text


def test_a_release_by_an_older_version_is_refused_with_the_fix_to_release_again(tmp_path):
    """A manifest lacking a key the current version writes (an older release) was told to ask
    for 'the original release', which is the one refused."""
    import hashlib
    import json

    from ethiclens.p2nia import read_release, write_release
    from ethiclens.p2nia._protocol import _manifest_digest

    req = make_request(200, "sex", epsilon=5, protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        write_release(release(req, _data(), "y", "pred", random_state=0), tmp_path / "r")
    path = tmp_path / "r" / "manifest.json"
    for drop in (("domain_source",), ("request", "track_budget")):
        m = json.loads(path.read_text())
        (m if len(drop) == 1 else m[drop[0]]).pop(drop[-1])
        m["sha256"] = hashlib.sha256((tmp_path / "r" / "release.csv").read_bytes()).hexdigest()
        m["manifest_sha256"] = _manifest_digest(m)
        (tmp_path / "old").mkdir(exist_ok=True)
        (tmp_path / "old" / "release.csv").write_bytes(
            (tmp_path / "r" / "release.csv").read_bytes()
        )
        (tmp_path / "old" / "manifest.json").write_text(json.dumps(m))
        with pytest.raises(EthicLensInputError) as exc:
            read_release(tmp_path / "old")
        text = str(exc.value)
        assert drop[-1] in text and "written by an older EthicLens" in text, text
        assert "released again by a platform running ethiclens" in text, text


def test_a_continuous_column_names_its_count_and_the_fix_for_that_column():
    """The fix printed the template 'discretization={col: [edges]}' as is."""
    text = _outcome(_data(), "num", 0)
    assert "21 distinct numbers" in text and "--bins num=" in text, text
    assert "discretization={'num': [edges]}" in text and "{col" not in text, text
