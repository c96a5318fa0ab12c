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


# Round 19b: Unicode's default-ignorable code points (the Hangul fillers, the combining grapheme
# joiner, the invisible operators, the soft hyphen, the deprecated format characters, the Khmer
# inherent vowels, the tags) print as nothing: two names that differ only by them are one name
# to a reader, and a name holding one shows it as an escape in every face. The joiners and the
# variation selectors are kept in what is shown (emoji, Persian and Indic text).
IGNORED = ["\u3164", "\u115f", "\u1160", "\uffa0", "\u034f", "\u17b4", "\u17b5", "\u180b",
           "\u2061", "\u2064", "\u00ad", "\u206a", "\u206f", "\u2065", "\U0001bca0",
           "\U0001d173", "\U000e0001", "\U000e0041"]  # fmt: skip
KEPT = ["\u200c", "\u200d", "\ufe0f", "\ufe00", "\U000e0100"]


def _escaped(char: str) -> str:
    c = ord(char)
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}" if c < 0x10000 else f"\\U{c:08x}"


@pytest.mark.parametrize("char", IGNORED + KEPT + SHOWN)
def test_a_name_and_the_name_with_an_ignorable_character_read_the_same(char):
    from ethiclens._text import as_seen

    assert as_seen(f"B{char}") == "B" and as_seen(f"{char}B") == "B"


def test_an_emoji_with_its_presentation_selector_reads_as_the_emoji():
    from ethiclens._text import as_seen

    assert as_seen("\u2764\ufe0f") == as_seen("\u2764")


@pytest.mark.parametrize("char", IGNORED)
@pytest.mark.parametrize("face", [terminal_safe, html_safe, markdown_safe, one_line, csv_cell])
def test_an_ignorable_character_is_written_as_its_escape(face, char):
    assert face(f"B{char}z") == f"B{_escaped(char)}z"


@pytest.mark.parametrize("char", KEPT)
@pytest.mark.parametrize("face", [terminal_safe, html_safe, markdown_safe, csv_cell])
def test_the_joiners_and_variation_selectors_are_shown_as_they_are(face, char):
    assert face(f"\u2764{char}") == f"\u2764{char}"


@pytest.mark.parametrize("face", [terminal_safe, html_safe, markdown_safe, csv_cell])
def test_a_subdivision_flag_is_kept_whole_and_a_stray_tag_is_escaped(face):
    england = "\U0001f3f4" + "".join(chr(0xE0000 + ord(c)) for c in "gbeng") + "\U000e007f"
    assert face(f"{england} x\U000e0067") == f"{england} x\\U000e0067"


@pytest.mark.parametrize("char", ["\u034f", "\u17b4", "\u2061", "\u00ad", "\U000e0041"])
def test_a_name_of_ignorable_characters_prints_blank(char):
    from ethiclens._text import prints_blank

    assert prints_blank(char) and prints_blank(f" {char}\u3164")
    assert not prints_blank(f"B{char}")


def _data(tmp_path, names, rows=300):
    lines = [
        f"{i % 2},{i // 2 % 2},{names[i % len(names)]},2026-01-0{1 + i % 3}" for i in range(rows)
    ]
    data = tmp_path / "d.csv"
    data.write_text("y,p,g,t\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return data


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("char", ["\u3164", "\u034f", "\ufe0f", "\u17b4", "\u2061"])
def test_the_audit_refuses_a_group_beside_itself_with_an_ignorable_character(
    tmp_path, capsys, engine, char
):
    data = _data(tmp_path, ["B", f"B{char}", "C"])
    argv = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g",
            "--n-boot", "100", "--engine", engine]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "distinct values print the same" in err and f"U+{ord(char):04X}" in err
    assert char not in err


def test_monitor_refuses_a_group_beside_itself_with_a_hangul_filler(tmp_path, capsys):
    data = _data(tmp_path, ["a", "a\u3164"])
    argv = ["monitor", str(data), "--time", "t", "--window", "1d", "--y-pred", "p",
            "--y-true", "y", "--protected", "g", "--store", str(tmp_path / "m.sqlite")]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "distinct values print the same" in err and "U+3164" in err


@pytest.mark.parametrize("char", ["\u3164", "\u2061", "\u206a", "\u034f"])
def test_a_lone_group_with_an_ignorable_character_shows_its_escape_in_every_face(
    tmp_path, capsys, char
):
    data = _data(tmp_path, ["A", f"B{char}", "A"])
    html, md, card, csv = (tmp_path / n for n in ("r.html", "c.md", "c.html", "t.csv"))
    base = ["--y-true", "y", "--protected", "g=A", "--n-boot", "100"]
    assert main(["audit", str(data), "--y-pred", "p", *base, "--html", str(html),
                 "--model-card", str(md)]) == 0  # fmt: skip
    assert main(["audit", str(data), "--y-pred", "p", *base, "--model-card", str(card)]) == 0
    assert main(["thresholds", str(data), "--y-score", "p", *base, "--csv", str(csv)]) == 0
    faces = {"terminal": capsys.readouterr().out}
    faces |= {p.name: p.read_text(encoding="utf-8") for p in (html, md, card, csv)}
    for face, text in faces.items():
        assert char not in text, face
        assert f"B{_escaped(char)}" in text, face


def test_a_grapheme_joiner_between_a_letter_and_its_accent_reads_as_the_composed_letter():
    from ethiclens._text import as_seen

    assert as_seen("e\u034f\u0301") == as_seen("\u00e9") == "\u00e9"


# Round 19c: a subdivision flag (England, Scotland) is U+1F3F4, tag characters and U+E007F; the
# tags are what tell England from Scotland, so the look-alike key keeps a well-formed flag whole
# (as every face shows it) and drops only a stray tag character.
def _flag(letters: str) -> str:
    return "\U0001f3f4" + "".join(chr(0xE0000 + ord(c)) for c in letters) + "\U000e007f"


ENGLAND, SCOTLAND = _flag("gbeng"), _flag("gbsct")


def test_the_look_alike_key_keeps_a_flag_whole_and_drops_a_stray_tag():
    from ethiclens._text import as_seen

    assert as_seen(ENGLAND) == ENGLAND and as_seen(f" {SCOTLAND}\u200b ") == SCOTLAND
    assert len({as_seen(ENGLAND), as_seen(SCOTLAND), as_seen("\U0001f3f4")}) == 3
    assert as_seen(f"{ENGLAND}\U000e0067") == ENGLAND  # a tag after the flag's end is stray
    assert as_seen("\U0001f3f4\U000e0067\U000e0062") == "\U0001f3f4"  # unterminated: stray
    assert as_seen("B\U000e0067\U000e007f") == "B"  # tags with no black flag before them


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("names", [[ENGLAND, SCOTLAND], [ENGLAND, "\U0001f3f4"]])
def test_the_audit_takes_england_and_scotland_as_two_groups(tmp_path, capsys, engine, names):
    data = _data(tmp_path, names, rows=200)
    argv = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g",
            "--n-boot", "100", "--engine", engine]  # fmt: skip
    assert main(argv) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert all(name in out for name in names)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_audit_still_refuses_a_name_beside_itself_with_a_stray_tag(tmp_path, capsys, engine):
    data = _data(tmp_path, [ENGLAND, f"{ENGLAND}\U000e0067", "B", "B\U000e0041"], rows=200)
    argv = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g",
            "--n-boot", "100", "--engine", engine]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "distinct values print the same" in err and "U+E00" in err
