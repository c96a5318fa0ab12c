"""Round 44: the HTML model card's title (its <h1> and <title>) undid every backslash of the
Markdown card's title, the visible escape of an invisible character included: a model named
'\\u202eevil' (a right-to-left override) was titled 'Model card: u202eevil', as if named that
text, where the Markdown card and the HTML report show '\\u202eevil'. Only Markdown's
escapes (a backslash before ASCII punctuation) are undone now."""

import html
import re

import numpy as np
import pandas as pd
import pytest
from markdown_it import MarkdownIt

import ethiclens
from ethiclens.report import render_model_card, render_model_card_html


def _audit(name):
    rng = np.random.default_rng(0)
    y, p = rng.integers(0, 2, 300), rng.integers(0, 2, 300)
    g = pd.Series(rng.choice(["a", "b"], 300), name="g")
    prov = {"model": {"name": name}}
    return ethiclens.audit(y, p, g, n_boot=100, random_state=0, provenance=prov)


def _h1(page: str) -> str:
    return re.search(r"<h1>(.*?)</h1>", page, re.S).group(1)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("\u202eevil", "\\u202eevil"),
        ("a\x1bb", "a\\x1bb"),
        ("tag\U000e0041", "tag\\U000e0041"),
        ("A*B_C (x)", "A*B_C (x)"),
        ("a\\b", "a\\b"),
        ("new\nline", "new\\nline"),
    ],
)
def test_card_title_shows_the_name_as_the_markdown_card_does(name, shown):
    result = _audit(name)
    card = render_model_card_html(result)
    assert _h1(card) == f"Model card: {shown}"
    assert f"<title>Model card: {shown}</title>" in card
    # the Markdown card's title as CommonMark shows it (the card's body is rendered so)
    title = render_model_card(result).splitlines()[0].removeprefix("# ")
    assert MarkdownIt("commonmark", {"html": False}).renderInline(title) == html.escape(
        f"Model card: {shown}", quote=False
    )


def test_an_escaped_name_and_its_letters_are_two_titles():
    escaped = _h1(render_model_card_html(_audit("\u202eevil")))
    plain = _h1(render_model_card_html(_audit("u202eevil")))
    assert escaped != plain
