"""Round 12: an estimate without an interval is never REPORTED; the intervals' method is said
once; a release folder's other files are never deleted; a score column gets a threshold hint."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, release, write_release


def _data(seed=0, n=2000):
    rng = np.random.default_rng(seed)
    g = rng.choice(["a", "b"], n)
    y = rng.integers(0, 2, n)
    p = (rng.random(n) < np.where(g == "a", 0.6, 0.3)).astype(int)
    return pd.DataFrame({"g": g, "y": y, "p": p, "s": rng.random(n)})


def _release(df=None):
    req = make_request(500, "g", protected_domain=["a", "b"], epsilon=2)
    return release(req, _data() if df is None else df, "y", "p", random_state=1)


def test_a_value_without_an_interval_is_not_reported_as_reported():
    est = estimate(_release(), n_boot=100, random_state=0)
    statuses = {k: v["status"] for k, v in est.values.items()}
    assert "INSUFFICIENT_DATA" in statuses.values(), statuses  # the tester's repro
    for k, v in est.values.items():
        if v["status"] == "REPORTED":
            assert v["ci_low"] is not None and v["reason"] is None, (k, v)
        if v["value"] is not None and v["ci_low"] is None:
            assert v["status"] == "INSUFFICIENT_DATA", (k, v)
            assert v["reason"].startswith("no interval: ") and "replicates undefined" in v["reason"]
            assert "not reported" not in v["reason"] and "--n" in v["reason"]
    from ethiclens.p2nia import validate_estimate_output

    validate_estimate_output(est.to_dict())


def test_the_intervals_line_says_the_method_once():
    est = estimate(_release(), n_boot=100, random_state=0)
    lines = est.lines()
    method = "percentile bootstrap over released rows"
    assert lines[-1].count(method) == 1, lines[-1]
    assert sum(line.count(method) for line in lines) == 1


def test_no_draws_keeps_reported_without_an_interval():
    est = estimate(_release(), n_boot=0)
    for v in est.values.values():
        if v["value"] is not None and v["status"] == "REPORTED":
            assert v["ci_low"] is None and v["reason"] == "no interval asked for"


def test_replace_refuses_a_release_folder_with_other_files(tmp_path):
    rel, out = _release(), tmp_path / "rel"
    write_release(rel, out)
    (out / "notes.txt").write_text("mine")
    (out / "plots").mkdir()
    with pytest.raises(EthicLensInputError) as err:
        write_release(rel, out, replace=True)
    msg = str(err.value)
    assert "notes.txt" in msg and "plots" in msg and "Fix:" in msg and err.value.column == "--out"
    assert (out / "notes.txt").read_text() == "mine" and (out / "plots").is_dir()
    (out / "notes.txt").unlink()
    (out / "plots").rmdir()
    write_release(rel, out, replace=True)  # the release's own files alone: replaced


def test_a_score_prediction_gets_a_threshold_hint_not_an_equality():
    req = make_request(500, "g", protected_domain=["a", "b"], epsilon=2)
    df = _data()
    with pytest.raises(EthicLensInputError) as err:
        release(req, df, "y", "s", random_state=1)
    assert "(df['s'] >= 0.5).astype(int)" in err.value.fix and "==" not in err.value.fix
    df["s"] = df["s"] * 100  # a score outside [0, 1]: the model's threshold, named T
    with pytest.raises(EthicLensInputError) as err:
        release(req, df, "y", "s", random_state=1)
    assert "(df['s'] >= T).astype(int)" in err.value.fix and "threshold" in err.value.fix
    df["s"] = np.where(df["p"] == 1, "yes", "no")  # a two-valued label: compared with one
    with pytest.raises(EthicLensInputError) as err:
        release(req, df, "y", "s", random_state=1)
    assert "== 'yes'" in err.value.fix or "== 'no'" in err.value.fix
