"""``ethiclens datasets list|info NAME``."""

from __future__ import annotations

import json

import click

from ..datasets import DATASETS, load


@click.group("datasets")
def datasets_group():
    """The benchmark datasets EthicLens ships or can download."""


@datasets_group.command("list")
def list_datasets():
    """Names and one-line descriptions."""
    for name, (_, text) in DATASETS.items():
        click.echo(f"{name:<12} {text}")


@datasets_group.command("info")
@click.argument("name")
def info(name):
    """Rows, base rate, protected groups and provenance of NAME, as JSON."""
    click.echo(json.dumps(load(name).describe(), indent=2))
