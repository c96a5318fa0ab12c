"""Round 16: docs/pcer.md names every word that means "no DP" (ε = inf among them)."""

from __future__ import annotations

from pathlib import Path

from ethiclens._checks import NO_DP_WORDS, check_dp_epsilon

DOC = Path(__file__).resolve().parents[2] / "docs" / "pcer.md"


def test_every_no_dp_word_is_documented_and_means_no_dp():
    text = DOC.read_text(encoding="utf-8")
    for word in NO_DP_WORDS:
        assert f"`{word}`" in text, word
        assert check_dp_epsilon(word.upper(), "--epsilon", limit=None) is None
    assert "ε = ∞ is no privacy" in text
