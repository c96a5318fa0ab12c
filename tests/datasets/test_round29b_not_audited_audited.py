"""Round 29b: ``not_audited`` on an entry the audit trains on (``audited=True``) was silently
ignored; it is refused at registration, naming the field and the fix."""

import pytest

from ethiclens import EthicLensInputError
from ethiclens.datasets import DatasetEntry


def _entry(**kwargs):
    return DatasetEntry(
        name="mine", loader="x:y", description="d", positive_is_favorable=True, **kwargs
    )


def test_not_audited_without_audited_false_is_refused():
    with pytest.raises(EthicLensInputError) as err:
        _entry(not_audited="a text dataset")
    assert err.value.column == "not_audited"
    assert "audited=False" in err.value.fix


def test_audited_entries_without_words_and_refused_ones_with_them_are_taken():
    assert _entry().audited and _entry(not_audited="").not_audited == ""
    assert _entry(audited=False, not_audited="a text dataset").not_audited == "a text dataset"
