"""Round 29b review: ``DatasetEntry.not_audited`` is read into the audit's refusal ("NAME is
WHAT without a standard audit model"), so an entry refuses a value that would make that line
wrong: not a string, blank, or over several lines (the CLI's refusal is one line)."""

import pytest

from ethiclens.datasets import DatasetEntry
from ethiclens.errors import EthicLensInputError


def _entry(**kw):
    return DatasetEntry(
        name="mine", description="d", positive_is_favorable=True, loader="x:y", **kw
    )


@pytest.mark.parametrize(
    "what", [5, None, ["a text dataset"], "  ", "a\ntext dataset", "a\x1b[31m"]
)
def test_a_bad_not_audited_is_refused_naming_the_field(what):
    with pytest.raises(EthicLensInputError) as err:
        _entry(audited=False, not_audited=what)
    assert err.value.column == "not_audited"
    assert "not_audited='a text dataset'" in err.value.fix


@pytest.mark.parametrize("what", ["", "a text dataset", "an image corpus"])
def test_words_on_one_line_or_empty_are_kept(what):
    assert _entry(audited=False, not_audited=what).not_audited == what
