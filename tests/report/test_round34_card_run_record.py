"""Round 34: the model card (Markdown and HTML) stated no input SHA-256 and no request, while the
HTML report's run record does: a card someone signs must say what it audited. It now carries
the run record's input fingerprint, engine, time and the request (outputs left out, secrets
masked); a Python call that records none says so."""

from __future__ import annotations

import hashlib

import numpy as np
import pandas as pd
import yaml

import ethiclens
from ethiclens.report import render_model_card
from ethiclens.report._model_card import render_model_card_html


def _csv(tmp_path):
    rng = np.random.default_rng(1)
    n = 600
    path = tmp_path / "my data.csv"
    pd.DataFrame(
        {"g": rng.choice(["a", "b`"], n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    ).to_csv(path, index=False)
    return path


def test_the_card_names_the_input_digest_and_the_request(tmp_path):
    path = _csv(tmp_path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    result = ethiclens.run(str(path), y_true="y", y_pred="p", protected=["g"])
    card = render_model_card(result)
    assert "## Run record" in card
    assert digest in card and "input rows: 600" in card
    block = card.split("```yaml\n", 1)[1].split("\n```", 1)[0]
    request = yaml.safe_load(block)
    assert request["roles"]["protected"] == ["g"] and "outputs" not in request
    assert request == {k: v for k, v in result.run["spec"].items() if k != "outputs"}
    html = render_model_card_html(result)
    assert digest in html and "Run record" in html


def test_a_python_call_says_it_recorded_no_run():
    rng = np.random.default_rng(0)
    result = ethiclens.audit(
        rng.integers(0, 2, 300), rng.integers(0, 2, 300), pd.DataFrame({"g": ["a", "b", "c"] * 100})
    )
    card = render_model_card(result)
    assert "## Run record" in card and "not recorded" in card
