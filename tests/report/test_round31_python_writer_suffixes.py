"""Round 31: the Python writers wrote whatever name they were given: ``result.to_html(
"report.pdf")`` wrote HTML into a .pdf (and ``ModelComparison.to_html``,
``ThresholdTable.to_html``/``to_csv`` likewise), where ``--html``/``--csv`` and the Python
``ThresholdTable.plot(path)`` and ``to_model_card(path)`` refuse a name that says another format.
They refuse it too, before anything is written, naming the argument ``path``."""

import numpy as np
import pytest

import ethiclens


@pytest.fixture(scope="module")
def results():
    r = np.random.default_rng(0)
    n = 300
    y, p, score = r.integers(0, 2, n), r.integers(0, 2, n), r.random(n)
    g = np.array(["x", "y"])[np.arange(n) % 2]
    kw = {"n_boot": 100, "random_state": 0}
    audit = ethiclens.audit(y, p, g, **kw)
    comparison = ethiclens.compare(y, p, 1 - p, g, **kw)
    table = ethiclens.threshold_table(y, score, g, **kw)
    return audit, comparison, table


@pytest.mark.parametrize("name", ["report.pdf", "report.png", "report", "report.json"])
def test_an_html_writer_refuses_another_format(results, tmp_path, name):
    for result in results:
        with pytest.raises(
            ethiclens.EthicLensInputError, match=r"argument 'path': the HTML report's name"
        ):
            result.to_html(tmp_path / name)
    assert list(tmp_path.iterdir()) == []


def test_the_threshold_csv_refuses_another_format(results, tmp_path):
    with pytest.raises(ethiclens.EthicLensInputError, match=r"argument 'path': .*end in \.csv"):
        results[2].to_csv(tmp_path / "t.png")
    assert list(tmp_path.iterdir()) == []


def test_html_and_csv_names_still_write(results, tmp_path):
    for i, result in enumerate(results):
        assert result.to_html(tmp_path / f"r{i}.HTM")
    assert results[2].to_csv(tmp_path / "t.csv")
    assert results[2].to_csv().startswith("attribute,")
