"""Round 28 review (P2NIA): the in-memory change check compares a release's table with the
table as it was read, not with pandas' text of it: a release whose file pandas would write
otherwise (CRLF line ends, as pandas writes on Windows) is estimated, not refused as
changed, and so is one whose rows were sorted in memory (the estimate counts rows); a change of
a value made in memory after the read is still refused."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, read_release
from ethiclens.p2nia._protocol import _manifest_digest

from .test_round28_binding import _written


def _crlf(tmp_path) -> Path:
    """A release as a platform on Windows writes it (its digests over CRLF text)."""
    out = Path(_written(tmp_path))
    table = out / "release.csv"
    text = table.read_bytes().replace(b"\n", b"\r\n")
    table.write_bytes(text)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["sha256"] = hashlib.sha256(text).hexdigest()
    manifest["manifest_sha256"] = _manifest_digest(manifest)
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return out


def test_a_crlf_release_is_estimated_from_its_folder_and_as_read(tmp_path):
    out = _crlf(tmp_path)
    by_folder = estimate(out, n_boot=0)
    as_read = estimate(read_release(out), n_boot=0)
    assert by_folder.to_dict()["metrics"] == as_read.to_dict()["metrics"]
    assert by_folder.run["input"]["files"]["release.csv"] == read_release(out).manifest["sha256"]


def test_a_crlf_release_changed_in_memory_is_still_refused(tmp_path):
    rel = read_release(_crlf(tmp_path))
    rel.table.loc[0, "Y_hat"] = 1 - rel.table.loc[0, "Y_hat"]
    with pytest.raises(EthicLensInputError, match=r"changed after it was read \(its column"):
        estimate(rel, n_boot=0)


def test_rows_reordered_in_memory_estimate_the_same(tmp_path):
    out = _crlf(tmp_path)
    rel = read_release(out)
    rel.table = rel.table.sort_values(["sex", "Y_hat"])
    as_written = estimate(out, n_boot=0).to_dict()["metrics"]
    assert estimate(rel, n_boot=0).to_dict()["metrics"] == as_written
    rel.table = rel.table[rel.table.columns[::-1]]  # the manifest's order: refused by name
    with pytest.raises(
        EthicLensInputError, match=r"differ from the manifest's .* \(in its order\)"
    ):
        estimate(rel, n_boot=0)


def test_one_label_moved_to_another_row_is_refused(tmp_path):
    rel = read_release(_written(tmp_path))
    y = rel.table["Y_hat"].to_numpy().copy()
    first_0, first_1 = (int((y == v).argmax()) for v in (0, 1))
    y[[first_0, first_1]] = y[[first_1, first_0]]  # the column's counts unchanged
    rel.table["Y_hat"] = y
    with pytest.raises(EthicLensInputError, match=r"changed after it was read \(its"):
        estimate(rel, n_boot=0)
