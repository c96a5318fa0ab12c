"""Round 47 (notes, not refusals, in the face's words): the note on a group named like a
missing value ('?') told a Python caller "leave it out (--exclude-group 'race=?')", a flag
ethiclens.audit(...) does not take, and the web's report said the flag too. A result
carries the words of the face that asked for it (``fairness.in_face_words``, the map its
refusals use): a top-level Python call's result says ``exclude_groups={'race': ['?']}``
(attribute_notes, repr, notebook HTML, the HTML report), the web's report "the field Leave
groups out: race=?"; the command line's run (its terminal, JSON, HTML) keeps its flag."""

import ast
import html

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import fairness
from ethiclens.report import render_html


@pytest.fixture(autouse=True)
def _no_plots(monkeypatch):  # the reports' words, not their charts: < 1 s
    from ethiclens.report import _plots

    monkeypatch.setattr(_plots, "_chart", lambda what, draw: _plots.Chart("data:,", "", ""))


def _frame(codes=("?",), n=300):
    rng = np.random.default_rng(0)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "score": rng.random(n),
            "race": rng.choice(["White", "Black", *codes], n),
        }
    )


def _said(notes) -> str:
    """The keyword a Python note tells to give, as the call takes it."""
    (note,) = [n for n in notes if "missing-value code" in n]
    return note.partition("leave ")[2].partition(" out (")[2].rpartition(") or recode")[0]


@pytest.mark.parametrize("codes", [("?",), (" ?",), ("?", "-")])
def test_a_python_callers_note_says_the_keyword_that_leaves_it_out(codes):
    df = _frame(codes)
    kw = dict(n_boot=100, random_state=0)
    result = ethiclens.audit(df["y"], df["p"], df[["race"]], **kw)
    keyword, _, value = _said(result.attribute_notes).partition("=")
    assert keyword == "exclude_groups" and "--exclude-group" not in repr(result)
    assert {k: sorted(v) for k, v in ast.literal_eval(value).items()} == {"race": sorted(codes)}
    pages = (result._repr_html_(), render_html(result))
    for shown in (repr(result), *map(html.unescape, pages)):
        assert f"({keyword}={value})" in shown
    # the advice, followed as written, leaves the code out: no note
    left_out = ast.literal_eval(value)
    again = ethiclens.audit(df["y"], df["p"], df[["race"]], **kw, exclude_groups=left_out)
    assert again.attribute_notes == []


def test_every_top_level_call_says_it_and_the_engine_keeps_the_flag():
    df = _frame()
    kw = dict(n_boot=100, random_state=0)
    other = np.random.default_rng(3).integers(0, 2, len(df))
    comp = ethiclens.compare(df["y"], df["p"], other, df[["race"]], **kw)
    table = ethiclens.threshold_table(df["y"], df["score"], df[["race"]], **kw)
    counts = df.groupby(["race", "y", "p"]).size().reset_index(name="count")
    counted = ethiclens.audit_counts(counts.rename(columns={"y": "y_true", "p": "y_pred"}),
                                     protected=["race"], **kw)  # fmt: skip
    py = "(exclude_groups={'race': ['?']})"
    assert py in _said(comp.audit_a.attribute_notes).join("()")
    assert py in table.missing_code_notes["race"] and py in counted.attribute_notes[0]
    # the command line's run reads the engine's result, which keeps the flag's words
    bare = fairness.audit(df["y"], df["p"], df[["race"]], **kw)
    assert "(--exclude-group 'race=?')" in bare.attribute_notes[0]


def test_the_webs_report_names_its_field(tmp_path):
    from ethiclens.web._jobs import _render

    df = _frame(("?", "-"))
    result = fairness.audit(df["y"], df["p"], df[["race"]], n_boot=100, random_state=0)
    page = html.unescape(_render(result, "audit", None)[0])
    assert "leave them out (the field Leave groups out: race=- and race=?)" in page
    assert "(--exclude-group" not in page


def test_the_floors_section_names_the_faces_settings():
    df = _frame()
    kw = dict(n_boot=100, random_state=0)
    result = ethiclens.audit(df["y"], df["p"], df[["race"]], **kw)
    page = html.unescape(render_html(result))
    said = "min_group_size / min_label_count change the floors, merge_groups / exclude_groups"
    assert said in page
    floors = dict(min_group_size=5, min_label_count=2)
    again = ethiclens.audit(df["y"], df["p"], df[["race"]], **kw, **floors)
    assert again.config["policy"]["min_group_size"] == 5  # the keywords it names are taken
    cli = html.unescape(render_html(fairness.audit(df["y"], df["p"], df[["race"]], **kw)))
    assert "--min-group-size / --min-labels change the floors, --merge-groups / " in cli
