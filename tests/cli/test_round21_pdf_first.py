"""Round 21: ``--pdf`` without a renderer is refused before any work (one line with the fix,
exit 2, nothing printed or written), not after the summary and the other reports."""

from __future__ import annotations

from ethiclens.cli import main


def _no_renderer(tmp_path, monkeypatch):
    # as tests/report/test_signable.py: no $ETHICLENS_CHROMIUM file and nothing on PATH
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(tmp_path / "missing"))
    monkeypatch.setenv("PATH", str(tmp_path))


def test_pdf_without_a_renderer_is_refused_before_any_work(tmp_path, monkeypatch, capsys):
    _no_renderer(tmp_path, monkeypatch)
    html, pdf, saved = tmp_path / "r.html", tmp_path / "r.pdf", tmp_path / "s.yaml"
    argv = ["audit", "compas", "--html", str(html), "--pdf", str(pdf)]
    assert main([*argv, "--save-config", str(saved)]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # no summary: the audit did not run
    assert err.startswith("error: option '--pdf': no PDF renderer was found. Fix: install Chromium")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not html.exists() and not pdf.exists() and not saved.exists()


def test_a_config_files_pdf_is_named_as_its_key(tmp_path, monkeypatch, capsys):
    _no_renderer(tmp_path, monkeypatch)
    config = tmp_path / "c.yaml"
    pdf, js = tmp_path / "r.pdf", tmp_path / "r.json"
    config.write_text(
        f"version: 1\ntarget: {{dataset: compas}}\noutputs: {{pdf: {pdf}, json: {js}}}\n"
    )
    assert main(["audit", "--config", str(config)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: key 'outputs.pdf': no PDF renderer was found")
    assert not pdf.exists() and not js.exists()


def test_no_pdf_asked_needs_no_renderer(tmp_path, monkeypatch, capsys):
    _no_renderer(tmp_path, monkeypatch)
    html = tmp_path / "r.html"
    assert main(["audit", "compas", "--n-boot", "100", "--html", str(html)]) == 0
    assert html.exists()


def _renderers(tmp_path):
    text = tmp_path / "fake-chrome"
    text.write_text("not a program\n")
    text.chmod(0o755)
    plain = tmp_path / "plain.txt"  # a file that is not executable at all
    plain.write_text("x")
    return {
        "/bin/false": "the PDF renderer failed (exit 1)",
        str(text): "could not be started",
        str(plain): "no PDF renderer was found",
    }


def test_a_renderer_that_does_not_run_is_refused_before_any_work(tmp_path, monkeypatch, capsys):
    for renderer, said in _renderers(tmp_path).items():
        monkeypatch.setenv("ETHICLENS_CHROMIUM", renderer)
        monkeypatch.setenv("PATH", str(tmp_path))
        html, pdf, js = tmp_path / "r.html", tmp_path / "r.pdf", tmp_path / "r.json"
        argv = ["audit", "compas", "--html", str(html), "--pdf", str(pdf), "--json", str(js)]
        assert main(argv) == 2, renderer
        out, err = capsys.readouterr()
        assert out == "", renderer  # no summary: the audit did not run
        assert err.startswith("error: option '--pdf': ") and said in err, (renderer, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert not html.exists() and not pdf.exists() and not js.exists()
