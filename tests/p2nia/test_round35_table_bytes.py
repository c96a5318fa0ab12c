"""Round 35 (P2NIA): a release folder copied in text mode (git's autocrlf, a Windows share,
an editor's save) was refused as "the released table does not match the SHA-256 in the
manifest: it was changed or truncated", as if its rows had been edited; the refusal stands
(only the bytes as released are verified) but now says that only CRLF line ends or a
byte-order mark were added, and to copy the folder as binary. A manifest stripped of its
manifest_sha256 says so (was: "does not match its SHA-256")."""

import json
import shutil
import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, read_release, release, write_release

from .conftest import audit_frame


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    req = make_request(100, "sex", protected_domain=["F", "M"], epsilon=2, metrics="dp")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, audit_frame(200, 0), "y", "pred", random_state=0)
    out = tmp_path_factory.mktemp("p2nia") / "rel"
    write_release(rel, out)
    return out


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda b: b.replace(b"\n", b"\r\n"), "CRLF line ends were added"),
        (lambda b: b"\xef\xbb\xbf" + b, "a byte-order mark was added"),
        (lambda b: b"\xef\xbb\xbf" + b.replace(b"\n", b"\r\n"), "mark and CRLF line ends were"),
        (lambda b: b.replace(b"\n", b"\r\n", 3)[:-3] + b"\n", "it was changed or truncated"),
    ],
)
def test_a_table_copied_in_text_mode_is_refused_saying_so(written, tmp_path, change, words):
    copy = shutil.copytree(written, tmp_path / "copy")
    table = copy / "release.csv"
    table.write_bytes(change(table.read_bytes()))
    with pytest.raises(EthicLensInputError, match=words) as info:
        read_release(copy)
    assert info.value.column == "release.csv"


def test_a_manifest_without_its_own_digest_says_so(written, tmp_path):
    copy = shutil.copytree(written, tmp_path / "copy")
    path = copy / "manifest.json"
    manifest = json.loads(path.read_text())
    del manifest["manifest_sha256"]  # edited by hand: was "does not match its SHA-256"
    path.write_text(json.dumps(manifest))
    with pytest.raises(EthicLensInputError, match="has no manifest_sha256"):
        read_release(copy)
