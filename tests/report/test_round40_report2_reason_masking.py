"""Round 40 (report2): the reports masked each reason SENTENCE whole (``plain_reason``, a
metric's reason, a headline's "Affected:" list), so a group named ``password=`` or an
attribute ``token=a`` ate EthicLens's own next word: "password= *** the favourable label",
"so password= *** disadvantaged", "(token=***" for "(token=a:tiny)". Each user name of the
report is masked alone now; a password is still never shown."""

import html

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.report import render_model_card, render_model_card_html
from ethiclens.report._audit_report import _summary, _verdict
from ethiclens.report._render import masked, names_alone

pytestmark = pytest.mark.usefixtures("secret_groups_audited")  # round 47: such groups are refused

GROUPS = ["password=", "postgresql://u:hunter2@h/db", "b", "tiny"]


@pytest.fixture(scope="module")
def result():
    rng = np.random.default_rng(0)
    g = np.concatenate([[x] * s for x, s in zip(GROUPS, [120, 120, 120, 5], strict=True)])
    y = rng.integers(0, 2, len(g))
    p = np.where(g == "password=", 0, rng.integers(0, 2, len(g)))
    p[g == "b"] = 1
    groups = pd.DataFrame({"token=a": g})
    return ethiclens.audit(
        y, p, sensitive_features=groups, n_boot=100, random_state=0, reference={"token=a": "b"}
    )


def test_the_html_report_keeps_the_words_around_a_group(result):
    # build_audit_report is names_alone(...); two of its sections take 0.1 s, the whole 1 s
    out = html.unescape(names_alone(lambda r: f"{_verdict(r).html}{_summary(r).html}")(result))
    assert "hunter2" not in out
    assert "password= receives the favourable label less often than b" in out
    assert "so password= is disadvantaged" in out
    assert "postgresql://u:***@h/db receives the favourable label" in out
    assert "(token=***:tiny)" in out  # a small group's reason kept its group
    assert "Affected: token=***:tiny" in out  # a withheld headline's list
    assert "password= ***" not in out


@pytest.mark.parametrize("render", [render_model_card, render_model_card_html])
def test_the_model_card_keeps_the_words_around_a_group(result, render):
    out = html.unescape(render(result)).replace("\\", "")
    assert "hunter2" not in out
    assert "so password= is disadvantaged" in out
    assert "password= ***" not in out


def test_outside_a_report_a_text_is_masked_whole():
    assert "hunter2" not in masked("u:hunter2@h")
    assert masked("postgresql://u:hunter2@h/db") == "postgresql://u:***@h/db"


def test_a_library_sentence_is_masked_name_by_name(result):
    from ethiclens.report import masked_sentence, plain_reason

    c = next(c for c in result.comparisons if c.group == "password=")
    names = (c.attribute, c.group, c.reference)
    out = masked_sentence(plain_reason(c), names)
    assert "password= receives the favourable label less often than b" in out, out
    assert masked_sentence("token=a: u:hunter2@h", ["token=a", "u"]) == "token=***: u:***@h"


def test_a_name_inside_a_password_never_splits_it():
    from ethiclens.report import masked_sentence

    # a group 'my' inside a quoted libpq password, 'u' and 'hunter2' inside a URL's
    said = masked_sentence("conn password='my secret' dbname=x", ["my"])
    assert "secret" not in said, said
    said = masked_sentence("from postgresql://u:hunter2@h/db", ["u", "hunter2", "db"])
    assert said == "from postgresql://u:***@h/db", said
    said = masked_sentence("Affected: token=a:password=, token=a:b.", ["token=a", "password=", "b"])
    assert said == "Affected: token=***:password=, token=***:b.", said


def test_the_cut_is_in_text_for_every_layer():
    # fairness's notebook view and the web may cut their sentences the same way (_text)
    from ethiclens._text import name_pieces

    said = "x: password= vs b: password= receives"
    assert name_pieces(said, ["x", "password=", "b"]) == [
        "",
        "x",
        ": ",
        "password=",
        " vs ",
        "b",
        ": ",
        "password=",
        " receives",
    ]
    assert name_pieces("postgresql://u:pw@h", ["u", "pw"]) == ["postgresql://u:pw@h"]
