"""Round 14, the platform's side: the whole --data is checked before any row is drawn (a bad
row is refused whatever the seed, in the audit's words, with its first row); the recoding hint
never maps a real 1 to 0; a request without groups warns that their values are disclosed."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release

SEEDS = range(8)


def _data(n=300, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "sex": rng.choice(["Female", "Male"], n),
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
        }
    )


def _refusals(df, **request):
    """The refusal of every seed's release of 20 of the rows (None where one passes)."""
    req = make_request(20, "sex", protected_domain=["Female", "Male"], epsilon=10, **request)
    out = []
    for seed in SEEDS:
        try:
            release(req, df, "y", "p", random_state=seed)
            out.append(None)
        except EthicLensInputError as exc:
            out.append(str(exc))
    return out


@pytest.mark.parametrize(
    "column,value,needles",
    [
        ("y", 2, ["column 'y'", "must be 0/1", "values 0, 1, 2:", "first at row 7", "(value: 2)"]),
        ("y", "yes", ["column 'y'", "values 0, 1, yes:", "1 row(s) hold yes,", "row 7"]),
        ("p", None, ["column 'p'", "1 missing value(s), first at row 7"]),
        ("sex", "Other", ["column 'sex'", "values Other are outside", "first at row 7"]),
        ("sex", None, ["column 'sex'", "1 missing group value(s), first at row 7"]),
    ],
)
def test_one_bad_row_is_refused_whatever_the_seed(column, value, needles):
    df = _data()
    df[column] = df[column].astype(object)
    df.loc[7, column] = value
    refusals = _refusals(df)
    assert None not in refusals, refusals  # 20 of 300 rows: most seeds never draw row 7
    assert len(set(refusals)) == 1, refusals  # the same message for every seed
    for needle in needles:
        assert needle in refusals[0], (needle, refusals[0])


def test_the_cli_names_the_bad_row_by_its_file_line_for_every_seed(tmp_path, capsys):
    df = _data()
    df["y"] = df["y"].astype(object)
    df.loc[7, "y"] = "yes"
    df.to_csv(tmp_path / "d.csv", index=False)
    req = make_request(20, "sex", protected_domain=["Female", "Male"], epsilon=10)
    (tmp_path / "req.json").write_text(json.dumps(req.to_dict()))
    errors = set()
    for seed in SEEDS:
        argv = ["p2nia", "release", "--request", str(tmp_path / "req.json")]
        argv += ["--data", str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "p"]
        argv += ["--seed", str(seed), "--out", str(tmp_path / f"rel{seed}")]
        assert main(argv) == 2
        errors.add(capsys.readouterr().err)
        assert not (tmp_path / f"rel{seed}").exists()
    assert len(errors) == 1, errors
    (err,) = errors
    assert "first at d.csv line 9" in err and err.count("\n") == 1, err  # header is line 1


def _fix(values) -> str:
    df = _data(n=len(values))
    df["y"] = values
    req = make_request(20, "sex", protected_domain=["Female", "Male"], epsilon=10)
    with pytest.raises(EthicLensInputError) as err:
        release(req, df, "y", "p", random_state=0)
    return err.value.fix


@pytest.mark.parametrize(
    "values",
    [
        ["0", "1", "yes"] * 20,  # text 0/1 with a stray word: == 'yes' would turn '1' into 0
        [0, 1, 2] * 20,
        [-1, 0, 1] * 20,
        ["1", "0", "no"] * 20,
    ],
)
def test_the_recoding_hint_never_maps_a_real_1_to_0(values):
    fix = _fix(values)
    assert "==" not in fix and "astype" not in fix, fix
    assert "drop those rows or correct their values to 0/1" in fix, fix


def test_a_column_without_any_0_1_is_recoded_naming_its_positive_value():
    fix = _fix(["no", "yes"] * 30)
    assert "df['y'] = (df['y'] == 'yes').astype(int)" in fix, fix
    fix = _fix([1, 2] * 30)  # 1 is a real 1: never recoded as a whole
    assert "==" not in fix, fix


def test_text_0_1_is_stored_as_integers_not_compared_with_one_value():
    fix = _fix(["0", "1"] * 30)
    assert "df['y'] = df['y'].astype(int)" in fix and "==" not in fix, fix


def _write_request(tmp_path, groups):
    req = make_request(50, "sex", protected_domain=groups, epsilon=10)
    (tmp_path / "req.json").write_text(json.dumps(req.to_dict()))
    _data().to_csv(tmp_path / "d.csv", index=False)
    argv = ["p2nia", "release", "--request", str(tmp_path / "req.json")]
    argv += ["--data", str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "p"]
    return argv + ["--out", str(tmp_path / "rel")]  # no --seed: it warns (round 21)


def test_a_release_without_requested_groups_warns_that_it_discloses_them(tmp_path, capsys):
    assert main(_write_request(tmp_path, None)) == 0
    err = capsys.readouterr().err
    assert err.startswith("warning: ") and err.count("\n") == 1, err
    assert "disclose" in err and "'sex'" in err and "--groups" in err, err
    manifest = json.loads((tmp_path / "rel" / "manifest.json").read_text())
    assert manifest["columns"]["sex"]["domain"] == ["Female", "Male"]  # what it warned about


def test_a_release_of_requested_groups_says_nothing_on_stderr(tmp_path, capsys):
    assert main(_write_request(tmp_path, ["Female", "Male"])) == 0
    assert capsys.readouterr().err == ""
