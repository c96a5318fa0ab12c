"""Round 49: a number setting's refusal says its own range on every face (flag, config key,
Python argument): a seed of 1e11 or 4294967296.0 was told only 'must be a non-negative
integer', a range with no top."""

import pytest

from ethiclens._checks import check_seed
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


def _refusal(tmp_path, monkeypatch, capsys, face: str, key: str, text: str) -> str:
    """The refusal of ``key`` written as ``text`` on the command line or in a config file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("y,p,g\n1,1,a\n0,0,b\n")
    (tmp_path / "c.yaml").write_text(f"policy:\n  {key}: {text}\n")
    flag = ["--" + key.replace("_", "-"), text]
    argv = ["audit", "t.csv", *ROLES, *(flag if face == "flag" else ["--config", "c.yaml"])]
    assert main(argv) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("face", ["flag", "config"])
@pytest.mark.parametrize("text", ["1e11", "4294967296.0", "-1"])
def test_a_seed_out_of_range_is_told_its_range(tmp_path, monkeypatch, capsys, face, text):
    err = _refusal(tmp_path, monkeypatch, capsys, face, "seed", text)
    assert "from 0 to 4,294,967,295" in err and "give 4294967296" not in err, err


def test_a_python_seed_is_told_its_range():
    with pytest.raises(EthicLensInputError, match="from 0 to 4,294,967,295"):
        check_seed(1e11, "seed")


@pytest.mark.parametrize(("text", "said"), [("3.0", "Fix: give 3"), ("1.0", "in [2, 1000]")])
def test_counts_bins_written_as_a_decimal(tmp_path, monkeypatch, capsys, text, said):
    """'--n-bins 3.0' is told 'give 3', as every whole-number setting is (only in range)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("p,g\n1,a\n0,b\n")
    argv = ["counts", "t.csv", "--out", "o.parquet", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--n-bins", text]) == 2
    err = capsys.readouterr().err
    assert "'--n-bins'" in err and said in err and "give 1\n" not in err, err


def test_python_bins_written_as_a_decimal():
    """Python's n_bins=3.0 (audit, audit_counts, Roles): 'give 3', as n_boot=200.0 is."""
    from ethiclens.fairness._options import check_score_bins

    with pytest.raises(EthicLensInputError, match=r"n_bins.*Fix: give 3$"):
        check_score_bins(3.0, True)


@pytest.mark.parametrize("command", [["audit"], ["monitor", "--time", "t", "--window", "1"]])
@pytest.mark.parametrize(
    ("text", "fix"),
    [
        ('"1e3"', "Fix: write the number without quotes: n_boot: 1000\n"),
        ('"2000.0"', "Fix: write the number without quotes: n_boot: 2000\n"),
        ('"50"', "Fix: leave it out for the default"),  # 50 unquoted: too few draws
        ('"1e11"', "Fix: leave it out for the default"),
        ('"2000"', "Fix: write the number without quotes: n_boot: 2000\n"),
    ],
)
def test_an_unquote_fix_names_a_number_the_key_takes(
    tmp_path, monkeypatch, capsys, command, text, fix
):
    """A config's quoted 'n_boot: "1e3"' was told 'write the number without quotes: n_boot:
    1e3', which is then refused ('give 1000'): the fix names what the key takes."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("y,p,g,t\n1,1,a,1\n0,0,b,2\n")
    (tmp_path / "c.yaml").write_text(
        "target: {file: t.csv}\nroles: {y_true: y, y_pred: p, protected: [g]}\n"
        f"policy: {{n_boot: {text}}}\n"
    )
    assert main([command[0], "--config", "c.yaml", *command[1:]]) == 2
    err = capsys.readouterr().err
    assert "key 'policy.n_boot'" in err and fix in err, err


WORDS = {
    "n_boot": "must be a whole number (an integer) of interval draws, from 100 to 1,000,000",
    "seed": "must be a non-negative integer, from 0 to 4,294,967,295",
    "confidence_level": "must be a number strictly between 0.5 and 1",
    "di_threshold": "must be a number from 0.01 up to (not including) 1",
}


@pytest.mark.parametrize("face", ["flag", "config", "web"])
@pytest.mark.parametrize("key", list(WORDS))
@pytest.mark.parametrize("text", ["abc", "1_0"])
def test_text_no_number_is_refused_by_its_setting_on_every_face(
    tmp_path, monkeypatch, capsys, face, key, text
):
    """'--n-boot abc' said click's "'abc' is not a valid integer. Fix: give a whole number
    (digits only, e.g. 1000)" (the web form alike), where a config's n_boot: abc said the
    setting's own words with its range: now every face says the setting's."""
    if face == "web":
        from ethiclens.web._roles import policy_from_form

        errors: dict = {}
        policy_from_form({key: text}, {"policy": {}, "model": {}}, errors)
        said = errors[key]
    else:
        said = _refusal(tmp_path, monkeypatch, capsys, face, key, text)
    assert f"{WORDS[key]} (value: '{text}')" in said and "is not a valid" not in said, said


COUNTS = ["counts", "x.csv", "--out", "c.csv", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            [*COUNTS, "--n-bins"],
            "option '--n-bins': must be an integer in [2, 1000] (value: 'abc'). Fix: 10 is the "
            "default",
        ),
        (
            [*COUNTS, "--min-cell"],
            "option '--min-cell': must be a whole number of at least 1 (value: 'abc'). Fix: e.g. "
            "10",
        ),
        (
            ["monitor", "x.csv", "--time", "t", "--window", "1d", "--alpha"],
            "option '--alpha': must be a number strictly between 0 and 1 (value: 'abc')",
        ),
        (
            ["pcer", "train", "adult", "--eta"],
            "option '--eta': must be a number from 1e-12 up to (not including) 1 (value: 'abc')",
        ),
    ],
)
def test_text_no_number_for_an_option_of_no_spec_field_says_its_check(
    tmp_path, monkeypatch, capsys, argv, said
):
    """'counts --n-bins abc' and '--eta abc' said click's "'abc' is not a valid integer/float",
    where '--n-bins 1' and '--eta 2' say the option's own check's words and range."""
    monkeypatch.chdir(tmp_path)
    assert main([*argv, "abc"]) == 2
    err = capsys.readouterr().err
    assert said in err and "not a valid" not in err, err
    assert not list(tmp_path.iterdir())
