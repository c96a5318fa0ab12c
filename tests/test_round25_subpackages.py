"""A plain ``import ethiclens`` reaches every subpackage as an attribute (the README writes
``ethiclens.datasets.register(...)`` and ``ethiclens.fairness.group_auc(...)``), each imported on
first use, so start-up stays cheap."""

import subprocess
import sys

import pytest

SUBPACKAGES = ["datasets", "fairness", "sources", "report", "spec", "monitor", "probes", "io"]


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.strip()


@pytest.mark.parametrize("name", SUBPACKAGES)
def test_subpackage_is_an_attribute_after_a_plain_import(name):
    out = _run(f"import ethiclens, sys; print(ethiclens.{name}.__name__)")
    assert out == f"ethiclens.{name}"


def test_plain_import_loads_no_subpackage_until_used():
    out = _run(
        "import ethiclens, sys; "
        "print(sorted(m for m in ('ethiclens.fairness', 'ethiclens.sources', 'ethiclens.monitor')"
        " if m in sys.modules))"
    )
    assert out == "[]"


def test_readme_spellings_resolve_and_unknown_names_still_fail():
    import ethiclens

    assert callable(ethiclens.fairness.group_auc)
    assert callable(ethiclens.datasets.register)
    assert callable(ethiclens.sources.counts_of)
    assert "fairness" in dir(ethiclens)
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        ethiclens.nope  # noqa: B018
