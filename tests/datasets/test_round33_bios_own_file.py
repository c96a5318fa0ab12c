"""Round 33: only the project's Bias in Bios copy is checked against its checksum; a user's own
file that happens to be named surgeon_nurse_bios.csv (in another folder, with other rows) was
refused as a "damaged copy"."""

import hashlib
from pathlib import Path

import pytest

from ethiclens import datasets
from ethiclens.cli import main

OWN = "text,occupation,gender\nShe operates.,surgeon,F\nHe nurses.,nurse,M\nHe cuts.,surgeon,M\n"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "bios"
COPY = SHARED / "surgeon_nurse_bios.csv"


def _own(tmp_path, text=OWN):
    path = tmp_path / "mine" / "surgeon_nurse_bios.csv"
    path.parent.mkdir()
    path.write_text(text)
    return path


def test_a_users_own_file_of_that_name_is_read(tmp_path):
    path = _own(tmp_path)
    ds = datasets.load("bios", path=path)
    assert len(ds) == 3 and list(ds.label) == [1, 0, 1]
    assert ds.provenance["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_users_own_file_in_the_copys_layout_is_read(tmp_path):
    path = _own(tmp_path, "split,text,occupation,gender\ntrain,Hi.,surgeon,M\ntest,Ho.,nurse,F\n")
    assert len(datasets.load("bios", path=path)) == 2


def test_a_users_own_file_through_the_environment_and_the_cli(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ETHICLENS_BIOS", str(_own(tmp_path)))
    assert len(datasets.load("bios")) == 3
    assert main(["datasets", "info", "bios"]) == 0
    assert '"rows": 3' in capsys.readouterr().out


@pytest.mark.skipif(not COPY.exists(), reason="no shared Bias in Bios copy")
def test_a_copy_damaged_after_its_first_row_is_still_refused(tmp_path):
    path = tmp_path / "surgeon_nurse_bios.csv"
    raw = COPY.read_bytes()
    path.write_bytes(raw[:2000] + raw[2000:].replace(b",nurse,F", b",nurse,M", 3))
    with pytest.raises(Exception, match="sha256"):
        datasets.load("bios", path=path)


@pytest.mark.skipif(not COPY.exists(), reason="no shared Bias in Bios copy")
def test_a_copy_with_its_line_ends_changed_is_still_refused(tmp_path):
    path = tmp_path / "surgeon_nurse_bios.csv"
    path.write_bytes(COPY.read_bytes().replace(b"\r\n", b"\n"))
    with pytest.raises(Exception, match="sha256"):
        datasets.load("bios", path=path)
