"""Round 30 review: an unordered input's refusal read 'is a object' ('is a int' for a role):
the article follows the type's name (an object, an int, a set)."""

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


def test_the_article_follows_the_type_name():
    with pytest.raises(EthicLensInputError, match="is an object, which has no row order"):
        ethiclens.audit([0, 1, 0, 1], [0, 1, 1, 0], object())
    with pytest.raises(EthicLensInputError, match="is a set, which has no row order"):
        ethiclens.audit([0, 1, 0, 1], [0, 1, 1, 0], {1, 2})
