"""Round 21: the public functions a new user reads in docs/api.md document every parameter in
numpy style (AuditResult.to_dict had no docstring; gate's was prose; counterfactual's n_boot,
ci, random_state, inject_bias's random_state and p2nia.release's request, random_state were
not described)."""

from __future__ import annotations

import inspect
import re

import pytest

import ethiclens
from ethiclens.p2nia import release
from ethiclens.probes import counterfactual, inject_bias


def _section(doc: str, title: str) -> str:
    """The text of a numpy-style section (``Parameters``, ``Returns``), '' when absent."""
    found = re.search(
        rf"^{title}\n-{{{len(title)}}}\n(.*?)(?=^\w[\w ]*\n-+\n|\Z)", doc, re.S | re.M
    )
    return found.group(1) if found else ""


def _documented(doc: str) -> set[str]:
    names = set()
    for line in _section(doc, "Parameters").splitlines():
        if line and not line[0].isspace() and " : " in line or re.match(r"^\*\*\w+$", line):
            for name in line.split(" : ")[0].split(","):
                names.add(name.strip().lstrip("*"))
    return names


@pytest.mark.parametrize(
    "func",
    [ethiclens.AuditResult.gate, counterfactual, inject_bias, release],
    ids=lambda f: f.__qualname__,
)
def test_every_parameter_is_documented(func):
    doc = inspect.cleandoc(func.__doc__ or "")
    wanted = {n for n in inspect.signature(func).parameters if n != "self"}
    assert wanted - _documented(doc) == set()
    assert _section(doc, "Returns"), f"{func.__qualname__}: no Returns section"


def test_to_dict_says_what_it_returns():
    doc = inspect.cleandoc(ethiclens.AuditResult.to_dict.__doc__ or "")
    returns = _section(doc, "Returns")
    assert returns.startswith("dict") and "schema_version" in returns and "headlines" in returns


def test_gate_says_a_baseline_needs_a_spec_run():
    doc = inspect.cleandoc(ethiclens.AuditResult.gate.__doc__)
    assert "arrays" in _section(doc, "Parameters") and _section(doc, "Raises")
