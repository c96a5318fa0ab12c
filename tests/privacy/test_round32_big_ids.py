"""Round 32 (PCER overlap by ids): 64-bit record ids (snowflake-like, past 2**53) are compared
exactly, never as doubles: 300 consecutive train ids read as floats fell onto 3 values, every
one 'shared by two train rows', and 50 training rows given as held out went unnoted."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.privacy import SplitPredictions, pcer_audit, read_splits

BASE = 1_500_000_000_000_000_000  # a 64-bit record id: doubles 256 apart here


def _rows(rng, n, first_id):
    y = rng.integers(0, 2, n)
    pred = np.where(rng.random(n) < 0.85, y, 1 - y)
    ids = np.arange(first_id, first_id + n, dtype=np.int64)
    return pd.DataFrame({"id": ids, "g": rng.choice(["a", "b"], n), "y": y, "pred": pred})


@pytest.fixture
def frames():
    rng = np.random.default_rng(0)
    train, held_out = _rows(rng, 300, BASE), _rows(rng, 150, BASE + 10_000)
    return train, pd.concat([held_out, train.iloc[:50]], ignore_index=True)


def _split(frame):
    return SplitPredictions(
        y_true=frame.y.to_numpy(),
        y_pred=frame.pred.to_numpy(),
        groups=frame.g.to_numpy(),
        ids=frame.id.to_numpy(),
    )


def test_big_ids_from_arrays_find_the_train_rows(frames):
    notes = pcer_audit(*map(_split, frames), n_boot=100).notes
    assert len(notes) == 1
    assert notes[0].startswith("50 of 200 test row(s) have the id")
    assert f"test ids {BASE}, {BASE + 1}," in notes[0]


def test_big_ids_from_files_find_the_train_rows(frames, tmp_path):
    frames[0].to_csv(tmp_path / "train.csv", index=False)
    frames[1].to_parquet(tmp_path / "leaky.parquet")
    columns = {"y_true": "y", "y_pred": "pred", "protected": "g", "ids": "id"}
    splits = read_splits(tmp_path / "train.csv", tmp_path / "leaky.parquet", **columns)
    notes = pcer_audit(*splits, n_boot=100).notes
    assert len(notes) == 1 and notes[0].startswith("50 of 200 test row(s) have the id")


def test_ids_one_apart_past_two_to_53_are_two_ids(frames):
    """Held-out ids one apart from train ids (the same doubles) are other records: no note."""
    train = frames[0].assign(id=BASE + 256 * np.arange(300))  # ids that are distinct doubles
    test = train.iloc[100:].assign(id=train.id.iloc[100:] + 1)  # train's values, other ids
    assert pcer_audit(_split(train), _split(test), n_boot=100).notes == []


def test_seven_and_seven_point_zero_stay_one_id(frames):
    train, test = frames
    small = {"id": lambda d: d.id - BASE}
    tr, te = train.assign(**small), test.assign(**small)
    te = te.assign(id=te.id.astype(float))  # a float id column: 7.0 is the train row's 7
    assert pcer_audit(_split(tr), _split(te), n_boot=100).notes[0].startswith("50 of 200")


def _read(tmp_path, train, test, suffix=".csv"):
    train.to_csv(tmp_path / "train.csv", index=False)
    path = tmp_path / f"test{suffix}"
    test.to_csv(path, index=False) if suffix == ".csv" else test.to_parquet(path)
    columns = {"y_true": "y", "y_pred": "pred", "protected": "g"}
    return read_splits(tmp_path / "train.csv", tmp_path / f"test{suffix}", **columns)


def test_big_id_column_without_ids_finds_the_train_rows(frames, tmp_path):
    """Without --id the rows are compared in every column both files hold, the 64-bit id
    column exactly: 300 train rows were 'equal to another' and the 50 went unnoted."""
    notes = pcer_audit(*_read(tmp_path, *frames), n_boot=100).notes
    assert len(notes) == 1
    assert notes[0].startswith("50 of 200 test row(s) are identical to a train row")


def test_big_id_column_one_apart_is_no_train_row(frames, tmp_path):
    """Other records (ids one apart, the same doubles) with train's values: was refused as
    'holds only train rows'."""
    train = frames[0].assign(id=BASE + 256 * np.arange(300))
    test = train.iloc[100:].assign(id=train.id.iloc[100:] + 1)
    assert pcer_audit(*_read(tmp_path, train, test, ".parquet"), n_boot=100).notes == []


def test_whole_numbers_and_their_floats_stay_alike(frames, tmp_path):
    """A Parquet float column of the CSV's whole numbers (2**60 too) still matches them."""
    train, test = frames
    train = train.assign(id=train.id - BASE, big=2**60)
    test = test.assign(id=(test.id - BASE).astype(float), big=float(2**60))
    notes = pcer_audit(*_read(tmp_path, train, test, ".parquet"), n_boot=100).notes
    assert notes[0].startswith("50 of 200 test row(s) are identical to a train row")


def test_ids_past_64_bits_are_compared_exactly(tmp_path):
    """21-digit ids (a DECIMAL(38) key; a CSV reads them as Python ints) were made doubles."""
    rng = np.random.default_rng(2)
    train, held_out = _rows(rng, 300, 0), _rows(rng, 150, 10_000)
    leaky = pd.concat([held_out, train.iloc[:50]], ignore_index=True)
    for frame in (train, leaky):
        frame["id"] = [10**20 + int(i) for i in frame["id"]]
    train.to_csv(tmp_path / "train.csv", index=False)
    leaky.to_csv(tmp_path / "leaky.csv", index=False)
    columns = {"y_true": "y", "y_pred": "pred", "protected": "g", "ids": "id"}
    splits = read_splits(tmp_path / "train.csv", tmp_path / "leaky.csv", **columns)
    note = pcer_audit(*splits, n_boot=100).notes[0]
    assert note.startswith("50 of 200 test row(s) have the id") and f"{10**20}, " in note
