"""A signable report never prints a password: a URL with credentials in the provenance, the
run record or the model-card fields is masked in the HTML report and the model card, as every
message masks it (round 27)."""

import numpy as np
import pytest

import ethiclens
from ethiclens.report import render_html, render_model_card, render_model_card_html

SECRETS = ("s3cr3tpw", "hunter2", "abcdef99", "pw123456", "topsecret99", "cardpw77")


@pytest.fixture(scope="module")
def result():
    rng = np.random.default_rng(0)
    n = 400
    groups = rng.choice(["a", "b"], n)
    prov = {
        "dataset": "postgresql://alice:s3cr3tpw@db.example/prod",
        "data": {"source": "https://user:hunter2@example.com/x.csv?token=abcdef99"},
        "card": {"model_details": {"contact": "https://owner:cardpw77@wiki.example/m"}},
    }
    r = ethiclens.audit(
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        {"g": groups},
        reference="a",
        n_boot=100,
        random_state=0,
        provenance=prov,
    )
    r.run = {
        "spec": {"target": {"db": "postgresql://bob:pw123456@h/db", "table": "t"}},
        "input": {"url": "mysql://carol:topsecret99@h/db"},
    }
    return r


@pytest.mark.parametrize("render", [render_html, render_model_card, render_model_card_html])
def test_no_password_in_a_report_or_card(result, render):
    text = render(result)
    leaked = [s for s in SECRETS if s in text]
    assert not leaked, leaked
    assert "***" in text.replace("\\", "")  # the Markdown card escapes it: \*\*\*
    # the rest of the URL still names the data
    assert "db.example/prod" in text


def test_the_card_shows_the_mask_as_text_not_emphasis(result):
    """Two masked URLs on one line: a raw *** in Markdown would open and close emphasis and
    swallow both masks; the card writes them escaped, so its HTML shows *** twice."""
    result.data["provenance"]["card"]["model_details"]["contact"] = (
        "https://a:one11@x.example/m or https://b:two22@y.example/m"
    )
    page = render_model_card_html(result)
    assert "one11" not in page and "two22" not in page
    assert "a:***@x.example/m or https://b:***@y.example/m" in page
    assert "<em>" not in page and "<strong>@" not in page


def test_a_column_named_like_a_secret_key_keeps_its_groups():
    """Only text holding a URL is masked: the fix naming the column ``pwd``
    (persons with disabilities) and its group reads ``--protected pwd=yes``, never
    ``pwd=***``."""
    n = 300
    groups = np.array(["no"] * 150 + ["yes"] * 150)
    pred = np.r_[np.zeros(150, int), np.arange(150) % 2]  # 'no' is never selected
    r = ethiclens.audit(
        np.arange(n) % 2, pred, {"pwd": groups}, reference="no", n_boot=100, random_state=0
    )
    for text in (render_html(r), render_model_card(r).replace("\\", "")):
        assert "pwd=yes" in text
        assert "pwd=***" not in text
    # the Python form of the same hint too (round 27 review: it read reference={'pwd': '***'})
    html = render_html(r)
    assert "reference={&#39;pwd&#39;: &#39;yes&#39;}" in html and "&#39;***&#39;" not in html


def test_an_email_contact_is_shown_as_written(result):
    """A mailto: contact has the shape user:word@host without '://': it is no database URL."""
    result.data["provenance"]["card"]["model_details"]["contact"] = "mailto:alice@example.org"
    for text in (render_html(result), render_model_card_html(result)):
        assert "mailto:alice@example.org" in text


def test_a_password_outside_a_url_is_masked_too():
    """A libpq DSN, ``PGPASSWORD=``, a ``?token=`` without a scheme and a password given earlier
    as a database URL are masked wherever the report shows them (card fields, run record),
    not only on a line holding '://' (round 27 review: a68eefb/ffcfb66 showed them)."""
    from ethiclens._secrets import looks_like_url

    looks_like_url("postgresql://u:Sup3rRememberedPw@h/db")  # as --db does: remembered
    rng = np.random.default_rng(0)
    n = 400
    prov = {
        "card": {
            "model_details": {
                "contact": "psql 'host=db.example password=hunter2dsn'",
                "owner": "export PGPASSWORD=topsecret9env ask ops (Sup3rRememberedPw)",
            },
            "intended_use": {"primary_uses": "api via ?token=abcdef99tok only"},
        }
    }
    r = ethiclens.audit(
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        {"g": rng.choice(["a", "b"], n)},
        reference="a",
        n_boot=100,
        random_state=0,
        provenance=prov,
    )
    r.run = {"input": {"dsn": "host=h user=u password=dsnpw777", "env": "PGPASSWORD=envpw888"}}
    secrets = ("hunter2dsn", "topsecret9env", "Sup3rRememberedPw", "abcdef99tok")
    for render in (render_html, render_model_card, render_model_card_html):
        text = render(r)
        assert not [s for s in secrets if s in text], render.__name__
    html = render_html(r)
    assert "dsnpw777" not in html and "envpw888" not in html
