"""Round 45: the ACS cache's checksums file was rewritten in place, so a full disk (or an
interrupt) while recording a new state's download left half a JSON file: every later load of
that year, the states downloaded before included, was refused as 'the cache's checksums file
... is damaged. Fix: delete the folder ... and load again', their downloads lost. It is now
written beside and renamed into place (io's one atomic writer): the previous ledger stays
whole."""

import errno
import json
import os
from pathlib import Path

import pytest

from ethiclens import datasets
from ethiclens.errors import DataFileError

from .test_round44_acs_person_file import ROWS


def _fetch(state_dir, state, year):
    name = {"CA": "psam_p06.csv", "TX": "psam_p48.csv"}[state]
    ROWS.to_csv(Path(state_dir) / name, index=False)


def _full_disk_on(path, stop):
    """os.replace that fails for ``path`` (the disk fills, or the user interrupts, as the
    new ledger goes in): an in-place write never gets there and leaves half a ledger."""
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        if Path(dst) == path:
            raise stop
        return real(src, dst, *args, **kwargs)

    return replace


@pytest.mark.parametrize("stop", ["full disk", "interrupt"])
def test_a_failed_write_of_the_ledger_keeps_the_previous_one_whole(tmp_path, monkeypatch, stop):
    datasets.load_acs_income("CA", 2017, download=True, cache_dir=tmp_path, fetch=_fetch)
    ledger = tmp_path / "2017" / "1-Year" / "ethiclens-checksums.json"
    before = ledger.read_text()
    error = KeyboardInterrupt() if stop == "interrupt" else OSError(errno.ENOSPC, "No space")
    monkeypatch.setattr(os, "replace", _full_disk_on(ledger, error))
    raised, words = (KeyboardInterrupt, None) if stop == "interrupt" else (DataFileError, "cannot")
    with pytest.raises(raised, match=words):
        datasets.load_acs_income("TX", 2017, download=True, cache_dir=tmp_path, fetch=_fetch)
    monkeypatch.undo()
    assert ledger.read_text() == before and "psam_p06.csv" in json.loads(before)
    assert [p.name for p in ledger.parent.glob(".*tmp")] == []  # no temporary left behind
    assert len(datasets.load_acs_income("CA", 2017, cache_dir=tmp_path)) == 3
    assert len(datasets.load_acs_income("TX", 2017, cache_dir=tmp_path)) == 3  # recorded now
    assert "psam_p48.csv" in json.loads(ledger.read_text())
