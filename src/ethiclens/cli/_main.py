"""The ``ethiclens`` command group; bad input exits with code 2 and a one-line reason.

Start-up is kept cheap: each subcommand's module is imported only when that command runs or its
own help is shown, and ``ethiclens --help`` lists the commands from the static table below, so
neither imports pandas, scikit-learn, matplotlib or torch.
"""

from __future__ import annotations

import importlib
import sys

import click

from .._optional import as_missing_extra
from .._version import __version__
from ..errors import EthicLensInputError

# name -> (module, attribute, short help). The short help must equal the command's own first
# docstring paragraph (tests/test_layout.py checks it), so `--help` needs no import.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "audit": (
        "ethiclens.cli._audit",
        "audit_command",
        "Audit TARGET: a dataset name (compas, adult, german, acs-income) or a CSV/Parquet file.",
    ),
    "compare": (
        "ethiclens.cli._compare",
        "compare_command",
        "Compare two models on the same rows: B − A for every metric, paired intervals.",
    ),
    "counts": (
        "ethiclens.cli._counts",
        "counts_command",
        "Write the counts table of TARGET (a file, glob or folder) or of --db: only aggregates.",
    ),
    "datasets": (
        "ethiclens.cli._datasets",
        "datasets_group",
        "The benchmark datasets EthicLens ships or can download.",
    ),
    "oracle": (
        "ethiclens.cli._probe",
        "oracle_command",
        "Self-check: inject known bias, audit it many times, report recovery and CI coverage.",
    ),
    "p2nia": (
        "ethiclens.cli._p2nia",
        "p2nia_group",
        "Privacy-preserving non-iterative audits: request, release, estimate (no API).",
    ),
    "pcer": (
        "ethiclens.cli._pcer",
        "pcer_group",
        "Privacy-cost equity: who bears the membership-inference risk, and what they get for it.",
    ),
    "probe": (
        "ethiclens.cli._probe",
        "probe_group",
        "Counterfactual probing: change only the protected attribute and watch the model.",
    ),
    "thresholds": (
        "ethiclens.cli._thresholds",
        "thresholds_command",
        "Rates and the DI/EO verdict per group as the decision threshold moves (a score file).",
    ),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use, from a table of
    ``name -> (module, attribute, short help)``."""

    def __init__(self, *args, lazy_commands: dict[str, tuple[str, str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands)

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.lazy_commands))

    def get_command(self, ctx, cmd_name):
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            module_name, attr, _ = self.lazy_commands[cmd_name]
            command = getattr(importlib.import_module(module_name), attr)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx, formatter):
        """Like click's, but the short help of a command not yet loaded comes from the table."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = []
        for name in names:
            if name in self.commands:
                command = self.commands[name]
                if command.hidden:
                    continue
                rows.append((name, command.get_short_help_str(limit)))
            else:
                stub = click.Command(name, help=self.lazy_commands[name][2])
                rows.append((name, stub.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(
    cls=LazyGroup, lazy_commands=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]}
)
@click.version_option(__version__, prog_name="ethiclens")
def cli():
    """EthicLens: fairness, privacy-cost equity and private audits of ML classifiers."""


def main(argv=None) -> int:
    """Run the CLI on ``argv`` (default ``sys.argv[1:]``) and return the exit code.

    Bad input (:class:`~ethiclens.errors.EthicLensInputError`, including a missing optional
    dependency) prints one line and returns 2.
    """
    try:
        cli.main(args=argv, prog_name="ethiclens", standalone_mode=False)
    except EthicLensInputError as exc:
        click.echo(f"error: {exc}", err=True)
        return 2
    except ModuleNotFoundError as exc:
        missing = as_missing_extra(exc)
        if missing is None:
            raise
        click.echo(f"error: {missing}", err=True)
        return 2
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 1
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    return 0


if __name__ == "__main__":
    sys.exit(main())
