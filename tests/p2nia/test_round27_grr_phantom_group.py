"""Round 27 (P2NIA): a group added to a GRR release's manifest after the release (its keep
probabilities and hashes recomputed) is refused when no released row holds it.

Under GRR every released row reports each group with probability at least
q = 1 / (e^ε + k − 1), whatever its true group, so a genuine release of n′ rows holds none of
a group's rows with probability at most (1 − q)^n′ (1e-102 for 1,000 rows at ε = 1 over three
groups). Before, such a phantom group was accepted and turned every metric UNDEFINED ("no
(estimated) rows in group(s) ['X']") as if the data had none of its rows. A digest of the
groups in the manifest would bind nothing: whoever recomputes the manifest's SHA-256 recomputes
it too (integrity, not authentication); what binds the groups is the auditor's own request
(``--groups``, checked by ``estimate --request``). At a large ε, where a genuine release may
miss a group (q tiny), nothing is refused."""

from __future__ import annotations

import hashlib
import json
import warnings

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import (
    estimate,
    keep_probability,
    make_request,
    read_release,
    release,
    write_release,
)
from ethiclens.p2nia._protocol import _manifest_digest

from .conftest import audit_frame


def _data(n=3000, seed=0):
    return audit_frame(n, seed)


def _release(tmp_path, epsilon, accounting="record", groups=None, name="rel"):
    req = make_request(1000, "sex", epsilon=epsilon, accounting=accounting, protected_domain=groups)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, _data(), "y", "pred", random_state=0)
    return write_release(rel, tmp_path / name)


def _with_phantom(out, in_request=False):
    m = json.loads((out / "manifest.json").read_text())
    col = m["columns"]["sex"]
    col["domain"].append("X")
    col["k"] = 3
    col["keep_probability"] = keep_probability(col["epsilon"], 3)
    if in_request:
        m["request"]["protected_domain"].append("X")
    m["manifest_sha256"] = _manifest_digest(m)
    (out / "manifest.json").write_text(json.dumps(m))
    return out


@pytest.mark.parametrize(
    ("accounting", "groups"), [("record", None), ("per-column", None), ("record", ["F", "M"])]
)
def test_a_phantom_group_no_released_row_holds_is_refused(tmp_path, capsys, accounting, groups):
    out = _with_phantom(_release(tmp_path, 3, accounting, groups), in_request=bool(groups))
    with pytest.raises(EthicLensInputError) as exc:
        estimate(read_release(out), n_boot=100)
    text = str(exc.value)
    assert "manifest.json:columns.sex.domain'" in text and "'X'" in text, text
    assert "no released row holds the group" in text and "of the 1000 rows" in text
    assert "ask the platform for the original release" in text
    assert main(["p2nia", "estimate", str(out)]) == 2
    assert "no released row holds the group" in capsys.readouterr().err


def test_a_group_a_large_epsilon_may_miss_is_not_refused(tmp_path):
    # at ε = 60 per column a row reports another group with probability e^-60: a release of
    # 1,000 rows of which none is in a group may hold none of its rows
    out = _release(tmp_path, 60, "per-column")
    m = json.loads((out / "manifest.json").read_text())
    assert hashlib.sha256((out / "release.csv").read_bytes()).hexdigest() == m["sha256"]
    est = estimate(read_release(_with_phantom(out)), n_boot=0)
    assert est.values["dp"]["status"] in ("UNDEFINED", "INSUFFICIENT_DATA")


def test_the_genuine_releases_still_estimate(tmp_path):
    for i, (eps, acc) in enumerate([(3, "record"), (3, "per-column"), (60, "per-column")]):
        out = _release(tmp_path, eps, acc, name=f"r{i}")
        assert estimate(read_release(out), n_boot=100).values["dp"]["value"] is not None
