"""The protocol's steps on files (p2nia/_folder.py) and the results' terminal text."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.p2nia import (
    AuditRequest,
    ReleaseSettings,
    estimate,
    make_request,
    parse_bins,
    read_release,
    read_request,
    release_to_folder,
)


@pytest.fixture
def files(tmp_path):
    rng = np.random.default_rng(0)
    n = 2000
    data = pd.DataFrame(
        {"sex": rng.choice(["F", "M"], n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )
    data.to_csv(tmp_path / "data.csv", index=False)
    req = make_request(500, "sex", epsilon=2.0, track_budget=True)
    (tmp_path / "req.json").write_text(json.dumps(req.to_dict()))
    return tmp_path


def test_make_request_takes_the_request_fields_with_their_defaults():
    assert make_request(100, "sex", epsilon=1) == AuditRequest(100, "sex", epsilon=1)
    req = make_request(100, "sex", metrics=("dp",), protected_domain=["1", "2"], epsilon=3)
    assert req.metrics == ["dp"] and req.protected_domain == ["1", "2"] and req.epsilon == 3.0
    with pytest.raises(TypeError, match="make_request.*'epsilom'"):
        make_request(100, "sex", epsilom=1.0)


def test_release_to_folder_writes_and_says_what_it_wrote(files):
    settings = ReleaseSettings(y_pred="p", y_true="y", seed=1)
    first = release_to_folder(files / "req.json", files / "data.csv", files / "rel", settings)
    assert first.summary(files / "rel").startswith(f"wrote {files / 'rel' / 'release.csv'} (500")
    assert "cumulative ε on this data 2 over 1 release" in first.summary(files / "rel")
    again = ReleaseSettings(y_pred="p", y_true="y", seed=2, replace=True)
    second = release_to_folder(files / "req.json", files / "data.csv", files / "rel", again)
    assert second.manifest["budget"]["releases"] == 2
    assert read_release(files / "rel").manifest == second.manifest


def test_release_to_folder_refuses_inputs_inside_the_release_folder(files):
    (files / "rel").mkdir()
    (files / "data.csv").rename(files / "rel" / "data.csv")
    with pytest.raises(EthicLensInputError, match="inside the release folder"):
        release_to_folder(
            files / "req.json", files / "rel" / "data.csv", files / "rel", ReleaseSettings("p")
        )


def test_read_request_and_parse_bins_refuse_bad_text(files):
    assert read_request(files / "req.json").n == 500
    (files / "bad.json").write_text("{")
    with pytest.raises(EthicLensInputError, match="cannot parse bad.json"):
        read_request(files / "bad.json")
    assert parse_bins(["age=0,18,120"]) == {"age": [0.0, 18.0, 120.0]}
    for specs, needle in (
        (["age"], "COLUMN=E0"),
        (["a=1,2", "a=2,3"], "twice"),
        (["a=x"], "numbers"),
    ):
        with pytest.raises(EthicLensInputError, match=needle):
            parse_bins(specs)


@pytest.mark.parametrize("seed", range(6))
def test_estimate_lines_one_per_metric_then_the_methods(files, seed):
    # seeded: an unseeded release left every metric below its floor now and then (CI flake)
    settings = ReleaseSettings("p", "y", seed=seed)
    release_to_folder(files / "req.json", files / "data.csv", files / "rel", settings)
    est = estimate(read_release(files / "rel"), n_boot=100, random_state=0)
    lines = est.lines()
    # a note (GRR's noise dominating: docs/p2nia.md) follows the metrics, before the method
    metrics = [line for line in lines[:-1] if not line.startswith("  note: ")]
    assert [line.split()[0] for line in metrics] == ["DP", "EO", "EOPP"]
    # the method once; a metric's own note (not reported below a floor) stays on its line;
    # with no interval computed at all, the line says why (each metric's method, once)
    any_interval = any(v["ci_low"] is not None for v in est.values.values())
    method = est.interval_method if any_interval else est.methods()
    assert lines[-1] == f"  intervals: {method}"
