"""Round 20: --di-rule below with a harmful label says, on every face, that the one-sided rule
flags the group given the harm less often (ADR 0008)."""

from ethiclens.cli import main
from ethiclens.report import di_rule_sentence

POLICY = {"di_threshold": 0.8, "eo_threshold": 0.1, "di_rule": "below"}
CAVEAT = "never one given it more often"


def test_the_sentence_warns_only_for_a_harmful_label_under_the_one_sided_rule():
    assert CAVEAT in di_rule_sentence(POLICY, harmful=True)
    assert CAVEAT not in di_rule_sentence(POLICY)
    assert CAVEAT not in di_rule_sentence({**POLICY, "di_rule": "two_sided"}, harmful=True)


def test_every_face_of_a_harmful_compas_audit_says_it(tmp_path, capsys):
    card, html = tmp_path / "c.md", tmp_path / "c.html"
    argv = ["audit", "compas", "--di-rule", "below", "--n-boot", "200"]
    assert main([*argv, "--model-card", str(card), "--html", str(html)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert CAVEAT in out
    assert CAVEAT in " ".join(card.read_text().split())
    assert CAVEAT in " ".join(html.read_text().split())


def test_compare_says_it_too(tmp_path, capsys):
    import numpy as np
    import pandas as pd

    r = np.random.default_rng(0)
    n = 600
    frame = pd.DataFrame(
        {
            "y": r.integers(0, 2, n),
            "a": r.integers(0, 2, n),
            "b": r.integers(0, 2, n),
            "g": r.choice(["x", "z"], n),
        }
    )
    frame.to_csv(tmp_path / "c.csv", index=False)
    argv = ["compare", str(tmp_path / "c.csv"), "--y-true", "y", "--y-pred", "a", "--y-pred", "b"]
    flags = ["--protected", "g", "--n-boot", "200", "--di-rule", "below"]
    assert main([*argv, *flags, "--positive", "harmful"]) == 0
    assert CAVEAT in capsys.readouterr().out
    assert main([*argv, *flags]) == 0  # a favourable label: the rule reads the right way
    assert CAVEAT not in capsys.readouterr().out
