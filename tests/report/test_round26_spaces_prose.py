"""Round 26: (1) a space other than the space (a no-break space, a thin space, an ideographic
space) prints as a space, so the groups 'a b' and 'a\\xa0b' looked identical: every face (the
terminal, the HTML report and card, the Markdown card, a chart's labels, hence the PDF) writes
it as its escape, as it does a zero-width space; a tab, which a page folds into a space, is
written \\t in the HTML report and the card. (2) The user's descriptive text (intended use, card
fields, limitations, ethical considerations) had two rules: the HTML report showed a line
break as \\n, the model card as a space; now one rule, a space, on both (names keep \\n)."""

from __future__ import annotations

import pytest

from ethiclens._text import csv_cell, html_safe, markdown_safe, one_line, terminal_safe
from ethiclens.cli import main
from ethiclens.report._model_card import md
from ethiclens.report._render import escape, prose

SPACES = ["\xa0", "\u2009", "\u202f", "\u3000", "\u2002", "\u1680", "\u205f"]


@pytest.mark.parametrize("char", SPACES)
@pytest.mark.parametrize("face", [terminal_safe, html_safe, markdown_safe, one_line, csv_cell])
def test_a_space_other_than_the_space_is_written_as_its_escape(face, char):
    code = ord(char)
    shown = f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    assert face(f"a{char}b") == f"a{shown}b"
    assert face("a b") == "a b"  # the space itself stays


def test_a_tab_in_a_name_is_shown_on_the_page_and_in_the_card():
    assert str(escape("a\tb")) == "a\\tb" and md("a\tb") == "a\\\\tb"
    assert terminal_safe("a\tb") == "a\tb"  # the terminal shows a tab as a gap: layout


def test_prose_reads_a_line_break_as_a_space():
    assert str(prose("one\ntwo\r\nthree\rfour\u2028five")) == "one two three four five"
    assert str(escape("one\ntwo")) == "one\\ntwo"  # a name keeps it visible
    from markupsafe import Markup

    assert str(prose(Markup("<b>x</b>\n"))) == "<b>x</b>\n"  # our markup passes as it is


@pytest.fixture
def faces(tmp_path, capsys):
    names = ["c", "a\xa0b"]
    rows = [f"{i % 2},{i // 2 % 2},{names[i % 3 == 0]}" for i in range(300)]
    data = tmp_path / "d.csv"
    data.write_text("y,p,g\n" + "\n".join(rows) + "\n", encoding="utf-8")
    html, md_card, card = tmp_path / "r.html", tmp_path / "card.md", tmp_path / "card.html"
    base = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g=c",
            "--n-boot", "100", "--intended-use", "screening\nonly, never\r\nalone"]  # fmt: skip
    assert main([*base, "--html", str(html), "--model-card", str(md_card)]) == 0
    assert main([*base, "--model-card", str(card)]) == 0
    return {
        "terminal": capsys.readouterr().out,
        "html": html.read_text(encoding="utf-8"),
        "markdown card": md_card.read_text(encoding="utf-8"),
        "html card": card.read_text(encoding="utf-8"),
    }


def test_a_group_with_a_no_break_space_shows_it_in_every_face(faces):
    for face, text in faces.items():
        assert "\xa0" not in text, face
        assert "a\\xa0b" in text, face


def test_intended_use_reads_the_same_on_the_page_and_the_card(faces):
    assert "<dd>screening only, never alone</dd>" in faces["html"]  # was screening\\nonly
    for face in ("markdown card", "html card"):
        assert "screening only, never alone" in faces[face], face
        assert "screening\\nonly" not in faces[face].split("Run record")[0], face
    # the run record keeps the request exactly (it re-runs): there \\n is the YAML's own escape
