"""Round 20 (N): the web app's FLAGGED headline names who each flagged comparison
disadvantages, as the terminal does: with a harmful label the reference may be the group harmed
more often (race:Other vs Caucasian disadvantages Caucasian)."""

import json

from ethiclens.cli import main
from ethiclens.web._jobs import verdict_of


def test_the_headline_names_the_disadvantaged_group_of_each_flag(tmp_path, capsys):
    out = tmp_path / "a.json"
    argv = ["audit", "compas", "--merge-groups", "race=Asian,Native American,Other:Other"]
    assert main([*argv, "--n-boot", "200", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    flagged = verdict_of(data, "audit")["flagged"]
    shown = [c for c in data["comparisons"] if c["flagged"]]
    assert len(flagged) == len(shown) > 0
    for line, c in zip(flagged, shown, strict=True):
        assert line.startswith(f"{c['attribute']}:{c['group']} vs {c['reference']}")
        assert line.endswith(f"(disadvantaged: {c['disadvantaged']})")
    assert "race:African-American vs Caucasian (disadvantaged: African-American)" in flagged
    terminal = " ".join(capsys.readouterr().out.split())
    assert "race:African-American vs Caucasian (disadvantaged: African-American)" in terminal
