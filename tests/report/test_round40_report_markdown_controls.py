"""Round 40: ``ethiclens.report.markdown_text`` (public: escape a user string for Markdown) returned
a bidi override, a NUL, an ESC sequence or a no-break space as the raw character, where the model
card and every other face show its escape; a caller writing its own Markdown with it got text
that reorders or hides what is read. Now it is shown as the card shows it."""

import pytest

from ethiclens.report import markdown_text


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("\x1b[2J", "\\x1b\\[2J"),
        ("a\u202eb", "a\\u202eb"),
        ("a\x00b", "a\\x00b"),
        ("x\xa0y", "x\\xa0y"),
        ("a\u2028b", "a\\u2028b"),
    ],
)
def test_markdown_text_shows_controls_as_escapes(text, written):
    assert markdown_text(text) == written


def test_markdown_text_is_unchanged_for_plain_and_escaped_text():
    assert markdown_text("a\nb\\c") == "a\\\\nb\\\\c"  # a line break as \n, a backslash doubled
    assert (
        markdown_text("caf\u00e9 \U0001f468\u200d\U0001f469")
        == "caf\u00e9 \U0001f468\u200d\U0001f469"
    )
