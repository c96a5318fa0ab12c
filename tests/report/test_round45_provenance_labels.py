"""Round 45: the HTML report's provenance list and run record (and the model card's run record,
the estimate page's) labelled each value with its JSON path ('model.name', 'data.sha256',
'audit.policy.di_threshold', 'input.files.d.csv', 'gate.passed') where a reader expects words.
Each label is now the path in words; the JSON keeps its keys and every value is unchanged."""

from __future__ import annotations

import html
import re

import numpy as np

import ethiclens
from ethiclens.report import estimate_html, render_model_card
from ethiclens.report._audit_report import _provenance, run_record  # no charts: fast


def _result():
    rng = np.random.default_rng(0)
    n = 400
    g = rng.choice(["a", "b", "c", "d"], n)
    result = ethiclens.audit(
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        sensitive_features={"g": g},
        n_boot=100,
        random_state=0,
        merge_groups={"g": {"cd": ["c", "d"]}},
    )
    result.data["provenance"] = {
        "dataset": "d.csv",
        "data": {"sha256": "ab" * 32, "source": "survey"},
        "model": {"name": "m", "n_train": 300, "model": "logistic regression"},
    }
    result.run = {
        "engine": "pandas",
        "input": {"kind": "files", "files": {"d.csv": "cd" * 32}, "rows": n},
        "gate": {"passed": True, "fail_on": "flagged", "failures": [], "baseline": None},
    }
    return result


def _labels(part) -> dict:
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", str(part), re.S)
    return {html.unescape(k): html.unescape(v) for k, v in pairs}


def test_the_provenance_list_and_run_record_label_in_words():
    result = _result()
    prov = _labels(_provenance(result).html)
    run = _labels(run_record(result.run, result.config, "audit").html)
    assert prov["data SHA-256"] == "ab" * 32
    assert prov["model name"] == "m" and prov["model training rows"] == "300"
    assert prov["model"] == "logistic regression"
    assert prov["bootstrap draws"] == "100" and prov["interval method"] == "jeffreys"
    assert prov["policy: disparate impact threshold"] == "0.8"
    assert prov["g: groups merged into cd"] == "c, d"
    assert run["input file d.csv (SHA-256)"] == "cd" * 32
    assert run["input rows"] == "400" and run["gate passed"] == "true"
    for label in [*prov, *run]:  # no JSON path: 'audit.n_boot', 'input.files.d.csv'
        assert not re.match(r"^(audit|data|model|input|gate)\.", label), label
        assert "_" not in label, label


def test_the_card_and_estimate_run_records_label_in_words():
    card = render_model_card(_result())
    record = card.split("## Run record", 1)[1]
    assert "- input rows: 400" in record and "- input kind: files" in record
    listed = [x for x in record.splitlines() if x.startswith("- ")]  # the note names keys
    assert not any("input.files" in x or "input.rows" in x for x in listed)
    doc = {
        "config": {
            "ethiclens_version": "0.1.0",
            "random_state": 0,
            "n_boot": 10,
            "confidence_level": 0.95,
            "metrics": ["selection_rate"],
        },
        "run": {"input": {"files": {"release.csv": "ef" * 32}, "manifest_sha256": "0a" * 32}},
    }
    page = estimate_html("t", "b", {}, "m", doc)
    labels = _labels(page[page.index('<section id="run"') :])
    assert labels["input file release.csv (SHA-256)"] == "ef" * 32
    assert labels["input manifest SHA-256"] == "0a" * 32


def test_an_empty_list_reads_none_not_blank():
    """intersections [] and a gate's regressions [] showed an empty value, which reads as
    not recorded; the JSON says [] (none)."""
    result = _result()
    prov = _labels(_provenance(result).html)
    run = _labels(run_record(result.run, result.config, "audit").html)
    assert prov["intersections"] == "none"
    assert run["gate failures"] == "none"
    assert "" not in prov.values() and "" not in run.values()


def test_the_cards_evaluation_data_and_the_provenance_say_yes_no_in_words():
    """The card's Evaluation data listed the data provenance's keys and Python's words
    ('- sha256: …', '- shipped\\_in\\_package: True'); the HTML provenance list printed the
    user's yes/no as 'True' beside the settings' 'true'."""
    result = _result()
    result.data["provenance"]["data"] |= {"shipped_in_package": True, "rows": 5, "blank": " "}
    result.data["provenance"]["model"]["in_features"] = False
    card = render_model_card(result).split("## Evaluation data", 1)[1].split("\n## ", 1)[0]
    assert f"- SHA-256: {'ab' * 32}" in card and "- Source: survey" in card
    assert "- Shipped in package: yes" in card and "- Rows: 5" in card
    assert "True" not in card and "sha256" not in card and "Blank" not in card
    prov = _labels(_provenance(result).html)
    assert prov["data shipped in package"] == "true" and prov["model in features"] == "false"
    assert "True" not in prov.values() and "False" not in prov.values()


def test_the_audit_settings_are_apart_from_the_users_provenance():
    """Labelled in words, the user's provenance key 'seed' and the audit's seed read alike
    in one list ('seed 42', 'seed 0'); the audit's settings now have their own heading."""
    result = _result()
    result.data["provenance"]["seed"] = 42
    given, settings = str(_provenance(result).html).split("<h3>Audit settings</h3>")
    assert _labels(given)["seed"] == "42" and _labels(settings)["seed"] == "0"
    assert "bootstrap draws" in _labels(settings) and "data SHA-256" in _labels(given)


def test_a_section_of_several_words_is_set_off():
    """A counts table's suppression record read 'min cell suppression cells dropped 24', its
    section and key run together; the section is now set off: 'min cell suppression: ...'."""
    result = _result()
    result.data["provenance"]["min_cell_suppression"] = {"min_cell": 50, "cells_dropped": 24}
    prov = _labels(_provenance(result).html)
    assert prov["min cell suppression: cells dropped"] == "24"
    assert prov["min cell suppression: min cell"] == "50"
    assert prov["data SHA-256"] == "ab" * 32  # one word: as before
