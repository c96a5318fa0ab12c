"""Round 20 (V): docs/engines.md's scores and weights rows say how a score's or weight's text is
read on every engine (Python's float(): padded ' 0.5' and ' inf' are numbers, '+nan' missing;
'1_000' and non-ASCII digits or spaces are not numbers), and what they say holds."""

from pathlib import Path

import pytest

from ethiclens.fairness import as_weights

DOC = Path(__file__).resolve().parents[2] / "docs" / "engines.md"


def _row(name: str) -> str:
    rows = [line for line in DOC.read_text().splitlines() if line.startswith(f"| **{name}** |")]
    assert len(rows) == 1, name
    return rows[0]


@pytest.mark.parametrize("name", ["scores", "weights"])
def test_the_rows_say_how_text_is_read(name):
    row = _row(name)
    for said in [
        "`float()`",
        "`' 0.5'`",
        "`' inf'`",
        "`'+nan'`",
        "`1_000`",
        "`'١'`",
        "`'\\xa00.5'`",
    ]:
        assert said in row, (name, said)


@pytest.mark.parametrize("text", ["1_000", "\u0661", "\xa00.5"])
def test_what_they_call_no_number_is_refused(text):
    from ethiclens import EthicLensInputError

    with pytest.raises(EthicLensInputError, match="weights must be numbers"):
        as_weights(["1.0", text], 2)
