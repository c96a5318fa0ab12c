"""``ethiclens datasets list|info NAME``."""

from __future__ import annotations

import json

import click

from ..datasets import entries, get_entry
from ._main import OnceGroup


@click.group("datasets", cls=OnceGroup)
def datasets_group():
    """The benchmark datasets EthicLens ships or can download."""


@datasets_group.command("list")
def list_datasets():
    """Names, one-line descriptions, feature sets and which audits use each."""
    for entry in entries():
        uses = ", ".join(p for p in ("pcer", "p2nia") if entry.uses(p))
        extra = f"  [features: {', '.join(entry.feature_sets)}" + (f"; {uses}]" if uses else "]")
        click.echo(f"{entry.name:<12} {entry.description}{extra}")


@datasets_group.command("info")
@click.argument("name")
@click.option("--features", "feature_set", help="A feature set (see datasets list); default: full.")
def info(name, feature_set):
    """Rows, base rate, protected groups and provenance of NAME, as JSON.

    ``rows`` is the dataset as ``ethiclens audit NAME`` loads it; where PCER or P2NIA load it
    differently (Adult's PCER runs add the test file), ``pcer``/``p2nia`` give their rows and
    loader options."""
    entry = get_entry(name, flag="NAME")
    click.echo(json.dumps(entry.describe(feature_set, flag="--features"), indent=2))
