"""Round 37 review (V/X): a model card written to an ``os.PathLike`` that is not a ``Path``.

Before: ``write_audit_card(result, p)`` and ``AuditResult.to_model_card(p)`` read the card's
format from ``str(p)`` (the object's repr), so an ``os.PathLike`` naming ``card.md`` was refused
as "the model card's format is chosen by its extension (value: '<...PL object at 0x...>')";
every other writer takes it. Now its ``os.fspath`` is read, as ``pathlib`` reads it.
"""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens import report
from ethiclens.errors import EthicLensInputError


class _PathLike:
    def __init__(self, path):
        self.path = path

    def __fspath__(self):
        return self.path


@pytest.fixture(scope="module")
def result():
    r = np.random.default_rng(0)
    g = np.array(["x", "y"])[np.arange(200) % 2]
    return ethiclens.audit(r.integers(0, 2, 200), r.integers(0, 2, 200), g, n_boot=100)


@pytest.mark.parametrize(("name", "start"), [("card.md", "#"), ("card.html", "<")])
def test_model_card_to_a_path_like(result, tmp_path, name, start):
    out = tmp_path / name
    assert report.write_audit_card(result, _PathLike(str(out))) is not None
    text = out.read_text(encoding="utf-8").lstrip()
    assert text.startswith(start)
    out.unlink()
    result.to_model_card(_PathLike(str(out)))
    assert out.read_text(encoding="utf-8").lstrip() == text


def test_card_format_names_a_path_like_by_its_path(tmp_path):
    assert report.card_format(_PathLike("a/card.MD")) == "markdown"
    with pytest.raises(EthicLensInputError) as exc:
        report.card_format(_PathLike("a/card.txt"))
    assert exc.value.value == "a/card.txt"
    assert not list(tmp_path.iterdir())
