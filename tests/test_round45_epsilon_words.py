"""Round 45: one vocabulary for a bad ε on every face. 'p2nia request --epsilon x' said "ε must
be a number ... Fix: give a budget such as 1.0", 'pcer train --epsilon x' and 'pcer sweep
--epsilons x' "not a number ... Fix: use positive numbers, or 'none' for no DP"; 0 or -1 was
"ε must be a finite number > 0" for P2NIA and "ε must be a positive number (> 0)" for DP-SGD;
'p2nia request --epsilon inf' showed inf unquoted where '0' was quoted. Now every face words
the problem alike, shows the text as typed, and names its own example in the fix."""

from __future__ import annotations

import pytest

from ethiclens._checks import check_dp_epsilon, check_epsilon
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid
from ethiclens.p2nia import request_from_options

CLI = {
    "p2nia request": (["p2nia", "request", "--n", "1000", "--protected", "sex"], "--epsilon"),
    "pcer train": (["pcer", "train", "compas"], "--epsilon"),
    "pcer sweep": (["pcer", "sweep", "--preset", "quick", "--seeds", "1"], "--epsilons"),
    "p2nia experiment": (["p2nia", "experiment"], "--epsilons"),
    "p2nia experiment metric": (["p2nia", "experiment"], "--metric-epsilons"),
}
WORDS = {"x": "ε must be a number", "0": "ε must be a finite number > 0"}
WORDS["-1"] = WORDS["nan"] = WORDS["0"]


@pytest.mark.parametrize("typed", sorted(WORDS))
@pytest.mark.parametrize("face", sorted(CLI))
def test_every_command_words_a_bad_epsilon_alike(tmp_path, capsys, face, typed):
    argv, flag = CLI[face]
    out = ["--store", str(tmp_path / "s.sqlite")] if face == "pcer sweep" else []
    out = out or ["--out", str(tmp_path / "e")] if face.startswith("p2nia experiment") else out
    out = out or ["--out" if face == "p2nia request" else "--json", str(tmp_path / "o.json")]
    assert main([*argv, flag, typed, *out]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '{flag}': {WORDS[typed]} (value: {typed!r}). Fix: ")
    assert f"Fix: e.g. {flag} 1" in err  # the command's own flag, not a Python argument
    assert not list(tmp_path.iterdir())


def test_inf_typed_for_a_request_is_shown_as_typed(capsys):
    argv = ["p2nia", "request", "--n", "1000", "--protected", "sex", "--out", "r.json"]
    assert main([*argv, "--epsilon", "inf"]) == 2
    assert "(value: 'inf')" in capsys.readouterr().err  # as '0' is: the text typed


@pytest.mark.parametrize("typed", sorted(WORDS))
def test_python_faces_word_a_bad_epsilon_alike(typed):
    calls = [
        lambda: request_from_options(1000, "sex", typed, groups="a,b"),
        lambda: check_epsilon(typed, "epsilon", text=True),
        lambda: check_dp_epsilon(typed, "epsilon"),
        lambda: SweepGrid(datasets=["compas"], epsilons=[typed], seeds=[0]),
    ]
    for call in calls:
        with pytest.raises(EthicLensInputError) as info:
            call()
        assert info.value.problem == WORDS[typed]
        assert info.value.value == typed


@pytest.mark.parametrize("value", [[1], True, None])
def test_a_value_of_another_type_is_refused_in_the_same_words(value):
    for check in (check_epsilon, check_dp_epsilon):
        if value is None and check is check_dp_epsilon:
            continue  # None: no DP
        with pytest.raises(EthicLensInputError) as info:
            check(value, "epsilon")
        assert info.value.problem == f"ε must be a number, not {type(value).__name__}"
        assert info.value.fix.startswith("e.g. epsilon=1.0")


def test_spaces_around_a_single_value_are_refused_alike_and_list_items_are_stripped():
    for text in (" 2 ", " none"):
        with pytest.raises(EthicLensInputError, match="ε must be a number"):
            check_dp_epsilon(text, "--epsilon")
    with pytest.raises(EthicLensInputError, match="ε must be a number"):
        check_epsilon(" 2 ", "--epsilon", text=True)
    grid = SweepGrid(datasets=["compas"], epsilons=["2", "none"], seeds=[0])
    assert grid.epsilons == [2.0, None]


def test_a_grid_files_epsilon_is_told_its_key_not_a_flag(tmp_path, capsys):
    grid = tmp_path / "g.yaml"
    grid.write_text("datasets: [compas]\nepsilons: [0]\nseeds: 1\n")
    argv = ["pcer", "sweep", "--grid", str(grid), "--store", str(tmp_path / "s.sqlite")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'epsilons': ε must be a finite number > 0")
    assert "Fix: e.g. epsilons = [1, 10], or 'none'" in err  # the file's key, no flag


@pytest.mark.parametrize("typed", ["x", "inf", "1_0"])  # " 1e-6": give 1e-6 (round 50)
def test_a_bad_delta_fix_names_the_flag_on_the_command_line(capsys, typed):
    argv = ["p2nia", "request", "--n", "1000", "--protected", "sex", "--epsilon", "1"]
    assert main([*argv, "--mechanism", "mst", "--delta", typed, "--out", "r.json"]) == 2
    err = capsys.readouterr().err
    assert f"(value: {typed!r}). Fix: e.g. --delta 1e-6, or leave it out" in err


def test_a_bad_delta_fix_names_the_argument_in_python():
    from ethiclens._checks import check_delta

    with pytest.raises(EthicLensInputError) as info:
        check_delta(float("nan"), "delta")
    assert info.value.fix == "e.g. delta=1e-6, or leave it out"
