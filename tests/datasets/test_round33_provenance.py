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
