"""Round 32 review of the report faces with long names: a threshold table whose attribute name
is very long (10,000 characters) is drawn (to_html, plot) without matplotlib's 'Tight layout not
applied' UserWarning above it, as the audit's charts draw names too long for their layout
quietly; HTML in the name stays escaped."""

import warnings

import numpy as np

import ethiclens

N = 300
NAME = "<img src=x onerror=alert(1)>" + "z" * 10_000


def test_a_long_attribute_name_draws_without_a_layout_warning(tmp_path):
    r = np.random.default_rng(32)
    y, s, g = r.integers(0, 2, N), r.random(N), r.choice(["a\tb", "<i>c</i>"], N)
    table = ethiclens.threshold_table(
        y, s, sensitive_features={NAME: g}, n_boot=100, random_state=0
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table.to_html(tmp_path / "t.html")
        table.plot(tmp_path / "t.png")
    page = (tmp_path / "t.html").read_text(encoding="utf-8")
    assert "onerror=alert(1)>" not in page and "&lt;i&gt;c&lt;/i&gt;" in page
    assert (tmp_path / "t.png").stat().st_size > 0
