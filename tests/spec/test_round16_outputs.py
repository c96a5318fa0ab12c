"""Round 16: a report named for another format is refused before any work, the same on every
command; the saved spec is written before the PDF, so a PDF that fails keeps it."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, write_outputs


@pytest.fixture
def data(tmp_path):
    rng = np.random.default_rng(0)
    n = 600
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "q": rng.integers(0, 2, n),
            "s": rng.random(n),
            "g": rng.choice(["a", "b"], n),
        }
    )
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    return str(path)


_BASE = {
    "audit": ["--y-true", "y", "--y-pred", "p", "--protected", "g"],
    "compare": ["--y-true", "y", "--y-pred", "p", "--y-pred", "q", "--protected", "g"],
    "thresholds": ["--y-true", "y", "--y-score", "s", "--protected", "g"],
}


@pytest.mark.parametrize("command", ["audit", "compare", "thresholds"])
def test_html_not_named_html_is_refused_on_every_command(command, data, tmp_path, capsys):
    out = tmp_path / "out.txt"
    assert main([command, data, *_BASE[command], "--n-boot", "100", "--html", str(out)]) == 2
    assert "option '--html': the HTML report's name must end in .html" in capsys.readouterr().err
    assert not out.exists()


def test_plot_not_named_png_is_refused_before_any_work(data, tmp_path, capsys):
    out, csv = tmp_path / "out.pdf", tmp_path / "t.csv"
    args = ["thresholds", data, *_BASE["thresholds"], "--plot", str(out), "--csv", str(csv)]
    assert main(args) == 2
    assert "option '--plot': the threshold plot (PNG)'s name must end in .png" in (
        capsys.readouterr().err
    )
    assert not out.exists() and not csv.exists()


def test_the_saved_spec_is_written_before_a_failing_pdf(data, tmp_path, monkeypatch):
    monkeypatch.setenv("ETHICLENS_CHROMIUM", "/bin/false")
    spec = AuditSpec.of(data, y_true="y", y_pred="p", protected=["g"], n_boot=100)
    result = ethiclens.run(spec)
    spec = spec.replace(outputs={"json": str(tmp_path / "r.json"), "pdf": str(tmp_path / "r.pdf")})
    saved, written = tmp_path / "spec.yaml", []
    with pytest.raises(EthicLensInputError):
        for path in write_outputs(result, spec, "audit", save_config=str(saved)):
            written.append(path)
    assert written == [str(tmp_path / "r.json"), str(saved)]
    assert AuditSpec.from_file(str(saved)).target.file == data
