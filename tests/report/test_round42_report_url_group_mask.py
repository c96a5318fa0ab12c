"""Round 42: a group named like a database URL, shown after its attribute with no space
(``race:postgresql://u:pw@h/db``: the headline's "at race:…", a note, a model card line) was
masked as a bare ``user:password@`` running from the attribute's ':' to the URL's '@':
``race:***@h/db``, its scheme and user lost (and the same for ``x:y:postgresql://…``). Now
only the password is hidden, in every face that masks (messages, terminal, HTML, model card:
one rule, _secrets), and a real password before such a URL is still masked."""

import io

import numpy as np
import pandas as pd
import pytest
from rich.console import Console

import ethiclens
from ethiclens._secrets import mask_secrets
from ethiclens.report import render_model_card_html, terminal_summary

pytestmark = pytest.mark.usefixtures("secret_groups_audited")  # round 47: such groups are refused

URL = "postgresql://u:hunter2@h/db"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("race:" + URL + " vs b", "race:postgresql://u:***@h/db vs b"),
        ("'race:" + URL + "'", "'race:postgresql://u:***@h/db'"),
        ("x:y:" + URL, "x:y:postgresql://u:***@h/db"),
        (
            "g:mysql+pymysql://root:hunter2@localhost:3306/x",
            "g:mysql+pymysql://root:***@localhost:3306/x",
        ),
        ("race:postgresql://u:hun ter2@h/db", "race:postgresql://u:***@h/db"),
        ("g:postgresql://u@h/db", "g:postgresql://u@h/db"),
    ],
)
def test_a_name_before_a_url_keeps_its_scheme_and_user(text, shown):
    assert mask_secrets(text) == shown


@pytest.mark.parametrize(
    "text",
    ["x:hunter2@" + URL, "x:hunter2@postgresql://u@h/db", "a x:y:hunter2@h b", "u:hunter2@h/db"],
)
def test_a_bare_password_before_a_url_is_still_masked(text):
    out = mask_secrets(text)
    assert "hunter2" not in out and out.startswith(text.split(":", 1)[0] + ":***@"), out
    assert mask_secrets(out) == out


@pytest.fixture(scope="module")
def result():
    rng = np.random.default_rng(0)
    groups = pd.DataFrame({"race": [URL] * 110 + ["b"] * 130})  # "at race:<URL>"
    y, p = rng.integers(0, 2, 240), rng.integers(0, 2, 240)
    return ethiclens.audit(y, p, sensitive_features=groups, n_boot=100, random_state=0)


def test_the_reports_show_the_url_group_after_its_attribute(result):
    console = Console(file=io.StringIO(), width=200, color_system=None)
    for part in terminal_summary(result):
        console.print(part)
    for out in (console.file.getvalue(), render_model_card_html(result)):
        assert "hunter2" not in out
        assert "race:postgresql://u:***@h/db" in out
        assert "race:***@" not in out
