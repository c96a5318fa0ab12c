"""``ethiclens audit``'s TARGET help names every benchmark of the dataset registry (it left
out bios, and so did docs/api.md): the command's help is built from the registry, and the
lazy table of ``ethiclens --help`` is checked against it (tests/test_layout.py)."""

from ethiclens.cli import _main
from ethiclens.datasets import names


def test_the_audit_help_names_every_benchmark():
    from ethiclens.cli._audit import audit_command

    short = audit_command.get_short_help_str(500)
    assert "bios" in names("audit")
    assert short.startswith(f"Audit TARGET: {', '.join(names('audit'))}, a CSV"), short
    assert _main.COMMANDS["audit"][2] == short  # what `ethiclens --help` shows unloaded
