"""Round 38 review (rv-web) of d6fdaa9d/c791f319: names a page shows alike.

* A column named with the six characters ``X\\x0dY`` holds no CR, yet ``shown_forms`` wrote
  its (absent) CR's escape as ``\\r`` in it: ``X\\rY`` counted as its shown form, so a file with
  both literal names ``X\\rY`` and ``X\\x0dY`` had its plain pick ``X\\rY`` (offered as itself)
  refused as naming two columns, and ``X\\rY`` typed beside ``X\\x0dY`` alone read as it.
* A reference typed with spaces around it (or in double quotes) is stripped as the command
  line reads it, but the stripped text was not read back: ``\\u202eA `` beside the groups
  U+202E then ``A`` and the seven characters ``\\u202eA`` took the literal one silently (a
  Merge or Leave-out box, which strips and reads back each group, refuses it), and beside the
  U+202E group alone it named no group at all.
* Every mapping form sent read back each column's reference, an empty one too, by the visible
  forms of all its groups, though a text without a backslash can only be a name as itself:
  2,000 columns of 40 groups, 4,000 references: 1.1 s, now 34-47 ms (same machine and run).
* A hidden field over 64 kB (``protected_order``) is refused at the top of the form, under a
  line that said "see the fields marked below" with no field marked.
"""

from __future__ import annotations

import re

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web._roles import _reference, read_back
from ethiclens.web._web import shown_forms

from .conftest import make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

BIDI, LITERAL = "\u202eA", "\\u202eA"


def test_a_literal_backslash_x0d_is_not_a_carriage_returns_escape():
    assert "X\\rY" not in shown_forms("X\\x0dY")
    assert shown_forms("X\rY") == {"X\\x0dY", "X\\rY"}  # a real CR: both forms, as before
    assert shown_forms("\r\n") == {"\\x0d\n", "\\x0d\\n", "\\r\\n"}
    names = ["X\\rY", "X\\x0dY"]  # two names each offered as itself
    assert read_back("X\\rY", names) == "X\\rY"
    assert read_back("X\\x0dY", names) == "X\\x0dY"
    assert read_back("X\\rY", ["X\\x0dY"]) == "X\\rY"  # not a column: refused as such later
    assert read_back("X\\rY", ["X\rY", "X\\x0dY"]) == "X\rY"  # only the CR's typed form
    with pytest.raises(EthicLensInputError, match="names 2 columns"):
        read_back("X\\x0dY", ["X\rY", "X\\x0dY"])  # the CR's shown form and a literal name


@pytest.mark.parametrize("typed", [f"{LITERAL} ", f" {LITERAL}", f'"{LITERAL}"'])
def test_a_reference_typed_with_spaces_or_quotes_is_read_back_as_the_box_reads_it(typed):
    with pytest.raises(EthicLensInputError, match="names 2 groups"):
        _reference(typed, {"values": [BIDI, LITERAL, "B"]})
    assert _reference(typed, {"values": [BIDI, "B"]}) == BIDI
    assert _reference(typed, {"values": [LITERAL, "B"]}) == LITERAL


def test_references_read_as_before():
    values = {"values": [" Female", "Male", BIDI, "a\\b", "X\nY"]}
    assert _reference(" Female", values) == " Female"  # as sent: one of them
    assert _reference(" Male ", values) == "Male"  # stripped
    assert _reference('" Female"', values) == " Female"  # what the quotes hold
    assert _reference(" Other ", values) == "Other"  # not a group: refused by the library
    assert _reference(LITERAL, values) == BIDI
    assert _reference("a\\b", values) == "a\\b"
    assert _reference("X\\nY", values) == "X\nY"
    assert _reference("", values) == ""
    assert _reference(None, values) == ""


def test_a_text_without_a_backslash_reads_no_visible_forms(monkeypatch):
    from ethiclens.web import _roles

    calls = []
    monkeypatch.setattr(_roles, "shown_forms", lambda n: calls.append(n) or set())
    column = {"values": [f"v{j}" for j in range(40)]}
    assert [_reference(t, column) for t in ("", " ", "v3", " v3 ", '"v3"', "nope")] == [
        "", "", "v3", "v3", "v3", "nope"
    ]  # fmt: skip
    assert read_back("c1", ["c0", "c1"]) == "c1"
    assert read_back("c9", ["c0", "c1"], "other") == "other"
    assert calls == []


def _summary(html: str) -> str:
    m = re.search(r'id="form-errors">([^<]*)<', html)
    return m.group(1) if m else ""


def test_a_hidden_field_over_the_limit_is_not_said_to_be_marked_below(client, monkeypatch):
    """``protected_order`` (hidden) over 64 kB: its refusal is the message at the top of the
    form; the line above it promised "the fields marked below" with none marked."""
    monkeypatch.setattr(client.app.state.web.runner, "submit", lambda *a, **k: None)
    url = upload(client, make_frame(200).to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    form = mapping_form(page, protected=["3"], protected_order="3," * 40_000)
    r = client.post(url, data=form)
    assert r.status_code == 422
    assert re.findall(r'id="error-([^"]+)"', r.text) == ["form"]
    assert "protected_order: is 78.1 kB long" in r.text
    assert _summary(r.text) == "The form has 1 problem: see the message below."
    form = mapping_form(page, protected=["3"], y_score="nope")
    r = client.post(url, data=form)  # a field marked: as before
    assert re.findall(r'id="error-([^"]+)"', r.text) == ["y_score"]
    assert _summary(r.text) == "The form has 1 problem: see the field marked below."
