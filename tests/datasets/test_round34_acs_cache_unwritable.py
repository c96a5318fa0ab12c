"""Round 34: an ACS cache folder that cannot be written (a read-only HOME, $ETHICLENS_CACHE under
a file) was an OSError traceback from mkdir on `ethiclens audit acs-income --states CA
--download`; it is one refusal naming the folder and what to set, exit 2 on the command line,
and nothing written. A checksum that cannot be recorded is refused the same way."""

import os
from pathlib import Path

import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import DataFileError

pytest.importorskip("folktables")


def _never(*_):  # the download is never reached
    raise AssertionError("fetched")


def test_a_cache_folder_that_cannot_be_made_is_refused_naming_it(tmp_path):
    (tmp_path / "a file").write_text("x")
    cache = tmp_path / "a file" / "cache"
    with pytest.raises(DataFileError, match="cannot be written") as info:
        datasets.load("acs-income", states=["CA"], download=True, cache_dir=cache, fetch=_never)
    assert str(cache) in str(info.value)
    assert "cache_dir=" in info.value.fix and "ETHICLENS_CACHE" in info.value.fix


def test_the_cli_refuses_it_in_one_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "a file").write_text("x")
    monkeypatch.setenv("ETHICLENS_CACHE", str(tmp_path / "a file"))
    out = tmp_path / "o.json"
    code = main(["audit", "acs-income", "--states", "CA", "--download", "--json", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "cannot be written" in err and "ETHICLENS_CACHE" in err and "cache_dir" not in err
    assert not out.exists()


def test_a_checksum_that_cannot_be_recorded_is_refused(tmp_path, monkeypatch):
    def place(state_dir, state, year):
        (state_dir / "psam_p06.csv").write_bytes(b"x\n1\n")

    real_open = os.open

    def read_only(path, *args, **kwargs):  # no new file beside the ledger, whoever writes it
        if "ethiclens-checksums.json" in Path(path).name:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    with pytest.raises(DataFileError, match="cannot be written") as info:
        datasets.load("acs-income", states=["CA"], download=True, cache_dir=tmp_path, fetch=place)
    assert "ethiclens-checksums.json" in str(info.value)
