"""A password inside a provenance KEY (not only a value) is masked in the JSON report, as the
HTML report and the model card already masked it."""

import numpy as np

from ethiclens import audit


def test_a_password_in_a_provenance_key_never_reaches_the_json():
    rng = np.random.default_rng(0)
    y, p = rng.integers(0, 2, 200), rng.integers(0, 2, 200)
    g = np.repeat(["a", "b"], 100)
    url = "postgresql://carol:pw9999@h/d"
    result = audit(y, p, g, provenance={"model": {url: "v", "plain": url}}, n_boot=100)
    text = result.to_json()
    assert "pw9999" not in text
    assert "carol" in text  # the rest of the key is kept
