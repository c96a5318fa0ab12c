"""Round 41: GitHub's Markdown links a URL, 'www.' name or address in plain text by itself (its
extended autolinks): a group 'https://evil.example/x', a model 'www.evil.org' or an owner
'a@x.org' in the model card became links the user never made. Each is escaped now ('https\\:',
'www\\.', '\\@'), and still reads as written under CommonMark."""

import html
import re

import numpy as np
import pandas as pd
import pytest
from markdown_it import MarkdownIt

import ethiclens
from ethiclens.report import markdown_text, render_model_card

LINKED = ["https://evil.example/x", "x_http://evil.org", "see www.evil.org", "_www.a.b", "a@x.org"]


def _shown(markdown: str) -> str:
    rendered = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    return html.unescape(re.sub(r"<[^>]+>", "", rendered))


@pytest.mark.parametrize("text", LINKED)
def test_no_autolink_shape_is_left_in_the_markdown(text):
    out = markdown_text(text)
    assert not re.search(r"(?i)(?<!\\)(?:[a-z]:/|www\.|[^\\]@)", out), out
    assert _shown(out).strip() == text


@pytest.mark.parametrize("text", ["ratio 3:2", "awww.x", "a.b", "C++ 2:1"])
def test_text_that_github_links_not_is_kept(text):
    assert _shown(markdown_text(text)).strip() == text
    assert ":" not in text or "\\:" not in markdown_text(text)


def test_the_card_links_no_group_or_limitation():
    rng = np.random.default_rng(0)
    y, p = rng.integers(0, 2, 200), rng.integers(0, 2, 200)
    groups = pd.DataFrame({"g": np.repeat(["https://evil.example/x", "b"], 100)})
    prov = {"limitations": ["ask owner@x.org", "see www.evil.org"]}
    result = ethiclens.audit(
        y, p, sensitive_features=groups, n_boot=100, random_state=0, provenance=prov
    )
    card = render_model_card(result)
    assert "https\\://evil.example/x" in card and "https://evil" not in card
    assert "owner\\@x.org" in card and "www\\.evil.org" in card
    shown = _shown(card)
    assert "https://evil.example/x" in shown and "ask owner@x.org" in shown
