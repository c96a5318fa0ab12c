"""Round 37 review (4ebe209a, 89e9498e, a0a3e16f, 23bb9510, a53a25c0): line cuts of report that
must change no behaviour.

- the three HTML writers share _write_html (4ebe209a): the same refusal for a name of another
  format, '-' and a missing folder through each, nothing written;
- _given_before_merge's dict() (89e9498e): the first '=' splits, a later item of an attribute
  wins, items without '=' are skipped, an intersection joins its attributes' references;
- the options removed as unused (a0a3e16f): the glossary lists every entry in order, the footer
  states the seed, an undefined model value reads 'undefined';
- the refusals rewritten as problem/fix variables (23bb9510, a53a25c0): pinned whole (str,
  column, kind, value, fix), the texts taken from 155a4d63^ (before the cuts).
All pass on 155a4d63^ too (nothing changed).
"""

import datetime as dt
import math
from types import SimpleNamespace

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.report import (
    _audit_report,
    _compare_report,
    _glossary,
    _notebook,
    _render,
    render_html,
)
from ethiclens.report._model_card import card_format
from ethiclens.report._provenance import check_card_info


def _info(info):
    return lambda tmp: lambda: check_card_info(info, "--card-info")


CASES = {
    "render_html": lambda tmp: lambda: render_html([1]),
    "card_format": lambda tmp: lambda: card_format(tmp / "card.pdf"),
    "card_info not a mapping": _info(["a"]),
    "card_info section": _info({"model_detail": {}}),
    "card_info section not a mapping": _info({"sign_off": ["a"]}),
    "card_info field": _info({"model_details": {"nme": "x"}}),
    "card_info list": _info({"model_details": {"name": ["a", "b"]}}),
    "card_info empty list": _info({"model_details": {"name": []}}),
    "card_info long": _info({"model_details": {"name": "x" * 300}}),
    "card_info long caveats": _info({"caveats_and_recommendations": "y" * 20001}),
    "card_info date": _info({"sign_off": {"date": "2024-13-01"}}),
    "card_info date number": _info({"sign_off": {"date": 20240101}}),
    "card_info blank decision": _info({"sign_off": {"decision": " "}}),
    "card_info blank name": _info({"sign_off": {"prepared_by": ""}}),
}


EXPECTED = {
    "card_format": (
        "option '--model-card': the model card's format is chosen "
        "by its extension (value: 'TMP/card.pdf'). Fix: name it "
        "card.md (Markdown) or card.html (HTML)",
        "--model-card",
        "option",
        "TMP/card.pdf",
        "name it card.md (Markdown) or card.html (HTML)",
    ),
    "card_info blank decision": (
        "option '--card-info': sign_off.decision is "
        "blank (value: ' '). Fix: write the decision, "
        "or leave decision out (the report then leaves "
        "a line for ink)",
        "--card-info",
        "option",
        " ",
        "write the decision, or leave decision out (the report then leaves a line for ink)",
    ),
    "card_info blank name": (
        "option '--card-info': sign_off.prepared_by is "
        "blank (value: ''). Fix: write the name, or leave "
        "prepared_by out (the report then leaves a line "
        "for ink)",
        "--card-info",
        "option",
        "",
        "write the name, or leave prepared_by out (the report then leaves a line for ink)",
    ),
    "card_info date": (
        "option '--card-info': sign_off.date is not a calendar "
        "date written YYYY-MM-DD (value: '2024-13-01'). Fix: "
        "write the day of the sign-off, e.g. date: TODAY "
        "(YYYY-MM-DD)",
        "--card-info",
        "option",
        "2024-13-01",
        "write the day of the sign-off, e.g. date: TODAY (YYYY-MM-DD)",
    ),
    "card_info date number": (
        "option '--card-info': sign_off.date is not a "
        "calendar date written YYYY-MM-DD (value: "
        "'20240101'). Fix: write the day of the sign-off, "
        "e.g. date: 2024-01-01 (YYYY-MM-DD)",
        "--card-info",
        "option",
        "20240101",
        "write the day of the sign-off, e.g. date: 2024-01-01 (YYYY-MM-DD)",
    ),
    "card_info empty list": (
        "option '--card-info': model_details.name must be "
        "one text, not a list (value: []). Fix: write it "
        "as one string, or leave name out",
        "--card-info",
        "option",
        "[]",
        "write it as one string, or leave name out",
    ),
    "card_info field": (
        "option '--card-info': unknown field model_details.nme. "
        "Fix: did you mean 'name'? use fields from name, "
        "version, owner, date, type, training, "
        "features, paper, citation, license, contact",
        "--card-info",
        "option",
        None,
        "did you mean 'name'? use fields from name, "
        "version, owner, date, type, training, "
        "features, paper, citation, license, "
        "contact",
    ),
    "card_info list": (
        "option '--card-info': model_details.name must be one "
        "text, not a list (value: ['a', 'b']). Fix: write it as "
        'one string, e.g. name: "a; b"',
        "--card-info",
        "option",
        "['a', 'b']",
        'write it as one string, e.g. name: "a; b"',
    ),
    "card_info long": (
        "option '--card-info': model_details.name is 300 "
        "characters long, over the limit of 200. Fix: shorten it "
        "to at most 200 characters (say more in "
        "model_details.training or caveats_and_recommendations)",
        "--card-info",
        "option",
        None,
        "shorten it to at most 200 characters (say more in "
        "model_details.training or caveats_and_recommendations)",
    ),
    "card_info long caveats": (
        "option '--card-info': "
        "caveats_and_recommendations is 20,001 "
        "characters long, over the limit of 20,000. Fix: "
        "shorten it to at most 20,000 characters",
        "--card-info",
        "option",
        None,
        "shorten it to at most 20,000 characters",
    ),
    "card_info not a mapping": (
        "option '--card-info': must be a mapping of "
        "model-card sections. Fix: use top-level keys "
        "from model_details, intended_use, "
        "factors, metrics, evaluation_data, "
        "training_data, ethical_considerations, "
        "caveats_and_recommendations, sign_off",
        "--card-info",
        "option",
        None,
        "use top-level keys from model_details, "
        "intended_use, factors, metrics, "
        "evaluation_data, training_data, "
        "ethical_considerations, "
        "caveats_and_recommendations, sign_off",
    ),
    "card_info section": (
        "option '--card-info': unknown model-card section "
        "'model_detail'. Fix: did you mean 'model_details'? "
        "use sections from model_details, intended_use, "
        "factors, metrics, evaluation_data, "
        "training_data, ethical_considerations, "
        "caveats_and_recommendations, sign_off",
        "--card-info",
        "option",
        None,
        "did you mean 'model_details'? use sections from "
        "model_details, intended_use, factors, "
        "metrics, evaluation_data, training_data, "
        "ethical_considerations, "
        "caveats_and_recommendations, sign_off",
    ),
    "card_info section not a mapping": (
        "option '--card-info': section "
        "'sign_off' must be a mapping. Fix: "
        "give it fields from prepared_by, "
        "reviewed_by, date, decision",
        "--card-info",
        "option",
        None,
        "give it fields from prepared_by, reviewed_by, date, decision",
    ),
    "render_html": (
        "argument 'result_or_report': a report is made of an "
        "AuditResult, a ModelComparison, a ThresholdTable or a "
        "Report, not list. Fix: pass the result of "
        "ethiclens.audit(), compare() or threshold_table()",
        "result_or_report",
        "argument",
        None,
        "pass the result of ethiclens.audit(), compare() or threshold_table()",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_refusal_reads_as_before_the_cuts(name, tmp_path):
    call = CASES[name](tmp_path)
    days = {dt.date.today().isoformat()}
    with pytest.raises(EthicLensInputError) as info:
        call()
    days.add(dt.date.today().isoformat())  # a run across midnight names either day

    def shown(text):
        # an unreadable sign-off date gets today's day as its example: the day the test runs
        text = text.replace(str(tmp_path), "TMP")
        for day in days:
            text = text.replace(f"date: {day} (", "date: TODAY (")
        return text

    e = info.value
    value = None if e.value is None else shown(str(e.value))
    got = (shown(str(e)), e.column, e.kind, value, None if e.fix is None else shown(e.fix))
    assert got == EXPECTED[name]


def test_a_card_date_is_still_written_as_iso():
    info = {"sign_off": {"date": dt.date(2024, 1, 2)}}
    assert check_card_info(info, "--card-info") == {"sign_off": {"date": "2024-01-02"}}


@pytest.fixture(scope="module")
def results():
    r = np.random.default_rng(0)
    n = 200
    y, p, score = r.integers(0, 2, n), r.integers(0, 2, n), r.random(n)
    g = np.array(["x", "y"])[np.arange(n) % 2]
    kw = {"n_boot": 100, "random_state": 0}
    return {
        _notebook.write_audit_html: ethiclens.audit(y, p, g, **kw),
        _notebook.write_comparison_html: ethiclens.compare(y, p, 1 - p, g, **kw),
        _notebook.write_threshold_html: ethiclens.threshold_table(y, score, g, **kw),
    }


# round 38: these Python writers name their argument 'path' (as AuditResult.to_html does, in
# its words: '-' too), not the command line's --html, and name it for a missing folder too
SUFFIX = (
    "argument 'path': the HTML report's name must end in .html or .htm (value: '{0}'). "
    'Fix: e.g. path="{1}"'
)


@pytest.mark.parametrize("which", range(3))
def test_each_html_writer_refuses_as_before(results, tmp_path, which):
    missing = tmp_path / "no" / "r.html"
    for write, result in list(results.items())[which : which + 1]:
        for name, text in [
            ("r.pdf", SUFFIX.format("r.pdf", "r.html")),
            ("-", SUFFIX.format("-", "-.html")),
            (
                missing,
                f"argument 'path': output {missing}: folder {missing.parent} does not exist. "
                f"Fix: create it first (mkdir -p {missing.parent}) or choose another path",
            ),
        ]:
            with pytest.raises(EthicLensInputError) as info:
                write(result, name, "T")
            assert str(info.value) == text, write.__name__
    assert list(tmp_path.iterdir()) == []


def test_each_html_writer_writes_its_report_with_its_title(results, tmp_path):
    for i, (write, result) in enumerate(results.items()):
        out = write(result, tmp_path / f"r{i}.HTM", "Title <&>")
        assert out == tmp_path / f"r{i}.HTM"
        html = out.read_text()
        assert "<title>Title &lt;&amp;&gt;</title>" in html and "; seed 0." in html
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r0.HTM", "r1.HTM", "r2.HTM"]


def _given(protected, merges, name="race", reference="AB", intersections=None):
    result = SimpleNamespace(
        run={"spec": {"roles": {"protected": protected}}},
        config={"merge_groups": merges, "intersections": intersections or []},
    )
    return _audit_report._given_before_merge(
        result, SimpleNamespace(name=name, reference=reference)
    )


def test_the_reference_given_before_a_merge_is_read_as_before():
    merge = {"race": {"AB": ["A", "B"]}, "sex": {"FM": ["F", "M"]}}
    assert _given(["race=A"], merge) == "A"
    assert _given(["race=A", "sex=F", "race=B"], merge) == "B"  # a later item wins
    assert _given(["race", "x=y=z", "race=A"], merge) == "A"  # no '=': skipped
    assert _given(["race=A=B"], {"race": {"AB": ["A=B"]}}) == "A=B"  # the first '=' splits
    assert _given(["race=AB"], merge) is None  # not renamed by a merge
    assert _given(["race"], merge) is None
    assert _given(None, merge) is None
    both = _given(["race=A", "sex=M"], merge, "race&sex", "AB&FM", [["race", "sex"]])
    assert both == "A&M"


def test_the_glossary_lists_every_entry_in_order():
    html = str(_glossary.glossary_html())
    ids = [part.split("'")[0] for part in html.split("<dt id='glossary-")[1:]]
    assert ids == list(_glossary.GLOSSARY)
    term, text = _glossary.GLOSSARY[ids[0]]
    assert html.startswith(f"<dl class='glossary'><dt id='glossary-{ids[0]}'>{term}</dt><dd>")


def test_a_footer_states_the_version_and_the_seed():
    line = _render.generated_by({"ethiclens_version": "9.9", "random_state": 7})
    assert line.startswith("Generated by EthicLens 9.9 on ") and line.endswith(" UTC; seed 7.")
    with pytest.raises(KeyError):
        _render.generated_by({"ethiclens_version": "9.9"})


def test_an_undefined_model_value_reads_undefined():
    d = SimpleNamespace(metric="disparate_impact", value_a=None, value_b=math.nan)
    assert (_compare_report.model_value(d, "a"), _compare_report.model_value(d, "b")) == (
        "undefined",
        "undefined",
    )
