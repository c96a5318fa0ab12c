"""Round 30 review: ``provenance=`` given to audit or compare in Python was written into the
JSON report as given, a database password included, where the HTML report and the model card
mask it: the JSON masks it too (as ``_secrets.mask_secrets`` masks every report's text)."""

import json

import numpy as np

import ethiclens

URL = "postgresql://u:s3cr3tpw@h/db"


def test_a_password_in_provenance_is_masked_in_the_json():
    r = np.random.default_rng(0)
    n = 200
    y, a, b = (r.integers(0, 2, n) for _ in range(3))
    g = np.array(["x", "y"])[np.arange(n) % 2]
    prov = {"dataset": URL, "notes": ["see https://h/a?token=abc123", 5], "n": {"k": URL}}
    kw = {"n_boot": 100, "random_state": 0, "provenance": prov}
    for result in (ethiclens.audit(y, a, g, **kw), ethiclens.compare(y, a, b, g, **kw)):
        text = result.to_json()
        assert "s3cr3tpw" not in text and "abc123" not in text
        data = json.loads(text)["data"]["provenance"]
        assert data["dataset"] == "postgresql://u:***@h/db" and data["notes"][1] == 5
