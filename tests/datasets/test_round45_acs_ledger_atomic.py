"""Round 45: the ACS cache's checksums file was rewritten in place, so a full disk (or an
interrupt) while recording a new state's download left half a JSON file: every later load of
that year, the states downloaded before included, was refused as 'the cache's checksums file
... is damaged. Fix: delete the folder ... and load again', their downloads lost. It is now
written beside and renamed into place: the previous ledger stays whole."""

import errno
import json
from pathlib import Path

import pytest

from ethiclens import datasets
from ethiclens.errors import DataFileError

from .test_round44_acs_person_file import ROWS


def _fetch(state_dir, state, year):
    name = {"CA": "psam_p06.csv", "TX": "psam_p48.csv"}[state]
    ROWS.to_csv(Path(state_dir) / name, index=False)


def test_a_full_disk_while_recording_keeps_the_ledger_whole(tmp_path, monkeypatch):
    datasets.load_acs_income("CA", 2017, download=True, cache_dir=tmp_path, fetch=_fetch)
    ledger = tmp_path / "2017" / "1-Year" / "ethiclens-checksums.json"
    before = ledger.read_text()
    real = Path.write_text

    def half_then_full(self, data, *args, **kwargs):  # the disk fills half-way
        if "ethiclens-checksums" in self.name:
            real(self, data[: len(data) // 2], *args, **kwargs)
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, data, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", half_then_full)
    with pytest.raises(DataFileError, match="cannot be written"):
        datasets.load_acs_income("TX", 2017, download=True, cache_dir=tmp_path, fetch=_fetch)
    monkeypatch.undo()
    assert ledger.read_text() == before and "psam_p06.csv" in json.loads(before)
    assert [p.name for p in ledger.parent.glob(".*tmp")] == []
    assert len(datasets.load_acs_income("CA", 2017, cache_dir=tmp_path)) == 3
    assert len(datasets.load_acs_income("TX", 2017, cache_dir=tmp_path)) == 3  # recorded now
