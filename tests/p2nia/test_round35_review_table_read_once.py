"""Round 35 review (P2NIA): read_release hashed release.csv's bytes, then read the file again
to parse it, so a release replaced in the folder between the two (another write_release
--replace, a monitor's next release) was loaded under the first one's manifest and verified
SHA-256. The table is now parsed from the very bytes whose SHA-256 was checked."""

import warnings

from ethiclens.p2nia import _protocol, make_request, read_release, release, write_release

from .conftest import audit_frame


def _release(seed: int):
    req = make_request(60, "sex", protected_domain=["F", "M"], epsilon=2, metrics="dp")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return release(req, audit_frame(80, seed), "y", "pred", random_state=seed)


def test_the_table_read_is_the_one_whose_digest_was_checked(tmp_path, monkeypatch):
    first, second = _release(0), _release(1)
    out = tmp_path / "rel"
    write_release(first, out)
    before = read_release(out)
    hashed, pending = _protocol._sha256_bytes, [True]

    def replaced_after_hashing(data):  # the folder replaced once the table's bytes are hashed
        digest = hashed(data)
        if pending and digest == before.manifest["sha256"]:
            pending.clear()
            write_release(second, out, replace=True)
        return digest

    monkeypatch.setattr(_protocol, "_sha256_bytes", replaced_after_hashing)
    got = read_release(out)
    assert not pending  # the folder was replaced while it was read
    assert got.manifest["sha256"] == before.manifest["sha256"]
    assert got.table.equals(before.table)
