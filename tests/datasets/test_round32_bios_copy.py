"""Round 32: the Bias in Bios copy is read from outside the package, so its checksum is checked:
a truncated or edited surgeon_nurse_bios.csv was audited silently with fewer or other rows."""

import hashlib
from pathlib import Path

import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import DataFileError

SHARED = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "bios"
COPY = SHARED / "surgeon_nurse_bios.csv"
pytestmark = pytest.mark.skipif(not COPY.exists(), reason="no shared Bias in Bios copy")


def _damaged(tmp_path, how):
    raw = COPY.read_bytes()
    raw = raw[:300_000] if how == "truncated" else raw.replace(b",surgeon,M", b",surgeon,F", 1)
    path = tmp_path / "surgeon_nurse_bios.csv"
    path.write_bytes(raw)
    return path


@pytest.mark.parametrize("how", ["truncated", "edited"])
def test_a_damaged_copy_is_refused_naming_it(tmp_path, monkeypatch, how):
    path = _damaged(tmp_path, how)
    with pytest.raises(DataFileError, match=r"surgeon_nurse_bios.csv.*sha256") as info:
        datasets.load("bios", path=path)
    assert "restore" in info.value.fix
    monkeypatch.setenv("ETHICLENS_BIOS", str(path))
    with pytest.raises(DataFileError, match="sha256"):
        datasets.load("bios")


def test_a_damaged_copy_on_the_cli_is_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ETHICLENS_BIOS", str(_damaged(tmp_path, "truncated")))
    assert main(["datasets", "info", "bios"]) == 2
    err = capsys.readouterr().err
    assert "surgeon_nurse_bios.csv" in err and "Traceback" not in err


def test_the_copy_and_a_users_own_file_record_their_checksum(tmp_path):
    ds = datasets.load("bios")
    assert len(ds) == 6387
    assert ds.provenance["sha256"] == hashlib.sha256(COPY.read_bytes()).hexdigest()
    own = tmp_path / "my_bios.csv"
    own.write_bytes(COPY.read_bytes()[:300_000].rsplit(b"\n", 1)[0] + b"\n")
    mine = datasets.load("bios", path=own)  # another file, under its own name: the user's data
    assert len(mine) < 6387
    assert mine.provenance["sha256"] == hashlib.sha256(own.read_bytes()).hexdigest()


def test_a_bad_gender_names_the_file_and_the_value(tmp_path):
    path = tmp_path / "b.csv"
    path.write_text("text,occupation,gender\nhi,surgeon,M\nho,nurse,X\n")
    with pytest.raises(DataFileError, match=r"gender.*b.csv.*'X'"):
        datasets.load("bios", path=path)
