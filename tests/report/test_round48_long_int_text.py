"""Round 48 (api battery, class: a whole number past Python's int-to-text limit in the report's
text helpers).

``report.paragraph(10**5000)``, ``table`` (a header, a cell, a caption), ``markdown_text``,
``masked_sentence`` and ``card_format(10**5000)`` crashed with Python's "Exceeds the limit
(4300 digits) for integer string conversion" ValueError: the HTML escape, the Markdown escape
and the card's path wrote the value with ``str()``. They now write it as every refusal does
(``errors.plain_text``: its first and last digits and how many); other values as before."""

import pytest

from ethiclens import EthicLensInputError, report

HUGE = 10**5000
SHOWN = "100000000000…000000 (5,001 digits)"

CALLS = {
    "paragraph": lambda: report.paragraph(HUGE),
    "paragraph class": lambda: report.paragraph("x", HUGE),
    "table cell": lambda: report.table(["a"], [[HUGE]]),
    "table header": lambda: report.table([HUGE], [["x"]]),
    "table caption": lambda: report.table(["a"], [["x"]], caption=HUGE),
    "table note": lambda: report.table(["a"], [["x"]], notes=[HUGE]),
    "markdown_text": lambda: report.markdown_text(HUGE).replace("\\", ""),
    "masked_sentence": lambda: report.masked_sentence(HUGE, ["g"]),
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS)
def test_a_long_whole_number_is_written_shortened(call):
    assert SHOWN in call()


def test_a_card_path_given_as_a_long_number_is_refused_shortened():
    with pytest.raises(EthicLensInputError, match="chosen by its extension") as err:
        report.card_format(HUGE)
    assert SHOWN in str(err.value)


def test_other_values_are_written_as_before():
    assert report.paragraph(12) == "<p>12</p>"
    assert report.markdown_text(3.5) == "3.5"
