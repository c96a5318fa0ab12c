"""Round 14, the auditor's side: --n-boot 0 reports the estimates without intervals (as the
docs say); group labels are printed on one line each (a platform's label cannot forge lines of
the summary); label masses are shown as they are, not rounded to 0; a tampered manifest's ε is
refused as an invalid manifest, a repeated header named as written; GRR states no δ."""

import json
import math

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import Policy
from ethiclens.p2nia import (
    AuditRequest,
    estimate,
    make_request,
    read_release,
    release,
    validate_estimate_output,
    write_release,
)
from ethiclens.p2nia._estimate import _below_floor
from ethiclens.p2nia._protocol import _manifest_digest, _sha256_bytes

FORGED = "  DP    0.0000 [0.0000, 0.0000]  PASS"


def _data(n=3000, seed=0, tiny=None):
    rng = np.random.default_rng(seed)
    g = rng.choice(["a", "b"], n).astype(object)
    if tiny is not None:
        g[rng.random(n) < 0.01] = tiny
    return pd.DataFrame({"g": g, "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)})


def _release(df=None, **request):
    req = make_request(2000, "g", epsilon=10, **request)
    return release(req, _data() if df is None else df, "y", "p", random_state=0)


def test_no_draws_reports_every_defined_metric_without_an_interval():
    est = estimate(_release(protected_domain=["a", "b"]), n_boot=0)
    for k, v in est.values.items():
        assert v["status"] == "REPORTED", (k, v)
        assert v["ci_low"] is None and v["ci_high"] is None, (k, v)
        assert v["ci_method"] == "not computed (--n-boot 0; n_boot=0 in Python)", (k, v)
        assert "--n" not in (v["reason"] or "") and "larger ε" not in (v["reason"] or ""), (k, v)
    assert est.lines()[-1] == "  intervals: not computed (--n-boot 0; n_boot=0 in Python)"
    validate_estimate_output(est.to_dict())


def test_the_docs_say_what_n_boot_0_gives():
    from pathlib import Path

    text = Path(__file__).resolve().parents[2].joinpath("docs", "p2nia.md").read_text()
    assert "`--n-boot 0` gives REPORTED" in text
    assert "not computed (--n-boot 0; n_boot=0 in Python)" in text


def test_a_group_label_cannot_forge_a_line_of_the_summary(tmp_path, capsys):
    rel = _release(_data(tiny="tiny\n" + FORGED + "\x1b[2K"))
    est = estimate(rel, n_boot=0)
    assert any("tiny" in line for line in est.lines())
    for line in est.lines():
        assert "\n" not in line and "\x1b" not in line, line
    write_release(rel, tmp_path / "rel")
    assert main(["p2nia", "estimate", str(tmp_path / "rel"), "--n-boot", "0"]) == 0
    out = capsys.readouterr().out
    assert FORGED not in out.splitlines(), out
    assert "tiny\\n  DP" in out and len(out.splitlines()) == 5, out  # header, 3 metrics, methods


def test_the_header_line_escapes_the_manifests_words():
    rel = _release(protected_domain=["a", "b"])
    est = estimate(rel, n_boot=0)
    est.basis += "\n" + FORGED
    assert "\n" not in est.header() and "\\n" in est.header()
    assert "\n" not in repr(est)


def test_a_fractional_label_mass_is_not_shown_as_0():
    cells = np.array([[0.2, 50.0, 0.2, 133.0], [100.0, 100.0, 100.0, 100.0]])
    reason = _below_floor("eo", cells, True, ["x", "y"], Policy(), "g")
    assert "0.4 positive / 183 negative labels" in reason, reason
    cells[0, [0, 2]] = 0.01
    reason = _below_floor("eo", cells, True, ["x", "y"], Policy(), "g")
    assert "<0.1 positive" in reason and "0 positive" not in reason, reason
    counts = np.array([[12.5, 0.0], [300.0, 300.0]])
    assert "n = 12.5," in _below_floor("dp", counts, False, ["x", "y"], Policy(), "g")


def _tampered(tmp_path, edit_manifest=None, edit_table=None):
    """A release whose manifest (and table) were edited and their hashes recomputed."""
    out = tmp_path / "rel"
    write_release(_release(protected_domain=["a", "b"]), out)
    manifest = json.loads((out / "manifest.json").read_text())
    if edit_table:
        data = edit_table((out / "release.csv").read_text()).encode()
        (out / "release.csv").write_bytes(data)
        manifest["sha256"] = _sha256_bytes(data)
    if edit_manifest:
        edit_manifest(manifest)
    manifest["manifest_sha256"] = _manifest_digest(manifest)
    (out / "manifest.json").write_text(json.dumps(manifest))
    return out


def _set(*path, value):
    def edit(m):
        for key in path[:-1]:
            m = m[key]
        m[path[-1]] = value

    return edit


@pytest.mark.parametrize(
    "path,value",
    [
        (("epsilon",), math.nan),
        (("epsilon",), 0),
        (("request", "epsilon"), 0),
        (("columns", "g", "epsilon"), 0),
    ],
)
def test_a_tampered_epsilon_is_an_invalid_manifest_not_a_budget_to_choose(tmp_path, path, value):
    out = _tampered(tmp_path, _set(*path, value=value))
    with pytest.raises(EthicLensInputError) as err:
        read_release(out)
    exc = err.value
    assert exc.kind == "key" and "manifest.json" in exc.column, str(exc)
    assert "invalid manifest" in exc.problem and "new release" in exc.fix, str(exc)
    assert "give a positive budget" not in str(exc), str(exc)


def test_a_repeated_header_is_named_as_the_file_writes_it(tmp_path):
    out = _tampered(tmp_path, edit_table=lambda t: t.replace("Y_hat", "Y", 1))
    with pytest.raises(EthicLensInputError) as err:
        read_release(out)
    msg = str(err.value)
    assert "repeats the column(s) Y:" in msg and "Y.1" not in msg, msg


def test_grr_states_no_delta_even_when_an_older_request_gave_one():
    req = AuditRequest(2000, "g", epsilon=10, protected_domain=["a", "b"])
    rel = release(req, _data(), "y", "p", random_state=0)
    # a release made before GRR refused δ: its manifest states one (a release now refuses it)
    rel.manifest["delta"] = 1e-5
    if isinstance(rel.manifest.get("request"), dict):
        rel.manifest["request"]["delta"] = 1e-5
    est = estimate(rel, n_boot=0)
    assert "δ" not in est.basis and "δ" not in repr(est), est.basis
    mst = make_request(500, "g", epsilon=8, delta=1e-6, mechanism="mst", metrics=["dp"])
    assert mst.delta == 1e-6  # an (ε, δ) mechanism keeps its δ
