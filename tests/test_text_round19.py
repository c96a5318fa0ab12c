"""Round 19: every bidi formatting character (the marks U+200E, U+200F, U+061C too, not only
the overrides and isolates) and the invisible characters no script needs (U+200B, U+2060,
U+FEFF, U+180E) are shown as escapes in the terminal, the HTML report, the HTML card and the
Markdown card; the joiners U+200C and U+200D stay, for emoji and Persian and Indic text."""

import pytest

from ethiclens._text import csv_cell, html_safe, markdown_safe, one_line, terminal_safe
from ethiclens.cli import main

SHOWN = ["\u061c", "\u200e", "\u200f", "\u202a", "\u202e", "\u2066", "\u2069",
         "\u200b", "\u2060", "\ufeff", "\u180e"]  # fmt: skip


@pytest.mark.parametrize("char", SHOWN)
@pytest.mark.parametrize("face", [terminal_safe, html_safe, markdown_safe, one_line, csv_cell])
def test_a_bidi_mark_or_invisible_character_is_written_as_its_escape(face, char):
    assert face(f"r{char}z") == f"r\\u{ord(char):04x}z"


@pytest.mark.parametrize("face", [terminal_safe, html_safe, markdown_safe, csv_cell])
def test_the_joiners_stay_for_emoji_and_persian(face):
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # ZWNJ inside a word
    assert face(family) == family and face(persian) == persian


def test_a_group_named_with_a_right_to_left_mark_shows_it_in_every_face(tmp_path, capsys):
    names = ["A", "r\u200fz"]
    rows = [f"{i % 2},{i // 2 % 2},{names[i % 3 == 0]}" for i in range(300)]
    data = tmp_path / "d.csv"
    data.write_text("y,p,g\n" + "\n".join(rows) + "\n", encoding="utf-8")
    html, md, card = tmp_path / "r.html", tmp_path / "card.md", tmp_path / "card.html"
    base = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g=A",
            "--n-boot", "100"]  # fmt: skip
    assert main([*base, "--html", str(html), "--model-card", str(md)]) == 0
    assert main([*base, "--model-card", str(card)]) == 0
    faces = {
        "terminal": capsys.readouterr().out,
        "html": html.read_text(encoding="utf-8"),
        "markdown card": md.read_text(encoding="utf-8"),
        "html card": card.read_text(encoding="utf-8"),
    }
    for face, text in faces.items():
        assert "\u200f" not in text, face
        assert "r\\u200fz" in text, face
