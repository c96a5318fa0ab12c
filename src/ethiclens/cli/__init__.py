"""Command-line interface: ``ethiclens --help``."""

from ._main import cli, main

__all__ = ["cli", "main"]
