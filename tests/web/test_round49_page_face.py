"""Round 49: the web app showed the library's Python face in a fix: a group written two ways
that read alike ('A' and 'A ') was told "strip the whitespace around the group names (pandas:
.str.strip())", a label no row holds "recode one column ... (pandas: .map({'yes': 1, 'no':
0}))", a positive label written ' yes' "(pandas: df['pred'].str.strip())". The browser's user
changes the file, never a data frame: a page now says the fix as a face that gives files does
(the command line's words, ``errors.in_cli_words``), each flag called by its form field."""

from __future__ import annotations

import html
import re

import pytest

from ethiclens.errors import EthicLensInputError, FaceFix
from tests.web.conftest import make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def _posted(client, frame, **fields):
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200", **fields)
    r = client.post(url, data=form)
    return wait_done(client, r.headers["location"]) if r.status_code == 303 else r


def test_a_look_alike_group_s_fix_names_the_merge_groups_field():
    from ethiclens.fairness import refuse_look_alike_groups
    from ethiclens.web._jobs import _refusal_record
    from ethiclens.web._roles import in_form_words

    with pytest.raises(EthicLensInputError) as caught:  # as a run of the page meets it
        refuse_look_alike_groups({"group": (["A", "A ", "B"], None)})
    stored = _refusal_record(caught.value, None, {}, None)
    assert "pandas" not in stored["fix"] and "pandas" not in stored["message"]
    assert in_form_words(stored)["fix"] == (
        'merge the spellings into one group: type group=A,"A ":A in the field Merge groups; '
        "or strip the whitespace around the group names in the file"
    )


def test_a_positive_label_no_row_holds_is_fixed_in_the_file(client):
    frame = make_frame(300)
    for col in ("label", "pred"):
        frame[col] = frame[col].map({1: "yes", 0: "no"})
    page = _posted(client, frame, pos_label="maybe")
    assert page.status_code == 422
    said = _text(page.text)
    assert "recode one column to the other's values in the file" in said
    assert "pandas" not in said and ".map(" not in said


def test_every_page_line_of_a_refusal_takes_the_file_s_words():
    from ethiclens.web._roles import in_form_fields
    from ethiclens.web._web import said, said_named

    exc = EthicLensInputError("bad", column="g", fix=FaceFix("x (pandas: .str.strip())", "y"))
    assert said(exc) == "bad. Fix: y"
    assert str(said_named(exc, ("g",))) == "bad. Fix: y"
    assert in_form_fields(exc).fix == "y"
