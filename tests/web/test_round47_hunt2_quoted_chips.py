"""Round 47 (second-wave hunt): the mapping screen's value chips showed a group with
whitespace around it bare (``<span class="chip"> d</span>``, which a browser shows as "d"),
where the result pages, the reports and the refusals quote it (``' d'``); and what they show,
typed back into the reference field or a Merge/Leave-out box (``' d'``, ``'e '``), was refused
as an unknown group ("did you mean ' d'?", the very text typed)."""

from __future__ import annotations

import html
import re

import pandas as pd
import pytest

from tests.web.conftest import upload

_GROUPS = [" d", "e ", '"A"', "it's", "a,b", "x=y", "<b>x</b>", "?"]


def _csv() -> bytes:
    n = len(_GROUPS) * 10
    frame = pd.DataFrame(
        {"label": [i % 2 for i in range(n)], "pred": [i // 2 % 2 for i in range(n)]}
    )
    frame["grp"] = [_GROUPS[i % len(_GROUPS)] for i in range(n)]
    return frame.to_csv(index=False).encode()


def test_chips_show_a_spaced_group_quoted(client):
    page = client.get(upload(client, _csv()).headers["location"]).text
    chips = [html.unescape(c) for c in re.findall(r'<span class="chip">([^<]*)</span>', page)]
    assert {"' d'", "'e '", "'\"A\"'", "it's", "a,b", "<b>x</b>", "?"} <= set(chips)
    assert " d" not in chips and "<b>x</b>" not in page


_PROFILE = {
    "columns": [{"name": n, "numeric": True, "distinct": 2, "values": [0, 1]} for n in "yp"]
    + [{"name": "grp", "numeric": False, "distinct": len(_GROUPS), "values": _GROUPS}],
    "whole_file": True,
}


def test_what_the_page_shows_is_read_back_as_the_group():
    from ethiclens.web._roles import form_to_spec

    form = {"y_true": "y", "y_pred": "p", "protected_list": ["2"], "ref_2": "' d'"}
    form |= {"merge": "grp='e ',it's:z", "exclude": "grp='\"A\"'"}
    spec, _ = form_to_spec(form, _PROFILE, {"file": "x.csv"})
    assert spec["roles"]["protected"] == {"grp": " d"}
    assert spec["groups"]["merge"] == {"grp": {"z": ["e ", "it's"]}}
    assert spec["groups"]["exclude"] == {"grp": ['"A"']}


@pytest.mark.parametrize(
    ("text", "names", "meant"),
    [("' d'", [" d", "d"], " d"), ("'\"A\"'", ['"A"', "A"], '"A"'), ("'x'", ["x"], "'x'")],
)
def test_read_back_reads_a_quoted_name(text, names, meant):
    from ethiclens.web._roles import read_back

    assert read_back(text, names, what="group") == meant


def test_read_back_refuses_a_quoted_form_two_groups_share():
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web._roles import read_back

    with pytest.raises(EthicLensInputError, match="shown alike"):  # the group "'e '" too
        read_back("'e '", ["e ", "'e '"], what="group")
