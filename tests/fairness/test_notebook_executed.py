"""docs/notebook_example.py executed as a real notebook (nbclient, an IPython kernel): its
outputs hold the audit's table (HTML) and the figures (PNG), as a reader would see them."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _cells(text: str) -> list[tuple[str, str]]:
    """The ``# %%`` cells of a percent-format script: (kind, source)."""
    cells, kind, lines = [], "code", []
    for line in text.splitlines():
        if line.startswith("# %%"):
            if any(ln.strip() for ln in lines):
                cells.append((kind, "\n".join(lines).strip("\n")))
            kind, lines = ("markdown" if "[markdown]" in line else "code"), []
            continue
        lines.append(line[2:] if kind == "markdown" and line.startswith("# ") else line)
    if any(ln.strip() for ln in lines):
        cells.append((kind, "\n".join(lines).strip("\n")))
    return cells


@pytest.mark.slow
def test_notebook_example_executes_as_a_notebook(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    v4 = nbformat.v4
    script = (ROOT / "docs" / "notebook_example.py").read_text()
    nb = v4.new_notebook(
        cells=[
            v4.new_markdown_cell(src) if kind == "markdown" else v4.new_code_cell(src)
            for kind, src in _cells(script)
        ]
    )
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert any("FLAGGED" in h for h in html), "the audit's table is displayed"
    assert images, "the forest plot is drawn below its cell"
    assert (tmp_path / "notebook-audit.html").exists()
