"""Round 44 review (p2nia, found-not-fixed (2)): 'p2nia estimate REL --html x.html' with dp and
eo listed the mechanism's interval method twice under the table ("95% intervals: percentile
bootstrap ..., folded at 0; percentile bootstrap ..., folded at 0 (each of its 2 signed
differences ... Bonferroni ...)"): Estimate.methods() kept each metric's whole method. It now
names the mechanism's once, then what a metric adds ("; for EO: each of its 2 ..."), as the
terminal does; the terminal's lines are unchanged."""

import warnings

import numpy as np
import pandas as pd

from ethiclens.cli import main
from ethiclens.p2nia import estimate, make_request, release


def _estimate(n_boot=100, rows=2000, epsilon=4):
    rng = np.random.default_rng(0)
    data = pd.DataFrame({"g": rng.choice(["a", "b"], rows), "y": rng.integers(0, 2, rows)})
    data["p"] = rng.integers(0, 2, rows)
    domain, metrics = ["a", "b"], ["dp", "eo"]
    req = make_request(rows // 2, "g", protected_domain=domain, epsilon=epsilon, metrics=metrics)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return estimate(release(req, data, "y", "p", random_state=0), n_boot=n_boot, random_state=0)


def test_the_method_is_named_once_and_the_gaps_addition_by_its_metric():
    est = _estimate()
    base, methods = est.interval_method, est.methods()
    assert base and methods.count(base) == 1
    assert methods.startswith(base + "; for EO: each of its 2 signed differences")
    assert "Bonferroni" in methods and "; for DP" not in methods


def test_a_metric_without_an_interval_adds_no_method():
    est = _estimate(rows=600, epsilon=2)  # EO: too many undefined replicates, no interval
    assert est.values["eo"]["ci_low"] is None and est.values["dp"]["ci_low"] is not None
    assert est.methods() == est.interval_method
    assert _estimate(n_boot=0).methods() == "not computed (--n-boot 0; n_boot=0 in Python)"


def test_the_html_page_names_it_once(tmp_path):
    rng = np.random.default_rng(0)
    data = pd.DataFrame({"g": rng.choice(["a", "b"], 2000), "y": rng.integers(0, 2, 2000)})
    data["p"] = rng.integers(0, 2, 2000)
    data.to_csv(tmp_path / "d.csv", index=False)
    req, rel, page = (str(tmp_path / n) for n in ("r.json", "rel", "x.html"))
    words = ["--n", "1000", "--protected", "g", "--groups", "a,b", "--epsilon", "4"]
    assert main(["p2nia", "request", *words, "--metrics", "dp,eo", "--out", req]) == 0
    words = ["--request", req, "--data", str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "p"]
    assert main(["p2nia", "release", *words, "--out", rel]) == 0
    assert main(["p2nia", "estimate", rel, "--n-boot", "100", "--seed", "0", "--html", page]) == 0
    text = open(page, encoding="utf-8").read()
    assert text.count("percentile bootstrap over released rows") == 1
    assert "for EO: each of its 2 signed differences" in text
