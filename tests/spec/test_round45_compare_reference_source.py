"""Round 45 (lead, from the README walkthrough): ``ethiclens compare compas`` said "race:
reference group Caucasian (given)" and its JSON recorded ``reference_source: "given"``,
though the user gave no reference (``audit compas`` says "dataset default"): the run handed
``compare`` the benchmark's references without saying how they were chosen. ``compare`` now
takes ``reference_source`` as ``audit`` does, and the run passes the target's."""

from __future__ import annotations

import numpy as np

import ethiclens


def _sources(result) -> set:
    audits = result.to_dict()["audits"]
    return {a["reference_source"] for m in ("a", "b") for a in audits[m]["attributes"]}


def test_a_benchmark_comparison_says_dataset_default():
    result = ethiclens.run("compas", y_pred=["model", "decile"], n_boot=100, seed=0)
    assert _sources(result) == {"dataset default"}


def test_a_given_reference_still_says_given(tmp_path):
    rng = np.random.default_rng(0)
    path = tmp_path / "d.csv"
    rows = ["y,a,b,g"] + [
        f"{rng.integers(2)},{rng.integers(2)},{rng.integers(2)},{'xy'[i % 2]}" for i in range(400)
    ]
    path.write_text("\n".join(rows) + "\n")
    result = ethiclens.run(str(path), y_true="y", y_pred=["a", "b"], protected="g=x", n_boot=100)
    assert _sources(result) == {"given"}


def test_compare_takes_reference_source_as_audit_does():
    y, a, b = [0, 1] * 100, [0, 1, 1, 0] * 50, [1, 1, 0, 0] * 50
    g = ["x", "y"] * 100
    result = ethiclens.compare(
        y, a, b, {"g": g}, reference={"g": "x"}, reference_source="dataset default", n_boot=100
    )
    assert _sources(result) == {"dataset default"}
