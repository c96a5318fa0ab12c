"""Round 45: labels in words of the provenance list and run records must keep JSON paths
apart: two paths read alike ('data source' for data_source and data.source) and a key 'a.b'
read as the nested a → b; the user's provenance read in the tool's words for its own
fingerprint ('input file z.csv (SHA-256)') or settings ('bootstrap draws'); the model card's
run record and the P2NIA estimate page had no note of the keys."""

from __future__ import annotations

import html
import re

import numpy as np

import ethiclens
from ethiclens.report import estimate_html, render_model_card
from ethiclens.report._audit_report import _provenance  # no charts: fast


def _result(prov):
    rng = np.random.default_rng(0)
    result = ethiclens.audit(
        rng.integers(0, 2, 200), rng.integers(0, 2, 200), {"g": np.repeat(["a", "b"], 100)},
        n_boot=100, random_state=0,
    )  # fmt: skip
    result.data["provenance"] = prov
    return result


def _given(result) -> tuple[list, str]:
    part = str(_provenance(result).html).split("<h3>Audit settings</h3>")[0]
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", part, re.S)
    return [(html.unescape(k), html.unescape(v)) for k, v in pairs], html.unescape(part)


def test_two_json_paths_never_share_a_label():
    pairs, part = _given(_result({"data_source": "top", "data": {"source": "s2"}, "a.b": 1,
                                  "a": {"b": 2}}))  # fmt: skip
    labels = [k for k, _ in pairs]
    assert len(labels) == len(set(labels)), labels
    assert ("data source (data_source)", "top") in pairs
    assert ("data source (data.source)", "s2") in pairs
    assert 'a.b = ["a.b"]' in part  # the key 'a.b', not the nested a → b


def test_the_users_provenance_never_reads_as_the_tools_fingerprint_or_settings():
    pairs, _ = _given(_result({"input": {"files": {"z.csv": "zz"}}, "audit": {"n_boot": 5}}))
    labels = dict(pairs)
    assert labels == {"input files z.csv": "zz", "audit n boot": "5"}
    assert not any("SHA-256" in k or k == "bootstrap draws" for k in labels)


def test_the_card_and_the_estimate_page_name_their_worded_keys():
    result = _result({})
    result.run = {"engine": "pandas", "input": {"files": {"d.csv": "cd" * 32}, "rows": 3}}
    card = render_model_card(result).split("## Run record", 1)[1]
    assert 'input file d.csv \\(SHA-256\\) = input.files\\["d.csv"\\]' in card
    doc = {
        "config": {"ethiclens_version": "0.1.0", "random_state": 0, "n_boot": 10,
                   "confidence_level": 0.95, "metrics": ["dp"]},
        "run": {"input": {"files": {"release.csv": "ef" * 32}}},
    }  # fmt: skip
    page = html.unescape(estimate_html("t", "b", {}, "m", doc))
    assert (
        """In the JSON's run: input file release.csv (SHA-256) = input.files["release.csv"]"""
        in page
    )
