"""Round 35: a dollar sign in a user's name is escaped in the Markdown model card: GitHub reads
``$...$`` as inline math, so income bands ``$0-$25k`` lost their dollars and the text between
them was set as a formula. The HTML card still shows the name as written."""

from __future__ import annotations

import re

import numpy as np

import ethiclens
from ethiclens.report import markdown_text, render_model_card, render_model_card_html


def test_dollars_are_escaped_in_markdown_and_shown_in_html():
    rng = np.random.default_rng(0)
    n = 600
    bands = rng.choice(["$0-$25k", "$25k-$50k"], n)
    result = ethiclens.audit(rng.integers(0, 2, n), rng.integers(0, 2, n), {"income": bands},
                             n_boot=100, random_state=0)  # fmt: skip
    assert markdown_text("$0-$25k") == "\\$0-\\$25k"
    card = render_model_card(result)
    assert "\\$0-\\$25k" in card and "\\$25k-\\$50k" in card
    assert re.search(r"(?<!\\)\$", card) is None, "a dollar left unescaped"
    page = render_model_card_html(result)
    assert "$0-$25k" in page and "\\$" not in page
