"""Round 34: which Bias in Bios file is checked as the project's copy, decided and said where a
user reads it. A copy renamed and edited in both of its first two rows cannot be told from a
user's own file (which must load), so it is read as one: as it is, its provenance naming its
own SHA-256, never the copy's. load_bios's docstring (help(), docs/api.md's source) says so."""

import hashlib
from pathlib import Path

import pytest

from ethiclens import datasets
from ethiclens.datasets._bios import DEFAULT_SHA256

COPY = (
    Path(__file__).resolve().parents[3] / "shared" / "datasets" / "bios" / "surgeon_nurse_bios.csv"
)


@pytest.mark.skipif(not COPY.exists(), reason="the shared Bias in Bios copy is not here")
def test_a_renamed_copy_edited_in_both_first_rows_is_the_users_own(tmp_path):
    lines = COPY.read_bytes().split(b"\n")
    lines[1], lines[2] = lines[3], lines[4]  # both first rows replaced by the next two
    path = tmp_path / "my bios.csv"
    path.write_bytes(b"\n".join(lines))
    ds = datasets.load("bios", path=path)
    assert ds.provenance["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    assert ds.provenance["sha256"] != DEFAULT_SHA256


def test_the_rule_is_said_where_users_read_it():
    doc = " ".join(datasets.load_bios.__doc__.split())
    assert "checked against its SHA-256" in doc
    assert "any other file is read as your own" in doc
