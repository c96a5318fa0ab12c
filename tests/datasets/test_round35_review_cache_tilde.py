"""Round 35 review (datasets): load_acs_income(cache_dir="~/acs") read the '~' as a folder
of the working directory: with download=True it made ./~/acs/2018/1-Year there (the files
fetched into it), and without it said the states were "not in the cache (~/acs/...)" while
they sat in the home folder's acs. Now a '~' path that is no folder as written is refused
naming argument 'cache_dir', the fix giving the full path; one that is a folder is used."""

from pathlib import Path

import pytest

from ethiclens.datasets import load_acs_income
from ethiclens.errors import DataFileError, EthicLensInputError, NotInCacheError


@pytest.mark.parametrize("download", [True, False])
def test_a_tilde_cache_dir_is_refused_nothing_made(tmp_path, monkeypatch, download):
    monkeypatch.chdir(tmp_path)
    fetched = []
    with pytest.raises(EthicLensInputError, match=r"argument 'cache_dir'.*read as written") as e:
        load_acs_income(
            states="CA", cache_dir="~/acs", download=download, fetch=lambda *a: fetched.append(a)
        )
    assert str(Path("~/acs").expanduser()) in e.value.fix
    assert not fetched and list(tmp_path.iterdir()) == []


def test_a_folder_named_tilde_as_written_is_used(tmp_path, monkeypatch):
    pytest.importorskip("folktables")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "~" / "acs").mkdir(parents=True)
    with pytest.raises(NotInCacheError, match="not in the cache"):
        load_acs_income(states="CA", cache_dir=Path("~/acs"), download=False)


def test_a_tilde_cache_variable_is_refused_nothing_made(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ETHICLENS_CACHE", "~/cache")
    with pytest.raises(DataFileError, match=r"ETHICLENS_CACHE='~/cache'.*read as written") as e:
        load_acs_income(states="CA", download=True, fetch=lambda *a: None)
    assert str(Path("~/cache").expanduser()) in e.value.fix
    assert list(tmp_path.iterdir()) == []
