"""The ``ethiclens`` command group; bad input exits with code 2 and a one-line reason."""

from __future__ import annotations

import sys

import click

from .._version import __version__
from ..errors import EthicLensInputError
from ._audit import audit_command
from ._datasets import datasets_group
from ._p2nia import p2nia_group
from ._pcer import pcer_group
from ._probe import oracle_command, probe_group


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ethiclens")
def cli():
    """EthicLens: fairness, privacy-cost equity and private audits of ML classifiers."""


cli.add_command(audit_command)
cli.add_command(datasets_group)
cli.add_command(probe_group)
cli.add_command(oracle_command)
cli.add_command(pcer_group)
cli.add_command(p2nia_group)


def main(argv=None) -> int:
    try:
        cli.main(args=argv, prog_name="ethiclens", standalone_mode=False)
    except EthicLensInputError as exc:
        click.echo(f"error: {exc}", err=True)
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
