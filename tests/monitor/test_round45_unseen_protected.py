"""Round 45: a --protected column or reference of characters that print as nothing (a
zero-width space U+200B, a Hangul filler U+3164) passed the monitor's blank check
(``str.strip`` keeps them): ``--protected race=$'\\u200b'`` ran and reported a reference group
that reads as nothing ('a vs \\u200b', "has no rows"), where ``race= `` is refused; a column
'\\u200b' was refused as not found, not as the blank name it is. Both are now refused as
' ' is, by the one rule (``_text.prints_blank``): a blank column in the audit's words ('must not
be empty', _checks.empty_fix), a blank reference 'must be COL or COL=REFERENCE'."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest

from .conftest import run_cli

UNSEEN = ["\u200b", "\u3164=a", "race=\u200b", "race=\u3164", "race=\u2800"]
WORDS = {"\u200b": "must not be empty", "\u3164=a": "must not be empty"}  # a blank column


def _feed(tmp_path):
    feed = tmp_path / "t.csv"
    feed.write_text("y_true,y_pred,race,ts\n1,1,a,2024-01-01\n0,1,b,2024-01-02\n")
    return feed


@pytest.mark.parametrize("given", UNSEEN, ids=ascii)
def test_python_refuses_a_name_that_prints_as_nothing(tmp_path, given):
    feed = str(_feed(tmp_path))
    words = WORDS.get(given, "must be COL or COL=REFERENCE")
    with pytest.raises(EthicLensInputError, match=words) as caught:
        MonitorRequest(target=feed, time="ts", window="1d", y_pred="y_pred", protected=given)
    assert str(caught.value).startswith("argument 'protected': "), caught.value


@pytest.mark.parametrize("given", ["race=\u200b", "\u200b"], ids=ascii)
def test_cli_refuses_it_as_it_refuses_blanks(tmp_path, capsys, given):
    store = tmp_path / "s.sqlite"
    argv = [_feed(tmp_path), "--time", "ts", "--window", "1d", "--y-pred", "y_pred"]
    rc, _, err = run_cli(capsys, "monitor", *argv, "--protected", given, "--store", store)
    words = WORDS.get(given, "must be COL or COL=REFERENCE")
    assert rc == 2 and err.startswith(f"error: option '--protected': {words}"), err
    assert not store.exists()


def test_a_reference_with_a_letter_is_still_taken(tmp_path):
    request = MonitorRequest(
        target=str(_feed(tmp_path)), time="ts", window="1d", y_pred="y_pred", protected="race=a"
    )
    assert request.columns() == (["race"], {"race": "a"})


@pytest.mark.parametrize("given", [" ", "\u200b", "=F"], ids=ascii)
def test_a_blank_column_gets_the_audits_words(tmp_path, capsys, given):
    feed = _feed(tmp_path)
    argv = ["--y-pred", "y_pred", "--protected", given]
    rc, _, audit = run_cli(capsys, "audit", feed, "--y-true", "y_true", *argv)
    more = ["--time", "ts", "--window", "1d", "--store", tmp_path / "s.sqlite"]
    rc2, _, monitor = run_cli(capsys, "monitor", feed, *argv, *more)
    assert (rc, rc2) == (2, 2) and audit == monitor, (audit, monitor)
