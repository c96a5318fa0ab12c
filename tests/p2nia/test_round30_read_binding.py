"""Round 30 (P2NIA): a release read from its folder is estimated only with what was checked.

``read_release`` verifies the manifest and the table against their SHA-256. A manifest replaced
in memory by another self-consistent one (another release's, or the read one edited with its
``manifest_sha256`` recomputed, or stripped of its digests) passed the check on the original:
the estimate used the read table with a manifest that does not name it, and recorded that
manifest's digests (``record_inputs`` then matched the other release's folder). The estimate
now uses exactly the table and the manifest read together (or another read pair whole), and a
copy no longer keeps the originally read table in memory."""

from __future__ import annotations

import copy
import dataclasses
import gc
import pickle
import warnings
import weakref

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, read_release, release, write_release
from ethiclens.p2nia._protocol import _manifest_digest

from .conftest import audit_frame


def _folder(path, seed, groups=("F", "M")):
    req = make_request(400, "sex", epsilon=3, protected_domain=list(groups))
    data = audit_frame(2000, seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return write_release(release(req, data, "y", "pred", random_state=seed), path)


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("rel")
    return _folder(root / "a", 0), _folder(root / "b", 1)


def _refused(rel):
    with pytest.raises(EthicLensInputError, match="changed after it was read") as exc:
        estimate(rel, n_boot=0)
    return str(exc.value)


def test_another_releases_manifest_assigned_is_refused(folders):
    a, b = folders
    rel, other = read_release(a), read_release(b)
    rel.manifest = other.manifest  # self-consistent, names b's table
    said = _refused(rel)
    assert "its column(s) " in said, said


def test_a_manifest_edited_with_its_digest_recomputed_is_refused(folders):
    rel = read_release(folders[0])
    rel.manifest["request"]["track_budget"] = True
    rel.manifest["manifest_sha256"] = _manifest_digest(rel.manifest)
    assert "(manifest_sha256, request.track_budget)" in _refused(rel)
    rel = read_release(folders[0])
    rel.manifest = {**rel.manifest, "rows": rel.manifest["rows"]}
    rel.manifest["columns"] = copy.deepcopy(rel.manifest["columns"])
    rel.manifest["columns"]["sex"]["domain"] = ["F", "M"][::1]  # unchanged: estimates
    assert estimate(rel, n_boot=0).groups


def test_a_manifest_stripped_of_its_digests_is_refused(folders):
    rel = read_release(folders[0])
    del rel.manifest["manifest_sha256"]
    assert "manifest_sha256" in _refused(rel)


def test_another_read_pair_whole_estimates_as_that_release(folders):
    a, b = folders
    rel, other = read_release(a), read_release(b)
    rel.manifest, rel.table = other.manifest, other.table
    assert estimate(rel, n_boot=0).values == estimate(read_release(b), n_boot=0).values


def test_a_copy_does_not_keep_the_read_table_alive(folders):
    rel = read_release(folders[0])
    table = weakref.ref(rel.table)
    copied = dataclasses.replace(rel, table=rel.table.copy())
    del rel
    gc.collect()
    assert table() is None
    assert estimate(copied, n_boot=0).groups  # still checked as read
    copied.table.loc[0, "sex"] = "M" if copied.table.loc[0, "sex"] == "F" else "F"
    assert "its column(s) sex)" in _refused(copied)
    for again in (copy.deepcopy(copied), pickle.loads(pickle.dumps(copied))):
        assert "its column(s) sex)" in _refused(dataclasses.replace(again))
