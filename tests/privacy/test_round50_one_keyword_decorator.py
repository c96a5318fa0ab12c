"""Round 50: privacy's ``refusing_unknown`` and ``Policy``'s constructor were two more writings
of the keyword check; both are ``_keywords.refusing_unknown_keywords`` now, so a role's other
name points to the role (``read_split(path, label=...)``: ``y_true``), as ``audit()`` says it."""

from __future__ import annotations

import pytest

from ethiclens import Policy
from ethiclens._keywords import UnknownKeywordError
from ethiclens.privacy import read_split, refusing_unknown


def test_a_roles_other_name_points_to_the_role():
    with pytest.raises(UnknownKeywordError, match=r"'label'; did you mean 'y_true'\?"):
        read_split("x.csv", label="y")


def test_one_decorator_refuses_in_policys_words_too():
    with pytest.raises(UnknownKeywordError, match=r"Policy\(\) .* 'min_grup_size'; did you"):
        Policy(min_grup_size=5)

    @refusing_unknown
    class Settings:
        def __init__(self, epochs=1):
            self.epochs = epochs

        def scaled(self, by=2):
            return self.epochs * by

    with pytest.raises(UnknownKeywordError, match=r"Settings.scaled\(\) .* 'bye'"):
        Settings().scaled(bye=3)
    assert Settings(epochs=2).scaled(by=3) == 6
