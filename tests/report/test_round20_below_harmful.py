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
