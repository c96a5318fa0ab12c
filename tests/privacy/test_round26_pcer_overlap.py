"""Round 26 (PCER inputs): a test split that holds some of the train rows (members given as
non-members: δ_g pulled toward 0, PCER_g overstated) is noted with the count, the first rows or
ids and the count per group; a test split of train rows only is refused as one file given as
both is. Train and test writing one group as two spellings of a number (1.0 and 1: a float
column beside an integer one; True and 1) is refused naming both spellings, why and the fix."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import (
    SplitPredictions,
    membership_inference,
    pcer_audit,
    validate_pcer_output,
)


def _frame(n, seed, offset=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return pd.DataFrame(
        {
            "id": np.arange(offset, offset + n),
            "g": rng.choice([1, 2], n),
            "y": y,
            "pred": np.where(rng.random(n) < 0.85, y, 1 - y),
            "loss": rng.exponential(0.5, n),
        }
    )


def _split(frame, ids=False, loss=True):
    return SplitPredictions(
        frame["y"].to_numpy(),
        frame["pred"].to_numpy(),
        frame["g"].astype(str).to_numpy(),
        loss=frame["loss"].to_numpy() if loss else None,
        ids=frame["id"].to_numpy() if ids else None,
    )


TRAIN, TEST = _frame(300, 0), _frame(200, 1, offset=10_000)
LEAKY = pd.concat([TEST.iloc[:150], TRAIN.iloc[:50]], ignore_index=True)  # 50 train rows


def _note(result):
    found = [n for n in result.notes if "test row(s)" in n]
    assert len(found) == 1, result.notes
    return found[0]


@pytest.mark.parametrize("ids", [False, True])
def test_a_partial_overlap_is_noted_with_count_rows_and_groups(ids):
    res = pcer_audit(_split(TRAIN, ids), _split(LEAKY, ids), n_boot=100)
    note = _note(res)
    assert note.startswith("50 of 200 test row(s)"), note
    per = LEAKY.iloc[150:]["g"].value_counts()
    assert f"{per[1]} in group 1, {per[2]} in group 2" in note, note
    shown = "test ids 0, 1, 2, 3, 4 and 45 more" if ids else "test rows 150, 151, 152, 153, 154"
    assert shown in note and "drop them from the test split" in note, note
    assert any("test row(s)" in n for n in res.to_dict()["notes"])


def test_no_note_without_overlap_nor_where_rows_cannot_be_told_apart():
    assert not [
        n for n in pcer_audit(_split(TRAIN), _split(TEST), n_boot=100).notes if "test row(s)" in n
    ]
    # labels, predictions and groups alone tell no row apart: no note, however many match
    res = pcer_audit(_split(TRAIN, loss=False), _split(LEAKY, loss=False), n_boot=100)
    assert not [n for n in res.notes if "test row(s)" in n], res.notes
    # disjoint ids: rows that happen to be identical are not a leak
    twin = TEST.copy()
    twin.loc[:9, ["y", "pred", "g", "loss"]] = TRAIN.loc[:9, ["y", "pred", "g", "loss"]].to_numpy()
    res = pcer_audit(_split(TRAIN, ids=True), _split(twin, ids=True), n_boot=100)
    assert not [n for n in res.notes if "test row(s)" in n], res.notes


@pytest.mark.parametrize("loss", [False, True])
def test_row_numbers_given_as_ids_are_no_overlap(loss):
    # each split's index 0, 1, 2, ... as ids: every test id is a train id, naming other rows
    train, test = (f.assign(id=np.arange(len(f))) for f in (TRAIN, TEST))
    res = pcer_audit(_split(train, True, loss), _split(test, True, loss), n_boot=100)
    assert not [n for n in res.notes if "test row(s)" in n], res.notes
    leaky = LEAKY.assign(id=np.r_[np.arange(1000, 1150), LEAKY["id"][150:]])
    note = _note(pcer_audit(_split(TRAIN, True, loss), _split(leaky, True, loss), n_boot=100))
    assert note.startswith("50 of 200 test row(s) have the id, label, prediction and group"), note


@pytest.mark.parametrize("ids", [False, True])
@pytest.mark.parametrize("face", [pcer_audit, membership_inference])
def test_a_test_split_of_train_rows_only_is_refused(face, ids):
    subset = TRAIN.sample(80, random_state=1)
    with pytest.raises(EthicLensInputError, match="argument 'test': holds only train rows: all 80"):
        face(_split(TRAIN, ids), _split(subset, ids))


@pytest.fixture
def paths(tmp_path):
    TRAIN.to_csv(tmp_path / "tr.csv", index=False)
    LEAKY.drop(columns="loss").to_csv(tmp_path / "leaky.csv", index=False)
    TRAIN.sample(80, random_state=1).to_csv(tmp_path / "subset.csv", index=False)
    TRAIN[["y", "pred", "g"]].to_csv(tmp_path / "tr_bare.csv", index=False)
    LEAKY[["y", "pred", "g"]].to_csv(tmp_path / "leaky_bare.csv", index=False)
    return tmp_path


def _cli(paths, train, test, *more):
    roles = ["--y-true", "y", "--y-pred", "pred", "--protected", "g", "--n-boot", "100"]
    return main(
        ["pcer", "audit", "--train", str(paths / train), "--test", str(paths / test), *roles, *more]
    )


def test_the_cli_notes_rows_of_train_in_test_by_every_shared_column(paths, capsys):
    # the files share id, g, y and pred (no loss in test): an id column makes rows distinct
    assert _cli(paths, "tr.csv", "leaky.csv", "--json", "-") == 0
    out = capsys.readouterr()
    assert "50 of 200 test row(s) are identical to a train row in every column" in out.out
    assert "50 of 200 test row(s)" in out.err.replace("\n", " ")
    # three 0/1-like columns tell no row apart: no note
    assert _cli(paths, "tr_bare.csv", "leaky_bare.csv", "--json", "-") == 0
    assert "test row(s)" not in capsys.readouterr().out


def test_the_cli_refuses_a_test_file_of_train_rows(paths, capsys):
    assert _cli(paths, "tr.csv", "subset.csv", "--loss", "loss") == 2
    err = capsys.readouterr().err
    assert "option '--test': holds only train rows: all 80 test rows" in err, err


# --- one group, two spellings of a number ---


def _grouped(groups, seed):
    rng = np.random.default_rng(seed)
    n = len(groups)
    return SplitPredictions(rng.integers(0, 2, n), rng.integers(0, 2, n), np.asarray(groups))


@pytest.mark.parametrize(
    ("train", "test", "said", "fix"),
    [
        (
            [1.0, 2.0] * 40,
            [1, 2] * 40,
            "train '1.0', test '1') (and 1 more group(s) written so)",
            "as the integer '1': e.g. in pandas df[col] = pd.to_numeric(df[col]).astype('Int64') "
            "on the train",
        ),
        ([1, 2] * 40, [1.0, 2.0] * 40, "train '1', test '1.0')", "on the test split's group"),
        ([True, False] * 40, [1, 0] * 40, "train 'False', test '0')", "as the integer '0'"),
    ],
)
def test_one_number_spelled_two_ways_is_refused_with_why_and_fix(train, test, said, fix):
    with pytest.raises(EthicLensInputError) as info:
        pcer_audit(_grouped(train, 0), _grouped(test, 1), n_boot=100)
    msg = str(info.value)
    assert msg.startswith("argument 'groups': train and test write one group differently"), msg
    assert said in msg and fix in msg, msg
    assert "so the same value would be audited as two groups" in msg, msg


def test_the_cli_names_both_spellings_and_the_fix(tmp_path, capsys):
    TRAIN.assign(g=TRAIN["g"].astype(float)).to_csv(tmp_path / "tr.csv", index=False)
    TEST.to_csv(tmp_path / "te.csv", index=False)
    args = ["--y-true", "y", "--y-pred", "pred", "--protected", "g"]
    assert (
        main(
            [
                "pcer",
                "audit",
                "--train",
                str(tmp_path / "tr.csv"),
                "--test",
                str(tmp_path / "te.csv"),
                *args,
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert (
        "option '--protected': train and test write one group differently (train '1.0', test '1')"
        in err
    )
    assert "train's group column holds decimals" in err and "test's integers" in err, err
    assert ".astype('Int64') on the train split's group column" in err, err


def test_a_group_in_one_split_only_names_no_empty_list():
    with pytest.raises(EthicLensInputError) as info:
        pcer_audit(_grouped(["a", "b"] * 40, 0), _grouped(["a", "b", "c", "c"] * 20, 1))
    msg = str(info.value)
    assert "different groups: only in test ['c']" in msg and "only in train" not in msg, msg


@pytest.mark.parametrize(
    ("train", "test", "said"),
    [
        (["01", "02"] * 40, [1, 2] * 40, "train's group column holds zero-padded digits"),
        (["1.50", "2"] * 40, ["1.5", "2"] * 40, "(train '1.50', test '1.5'): the same number"),
    ],
)
def test_other_spellings_of_one_number_are_named(train, test, said):
    with pytest.raises(EthicLensInputError, match="write one group differently") as info:
        pcer_audit(_grouped(train, 0), _grouped(test, 1), n_boot=100)
    assert said in str(info.value), str(info.value)


def test_the_attack_alone_notes_the_overlap_too():
    mia = membership_inference(_split(TRAIN), _split(LEAKY))
    assert len(mia.notes) == 1 and mia.notes[0].startswith("50 of 200 test row(s)"), mia.notes
    assert mia.to_dict()["notes"] == mia.notes
    assert membership_inference(_split(TRAIN), _split(TEST)).notes == []
    res = pcer_audit(_split(TRAIN), _split(LEAKY), n_boot=100)
    validate_pcer_output(res.to_dict())


def _float32_losses(n, seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    p = rng.beta(2, 2, n).astype(np.float32)
    loss = (-np.log(np.where(y == 1, p, 1 - p))).astype(np.float32).astype(float)
    return pd.DataFrame(
        {"id": 0, "y": y, "pred": (p >= 0.5).astype(int), "g": rng.choice([1, 2], n), "loss": loss}
    )


def test_chance_matches_of_float32_losses_are_no_overlap():
    # float32 losses of 100,000 rows collide: a test row equals some train row by chance (80
    # of these 50,000 test rows do, each a note without the chance rule)
    train, test = _float32_losses(100_000, 0), _float32_losses(50_000, 1)
    res = pcer_audit(_split(train), _split(test), n_boot=100)
    assert not [n for n in res.notes if "test row(s)" in n], res.notes
    leaky = pd.concat([test.iloc[:40_000], train.iloc[:10_000]], ignore_index=True)
    note = _note(pcer_audit(_split(train), _split(leaky), n_boot=100))
    assert "of 50000 test row(s) match a train row in label, prediction, group and loss" in note


def test_ids_read_as_floats_in_one_split_match_integer_ids():
    train = _split(TRAIN, ids=True)
    leaky = _split(LEAKY, ids=True)
    leaky.ids = LEAKY["id"].astype(float).to_numpy()  # an id column with a gap reads as floats
    assert _note(pcer_audit(train, leaky, n_boot=100)).startswith("50 of 200 test row(s) have")


def test_read_split_twice_keeps_the_overlap_check(paths):
    from ethiclens.privacy import read_split

    kw = {"y_true": "y", "y_pred": "pred", "protected": "g"}
    train = read_split(paths / "tr.csv", name="train", **kw)
    LEAKY.to_csv(paths / "leaky_all.csv", index=False)
    test = read_split(paths / "leaky_all.csv", name="test", **kw)
    note = _note(pcer_audit(train, test, n_boot=100))
    assert note.startswith("50 of 200 test row(s) are identical to a train row in every column")
