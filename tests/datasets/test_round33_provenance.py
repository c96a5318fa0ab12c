"""Round 33: Adult with include_test reads (and verifies) adult.test too, but its provenance
and the audit's input fingerprint recorded only adult.data's checksum."""

import gzip
import hashlib
from importlib import resources

from ethiclens import datasets
from ethiclens.spec._target import _shas


def _sha(name):
    raw = resources.files("ethiclens.datasets").joinpath(f"data/{name}.gz").read_bytes()
    return hashlib.sha256(gzip.decompress(raw)).hexdigest()


def test_adult_with_the_test_file_names_both_checksums():
    prov = datasets.load("adult", include_test=True).provenance
    assert prov["files"] == ["adult.data", "adult.test"]  # the shape kept
    assert prov["sha256"] == _sha("adult.data")
    assert prov["checksums"] == [
        {"file": "adult.data", "sha256": _sha("adult.data")},
        {"file": "adult.test", "sha256": _sha("adult.test")},
    ]
    assert _shas(prov, {}) == {"adult.data": _sha("adult.data"), "adult.test": _sha("adult.test")}


def test_adult_alone_names_one_checksum_and_the_fingerprint_is_unchanged():
    prov = datasets.load("adult").provenance
    assert prov["checksums"] == [{"file": "adult.data", "sha256": _sha("adult.data")}]
    assert _shas(prov, {}) == {"adult.data": _sha("adult.data")}


def test_shipped_acs_names_the_checksum_of_its_label_files_too():
    prov = datasets.load("acs-income", states=["CO", "NE"]).provenance
    assert [f["file"] for f in prov["files"]] == [  # the shape kept
        "acsincome_co_features.csv",
        "acsincome_ne_features.csv",
    ]
    names = [f"acsincome_{s}_{part}.csv" for s in ("co", "ne") for part in ("features", "labels")]
    assert prov["checksums"] == [{"file": n, "sha256": _sha(n)} for n in names]
    assert _shas(prov, {}) == {n: _sha(n) for n in names}
