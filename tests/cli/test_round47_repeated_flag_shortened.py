"""Round 47 (p2nia hunter's found item 2): the note on a flag given twice printed each value
whole ('--epsilon 1 --epsilon <400 digits>': every digit, on the line above a refusal that
shows them shortened). Its values are now shown as every refusal shows a value: a long whole
number shortened, a long text cut in its middle, a secret masked; a short one as before."""

import pytest

from ethiclens.cli import main

DIGITS = "1" + "2" * 399
ARGV = ["p2nia", "request", "--n", "100", "--protected", "sex", "--groups", "F,M"]


@pytest.mark.parametrize(
    "second,shown",
    [
        (DIGITS, "('1', then 122222222222…222222 (400 digits))"),
        ("x" * 400, "('1', then 'xxxx"),
        ("2", "('1', then '2')"),
    ],
)
def test_the_repeated_flag_note_shortens_a_long_value(tmp_path, capsys, second, shown):
    main([*ARGV, "--epsilon", "1", "--epsilon", second, "--out", str(tmp_path / "r.json")])
    note = capsys.readouterr().err.splitlines()[0]
    assert note.startswith(f"note: --epsilon is given twice {shown}"), note
    assert len(note) < 400 and DIGITS[:60] not in note, note
