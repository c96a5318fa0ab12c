"""Round 45: a library refusal the command line names by its flag (cli._probe.flags_named) kept
the library's example in Python or grid-file words: 'pcer sweep --epsilons ""' said "option
'--epsilons': must be a list of budgets (value: ''). Fix: e.g. epsilons = [1.0, 'none']", and
'--datasets ""' "Fix: e.g. datasets = ["compas"]"; a trainer's ε refused from the library read
"option '--epsilon': ... Fix: e.g. epsilon=1.0". The example is now written as the flag takes
it (errors.in_flag_words): "e.g. --epsilons 1.0,none", "e.g. --datasets compas"."""

from __future__ import annotations

import pytest

from ethiclens._checks import check_dp_epsilon
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError, FaceFix, in_flag_words


@pytest.mark.parametrize(
    ("flag", "fix"),
    [("--epsilons", "e.g. --epsilons 1.0,none"), ("--datasets", "e.g. --datasets compas")],
)
def test_a_sweep_flag_s_refusal_is_fixed_in_the_flag_s_words(tmp_path, capsys, flag, fix):
    store = tmp_path / "s.sqlite"
    assert main(["pcer", "sweep", "--preset", "quick", flag, "", "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '{flag}': ") and err.endswith(f"Fix: {fix}\n")
    assert not store.exists()


@pytest.mark.parametrize(
    ("column", "flag", "fix", "said"),
    [
        ("epsilon", "--epsilon", "e.g. epsilon=1.0, or 'none'", "e.g. --epsilon 1.0, or 'none'"),
        ("features", "--features", "e.g. features = 'paper' (or 'full')", "e.g. --features paper"),
        ("eta", "--eta", "e.g. 1e-3 (the default)", "e.g. 1e-3 (the default)"),  # no keyword
        ("seed", "--seed", "e.g. seeds=[0, 1]", "e.g. seeds=[0, 1]"),  # another keyword's
        ("group", "--group", "e.g. group='a b'", "e.g. --group 'a b'"),  # shell-quoted
    ],
)
def test_an_example_of_the_refused_keyword_is_said_as_its_flag(column, flag, fix, said):
    exc = in_flag_words(EthicLensInputError("bad", column=column, value=1, fix=fix), flag)
    assert exc.column == flag and exc.fix.startswith(said) and exc.kind == "option"


def test_the_library_s_epsilon_refusal_reads_as_the_flag_s_own():
    with pytest.raises(EthicLensInputError) as lib:
        check_dp_epsilon("x", "epsilon")
    with pytest.raises(EthicLensInputError) as cli:
        check_dp_epsilon("x", "--epsilon")
    assert str(in_flag_words(lib.value, "--epsilon")) == str(cli.value)


def test_a_fix_with_command_line_words_gives_them():
    exc = EthicLensInputError("bad", column="data", fix=FaceFix("df.dropna()", "e.g. --data d.csv"))
    assert in_flag_words(exc, "--data").fix == "e.g. --data d.csv"


@pytest.mark.parametrize(
    ("where", "fix"),
    [
        ("--epsilon", "e.g. --epsilon 1.0, or 'none' for a run without DP"),
        ("epsilons", "e.g. epsilons = [1, 10], or 'none' for a run without DP"),
    ],
)
def test_an_overflowing_dp_budget_is_fixed_in_its_face_s_words(where, fix):
    # it said 'use a finite ε, or 'none' for no DP' on every face, after the one vocabulary
    with pytest.raises(EthicLensInputError, match="ε is above .*: DP-SGD.s noise is then") as info:
        check_dp_epsilon("1e400", where)
    assert info.value.fix == fix and info.value.value == "1e400"
