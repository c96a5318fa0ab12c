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
    assert "***" in text
    # the rest of the URL still names the data
    assert "db.example/prod" in text
