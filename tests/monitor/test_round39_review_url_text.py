"""Round 39 review (rev_k): a store URL pasted with an invisible character around it (a
zero-width space, a byte-order mark) is a URL to ``checked_store`` (was taken as a SQLite file
named by the whole URL, password included), and text that is only invisible characters is
blank (was a SQLite file no one can see)."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor._store import checked_store


@pytest.mark.parametrize("char", ["\u200b", "\ufeff", "\u2060", "\x1b"])
def test_disguised_store_url_is_the_url(char):
    assert checked_store(f"{char}postgresql://u:pw@h/d{char}") == "postgresql://u:pw@h/d"
    with pytest.raises(EthicLensInputError, match="mysql URL") as info:
        checked_store(f"{char}mysql://u:s3cretPW9@h/d")
    assert "s3cretPW9" not in str(info.value)


@pytest.mark.parametrize("text", ["\u200b", " \ufeff\u2060 "])
def test_only_invisible_is_blank(text):
    with pytest.raises(EthicLensInputError, match="is blank"):
        checked_store(text)


def test_file_names_are_kept():
    for name in ("fairness.sqlite", " lead.sqlite", "a\u200bb.sqlite", "dossier é/f.sqlite"):
        assert checked_store(name) == name
