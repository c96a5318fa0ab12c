"""Round 46 review (sibling of e1f30418's NaN unquote fix): a request file's n′ given as any
text was told "(write the number without quotes)", "NaN", "1.5" and "abc" too, which
unquoted are no integer either (NaN is no JSON). The hint is now given to whole-number text
only ("2000")."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import _protocol

HINT = "(write the number without quotes)"


@pytest.mark.parametrize(
    "text, hinted",
    [("NaN", False), ("1.5", False), ("abc", False), ("2000", True), (" 3 ", True)],
)
def test_only_whole_number_text_is_told_to_lose_its_quotes(tmp_path, text, hinted):
    with pytest.raises(EthicLensInputError) as caught:
        _protocol.check_n(text, "n")
    assert (HINT in str(caught.value)) is hinted
    assert "must be an integer in [10, 100,000,000], not a str" in str(caught.value)


def test_whole_number_text_with_blanks_in_range_is_told_its_blanks():
    """Round 50: ' 300 ' (in range once its blanks go) names its blanks and 300 to give, as
    every checked number's text does; ' 3 ' (out of range) keeps the range's words above."""
    with pytest.raises(EthicLensInputError, match=r"written without blanks around it .*give 300$"):
        _protocol.check_n(" 300 ", "n")
