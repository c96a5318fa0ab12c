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


def _strict(text: str) -> dict:
    import json

    def refuse(constant):
        raise AssertionError(f"not strict JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize(
    ("setting", "value", "written"),
    [
        ("min_group_size", np.int64(50), 50),
        ("di_threshold", np.float32(0.5), 0.5),
        ("eo_threshold", np.float64(0.2), 0.2),
    ],
)
def test_numpy_scalars_in_policy_write_as_json(setting, value, written):
    b = _data()
    policy = ethiclens.Policy(**{setting: value})
    assert type(getattr(policy, setting)) is type(written)
    results = [
        ethiclens.audit(b.yt, b.yp, b.g, policy=policy, **KW),
        ethiclens.compare(b.yt, b.yp, b.yp2, b.g, policy=policy, **KW),
        ethiclens.threshold_table(b.yt, b.s, b.g, policy=policy, **KW),
    ]
    for result in results:
        assert _strict(result.to_json())["config"]["policy"][setting] == written


def test_numpy_scalars_and_nan_in_provenance_write_as_strict_json():
    b = _data()
    provenance = {"n": np.int64(3), "k": np.float64(1.5), "x": float("nan"), "ok": np.bool_(1)}
    expected = {"n": 3, "k": 1.5, "x": None, "ok": True}
    audited = ethiclens.audit(b.yt, b.yp, b.g, provenance=provenance, **KW)
    compared = ethiclens.compare(b.yt, b.yp, b.yp2, b.g, provenance=provenance, **KW)
    for result in (audited, compared):
        assert _strict(result.to_json())["data"]["provenance"] == expected


def test_policy_names_di_rule_as_an_argument():
    with pytest.raises(EthicLensInputError, match=r"^argument 'di_rule': unknown DI rule"):
        ethiclens.Policy(di_rule="Below")
