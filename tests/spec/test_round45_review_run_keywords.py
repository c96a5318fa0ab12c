"""Round 45 (review of f61e0254): ``ethiclens.run`` takes the target by keyword alone
(``run(file=..., ...)``, ``dataset=``, ``counts=``, ``db=``/``db_env=``). A bad target so given
was named ``argument 'spec'``, an argument the caller never wrote; it is named by the keyword
that held it. ``run()`` with no target at all tells of the keywords too."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("keyword", "value", "words"),
    [
        ("file", "nope.csv", "does not exist"),
        ("counts", "nope.csv", "does not exist"),
        ("dataset", "compass", "unknown dataset"),
    ],
)
def test_a_bad_target_keyword_is_named_as_written(tmp_path, monkeypatch, keyword, value, words):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.run(**{keyword: value})
    text = str(caught.value)
    assert text.startswith(f"argument '{keyword}': "), text
    assert words in text and "'spec'" not in text


def test_a_run_without_a_target_names_the_target_keywords():
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.run(table="preds", y_pred="p", protected="g")
    text = str(caught.value)
    assert text.startswith("argument 'spec': must be an AuditSpec"), text
    assert "file=, dataset=, counts=, db= or db_env=" in text
