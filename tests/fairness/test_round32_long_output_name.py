"""Round 32: an output path whose name is too long for the file system (over 255 bytes), given
to a result's writer in Python (to_html, to_model_card, a comparison's and a threshold table's
to_html, to_csv, plot), is refused naming the argument 'path', as the CLI refuses it in one
line: it was an OSError '[Errno 36] File name too long' from deep inside the writer."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

N = 300


@pytest.fixture(scope="module")
def results():
    r = np.random.default_rng(32)
    y, p, g, s = r.integers(0, 2, N), r.integers(0, 2, N), r.choice(["a", "b"], N), r.random(N)
    kw = {"n_boot": 100, "random_state": 0}
    audit = ethiclens.audit(y, p, {"g": g}, **kw)
    comparison = ethiclens.compare(y, p, 1 - p, sensitive_features=g, **kw)
    table = ethiclens.threshold_table(y, s, sensitive_features=g, **kw)
    return {
        "to_html": (audit.to_html, ".html"),
        "to_model_card": (audit.to_model_card, ".md"),
        "compare to_html": (comparison.to_html, ".html"),
        "thresholds to_html": (table.to_html, ".html"),
        "thresholds to_csv": (table.to_csv, ".csv"),
        "thresholds plot": (table.plot, ".png"),
    }


@pytest.mark.parametrize(
    "writer",
    [
        "to_html",
        "to_model_card",
        "compare to_html",
        "thresholds to_html",
        "thresholds to_csv",
        "thresholds plot",
    ],
)
def test_a_name_too_long_is_refused_naming_path(writer, results, tmp_path):
    write, suffix = results[writer]
    path = tmp_path / ("x" * 300 + suffix)
    with pytest.raises(EthicLensInputError, match="name that is too long") as err:
        write(path)
    assert err.value.column == "path" and err.value.kind == "argument"
    assert "255 bytes" in err.value.fix
    assert list(tmp_path.iterdir()) == []
