import gzip
import hashlib
from pathlib import Path

import pandas as pd
import pytest

from ethiclens import datasets
from ethiclens.datasets import _base
from ethiclens.errors import DataFileError

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "datasets"


def test_compas_propublica_filter():
    ds = datasets.load_compas()
    assert len(ds) == 6172
    assert ds.label.mean() == pytest.approx(0.4551, abs=5e-5)
    assert ds.protected["race"].value_counts().to_dict() == {
        "African-American": 3175,
        "Caucasian": 2103,
        "Hispanic": 509,
        "Other": 343,
        "Asian": 31,
        "Native American": 11,
    }
    assert not ds.positive_is_favorable
    assert "race" not in ds.features and "sex" not in ds.features
    assert set(ds.extra["score_text"]) == {"Low", "Medium", "High"}


def test_adult_drops_missing_and_merges_test():
    train = datasets.load_adult()
    both = datasets.load_adult(include_test=True)
    assert len(train) == 30162 and len(both) == 45222
    assert not (both.features == "?").any().any()
    assert set(both.label) == {0, 1}
    assert both.label.mean() == pytest.approx(11208 / 45222)
    assert both.reference == {"sex": "Male", "race": "White"}
    assert "sex" not in train.features and "race" not in train.features


def test_german_coded_attributes():
    ds = datasets.load_german()
    assert len(ds) == 1000 and ds.label.mean() == pytest.approx(0.7)
    assert ds.protected["sex"].value_counts().to_dict() == {"male": 690, "female": 310}
    assert ds.protected["age"].value_counts().to_dict() == {">=25": 851, "<25": 149}
    assert "personal_status" not in ds.features and "age" not in ds.features


def test_acs_income_shipped_states():
    co = datasets.load_acs_income("CO")
    ne = datasets.load_acs_income(["NE"])
    both = datasets.load_acs_income(["CO", "NE"])
    assert len(co) == 31306 and len(ne) == 10785 and len(both) == 42091
    assert set(co.protected["SEX"]) == {"Male", "Female"}
    assert "SEX" not in co.features and "RAC1P" not in co.features


@pytest.mark.parametrize(
    "packaged,original",
    [
        ("compas-scores-two-years.csv", "compas/compas-scores-two-years.csv"),
        ("adult.data", "adult/adult.data"),
        ("adult.test", "adult/adult.test"),
        ("german.data", "german/german.data"),
        ("acsincome_co_features.csv", "acs_income/acsincome_co_features.csv"),
        ("acsincome_ne_labels.csv", "acs_income/acsincome_ne_labels.csv"),
    ],
)
def test_shipped_files_are_byte_identical_to_sources(packaged, original):
    md5 = dict(reversed(line.split()) for line in (SHARED / "MD5SUMS").read_text().splitlines())
    assert hashlib.md5(_base.read_shipped(packaged)).hexdigest() == md5[original]


def test_corrupt_shipped_file_is_reported(monkeypatch):
    real = gzip.decompress
    monkeypatch.setattr(_base.gzip, "decompress", lambda b: real(b) + b"x")
    with pytest.raises(DataFileError, match="corrupt.*reinstall"):
        datasets.load_german()


def test_unknown_dataset_name():
    with pytest.raises(Exception, match="unknown dataset.*compas"):
        datasets.load("nope")


# --- the online path: folktables download into a checksummed cache -------------------------


def _fake_fetch(calls):
    def fetch(state_dir, state, year):
        calls.append((state, year))
        rows = pd.DataFrame(
            {
                "AGEP": [30, 40, 15, 50],
                "COW": [1, 2, 1, 3],
                "SCHL": [16, 21, 10, 22],
                "MAR": [1, 5, 5, 1],
                "OCCP": [10, 20, 30, 40],
                "POBP": [6, 6, 6, 36],
                "RELP": [0, 1, 2, 0],
                "WKHP": [40, 35, 20, 50],
                "SEX": [1, 2, 1, 2],
                "RAC1P": [1, 2, 1, 6],
                "PINCP": [60000, 20000, 5000, 90000],
                "PWGTP": [10, 5, 3, 8],
            }
        )
        rows.to_csv(Path(state_dir) / "psam_p06.csv", index=False)

    return fetch


def test_acs_download_then_cache_then_checksum(tmp_path):
    calls = []
    ds = datasets.load_acs_income(
        "CA", year=2017, download=True, cache_dir=tmp_path, fetch=_fake_fetch(calls)
    )
    assert calls == [("CA", 2017)]
    assert len(ds) == 3  # AGEP 15 is removed by folktables' ACSIncome filter
    assert list(ds.label) == [1, 0, 1]
    again = datasets.load_acs_income("CA", year=2017, cache_dir=tmp_path, fetch=_fake_fetch(calls))
    assert calls == [("CA", 2017)] and len(again) == 3  # served from the cache
    cached = tmp_path / "2017" / "1-Year" / "psam_p06.csv"
    cached.write_text(cached.read_text().replace("60000", "60001"))
    with pytest.raises(DataFileError, match=r"corrupt.*delete .*psam_p06.csv"):
        datasets.load_acs_income("CA", year=2017, cache_dir=tmp_path)


def test_acs_missing_offline_says_what_to_do(tmp_path):
    with pytest.raises(DataFileError, match="not in the cache.*download=True"):
        datasets.load_acs_income("TX", year=2018, cache_dir=tmp_path)


def test_acs_mixed_states_name_every_missing_file_and_why(monkeypatch, tmp_path):
    # A shipped state mixed with another is read from its person file: say so, list both.
    monkeypatch.setenv("ETHICLENS_CACHE", str(tmp_path))
    with pytest.raises(DataFileError, match=r"CO, TX not in the cache.*CO ship only as features"):
        datasets.load_acs_income(["CO", "TX"])
    with pytest.raises(Exception, match="unknown state code"):
        datasets.load_acs_income(["CO", "XX"])  # every code checked before any file


def test_acs_unknown_state(tmp_path):
    with pytest.raises(Exception, match="unknown state code"):
        datasets.load_acs_income("ZZ", cache_dir=tmp_path)


def test_folktables_own_failure_guess_is_not_printed(tmp_path, monkeypatch, capsys):
    # Offline, folktables printed "... may be corrupted. Please try deleting it" about a file it
    # never wrote, before EthicLens's own message; its output is not passed on.
    import importlib

    from ethiclens.datasets import _acs

    load_acs = importlib.import_module("folktables.load_acs")  # the package shadows the name

    def fake(*args, **kwargs):
        print("/root/.cache/x/csv_pca.zip may be corrupted. Please try deleting it.")

    monkeypatch.setattr(load_acs, "initialize_and_download", fake)
    _acs._folktables_fetch(tmp_path, "CA", 2018)
    assert "corrupted" not in capsys.readouterr().out
