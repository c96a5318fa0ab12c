"""Round 50 (P2NIA leftover): '--epsilon " 1 "' was refused "ε must be a number (value: ' 1 ')"
and '--delta " 1e-6"' "δ must be a number", not saying what is wrong with a text that writes a
number, while '--epsilons " 1"' was taken. The rule is every checked number's on the command
line: one number's text is refused with blanks around it (--di-threshold, --n-boot, --seed),
a comma-separated list's items are stripped when split (--bins, --sizes, --epsilons). Both
kept; one number's refusal now names the blanks and gives the number (_checks.budget_text, the
one reading of ε and δ text: --epsilon, --delta, pcer's --epsilon), and so a decimal comma or
digits grouped by commas (_checks.written_apart, every checked number's words: '0,5', '1,000')."""

import pytest

from ethiclens._checks import check_dp_epsilon, check_epsilon, split_epsilons
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

REQUEST = ["p2nia", "request", "--n", "1000", "--protected", "sex", "--groups", "F,M"]


@pytest.mark.parametrize(
    "flag,typed,number",
    [
        ("--epsilon", " 1 ", "1"),
        ("--epsilon", "2 ", "2"),
        ("--delta", " 1e-6", "1e-6"),
        ("--epsilon", "0,5", "0.5"),
        ("--epsilon", "1,000", "1000"),
    ],
)
def test_one_numbers_blanks_are_named_on_every_budget_flag(tmp_path, capsys, flag, typed, number):
    argv = [*REQUEST, "--mechanism", "mst", "--epsilon", "1", "--delta", "1e-6"]
    out = tmp_path / "r.json"
    assert main([*argv, flag, typed, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    symbol = "ε" if flag == "--epsilon" else "δ"
    held = {"0,5": "a comma for its decimal point", "1,000": "commas between its digits"}
    said = f"option '{flag}': {symbol} must be a number, written without "
    said += held.get(typed, "blanks around it")
    assert said + f" (value: {typed!r}). Fix: give {number}" in err, err
    assert not out.exists()


def test_python_and_pcer_read_the_text_alike():
    for check in (lambda t: check_epsilon(t, "--epsilon", text=True), check_dp_epsilon):
        with pytest.raises(EthicLensInputError, match="written without blanks around it"):
            check(" 2 ")
    assert split_epsilons(" 1, 2", "--epsilons") == [1.0, 2.0]  # a list's items stripped


@pytest.mark.parametrize("typed", [" x", " 1e-400", "1_0"])
def test_other_text_keeps_its_words(typed):
    with pytest.raises(EthicLensInputError) as info:
        check_epsilon(typed, "--epsilon", text=True)
    assert "blanks" not in str(info.value) and "give" not in info.value.fix
