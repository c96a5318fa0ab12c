"""Round 29b (P2NIA): a copy of a release read from its folder keeps what was read.

``read_release`` records what its digests were verified on (the manifest as read, the
table's rows and columns), and ``estimate`` refuses a release changed in memory since. A copy
made with ``dataclasses.replace`` lost that record and fell back to the file's digest of the
table's text: a reordered copy was refused though the original is not, an edit the text does
not show (numbers turned into text) passed the check, and an edit was refused without naming
its column. A copy now keeps the record (whichever of the read manifest or table it keeps),
and is refused, or estimated, exactly as the original; a release made in memory is as before."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, read_release, release, write_release
from ethiclens.p2nia._protocol import Release, _manifest_digest

from .conftest import audit_frame

COPIES = {
    "replace": dataclasses.replace,
    "replace-table": lambda rel: dataclasses.replace(rel, table=rel.table.copy()),
    "replace-manifest": lambda rel: dataclasses.replace(rel, manifest=copy.deepcopy(rel.manifest)),
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
}


def _flip(rel):
    rel.table.loc[0, "sex"] = "M" if rel.table.loc[0, "sex"] == "F" else "F"


def _as_text(rel):  # the same file text, not the same rows
    rel.table[rel.table.columns[1]] = rel.table[rel.table.columns[1]].astype(str)


def _reorder(rel):  # the same rows: an estimate counts them whatever their order
    rel.table = rel.table.iloc[::-1].reset_index(drop=True)


def _made():
    req = make_request(400, "sex", epsilon=3, protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return release(req, audit_frame(2000, 0), "y", "pred", random_state=0)


def _outcome(rel):
    try:
        return estimate(rel, n_boot=0).groups
    except EthicLensInputError as exc:
        return str(exc)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return write_release(_made(), tmp_path_factory.mktemp("rel") / "r")


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("edit", [_flip, _as_text, _reorder, None])
def test_a_copy_is_checked_as_the_original(folder, how, edit):
    original, copied = read_release(folder), COPIES[how](read_release(folder))
    for rel in (original, copied):
        if edit is not None:
            edit(rel)
    expected = _outcome(original)
    assert _outcome(copied) == expected
    if edit in (_flip, _as_text):
        assert "changed after it was read (its column(s) " in expected, expected


def test_a_copy_of_a_crlf_release_still_estimates(folder, tmp_path):
    # a release copied on Windows: CRLF line ends, rows as written (not pandas' text)
    out = tmp_path / "crlf"
    out.mkdir()
    text = (folder / "release.csv").read_bytes().replace(b"\n", b"\r\n")
    (out / "release.csv").write_bytes(text)
    manifest = (folder / "manifest.json").read_text()
    m = json.loads(manifest)
    m["sha256"] = hashlib.sha256(text).hexdigest()
    m["manifest_sha256"] = _manifest_digest(m)
    (out / "manifest.json").write_text(json.dumps(m))
    rel = read_release(out)
    assert _outcome(dataclasses.replace(rel)) == _outcome(rel)
    assert not isinstance(_outcome(rel), str)


def test_a_release_made_in_memory_is_as_before():
    rel = _made()
    assert not hasattr(rel, "_read") and not hasattr(dataclasses.replace(rel), "_read")
    assert _outcome(dataclasses.replace(rel)) == _outcome(rel)


def test_a_read_table_with_another_releases_manifest_is_refused(folder, tmp_path):
    # the record binds the rows to the file its manifest names, not to any manifest
    req = make_request(400, "sex", epsilon=3, protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        other = write_release(
            release(req, audit_frame(2000, 1), "y", "pred", random_state=1), tmp_path / "o"
        )
    rel = read_release(folder)
    written = dataclasses.replace(rel, manifest=read_release(other).manifest)
    assert "changed after it was read" in _outcome(written)
    m = copy.deepcopy(read_release(other).manifest)
    m["manifest_sha256"] = _manifest_digest(m)  # a plain dict: not read, another file
    assert "changed after it was read (its table)" in _outcome(Release(rel.table, m))
