"""A dataset entry named with spaces around it or a control character could be registered
(' toy', 'toy\\n') but never named again: ``--datasets a, toy`` strips each name, and
``datasets list`` printed the newline. Such a name is now refused when the entry is made."""

import pytest

from ethiclens.datasets import DatasetEntry
from ethiclens.errors import EthicLensInputError


def _entry(name):
    return DatasetEntry(name=name, loader=lambda: None, description="x", positive_is_favorable=True)


@pytest.mark.parametrize("name", [" toy", "toy ", "toy\n", "to\x00y", "to\ty"])
def test_name_with_spaces_around_or_control_characters_is_refused(name):
    with pytest.raises(EthicLensInputError) as info:
        _entry(name)
    message = str(info.value)
    assert "spaces around it or control characters" in message
    assert repr(name) in message


@pytest.mark.parametrize("name", ["toy data", "Toy", "tøy"])
def test_inner_spaces_and_letters_are_still_names(name):
    assert _entry(name).name == name


def test_empty_and_comma_names_keep_their_refusal():
    for name in ("", "  ", "a,b"):
        with pytest.raises(EthicLensInputError, match="non-empty name without commas"):
            _entry(name)
