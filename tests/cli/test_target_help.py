"""``ethiclens audit``'s TARGET help names every benchmark of the dataset registry that an audit
takes (it left out bios, and so did docs/api.md; round 28: and it listed bios, which no audit
takes): the command's help is built from the registry, and the lazy table of
``ethiclens --help`` is checked against it (tests/test_layout.py)."""

from ethiclens.cli import _main
from ethiclens.datasets import names


def test_the_audit_help_names_every_benchmark():
    from ethiclens.cli._audit import audit_command

    short = audit_command.get_short_help_str(500)
    assert f"Benchmarks: {', '.join(names('audit'))}" in audit_command.help
    assert _main.COMMANDS["audit"][2] == short  # what `ethiclens --help` shows unloaded
