"""Round 40: user text that starts like a Markdown block ('1. Only 2019 data', '- none known',
'---', '2020) ...') became a nested list or a rule in the model card (a limitation's bullet
'- 1. Only 2019 data'), its words lost in the Markdown and the HTML card. Now its first marker
is escaped; text that starts no block ('-5', '1.5', '=1+2') is written as before."""

import html
import re

import numpy as np
import pandas as pd
import pytest
from markdown_it import MarkdownIt

import ethiclens
from ethiclens.report import markdown_text, render_model_card, render_model_card_html

STARTS = ["1. Only 2019 data", "- none known", "---", "2020) a year", "  - indented", "==="]


def _shown(markdown: str) -> str:
    rendered = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    return html.unescape(re.sub(r"<[^>]+>", "", rendered))


@pytest.fixture(scope="module")
def result():
    rng = np.random.default_rng(0)
    y, p = rng.integers(0, 2, 200), rng.integers(0, 2, 200)
    groups = pd.DataFrame({"g": np.repeat(["a", "b"], 100)})
    card = {"factors": {"relevant": "1. first factor"}, "ethical_considerations": ["- because"]}
    prov = {"limitations": STARTS, "card": card}
    return ethiclens.audit(
        y, p, sensitive_features=groups, n_boot=100, random_state=0, provenance=prov
    )


def test_the_card_shows_every_limitation_and_field_as_written(result):
    markdown = render_model_card(result)
    for shown in (
        _shown(markdown),
        html.unescape(re.sub(r"<[^>]+>", "", render_model_card_html(result))),
    ):
        for text in [*STARTS, "1. first factor", "- because"]:
            assert text.strip() in shown, text
    # no nested list, no rule from the user's words
    rendered = MarkdownIt("commonmark").render(markdown)
    assert "<hr" not in rendered and "<ol" not in rendered


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("- x", "\\- x"),
        ("1. x", "1\\. x"),
        ("---", "\\---"),
        ("-5", "-5"),
        ("1.5", "1.5"),
        ("=1+2", "=1\\+2"),
    ],
)
def test_markdown_text_escapes_only_a_leading_block_marker(text, written):
    assert markdown_text(text) == written
    assert _shown(markdown_text(text)).strip() == text
