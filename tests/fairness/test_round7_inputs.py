"""Round 7: every Python face treats inputs alike (a dict's Series, pd.Categorical, NumPy
scalars in settings, group names that print the same, counts tables)."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

KW = dict(n_boot=100, random_state=0)


def _data(n=600, seed=0):
    rng = np.random.default_rng(seed)
    g = rng.choice(["a", "b", "c"], n)
    yt = rng.integers(0, 2, n)
    s = np.clip(rng.random(n) + np.where(g == "a", 0.2, 0.0), 0, 1)
    yp = (s > 0.5).astype(int)
    yp2 = np.where(g == "b", 1 - yp, yp)
    w = rng.random(n) + 0.5
    return pd.DataFrame(dict(g=g, yt=yt, yp=yp, yp2=yp2, s=s, w=w))


def _shuffled(b):
    return b.sample(frac=1, random_state=1)


def test_dict_series_is_paired_by_index_in_every_function():
    b = _data()
    sh = _shuffled(b)
    assert (
        ethiclens.audit(b.yt, b.yp, {"g": sh.g}, **KW).to_dict()
        == ethiclens.audit(b.yt, b.yp, b.g, **KW).to_dict()
    )
    assert ethiclens.compare(b.yt, b.yp, b.yp2, {"g": sh.g}, **KW).to_dict() == (
        ethiclens.compare(b.yt, b.yp, b.yp2, b.g, **KW).to_dict()
    )
    assert ethiclens.threshold_table(b.yt, b.s, {"g": sh.g}, **KW).to_dict() == (
        ethiclens.threshold_table(b.yt, b.s, b.g, **KW).to_dict()
    )


def test_compare_pairs_weights_by_index_as_audit_does():
    b = _data()
    sh = _shuffled(b)
    got = ethiclens.compare(b.yt, b.yp, b.yp2, b.g, sample_weight=sh.w, **KW).to_dict()
    assert got == ethiclens.compare(b.yt, b.yp, b.yp2, b.g, sample_weight=b.w, **KW).to_dict()


@pytest.mark.parametrize("function", ["audit", "compare", "threshold_table"])
def test_dict_series_with_other_labels_refused(function):
    b = _data()
    other = b.g.set_axis(b.index + 10_000)
    calls = {
        "audit": lambda: ethiclens.audit(b.yt, b.yp, {"g": other}, **KW),
        "compare": lambda: ethiclens.compare(b.yt, b.yp, b.yp2, {"g": other}, **KW),
        "threshold_table": lambda: ethiclens.threshold_table(b.yt, b.s, {"g": other}, **KW),
    }
    with pytest.raises(EthicLensInputError, match="index does not match") as err:
        calls[function]()
    assert err.value.column == "g"


def test_lone_pandas_input_beside_numpy_pairs_by_position():
    # documented in audit's Notes: an index means nothing without another index to match
    b = _data()
    sh = _shuffled(b)
    got = ethiclens.audit(sh.yt, b.yp.to_numpy(), b.g.to_numpy(), **KW).to_dict()
    positional = ethiclens.audit(sh.yt.to_numpy(), b.yp.to_numpy(), b.g.to_numpy(), **KW)
    assert got["comparisons"] == positional.to_dict()["comparisons"]


def _with_unused_category():
    b = _data()
    b["g"] = pd.Categorical(b.g, categories=["a", "b", "c", "zzz"])
    return b


@pytest.mark.parametrize("form", ["categorical", "dict"])
@pytest.mark.parametrize("function", ["audit", "compare", "threshold_table"])
def test_unused_category_refused_in_every_form(form, function):
    b = _with_unused_category()
    sf = pd.Categorical(b.g) if form == "categorical" else {"g": b.g}
    calls = {
        "audit": lambda: ethiclens.audit(b.yt, b.yp, sf, **KW),
        "compare": lambda: ethiclens.compare(b.yt, b.yp, b.yp2, sf, **KW),
        "threshold_table": lambda: ethiclens.threshold_table(b.yt, b.s, sf, **KW),
    }
    with pytest.raises(EthicLensInputError, match=r"group\(s\) \['zzz'\] have no rows"):
        calls[function]()
