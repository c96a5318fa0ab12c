"""Round 25 (P2NIA): an MST/AIM manifest's ``_privacy.charges`` (the measurements whose noise
the estimate's intervals draw) are checked with the rest of the manifest: a charge that is not
a positive number (``'x'`` raised a TypeError), scaled or removed (the intervals silently
narrowed: EO [0, 0.17] for [0, 0.30] with none), or naming a marginal never measured, is
refused as an inconsistent manifest even when its hashes were recomputed."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, read_release, release, write_release
from ethiclens.p2nia._protocol import _manifest_digest


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    rng = np.random.default_rng(0)
    n = 1500
    y = rng.integers(0, 2, n)
    data = pd.DataFrame(
        {
            "sex": rng.choice(["F", "M"], n),
            "y": y,
            "pred": np.where(rng.random(n) < 0.8, y, 1 - y),
        }
    )
    req = make_request(500, "sex", protected_domain=["F", "M"], epsilon=1, mechanism="mst")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, data, "y", "pred", random_state=0)
    out = tmp_path_factory.mktemp("rel") / "release"
    write_release(rel, out)
    return out


def _tampered(folder, tmp_path, edit):
    out = tmp_path / "tampered"
    out.mkdir()
    (out / "release.csv").write_bytes((folder / "release.csv").read_bytes())
    manifest = json.loads((folder / "manifest.json").read_text())
    edit(manifest["columns"]["_privacy"])
    manifest["manifest_sha256"] = _manifest_digest(manifest)  # a consistent hash cannot hide it
    (out / "manifest.json").write_text(json.dumps(manifest))
    return out


def _set(i, value):
    def edit(priv):
        priv["charges"][i][1] = value

    return edit


EDITS = {
    "text": (_set(0, "x"), "charges[0]'"),
    "negative": (_set(0, -1.0), "charges[0]'"),
    "scaled": (lambda p: p["charges"][0].__setitem__(1, p["charges"][0][1] * 100), "add up"),
    "removed": (lambda p: p.__setitem__("charges", []), "add up to ρ = 0"),
    "key deleted": (lambda p: p.pop("charges"), "add up to ρ = 0"),
    "renamed": (
        lambda p: p["charges"][-1].__setitem__(0, "measure ('foo',)"),
        "not in measured_marginals",
    ),
    "not a list": (lambda p: p.__setitem__("charges", "x"), "must be a list"),
}
MARGINALS = {
    "numbers": [5],
    "text": "x",
}


@pytest.mark.parametrize("name", sorted(MARGINALS))
def test_tampered_measured_marginals_are_refused(folder, tmp_path, capsys, name):
    out = _tampered(
        folder, tmp_path, lambda p: p.__setitem__("measured_marginals", MARGINALS[name])
    )
    with pytest.raises(EthicLensInputError, match="_privacy.measured_marginals'"):
        estimate(read_release(out), n_boot=100)
    assert main(["p2nia", "estimate", str(out), "--n-boot", "100"]) == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(EDITS))
def test_a_tampered_charge_is_refused_on_both_faces(folder, tmp_path, capsys, name):
    edit, words = EDITS[name]
    out = _tampered(folder, tmp_path, edit)
    with pytest.raises(EthicLensInputError, match="manifest.json:columns._privacy.charges") as exc:
        estimate(read_release(out), n_boot=100)
    assert words in str(exc.value), exc.value
    assert main(["p2nia", "estimate", str(out), "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert "columns._privacy.charges" in err and words in err and "Traceback" not in err


def test_the_untampered_release_still_estimates(folder):
    est = estimate(read_release(folder), n_boot=100)
    assert est.values["dp"]["ci_high"] is not None


REQUESTS = {
    "not an object": (lambda m: m.__setitem__("request", 5), "must be a JSON object"),
    "newer": (
        lambda m: m["request"].__setitem__("format", "ethiclens-p2nia-request/2"),
        "newer EthicLens",
    ),
    "unknown key": (lambda m: m["request"].__setitem__("foo", 1), "unknown keys"),
}


@pytest.mark.parametrize("name", sorted(REQUESTS))
def test_a_manifests_request_is_the_platforms_to_fix(folder, tmp_path, capsys, name):
    """A refusal of the request inside a manifest asks the platform for the release (it told
    the auditor reading it to 'create it with ethiclens p2nia request', and named a column)."""
    edit, words = REQUESTS[name]
    out = tmp_path / "tampered"
    out.mkdir()
    (out / "release.csv").write_bytes((folder / "release.csv").read_bytes())
    manifest = json.loads((folder / "manifest.json").read_text())
    edit(manifest)
    manifest["manifest_sha256"] = _manifest_digest(manifest)
    (out / "manifest.json").write_text(json.dumps(manifest))
    assert main(["p2nia", "estimate", str(out), "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert words in err and "key '" in err and "manifest.json:request" in err, err
    assert "ask the platform for the original release" in err, err
    assert "create" not in err and "auditor" not in err, err
