"""Round 38 (helper web): two names a page shows alike.

A column (or group) named U+202E then ``A`` is offered in its visible form ``\\u202eA``, and a
column named with those seven characters (a backslash, ``u202e``, ``A``) is offered as itself:
the same option value, the same text in a reference, Merge or Leave-out box. The form read the
value as the literal name first, so choosing the first column audited the second one
silently. Now the value that names two columns (or two groups of a column) is refused by its
field, 422, naming both, with the fix (rename one in the file); a name shown as itself, and a
control character's visible form alone, are read as before.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError

from .conftest import make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")
BIDI, LITERAL = "\u202eA", "\\u202eA"  # U+202E then A; the seven characters of its shown form


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


@pytest.fixture
def shown_alike(client, monkeypatch):
    """The mapping screen of a file holding both names as columns (scores) and as the groups
    of ``g2``; requests are stored, never run."""
    monkeypatch.setattr(client.app.state.web.runner, "submit", lambda *a, **k: None)
    df = make_frame(300)
    df[BIDI] = (df["score"] * 0.5).round(3)
    df[LITERAL] = df["score"]
    df["g2"] = np.where(np.arange(300) % 2, BIDI, LITERAL)
    url = upload(client, df.to_csv(index=False).encode()).headers["location"]
    return url, client.get(url).text


def _refused(client, url, form, field) -> str:
    r = client.post(url, data=form)
    assert r.status_code == 422, r.status_code
    m = re.search(rf'id="error-{field}"[^>]*>([^<]*)<', r.text)
    assert m, re.findall(r'id="error-([^"]+)"', r.text)
    return _text(m.group(1))


def test_a_column_option_that_two_columns_send_is_refused_not_read_as_the_literal_one(
    client, shown_alike
):
    url, page = shown_alike
    select = re.search(r'<select id="y_score" name="y_score"[^>]*>(.*?)</select>', page, re.S)
    values = re.findall(r'<option value="([^"]*)"', select.group(1))
    assert values.count(LITERAL) == 2  # the two columns' options send the same value
    said = _refused(client, url, mapping_form(page, protected=["3"], y_score=LITERAL), "y_score")
    assert "names 2 columns of this file, shown alike on this page" in said
    assert "'\\u202eA', '\\\\u202eA'" in said  # both, told apart
    assert "Fix: rename one of these columns in the file" in said
    assert client.app.state.store.counts() == {"draft": 1}  # nothing queued


def test_a_reference_and_merge_and_leave_out_group_shown_alike_are_refused_by_their_box(
    client, shown_alike
):
    url, page = shown_alike
    g2 = str(page.count('name="protected"') - 1)  # the last column
    form = mapping_form(page, protected=["3", g2], **{f"ref_{g2}": LITERAL})
    assert "names 2 groups of this file" in _refused(client, url, form, f"ref_{g2}")
    r = client.post(url, data=form)  # only that field: g2 is still a ticked attribute
    assert re.findall(r'id="error-([^"]+)"', r.text) == [f"ref_{g2}"]
    for box, line in (("merge", f"g2={LITERAL},x:y"), ("exclude", f"g2={LITERAL}")):
        form = mapping_form(page, protected=["3", g2], **{box: line})
        assert "names 2 groups of this file" in _refused(client, url, form, box), box


def test_a_name_shown_as_itself_or_a_visible_form_alone_is_read_as_before():
    from ethiclens.web._roles import read_back

    assert read_back(LITERAL, [LITERAL, "x"]) == LITERAL
    assert read_back(LITERAL, [BIDI, "x"]) == BIDI
    assert read_back("a\\b", ["a\\b"]) == "a\\b"
    with pytest.raises(EthicLensInputError, match="names 2 groups"):
        read_back(LITERAL, [BIDI, LITERAL], what="group")


def test_model_b_column_typed_as_two_columns_show_it_is_refused_by_model_b_field():
    from ethiclens.web._twofiles import _typed_index

    with pytest.raises(EthicLensInputError, match="model B's file b.csv") as caught:
        _typed_index(LITERAL, "", ["pred", BIDI, LITERAL], "b.csv")
    assert caught.value.column == "model_b"
