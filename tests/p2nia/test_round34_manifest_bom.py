"""Round 34 (P2NIA): a release whose manifest was saved on another OS with a UTF-8 byte-order
mark (its fields and own SHA-256 unchanged) estimates as the original, on every face: it was
refused as "manifest is not valid JSON (Unexpected UTF-8 BOM ...)"; and ``release --replace``
of such a release that tracks its budget carries the cumulative budget on (it was dropped:
the old manifest read as no tracking, the new one recorded only its own ε)."""

import json
import shutil
import warnings

import pytest

from ethiclens.cli import main
from ethiclens.p2nia import estimate, make_request, read_release, release, write_release

from .conftest import audit_frame


def _bom(path):
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))


@pytest.fixture
def rel(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    req = make_request(1500, "sex", protected_domain=["F", "M"], epsilon=5, track_budget=True)
    write_release(release(req, audit_frame(2000, 0), "y", "pred"), "rel")
    return tmp_path / "rel"


def test_a_manifest_with_a_bom_estimates_as_the_original(rel, tmp_path):
    want = estimate(str(rel), n_boot=100).to_dict()["metrics"]
    shutil.copytree(rel, tmp_path / "bom")
    _bom(tmp_path / "bom" / "manifest.json")
    assert estimate("bom", n_boot=100).to_dict()["metrics"] == want
    assert read_release("bom").manifest == read_release(str(rel)).manifest
    assert main(["p2nia", "estimate", "bom", "--n-boot", "100", "--json", "e.json"]) == 0
    assert json.loads(open("e.json").read())["metrics"] == want


def test_replacing_a_tracked_release_with_a_bom_keeps_its_budget(rel):
    _bom(rel / "manifest.json")
    req = make_request(1500, "sex", protected_domain=["F", "M"], epsilon=5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        write_release(release(req, audit_frame(2000, 1), "y", "pred"), "rel", replace=True)
    budget = read_release("rel").manifest["budget"]
    assert budget["releases"] == 2 and budget["cumulative_on_this_data"] == 10
