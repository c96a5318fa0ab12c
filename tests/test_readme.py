"""Every fenced ``ethiclens ...`` command in README.md runs as written (issue 12, item 9).

Commands are taken from the README's ```bash blocks (continuation lines joined, trailing
comments dropped) and run in a scratch folder through ``ethiclens.cli.main`` with small
settings appended (fewer interval draws, fewer epochs). Files a command needs that a reader
would bring (``preds.csv``, ``records.csv``, ``card.yaml``) are made by the test: the first two
from COMPAS, the card from the README's own YAML example. Commands that need the network,
the user's own code or minutes of compute are skipped by the explicit list below, each with its
reason.
"""

from __future__ import annotations

import json
import re
import runpy
import shlex
from pathlib import Path

import pytest

from ethiclens.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
# Guides moved out of the README (issue 24): their commands are run the same way.
GUIDES = [README.parent / "docs" / name for name in ("probes.md", "pcer.md", "p2nia.md")]
MAKE_PREDS = README.parent / "docs" / "examples" / "make_preds.py"

# Command prefix -> why it is not run here.
SKIP = {
    "ethiclens audit acs-income --states CA --year 2018 --download": "downloads Census data (network)",
    "ethiclens probe counterfactual --model mypkg.models:load": "needs the reader's own module (mypkg)",
    "ethiclens probe analyze-counterfactuals": "needs flipped.csv scored by the reader's own system",
    "ethiclens oracle": "synopsis with [optional] flags; the oracle runs in tests/probes/test_oracle.py",
    "ethiclens pcer audit": "synopsis with [optional] flags; covered by tests/cli/test_pcer_cli.py",
    "ethiclens pcer sweep": "hundreds of DP-SGD trainings (minutes); synopsis with a|b choices",
    "ethiclens pcer tables": "needs a finished sweep's runs.sqlite",
    "ethiclens pcer export": "needs a finished sweep's runs.sqlite",
    "ethiclens p2nia request": "synopsis with a|b choices; covered by tests/p2nia/test_p2nia_cli.py",
    "ethiclens p2nia release": "needs request.json and the platform's audit.csv; synopsis",
    "ethiclens p2nia estimate": "needs a release folder",
    "ethiclens p2nia experiment": "trains several models per cell (minutes); synopsis",
    "ethiclens p2nia population-bias": "trains models on two states (minutes)",
    "ethiclens audit exports/": "needs the reader's folder of Parquet files",
    "ethiclens audit --db": "needs the reader's database server (tests/sources starts one)",
}

# (subcommand words) -> flags appended (when absent) to keep the run short.
SMALL = {
    ("audit",): ["--n-boot", "200"],
    ("probe", "counterfactual"): ["--n-boot", "200"],
    ("pcer", "train"): ["--epochs", "2", "--n-boot", "200"],
}

# Substring of a command -> the exit code it is documented to give on the test's data.
EXPECTED_EXIT = {
    "--fail-on flagged": 1,  # the CI example on COMPAS-based predictions: race is flagged
    "--fail-on insufficient": 1,  # ... and Asian / Native American are below the floors
}


def fenced_blocks(lang: str, pages=(README,)) -> list[str]:
    return [
        block
        for page in pages
        for block in re.findall(rf"^```{lang}\n(.*?)^```", page.read_text(), re.S | re.M)
    ]


def readme_commands() -> list[str]:
    commands = []
    for block in fenced_blocks("(?:bash|sh|shell)", (README, *GUIDES)):
        for line in re.sub(r"\\\n\s*", " ", block).splitlines():
            line = line.strip()
            if line.startswith("ethiclens "):
                commands.append(line)
    return commands


def skip_reason(command: str) -> str | None:
    return next((why for prefix, why in SKIP.items() if command.startswith(prefix)), None)


def shell_problems(command: str) -> list[str]:
    """Tokens a shell would not pass to ethiclens as written: pipes, redirects, [optional]."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    tokens = list(lexer)
    return [t for t in tokens if set(t) <= set("|&;<>()") or t.startswith("[")]


def argv(command: str) -> list[str]:
    args = shlex.split(command, comments=True)[1:]
    for words, extra in SMALL.items():
        if tuple(args[: len(words)]) == words and extra[0] not in args:
            args += extra
    return args


COMMANDS = readme_commands()


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    """A scratch folder with the files the README's commands expect the reader to have."""
    from ethiclens.datasets import load_compas

    root = tmp_path_factory.mktemp("readme")
    ds = load_compas()
    # preds.csv as the README's quickstart makes it (python docs/examples/make_preds.py).
    make_preds = runpy.run_path(str(MAKE_PREDS))["make_preds"]
    make_preds().to_csv(root / "preds.csv", index=False)
    ds.features.assign(sex=ds.protected["sex"]).head(300).to_csv(root / "records.csv", index=False)
    (root / "card.yaml").write_text(fenced_blocks("yaml")[0])
    return root


def test_readme_has_the_commands_it_promises():
    assert len(COMMANDS) >= 10
    text = " ".join(COMMANDS)
    for must in (
        "ethiclens audit compas",
        "--merge-groups",
        "--fail-on flagged",
        "--card-info card.yaml",
    ):
        assert must in text


@pytest.mark.parametrize(
    "command",
    COMMANDS,
    ids=[re.sub(r"[^\w=,.:-]+", "_", c.split("#")[0]).strip("_")[:70] for c in COMMANDS],
)
def test_readme_command_runs(command, workspace, monkeypatch, capsys):
    reason = skip_reason(command)
    if reason:
        pytest.skip(reason)
    assert shell_problems(command) == [], f"not runnable as written: {command}"
    monkeypatch.chdir(workspace)
    code = main(argv(command))
    captured = capsys.readouterr()
    expected = next((c for key, c in EXPECTED_EXIT.items() if key in command), 0)
    assert code == expected, f"{command}\n{captured.out[-2000:]}\n{captured.err[-2000:]}"
    if "--merge-groups" in command and "--json" in command:
        out = shlex.split(command)[shlex.split(command).index("--json") + 1]
        report = json.loads((workspace / out).read_text())
        assert report["config"]["merge_groups"]
        assert report["headlines"]["composite"]["value"] is not None  # the example's point
        assert report["headlines"]["min_disparate_impact"]["value"] is not None


def test_the_quickstart_activates_the_venv_and_makes_preds_csv():
    quick = README.read_text().split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    assert "source .venv/bin/activate" in quick
    assert quick.index("make_preds.py") < quick.index("ethiclens audit preds.csv")
    assert MAKE_PREDS.exists()


def test_the_old_pipe_is_caught():
    assert shell_problems("ethiclens audit adult | german") == ["|"]
    assert shell_problems("ethiclens audit x.csv --ci bca|percentile") == ["|"]
    assert shell_problems("ethiclens oracle [--di 0.6]") == ["[--di"]
    assert shell_problems('ethiclens audit compas --merge-groups "race=A,B|C:D"') == []
    assert shell_problems("ethiclens datasets list   # compas, adult | german") == []


def test_readme_starts_with_a_quickstart_and_links_the_moved_guides():
    text = README.read_text()
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[0] == "Quickstart" and headings[1] == "Setup and extras"
    quick = text.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    assert "```bash" in quick and "```python" in quick
    for guide in GUIDES:
        assert f"docs/{guide.name}" in text and guide.exists()
    assert len(text.splitlines()) < 600
