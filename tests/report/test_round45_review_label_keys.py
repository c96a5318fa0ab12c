"""Round 45 review of d20432c3/653ec698: the provenance section labels the audit's settings in
words ('bootstrap draws', 'seed', 'true labels given'), which no longer name the JSON's key
(config.n_boot, config.random_state, config.labelled): a signer holding the JSON beside the page
could not tell which field 'seed' or 'reference group when none is named' is. The section now
names, under the settings, the JSON key of each worded label, and says the list above it is the
JSON's data.provenance with each key in words."""

from __future__ import annotations

import html
import json
import re

import numpy as np

import ethiclens
from ethiclens.report._audit_report import _provenance, run_record  # no charts: fast

from .test_round45_provenance_labels import _result as labelled


def _result():
    rng = np.random.default_rng(0)
    n = 300
    return ethiclens.audit(
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        sensitive_features={"g": rng.choice(["a", "b", "c"], n)},
        n_boot=100,
        random_state=0,
        exclude_groups={"g": ["c"]},
        provenance={"data": {"sha256": "ab" * 32}},
    )


def _leaf(doc, key: str):
    for part in key.split("."):
        doc = doc[part]
    return doc


def test_each_worded_setting_names_its_json_key():
    result = _result()
    section = str(_provenance(result).html)
    settings = section.split("<h3>Audit settings</h3>", 1)[1]
    note = html.unescape(
        re.search(
            r"<p class='note'>In the JSON's config: (.*?)\.</p>", html.unescape(settings)
        ).group(1)
    )
    keys = dict(pair.split(" = ", 1) for pair in note.split("; "))
    config = json.loads(result.to_json())["config"]
    for label, value in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", settings):
        label = html.unescape(label)
        key = keys.get(label, label.replace(" ", "_"))
        assert _leaf(config, key) is not None or value == "null", (label, key)
    assert keys["seed"] == "random_state" and keys["bootstrap draws"] == "n_boot"
    assert keys["g: groups excluded"] == "exclude_groups.g"
    assert "confidence level" not in keys  # its words are its key's
    assert "the JSON&#39;s data.provenance" in section.split("<h3>Audit settings</h3>", 1)[0]


def test_the_given_list_and_the_run_record_name_their_worded_keys():
    result = labelled()
    given = html.unescape(str(_provenance(result).html).split("<h3>Audit settings</h3>")[0])
    assert "model training rows = model.n_train" in given  # a card's word, not the key's
    assert "data SHA-256 =" not in given  # its words are its key's
    run = html.unescape(str(run_record(result.run, result.config, "audit").html))
    # the file name is one key: input.files["d.csv"], never the nested input.files.d.csv
    assert """In the JSON's run: input file d.csv (SHA-256) = input.files["d.csv"]""" in run
    assert "gate fails on = gate.fail_on" in run
