"""README's unknown-key example quotes the refusal as the command line prints it: the closest
valid key is named with its section ('policy.n_boot'), not as a bare 'n_boot'."""

import re
from pathlib import Path

from ethiclens.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_quotes_the_unknown_key_refusal_as_printed(tmp_path, capsys, monkeypatch):
    text = " ".join(README.read_text(encoding="utf-8").split())
    quoted = re.search(r"\(`policy\.n_bot`: did you mean `([^`]+)`\?\)", text)
    assert quoted, "README lost its unknown-key example"
    config = tmp_path / "c.yaml"
    config.write_text("policy:\n  n_bot: 10\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code = main(["audit", "compas", "--config", str(config)])
    err = capsys.readouterr().err
    assert code == 2
    assert f"did you mean '{quoted.group(1)}'?" in err
